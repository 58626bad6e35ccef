"""States the Crash Course soak run (``benchmarks/soak.py --corrupt-every``) found accepted
by ``from_json`` although no play could reach them, each now refused with its path.

The rule held: a state ``from_json`` accepts has a legal action (or chance outcome)
unless the game is over, and every one of them applies.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import sonic_rules
from crash_course.cc_scenario_tiles import COURSE, scenario
from sonic_rules import InvalidStateError
from sonic_rules.crash_course import Phase, State
from sonic_rules.crash_course.tiles import LANES, ROWS
from sonic_rules.crash_course.track import EMPTY_FEATURES, features_of
from states.invariants import check_actions

CC = sonic_rules.game("crash-course")


def _owing(**kwargs: Any) -> State:
    """Tails, hurt by Sonic's Motobug on tile 2, owes the drop of 2 Rings."""
    arguments: dict[str, Any] = {
        "course": COURSE,
        "positions": {"sonic": (1, 0, 1), "tails": (2, 0, 1)},
        "damage": {"tails": 1},
        "discard": {"motobug": 1},
        "phase": "ring-drop",
        "pending": [("ring-drop", "tails", 2)],
    }
    arguments.update(kwargs)
    return scenario(2, **arguments)


def _moved(state: State, number: int, space: dict[str, int]) -> str:
    data = json.loads(CC.to_json(state))
    data["characters"][number]["position"] = space
    return json.dumps(data)


def test_a_ring_drop_with_room_behind_loads_and_has_actions() -> None:
    state = CC.from_json(CC.to_json(_owing()))
    assert state.phase is Phase.RING_DROP
    assert check_actions(CC, state) > 0


def test_a_ring_drop_on_the_rearmost_tile_is_refused() -> None:
    """Seed 2232, turn limit 9: the owed character moved back onto tile 0 has no tile
    behind; play discards the Rings there (``CC-RING-LOSS``) and never asks."""
    text = _moved(_owing(), 1, {"tile": 0, "row": 1, "lane": 1})
    with pytest.raises(InvalidStateError) as error:
        CC.from_json(text)
    assert error.value.path == "$.pending[0]"
    assert "a ring drop needs an empty space on the tile behind tails" in str(error.value)


def test_a_ring_drop_with_a_full_tile_behind_is_refused() -> None:
    """No empty space on the tile behind: nowhere to drop, so no drop is asked."""
    features = features_of(_owing(), 1)
    board = {
        (1, row, lane): "spring"
        for row in range(ROWS)
        for lane in range(LANES)
        if (row, lane) != (0, 1) and features[row * LANES + lane] in EMPTY_FEATURES
    }
    with pytest.raises(InvalidStateError) as error:
        _owing(board=board)
    assert error.value.path == "$.pending[0]"
