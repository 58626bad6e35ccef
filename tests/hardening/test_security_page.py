"""The security page states the limits the code enforces, no other numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from sonic_rules import cli, records
from sonic_rules.core import boundary, serialization
from sonic_rules.crash_course import tiles
from sonic_rules.super_teams import board

MAX_LIMIT = 100_000_000
"""`adapters.openspiel.MAX_LIMIT`, read here without OpenSpiel (the test below checks
the two agree when OpenSpiel is installed)."""

PAGE = Path(__file__).resolve().parents[2] / "docs" / "security.md"


def test_security_page_states_each_limit_as_the_code_enforces_it() -> None:
    text = PAGE.read_text(encoding="utf-8")
    rows = {
        line.split("|")[1].strip(): line.split("|")[2]
        for line in text.splitlines()
        if line.startswith("| ") and line.count("|") == 4
    }
    for row, value in (
        ("JSON text (state, action, event, view, catalogue)", serialization.MAX_JSON_CHARS),
        ("JSON nesting of arrays and objects", serialization.MAX_JSON_DEPTH),
        ("a number in JSON", serialization.MAX_NUMBER_DIGITS),
        ("a Super Teams board", board.MAX_SPACES),
        ("board notation", board.MAX_NOTATION_CHARS),
        ("a tile catalogue", tiles.MAX_TRACK_TILES),
        ("a tile catalogue", tiles.MAX_SHORTCUT_TILES),
        ("a tile id", tiles.MAX_ID_CHARS),
        ("a line of a game record", records.MAX_LINE),
        ("`simulate --games`", cli.MAX_GAMES),
        ("`--max-actions`", cli.MAX_ACTIONS),
        ("`render --size`", cli.MAX_SIZE),
        (
            "JSON as bytes, a state file (`render`), a tile file (`load_tiles`)",
            serialization.MAX_JSON_BYTES,
        ),
        ("a game record", records.MAX_RECORD),
        ("problems one record reading reports (it stops at the next)", records.MAX_PROBLEMS),
        ("OpenSpiel's `turn_limit` and `decision_limit`", MAX_LIMIT),
    ):
        assert f" {value:,} " in rows[row], f"{row}: {rows[row]!r} does not say {value:,}"
    digits = len(str(boundary.MAX_WHOLE_NUMBER))
    assert digits == serialization.MAX_NUMBER_DIGITS
    row = rows["an option's count or limit (`turn_limit`, `decision_limit`)"]
    assert f" {digits} digits " in row


def test_the_openspiel_limit_is_the_adapter_s() -> None:
    adapter = pytest.importorskip("sonic_rules.adapters.openspiel", exc_type=ImportError)
    assert adapter.MAX_LIMIT == MAX_LIMIT
