"""Crash Course JSON: the state envelope, the catalogue by reference, tagged actions."""

from __future__ import annotations

import json
import random
import typing
from typing import Any

import attrs
import pytest

from crash_course.cc_scenario_tiles import SCENARIO_TILES
from sonic_rules import CHANCE, InvalidActionError, InvalidStateError
from sonic_rules.crash_course import (
    ACTION_TYPES,
    Catalogue,
    EndTurn,
    Move,
    State,
    action_from_json,
    action_to_json,
    apply,
    chance_outcomes,
    default_catalogue,
    from_json,
    legal_actions,
    load_tiles,
    new_game,
    to_json,
)
from sonic_rules.crash_course.serialize import FORMAT, GAME_NAME
from sonic_rules.crash_course.state import ItemKind, Space

CONFIGS = [
    (2, "standard"),
    (3, "standard"),
    (4, "standard"),
    (2, "two-player"),
    (2, "beginner"),
    (3, "beginner"),
    (4, "beginner"),
]


def _play(state: State, seed: int, actions: int) -> State:
    """``state`` after up to ``actions`` random legal actions (chance sampled)."""
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        if state.to_act is CHANCE:
            outcomes = chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(legal_actions(state))
        state = apply(state, action)
    return state


def _mid_game(seed: int = 1) -> State:
    return _play(new_game(3), seed, 60)


# ----- the envelope -----------------------------------------------------------------------


def test_state_json_is_tagged_with_the_game_and_format() -> None:
    data = json.loads(to_json(new_game(2)))
    assert list(data)[:2] == ["game", "format"]
    assert data["game"] == GAME_NAME == "crash-course" and data["format"] == FORMAT == 3


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_states_of_every_variant_round_trip_exactly(players: int, variant: str) -> None:
    for seed in range(3):
        state = new_game(players, variant=variant)
        for _ in range(8):
            assert from_json(to_json(state)) == state
            assert from_json(to_json(state, indent=2)) == state
            state = _play(state, seed, 25)


def test_a_custom_catalogue_round_trips_exactly() -> None:
    state = _play(new_game(2, tiles=SCENARIO_TILES), 4, 40)
    assert from_json(to_json(state)) == state


def test_format_1_states_are_refused_naming_the_envelope() -> None:
    """A state saved before the envelope (format 1: the bare fields) is refused, not a
    traceback; so is another format number or another game."""
    data = json.loads(to_json(new_game(2)))
    fields = {k: v for k, v in data.items() if k not in ("game", "format")}
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps(fields))
    assert error.value.path == "$.game"
    for bad in (1, 4, "2", None):
        with pytest.raises(InvalidStateError) as error:
            from_json(json.dumps({**data, "format": bad}))
        assert error.value.path == "$.format"
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps({**data, "game": "super-teams"}))
    assert error.value.path == "$.game"


@pytest.mark.parametrize(
    ("where", "path"),
    [
        (("options", "set_back"), "$.options.set_back"),
        (("characters", 1, "power_up"), "$.characters[1].power_up"),
        (("course", 0, "bird_taken"), "$.course[0].bird_taken"),
        (("termination",), "$.termination"),
    ],
)
def test_a_field_missing_is_refused_even_where_it_has_a_default(
    where: tuple[Any, ...], path: str
) -> None:
    data = json.loads(to_json(new_game(2)))
    parent = data
    for key in where[:-1]:
        parent = parent[key]
    del parent[where[-1]]
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps(data))
    assert error.value.path == path


def test_to_json_wants_a_state() -> None:
    with pytest.raises(InvalidStateError, match="State"):
        to_json({"players": 2})  # type: ignore[arg-type]


# ----- the catalogue ----------------------------------------------------------------------


def test_the_shipped_catalogue_is_saved_by_name_and_digest() -> None:
    data = json.loads(to_json(new_game(2)))
    digest = default_catalogue().sha256()
    assert data["catalogue"] == {"name": "default", "sha256": digest}
    assert len(digest) == 64 and int(digest, 16) >= 0


def test_a_custom_catalogue_is_saved_in_full() -> None:
    data = json.loads(to_json(new_game(2, tiles=SCENARIO_TILES)))
    assert data["catalogue"] == {"name": "custom", **SCENARIO_TILES.to_data()}
    assert load_tiles(json.dumps(SCENARIO_TILES.to_data())) == SCENARIO_TILES


def test_the_shipped_tiles_loaded_from_a_file_are_a_custom_catalogue() -> None:
    """Only the catalogue the library ships is named "default"; the same tiles read with
    load_tiles are custom (the digest is of the tiles, not the name)."""
    copy = load_tiles(json.dumps(default_catalogue().to_data()))
    assert copy.name == "custom" and default_catalogue().name == "default"
    assert copy.sha256() == default_catalogue().sha256() and copy != default_catalogue()
    state = new_game(2, tiles=copy)
    assert "tiles" in json.loads(to_json(state))["catalogue"]
    assert from_json(to_json(state)) == state


def test_the_digest_is_of_the_tiles() -> None:
    tiles = SCENARIO_TILES
    assert tiles.sha256() != default_catalogue().sha256()
    renamed = Catalogue(tiles.tiles, tiles.shortcuts, "mine")
    assert renamed.sha256() == tiles.sha256()
    assert Catalogue(tiles.tiles[::-1], tiles.shortcuts).sha256() != tiles.sha256()


@pytest.mark.parametrize(
    ("catalogue", "path"),
    [
        ({"name": "deluxe", "sha256": "0" * 64}, "$.catalogue.name"),
        ({"name": 7, "sha256": "0" * 64}, "$.catalogue.name"),
        ({"name": "default", "sha256": "0" * 64}, "$.catalogue.sha256"),
        ({"name": "default", "sha256": None}, "$.catalogue.sha256"),
        ({"name": "default", "sha256": "x", "extra": 1}, "$.catalogue.extra"),
        ({"sha256": "x"}, "$.catalogue.name"),
        ({"name": "default"}, "$.catalogue.tiles"),
        ("default", "$.catalogue"),
        ([], "$.catalogue"),
    ],
)
def test_a_bad_catalogue_reference_is_refused_with_its_path(catalogue: Any, path: str) -> None:
    data = json.loads(to_json(new_game(2)))
    data["catalogue"] = catalogue
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps(data))
    assert error.value.path == path


def test_a_digest_for_other_tiles_says_so() -> None:
    data = json.loads(to_json(new_game(2)))
    data["catalogue"]["sha256"] = SCENARIO_TILES.sha256()
    with pytest.raises(InvalidStateError, match="saved with other tiles"):
        from_json(json.dumps(data))


def test_a_custom_catalogue_is_checked_like_load_tiles() -> None:
    data = json.loads(to_json(new_game(2, tiles=SCENARIO_TILES)))
    data["catalogue"]["tiles"][2]["rows"][1] = "..q"
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps(data))
    assert error.value.path == "$.catalogue.tiles[2].rows[1][2]"
    data = json.loads(to_json(new_game(2, tiles=SCENARIO_TILES)))
    data["catalogue"]["name"] = ["custom"]
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps(data))
    assert error.value.path == "$.catalogue.name"


def test_other_tiles_cannot_pass_as_the_shipped_catalogue() -> None:
    """The name "default" belongs to the shipped tiles, on saving and on loading."""
    impostor = Catalogue(SCENARIO_TILES.tiles, SCENARIO_TILES.shortcuts, "default")
    with pytest.raises(InvalidStateError) as error:
        to_json(new_game(2, tiles=impostor))
    assert error.value.path == "$.catalogue.name"
    data = json.loads(to_json(new_game(2, tiles=SCENARIO_TILES)))
    data["catalogue"]["name"] = "default"
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps(data))
    assert error.value.path == "$.catalogue.name"


def test_the_shipped_tiles_written_out_in_full_load_as_the_default() -> None:
    data = json.loads(to_json(new_game(2)))
    data["catalogue"] = {"name": "default", **default_catalogue().to_data()}
    assert from_json(json.dumps(data)) == new_game(2)


def test_the_reference_makes_a_mid_game_state_smaller() -> None:
    state = _mid_game()
    data = json.loads(to_json(state))
    inline = {**data, "catalogue": {"name": "default", **default_catalogue().to_data()}}
    assert len(to_json(state)) < len(json.dumps(inline, separators=(",", ":"))) * 0.75


# ----- actions ----------------------------------------------------------------------------


def test_actions_are_tagged_with_their_kebab_case_type() -> None:
    assert json.loads(action_to_json(Move(0, 2))) == {"type": "move", "seat": 0, "lane": 2}
    assert json.loads(action_to_json(EndTurn(1)))["type"] == "end-turn"
    tags = {json.loads(action_to_json(_example(kind)))["type"] for kind in ACTION_TYPES}
    assert len(tags) == len(ACTION_TYPES)
    assert all(tag == tag.lower() and " " not in tag and "_" not in tag for tag in tags)


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_every_legal_action_round_trips(players: int, variant: str) -> None:
    state = new_game(players, variant=variant)
    rng = random.Random(players)
    for _ in range(300):
        if state.is_over:
            break
        if state.to_act is CHANCE:
            actions = [a for a, _ in chance_outcomes(state)]
        else:
            actions = legal_actions(state)
        for action in actions:
            assert action_from_json(action_to_json(action)) == action
        state = apply(state, rng.choice(actions))


@pytest.mark.parametrize("tag", ["Move", "moves", "end_turn", "EndTurn", "", None, 3])
def test_unknown_or_misspelt_action_types_list_the_known_ones(tag: object) -> None:
    with pytest.raises(InvalidActionError) as error:
        action_from_json(json.dumps({"type": tag, "seat": 0, "lane": 1}))
    message = str(error.value)
    assert "known types" in message and "move" in message and "end-turn" in message
    assert "KeyError" not in message


def test_bad_action_fields_name_their_path() -> None:
    with pytest.raises(InvalidActionError, match=r"\$\.seat"):
        action_from_json('{"type": "move", "seat": "0", "lane": 1}')
    with pytest.raises(InvalidActionError, match=r"\$\.lane"):
        action_from_json('{"type": "move", "seat": 0}')
    with pytest.raises(InvalidActionError):
        action_from_json('{"type": "move", "seat": 0, "lane": 1, "speed": 9}')
    with pytest.raises(InvalidActionError, match="JSON object"):
        action_from_json("[]")


def _example(kind: type[Any]) -> Any:
    """An action of type ``kind`` with plain field values."""
    values: dict[Any, Any] = {
        int: 1,
        bool: True,
        ItemKind: ItemKind.SPRING,
        Space: Space(1, 2, 0),
        tuple[int, ...]: (0, 1),
    }
    hints = typing.get_type_hints(kind)
    return kind(*(values[hints[field.name]] for field in attrs.fields(kind)))
