"""Options are checked where they enter, each wrong field named.

Regression test for the hardening review:
``crash_course.new_game(2, options=Options(beginner_course=5))`` failed deep inside with
``'int' object is not iterable``. Every field of both games' ``Options``, given a value
of another type or out of range, is now a `RulesError` naming ``$.options.<field>``.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import sonic_rules
from sonic_rules import RulesError
from sonic_rules.core.boundary import MAX_WHOLE_NUMBER

WRONG: tuple[Any, ...] = (
    None,
    5,
    -1,
    2.0,
    "x",
    (1,),
    (("a", 1),),
    object(),
    {"a": 1},
    [1],
    MAX_WHOLE_NUMBER + 1,
    10**400,
)
"""Values of another type than a field takes, or out of range, for some field."""

CASES = [
    (game, field.name, value)
    for game in sonic_rules.games()
    for field in attrs.fields(game.Options)
    for value in WRONG
]


def _accepted(game: Any, field: str, value: Any) -> bool:
    """Whether ``value`` is one ``field`` may hold: such cases are left out."""
    try:
        game.new_game(2, options=game.Options(**{field: value}))
    except RulesError:
        return False
    return True


@pytest.mark.parametrize(
    ("game", "field", "value"),
    [case for case in CASES if not _accepted(*case)],
    ids=lambda value: repr(value)[:20],
)
def test_a_wrong_option_is_refused_naming_its_field(game: Any, field: str, value: Any) -> None:
    with pytest.raises(RulesError) as refused:
        game.new_game(2, options=game.Options(**{field: value}))
    assert refused.value.path.startswith(f"$.options.{field}")  # type: ignore[attr-defined]


def test_a_beginner_course_that_is_a_number_is_refused_naming_it() -> None:
    from sonic_rules import crash_course as cc

    with pytest.raises(RulesError, match=r"^\$\.options\.beginner_course: must be a tuple"):
        cc.new_game(2, options=cc.Options(beginner_course=5))  # type: ignore[arg-type]


@pytest.mark.parametrize("field", ["turn_limit", "decision_limit"])
def test_a_crash_course_limit_is_a_whole_number_json_can_write(field: str) -> None:
    from sonic_rules import crash_course as cc

    assert cc.new_game(2, options=cc.Options(**{field: MAX_WHOLE_NUMBER})).is_over is False
    for value in (0, MAX_WHOLE_NUMBER + 1, 10**400):
        with pytest.raises(RulesError, match="whole number, 1 or more, of at most 40 digits"):
            cc.new_game(2, options=cc.Options(**{field: value}))


def test_every_wrong_value_is_refused_for_some_field() -> None:
    """The list above exercises each field: no field takes every wrong value."""
    for game in sonic_rules.games():
        for field in attrs.fields(game.Options):
            assert any(not _accepted(game, field.name, value) for value in WRONG), field.name
