"""The record as text: decoding, lines, comments, header fields and the result line."""

from __future__ import annotations

import re

import attrs

from sonic_rules.records.report import Problem

FORMAT = 1
"""The record format version this library writes and reads."""
MAX_LINE = 100_000
"""The longest line read (characters); a longer one is reported and skipped."""
MAX_RECORD = 1_000_000
"""The longest record read, in characters (given as bytes: in bytes); a longer one is
refused before its lines are split (a game of a thousand turns needs under 50,000)."""
MAX_PROBLEMS = 1_000
"""The most problems one reading reports; with ``keep_going`` it stops at the next one."""

_KEY = re.compile(r"[A-Za-z][A-Za-z0-9 _-]*")
_SPACES = re.compile(r"[ \t]+")
_SEAT = re.compile("[0-9]{1,3}")
SPECIAL_FIELDS = ("position", "result")
"""Field-like lines that belong to the body, not the header."""


@attrs.frozen
class Line:
    """One line of a record: ``number`` from 1, ``text`` without its comment or the
    spaces around it, ``column`` (from 1) where ``text`` starts, ``raw`` as written."""

    number: int
    text: str
    column: int
    raw: str


def decode(data: str | bytes) -> tuple[str, list[Problem]]:
    """The record's text; undecodable bytes are reported (REC-ENCODING) and replaced."""
    if isinstance(data, str):
        return data.removeprefix("\ufeff"), []
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as error:
        start = error.start
        line = data.count(b"\n", 0, start) + 1
        column = start - (data.rfind(b"\n", 0, start) + 1) + 1
        problem = Problem(
            line,
            column,
            "REC-ENCODING",
            f"byte 0x{data[start]:02x} is not UTF-8 text: a record is UTF-8 text",
        )
        return data.decode("utf-8", errors="replace"), [problem]


def strip_comment(raw: str) -> tuple[str, int]:
    """``raw`` without its ``#`` comment and surrounding spaces, and where it starts (from 1)."""
    content = raw.split("#", 1)[0].rstrip()
    stripped = content.lstrip()
    return stripped, len(content) - len(stripped) + 1


def lines(text: str) -> list[Line]:
    """Every line of ``text`` (``\\n`` or ``\\r\\n`` ends a line)."""
    found = []
    for number, raw in enumerate(text.split("\n"), start=1):
        raw = raw.removesuffix("\r")
        content, column = strip_comment(raw) if len(raw) <= MAX_LINE else ("", 1)
        found.append(Line(number, content, column, raw))
    return found


def field(line: Line) -> tuple[str, str, int] | None:
    """``(key, value, value column)`` when ``line`` reads ``key: value``; the key in
    lower case with single spaces."""
    # Split at the first colon rather than match one pattern over the whole line: a
    # pattern that tries every place a key could end reads a long line again for each.
    before, colon, after = line.text.partition(":")
    key = before.strip(" \t")
    if not colon or _KEY.fullmatch(key) is None:
        return None
    value = after.lstrip(" \t")
    column = line.column + len(before) + 1 + len(after) - len(value)
    return _SPACES.sub(" ", key.lower()), value, column


def result_winners(value: str) -> tuple[bool, tuple[int, ...]] | None:
    """A result line's value as ``(over, winners)``: ``unfinished`` (or ``*``) is not over;
    ``nobody wins`` is over with no winner; ``seats 0 and 2 win`` names the winners.
    ``None`` when it says none of these."""
    words = value.lower().replace(",", " ").split()
    if words in (["unfinished"], ["*"]):
        return False, ()
    if words and words[0] in ("nobody", "none", "draw"):
        return True, ()
    seats = [word for word in words if _SEAT.fullmatch(word)]
    rest = [word for word in words if not _SEAT.fullmatch(word)]
    if seats and set(rest) <= {"seat", "seats", "and", "win", "wins", "won"}:
        return True, tuple(sorted(int(seat) for seat in seats))
    return None


def result_text(over: bool, winners: tuple[int, ...]) -> str:
    """The result line's value for a game in this state."""
    if not over:
        return "unfinished"
    if not winners:
        return "nobody wins"
    if len(winners) == 1:
        return f"seat {winners[0]} wins"
    return f"seats {' and '.join(map(str, winners))} win"
