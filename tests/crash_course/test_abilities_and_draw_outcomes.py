"""Abilities only within their own conditions, no extras in the Beginner game, draw
outcomes from the pile: each test names the rule it pins down."""

from __future__ import annotations

import attrs
import pytest

from crash_course.cc_scenario_tiles import (
    ALL,
    COURSE,
    scenario,
)
from sonic_rules import (
    IllegalActionError,
)
from sonic_rules.crash_course import (
    DrawItem,
    ItemKind,
    Move,
    Phase,
    Space,
    UseBumper,
    apply,
    legal_actions,
    new_game,
    step,
)
from sonic_rules.crash_course import events as E

# ----- abilities --------------------------------------------------------------------------


def test_cc_ability_sonic_needs_his_own_move_action() -> None:
    """CC-ABILITY-SONIC: a Bumper onto two Boosters is not 'one move action'."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 2, 1)},
        items={"sonic": ["bumper"]},
        board={(1, 0, 1): "booster", (1, 1, 1): "booster"},
    )
    bumped = apply(state, UseBumper(0, 0))
    assert bumped.characters[0].position == Space(2, 0, 1)  # boosted 3 in all
    assert bumped.birds == (0, 0)
    # The same two Boosters taken by a Move do earn the bird.
    stepping = scenario(
        2, course=COURSE, positions={"sonic": (0, 2, 1)}, board={(1, 0, 1): "booster"}
    )
    stepping = attrs.evolve(
        stepping,
        board=(*stepping.board, attrs.evolve(stepping.board[0], space=Space(1, 1, 1))),
        pile=tuple(
            n - (k is ItemKind.BOOSTER) for n, k in zip(stepping.pile, ItemKind, strict=True)
        ),
    )
    moved, events = step(stepping, Move(0, 1))
    assert moved.birds == (1, 0)
    assert any(isinstance(e, E.BirdGained) and "Booster" in e.why for e in events)


def test_cc_beginner_no_extras_no_ability_birds() -> None:
    """CC-BEGINNER-NO-EXTRAS: Sonic's two-Booster combo earns nothing in the Beginner game."""
    state = scenario(
        2,
        variant="beginner",
        course=ALL,
        positions={"sonic": (0, 0, 1)},
        board={(0, 1, 1): "booster", (0, 2, 1): "booster"},
    )
    moved = apply(state, Move(0, 1))
    assert moved.characters[0].position == Space(1, 1, 1)
    assert moved.birds == (0, 0) and moved.bird_supply == 24


# ----- chance outcomes must be possible -----------------------------------------------------


def test_cc_draw_outcome_must_be_in_the_pile_and_for_the_drawer() -> None:
    """CC-DRAW: a drawn token must be in the pile and drawn by the active seat."""
    state = new_game(2)
    assert state.phase is Phase.DRAWING
    emptied = attrs.evolve(
        state,
        pile=tuple(
            0 if k is ItemKind.BOMB else n for n, k in zip(state.pile, ItemKind, strict=True)
        ),
        discard=tuple(5 if k is ItemKind.BOMB else 0 for k in ItemKind),
    )
    for bad in (DrawItem(0, ItemKind.BOMB), DrawItem(1, ItemKind.RING)):
        with pytest.raises(IllegalActionError) as error:
            apply(emptied, bad)
        assert error.value.rule == "CC-DRAW"
    assert DrawItem(0, ItemKind.RING) in legal_actions(emptied)


# ----- Beginner track order ----------------------------------------------------------------
