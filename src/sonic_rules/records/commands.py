"""What the ``sonic-rules`` command does with records: validate, replay, save simulations."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from sonic_rules.core.boundary import read_file
from sonic_rules.core.game import PlayedGame
from sonic_rules.records.games import AnyGame
from sonic_rules.records.reader import _Reader
from sonic_rules.records.text import MAX_RECORD
from sonic_rules.records.writer import write_record

SUFFIX = ".record"
"""The file name ending of the records the command writes."""


def _read(path: str, out: TextIO) -> bytes | None:
    """The record file's bytes, or ``None`` (reported) when it cannot be opened. Anything
    but a regular file of at most `MAX_RECORD` bytes raises `FileRefusedError` before it
    is read."""
    try:
        return read_file(path, MAX_RECORD)
    except OSError as error:
        out.write(f"{path}:1:1: REC-FILE: cannot be read: {error.strerror or error}\n")
        return None


def validate_files(paths: Sequence[str], out: TextIO, keep_going: bool = False) -> int:
    """Check each file; one ``FILE:LINE:COL: RULE-ID: message`` line per problem.
    0 when every file is valid, else 1."""
    failed = False
    for path in paths:
        data = _read(path, out)
        if data is None:
            failed = True
            continue
        reader = _Reader(data, keep_going, keep_steps=False)
        reader.run()
        for problem in reader.problems:
            out.write(f"{path}:{problem}\n")
        failed = failed or bool(reader.problems)
    return 1 if failed else 0


def _position(game: AnyGame, state: Any, out: TextIO) -> None:
    for text in game.describe_state(state).splitlines():
        out.write(f"    {text}\n")


def _picture(directory: Path | None, name: str, state: Any) -> None:
    if directory is not None:
        from sonic_rules import svg

        (directory / f"{name}.svg").write_text(svg.position(state), encoding="utf-8")


def replay_file(
    path: str, to: int | None, out: TextIO, err: TextIO, svg_dir: Path | None = None
) -> int:
    """The position after each line of the record (up to line ``to``); a problem stops
    the replay and is reported like `validate_files` does. 0 when the record (up to
    ``to``) is valid, else 1. With ``svg_dir``, also a picture of each position there:
    ``start.svg``, then ``line-0012.svg`` for the position after line 12."""
    data = _read(path, err)
    if data is None:
        return 1
    reader = _Reader(data, keep_going=False)
    reader.run()
    header = reader.header
    if header is not None:
        out.write("start\n")
        _position(header.game, header.start, out)
        _picture(svg_dir, "start", header.start)
        for step in reader.steps:
            if to is not None and step.line > to:
                return 0
            out.write(f"line {step.line}: {step.text}\n")
            _position(header.game, step.state, out)
            _picture(svg_dir, f"line-{step.line:04d}", step.state)
    for problem in reader.problems:
        if to is not None and problem.line > to:
            return 0
        err.write(f"{path}:{problem}\n")
        return 1
    if reader.tracker is not None and not reader.tracker.exact:
        out.write("(some cards were unseen: hands show one way the unseen cards could lie)\n")
    return 0


def simulated_record(
    game: AnyGame,
    variant: str,
    start: Any,
    played: PlayedGame[Any, Any],
    number: int,
    seed: int,
) -> tuple[str, str]:
    """One simulated game as a record: its file name and its text (see `save_record`)."""
    name = f"{game.name}-{variant}-{start.players}p-{number:05d}{SUFFIX}"
    header = {"event": f"sonic-rules simulate, game {number}, seed {seed}"}
    actions = [ply.action for ply in played.plies]
    return name, write_record(game, [start, *actions], header)


def save_record(
    directory: Path,
    game: AnyGame,
    variant: str,
    start: Any,
    played: PlayedGame[Any, Any],
    number: int,
    seed: int,
) -> Path:
    """Write one simulated game as a record file in ``directory``; its path."""
    name, text = simulated_record(game, variant, start, played, number, seed)
    return write_simulated_record(directory, name, text)


def write_simulated_record(directory: Path, name: str, text: str) -> Path:
    """Write a record made by `simulated_record` into ``directory``; its path."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path
