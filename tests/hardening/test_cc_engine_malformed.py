"""Crash Course's referee given a hand-built state with a field of the wrong type.

`legal_actions`, `chance_outcomes`, `step` and `apply` do not check a state before
using it (that would cost every action). When such a state makes them fail from deep
inside, they ask `validate_state`, which names the field: the user gets its
`InvalidStateError`, never the ``AttributeError`` or ``TypeError`` from inside.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import sonic_rules
from sonic_rules import CHANCE, InvalidStateError
from sonic_rules.crash_course.actions import Move
from sonic_rules.crash_course.state import State

CC = sonic_rules.game("crash-course")


def _deciding() -> State:
    state: State = CC.new_game(2)
    while state.to_act is CHANCE:
        state = CC.apply(state, CC.chance_outcomes(state)[0][0])
    return state


DECIDING = _deciding()
DRAWING = CC.new_game(2)

CASES: list[tuple[State, dict[str, Any], str]] = [
    (DECIDING, {"characters": (1, 2)}, "$.characters[0]"),
    (DECIDING, {"options": []}, "$.options"),
    (DECIDING, {"course": (5,)}, "$.course[0]"),
    (DECIDING, {"board": [1]}, "$.board"),
    (DRAWING, {"pile": None}, "$.pile"),
    (DRAWING, {"characters": ()}, "$.characters"),
]


@pytest.mark.parametrize(("state", "changes", "where"), CASES)
def test_a_malformed_state_is_named_not_crashed_on(
    state: State, changes: dict[str, Any], where: str
) -> None:
    forged = attrs.evolve(state, **changes)
    calls: list[Callable[[], object]] = [
        lambda: CC.legal_actions(forged),
        lambda: CC.chance_outcomes(forged),
    ]
    if state.to_act is CHANCE:
        action = CC.chance_outcomes(state)[0][0]
    else:
        action = CC.legal_actions(state)[0]
    calls += [lambda: CC.apply(forged, action), lambda: CC.step(forged, action)]
    failures = 0
    for call in calls:
        try:
            call()
        except InvalidStateError as error:
            assert where in str(error)
            failures += 1
    # Each state fails at least where it is read; whatever fails, fails by name.
    assert failures >= 1


def test_an_illegal_action_on_a_good_state_is_still_refused_by_its_rule() -> None:
    seat = DECIDING.to_act
    assert isinstance(seat, int)
    other = Move(1 - seat, 0)
    with pytest.raises(sonic_rules.IllegalActionError, match="CC-PROJ-WRONG-SEAT"):
        CC.apply(DECIDING, other)
