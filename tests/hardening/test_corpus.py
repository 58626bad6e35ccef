"""The regression corpus: every input that once crashed an entry point is replayed.

Each must now give a `RulesError` (or load) and take well under the fuzzer's two
seconds. The inputs come from the hardening issue's examples and from
``benchmarks/fuzz.py``.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pytest

from hardening.entry_points import ENTRY_POINTS, corpus_cases
from sonic_rules import RulesError

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
    with contextlib.suppress(RulesError):
        ENTRY_POINTS[entry](path.read_bytes())
    assert time.perf_counter() - started < 2.0
