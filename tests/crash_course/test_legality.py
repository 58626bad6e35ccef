"""Legality is decided once: ``apply`` accepts an action exactly when ``legal_actions``
lists it, in reachable states of every variant and player count. Actions legal in other
states are the illegal candidates; every refusal names a rule of the rule book."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sonic_rules import CHANCE, IllegalActionError
from sonic_rules.crash_course import (
    RULES,
    Options,
    State,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
)
from sonic_rules.crash_course.refusals import REFUSALS

CONFIGS: list[tuple[str, int, Options]] = [
    ("standard", 2, Options()),
    ("standard", 3, Options()),
    ("standard", 4, Options()),
    ("two-player", 2, Options()),
    ("beginner", 2, Options()),
    ("beginner", 3, Options()),
    ("beginner", 4, Options()),
    ("standard", 3, Options(official_draw=True)),
    ("standard", 4, Options(set_back=True)),
]


@functools.cache
def _walk(config: int, seed: int) -> tuple[tuple[State, ...], tuple[Any, ...]]:
    """Every 7th state of a seeded random game, and a sample of its legal actions."""
    variant, players, options = CONFIGS[config]
    rng = random.Random(seed)
    state = new_game(players, variant=variant, options=options)
    states: list[State] = []
    seen: list[Any] = []
    for number in range(3000):
        if state.is_over:
            break
        legal = legal_actions(state)
        if number % 7 == 0:
            states.append(state)
            seen.extend(rng.sample(legal, min(4, len(legal))))
        if state.to_act is CHANCE:
            outcomes = chance_outcomes(state)
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = legal[rng.randrange(len(legal))]
        state = apply(state, action)
    states.append(state)
    return tuple(states), tuple(seen)


def _accepts(state: State, action: Any) -> bool:
    try:
        apply(state, action)
    except IllegalActionError as error:
        assert error.rule in RULES, error.rule
        return False
    return True


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.integers(0, len(CONFIGS) - 1), seed=st.integers(0, 5), other=st.integers(0, 5))
def test_cc_proj_phase_apply_accepts_exactly_the_legal_actions(
    config: int, seed: int, other: int
) -> None:
    """CC-PROJ-PHASE, CC-PROJ-WRONG-SEAT: ``apply`` and ``legal_actions`` agree, on the
    legal actions and on actions legal elsewhere (another game of any variant)."""
    states, _ = _walk(config, seed)
    _, foreign = _walk((config + other) % len(CONFIGS), other)
    for state in states:
        legal = legal_actions(state)
        candidates = set(legal) | set(foreign)
        for action in sorted(candidates, key=repr):
            assert _accepts(state, action) == (action in legal), (state.phase, action)


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_cc_proj_phase_every_action_type_has_one_refusal(config: int) -> None:
    """CC-PROJ-PHASE: each action type reaching ``apply`` is refused by its own function."""
    _, seen = _walk(config, 0)
    assert {type(action) for action in seen} <= set(REFUSALS)
