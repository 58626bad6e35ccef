"""Crash Course actions: frozen attrs values, each carrying the seat that decides.

Chance outcomes are actions too (:class:`DrawItem`, :class:`DealTile`, :class:`RevealItem`).
:func:`action_key` gives the canonical order ``legal_actions`` lists them in.
"""

from __future__ import annotations

from typing import Any

import attrs

from sonic_rules.crash_course.state import ItemKind, Space


@attrs.frozen
class DrawItem:
    """Chance: ``seat`` draws one ``kind`` token from the pile (``CC-DRAW``)."""

    seat: int
    kind: ItemKind

    def __str__(self) -> str:
        return f"seat {self.seat} draws a {self.kind.value}"


@attrs.frozen
class DealTile:
    """Chance, Beginner set-up: catalogue tile ``tile`` is laid next (``CC-BEGINNER-SETUP``)."""

    tile: int

    def __str__(self) -> str:
        return f"track tile {self.tile} is laid next"


@attrs.frozen
class RevealItem:
    """Chance, Beginner: the face-down token being entered turns out a ``kind``.

    (``CC-BEGINNER-ITEMS``.) Its probability is the share of ``kind`` among the tokens
    nobody has seen yet.
    """

    kind: ItemKind

    def __str__(self) -> str:
        return f"the face-down token is a {self.kind.value}"


@attrs.frozen
class DiscardToDraw:
    """Holding 2 items: discard ``kind`` and then draw (``CC-DRAW-FULL-HAND``)."""

    seat: int
    kind: ItemKind

    def __str__(self) -> str:
        return f"seat {self.seat} discards a {self.kind.value} to draw"


@attrs.frozen
class SkipDraw:
    """Holding 2 items: keep them and skip the draw (``CC-DRAW-FULL-HAND``).

    Not under the official-draw option, where skipping means not taking :class:`DrawItems`
    (``CC-PROJ-OFFICIAL-DRAW-FULL-HAND``).
    """

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} skips the draw"


@attrs.frozen
class KeepItem:
    """Keep one of the drawn items; the others go back to the pile (``CC-DRAW``)."""

    seat: int
    kind: ItemKind

    def __str__(self) -> str:
        return f"seat {self.seat} keeps a {self.kind.value}"


@attrs.frozen
class DrawItems:
    """Official-draw option: spend an action on the placement draw (``CC-OPT-OFFICIAL-DRAW``).

    Holding 2 items, the player then discards one and draws (``CC-PROJ-OFFICIAL-DRAW-FULL-HAND``).
    """

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} spends an action to draw"


@attrs.frozen
class Fix:
    """Spend an action to remove one damage (``CC-FIX-DAMAGE``)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} fixes 1 damage"


@attrs.frozen
class Move:
    """Spend an action to step to ``lane`` of the next row (``CC-MOVE-FORWARD``).

    Off the track this is the first entry onto ``lane`` of the first tile (``CC-FIRST-ENTRY``).
    """

    seat: int
    lane: int

    def __str__(self) -> str:
        return f"seat {self.seat} moves to the {('left', 'middle', 'right')[self.lane]} lane"


@attrs.frozen
class UseShortcut:
    """Spend an action to go through a shortcut to the arrow space ``to`` (``CC-SHORTCUT-USE``)."""

    seat: int
    to: Space

    def __str__(self) -> str:
        return f"seat {self.seat} takes the shortcut to {self.to}"


@attrs.frozen
class LayShortcut:
    """Lay shortcut ``tiles`` (in path order) from the active character's arrow space."""

    seat: int
    tiles: tuple[int, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} lays shortcut tiles {list(self.tiles)}"


@attrs.frozen
class PlaceItem:
    """Place a held Spring, Booster or Crabmeat on an empty ``space`` (``CC-ITEM-PLACE-EMPTY``)."""

    seat: int
    kind: ItemKind
    space: Space

    def __str__(self) -> str:
        return f"seat {self.seat} places a {self.kind.value} on {self.space}"


@attrs.frozen
class UseMotobug:
    """Use a held Motobug along the active character's lane (``CC-ITEM-MOTOBUG``)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} sends a Motobug"


@attrs.frozen
class UseBomb:
    """Use a held Bomb on the course tile ``tile`` (``CC-ITEM-BOMB``)."""

    seat: int
    tile: int

    def __str__(self) -> str:
        return f"seat {self.seat} bombs tile {self.tile}"


@attrs.frozen
class UseBumper:
    """Use a held Bumper on character number ``target`` (``CC-ITEM-BUMPER``)."""

    seat: int
    target: int

    def __str__(self) -> str:
        return f"seat {self.seat} bumps character {self.target}"


@attrs.frozen
class PowerUpHeal:
    """Spend the Power-Up to remove 1 damage (``CC-POWER-UP-HEAL``)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} spends the Power-Up to heal"


@attrs.frozen
class PowerUpTurn:
    """Spend the Power-Up to turn the newest tile (``CC-POWER-UP-TURN``)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} spends the Power-Up to turn the newest tile"


@attrs.frozen
class EndTurn:
    """End the turn (``CC-PROJ-END-TURN``)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} ends the turn"


@attrs.frozen
class LayTile:
    """Lay catalogue tile ``tile`` at the front, ``reversed`` or not (``CC-TILE-CHOICE``)."""

    seat: int
    tile: int
    reversed: bool

    def __str__(self) -> str:
        facing = "reversed" if self.reversed else "as printed"
        return f"seat {self.seat} lays tile {self.tile} {facing}"


@attrs.frozen
class DropRings:
    """Choose the space of the tile behind where a ring stack lands (``CC-RING-LOSS``)."""

    seat: int
    space: Space

    def __str__(self) -> str:
        return f"seat {self.seat} drops the Rings on {self.space}"


@attrs.frozen
class Recover:
    """Beginner: discard a Ring to get up at once, or stay down (``CC-BEGINNER-SKIP``)."""

    seat: int
    use_ring: bool

    def __str__(self) -> str:
        if self.use_ring:
            return f"seat {self.seat} discards a Ring to get up"
        return f"seat {self.seat} stays down"


Action = (
    DrawItem
    | DealTile
    | RevealItem
    | DiscardToDraw
    | SkipDraw
    | KeepItem
    | DrawItems
    | Fix
    | Move
    | UseShortcut
    | LayShortcut
    | PlaceItem
    | UseMotobug
    | UseBomb
    | UseBumper
    | PowerUpHeal
    | PowerUpTurn
    | EndTurn
    | LayTile
    | DropRings
    | Recover
)
ACTION_TYPES: tuple[type[Any], ...] = (
    DrawItem,
    DealTile,
    RevealItem,
    DiscardToDraw,
    SkipDraw,
    KeepItem,
    DrawItems,
    Fix,
    Move,
    UseShortcut,
    LayShortcut,
    PlaceItem,
    UseMotobug,
    UseBomb,
    UseBumper,
    PowerUpHeal,
    PowerUpTurn,
    EndTurn,
    LayTile,
    DropRings,
    Recover,
)
_TYPE_ORDER = {kind: number for number, kind in enumerate(ACTION_TYPES)}
_KIND_ORDER = {kind: number for number, kind in enumerate(ItemKind)}


def _field_key(value: Any) -> Any:
    if isinstance(value, ItemKind):
        return _KIND_ORDER[value]
    if isinstance(value, Space):
        return (value.tile, value.row, value.lane)
    return value


def action_key(action: Any) -> tuple[Any, ...]:
    """The canonical sort key: action type, then fields in declaration order."""
    fields = attrs.fields(type(action))
    return (_TYPE_ORDER[type(action)], *(_field_key(getattr(action, f.name)) for f in fields))
