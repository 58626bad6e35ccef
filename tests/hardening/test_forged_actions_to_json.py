"""An action or event forged past its constructor is refused by the writer, naming the field.

Regression test for the hardening review: ``action_to_json`` of an action whose field
was set with ``object.__setattr__`` (a seat of ``"x"``, a card of ``None``) raised
``TypeError`` or ``AttributeError`` from inside, or wrote JSON that no reader takes;
``event_to_json`` did the same.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import sonic_rules
from hardening.entry_points import _played
from sonic_rules import InvalidActionError, InvalidStateError

FORGERIES: tuple[Any, ...] = ("x", None, 1.5, True, object(), (1,), [1], {"a": 1})


def _one_of_each(game: Any) -> list[Any]:
    """One action and one event of each type met in a seeded game."""
    _, actions, events = _played(game.name, 1)
    found: dict[type, Any] = {}
    for value in (*actions, *events):
        found.setdefault(type(value), value)
    return list(found.values())


CASES = [
    (game, value, field.name)
    for game in sonic_rules.games()
    for value in _one_of_each(game)
    for field in attrs.fields(type(value))
]


def _forged(value: Any, field: str, forgery: Any) -> Any:
    copy = attrs.evolve(value)
    object.__setattr__(copy, field, forgery)
    return copy


@pytest.mark.parametrize(
    ("game", "value", "field"),
    CASES,
    ids=[f"{game.name}.{type(value).__name__}.{field}" for game, value, field in CASES],
)
def test_a_forged_field_is_refused_naming_it(game: Any, value: Any, field: str) -> None:
    is_action = type(value) in game.action_types
    write = game.action_to_json if is_action else game.event_to_json
    read = game.action_from_json if is_action else game.event_from_json
    error = InvalidActionError if is_action else InvalidStateError
    for forgery in FORGERIES:
        forged = _forged(value, field, forgery)
        try:
            text = write(forged)
        except error as refused:
            assert f"$.{field}" in str(refused)
            continue
        # Written only when the field may hold such a value: the text reads back as it.
        assert read(text) == forged, (field, forgery)


def test_the_reviews_example_seat_x_is_an_invalid_action() -> None:
    from sonic_rules import super_teams as st

    action = st.Pass(0)
    object.__setattr__(action, "seat", "x")
    with pytest.raises(InvalidActionError, match=r"\$\.seat"):
        st.action_to_json(action)
