"""Typed events: what an action did, one small frozen value per happening."""

from __future__ import annotations

import attrs

from sonic_rules.core.events import Event
from sonic_rules.crash_course.state import CharacterName, ItemKind, Space


def _who(name: CharacterName) -> str:
    return name.value.capitalize()


@attrs.frozen
class Drew(Event):
    """A token was drawn."""

    character: CharacterName
    kind: ItemKind

    def describe(self) -> str:
        return f"{_who(self.character)} draws a {self.kind.value}."


@attrs.frozen
class ItemKept(Event):
    """A drawn item (or Ring) was kept."""

    character: CharacterName
    kind: ItemKind

    def describe(self) -> str:
        return f"{_who(self.character)} keeps a {self.kind.value}."


@attrs.frozen
class ItemDiscarded(Event):
    """A token went to the discard pile (``why`` says why)."""

    kind: ItemKind
    count: int
    why: str

    def describe(self) -> str:
        return f"{self.count} {self.kind.value} token(s) discarded: {self.why}."


@attrs.frozen
class ItemsReturned(Event):
    """Drawn items not kept went back to the pile."""

    count: int

    def describe(self) -> str:
        return f"{self.count} drawn item(s) go back into the pile."


@attrs.frozen
class PileReshuffled(Event):
    """The discard pile was shuffled into the item pile."""

    count: int

    def describe(self) -> str:
        return f"The discard pile ({self.count} tokens) is shuffled into the pile."


@attrs.frozen
class DrawSkipped(Event):
    """A player with a full hand skipped the draw, or nothing was left to draw."""

    character: CharacterName

    def describe(self) -> str:
        return f"{_who(self.character)} draws nothing."


@attrs.frozen
class PowerUpGained(Event):
    """Three Rings were exchanged for the Power-Up token."""

    character: CharacterName

    def describe(self) -> str:
        return f"{_who(self.character)} trades 3 Rings for the Power-Up token."


@attrs.frozen
class PowerUpSpent(Event):
    """The Power-Up token was spent (``use`` is ``heal`` or ``turn``)."""

    character: CharacterName
    use: str

    def describe(self) -> str:
        return f"{_who(self.character)} spends the Power-Up to {self.use}."


@attrs.frozen
class Fixed(Event):
    """One damage was removed."""

    character: CharacterName
    damage: int

    def describe(self) -> str:
        return f"{_who(self.character)} fixes 1 damage ({self.damage} left)."


@attrs.frozen
class Moved(Event):
    """A character entered a space (``how``: step, push, boost, jump, bump, ...)."""

    character: CharacterName
    start: Space | None
    end: Space
    how: str

    def describe(self) -> str:
        start = "off the track" if self.start is None else str(self.start)
        return f"{_who(self.character)} goes from {start} to {self.end} ({self.how})."


@attrs.frozen
class TookDamage(Event):
    """A character took 1 damage (``source``: spikes, Crabmeat, Motobug, ...)."""

    character: CharacterName
    source: str
    damage: int

    def describe(self) -> str:
        return f"{_who(self.character)} takes 1 damage from {self.source} ({self.damage} now)."


@attrs.frozen
class KnockedDown(Event):
    """Beginner: a damaged character lies down."""

    character: CharacterName
    source: str

    def describe(self) -> str:
        return f"{_who(self.character)} is knocked down by {self.source}."


@attrs.frozen
class Recovered(Event):
    """Beginner: a character got up (with a Ring, or after skipping a turn)."""

    character: CharacterName
    with_ring: bool

    def describe(self) -> str:
        how = "discards a Ring and gets up" if self.with_ring else "gets up"
        return f"{_who(self.character)} {how}."


@attrs.frozen
class TurnSkipped(Event):
    """Beginner: a knocked-down character skipped its turn."""

    character: CharacterName

    def describe(self) -> str:
        return f"{_who(self.character)} skips this turn."


@attrs.frozen
class ItemPlaced(Event):
    """An item was put on a space."""

    character: CharacterName
    kind: ItemKind
    space: Space

    def describe(self) -> str:
        return f"{_who(self.character)} places a {self.kind.value} on {self.space}."


@attrs.frozen
class ItemUsed(Event):
    """An item with an ability was used (Motobug, Bomb, Bumper)."""

    character: CharacterName
    kind: ItemKind
    target: str

    def describe(self) -> str:
        return f"{_who(self.character)} uses a {self.kind.value} on {self.target}."


@attrs.frozen
class ItemRevealed(Event):
    """Beginner: a face-down item was turned up."""

    kind: ItemKind
    space: Space

    def describe(self) -> str:
        return f"The face-down token on {self.space} is a {self.kind.value}."


@attrs.frozen
class RingsDropped(Event):
    """A ring stack was dropped (``space`` ``None``: discarded, no room behind)."""

    character: CharacterName
    count: int
    space: Space | None

    def describe(self) -> str:
        where = "discarded" if self.space is None else f"dropped on {self.space}"
        return f"{_who(self.character)} loses {self.count} Ring(s): {where}."


@attrs.frozen
class RingsTaken(Event):
    """A character took a ring stack or a Ring token from the track."""

    character: CharacterName
    count: int

    def describe(self) -> str:
        return f"{_who(self.character)} picks up {self.count} Ring(s)."


@attrs.frozen
class TileLaid(Event):
    """A track tile was laid at the front of the course."""

    tile_id: str
    x: int
    y: int
    reversed: bool
    mega_jump: bool

    def describe(self) -> str:
        jump = " across a Mega Jump" if self.mega_jump else ""
        facing = " reversed" if self.reversed else ""
        return f"Tile {self.tile_id}{facing} is laid at ({self.x}, {self.y}){jump}."


@attrs.frozen
class TileRecycled(Event):
    """The rearmost tile was lifted to be laid again at the front."""

    tile_id: str

    def describe(self) -> str:
        return f"The pile is empty: rearmost tile {self.tile_id} is lifted to the front."


@attrs.frozen
class SetBack(Event):
    """Option set-back: a character on the recycled tile was moved to the new rearmost one."""

    character: CharacterName
    space: Space

    def describe(self) -> str:
        return f"{_who(self.character)} is set back to {self.space}."


@attrs.frozen
class TileTurned(Event):
    """The newest tile was turned with a Power-Up."""

    tile_id: str

    def describe(self) -> str:
        return f"The newest tile {self.tile_id} is turned round."


@attrs.frozen
class ShortcutLaid(Event):
    """Shortcut tiles were laid."""

    character: CharacterName
    tiles: tuple[str, ...]

    def describe(self) -> str:
        return f"{_who(self.character)} lays shortcut tile(s) {', '.join(self.tiles)}."


@attrs.frozen
class ShortcutReturned(Event):
    """A shortcut tile no longer joining two arrows went back to the supply."""

    tile_id: str

    def describe(self) -> str:
        return f"Shortcut tile {self.tile_id} returns to the supply."


@attrs.frozen
class BirdGained(Event):
    """A Flicky Bird was gained (``why``: new tile, or an ability)."""

    character: CharacterName
    seat: int
    why: str

    def describe(self) -> str:
        return f"{_who(self.character)} gains a Flicky Bird for seat {self.seat}: {self.why}."


@attrs.frozen
class TurnEnded(Event):
    """A turn ended; the next character is up."""

    character: CharacterName
    next_character: CharacterName

    def describe(self) -> str:
        return f"{_who(self.character)}'s turn ends; {_who(self.next_character)} is up."


@attrs.frozen
class Won(Event):
    """The game is over."""

    seat: int
    why: str

    def describe(self) -> str:
        return f"Seat {self.seat} wins: {self.why}."
