"""The game's pieces and places: the item tokens, the spaces of the course, a character's
piece with its board.

These are the values an action names, so `actions`, `events` and `state` all read them
here.
"""

from __future__ import annotations

import enum

import attrs

from sonic_rules.core.interning import memo
from sonic_rules.crash_course.options import Character
from sonic_rules.crash_course.tiles import LANE_NAMES


class ItemKind(enum.Enum):
    """The seven item tokens, in the order of the count tuples."""

    MOTOBUG = "motobug"
    BOMB = "bomb"
    BUMPER = "bumper"
    SPRING = "spring"
    BOOSTER = "booster"
    CRABMEAT = "crabmeat"
    RING = "ring"

    index: int
    """Position of this kind in ``pile``/``discard``/``box`` count tuples (a plain
    attribute of each member, read on every draw and in every sort of items)."""


KINDS: tuple[ItemKind, ...] = tuple(ItemKind)
for _number, _kind in enumerate(KINDS):
    _kind.index = _number
# CC-COMPONENTS: the box contents. Every count below is a hard limit the referee keeps
# (tokens only move between pile, discard, box, boards and track; ``item_total``).
TOKEN_COUNTS: dict[ItemKind, int] = {
    ItemKind.RING: 10,
    ItemKind.BOOSTER: 10,
    ItemKind.SPRING: 10,
    ItemKind.CRABMEAT: 10,
    ItemKind.BOMB: 5,
    ItemKind.BUMPER: 5,
    ItemKind.MOTOBUG: 10,
}
TOTAL_ITEMS = 60
TOTAL_BIRDS = 24
TOTAL_DAMAGE = 12
TOTAL_POWER_UPS = 4
MAX_DAMAGE = 2
MAX_ITEMS = 2
MAX_RINGS = 3
PLACED_KINDS = (ItemKind.SPRING, ItemKind.BOOSTER, ItemKind.CRABMEAT)
BEGINNER_KINDS = (ItemKind.BOOSTER, ItemKind.CRABMEAT, ItemKind.RING)


@attrs.frozen(order=True, cache_hash=True)
class Space:
    """A space: course index of the tile (0 = rearmost), row (0 = entry row), lane."""

    tile: int
    row: int
    lane: int

    def __str__(self) -> str:
        lane = LANE_NAMES[self.lane] if 0 <= self.lane < len(LANE_NAMES) else f"lane {self.lane}"
        return f"tile {self.tile} row {self.row} {lane}"


@memo("crash-course spaces", 4096)
def space_at(tile: int, row: int, lane: int) -> Space:
    """``Space(tile, row, lane)``, one object for each space the rules make (spaces are
    frozen values: equal whether shared or not)."""
    return Space(tile, row, lane)


@attrs.frozen
class Piece:
    """One character board: where it is, its damage, items, Rings and Power-Up."""

    name: Character
    owner: int
    position: Space | None = None
    damage: int = 0
    items: tuple[ItemKind, ...] = ()
    rings: int = 0
    power_up: bool = False
    knocked_down: bool = False
