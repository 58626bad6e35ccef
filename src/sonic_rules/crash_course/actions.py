"""Crash Course actions: frozen attrs values, each carrying the seat that decides.

Chance outcomes are actions too (`DrawItem`, `DealTile`, `RevealItem`).
`action_key` gives the canonical order ``legal_actions`` lists them in.

Every action reads as a sentence: ``str(action)`` names seats and character numbers
(``"seat 0 bumps character 1"``), and ``label(wording)`` lets
`describe_action` name them from a state
(``"Sonic bumps Tails"``). Both work whatever the field values.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import attrs

from sonic_rules.core.errors import ActionFieldTypeError
from sonic_rules.crash_course.events import (
    item_text,
    lane_text,
    number_text,
    space_text,
)
from sonic_rules.crash_course.pieces import ItemKind, Space


class Wording(Protocol):
    """How an action's label names who acts, characters and tiles."""

    def seat(self, seat: object) -> str:
        """Who takes the action: ``"seat 0"``, or the acting character's name."""
        ...

    def character(self, number: object) -> str:
        """Character ``number`` (turn order): ``"character 1"`` or ``"Tails"``."""
        ...

    def track_tile(self, tile: object) -> str:
        """Catalogue track tile ``tile``: ``"track tile 3"`` or ``"tile corner-hive"``."""
        ...

    def shortcut_tile(self, tile: object) -> str:
        """Catalogue shortcut tile ``tile``: ``"shortcut tile 0"`` or ``"tunnel-a"``."""
        ...


class ByNumber:
    """The wording without a state: seats, characters and tiles by number."""

    def seat(self, seat: object) -> str:
        return f"seat {number_text(seat)}"

    def character(self, number: object) -> str:
        return f"character {number_text(number)}"

    def track_tile(self, tile: object) -> str:
        return f"track tile {number_text(tile)}"

    def shortcut_tile(self, tile: object) -> str:
        return f"shortcut tile {number_text(tile)}"


BY_NUMBER = ByNumber()


class _Labelled:
    """``__str__`` is the label worded by number; every field is checked when built."""

    __slots__ = ()

    def __attrs_post_init__(self) -> None:
        check_field_types(self)

    def label(self, wording: Wording) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.label(BY_NUMBER)


@attrs.frozen
class DrawItem(_Labelled):
    """Chance: ``seat`` draws one ``kind`` token from the pile (``CC-DRAW``)."""

    seat: int
    kind: ItemKind

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} draws a {item_text(self.kind)}"


@attrs.frozen
class DealTile(_Labelled):
    """Chance, Beginner set-up: catalogue tile ``tile`` is laid next (``CC-BEGINNER-SETUP``)."""

    tile: int

    def label(self, wording: Wording) -> str:
        return f"{wording.track_tile(self.tile)} is laid next"


@attrs.frozen
class RevealItem(_Labelled):
    """Chance, Beginner: the face-down token being entered turns out a ``kind``.

    (``CC-BEGINNER-ITEMS``.) Its probability is the share of ``kind`` among the tokens
    nobody has seen yet.
    """

    kind: ItemKind

    def label(self, wording: Wording) -> str:
        return f"the face-down token is a {item_text(self.kind)}"


@attrs.frozen
class DiscardToDraw(_Labelled):
    """Holding 2 items: discard ``kind`` and then draw (``CC-DRAW-FULL-HAND``)."""

    seat: int
    kind: ItemKind

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} discards a {item_text(self.kind)} to draw"


@attrs.frozen
class SkipDraw(_Labelled):
    """Holding 2 items: keep them and skip the draw (``CC-DRAW-FULL-HAND``).

    Not under the official-draw option, where skipping means not taking `DrawItems`
    (``CC-PROJ-OFFICIAL-DRAW-FULL-HAND``).
    """

    seat: int

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} keeps both items and skips the draw"


@attrs.frozen
class KeepItem(_Labelled):
    """Keep one of the drawn items; the others go back to the pile (``CC-DRAW``)."""

    seat: int
    kind: ItemKind

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} keeps the {item_text(self.kind)}"


@attrs.frozen
class DrawItems(_Labelled):
    """Official-draw option: spend an action on the placement draw (``CC-OPT-OFFICIAL-DRAW``).

    Holding 2 items, the player then discards one and draws (``CC-PROJ-OFFICIAL-DRAW-FULL-HAND``).
    """

    seat: int

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} spends an action to draw"


@attrs.frozen
class Fix(_Labelled):
    """Spend an action to remove one damage (``CC-FIX-DAMAGE``)."""

    seat: int

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} fixes 1 damage"


@attrs.frozen
class Move(_Labelled):
    """Spend an action to step to ``lane`` of the next row (``CC-MOVE-FORWARD``).

    Off the track this is the first entry onto ``lane`` of the first tile (``CC-FIRST-ENTRY``).
    """

    seat: int
    lane: int

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} moves into {lane_text(self.lane)}"


@attrs.frozen
class UseShortcut(_Labelled):
    """Spend an action to go through a shortcut to the arrow space ``to`` (``CC-SHORTCUT-USE``)."""

    seat: int
    to: Space

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} takes the shortcut to {space_text(self.to)}"


@attrs.frozen
class LayShortcutTile(_Labelled):
    """Lay shortcut tile ``tile`` in cell ``(x, y)``, its path joining the edges ``entry``
    and ``exit`` (directions 0 N, 1 E, 2 S, 3 W): the next piece of a shortcut path from
    the active character's arrow space (``CC-SHORTCUT-LAY``, ``CC-SHORTCUT-LAY-STEP``).

    The first one starts the attempt (phase ``laying-shortcut``); the cell is always the
    one the open end of the path points into, entered through ``entry``.
    """

    seat: int
    tile: int
    x: int
    y: int
    entry: int
    exit: int

    def label(self, wording: Wording) -> str:
        edges = ("north", "east", "south", "west")
        where = [
            edges[e] if type(e) is int and 0 <= e < 4 else number_text(e)
            for e in (self.entry, self.exit)
        ]
        return (
            f"{wording.seat(self.seat)} lays {wording.shortcut_tile(self.tile)} at "
            f"({number_text(self.x)}, {number_text(self.y)}), {where[0]} to {where[1]}"
        )


@attrs.frozen
class FinishShortcut(_Labelled):
    """End the shortcut attempt (``CC-SHORTCUT-LAY-COMPLETE``): a complete path stays and
    may be used; an incomplete one is refused and its tiles return to the supply."""

    seat: int

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} finishes laying the shortcut"


@attrs.frozen
class PlaceItem(_Labelled):
    """Place a held Spring, Booster or Crabmeat on an empty ``space`` (``CC-ITEM-PLACE-EMPTY``)."""

    seat: int
    kind: ItemKind
    space: Space

    def label(self, wording: Wording) -> str:
        item = item_text(self.kind)
        return f"{wording.seat(self.seat)} places a {item} on {space_text(self.space)}"


@attrs.frozen
class UseMotobug(_Labelled):
    """Use a held Motobug along the active character's lane (``CC-ITEM-MOTOBUG``)."""

    seat: int

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} sends a Motobug down its lane"


@attrs.frozen
class UseBomb(_Labelled):
    """Use a held Bomb on the course tile ``tile`` (``CC-ITEM-BOMB``)."""

    seat: int
    tile: int

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} drops a Bomb on course tile {number_text(self.tile)}"


@attrs.frozen
class UseBumper(_Labelled):
    """Use a held Bumper on character number ``target`` (``CC-ITEM-BUMPER``)."""

    seat: int
    target: int

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} bumps {wording.character(self.target)}"


@attrs.frozen
class PowerUpHeal(_Labelled):
    """Spend the Power-Up to remove 1 damage (``CC-POWER-UP-HEAL``)."""

    seat: int

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} spends the Power-Up to fix 1 damage"


@attrs.frozen
class PowerUpTurn(_Labelled):
    """Spend the Power-Up to turn the newest tile (``CC-POWER-UP-TURN``)."""

    seat: int

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} spends the Power-Up to turn the newest tile"


@attrs.frozen
class EndTurn(_Labelled):
    """End the turn (``CC-PROJ-END-TURN``)."""

    seat: int

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} ends the turn"


@attrs.frozen
class LayTile(_Labelled):
    """Lay catalogue tile ``tile`` at the front, ``reversed`` or not (``CC-TILE-CHOICE``)."""

    seat: int
    tile: int
    reversed: bool

    def label(self, wording: Wording) -> str:
        facing = "reversed" if self.reversed else "as printed"
        return f"{wording.seat(self.seat)} lays {wording.track_tile(self.tile)} {facing}"


@attrs.frozen
class DropRings(_Labelled):
    """Choose the space of the tile behind where a ring stack lands (``CC-RING-LOSS``)."""

    seat: int
    space: Space

    def label(self, wording: Wording) -> str:
        return f"{wording.seat(self.seat)} drops the Rings on {space_text(self.space)}"


@attrs.frozen
class Recover(_Labelled):
    """Beginner: discard a Ring to get up at once, or stay down (``CC-BEGINNER-SKIP``)."""

    seat: int
    use_ring: bool

    def label(self, wording: Wording) -> str:
        if self.use_ring:
            return f"{wording.seat(self.seat)} discards a Ring to get up"
        return f"{wording.seat(self.seat)} stays down"


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
    | LayShortcutTile
    | FinishShortcut
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
    LayShortcutTile,
    FinishShortcut,
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

FIELD_TYPES: dict[str, type] = {
    "seat": int,
    "lane": int,
    "tile": int,
    "target": int,
    "reversed": bool,
    "use_ring": bool,
    "kind": ItemKind,
    "to": Space,
    "space": Space,
    "x": int,
    "y": int,
    "entry": int,
    "exit": int,
}
"""The exact type of each action field, by name (``bool`` is not an ``int`` here)."""

_CHECKED_FIELDS: dict[type[Any], tuple[tuple[str, type], ...]] = {
    kind: tuple(
        (field.name, FIELD_TYPES[field.name])
        for field in attrs.fields(kind)
        if field.name in FIELD_TYPES
    )
    for kind in ACTION_TYPES
}


def check_field_types(action: Any) -> None:
    """Refuse an action whose fields are not of their exact types.

    A field of the wrong Python type (a `Space` not made of ``int`` included) raises
    `ActionFieldTypeError`, an `InvalidActionError` and a ``TypeError``, naming it.
    Every action runs this when it is built. Whether the values make sense (a lane
    that exists, a space on the board) is for ``apply`` to judge, by the rules.
    """
    kind = type(action)
    for name, expected in _CHECKED_FIELDS.get(kind, ()):
        value = getattr(action, name)
        if type(value) is not expected:
            raise ActionFieldTypeError(f"{kind.__name__}.{name} must be {expected.__name__}")
        space = cast(Space, value)
        if expected is Space and not (
            type(space.tile) is int and type(space.row) is int and type(space.lane) is int
        ):
            raise ActionFieldTypeError(f"{kind.__name__}.{name} must be a Space of ints")


def _field_key(value: Any) -> Any:
    if isinstance(value, ItemKind):
        return value.index
    if isinstance(value, Space):
        return (value.tile, value.row, value.lane)
    return value


def action_key(action: Any) -> tuple[Any, ...]:
    """The canonical sort key: action type, then fields in declaration order."""
    fields = attrs.fields(type(action))
    return (_TYPE_ORDER[type(action)], *(_field_key(getattr(action, f.name)) for f in fields))
