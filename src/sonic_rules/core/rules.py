"""Rule ids: every rule of both rulebooks and every ruling has one.

A game module builds a `RuleBook` of `Rule` values. The code that
enforces a rule names its id (in ``IllegalActionError`` and in comments), the tests
name it, and the docs' rule reference is generated from the book.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs


@attrs.frozen
class Rule:
    """One rule: ``id`` (``ST-LOOP-FALLBACK``), ``title``, ``text`` and its ``source``.

    ``source`` is ``"rulebook"``, ``"ruling"`` (RULINGS.md), ``"project"`` (a ruling
    this project made where neither says anything) or ``"option"``.
    """

    id: str
    title: str
    text: str
    source: str = "rulebook"


class RuleBook:
    """An ordered, read-only collection of rules keyed by id."""

    def __init__(self, game: str, rules: list[Rule]) -> None:
        self.game = game
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"duplicate rule id {rule.id}")
            self._rules[rule.id] = rule

    def __getitem__(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise LookupError(f"no rule {rule_id!r} in the {self.game} rule book") from None

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def ids(self) -> list[str]:
        return list(self._rules)
