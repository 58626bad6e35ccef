"""What each game's one state reader and writer guarantee (`to_json`, `from_json`).

- every state of a seeded game of every variant reads back equal and is written again
  to the same text, compact or indented;
- only the JSON values count: the same values laid out otherwise read the same, a text
  and its bytes read the same, a key given twice counts with its last value;
- a value of another type anywhere is refused naming its path; a missing field is named
  first, wherever it is; a field too many is named at its object, after what is wrong
  inside it; the words are the converter's, as the saved traces of refusals have them;
- parts of states read are made once (a game's states share them), and a refused text
  leaves nothing behind: 600 refused texts of half a megabyte leave under 50 MB held.
"""

from __future__ import annotations

import copy
import gc
import json
import random
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import sonic_rules
from sonic_rules import InvalidStateError
from sonic_rules.core.game import Game
from sonic_rules.crash_course.serialize import STATE_JSON as CC_JSON
from sonic_rules.super_teams.serialize import STATE_JSON as ST_JSON
from states.invariants import configurations, random_states

AnyGame = Game[Any, Any]
CC = sonic_rules.game("crash-course")
ST = sonic_rules.game("super-teams")
GAMES = [CC, ST]
READERS = {CC.name: CC_JSON, ST.name: ST_JSON}


def _some_states(game: AnyGame) -> list[Any]:
    states = []
    for number, (variant, players, options) in enumerate(configurations(game)):
        states += list(random_states(game, variant, players, options, number))[::25]
    return states[:: max(1, len(states) // 12)]


SOME = {game.name: _some_states(game) for game in GAMES}
FULL = {name: max(states, key=lambda state: len(str(state))) for name, states in SOME.items()}
"""A state of each game with much in it (a course, a board, cards in hands)."""


def _refusal(game: AnyGame, text: str | bytes) -> tuple[str, str]:
    with pytest.raises(InvalidStateError) as refused:
        game.from_json(text)
    return refused.value.path, refused.value.message


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_round_trip_is_exact_over_seeded_games_of_every_variant(game: AnyGame) -> None:
    for number, (variant, players, options) in enumerate(configurations(game)):
        states = list(random_states(game, variant, players, options, number))
        for state in [*states[::3], states[-1]]:
            text = game.to_json(state)
            read = game.from_json(text)
            assert read == state, (variant, players, options)
            assert game.to_json(read) == text
            assert game.to_json(read, indent=2) == game.to_json(state, indent=2)


def _escaped_game(text: str) -> str:
    """The game's name with its first letter written as a ``\\u`` escape."""
    name = json.loads(text)["game"]
    return text.replace(f'"game":"{name}"', f'"game":"\\u{ord(name[0]):04x}{name[1:]}"', 1)


LAYOUTS: dict[str, Callable[[str], str]] = {
    "spaced": lambda text: json.dumps(json.loads(text)),
    "indented": lambda text: json.dumps(json.loads(text), indent=3),
    "keys reversed": lambda text: json.dumps(dict(reversed(json.loads(text).items()))),
    "a newline after": lambda text: text + "\n",
    "an escaped letter": _escaped_game,
    "a key given twice": lambda text: text.replace('"format":', '"players":"x","format":', 1),
}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_only_the_json_values_count(game: AnyGame, layout: str) -> None:
    for state in SOME[game.name]:
        text = LAYOUTS[layout](game.to_json(state))
        assert text != game.to_json(state)
        assert game.from_json(text) == state
        assert game.from_json(text.encode()) == state


def _paths(value: Any, path: str = "$") -> Iterator[str]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, f"{path}[{index}]")


def _holder(data: Any, path: str) -> tuple[Any, Any]:
    """The object or array holding the value at ``path`` (as `_paths` names it), and the
    key or index of the value in it."""
    steps = [
        int(step[1:-1]) if step.startswith("[") else step
        for step in path[1:].replace("[", ".[").split(".")[1:]
    ]
    for step in steps[:-1]:
        data = data[step]
    return data, steps[-1]


def _replaced(data: Any, path: str, value: Any) -> Any:
    copied = copy.deepcopy(data)
    holder, key = _holder(copied, path)
    holder[key] = value
    return copied


def _without(data: Any, path: str) -> Any:
    copied = copy.deepcopy(data)
    holder, key = _holder(copied, path)
    del holder[key]
    return copied


NEVER_RIGHT = [2.5, {"zz": 1}, [["zz"]]]
"""Values no field of a state takes, anywhere."""


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_value_of_another_type_is_refused_naming_its_path(game: AnyGame) -> None:
    rng = random.Random(3)
    for state in SOME[game.name][::3]:
        data = json.loads(game.to_json(state))
        for path in _paths(data):
            if path in ("$", "$.game", "$.format"):
                continue
            text = json.dumps(_replaced(data, path, rng.choice(NEVER_RIGHT)))
            where, _ = _refusal(game, text)
            assert where.startswith(path), (path, where)
            assert _refusal(game, text.encode()) == _refusal(game, text)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_missing_field_is_named_first_wherever_it_is(game: AnyGame) -> None:
    data = json.loads(game.to_json(FULL[game.name]))
    deepest = max(
        (
            path
            for path in _paths(data)
            if not path.endswith("]") and not path.startswith("$.catalogue")
        ),
        key=lambda path: (path.count("."), path),
    )
    last = f"$.{list(data)[-1]}"
    damaged = _replaced(_replaced(data, "$.players", "x"), last, 2.5)
    assert _refusal(game, json.dumps(_without(damaged, deepest))) == (
        deepest,
        "required field missing",
    )


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_field_too_many_is_named_after_what_is_wrong_inside_its_object(
    game: AnyGame,
) -> None:
    data = json.loads(game.to_json(FULL[game.name]))
    data["zz"] = 1
    data["aa"] = 2
    assert _refusal(game, json.dumps(data)) == ("$", "extra fields found (aa, zz)")
    data["players"] = 2.5
    assert _refusal(game, json.dumps(data)) == ("$.players", "expected an integer, got 2.5")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (5, "argument of type 'int' is not iterable"),
        (None, "argument of type 'NoneType' is not iterable"),
        (True, "argument of type 'bool' is not iterable"),
        ("sonic", "unknown error ('str' object has no attribute 'keys')"),
        ([], "unknown error ('list' object has no attribute 'keys')"),
    ],
)
def test_a_record_that_is_no_object_is_refused_in_the_converters_words(
    value: Any, message: str
) -> None:
    # A character has fields with defaults, which the converter looks for in the value;
    # a laid tile has none, and the converter asks any value for its keys.
    data = json.loads(CC.to_json(FULL[CC.name]))
    assert _refusal(CC, json.dumps(_replaced(data, "$.characters[0]", value))) == (
        "$.characters[0]",
        message,
    )
    keys = f"unknown error ({type(value).__name__!r} object has no attribute 'keys')"
    assert _refusal(CC, json.dumps(_replaced(data, "$.course[0]", value))) == (
        "$.course[0]",
        keys,
    )


@pytest.mark.parametrize(
    ("ends", "step", "message"),
    [
        (5, "", "object of type 'int' has no len()"),
        ([1], "", "Not enough values in [1] to structure as tuple[int, int]"),
        ([1, 2, 3], "", "Too many values in [1, 2, 3] to structure as tuple[int, int]"),
        ([1, "x"], "[1]", "expected an integer, got 'x'"),
        ({"a": 1, "b": 2}, "[0]", "required field missing"),
        ("ab", "[0]", "expected an integer, got 'a'"),
    ],
)
def test_a_pair_is_refused_in_the_converters_words(ends: Any, step: str, message: str) -> None:
    data = json.loads(CC.to_json(FULL[CC.name]))
    data["shortcut_attempt"] = [{"tile": 0, "x": 0, "y": 0, "ends": ends}]
    assert _refusal(CC, json.dumps(data)) == (f"$.shortcut_attempt[0].ends{step}", message)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_parts_of_states_read_are_made_once(game: AnyGame) -> None:
    state = SOME[game.name][len(SOME[game.name]) // 2]
    first = game.from_json(game.to_json(state))
    second = game.from_json(game.to_json(state))
    for name in ("options", "characters", "course", "board", "pieces"):
        if hasattr(state, name):
            assert getattr(first, name) is getattr(second, name), name


def _new_parts(game: AnyGame, data: dict[str, Any], number: int, count: int) -> None:
    """``data`` given ``count`` new parts the rules refuse: a course of tiles out of
    place, pieces past the finish."""
    if game is CC:
        data["course"] = [
            {
                "tile": number,
                "x": n,
                "y": number,
                "heading": 1,
                "reversed": True,
                "bird_taken": False,
            }
            for n in range(count)
        ]
    else:
        data["pieces"] = [
            {"character": "amy", "position": number * 100_000 + n, "half": None}
            for n in range(count)
        ]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_refused_text_leaves_nothing_in_the_reading_tables(game: AnyGame) -> None:
    state = SOME[game.name][len(SOME[game.name]) // 2]
    game.from_json(game.to_json(state))
    kept = READERS[game.name].kept()
    assert kept > 0
    data = json.loads(game.to_json(state))
    _new_parts(game, data, 7, 40)
    with pytest.raises(InvalidStateError):
        game.from_json(json.dumps(data))
    assert READERS[game.name].kept() == kept


def _refused_texts(count: int) -> Iterator[tuple[AnyGame, str]]:
    """Texts of about half a megabyte, each new, refused once read whole: the reader has
    made what it could of them (many new tiles or pieces, a long track tile name in the
    Beginner course, a long card) when it meets a wrong last field."""
    cc = json.loads(CC.to_json(FULL[CC.name]))
    st = json.loads(ST.to_json(FULL[ST.name]))
    for number in range(count):
        game, data = (CC, dict(cc)) if number % 2 else (ST, dict(st))
        long_name = f"{number}-" + "t" * 500_000
        if number % 120 < 2:
            _new_parts(game, data, number, 7000 if game is CC else 9000)
        elif game is CC:
            data["options"] = {**data["options"], "beginner_course": [[long_name, True]]}
        else:
            data["deck"] = [*data["deck"], long_name]
        data[list(data)[-1]] = "x"
        yield game, json.dumps(data)


def test_600_refused_half_megabyte_texts_leave_under_50_mb_held() -> None:
    for game in GAMES:
        game.from_json(game.to_json(SOME[game.name][0]))
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for game, text in _refused_texts(600):
            assert 400_000 < len(text) < 1_000_000
            with pytest.raises(InvalidStateError):
                game.from_json(text)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert held < 50_000_000, f"{held:,} bytes held"
    # What the validator remembers of states it refuses is its own: these texts are
    # refused before it is asked.
