"""Every entry point that reads untrusted data, by name, with valid seed inputs.

Shared by the hardening tests, the corpus replay (``tests/corpus/``) and the
maintainer's fuzz script (``benchmarks/fuzz.py``). Each entry point takes bytes (what
a client sends); one that reads only text gets them decoded, bad bytes replaced. The
one promise: whatever the input, nothing but a `RulesError` comes out.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sonic_rules
from sonic_rules import CHANCE, records
from sonic_rules.crash_course.tiles import default_catalogue, load_tiles
from sonic_rules.super_teams.board import Board
from sonic_rules.super_teams.cards import Card

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
"""The regression corpus: ``<entry point>/<name>``, every input that once crashed."""


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _game_loaders() -> dict[str, Callable[[bytes], Any]]:
    loaders: dict[str, Callable[[bytes], Any]] = {}
    for game in sonic_rules.games():
        loaders[f"{game.name}.state"] = game.from_json
        loaders[f"{game.name}.action"] = game.action_from_json
        loaders[f"{game.name}.event"] = game.event_from_json
        loaders[f"{game.name}.view"] = game.view_from_json
    return loaders


def _record(data: bytes) -> Any:
    records.validate(data, keep_going=True)
    return records.read_record(data)


ENTRY_POINTS: dict[str, Callable[[bytes], Any]] = {
    **_game_loaders(),
    "super-teams.board": lambda data: Board.parse(_text(data)),
    "super-teams.card": lambda data: Card.parse(_text(data)),
    # Bytes are always JSON text to load_tiles: the fuzzer never names a file.
    "crash-course.tiles": load_tiles,
    "records": _record,
}
"""Entry point name -> a function of the raw bytes a client could send."""


@functools.cache
def _played(game_name: str, seed: int) -> tuple[Any, ...]:
    """A few states along one seeded random game, with the actions and events met."""
    game = sonic_rules.game(game_name)
    rng = random.Random(seed)
    state = game.new_game(game.variants[game.default_variant][-1])
    states, actions, events = [state], [], []
    while not state.is_over and len(actions) < 400:
        if state.to_act is CHANCE:
            outcomes, weights = zip(*game.chance_outcomes(state), strict=True)
            action = rng.choices(outcomes, weights)[0]
        else:
            action = rng.choice(game.legal_actions(state))
        state, new_events = game.step(state, action)
        actions.append(action)
        events.extend(new_events)
        if len(actions) % 40 == 0:
            states.append(state)
    return tuple(states), tuple(actions), tuple(events)


@functools.cache
def seeds() -> dict[str, tuple[bytes, ...]]:
    """Valid inputs of every entry point, for mutation."""
    found: dict[str, list[bytes]] = {name: [] for name in ENTRY_POINTS}
    for game in sonic_rules.games():
        states, actions, events = _played(game.name, 1)
        for state in states[::3]:
            found[f"{game.name}.state"].append(game.to_json(state).encode())
            seat = 0 if state.players else None
            found[f"{game.name}.view"].append(game.observe(state, seat).to_json().encode())
        for action in actions[:: max(1, len(actions) // 8)]:
            found[f"{game.name}.action"].append(game.action_to_json(action).encode())
        for event in events[:: max(1, len(events) // 8)]:
            found[f"{game.name}.event"].append(game.event_to_json(event).encode())
    found["super-teams.board"].append(Board.default().notation.encode())
    found["super-teams.card"].extend([b"blue-4", b"special", b"red 6"])
    found["crash-course.tiles"].append(json.dumps(default_catalogue().to_data()).encode())
    found["records"].extend(_record_seeds())
    return {name: tuple(inputs) for name, inputs in found.items()}


def _record_seeds() -> list[bytes]:
    texts = []
    for game in sonic_rules.games():
        states, actions, _ = _played(game.name, 2)
        texts.append(records.write_record(game, [states[0], *actions[:80]]).encode())
    return texts


def corpus_cases() -> list[tuple[str, Path]]:
    """Every ``(entry point, file)`` of the regression corpus."""
    return [
        (folder.name, path)
        for folder in sorted(CORPUS.iterdir())
        if folder.is_dir() and folder.name in ENTRY_POINTS
        for path in sorted(folder.iterdir())
        if path.is_file()
    ]
