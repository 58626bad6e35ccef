"""One boundary for untrusted JSON: every loader of both games (state, action, event,
view) raises only the library's errors, with where it happened, for any text or bytes.

Regression tests for the hardening issue's examples: deep nesting gave
``RecursionError`` and a 5,000-digit number ``ValueError`` in ``from_json`` and
``action_from_json``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import sonic_rules
from sonic_rules import InvalidActionError, InvalidStateError, RulesError
from sonic_rules.core.serialization import (
    MAX_JSON_CHARS,
    MAX_JSON_DEPTH,
    MAX_NUMBER_DIGITS,
    loads_json,
)

GAMES = sonic_rules.games()
LOADERS = [
    (f"{game.name}.{member}", getattr(game, member))
    for game in GAMES
    for member in ("from_json", "action_from_json", "event_from_json", "view_from_json")
]
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(("name", "load"), LOADERS, ids=[name for name, _ in LOADERS])
def test_deep_nesting_is_refused_not_a_recursion_error(
    name: str, load: Callable[[Any], Any]
) -> None:
    with pytest.raises(RulesError, match=f"nested deeper than {MAX_JSON_DEPTH}"):
        load(DEEP)
    with pytest.raises(RulesError, match="line 1, column 33"):
        load(DEEP.encode())


@pytest.mark.parametrize(("name", "load"), LOADERS, ids=[name for name, _ in LOADERS])
def test_a_5000_digit_number_is_refused_not_a_value_error(
    name: str, load: Callable[[Any], Any]
) -> None:
    text = '{"type": "pass", "game": "x", "seat": ' + "9" * 5000 + "}"
    with pytest.raises(RulesError, match=f"more than {MAX_NUMBER_DIGITS} digits"):
        load(text)


@pytest.mark.parametrize(("name", "load"), LOADERS, ids=[name for name, _ in LOADERS])
def test_bytes_that_are_not_utf8_are_refused_naming_the_byte(
    name: str, load: Callable[[Any], Any]
) -> None:
    with pytest.raises(RulesError, match="byte 9"):
        load(b'{"type": \xff}')


def test_action_loaders_raise_invalid_action_and_state_loaders_invalid_state() -> None:
    for game in GAMES:
        with pytest.raises(InvalidActionError):
            game.action_from_json(DEEP)
        with pytest.raises(InvalidStateError):
            game.from_json(DEEP)


def test_nesting_up_to_the_limit_still_parses() -> None:
    depth = MAX_JSON_DEPTH
    assert loads_json("[" * depth + "]" * depth) is not None


def test_brackets_and_digits_inside_strings_do_not_count() -> None:
    text = '["' + "[" * 100 + "9" * 100 + '\\"[[["]'
    assert loads_json(text) == ["[" * 100 + "9" * 100 + '"[[[']


def test_nan_and_infinity_are_not_json_numbers() -> None:
    for constant in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(InvalidStateError, match="is not a JSON number"):
            loads_json(f"[{constant}]")


def test_text_over_the_size_limit_is_refused_before_parsing() -> None:
    with pytest.raises(InvalidStateError, match="longer than 1,000,000 characters"):
        loads_json(" " * (MAX_JSON_CHARS + 1))


def test_utf16_with_its_mark_still_reads() -> None:
    assert loads_json('{"a": 1}'.encode("utf-16")) == {"a": 1}


def test_a_saved_state_of_each_game_still_loads_as_bytes() -> None:
    for game in GAMES:
        state = game.new_game(2)
        assert game.from_json(game.to_json(state).encode()) == state
