"""The security page states the limits the code enforces, no other numbers."""

from __future__ import annotations

from pathlib import Path

from sonic_rules import cli, records
from sonic_rules.core import serialization
from sonic_rules.crash_course import tiles
from sonic_rules.super_teams import board

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
    ):
        assert f" {value:,} " in rows[row], f"{row}: {rows[row]!r} does not say {value:,}"
