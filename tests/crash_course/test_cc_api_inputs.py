"""Wrong things handed to the public functions get a project error, never a bare one."""

from __future__ import annotations

import pytest

from sonic_rules import BoardError, InvalidActionError, InvalidStateError
from sonic_rules import crash_course as cc


@pytest.mark.parametrize("junk", ["x", None, 3, {"players": 2}])
def test_functions_given_something_that_is_not_a_state(junk: object) -> None:
    for call in (
        cc.legal_actions,
        cc.chance_outcomes,
        cc.to_json,
        lambda s: cc.step(s, cc.EndTurn(0)),
    ):
        with pytest.raises(InvalidStateError, match="State"):
            call(junk)


@pytest.mark.parametrize("text", ["[]", "null", "3", '"state"'])
def test_from_json_wants_an_object(text: str) -> None:
    with pytest.raises(InvalidStateError, match="JSON object"):
        cc.from_json(text)


def test_options_as_a_mapping_or_with_written_names() -> None:
    """CC-OPT-SET-BACK, CC-PROJ-CHARACTERS: options may be a JSON-like mapping."""
    state = cc.new_game(2, options={"set_back": True, "characters": ["eggman", "sonic"]})
    assert state.options.set_back is True
    assert [c.name.value for c in state.characters] == ["eggman", "sonic"]
    named = cc.new_game(2, options=cc.Options(characters=("tails", "knuckles")))  # type: ignore[arg-type]
    assert [c.name for c in named.characters] == [cc.Character.TAILS, cc.Character.KNUCKLES]


@pytest.mark.parametrize(
    ("options", "path"),
    [
        ({"set_back": "yes"}, "$.options.set_back"),
        ({"nope": 1}, "$.options"),
        (cc.Options(characters=("sonic", "bob")), "$.options.characters[1]"),  # type: ignore[arg-type]
        (cc.Options(official_draw=1), "$.options.official_draw"),  # type: ignore[arg-type]
        (7, "$.options"),
    ],
)
def test_bad_options_name_their_path(options: object, path: str) -> None:
    with pytest.raises(InvalidStateError) as error:
        cc.new_game(2, options=options)  # type: ignore[arg-type]
    assert error.value.path == path


def test_tiles_must_be_a_catalogue() -> None:
    with pytest.raises(BoardError):
        cc.new_game(2, tiles="tiles.json")  # type: ignore[arg-type]


def test_wrong_action_type() -> None:
    with pytest.raises(InvalidActionError):
        cc.apply(cc.new_game(2), "move left")


def test_action_json_round_trip_and_errors() -> None:
    state = cc.new_game(3)
    for action in cc.legal_actions(state):
        assert cc.action_from_json(cc.action_to_json(action)) == action
    for text in ['{"type": "fly"}', '{"type": "EndTurn"}', "nope", "[]"]:
        with pytest.raises(InvalidActionError):
            cc.action_from_json(text)
    with pytest.raises(InvalidActionError):
        cc.action_to_json("end turn")
