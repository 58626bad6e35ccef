"""Every rule id of both games is named by at least one test (DESIGN.md section 6).

A rule that is not tested is not done: this check fails for any id in a game's
``RULES`` that appears in no test file (the id string, exactly, outside this file).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sonic_rules import crash_course, super_teams
from sonic_rules.core.rules import RuleBook

TESTS = Path(__file__).parent


def _test_text() -> str:
    return "\n".join(
        path.read_text(encoding="utf-8")
        for path in sorted(TESTS.rglob("*.py"))
        if path.name != Path(__file__).name
    )


@pytest.mark.parametrize("book", [super_teams.RULES, crash_course.RULES], ids=["ST", "CC"])
def test_every_rule_id_has_a_test(book: RuleBook) -> None:
    text = _test_text()
    untested = [rule.id for rule in book if rule.id not in text]
    assert not untested, f"rule ids with no test: {untested}"


@pytest.mark.parametrize(
    ("book", "prefix"), [(super_teams.RULES, "ST-"), (crash_course.RULES, "CC-")], ids=["ST", "CC"]
)
def test_rule_ids_are_well_formed(book: RuleBook, prefix: str) -> None:
    assert len(book) > 20
    for rule in book:
        assert rule.id.startswith(prefix) and rule.id == rule.id.upper()
        assert rule.title and rule.text
        assert rule.source in {"rulebook", "ruling", "project", "option"}


def test_errors_name_rules_that_exist() -> None:
    """Every rule id quoted in the engines' source is declared in its rule book."""
    import re

    for package, book in ((super_teams, super_teams.RULES), (crash_course, crash_course.RULES)):
        root = Path(package.__file__).parent
        prefix = "ST" if package is super_teams else "CC"
        for path in root.rglob("*.py"):
            for rule_id in re.findall(rf'"({prefix}-[A-Z0-9-]+)"', path.read_text("utf-8")):
                assert rule_id in book, f"{path.name} names unknown rule {rule_id}"
