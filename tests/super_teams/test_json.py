"""State and action JSON: the envelope, strict fields, and states the rules cannot produce."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sonic_rules import InvalidActionError, InvalidStateError
from sonic_rules.super_teams import (
    ACTION_TYPES,
    Character,
    Deal,
    Pass,
    Phase,
    Play,
    action_from_json,
    action_to_json,
    apply,
    from_json,
    new_game,
    setup_position,
    to_json,
)
from sonic_rules.super_teams.serialize import FORMAT
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


# -- the envelope and action tags -------------------------------------------------------


def test_json_a_state_names_its_game_and_format() -> None:
    data = json.loads(to_json(new_game(3)))
    assert data["game"] == "super-teams" and data["format"] == FORMAT
    assert from_json(to_json(new_game(3), indent=2)) == new_game(3)


def test_json_a_format_1_state_loads_without_a_turn_limit() -> None:
    data = json.loads(to_json(_position()))
    del data["options"]["turn_limit"]
    data["format"] = 1
    assert from_json(json.dumps(data)) == _position()


@pytest.mark.parametrize("found", [0, FORMAT + 1, None, "2"])
def test_json_a_state_of_another_format_is_refused_naming_the_format(found: object) -> None:
    with pytest.raises(InvalidStateError) as error:
        from_json(_mutated(_position(), lambda d: d.__setitem__("format", found)))
    assert error.value.path == "$.format"
    assert str(FORMAT) in error.value.message


def test_json_a_state_of_another_game_is_refused_naming_the_game() -> None:
    with pytest.raises(InvalidStateError) as error:
        from_json(_mutated(_position(), lambda d: d.__setitem__("game", "crash-course")))
    assert error.value.path == "$.game"


def test_json_actions_are_tagged_by_their_kebab_case_type() -> None:
    tags = {
        "Deal": "deal",
        "DrawBonus": "draw-bonus",
        "Play": "play",
        "PlayBonus": "play-bonus",
        "Pass": "pass",
        "ChooseHalf": "choose-half",
        "ChooseJumper": "choose-jumper",
    }
    assert sorted(kind.__name__ for kind in ACTION_TYPES) == sorted(tags)
    play = Play(1, card("red-5"), Character.KNUCKLES)
    assert json.loads(action_to_json(play)) == {
        "type": "play",
        "seat": 1,
        "card": "red-5",
        "character": "knuckles",
    }
    assert json.loads(action_to_json(Pass(0)))["type"] == tags["Pass"]


@pytest.mark.parametrize("tag", ["fly", "Play", "play_bonus", "playbonus", None, 3])
def test_json_an_unknown_action_type_is_refused_listing_the_known_ones(tag: object) -> None:
    with pytest.raises(InvalidActionError) as error:
        action_from_json(json.dumps({"type": tag, "seat": 0}))
    message = str(error.value)
    assert "$.type" in message
    for known in ("deal", "draw-bonus", "play", "play-bonus", "pass", "choose-half"):
        assert known in message
    assert "choose-jumper" in message


def test_json_an_action_without_a_type_is_refused() -> None:
    with pytest.raises(InvalidActionError, match="known types"):
        action_from_json('{"seat": 0}')


# -- states the rules cannot produce ---------------------------------------------------


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


def test_st_p_deal_order_a_deal_never_gives_a_seventh_card() -> None:
    """ST-P-DEAL-ORDER: the seat receiving the next card is the first short of the others."""
    state = new_game(2)
    state = apply(state, Deal(0, card("blue-1")))
    with pytest.raises(InvalidStateError) as error:
        from_json(_mutated(state, lambda d: d.__setitem__("deal_next", 0)))
    assert error.value.path == "$.deal_next"
