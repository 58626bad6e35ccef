"""The direct JSON writer and reader agree with the general (cattrs) ones.

`to_json` builds a state's fields directly and `from_json` reads a plainly well-formed
state directly; anything else goes the general way. Whatever the input, both ways must
give the same text, the same state, or the same refusal.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from sonic_rules import RulesError
from sonic_rules.core.serialization import dump_state
from sonic_rules.super_teams import State
from sonic_rules.super_teams.serialize import (
    FORMAT,
    GAME_NAME,
    _read_general,
    _read_plain,
    converter,
    from_json,
    to_json,
)
from st_helpers import random_states

OPTIONS: list[dict[str, Any]] = [
    {},
    {"turn_limit": 30, "partner_second_bonus": True},
    {"bonus_split": {"speed": 0, "dexterity": 2, "superbonus": 3, "shield": 5, "super_jump": 10}},
]


def _outcome(read: Any, text: str) -> tuple[str, str]:
    try:
        return ("state", to_json(read(text)))
    except RulesError as error:
        return (type(error).__name__, str(error))


def _states(players: int, seed: int) -> list[State]:
    """About 40 states of one seeded random game, under one of the option sets."""
    states = random_states(players, seed, OPTIONS[seed % len(OPTIONS)])
    return states[:: max(1, len(states) // 40)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_writer_and_reader_match_the_general_ones(players: int) -> None:
    for seed in range(3):
        for state in _states(players, seed):
            text = to_json(state)
            assert text == dump_state(converter, GAME_NAME, FORMAT, state)
            assert to_json(state, indent=2) == dump_state(converter, GAME_NAME, FORMAT, state, 2)
            plain = _read_plain(text)
            assert plain is not None
            assert plain == _read_general(text) == state
            assert from_json(text) == state


REPLACEMENTS: list[Any] = [None, 0, -1, 3, 2.0, True, "", "blue-4", "Blue-4", "sonic", [], {}]


@pytest.mark.parametrize("players", [2, 4])
def test_every_damaged_state_gets_the_same_answer_both_ways(players: int) -> None:
    rng = random.Random(players)
    for state in _states(players, 1)[::4]:
        data = json.loads(to_json(state))
        for key in data:
            for value in rng.sample(REPLACEMENTS, 4):
                damaged = copy.deepcopy(data)
                damaged[key] = value
                text = json.dumps(damaged)
                assert _outcome(from_json, text) == _outcome(_read_general, text)
            missing = {k: v for k, v in data.items() if k != key}
            text = json.dumps(missing)
            assert _outcome(from_json, text) == _outcome(_read_general, text)
        for name in ("hands", "deck", "discard", "pieces"):
            if len(data[name]) >= 2:
                swapped = copy.deepcopy(data)
                swapped[name][0], swapped[name][-1] = swapped[name][-1], swapped[name][0]
                text = json.dumps(swapped)
                assert _outcome(from_json, text) == _outcome(_read_general, text)
