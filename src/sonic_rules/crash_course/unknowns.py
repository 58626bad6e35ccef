"""Crash Course records with unseen draws: what can still be checked, and a state that fits.

A recorder at the table does not see the tokens another seat draws: a record may write
``T drew ?`` (Tails drew a token, unseen) and ``T keep ?`` (Tails kept one of the
tokens drawn, unseen). A Ring is never unseen: it is kept face up on the character
board, so the recorder writes ``T drew ring``. Everything else is public: items placed
or used, discards, tiles, the face-down Beginner tokens as they are turned up.

`UnknownsTracker` reads such a record line by line and keeps a *witness*: a full state in
which every unseen token is one it could be. Each line is refereed on the witness. The
unseen lines of one draw form a *unit*, whose choice is the kind the character keeps and
the kind of the tokens it returns (while the pile has one). When a line needs something
the witness does not give (Tails places a Spring, the witness had Tails keep a Bomb), the
tracker looks for other choices that fit every line read so far: one unit changed, the
units of the line's seat first and the latest first; then, for an item, a unit of the
acting character since its hand was last empty (how many items it holds is public)
keeping it, together with another unit that drew one giving it up. It refuses the line,
with the rules' own error, only when none fits.

What is checked: every public line exactly as in a fully seen record; an item used,
placed or discarded must be one its holder could have kept (and the pile must still
have held it when drawn); the number of items held and the pile's size always add up.
What is not: which unseen token is which (the witness is one possibility); and a record
that would fit only by changing more units at once than the search tries is refused (a
limit of the search, not of the rules; none of 700 simulated records was).
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from sonic_rules.core.errors import IllegalActionError, RulesError
from sonic_rules.core.events import Event
from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course.action_lines import Unseen, parse_action, read_unseen
from sonic_rules.crash_course.engine import step
from sonic_rules.crash_course.phases import PHASES
from sonic_rules.crash_course.state import KINDS, ItemKind, Phase, State
from sonic_rules.crash_course.views import events_for

HIDDEN_KINDS = tuple(kind for kind in KINDS if kind is not ItemKind.RING)
"""The kinds an unseen token may be."""

_WANTS = {
    A.UseMotobug: ItemKind.MOTOBUG,
    A.UseBomb: ItemKind.BOMB,
    A.UseBumper: ItemKind.BUMPER,
}


@attrs.frozen
class _Line:
    """A line read: a seen ``action``, or an ``unseen`` outcome of ``unit`` (``joined``:
    not its first line)."""

    action: A.Action | None = None
    unseen: Unseen | None = None
    unit: int = -1
    joined: bool = False


Choice = tuple[ItemKind, ItemKind]
"""A unit's choice: the kind kept (the first unseen token) and the kind of the others
(while the pile has one)."""


def _play(state: State, line: _Line, choices: list[Choice]) -> tuple[State, list[Event]]:
    """Apply one line on ``state`` with the units' ``choices``."""
    if line.action is not None:
        return step(state, line.action)
    assert line.unseen is not None
    kept, other = choices[line.unit]
    seat = line.unseen.seat
    if line.unseen.what == "keep":
        if state.phase is not Phase.KEEP_CHOICE and line.joined:
            return state, []  # the tokens drawn were one kind: kept without a choice
        PHASES.check_action(state.phase, A.KeepItem(seat, kept))
        return step(state, A.KeepItem(seat, kept))
    if kept in state.drawn or state.phase is not Phase.DRAWING:
        # A token returned: ``other``, or while none is left the most plentiful kind.
        plenty = max(HIDDEN_KINDS, key=lambda kind: state.pile[kind.index])
        kept = other if state.pile[other.index] else plenty
    return step(state, A.DrawItem(seat, kept))


@attrs.frozen
class _Unit:
    """The unseen lines of one draw: the first one's index, the seat and the character
    that drew."""

    start: int
    seat: int
    character: int


class UnknownsTracker:
    """Reads a Crash Course record whose draws may be unseen
    (`sonic_rules.core.notation.Tracker`).

    ``state`` is a witness: the true state while everything was seen (``exact``),
    otherwise one state that fits every line read.
    """

    def __init__(self, start: State) -> None:
        self._lines: list[_Line] = []
        self._states: list[State] = [start]
        self._choices: list[Choice] = []
        self._units: list[_Unit] = []

    @property
    def state(self) -> State:
        return self._states[-1]

    @property
    def exact(self) -> bool:
        return not self._units

    def advance(self, text: str) -> list[Event]:
        """Read one action line; the events it caused (an unseen token's kind hidden).

        A line no choice of the unseen tokens fits raises the rules' `IllegalActionError`
        and leaves the tracker as it was.
        """
        state = self.state
        unseen = read_unseen(state, text)
        choices, units = list(self._choices), list(self._units)
        if unseen is None:
            line = _Line(parse_action(state, text))
        else:
            unit = self._unit_for(unseen, choices, units)
            line = _Line(unseen=unseen, unit=unit, joined=units[unit].start < len(self._lines))
        try:
            after, events = _play(state, line, choices)
        except IllegalActionError as error:
            choices = self._refit(line, choices, units, error)
            after, events = _play(self.state, line, choices)
        self._choices, self._units = choices, units
        self._lines.append(line)
        self._states.append(after)
        return events if unseen is None else events_for(events, None, after)

    def _unit_for(self, unseen: Unseen, choices: list[Choice], units: list[_Unit]) -> int:
        """The unit an unseen line belongs to: the draw under way's, or a new one (added to
        ``choices`` and ``units``)."""
        if units and units[-1].seat == unseen.seat and self._drawing_since(units[-1].start):
            return len(units) - 1
        state = self.state
        drawn = [kind for kind in state.drawn if kind is not ItemKind.RING]
        plenty = max(HIDDEN_KINDS, key=lambda kind: state.pile[kind.index])
        kept = drawn[0] if unseen.what == "keep" and drawn else plenty
        choices.append((kept, kept))
        units.append(_Unit(len(self._lines), unseen.seat, state.active))
        return len(units) - 1

    def _drawing_since(self, start: int) -> bool:
        """Every line from ``start`` on is a token drawn, seen or not: one draw."""
        return all(
            isinstance(line.action, A.DrawItem) or (line.unseen and line.unseen.what == "draw")
            for line in self._lines[start:]
        )

    def _refit(
        self, line: _Line, choices: list[Choice], units: list[_Unit], error: IllegalActionError
    ) -> list[Choice]:
        """Other choices of one unit (or, for an item one character needs and another
        was given, of two) with which every line read and ``line`` fit (the witness
        replayed to them), or ``error``."""
        for changes in self._changes(line, choices, units):
            tried = [*choices]
            for unit, choice in changes:
                tried[unit] = choice
            start = min(units[unit].start for unit, _ in changes)
            try:
                states = self._replay(start, tried, line)
            except RulesError:
                continue
            self._states[start + 1 :] = states
            return tried
        raise error

    def _changes(
        self, line: _Line, choices: list[Choice], units: list[_Unit]
    ) -> Iterator[list[tuple[int, Choice]]]:
        """The changes to try, in order: one unit, the line's seat's latest first; then,
        for an item the line needs, a unit of its character since its hand was last
        empty keeping it, and another unit that drew it drawing something else."""
        seat = line.unseen.seat if line.unseen else getattr(line.action, "seat", None)
        order = sorted(reversed(range(len(units))), key=lambda unit: units[unit].seat != seat)
        wanted = getattr(line.action, "kind", None) or _WANTS.get(type(line.action))
        for unit in order:
            for choice in _alternatives(choices[unit], wanted):
                yield [(unit, choice)]
        if wanted is None:
            return
        holding = [unit for unit in order if wanted in choices[unit]]
        for unit in self._since_empty_hand(units):
            for choice in _alternatives(choices[unit], wanted)[: len(HIDDEN_KINDS)]:
                for other in holding:
                    for instead in _alternatives(choices[other], None):
                        if other != unit and wanted not in instead:
                            yield [(unit, choice), (other, instead)]

    def _since_empty_hand(self, units: list[_Unit]) -> list[int]:
        """The active character's units since it last held no item (the latest first):
        the only ones whose items it can hold now (how many it holds is public)."""
        active = self.state.active
        empty = max(
            (
                n
                for n, state in enumerate(self._states)
                if not state.characters[active].items and not state.drawn
            ),
            default=0,
        )
        return [
            unit
            for unit in reversed(range(len(units)))
            if units[unit].character == active and units[unit].start >= empty
        ]

    def _replay(self, start: int, choices: list[Choice], line: _Line) -> list[State]:
        """The states after each line from ``start`` on with ``choices``; ``line`` must fit
        the last."""
        state = self._states[start]
        states = []
        for read in self._lines[start:]:
            state = _play(state, read, choices)[0]
            states.append(state)
        _play(state, line, choices)
        return states


def _alternatives(current: Choice, wanted: ItemKind | None) -> list[Choice]:
    """Every other choice of a unit, those keeping the ``wanted`` item first."""
    choices = [(kept, other) for kept in HIDDEN_KINDS for other in HIDDEN_KINDS]
    choices.sort(key=lambda choice: (choice[0] is not wanted, choice[0] is not choice[1]))
    return [choice for choice in choices if choice != current]
