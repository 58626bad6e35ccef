"""Every position reached in play can be set up again from its public description.

Random games of every variant and player count (and the rules options) are played; every
10th state, and every state paused in a phase other than the actions and the draw, is
rebuilt with ``setup_position(**position_kwargs(state))``. The rebuilt state is equal to
the played one and offers the same legal actions (or chance outcomes).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from sonic_rules import CHANCE
from sonic_rules.crash_course import (
    ItemKind,
    Phase,
    State,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    position_kwargs,
    setup_position,
)

CONFIGS: list[tuple[int, str, dict[str, Any]]] = [
    (2, "standard", {}),
    (3, "standard", {}),
    (4, "standard", {}),
    (2, "two-player", {}),
    (2, "beginner", {}),
    (3, "beginner", {}),
    (4, "beginner", {}),
    (2, "standard", {"official_draw": True}),
    (4, "standard", {"official_draw": True}),
    (3, "standard", {"set_back": True}),
    (2, "two-player", {"set_back": True, "official_draw": True}),
]
SEEDS = range(10)
EVERY = 10
_COMMON = (Phase.ACTIONS, Phase.DRAWING)


def _choices(state: State) -> list[Any]:
    if state.to_act is CHANCE:
        return chance_outcomes(state)
    return legal_actions(state)


def _plain(value: Any) -> bool:
    """Written in plain values only: what a table or a frontend can read and write."""
    if isinstance(value, dict):
        return all(_plain(key) and _plain(item) for key, item in value.items())
    if isinstance(value, list | tuple):
        return all(_plain(item) for item in value)
    return value is None or type(value) in (str, int, bool)


def _rebuilt(state: State) -> None:
    kwargs = position_kwargs(state)
    assert _plain({key: value for key, value in kwargs.items() if key != "tiles"}), kwargs
    again = setup_position(**kwargs)
    assert again == state, kwargs
    assert _choices(again) == _choices(state)


def _lifted(course: Any) -> bool:
    return bool(course) and (course[0].x, course[0].y) != (0, 0)


def _mega_jump(course: Any) -> bool:
    return any(abs(a.x - b.x) + abs(a.y - b.y) > 1 for a, b in itertools.pairwise(course))


_FEATURES: dict[str, Callable[[State], bool]] = {
    "shortcuts laid": lambda state: bool(state.shortcuts),
    "bent shortcut": lambda state: any(sum(s.ends) % 2 for s in state.shortcuts),
    "rearmost tiles lifted": lambda state: _lifted(state.course),
    "mega jump": lambda state: _mega_jump(state.course),
    "ring stack": lambda state: any(item.kind is ItemKind.RING for item in state.board),
    "hazard damage this turn": lambda state: any(state.turn_hazard_damage),
    "discard pile": lambda state: any(state.discard),
}
"""What a rebuilt position shows besides its phase (to see that each was tried)."""


def _play(players: int, variant: str, options: dict[str, Any], seed: int) -> Counter[str]:
    rng = random.Random(seed)
    state = new_game(players, variant=variant, options=options)
    checked: Counter[str] = Counter()
    count = 0
    while True:
        if count % EVERY == 0 or state.phase not in _COMMON:
            _rebuilt(state)
            checked["state"] += 1
            checked.update(
                [state.phase.value, *(n for n, shown in _FEATURES.items() if shown(state))]
            )
        if state.is_over:
            return checked
        if state.to_act is CHANCE:
            outcomes = chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(legal_actions(state))
        state = apply(state, action)
        count += 1


def test_every_tenth_state_of_random_games_rebuilds_equal() -> None:
    checked: Counter[str] = Counter()
    for players, variant, options in CONFIGS:
        for seed in SEEDS:
            checked += _play(players, variant, options, seed)
    assert checked["state"] > 5000
    # Every phase was rebuilt, and every part of the table that is not always there.
    assert {phase.value for phase in Phase} <= set(checked), checked
    assert set(_FEATURES) <= set(checked), checked
