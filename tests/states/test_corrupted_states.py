"""Corrupted states: refused with a path, or as good as a state play reaches (issue 11).

Valid states of every game, variant, player count and phase (seeded random games, with
several option sets) have their JSON damaged one way (`invariants.corrupt`: a value of
another type, a number out of range, a card or token moved, dropped or doubled, a field
removed or added, another phase). Exactly one of two things may follow: ``from_json``
refuses it with an ``InvalidStateError`` naming a JSON path, or every action listed for
it applies, each result round-trips through ``to_json``/``from_json``, and some action
is listed unless the game is over.

``HYPOTHESIS_PROFILE=long`` draws many more examples and applies every listed action
(the default profile applies a spread of at most 20).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

import sonic_rules
from states.invariants import (
    AnyGame,
    check_loaded,
    configurations,
    corrupt,
    sample_states,
)

T = TypeVar("T")
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
LIMIT = None if LONG else 20
GAME_NAMES = [game.name for game in sonic_rules.games()]


@functools.cache
def _states(name: str) -> list[Any]:
    return sample_states(sonic_rules.game(name), seeds=3 if LONG else 1, every=60)


class DataChooser:
    """`invariants.Chooser` drawing from hypothesis, so failures shrink."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choice(self, options: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(list(options)))

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))


def _game(name: str) -> AnyGame:
    return sonic_rules.game(name)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_sample_covers_every_configuration_and_the_phases_play_reaches(name: str) -> None:
    game = _game(name)
    states = _states(name)
    variant_of = {id(s): getattr(getattr(s, "variant", None), "value", "standard") for s in states}
    assert {(s.players, variant_of[id(s)]) for s in states} >= {
        (players, variant) for variant, players, _ in configurations(game)
    }
    reached = {s.phase for s in states}
    assert len(reached) >= len(type(states[0].phase)) - 1, reached


@pytest.mark.parametrize("name", GAME_NAMES)
@given(data=st.data())
def test_a_corrupted_state_is_refused_or_keeps_the_rule(name: str, data: st.DataObject) -> None:
    """Issue 11: a state ``from_json`` accepts is one play could reach or
    ``setup_position`` could build, and every action listed for it applies."""
    game = _game(name)
    choose = DataChooser(data)
    states = _states(name)
    state = states[choose.integer(0, len(states) - 1)]
    kind, what, text = corrupt(game.to_json(state), choose)
    note(f"{state.phase} {kind}: {what}")
    check_loaded(game, text, LIMIT)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_sampled_states_themselves_keep_the_rule(name: str) -> None:
    game = _game(name)
    for state in _states(name)[:: 1 if LONG else 7]:
        assert not check_loaded(game, game.to_json(state), LIMIT)
