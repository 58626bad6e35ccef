"""Action values: a card or a seat that is not one is refused when the action is built."""

from __future__ import annotations

from typing import Any

import pytest

from sonic_rules import InvalidActionError
from sonic_rules.super_teams import (
    Card,
    Character,
    Colour,
    Deal,
    Pass,
    Phase,
    Play,
    apply,
    setup_position,
)
from st_helpers import card


def _position() -> Any:
    return setup_position(
        2,
        board="S . . R . X . B . .",
        hands=[["blue-3", "red-2"], ["red-5"]],
        bonus_hands=[["speed"], []],
    )


@pytest.mark.parametrize(
    ("colour", "value"),
    [
        (Colour.BLUE, 3.0),
        (Colour.BLUE, True),
        (Colour.BLUE, "3"),
        (Colour.BLUE, 0),
        (Colour.BLUE, 7),
        ("blue", 3),
        (None, 5),
        (None, None),
    ],
)
def test_a_card_built_by_hand_with_junk_is_refused(colour: Any, value: Any) -> None:
    """A card is a colour and an integer 1-6, or the special card; anything else is refused
    at once (before it could enter a state as ``blue-3.0`` and break the JSON)."""
    with pytest.raises(InvalidActionError):
        Card(colour, value)


def test_st_play_card_a_float_valued_card_never_enters_the_state() -> None:
    """ST-PLAY-CARD: ``blue-3.0`` equals ``blue-3`` as a value, but is not a card."""
    state = _position()
    with pytest.raises(InvalidActionError):
        apply(state, Play(0, Card(Colour.BLUE, 3.0), Character.SONIC))  # type: ignore[arg-type]
    assert apply(state, Play(0, card("blue-3"), Character.SONIC)).phase is Phase.RESPONSE


@pytest.mark.parametrize("seat", [1.0, True, "1", None])
def test_an_action_seat_is_an_integer(seat: object) -> None:
    """``Pass(1.0)`` used to equal ``Pass(1)``, so it was "in" ``legal_actions`` while
    ``apply`` refused it: the list and ``apply`` disagreed."""
    for build in (Pass, lambda s: Play(s, "blue-3", "sonic"), lambda s: Deal(s, "blue-3")):
        with pytest.raises(InvalidActionError):
            build(seat)
