"""Crash Course's fast paths give what the reference paths give.

- every action a phase's lister lists is one its declaration takes, from the seat to
  act (what the refusals take for granted of a listed action);
- an action `legal_actions` listed applies as an equal one that is checked.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import sonic_rules
from sonic_rules.crash_course import engine, legality
from sonic_rules.crash_course.phases import PHASES
from sonic_rules.crash_course.state import Phase, State
from states.invariants import random_states

CC = sonic_rules.game("crash-course")
OPTIONS: list[dict[str, Any]] = [
    {},
    {"official_draw": True},
    {"damage_bars_only_moves": True, "open_items": True},
    {"turn_limit": 9},
]


def _states(every: int = 3) -> list[State]:
    states = []
    for variant, players in CC.configurations():
        for seed, options in enumerate(OPTIONS):
            if variant == "beginner" and options.get("official_draw"):
                continue
            for number, state in enumerate(random_states(CC, variant, players, options, seed)):
                if number % every == 0:
                    states.append(state)
    return states


STATES = _states()


def test_the_states_cover_the_actions_phase_with_items_damage_and_power_ups() -> None:
    acting = [s for s in STATES if s.phase is Phase.ACTIONS]
    active = [s.characters[s.active] for s in acting]
    assert any(c.items for c in active) and any(c.damage for c in active)
    assert any(c.power_up for c in active)


def test_every_listed_action_is_taken_by_its_phase_from_the_seat_to_act() -> None:
    phases = set()
    for state in STATES:
        if isinstance(state.to_act, int):
            for action in legality.legal_actions(state):
                assert type(action) in PHASES.specs[state.phase].accepts, action
                assert action.seat == state.to_act, action
            phases.add(state.phase)
    assert {Phase.KEEP_CHOICE, Phase.LAY_TILE, Phase.RING_DROP, Phase.ACTIONS} <= phases


@pytest.mark.parametrize("seed", range(3))
def test_a_listed_action_applies_as_a_checked_one(seed: int) -> None:
    rng = random.Random(seed)
    for state in STATES[seed::40]:
        if state.is_over:
            continue
        listed = CC.legal_actions(state)
        action = rng.choice(listed)
        fast = CC.step(state, action)
        # Another object, equal: not the listed one, so it is checked first.
        copy = attrs.evolve(action)
        assert copy == action and copy is not action
        assert not engine.ENGINE.was_listed(state, copy)
        assert CC.step(state, copy) == fast
