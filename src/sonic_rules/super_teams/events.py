"""Events of Super Teams: what each action did, for logs and animation.

An event's JSON is an object tagged ``{"type": "card-dealt", ...}`` (the kebab-case
class name), written by `event_to_json` and read back strictly by
`event_from_json`. `HiddenCardDealt` and `HiddenBonusCardTaken`
are what a seat sees of a card that went to another seat
(`events_for`).
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from sonic_rules.core.events import Event
from sonic_rules.core.interning import made_once
from sonic_rules.core.serialization import (
    configure_actions,
    dump_event,
    load_event,
)
from sonic_rules.super_teams.board import Surface
from sonic_rules.super_teams.cards import BonusKind, Card, Character
from sonic_rules.super_teams.serialize import converter


@attrs.frozen
class CardDealt(Event):
    seat: int
    card: Card

    def describe(self) -> str:
        return f"seat {self.seat} is dealt {self.card}"


@attrs.frozen
class HiddenCardDealt(Event):
    """A movement card went to ``seat``; only that seat sees which."""

    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} is dealt a card"


@attrs.frozen
class SpecialCardRevealed(Event):
    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} reveals the special card and discards it; a replacement follows"


@attrs.frozen
class DeckReshuffled(Event):
    cards: int

    def describe(self) -> str:
        return f"the discard pile is shuffled into the deck ({self.cards} cards)"


@attrs.frozen
class BonusDeckReshuffled(Event):
    cards: int

    def describe(self) -> str:
        return f"the bonus discard pile is shuffled into a new bonus deck ({self.cards} cards)"


@attrs.frozen
class NoBonusCard(Event):
    seat: int

    def describe(self) -> str:
        return f"no bonus card is left for seat {self.seat}"


@attrs.frozen
class BonusCardTaken(Event):
    seat: int
    kind: BonusKind

    def describe(self) -> str:
        return f"seat {self.seat} takes a {self.kind.value} bonus card"


@attrs.frozen
class HiddenBonusCardTaken(Event):
    """``seat`` took a bonus card from the bonus deck; only that seat sees which."""

    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} takes a bonus card"


@attrs.frozen
class CardPlayed(Event):
    seat: int
    card: Card
    character: Character
    fallback: bool

    def describe(self) -> str:
        note = " (its colour is across, so the side's other colour moves)" if self.fallback else ""
        return f"seat {self.seat} plays {self.card} for {self.character}{note}"


@attrs.frozen
class BonusPlayed(Event):
    seat: int
    kind: BonusKind

    def describe(self) -> str:
        return f"seat {self.seat} plays {self.kind}"


@attrs.frozen
class Passed(Event):
    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} passes"


@attrs.frozen
class Moved(Event):
    character: Character
    start: int
    end: int
    value: int
    surface: Surface

    def describe(self) -> str:
        how = {Surface.RINGS: " (rings)", Surface.SPIKES: " (spikes)"}.get(self.surface, "")
        return f"{self.character} moves {self.value}{how} from {self.start} to {self.end}"


@attrs.frozen
class FellBack(Event):
    character: Character
    loop_space: int
    end: int

    def describe(self) -> str:
        return (
            f"{self.character} stops in the loop at {self.loop_space} and falls back to {self.end}"
        )


@attrs.frozen
class ThroughLoop(Event):
    character: Character
    loop_space: int
    end: int | None

    def describe(self) -> str:
        where = "across the finish" if self.end is None else f"on to {self.end}"
        return (
            f"{self.character} stops in the loop at {self.loop_space}; Dexterity carries it {where}"
        )


@attrs.frozen
class Crossed(Event):
    character: Character

    def describe(self) -> str:
        return f"{self.character} crosses the finish line"


@attrs.frozen
class HalfChosen(Event):
    character: Character
    half: Surface

    def describe(self) -> str:
        return f"{self.character} stands on the {self.half} half"


@attrs.frozen
class SuperJumped(Event):
    character: Character
    start: int
    end: int | None
    half: Surface | None

    def describe(self) -> str:
        if self.end is None:
            return f"Super Jump: no rings ahead of {self.character}, nothing happens"
        return f"Super Jump: {self.character} jumps from {self.start} to the rings at {self.end}"


@attrs.frozen
class SuperJumpUnused(Event):
    seat: int

    def describe(self) -> str:
        return f"seat {self.seat} has no character left to Super Jump; the card is discarded"


@attrs.frozen
class SideWon(Event):
    seats: tuple[int, ...]

    def describe(self) -> str:
        seats = " and ".join(str(seat) for seat in self.seats)
        return f"every character of the side of seat(s) {seats} is across: they win"


@attrs.frozen
class TurnLimitReached(Event):
    """ST-OPT-TURN-LIMIT: the game ends unfinished after ``turns`` turns; nobody wins."""

    turns: int

    def describe(self) -> str:
        return f"the turn limit of {self.turns} turns is reached: the game ends, nobody wins"


SuperTeamsEvent: TypeAlias = (
    CardDealt
    | HiddenCardDealt
    | SpecialCardRevealed
    | DeckReshuffled
    | BonusDeckReshuffled
    | NoBonusCard
    | BonusCardTaken
    | HiddenBonusCardTaken
    | CardPlayed
    | BonusPlayed
    | Passed
    | Moved
    | FellBack
    | ThroughLoop
    | Crossed
    | HalfChosen
    | SuperJumped
    | SuperJumpUnused
    | SideWon
    | TurnLimitReached
)
EVENT_TYPES: tuple[type[Event], ...] = (
    CardDealt,
    HiddenCardDealt,
    SpecialCardRevealed,
    DeckReshuffled,
    BonusDeckReshuffled,
    NoBonusCard,
    BonusCardTaken,
    HiddenBonusCardTaken,
    CardPlayed,
    BonusPlayed,
    Passed,
    Moved,
    FellBack,
    ThroughLoop,
    Crossed,
    HalfChosen,
    SuperJumped,
    SuperJumpUnused,
    SideWon,
    TurnLimitReached,
)
configure_actions(converter, SuperTeamsEvent)


def event_to_json(event: Event) -> str:
    """An event as JSON, tagged ``{"type": "<kebab-case name>", ...}``."""
    return dump_event(converter, SuperTeamsEvent, EVENT_TYPES, event)


def event_from_json(text: str | bytes) -> Event:
    """Read an event written by `event_to_json`.

    An unknown ``"type"`` is refused listing the known ones; a missing, extra or
    wrongly typed field raises an ``InvalidStateError`` naming the JSON path.
    """
    event: Event = load_event(converter, SuperTeamsEvent, EVENT_TYPES, text)
    return event


made_event = made_once(10_000, "super-teams events")
"""``made_event(kind, *fields)``: the one event of ``kind`` with these fields (events are
frozen values, so the handlers hand out the same one again)."""
