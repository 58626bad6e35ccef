"""The JSON shape check reads text in time linear in its length.

Regression tests for the hardening review: the check before the parser (no nesting over
`MAX_JSON_DEPTH`, no number over `MAX_NUMBER_DIGITS` digits, strings skipped) retried
its string pattern from every quote, so ``'"' + '\\\\"' * 8_000`` took about 5 s in
``from_json`` and 1,000,000 characters, which the limit allows, would have taken hours.
The same check reads actions, events, views, record header values, inline tile
catalogues and the files ``sonic-rules render`` draws. The bounds below are generous on
purpose (a slow machine must pass); on the machine these were written on each took a
few tens of milliseconds.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import sonic_rules
from sonic_rules import RulesError, records
from sonic_rules.cli import main
from sonic_rules.core.serialization import MAX_JSON_CHARS, MAX_JSON_DEPTH, loads_json

BOUND = 5.0
"""Seconds: far above the linear check's time, far below the quadratic one's."""

ESCAPED_QUOTES = '"' + '\\"' * ((MAX_JSON_CHARS - 1) // 2)
"""An unterminated string of escaped quotes, as long as the limit allows."""

LOADERS = [
    (f"{game.name}.{member}", getattr(game, member))
    for game in sonic_rules.games()
    for member in ("from_json", "action_from_json", "event_from_json", "view_from_json")
]


def _timed(call: Callable[[], Any]) -> float:
    started = time.perf_counter()
    with pytest.raises(RulesError):
        call()
    return time.perf_counter() - started


@pytest.mark.parametrize(("name", "load"), LOADERS, ids=[name for name, _ in LOADERS])
def test_a_million_escaped_quotes_are_refused_by_every_loader_at_once(
    name: str, load: Callable[[Any], Any]
) -> None:
    assert len(ESCAPED_QUOTES) <= MAX_JSON_CHARS
    for text in (ESCAPED_QUOTES, "[" + ESCAPED_QUOTES, '{"type": ' + ESCAPED_QUOTES[:-9]):
        elapsed = _timed(lambda text=text: load(text))  # type: ignore[misc]
        assert elapsed < BOUND, f"{name}: {elapsed:.2f} s"
        elapsed = _timed(lambda text=text: load(text.encode()))  # type: ignore[misc]
        assert elapsed < BOUND, f"{name} (bytes): {elapsed:.2f} s"


def test_strings_are_still_skipped_whole_and_unterminated_ones_refused() -> None:
    assert loads_json('["\\\\", "[[[", "\\"]]"]') == ["\\", "[[[", '"]]']
    deep = "[" * (MAX_JSON_DEPTH + 1)
    with pytest.raises(RulesError, match="Unterminated string"):
        loads_json('"' + deep)
    with pytest.raises(RulesError, match="nested deeper"):
        loads_json('"a\\\\"' + deep)


def _record_with(field: str, value: str) -> str:
    return f"game: crash-course\nformat: 1\nplayers: 2\n{field}: {value}\n\nresult: unfinished\n"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("turn limit", ESCAPED_QUOTES[: records.MAX_LINE - 20]),
        ("tiles", "{" + ESCAPED_QUOTES[: records.MAX_LINE - 20]),
        ("tiles", '{"name": ' + ESCAPED_QUOTES[: records.MAX_LINE - 30]),
    ],
    ids=["option value", "inline catalogue", "catalogue name"],
)
def test_escaped_quotes_in_a_record_header_are_refused_at_once(field: str, value: str) -> None:
    text = _record_with(field, value)
    started = time.perf_counter()
    report = records.validate(text)
    elapsed = time.perf_counter() - started
    assert report.problems[0].rule == "REC-HEADER"
    assert elapsed < BOUND, f"{elapsed:.2f} s"


def test_render_of_a_million_escaped_quotes_is_reported_at_once(tmp_path: Path) -> None:
    path = tmp_path / "quotes.json"
    path.write_text(ESCAPED_QUOTES)
    started = time.perf_counter()
    code = main(["render", str(path), "-o", "-"], out=io.StringIO(), err=io.StringIO())
    elapsed = time.perf_counter() - started
    assert code == 1
    assert elapsed < BOUND, f"{elapsed:.2f} s"
