"""Crash Course state text written and read by parts gives what the reference gives.

- `fastjson.write_state` writes, part by part, the text the converter's dict dumps to;
- `fastjson.read_state` cuts text at its keys and reads each part once: whatever the
  text, `from_json` of it gives the state, or the error, that the same text as bytes
  gives (bytes are never read by parts: they go the reference way).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

import pytest

import sonic_rules
from sonic_rules.core.errors import RulesError
from sonic_rules.core.serialization import MAX_JSON_DEPTH, MAX_NUMBER_DIGITS
from sonic_rules.crash_course import serialize
from sonic_rules.crash_course.state import State
from states.invariants import random_states

CC = sonic_rules.game("crash-course")


def _states() -> list[State]:
    states = []
    for variant, players in CC.configurations():
        for seed, options in enumerate(({}, {"turn_limit": 30})):
            found = list(random_states(CC, variant, players, options, seed))
            states += found[:: max(1, len(found) // 5)]
    return states


STATES = _states()


def _outcome(text: str | bytes) -> str:
    try:
        return "state " + CC.to_json(CC.from_json(text))
    except RulesError as error:
        return f"{type(error).__name__}: {error}"


def _reads_as_bytes(text: str) -> None:
    assert _outcome(text) == _outcome(text.encode())


def test_text_written_by_parts_is_the_converters() -> None:
    for state in STATES:
        data = {
            "game": serialize.GAME_NAME,
            "format": serialize.FORMAT,
            **serialize.converter.unstructure(state),
        }
        assert CC.to_json(state) == json.dumps(data, separators=(",", ":"))


def test_written_states_read_by_parts_as_bytes() -> None:
    for state in STATES:
        text = CC.to_json(state)
        assert CC.from_json(text) == state
        _reads_as_bytes(text)


def _twice(key: str, value: str) -> Callable[[str], str]:
    """The key given again, right after its first value."""

    def change(text: str) -> str:
        start = text.index(f'"{key}":')
        data = json.loads(text)
        first = json.dumps(data[key], separators=(",", ":"))
        at = text.index(first, start) + len(first)
        return f'{text[:at]},"{key}":{value}{text[at:]}'

    return change


def _inserted(after: str, extra: str) -> Callable[[str], str]:
    """``extra`` inserted right after the first ``after``."""
    return lambda text: text.replace(after, after + extra, 1)


CHANGES: dict[str, Callable[[str], str]] = {
    "players twice": _twice("players", "3"),
    "phase twice": _twice("phase", '"actions"'),
    "active twice": _twice("active", "1"),
    "decisions_made twice": _twice("decisions_made", "0"),
    "a comma too many": _inserted('"characters":[', ","),
    "phase among the characters": lambda text: text.replace(
        ',"birds":', ',"phase":"actions","birds":', 1
    ),
    "a key of a later part in options": _inserted('"options":{', '"board":[],'),
    "a key of a later part in a character": _inserted('"characters":[{', '"course":[],'),
    "spaced": lambda text: json.dumps(json.loads(text)),
    "spaced inside a part": lambda text: text.replace(',"pile":[', ', "pile": [ ', 1),
    "spaced at the end": lambda text: text[:-1] + " }",
    "a newline after": lambda text: text + "\n",
    "an object after": lambda text: text + "{}",
    "closed twice": lambda text: text + "}",
    "keys reordered": lambda text: json.dumps(
        dict(reversed(list(json.loads(text).items()))), separators=(",", ":")
    ),
    "an escaped string": lambda text: text.replace('"phase":"', '"phase":"\\u0061', 1),
    "an escape anywhere": lambda text: text.replace('"termination":"', '"termination":"\\n', 1),
    "NaN": lambda text: re.sub(r'"bird_supply":\d+', '"bird_supply":NaN', text),
    "a long number": lambda text: re.sub(
        r'"active":\d+', '"active":1' + "0" * MAX_NUMBER_DIGITS, text
    ),
    "a number just short enough": lambda text: re.sub(
        r'"active":\d+', '"active":1' + "0" * (MAX_NUMBER_DIGITS - 1), text
    ),
    "nested too deep": lambda text: text.replace(
        '"drawn":[', '"drawn":' + "[" * (MAX_JSON_DEPTH - 1) + "]" * (MAX_JSON_DEPTH - 1) + ",[", 1
    ),
    "nested just deep enough": lambda text: text.replace(
        '"drawn":[]', '"drawn":' + "[" * (MAX_JSON_DEPTH - 1) + "]" * (MAX_JSON_DEPTH - 1), 1
    ),
    "no catalogue key": lambda text: text.replace(',"catalogue":', ',"katalogue":', 1),
    "another game": lambda text: text.replace("crash-course", "super-teams", 1),
    "another format": lambda text: text.replace('"format":3', '"format":2', 1),
    "a bad catalogue and a bad field": lambda text: text.replace(
        '"sha256":"', '"sha256":"0', 1
    ).replace('"active":', '"active":"x","a":', 1),
    "a true player count": lambda text: re.sub(r'"players":\d', '"players":true', text),
    "a float": lambda text: re.sub(r'"actions_left":(\d)', r'"actions_left":\1.0', text),
}


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_changed_text_reads_as_bytes(name: str) -> None:
    for state in STATES:
        _reads_as_bytes(CHANGES[name](CC.to_json(state)))


def test_each_part_damaged_reads_as_bytes() -> None:
    rng = random.Random(5)
    for state in STATES:
        text = CC.to_json(state)
        for _ in range(30):
            at = rng.randrange(len(text))
            damaged = text[:at] + rng.choice('0]}[{",:x ') + text[at + 1 :]
            _reads_as_bytes(damaged)
            # Read twice: what was remembered of its parts reads it the same again.
            _reads_as_bytes(damaged)
