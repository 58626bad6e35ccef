"""Reading a record: the header, then each line refereed in turn (`validate`, `read_record`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NoReturn

import attrs

import sonic_rules
from sonic_rules.core.errors import IllegalActionError, InvalidActionError, RulesError
from sonic_rules.core.events import Event
from sonic_rules.core.notation import AmbiguousActionError, HeaderError, NotationError, Tracker
from sonic_rules.core.serialization import MAX_JSON_DEPTH
from sonic_rules.records.games import AnyGame, notation, tracker
from sonic_rules.records.report import Problem, RecordError, Report
from sonic_rules.records.text import (
    FORMAT,
    MAX_LINE,
    MAX_PROBLEMS,
    MAX_RECORD,
    SPECIAL_FIELDS,
    Line,
    decode,
    field,
    lines,
    result_text,
    result_winners,
)

FREE_FIELDS = ("names", "event", "date", "place", "note")
"""Header fields of any record that describe the occasion, not the game's start."""
_QUOTED = 60
MAX_MESSAGE = 600
"""The longest problem message; a longer one (quoting a long line) is cut."""


@attrs.frozen
class Step:
    """One action line read: its ``line`` number, ``text``, the ``state`` after it and the
    ``events`` it caused (a position line has no events)."""

    line: int
    text: str
    state: Any = attrs.field(repr=False)
    events: tuple[Event, ...] = attrs.field(repr=False)


@attrs.frozen
class Record:
    """A record read by `read_record`.

    ``header`` lists every field as written (keys in lower case). ``start`` is the
    position the header describes (a position line after it is a step). ``exact`` is
    false when the final position depends on chance outcomes nobody saw: the states are
    then one assignment of the unseen cards that fits every line.
    """

    game: AnyGame
    variant: str
    players: int
    header: tuple[tuple[str, str], ...]
    start: Any = attrs.field(repr=False)
    steps: tuple[Step, ...] = attrs.field(repr=False)
    result: str | None
    exact: bool

    def replay(self) -> tuple[Step, ...]:
        """Every line of the body that changed the position, in order, with the state
        after it and the events it caused."""
        return self.steps

    @property
    def final(self) -> Any:
        """The position after the last line."""
        return self.steps[-1].state if self.steps else self.start


@attrs.frozen
class _Header:
    game: AnyGame
    variant: str
    players: int
    fields: tuple[tuple[str, str], ...]
    start: Any


class _Stop(Exception):
    """Raised inside the reader to stop at the first problem (strict mode)."""


def _short(message: str) -> str:
    """A message cut to `MAX_MESSAGE` characters: it may quote what a line says."""
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 3] + "..."


def _quote(text: str) -> str:
    return repr(text if len(text) <= _QUOTED else text[: _QUOTED - 3] + "...")


def _json_object_end(text: str, start: int) -> int:
    """Where the JSON object starting at ``start`` ends (the index after its closing
    brace), found without parsing it, so that nothing nested deeper than the JSON
    boundary's ``MAX_JSON_DEPTH`` reaches a parser; ``ValueError`` when it does not
    close or nests too deep (the object itself is then read by ``from_json``, bounded)."""
    if not text.startswith("{", start):
        raise ValueError("a position is a JSON object, starting with '{'")
    depth = 0
    in_string = escaped = False
    for index in range(start, len(text)):
        char = text[index]
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise ValueError(f"the JSON nests deeper than {MAX_JSON_DEPTH}")
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return index + 1
    raise ValueError("the JSON object does not close on this line")


def _oversize(data: str | bytes) -> Problem:
    unit = "characters" if isinstance(data, str) else "bytes"
    message = f"the record is {len(data):,} {unit} long; at most {MAX_RECORD:,} are read"
    return Problem(1, 1, "REC-SIZE", message)


class _Reader:
    """Walks a record's lines once, collecting problems and the steps read."""

    def __init__(self, data: str | bytes, keep_going: bool, keep_steps: bool = True) -> None:
        self.keep_going = keep_going
        self.keep_steps = keep_steps
        # Checked before the text is decoded or split: nothing is built from a longer one.
        self.oversize = len(data) > MAX_RECORD
        text, self.problems = ("", [_oversize(data)]) if self.oversize else decode(data)
        self.lines = lines(text)
        self.header: _Header | None = None
        self.tracker: Tracker[Any] | None = None
        self.steps: list[Step] = []
        self.stepped = False
        self.result: str | None = None
        self.in_sync = True

    def problem(self, line: int, column: int, rule: str, message: str, **more: Any) -> None:
        if len(self.problems) >= MAX_PROBLEMS:
            self.problems.append(
                Problem(line, column, "REC-PROBLEMS", f"stopped after {MAX_PROBLEMS:,} problems")
            )
            raise _Stop
        self.problems.append(Problem(line, column, rule, _short(message), **more))
        self.in_sync = False
        if not self.keep_going:
            raise _Stop

    def run(self) -> None:
        try:
            if self.oversize or (self.problems and not self.keep_going):
                return
            body = self.read_header()
            for line in self.lines[body:]:
                self.read_line(line)
        except _Stop:
            return

    # -- the header -------------------------------------------------------------------

    def read_header(self) -> int:
        """Read the header; the index of the first body line. Stops on a bad header."""
        fields: dict[str, tuple[str, Line, int]] = {}
        index = 0
        while index < len(self.lines) and not self.lines[index].text:
            index += 1
        first = self.lines[index] if index < len(self.lines) else self.lines[-1]
        while index < len(self.lines):
            line = self.lines[index]
            if not line.raw.strip():
                break
            if len(line.raw) > MAX_LINE:
                self.too_long(line)
            if not line.text:
                index += 1
                continue
            found = field(line)
            if found is None or found[0] in SPECIAL_FIELDS:
                break
            key, value, column = found
            if key in fields:
                self.fatal(line, column, "REC-HEADER", f"{key!r} is given twice")
            fields[key] = (value.strip(), line, column)
            index += 1
        if not fields:
            found_text = f"not {_quote(first.text)}" if first.text else "and this one is empty"
            self.fatal(
                first,
                first.column,
                "REC-HEADER",
                "a record starts with its header ('game: super-teams', 'format: 1', "
                f"'players: 4'), {found_text}",
            )
        self.header = self.make_header(fields, first)
        self.tracker = tracker(self.header.game, self.header.start)
        return index

    def fatal(self, line: Line, column: int, rule: str, message: str) -> NoReturn:
        """A header problem: nothing after it can be read."""
        self.problems.append(Problem(line.number, column, rule, _short(message)))
        raise _Stop

    def make_header(self, fields: Mapping[str, tuple[str, Line, int]], first: Line) -> _Header:
        for required in ("game", "format", "players"):
            if required not in fields:
                self.fatal(first, 1, "REC-HEADER", f"the header has no {required!r} field")
        name, line, column = fields["game"]
        if name not in sonic_rules.game_names():
            known = ", ".join(sonic_rules.game_names())
            self.fatal(line, column, "REC-HEADER", f"no game {name!r}; the games are: {known}")
        game = sonic_rules.game(name)
        version, line, column = fields["format"]
        if version != str(FORMAT):
            self.fatal(
                line,
                column,
                "REC-FORMAT",
                f"format {version!r} is unknown; this library reads {FORMAT}",
            )
        variant = fields.get("variant", (game.default_variant, first, 1))[0]
        if variant not in game.variants:
            _, line, column = fields["variant"]
            known = ", ".join(game.variants)
            self.fatal(
                line, column, "REC-HEADER", f"{game.title} has no variant {variant!r}: {known}"
            )
        text, line, column = fields["players"]
        counts = game.variants[variant]
        if not re.fullmatch("[0-9]{1,3}", text) or int(text) not in counts:
            allowed = ", ".join(map(str, counts))
            self.fatal(
                line, column, "REC-HEADER", f"players must be one of {allowed}, not {text!r}"
            )
        players = int(text)
        if "names" in fields:
            names, line, column = fields["names"]
            if len(names.split(",")) != players:
                self.fatal(
                    line, column, "REC-HEADER", f"names lists {players} names, comma-separated"
                )
        generic = {"game", "format", "variant", "players", *FREE_FIELDS}
        own = {key: value for key, (value, _, _) in fields.items() if key not in generic}
        try:
            start = notation(game).start(players, variant, own)
        except HeaderError as error:
            _, line, column = fields.get(error.field, ("", fields["game"][1], 1))
            self.fatal(line, column, "REC-HEADER", f"{error.field}: {error.message}")
        except RulesError as error:
            self.fatal(fields["game"][1], 1, "REC-HEADER", str(error))
        ordered = tuple((key, value) for key, (value, _, _) in fields.items())
        return _Header(game, variant, players, ordered, start)

    # -- the body ---------------------------------------------------------------------

    def too_long(self, line: Line) -> None:
        self.problem(
            line.number,
            MAX_LINE + 1,
            "REC-LINE-LENGTH",
            f"the line is {len(line.raw):,} characters long; at most {MAX_LINE:,} are read",
        )

    def step(self, step: Step) -> None:
        """A line read; kept for a replay (`validate` needs only the last position)."""
        self.stepped = True
        if self.keep_steps:
            self.steps.append(step)

    def read_line(self, line: Line) -> None:
        if len(line.raw) > MAX_LINE:
            self.too_long(line)
            return
        if not line.text:
            return
        if self.result is not None:
            self.problem(
                line.number, line.column, "REC-RESULT", "only comments may follow the result line"
            )
            return
        found = field(line)
        if found is not None and found[0] == "position":
            self.read_position(line, found[2])
        elif found is not None and found[0] == "result":
            self.read_result(line, found[1], found[2])
        else:
            self.read_action(line)

    def read_action(self, line: Line) -> None:
        assert self.tracker is not None and self.header is not None
        before = self.tracker.state
        try:
            events = self.tracker.advance(line.text)
        except RulesError as error:
            rule, column, message = _explain(error)
            expected = notation(self.header.game).expected(before)
            self.problem(
                line.number,
                line.column + column,
                rule,
                f"{_quote(line.text)}: {message} — expected: {expected}",
                expected=expected,
                before=before,
            )
            return
        self.step(Step(line.number, line.text, self.tracker.state, tuple(events)))

    def read_position(self, line: Line, column: int) -> None:
        assert self.tracker is not None and self.header is not None
        game = self.header.game
        start = column - 1
        try:
            end = _json_object_end(line.raw, start)
            rest = line.raw[end:].strip()
            if rest and not rest.startswith("#"):
                raise ValueError(f"{_quote(rest)} follows the position")
            state = game.from_json(line.raw[start:end])
        except (ValueError, RulesError) as error:
            self.problem(
                line.number, column, "REC-POSITION", f"not a {game.title} position: {error}"
            )
            return
        before = self.tracker.state
        if self.in_sync and self.tracker.exact and self.stepped and state != before:
            self.problem(
                line.number,
                column,
                "REC-POSITION",
                "the position line differs from the position the lines before it reached",
                before=before,
            )
        self.tracker = tracker(game, state)
        self.in_sync = True
        self.step(Step(line.number, "position", state, ()))

    def read_result(self, line: Line, value: str, column: int) -> None:
        assert self.tracker is not None
        self.result = value.strip()
        said = result_winners(value)
        state = self.tracker.state
        actual = result_text(state.is_over, tuple(state.winners))
        if said is None:
            self.problem(
                line.number,
                column,
                "REC-RESULT",
                f"{_quote(value)} is no result: write 'seat 1 wins', 'seats 0 and 2 win', "
                f"'nobody wins' or 'unfinished' (here: {actual!r})",
            )
        elif said != (state.is_over, tuple(sorted(state.winners))):
            self.problem(
                line.number,
                column,
                "REC-RESULT",
                f"the result says {value.strip()!r}, but the game's result is {actual!r}",
                before=state,
            )


def _explain(error: RulesError) -> tuple[str, int, str]:
    """An action line's error as ``(rule id, column offset, message)``."""
    if isinstance(error, IllegalActionError):
        return error.rule, 0, error.message
    if isinstance(error, AmbiguousActionError):
        return "REC-AMBIGUOUS", 0, "ambiguous: could be " + "; or ".join(error.candidates)
    if isinstance(error, NotationError):
        return "REC-SYNTAX", error.column, f"names no action: {error.message}"
    if isinstance(error, InvalidActionError):
        return "REC-SYNTAX", 0, f"names no action: {error}"
    return "REC-SYNTAX", 0, str(error)


def _check_text(data: object, parameter: str = "text") -> str | bytes:
    if not isinstance(data, str | bytes):
        raise TypeError(f"{parameter} must be str or bytes, got {type(data).__name__}")
    return data


def validate(text: str | bytes, *, keep_going: bool = False) -> Report:
    """Check a record line by line.

    The report is valid, or lists each problem with its line, column, rule id, an
    explanation saying what was expected and from whom, and the position before the
    line. By default it stops at the first problem; with ``keep_going`` it skips each
    bad line (or takes up again from the next position line) and collects every one.

    >>> validate("game: super-teams\\nformat: 1\\nplayers: 2\\n\\ndeal 1 blue4\\n").problems[0].rule
    'ST-P-DEAL-ORDER'
    """
    if not isinstance(keep_going, bool):
        raise TypeError(f"keep_going must be a bool, got {type(keep_going).__name__}")
    reader = _Reader(_check_text(text), keep_going, keep_steps=False)
    reader.run()
    final = reader.tracker.state if reader.tracker is not None else None
    exact = reader.tracker.exact if reader.tracker is not None else True
    return Report(tuple(reader.problems), len(reader.lines), final, exact)


def read_record(text: str | bytes) -> Record:
    """Read a record, refereeing every line; `RecordError` (a ``RulesError``) carries the
    first problem."""
    reader = _Reader(_check_text(text), keep_going=False)
    reader.run()
    if reader.problems:
        raise RecordError(reader.problems[0])
    header, found = reader.header, reader.tracker
    assert header is not None and found is not None
    return Record(
        header.game,
        header.variant,
        header.players,
        header.fields,
        header.start,
        tuple(reader.steps),
        reader.result,
        found.exact,
    )
