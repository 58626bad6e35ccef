"""Super Teams actions: frozen values, each naming the seat that takes it.

Fields may be given as their written forms: ``Play(0, "blue-4", "sonic")`` is
``Play(0, Card.parse("blue-4"), Character.SONIC)``. A card that cannot be read raises
``InvalidActionError`` at once, and a field of the wrong type (``Play(0, 5, "sonic")``,
a seat that is not an ``int``) `ActionFieldTypeError`, which is a ``TypeError`` too;
other wrong values (a name that is no character) are refused by ``apply``.

Chance outcomes are actions too (`Deal`, `DrawBonus`): a recorded
physical game states them ("blue-4 was dealt to seat 2"), a simulation samples them.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs

from sonic_rules.core.errors import ActionFieldTypeError
from sonic_rules.core.interning import made_once
from sonic_rules.super_teams.board import Surface
from sonic_rules.super_teams.cards import CARDS, BonusKind, Card, Character


def _card(value: Any) -> Any:
    """``"blue-4"`` reads as a card; anything else is kept for ``apply`` to judge."""
    if isinstance(value, str):
        return Card.parse(value)
    return value


def _member(kind: type[Any], value: Any) -> Any:
    if isinstance(value, str) and not isinstance(value, kind):
        try:
            return kind(value)
        except ValueError:
            return value
    return value


def _character(value: Any) -> Any:
    """``"sonic"`` reads as `Character.SONIC`."""
    return _member(Character, value)


def _bonus(value: Any) -> Any:
    """``"shield"`` reads as `BonusKind.SHIELD`."""
    return _member(BonusKind, value)


def _surface(value: Any) -> Any:
    """``"rings"`` reads as `Surface.RINGS`."""
    return _member(Surface, value)


def _seat(_: Any, attribute: attrs.Attribute[int], value: Any) -> None:
    """A seat is an ``int``: ``Play(1.0, ...)`` would otherwise equal ``Play(1, ...)`` and
    look legal while ``apply`` refuses it."""
    if type(value) is not int:
        raise ActionFieldTypeError(f"{attribute.name} must be an integer seat, got {value!r}")


def _typed(kind: type) -> Any:
    """A validator: the field holds a ``kind``, or a name not read as one (``"zorro"``),
    which ``apply`` refuses naming it; any other type is an `ActionFieldTypeError`."""

    def check(action: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, (kind, str)):
            raise ActionFieldTypeError(
                f"{type(action).__name__}.{attribute.name} must be {kind.__name__}, got {value!r}"
            )

    return check


@attrs.frozen
class Deal:
    """Chance: ``card`` is dealt to ``seat`` (the seat whose turn it is in the deal)."""

    seat: int = attrs.field(validator=_seat)
    card: Card = attrs.field(converter=_card, validator=_typed(Card))

    def __str__(self) -> str:
        return f"deal {self.card} to seat {self.seat}"


@attrs.frozen
class DrawBonus:
    """Chance: ``seat`` takes the top bonus card, which is ``kind``."""

    seat: int = attrs.field(validator=_seat)
    kind: BonusKind = attrs.field(converter=_bonus, validator=_typed(BonusKind))

    def __str__(self) -> str:
        return f"seat {self.seat} takes bonus card {self.kind}"


@attrs.frozen
class Play:
    """``seat`` plays movement ``card`` from hand to move ``character``."""

    seat: int = attrs.field(validator=_seat)
    card: Card = attrs.field(converter=_card, validator=_typed(Card))
    character: Character = attrs.field(converter=_character, validator=_typed(Character))

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card} for {self.character}"


@attrs.frozen
class PlayBonus:
    """``seat`` plays bonus card ``kind`` on the move in progress."""

    seat: int = attrs.field(validator=_seat)
    kind: BonusKind = attrs.field(converter=_bonus, validator=_typed(BonusKind))

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.kind}"


@attrs.frozen
class Pass:
    """``seat`` plays no bonus card on the move in progress."""

    seat: int = attrs.field(validator=_seat)

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


@attrs.frozen
class ChooseHalf:
    """``seat`` (the card's player) puts the character on ``half`` of a double space."""

    seat: int = attrs.field(validator=_seat)
    half: Surface = attrs.field(converter=_surface, validator=_typed(Surface))

    def __str__(self) -> str:
        return f"seat {self.seat} chooses the {self.half} half"


@attrs.frozen
class ChooseJumper:
    """``seat``, who took Super Jump through the special card, jumps ``character``."""

    seat: int = attrs.field(validator=_seat)
    character: Character = attrs.field(converter=_character, validator=_typed(Character))

    def __str__(self) -> str:
        return f"seat {self.seat} super-jumps {self.character}"


Action: TypeAlias = Deal | DrawBonus | Play | PlayBonus | Pass | ChooseHalf | ChooseJumper
ACTION_TYPES: tuple[type, ...] = (Deal, DrawBonus, Play, PlayBonus, Pass, ChooseHalf, ChooseJumper)


SEATS = 4
"""The most seats a game has."""

interned = made_once(20_000, "super-teams actions")
"""``interned(kind, seat, *fields)``: ``kind(seat, *fields)``, the same object every time
for the same fields. Actions are frozen values, so the referee lists and deals the same
objects over and over instead of building (and checking) new ones."""


DEALS: tuple[dict[Card, Deal], ...] = tuple(
    {card: Deal(seat, card) for card in CARDS} for seat in range(SEATS)
)
"""``DEALS[seat][card]`` is ``Deal(seat, card)``: every possible deal, made once."""
DRAWS: tuple[dict[BonusKind, DrawBonus], ...] = tuple(
    {kind: DrawBonus(seat, kind) for kind in BonusKind} for seat in range(SEATS)
)
"""``DRAWS[seat][kind]`` is ``DrawBonus(seat, kind)``: every possible draw, made once."""
