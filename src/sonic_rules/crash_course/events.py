"""Typed events: what an action did, one small frozen value per happening.

Each event's ``describe()`` is a sentence for a log, naming characters by name. The
words for items, lanes and spaces live here too, so action labels
(`actions`) and events say the same thing the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

import attrs

from sonic_rules.core.events import Event
from sonic_rules.core.serialization import (
    configure_actions,
    dump_event,
    load_event,
    make_converter,
)
from sonic_rules.crash_course.options import Character
from sonic_rules.crash_course.pieces import ItemKind, Space
from sonic_rules.crash_course.tiles import LANE_NAMES

_ITEM_NAMES = {
    ItemKind.MOTOBUG: "Motobug",
    ItemKind.BOMB: "Bomb",
    ItemKind.BUMPER: "Bumper",
    ItemKind.SPRING: "Spring",
    ItemKind.BOOSTER: "Booster",
    ItemKind.CRABMEAT: "Crabmeat",
    ItemKind.RING: "Ring",
}


def character_text(name: object) -> str:
    """``Character.TAILS`` (or ``"tails"``) -> ``"Tails"``; anything else as its repr."""
    if isinstance(name, Character):
        return name.value.capitalize()
    if isinstance(name, str) and name in {member.value for member in Character}:
        return name.capitalize()
    return repr(name)


def possessive(name: str) -> str:
    """``"Sonic"`` -> ``"Sonic's"``, ``"Tails"`` -> ``"Tails'"``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def item_text(kind: object) -> str:
    """``ItemKind.SPRING`` -> ``"Spring"``; anything else as its repr."""
    return _ITEM_NAMES[kind] if isinstance(kind, ItemKind) else repr(kind)


def items_text(kind: object, count: int) -> str:
    """``(RING, 1)`` -> ``"1 Ring"``, ``(RING, 3)`` -> ``"3 Rings"``."""
    return f"{count} {item_text(kind)}{'' if count == 1 else 's'}"


def number_text(value: object) -> str:
    """A seat, tile or row number as written: ``3``; anything else as its repr."""
    return str(value) if type(value) is int else repr(value)


def _lane_name(lane: object) -> str | None:
    """``"left"``, ``"middle"`` or ``"right"``; ``None`` for a lane that does not exist."""
    return LANE_NAMES[lane] if type(lane) is int and 0 <= lane < len(LANE_NAMES) else None


def lane_text(lane: object) -> str:
    """``0`` -> ``"the left lane"``; a lane that does not exist as ``"lane 7"``."""
    name = _lane_name(lane)
    return f"lane {number_text(lane)}" if name is None else f"the {name} lane"


def space_text(space: object) -> str:
    """``Space(3, 1, 0)`` -> ``"tile 3 row 1 left"``; never fails, whatever the values."""
    if not isinstance(space, Space):
        return repr(space)
    lane = _lane_name(space.lane) or f"lane {number_text(space.lane)}"
    return f"tile {number_text(space.tile)} row {number_text(space.row)} {lane}"


_who = character_text
"""A character's name in a sentence (short, for the events below)."""


def listing(words: Sequence[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


@attrs.frozen
class Drew(Event):
    """A token was drawn."""

    character: Character
    kind: ItemKind

    def describe(self) -> str:
        return f"{_who(self.character)} draws a {item_text(self.kind)}."


@attrs.frozen
class ItemKept(Event):
    """A drawn item (or Ring) was kept."""

    character: Character
    kind: ItemKind

    def describe(self) -> str:
        return f"{_who(self.character)} keeps the {item_text(self.kind)}."


@attrs.frozen
class HiddenDrew(Event):
    """A token was drawn by another seat: only its drawer sees which (`views.events_for`)."""

    character: Character

    def describe(self) -> str:
        return f"{_who(self.character)} draws a token."


@attrs.frozen
class HiddenItemKept(Event):
    """Another seat kept a drawn item: only its holder sees which (`views.events_for`)."""

    character: Character

    def describe(self) -> str:
        return f"{_who(self.character)} keeps an item."


@attrs.frozen
class ItemDiscarded(Event):
    """A token went to the discard pile (``why`` says why)."""

    kind: ItemKind
    count: int
    why: str

    def describe(self) -> str:
        verb = "goes" if self.count == 1 else "go"
        return f"{items_text(self.kind, self.count)} {verb} to the discard pile ({self.why})."


@attrs.frozen
class ItemsReturned(Event):
    """Drawn items not kept went back to the pile."""

    count: int

    def describe(self) -> str:
        if self.count == 1:
            return "The drawn item not kept goes back into the pile."
        return f"The {self.count} drawn items not kept go back into the pile."


@attrs.frozen
class PileReshuffled(Event):
    """The discard pile was shuffled into the item pile."""

    count: int

    def describe(self) -> str:
        tokens = "1 token" if self.count == 1 else f"{self.count} tokens"
        return f"The discard pile ({tokens}) is shuffled into the pile."


@attrs.frozen
class DrawSkipped(Event):
    """A player with a full hand skipped the draw, or nothing was left to draw."""

    character: Character

    def describe(self) -> str:
        return f"{_who(self.character)} draws nothing."


@attrs.frozen
class PowerUpGained(Event):
    """Three Rings were exchanged for the Power-Up token."""

    character: Character

    def describe(self) -> str:
        return f"{_who(self.character)} trades 3 Rings for the Power-Up token."


@attrs.frozen
class PowerUpSpent(Event):
    """The Power-Up token was spent (``use`` is ``heal`` or ``turn``)."""

    character: Character
    use: str

    def describe(self) -> str:
        return f"{_who(self.character)} spends the Power-Up to {self.use}."


@attrs.frozen
class Fixed(Event):
    """One damage was removed."""

    character: Character
    damage: int

    def describe(self) -> str:
        left = "no damage" if self.damage == 0 else f"{self.damage} damage"
        return f"{_who(self.character)} fixes 1 damage ({left} left)."


_MOVES = {
    "entry": "enters the track at {end}",
    "step": "steps from {start} to {end}",
    "shortcut": "takes the shortcut from {start} to {end}",
    "push": "is pushed from {start} to {end}",
    "boost": "is boosted from {start} to {end}",
    "jump": "jumps from {start} to {end}",
    "bump": "is bumped from {start} to {end}",
}


@attrs.frozen
class Moved(Event):
    """A character entered a space (``how``: step, push, boost, jump, bump, ...)."""

    character: Character
    start: Space | None
    end: Space
    how: str

    def describe(self) -> str:
        start = "off the track" if self.start is None else space_text(self.start)
        end = space_text(self.end)
        pattern = _MOVES.get(self.how)
        moved = (
            f"goes from {start} to {end}"
            if pattern is None
            else pattern.format(start=start, end=end)
        )
        return f"{_who(self.character)} {moved}."


@attrs.frozen
class TookDamage(Event):
    """A character took 1 damage (``source``: spikes, Crabmeat, Motobug, ...)."""

    character: Character
    source: str
    damage: int

    def describe(self) -> str:
        return (
            f"{_who(self.character)} takes 1 damage from {self.source} ({self.damage} damage now)."
        )


@attrs.frozen
class KnockedDown(Event):
    """Beginner: a damaged character lies down."""

    character: Character
    source: str

    def describe(self) -> str:
        return f"{_who(self.character)} is knocked down by {self.source}."


@attrs.frozen
class Recovered(Event):
    """Beginner: a character got up (with a Ring, or after skipping a turn)."""

    character: Character
    with_ring: bool

    def describe(self) -> str:
        how = "discards a Ring and gets up" if self.with_ring else "gets up"
        return f"{_who(self.character)} {how}."


@attrs.frozen
class TurnSkipped(Event):
    """Beginner: a knocked-down character skipped its turn."""

    character: Character

    def describe(self) -> str:
        return f"{_who(self.character)} skips this turn."


@attrs.frozen
class ItemPlaced(Event):
    """An item was put on a space."""

    character: Character
    kind: ItemKind
    space: Space

    def describe(self) -> str:
        return (
            f"{_who(self.character)} places a {item_text(self.kind)} on {space_text(self.space)}."
        )


@attrs.frozen
class ItemUsed(Event):
    """An item with an ability was used (Motobug, Bomb, Bumper).

    ``target`` is the bumped character's name (``"tails"``), ``"its lane"`` for a
    Motobug, ``"tile N"`` (a course tile) for a Bomb.
    """

    character: Character
    kind: ItemKind
    target: str

    def describe(self) -> str:
        who = _who(self.character)
        if self.kind is ItemKind.BUMPER:
            return f"{who} bumps {_who(self.target)} with a Bumper."
        if self.kind is ItemKind.MOTOBUG:
            return f"{who} sends a Motobug down {self.target}."
        if self.kind is ItemKind.BOMB:
            return f"{who} drops a Bomb on {self.target}."
        return f"{who} uses a {item_text(self.kind)} on {self.target}."


@attrs.frozen
class ItemRevealed(Event):
    """Beginner: a face-down item was turned up."""

    kind: ItemKind
    space: Space

    def describe(self) -> str:
        return f"The face-down token on {space_text(self.space)} is a {item_text(self.kind)}."


@attrs.frozen
class RingsDropped(Event):
    """A ring stack was dropped (``space`` ``None``: discarded, no room behind)."""

    character: Character
    count: int
    space: Space | None

    def describe(self) -> str:
        lost = items_text(ItemKind.RING, self.count)
        if self.space is None:
            return f"{_who(self.character)} loses {lost}; with no room behind, they are discarded."
        return f"{_who(self.character)} loses {lost}, dropped on {space_text(self.space)}."


@attrs.frozen
class RingsTaken(Event):
    """A character took a ring stack or a Ring token from the track."""

    character: Character
    count: int

    def describe(self) -> str:
        return f"{_who(self.character)} picks up {items_text(ItemKind.RING, self.count)}."


@attrs.frozen
class TileLaid(Event):
    """A track tile was laid at the front of the course."""

    tile_id: str
    x: int
    y: int
    reversed: bool
    mega_jump: bool

    def describe(self) -> str:
        facing = "reversed" if self.reversed else "as printed"
        jump = ", across a Mega Jump" if self.mega_jump else ""
        return f"Tile {self.tile_id} is laid {facing} at ({self.x}, {self.y}){jump}."


@attrs.frozen
class TileRecycled(Event):
    """The rearmost tile was lifted to be laid again at the front."""

    tile_id: str

    def describe(self) -> str:
        return f"The tile pile is empty: the rearmost tile, {self.tile_id}, is lifted."


@attrs.frozen
class SetBack(Event):
    """A character on the recycled tile was moved to the new rearmost one (the set-back
    option, or the lifter's own character in the 2-player variant)."""

    character: Character
    space: Space

    def describe(self) -> str:
        return f"{_who(self.character)} is set back to {space_text(self.space)}."


@attrs.frozen
class TileTurned(Event):
    """The newest tile was turned with a Power-Up."""

    tile_id: str

    def describe(self) -> str:
        return f"The newest tile, {self.tile_id}, is turned round."


@attrs.frozen
class ShortcutLaid(Event):
    """Shortcut tiles were laid."""

    character: Character
    tiles: tuple[str, ...]

    def describe(self) -> str:
        noun = "shortcut tile" if len(self.tiles) == 1 else "shortcut tiles"
        return f"{_who(self.character)} lays {noun} {listing(self.tiles)}."


@attrs.frozen
class ShortcutReturned(Event):
    """A shortcut tile no longer joining two arrows went back to the supply."""

    tile_id: str

    def describe(self) -> str:
        return f"Shortcut tile {self.tile_id} goes back to the supply."


@attrs.frozen
class BirdGained(Event):
    """A Flicky Bird was gained (``why``: new tile, or an ability)."""

    character: Character
    seat: int
    why: str

    def describe(self) -> str:
        return f"{_who(self.character)} gains a Flicky Bird for seat {self.seat} ({self.why})."


@attrs.frozen
class TurnEnded(Event):
    """A turn ended; the next character is up."""

    character: Character
    next_character: Character

    def describe(self) -> str:
        ended = possessive(_who(self.character))
        return f"{ended} turn ends; {_who(self.next_character)} is up."


@attrs.frozen
class Won(Event):
    """The game is over."""

    seat: int
    why: str

    def describe(self) -> str:
        return f"Seat {self.seat} wins: {self.why}."


@attrs.frozen
class TurnLimitReached(Event):
    """The game ends unfinished after ``turns`` turns; nobody wins (``CC-OPT-TURN-LIMIT``)."""

    turns: int

    def describe(self) -> str:
        return f"The turn limit of {self.turns} turns is reached: the game ends, nobody wins."


@attrs.frozen
class DecisionLimitReached(Event):
    """The game ends unfinished after ``decisions`` decisions; nobody wins
    (``CC-OPT-DECISION-LIMIT``)."""

    decisions: int

    def describe(self) -> str:
        return (
            f"The decision limit of {self.decisions} decisions is reached: the game ends, "
            "nobody wins."
        )


CrashCourseEvent: TypeAlias = (
    Drew
    | ItemKept
    | HiddenDrew
    | HiddenItemKept
    | ItemDiscarded
    | ItemsReturned
    | PileReshuffled
    | DrawSkipped
    | PowerUpGained
    | PowerUpSpent
    | Fixed
    | Moved
    | TookDamage
    | KnockedDown
    | Recovered
    | TurnSkipped
    | ItemPlaced
    | ItemUsed
    | ItemRevealed
    | RingsDropped
    | RingsTaken
    | TileLaid
    | TileRecycled
    | SetBack
    | TileTurned
    | ShortcutLaid
    | ShortcutReturned
    | BirdGained
    | TurnEnded
    | Won
    | TurnLimitReached
    | DecisionLimitReached
)
EVENT_TYPES: tuple[type[Event], ...] = (
    Drew,
    ItemKept,
    HiddenDrew,
    HiddenItemKept,
    ItemDiscarded,
    ItemsReturned,
    PileReshuffled,
    DrawSkipped,
    PowerUpGained,
    PowerUpSpent,
    Fixed,
    Moved,
    TookDamage,
    KnockedDown,
    Recovered,
    TurnSkipped,
    ItemPlaced,
    ItemUsed,
    ItemRevealed,
    RingsDropped,
    RingsTaken,
    TileLaid,
    TileRecycled,
    SetBack,
    TileTurned,
    ShortcutLaid,
    ShortcutReturned,
    BirdGained,
    TurnEnded,
    Won,
    TurnLimitReached,
    DecisionLimitReached,
)
"""Every Crash Course event type, in the order of the module."""

converter = make_converter()
configure_actions(converter, CrashCourseEvent)


def event_to_json(event: Event) -> str:
    """An event as JSON, tagged ``{"type": "<kebab-case name>", ...}``."""
    return dump_event(converter, CrashCourseEvent, EVENT_TYPES, event)


def event_from_json(text: str | bytes) -> Event:
    """Read an event written by `event_to_json`.

    An unknown ``"type"`` is refused listing the known ones; a missing, extra or
    wrongly typed field raises an ``InvalidStateError`` naming the JSON path.
    """
    event: Event = load_event(converter, CrashCourseEvent, EVENT_TYPES, text)
    return event
