"""Shortcut and course rules pinned by mutation testing (docs/testing.md).

Each test names the rules it holds exactly (``CC-SHORTCUT-*``, ``CC-TILE-*`` and their
neighbours): a change to the shortcut or track modules that the per-rule scenarios let
through now fails one of these. Positions are set up with `setup_position`, on the
shipped tiles or on catalogues written out here so the shapes they rely on are stated.
"""

from __future__ import annotations

from typing import Any

import pytest

from sonic_rules import IllegalActionError
from sonic_rules.crash_course import (
    DrawItems,
    FinishShortcut,
    LayShortcutTile,
    Space,
    State,
    UseShortcut,
    apply,
    legal_actions,
    setup_position,
    step,
)
from sonic_rules.crash_course import events as E

# Two corners from the star tile's right middle-row arrow to the next tile's.
PATH = [("tunnel-1", (1, 1), (3, 0)), ("tunnel-2", (1, 2), (2, 3))]
FIRST = LayShortcutTile(2, 0, 1, 1, 3, 0)
SECOND = LayShortcutTile(2, 1, 1, 2, 2, 3)


def _position(who: str = "knuckles", **kwargs: Any) -> State:
    """``who`` on the star tile's right middle-row arrow, on the shipped tiles."""
    kwargs.setdefault("course", ["start-line", "star-buzz", "arrows-buzz"])
    return setup_position(4, positions={who: (1, 1, 2)}, active=who, **kwargs)


def _events(state: State, *actions: Any) -> tuple[State, list[E.Event]]:
    seen: list[E.Event] = []
    for action in actions:
        state, events = step(state, action)
        seen.extend(events)
    return state, seen


def test_cc_ability_knuckles_laid_and_used_events() -> None:
    """CC-SHORTCUT-LAY-STEP, CC-SHORTCUT-USE, CC-ABILITY-KNUCKLES: each tile laid is
    announced with the layer and its id; using the path Knuckles gains a bird for the use
    and one per tile he laid for it, each with its reason."""
    state, events = _events(_position(), FIRST, SECOND, FinishShortcut(2))
    laid = [e for e in events if isinstance(e, E.ShortcutLaid)]
    assert [(str(e.character.value), e.tiles) for e in laid] == [
        ("knuckles", ("tunnel-1",)),
        ("knuckles", ("tunnel-2",)),
    ]
    state, events = step(state, UseShortcut(2, Space(2, 1, 2)))
    assert [e.why for e in events if isinstance(e, E.BirdGained)] == [
        "Knuckles used a shortcut",
        "Knuckles laid a shortcut tile",
        "Knuckles laid a shortcut tile",
    ]
    assert state.characters[2].position == Space(2, 1, 2)


def test_cc_shortcut_use_no_bird_for_others_and_counts_as_moving() -> None:
    """CC-SHORTCUT-USE, CC-ABILITY-KNUCKLES, CC-OPT-OFFICIAL-DRAW: another character using
    a shortcut gains no bird, and has moved: the official draw is no longer offered."""
    before = _position("sonic", shortcuts=PATH, options={"official_draw": True})
    assert DrawItems(0) in legal_actions(before)
    after, events = step(before, UseShortcut(0, Space(2, 1, 2)))
    assert not any(isinstance(e, E.BirdGained) for e in events)
    assert after.birds == before.birds
    assert after.characters[0].position == Space(2, 1, 2)
    assert DrawItems(0) not in legal_actions(after)
    with pytest.raises(IllegalActionError):
        apply(after, DrawItems(0))


def test_cc_ability_sonic_booster_chain_after_a_shortcut() -> None:
    """CC-SHORTCUT-USE, CC-ITEM-BOOSTER, CC-ABILITY-SONIC: taking a shortcut is part of
    Sonic's own move: landing on a Booster and boosting onto another one is a combo."""
    state = _position("sonic", shortcuts=PATH, board={(2, 1, 2): "booster", (2, 2, 2): "booster"})
    after, events = step(state, UseShortcut(0, Space(2, 1, 2)))
    whys = [e.why for e in events if isinstance(e, E.BirdGained)]
    assert "Sonic combined two Boosters" in whys
    assert after.birds[0] == state.birds[0] + whys.count("Sonic combined two Boosters")
