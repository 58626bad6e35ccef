"""What validation reports: each problem with its line, column, rule id and explanation."""

from __future__ import annotations

from typing import Any

import attrs

from sonic_rules.core.errors import RulesError

RECORD_RULES: dict[str, str] = {
    "REC-FILE": "A record file exists and can be read (the command line's check).",
    "REC-ENCODING": "A record is UTF-8 text.",
    "REC-SIZE": "A record is at most 1,000,000 characters long.",
    "REC-LINE-LENGTH": "A line is at most 100,000 characters long.",
    "REC-PROBLEMS": "A reading reports at most 1,000 problems, then stops.",
    "REC-HEADER": (
        "A record starts with a header: game, format and players, then the optional "
        "fields (variant, names, event, date, place, note) and the game's own fields, "
        "each once, as 'field: value'."
    ),
    "REC-FORMAT": "The header's format is one this library reads (1).",
    "REC-SYNTAX": "Each line after the header names one action in the game's notation.",
    "REC-AMBIGUOUS": "A short form names exactly one legal action.",
    "REC-POSITION": (
        "A position line holds a state as JSON; in a record read without a problem it "
        "must be the position the lines before it reached."
    ),
    "REC-RESULT": (
        "The result line, if any, comes last and says how the game ended: the winning "
        "seats, nobody, or unfinished."
    ),
}
"""The record format's own rules, by id; a problem with an action names the game's rule."""


@attrs.frozen
class Problem:
    """One problem in a record.

    ``line`` and ``column`` count from 1. ``rule`` is a game rule id (``ST-...``,
    ``CC-...``) or a record rule id (``REC-...``, see `RECORD_RULES`). ``expected`` says
    what the rules expected at that point and from whom; ``before`` is the position
    before the line (``None`` before the header is read).
    """

    line: int
    column: int
    rule: str
    message: str
    expected: str | None = None
    before: Any = attrs.field(default=None, eq=False, repr=False)

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.rule}: {self.message}"


@attrs.frozen
class Report:
    """The outcome of `validate`: ``problems`` in line order, empty when the record is
    valid; ``final`` is the position after the last line read (``None`` without a
    readable header)."""

    problems: tuple[Problem, ...]
    lines: int
    final: Any = attrs.field(default=None, eq=False, repr=False)
    exact: bool = True
    """False when ``final`` depends on chance outcomes nobody saw: it is then one position
    that fits every line (once every hand holding an unseen card has been played out,
    the position is exact again)."""

    @property
    def valid(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        if self.valid:
            return f"valid ({self.lines} lines)"
        return "\n".join(str(problem) for problem in self.problems)


class RecordError(RulesError):
    """A record `read_record` cannot read; ``problem`` says where and why."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem

    def __reduce__(self) -> tuple[type[RecordError], tuple[Problem]]:
        return (type(self), (self.problem,))
