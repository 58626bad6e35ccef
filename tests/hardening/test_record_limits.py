"""A record is read in time linear in its length, within documented limits.

Regression tests for the hardening review: a header or body line of a letter, 99,990
spaces and another letter took 22 to 35 s (the header field pattern tried every place a
key could end and read the rest of the line from each), a Super Teams line of a colour
and spaces 9 s (the card pattern shared the spaces between two runs every way it
could); nothing limited a record's length, nor how many problems ``keep_going`` kept.
"""

from __future__ import annotations

import time

import pytest

from sonic_rules import records
from sonic_rules.records import MAX_LINE, MAX_PROBLEMS, MAX_RECORD, RecordError

BOUND = 5.0
"""Seconds: far above a linear reading's time, far below the quadratic one's."""

HEADERS = {
    "super-teams": "game: super-teams\nformat: 1\nplayers: 2\n",
    "crash-course": "game: crash-course\nformat: 1\nplayers: 2\n",
}
SPACES = " " * (MAX_LINE - 100)
LINES = [
    "a" + SPACES + "b",
    "a" + SPACES + ":",
    "seat" + SPACES + "1",
    "blue" + SPACES + "x",
    "blue" + SPACES + "?",
    "draw" + SPACES + "1",
    "tile 1 row" + SPACES + "?",
    "a:" + '"' * (MAX_LINE - 100),
]


@pytest.mark.parametrize("game", list(HEADERS))
@pytest.mark.parametrize("line", LINES, ids=lambda line: repr(line[:6] + line[-2:]))
def test_a_long_line_is_read_in_linear_time(game: str, line: str) -> None:
    for text in (HEADERS[game] + line + "\n", HEADERS[game] + "\n" + line + "\n"):
        started = time.perf_counter()
        report = records.validate(text)
        elapsed = time.perf_counter() - started
        assert not report.valid
        assert elapsed < BOUND, f"{elapsed:.2f} s"


def test_a_record_over_the_limit_is_refused_before_its_lines_are_read() -> None:
    comments = ("#" * 99 + "\n") * (MAX_RECORD // 100 + 1)
    text = HEADERS["super-teams"] + "\n" + comments[: MAX_RECORD - len(HEADERS["super-teams"])]
    assert len(text) == MAX_RECORD + 1
    for data in (text, text.encode()):
        started = time.perf_counter()
        report = records.validate(data, keep_going=True)
        assert time.perf_counter() - started < 0.5
        (problem,) = report.problems
        assert (problem.line, problem.column, problem.rule) == (1, 1, "REC-SIZE")
        assert f"at most {MAX_RECORD:,} are read" in problem.message
    with pytest.raises(RecordError, match="REC-SIZE"):
        records.read_record(text)
    assert records.validate(text[:MAX_RECORD]).valid


def test_keep_going_stops_after_the_most_problems_it_reports() -> None:
    text = HEADERS["crash-course"] + "\n" + "nonsense\n" * (MAX_PROBLEMS + 500)
    report = records.validate(text, keep_going=True)
    assert len(report.problems) == MAX_PROBLEMS + 1
    assert {problem.rule for problem in report.problems[:-1]} == {"REC-SYNTAX"}
    last = report.problems[-1]
    assert last.rule == "REC-PROBLEMS"
    assert last.line == 5 + MAX_PROBLEMS
    assert records.validate(text).problems[0].rule == "REC-SYNTAX"
