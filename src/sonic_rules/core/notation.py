"""What a game gives the record format: its header fields and its action notation.

The game-record machinery (`sonic_rules.records`) is the same for every game: it reads
the header, splits the lines, replays them and reports problems. What differs per game
is here, behind one protocol each game package implements in its ``notation`` module:

- which header fields describe how a game started (options, seats, board or tile
  catalogue, first player) and how to build the start state back from them;
- how an action reads as a line a person writes at the table (short form) or reads
  aloud (long form), and how such a line is parsed back in a given state;
- what the rules expect next, in words ("seat 3 must draw a bonus card before anyone
  plays"), for validation reports.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar

from sonic_rules.core.errors import RulesError

S = TypeVar("S")
A = TypeVar("A")


class AmbiguousActionError(RulesError):
    """A short form that fits more than one legal action; ``candidates`` lists them in
    their long form, so the writer can pick one."""

    def __init__(self, text: str, candidates: tuple[str, ...]) -> None:
        listed = "; ".join(candidates)
        super().__init__(f"{text!r} could be any of: {listed}")
        self.text = text
        self.candidates = candidates

    def __reduce__(self) -> tuple[type[AmbiguousActionError], tuple[str, tuple[str, ...]]]:
        return (type(self), (self.text, self.candidates))


class Notation(Protocol[S, A]):
    """One game's part of the record format (see the module docstring)."""

    def header(self, start: S) -> list[tuple[str, str]]:
        """The header fields, beyond game, format, variant and players, that a record of
        a game starting at ``start`` writes: every non-default option, the seats, the
        board or tile catalogue, the first player."""
        ...

    def start(self, players: int, variant: str, fields: Mapping[str, str]) -> S:
        """The start state the header describes; ``RulesError`` naming the field when a
        field is unknown or malformed."""
        ...

    def parse_action(self, state: S, text: str) -> A:
        """The action ``text`` names in ``state`` (short or long form);
        ``InvalidActionError`` when it names none, `AmbiguousActionError` when a short
        form fits several legal actions."""
        ...

    def action_to_str(self, state: S, action: A, long: bool = False) -> str:
        """``action`` as a record line in ``state``: the short form, or with ``long``
        the sentence form."""
        ...

    def expected(self, state: S) -> str:
        """What the rules expect next in ``state`` and from whom, as a sentence."""
        ...
