"""The regression corpus: every input that once crashed an entry point is replayed.

Each must now give a `RulesError` (or load) and take well under the fuzzer's two
seconds. The inputs come from the hardening issue's examples and from
``benchmarks/fuzz.py``.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from hardening.entry_points import ENTRY_POINTS, corpus_cases
from sonic_rules import RulesError

_HEADER_JSON = (
    "a record header's JSON value is read with json.loads, not the bounded loads_json "
    "({}): for the records notation to fix"
)
OPEN: dict[str, str] = {
    "records/ValueError-f2d63352b8c2": (
        "Crash Course action lines read a course tile of 5,000 digits with int() "
        "(action_lines._course_tile): for the records notation to fix"
    ),
    "records/RecursionError-header-st-first-player-nested-5000-deep": _HEADER_JSON.format(
        "super_teams/notation.py"
    ),
    "records/RecursionError-header-cc-tiles-nested-5000-deep": _HEADER_JSON.format(
        "crash_course/notation.py, tiles"
    ),
    "records/ValueError-header-cc-turn-limit-of-5000-digits": _HEADER_JSON.format(
        "crash_course/notation.py, options"
    ),
    "records/RecursionError-position-line-nested-5000-deep": (
        "a position line is scanned with json.JSONDecoder().raw_decode before loads_json "
        "(records/reader.py): for the records notation to fix"
    ),
}
"""Corpus files whose fault lies outside the loaders hardened so far, with its owner."""

CASES = corpus_cases()


def test_the_corpus_covers_every_kind_of_crash_the_issue_lists() -> None:
    names = {f"{entry}/{path.name}" for entry, path in CASES}
    for expected in (
        "super-teams.state/RecursionError-nested-5000-deep",
        "crash-course.action/ValueError-number-of-5000-digits",
        "crash-course.tiles/TypeError-bytes-empty-object",
        "super-teams.card/ValueError-superscript-two",
        "super-teams.board/TimeoutError-16000-loop-spaces",
    ):
        assert expected in names


@pytest.mark.parametrize(
    ("entry", "path"), CASES, ids=[f"{entry}/{path.name}" for entry, path in CASES]
)
def test_corpus_input_gives_only_a_rules_error(entry: str, path: Path) -> None:
    started = time.perf_counter()
    try:
        ENTRY_POINTS[entry](path.read_bytes())
    except RulesError:
        pass
    except Exception:
        reason = OPEN.get(f"{entry}/{path.name}")
        if reason is None:
            raise
        pytest.xfail(reason)
    assert time.perf_counter() - started < 2.0
