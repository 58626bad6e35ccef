"""Actions of exactly the declared types, with fields that name a real thing.

Regression tests for the hardening issue's examples: an action subclass gave
``KeyError`` in the handler lookup; ``DropRings(space=Space(tile=1, row=0, lane=3))``
gave ``IndexError`` (printing the refusal), a lane of -1 printed as "right", and
``str(cc.Move(0, 5))`` raised.
"""

from __future__ import annotations

import functools
import random
import re
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as hs

import sonic_rules
from forged import forge
from sonic_rules import CHANCE, InvalidActionError
from sonic_rules import crash_course as cc
from sonic_rules.core.game import Game
from sonic_rules.crash_course.state import Phase, Space


@functools.cache
def _reached(game_name: str, action_type: type) -> tuple[Any, Any]:
    """A state of a seeded random game in which an action of ``action_type`` is legal."""
    game: Game[Any, Any] = sonic_rules.game(game_name)
    for seed in range(50):
        rng = random.Random(seed)
        state = game.new_game(2)
        while not state.is_over:
            if state.to_act is CHANCE:
                choices = [outcome for outcome, _ in game.chance_outcomes(state)]
            else:
                choices = game.legal_actions(state)
            matching = [action for action in choices if type(action) is action_type]
            if matching:
                return state, matching[0]
            state = game.apply(state, rng.choice(choices))
    raise AssertionError(f"no {action_type.__name__} in 50 games")


SUBCLASS_CASES = [
    *(("super-teams", kind) for kind in sonic_rules.game("super-teams").action_types),
    *(("crash-course", kind) for kind in (cc.DrawItem, cc.KeepItem, cc.Move, cc.LayTile)),
    ("crash-course", cc.EndTurn),
]


@pytest.mark.parametrize(
    ("game_name", "kind"), SUBCLASS_CASES, ids=[f"{g}-{k.__name__}" for g, k in SUBCLASS_CASES]
)
def test_an_action_subclass_is_refused_not_a_key_error(game_name: str, kind: type) -> None:
    """The engine dispatches on the exact declared type and refuses any other."""
    game: Game[Any, Any] = sonic_rules.game(game_name)
    state, legal = _reached(game_name, kind)
    subclass = attrs.frozen(type(f"My{kind.__name__}", (kind,), {}))
    forged = subclass(**{f.name: getattr(legal, f.name) for f in attrs.fields(kind)})
    for call in (game.apply, game.step):
        with pytest.raises(InvalidActionError):
            call(state, forged)
    assert game.apply(state, legal) is not None


def test_drop_rings_on_a_lane_off_the_tile_is_refused_not_an_index_error() -> None:
    state, legal = _reached("crash-course", cc.DropRings)
    assert state.phase is Phase.RING_DROP
    for space in (Space(tile=1, row=0, lane=3), Space(tile=1, row=0, lane=-1)):
        with pytest.raises(InvalidActionError, match=r"DropRings\.space"):
            cc.apply(state, cc.DropRings(legal.seat, space))
    with pytest.raises(InvalidActionError, match="row and lane 0 to 2"):
        cc.apply(state, cc.DropRings(legal.seat, Space(tile=1, row=3, lane=0)))
    cc.apply(state, legal)


def test_a_lane_that_does_not_exist_never_prints_as_a_lane_that_does() -> None:
    assert str(cc.Move(0, 5)) == "seat 0 moves into lane 5"
    assert str(cc.Move(0, -1)) == "seat 0 moves into lane -1"
    assert "right" not in str(cc.DropRings(0, Space(1, 0, -1)))
    assert str(cc.DropRings(0, Space(1, 0, 3))).endswith("tile 1 row 0 lane 3")


ANYTHING = hs.one_of(
    hs.none(),
    hs.booleans(),
    hs.integers(),
    hs.floats(allow_nan=True),
    hs.text(max_size=10),
    hs.builds(Space, hs.integers(), hs.integers(), hs.integers()),
    hs.sampled_from(list(cc.ItemKind)),
)


@given(hs.sampled_from(cc.ACTION_TYPES), hs.data())
def test_every_crash_course_action_prints_whatever_its_fields(kind: type, data: Any) -> None:
    action = forge(kind, *(data.draw(ANYTHING) for _ in attrs.fields(kind)))
    assert str(action)
    assert repr(action)
    assert cc.describe_action(action)


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: cc.Move(1.0, 0), "Move.seat must be int"),
        (lambda: cc.Move(True, 0), "Move.seat must be int"),
        (lambda: cc.EndTurn("0"), "EndTurn.seat must be int"),
        (lambda: cc.UseBumper(0, None), "UseBumper.target must be int"),
        (lambda: cc.PlaceItem(0, "booster", Space(1, 0, 0)), "PlaceItem.kind must be ItemKind"),
        (lambda: cc.DropRings(0, (1, 0, 0)), "DropRings.space must be Space"),
        (lambda: cc.DropRings(0, Space(1, "0", 0)), "DropRings.space must be a Space of ints"),
    ],
)
def test_a_crash_course_action_refuses_a_field_of_the_wrong_type_when_built(
    build: Any, field: str
) -> None:
    """CC-PROJ-WRONG-SEAT: an action checks its fields' types when built, a TypeError
    naming the field (and an InvalidActionError, like every malformed action)."""
    with pytest.raises(InvalidActionError, match=re.escape(field)) as error:
        build()
    assert isinstance(error.value, TypeError)


def test_a_forged_crash_course_action_is_refused_by_apply_all_the_same() -> None:
    """CC-PROJ-WRONG-SEAT: an action forged past its constructor is refused by apply with
    the same message, and a space off the tile is refused whatever built it."""
    state = cc.new_game(2)
    before = cc.to_json(state)
    with pytest.raises(InvalidActionError, match=r"Move\.seat must be int"):
        cc.apply(state, forge(cc.Move, 1.0, 0))
    with pytest.raises(InvalidActionError, match="row and lane 0 to 2"):
        cc.apply(state, cc.DropRings(0, Space(1, 0, 3)))
    assert cc.to_json(state) == before


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: sonic_rules.super_teams.Play(1.0, "blue-4", "sonic"), "seat must be"),
        (lambda: sonic_rules.super_teams.Play(0, 5, "sonic"), "Play.card must be Card"),
        (lambda: sonic_rules.super_teams.Play(0, "blue-4", 3), "Play.character must be"),
        (lambda: sonic_rules.super_teams.PlayBonus(0, None), "PlayBonus.kind must be"),
        (lambda: sonic_rules.super_teams.ChooseHalf(0, 1), "ChooseHalf.half must be"),
    ],
)
def test_a_super_teams_action_refuses_a_field_of_the_wrong_type_when_built(
    build: Any, message: str
) -> None:
    """ST-PLAY-CARD: an action checks its fields' types when built, a TypeError naming
    the field (and an InvalidActionError); a name that is no character is for apply."""
    with pytest.raises(InvalidActionError, match=re.escape(message)) as error:
        build()
    assert isinstance(error.value, TypeError)
    state = sonic_rules.super_teams.new_game(2)
    with pytest.raises(InvalidActionError):
        sonic_rules.super_teams.apply(state, sonic_rules.super_teams.Play(0, "blue-4", "zorro"))
