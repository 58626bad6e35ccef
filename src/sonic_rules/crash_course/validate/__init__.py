"""What a consistent Crash Course state is: ``validate_state`` and its checks.

Every loaded or hand-built state passes through `validate_state`; anything the rules
could not produce raises `InvalidStateError` with the JSON path of the offending value.
One walk: the exact type of every value first (`shapes`), then the rules, by concept:
the characters and their tokens (`characters`), the course and what lies on it
(`course`), the turn's bookkeeping (`turn`). What is found of the parts states share is
remembered by identity once a state passed, so a state sharing them is checked quickly.
"""

from __future__ import annotations

from sonic_rules.core.errors import InvalidStateError
from sonic_rules.core.interning import Findings
from sonic_rules.crash_course.state import State
from sonic_rules.crash_course.validate.characters import (
    DEFAULT_ORDER,
    check_characters,
    check_counts,
    roster,
    state_roster,
)
from sonic_rules.crash_course.validate.course import (
    beginner_order,
    check_attempt,
    check_beginner_course,
    check_catalogue,
    check_course,
    check_shortcut_paths,
    check_spaces,
)
from sonic_rules.crash_course.validate.shapes import character_has_shape, check_shapes, has_shape
from sonic_rules.crash_course.validate.turn import TERMINATIONS, check_turn

__all__ = [
    "DEFAULT_ORDER",
    "TERMINATIONS",
    "beginner_order",
    "character_has_shape",
    "check_rules",
    "check_shapes",
    "has_shape",
    "roster",
    "validate_state",
]


def validate_state(state: State) -> None:
    """Semantic checks of a loaded or hand-built state (``InvalidStateError`` with a path).

    Anything but a state of this game is a ``TypeError`` naming ``state``; a state
    holding a value of another type than a state holds there is refused first
    (`check_shapes`), naming where.
    """
    if not isinstance(state, State):
        raise TypeError(f"state must be a Crash Course State, not {type(state).__name__}")
    findings = Findings()
    check_shapes(state, findings)
    check_rules(state, findings)
    findings.keep()


def check_rules(state: State, findings: Findings) -> None:
    """`validate_state` of a state of the right shape (`check_shapes`): the rules' checks
    alone, what they find of the parts states share noted in ``findings``."""
    check_catalogue(state.catalogue, findings)
    expected = state_roster(state, findings)
    check_beginner_course(state)
    check_characters(state, expected, findings)
    count = len(state.characters)
    if not 0 <= state.active < count:  # read by the checks of the course and spaces
        raise InvalidStateError("no such character", "$.active")
    check_counts(state, count)
    check_course(state, findings)
    check_shortcut_paths(state, findings)
    check_spaces(state, findings)
    check_attempt(state)
    check_turn(state, count)
