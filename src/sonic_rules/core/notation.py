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

A game's ``notation`` module exposes one object satisfying `Notation` as ``NOTATION``
(the records find it as ``sonic_rules.<game package>.notation.NOTATION``).

Two optional extensions, neither required of a game:

- `NotationError`: an ``InvalidActionError`` that says which column of the line is at
  fault; a report points there instead of at the line's start. A game's reader cuts a
  line into `Token` pieces with `tokenize`, so each piece knows its column, and refuses
  a piece with `fault`.
- `PartialNotation`: a game whose records may leave chance outcomes unknown ("seat 2 is
  dealt ?") gives a `Tracker` that reads such a record line by line. A game without it
  has its records read exactly: each line is `Notation.parse_action` then the game's
  ``step``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Protocol, TypeVar, runtime_checkable

import attrs

from sonic_rules.core.errors import InvalidActionError, RulesError
from sonic_rules.core.events import Event

S = TypeVar("S")
A = TypeVar("A")
S_co = TypeVar("S_co", covariant=True)


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


class HeaderError(RulesError):
    """A record header field that is unknown or malformed; ``field`` names it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"header field {field!r}: {message}")
        self.field = field
        self.message = message

    def __reduce__(self) -> tuple[type[HeaderError], tuple[str, str]]:
        return (type(self), (self.field, self.message))


class NotationError(InvalidActionError):
    """Text that names no action, with the ``column`` (0-based, in the text given to
    ``parse_action``) where the fault begins: an unknown word, a missing card."""

    def __init__(self, message: str, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.column = column

    def __reduce__(self) -> tuple[type[NotationError], tuple[str, int]]:
        return (type(self), (self.message, self.column))


@attrs.frozen
class Token:
    """A piece of an action line: ``kind`` (the name of the pattern's group it matched,
    ``"word"`` for a pattern without groups), its ``text`` and the ``column`` (0-based)
    where it begins."""

    kind: str
    text: str
    column: int


def tokenize(pattern: re.Pattern[str], text: str) -> list[Token]:
    """The pieces of ``text`` that ``pattern`` finds, in order, each with its column."""
    return [
        Token(match.lastgroup or "word", match.group(), match.start())
        for match in pattern.finditer(text)
    ]


def fault(message: str, token: Token | None = None) -> NotationError:
    """The `NotationError` refusing ``token``: it points at the token's column, or at the
    line's start when no one piece is at fault."""
    return NotationError(message, 0 if token is None else token.column)


class Notation(Protocol[S, A]):
    """One game's part of the record format (see the module docstring)."""

    def header(self, start: S) -> list[tuple[str, str]]:
        """The header fields, beyond game, format, variant and players, that a record of
        a game starting at ``start`` writes: every non-default option, the seats, the
        board or tile catalogue, the first player."""
        ...

    def start(self, players: int, variant: str, fields: Mapping[str, str]) -> S:
        """The start state the header describes; `HeaderError` (a ``RulesError``)
        naming the field when a field is unknown or malformed."""
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


class Tracker(Protocol[S_co]):
    """Reads a record's action lines one at a time when chance outcomes may be unknown.

    ``state`` is a state consistent with every line read so far: while everything was
    seen it is the game's true state; once something was unknown it is one possible
    assignment of the unknowns (``exact`` is then false), and a later line may replace
    it with another. A line no assignment of the unknowns fits raises the game's
    ``IllegalActionError`` (naming the rule) and leaves the tracker as it was.
    """

    @property
    def state(self) -> S_co: ...

    @property
    def exact(self) -> bool: ...

    def advance(self, text: str) -> list[Event]:
        """Read the action line ``text`` (comments already removed); the events it caused.

        ``InvalidActionError`` when it names no action, `AmbiguousActionError` when it
        fits several, ``IllegalActionError`` when no assignment of the unknowns allows it.
        """
        ...


@runtime_checkable
class PartialNotation(Protocol[S]):
    """A `Notation` that also reads records with unknown chance outcomes."""

    def tracker(self, start: S) -> Tracker[S]:
        """A `Tracker` starting at ``start``."""
        ...
