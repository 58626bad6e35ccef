"""Audit findings: each test failed before its fix (rule id in the docstring where one applies)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sonic_rules import InvalidActionError, InvalidStateError
from sonic_rules.super_teams import (
    Card,
    Character,
    Colour,
    Deal,
    Pass,
    Phase,
    Play,
    apply,
    from_json,
    new_game,
    setup_position,
    to_json,
)
from st_helpers import card


def _position() -> Any:
    return setup_position(
        2,
        board="S . . R . X . B . .",
        hands=[["blue-3", "red-2"], ["red-5"]],
        bonus_hands=[["speed"], []],
    )


def _mutated(state: Any, change: Any) -> str:
    data = json.loads(to_json(state))
    change(data)
    return json.dumps(data)


# -- cards built by hand ------------------------------------------------------------


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


# -- JSON strictness ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "drop"),
    [
        ("$.deal_next", lambda d: d.pop("deal_next")),
        ("$.specials_owed", lambda d: d.pop("specials_owed")),
        ("$.bonus_queue", lambda d: d.pop("bonus_queue")),
        ("$.bonus_for", lambda d: d.pop("bonus_for")),
        ("$.jumper", lambda d: d.pop("jumper")),
        ("$.pending", lambda d: d.pop("pending")),
        ("$.turns_played", lambda d: d.pop("turns_played")),
        ("$.options.first_player", lambda d: d["options"].pop("first_player")),
        ("$.options.colours", lambda d: d["options"].pop("colours")),
        ("$.options.partner_second_bonus", lambda d: d["options"].pop("partner_second_bonus")),
        ("$.options.bonus_split.speed", lambda d: d["options"]["bonus_split"].pop("speed")),
        ("$.pieces[0].half", lambda d: d["pieces"][0].pop("half")),
    ],
)
def test_json_a_missing_field_is_refused_even_with_a_default(path: str, drop: Any) -> None:
    """A saved state names every field; a missing one is an error at its path."""
    with pytest.raises(InvalidStateError) as error:
        from_json(_mutated(_position(), drop))
    assert error.value.path == path
    assert "missing" in error.value.message


def test_json_a_missing_field_of_a_pending_move_is_refused() -> None:
    state = apply(_position(), Play(0, card("blue-3"), Character.SONIC))
    with pytest.raises(InvalidStateError) as error:
        from_json(_mutated(state, lambda d: d["pending"].pop("bonuses")))
    assert error.value.path == "$.pending.bonuses"


@pytest.mark.parametrize("written", ["blue-03", " blue-3", "Blue-3", "blue 3", "SPECIAL"])
def test_json_cards_are_read_only_as_written(written: str) -> None:
    """A saved state writes ``blue-3``; a loose spelling in JSON is not silently accepted
    (as "12" is not read as 12)."""
    with pytest.raises(InvalidStateError) as error:
        from_json(_mutated(_position(), lambda d: d["hands"][1].__setitem__(0, written)))
    assert error.value.path == "$.hands[1][0]"


@pytest.mark.parametrize("junk", [1.0, True, "1"])
def test_json_the_format_is_the_integer_1(junk: object) -> None:
    with pytest.raises(InvalidStateError) as error:
        from_json(_mutated(_position(), lambda d: d.__setitem__("format", junk)))
    assert error.value.path == "$.format"


# -- states the rules cannot produce -----------------------------------------------


def test_st_p_empty_hand_a_seat_without_cards_is_passed_over() -> None:
    """ST-P-EMPTY-HAND: in a set-up position, the turn skips a seat holding no card
    (before, that seat was asked to play with no legal action and the game was stuck)."""
    state = setup_position(3, hands=[["blue-3", "blue-4"], [], ["black-1"]])
    state = apply(state, Play(0, card("blue-3"), Character.SONIC))
    assert state.phase is Phase.PLAY and state.to_act == 2
    state = apply(state, Play(2, card("black-1"), Character.SHADOW))
    assert state.to_act == 0  # seat 1 is passed over again
    state = apply(state, Play(0, card("blue-4"), Character.SONIC))
    assert state.phase is Phase.DEAL and state.deal_next == 1  # every hand empty: deal on


def test_st_p_deal_order_a_deal_never_gives_a_seventh_card() -> None:
    """ST-P-DEAL-ORDER: the seat receiving the next card is the first short of the others."""
    state = new_game(2)
    state = apply(state, Deal(0, card("blue-1")))
    with pytest.raises(InvalidStateError) as error:
        from_json(_mutated(state, lambda d: d.__setitem__("deal_next", 0)))
    assert error.value.path == "$.deal_next"


def test_json_a_move_in_progress_for_a_character_across_is_refused() -> None:
    state = setup_position(
        2,
        board="S . . . .",
        positions={"tails": 5, "shadow": 5, "silver": 5},
        hands=[["blue-3"], []],
        bonus_hands=[["speed"], []],
    )
    state = apply(state, Play(0, card("blue-3"), Character.SONIC))
    assert state.phase is Phase.RESPONSE
    with pytest.raises(InvalidStateError) as error:
        from_json(_mutated(state, lambda d: d["pieces"][0].__setitem__("position", 5)))
    assert error.value.path == "$.pending.character"


def test_json_a_super_jump_chooser_must_be_a_seat() -> None:
    state = _position()
    data = json.loads(to_json(state))
    data.update(phase="super-jump-target", jumper=7)
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps(data))
    assert error.value.path == "$.jumper"


def test_json_a_bonus_space_draw_only_in_the_bonus_draw_phase() -> None:
    with pytest.raises(InvalidStateError) as error:
        from_json(_mutated(_position(), lambda d: d.__setitem__("bonus_for", "sonic")))
    assert error.value.path == "$.bonus_for"


def test_json_special_cards_owed_only_during_a_deal() -> None:
    with pytest.raises(InvalidStateError) as error:
        from_json(_mutated(_position(), lambda d: d.__setitem__("specials_owed", 1)))
    assert error.value.path == "$.specials_owed"


# -- setup_position with odd inputs --------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"positions": {"sonic": (1, "rings", 3)}},
        {"positions": {"sonic": ()}},
        {"positions": [("sonic", 1)]},
        {"hands": [None, []]},
        {"hands": 5},
        {"bonus_hands": [None]},
        {"deck": 5},
        {"discard": None},
        {"bonus_deck": 5},
        {"bonus_discard": 3},
        {"to_act": 0.0},
    ],
)
def test_setup_position_odd_inputs_are_invalid_state_errors(kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidStateError):
        setup_position(2, **kwargs)
