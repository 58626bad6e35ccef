"""Colours, characters, movement cards and bonus cards of Sonic Super Teams."""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from operator import attrgetter
from types import MappingProxyType
from typing import Any

import attrs

from sonic_rules.core.errors import InvalidActionError


class Colour(enum.Enum):
    """The four team colours, in the project's canonical order."""

    BLUE = "blue"
    RED = "red"
    BLACK = "black"
    YELLOW = "yellow"

    # Members are unique objects: hashing by identity (in C) keeps every table keyed
    # by them fast, and equal members still hash equal.
    __hash__ = object.__hash__

    @property
    def characters(self) -> tuple[Character, Character]:
        return _COLOUR_CHARACTERS[self]

    def __str__(self) -> str:
        return self.value


class Character(enum.Enum):
    """The eight figures; each belongs to one colour (two per colour)."""

    SONIC = "sonic"
    TAILS = "tails"
    AMY = "amy"
    KNUCKLES = "knuckles"
    SHADOW = "shadow"
    SILVER = "silver"
    METAL_SONIC = "metal-sonic"
    ROUGE = "rouge"

    __hash__ = object.__hash__

    @property
    def colour(self) -> Colour:
        return _CHARACTER_COLOUR[self]

    @property
    def display_name(self) -> str:
        return _DISPLAY_NAMES[self]

    @property
    def order(self) -> int:
        return _CHARACTER_ORDER[self]

    def __str__(self) -> str:
        return self.display_name


_COLOUR_CHARACTERS: dict[Colour, tuple[Character, Character]] = {
    Colour.BLUE: (Character.SONIC, Character.TAILS),
    Colour.RED: (Character.AMY, Character.KNUCKLES),
    Colour.BLACK: (Character.SHADOW, Character.SILVER),
    Colour.YELLOW: (Character.METAL_SONIC, Character.ROUGE),
}
_CHARACTER_COLOUR = {c: colour for colour, pair in _COLOUR_CHARACTERS.items() for c in pair}
_CHARACTER_ORDER = {c: i for i, c in enumerate(Character)}
_DISPLAY_NAMES = {
    Character.SONIC: "Sonic",
    Character.TAILS: "Tails",
    Character.AMY: "Amy Rose",
    Character.KNUCKLES: "Knuckles",
    Character.SHADOW: "Shadow",
    Character.SILVER: "Silver",
    Character.METAL_SONIC: "Metal Sonic",
    Character.ROUGE: "Rouge",
}
_COLOUR_ORDER = {c: i for i, c in enumerate(Colour)}


@functools.total_ordering
@attrs.frozen(init=False, eq=False, order=False)
class Card:
    """A movement card: a colour and a value 1-6, or the special card (no colour).

    Written ``blue-4`` or ``special`` (see `parse`). Cards are interned: ``Card(colour,
    value)`` returns the one card of that colour and value, so equal cards are the same
    object, and comparing or hashing them is an identity check (pickling and copying
    keep that).
    """

    colour: Colour | None
    value: int
    # Hands and piles are kept sorted; a precomputed rank keeps that cheap.
    _rank: int = attrs.field(init=False, repr=False)
    _text: str = attrs.field(init=False, repr=False)

    def __new__(cls, colour: Colour | None, value: int) -> Card:
        if type(value) is int and (colour is None or type(colour) is Colour):
            card = _INTERNED.get((colour, value))
            if card is not None:
                return card
        # A card built by hand must be a real card: ``blue-3.0`` would equal ``blue-3``
        # as a value yet break JSON and board arithmetic once inside a state.
        special = colour is None and type(value) is int and value == 0
        if not special and not (
            isinstance(colour, Colour) and type(value) is int and 1 <= value <= 6
        ):
            raise InvalidActionError(
                f"not a card: colour {colour!r}, value {value!r} "
                "(a Colour and an integer 1 to 6, or the special card)"
            )
        card = super().__new__(cls)
        rank = 4 * 8 if colour is None else _COLOUR_ORDER[colour] * 8 + value
        text = "special" if colour is None else f"{colour.value}-{value}"
        for name, field_value in (("colour", colour), ("value", value), ("_rank", rank)):
            object.__setattr__(card, name, field_value)
        object.__setattr__(card, "_text", text)
        _INTERNED[(colour, value)] = card
        return card

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.colour, self.value))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def special(cls) -> Card:
        return SPECIAL

    @property
    def is_special(self) -> bool:
        return self.colour is None

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._rank < other._rank

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``blue-4``, ``blue 4`` or ``special``; raise ``InvalidActionError`` otherwise."""
        if type(text) is str:
            written = _BY_TEXT.get(text)
            if written is not None:
                return written
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidActionError(f"a card is written like 'blue-4', got {text!r}")
        cleaned = text.strip().lower()
        if cleaned == "special":
            return SPECIAL
        colour_text, sep, value_text = cleaned.replace(" ", "-").partition("-")
        try:
            colour = Colour(colour_text)
        except ValueError:
            raise InvalidActionError(
                f"unknown card {text[:40]!r}: no colour {colour_text[:20]!r}"
            ) from None
        # Only ASCII digits: ``str.isdigit`` also takes "²", which ``int`` refuses.
        value = value_text.lstrip("0")
        if not sep or value not in _VALUES:
            raise InvalidActionError(f"unknown card {text[:40]!r}: the value must be 1 to 6")
        return Card(colour, _VALUES[value])


_INTERNED: dict[tuple[Colour | None, int], Card] = {}
SPECIAL = Card(None, 0)
_VALUES = {str(value): value for value in range(1, 7)}
CARDS: tuple[Card, ...] = tuple(
    sorted((*(Card(colour, value) for colour in Colour for value in range(1, 7)), SPECIAL))
)
"""Every card there is, one of each, in order."""
_BY_TEXT: dict[str, Card] = {str(card): card for card in CARDS}
CARDS_BY_TEXT: Mapping[str, Card] = MappingProxyType(_BY_TEXT)
"""Every card by the way JSON writes it (``"blue-4"``, ``"special"``), and no other way."""
card_rank = attrgetter("_rank")
"""A card's place in the canonical order (the sort key of hands and piles)."""


class BonusKind(enum.Enum):
    """The five kinds of bonus card."""

    SPEED = "speed"
    DEXTERITY = "dexterity"
    SUPERBONUS = "superbonus"
    SHIELD = "shield"
    SUPER_JUMP = "super-jump"

    __hash__ = object.__hash__

    @property
    def order(self) -> int:
        return _BONUS_ORDER[self]

    @property
    def display_name(self) -> str:
        return _BONUS_NAMES[self]

    def __str__(self) -> str:
        return self.display_name


_BONUS_ORDER = {kind: i for i, kind in enumerate(BonusKind)}
_BONUS_NAMES = {
    BonusKind.SPEED: "Speed Bonus",
    BonusKind.DEXTERITY: "Dexterity Bonus",
    BonusKind.SUPERBONUS: "Superbonus",
    BonusKind.SHIELD: "Shield",
    BonusKind.SUPER_JUMP: "Super Jump",
}


def movement_deck(colours: tuple[Colour, ...]) -> tuple[Card, ...]:
    """The movement deck for the colours in play: 2 copies of 1-6 each, plus the special card.

    ST-COMP-DECK: 49 cards with four colours, 37 with three.
    """
    cards = [Card(colour, value) for colour in colours for value in range(1, 7) for _ in range(2)]
    cards.append(SPECIAL)
    return tuple(sorted(cards, key=card_rank))


def sort_bonus(kinds: tuple[BonusKind, ...] | list[BonusKind]) -> tuple[BonusKind, ...]:
    try:
        return tuple(sorted(kinds, key=_BONUS_ORDER.__getitem__))
    except (KeyError, TypeError):  # not all bonus kinds: sorted as before, by ``order``
        return tuple(sorted(kinds, key=lambda kind: kind.order))


bonus_rank = _BONUS_ORDER.__getitem__
"""A bonus kind's place in the canonical order (the sort key of bonus hands and piles)."""


# Comparing two cards runs Python code (``Card`` defines ``__lt__``, so even ``==``
# goes through a Python-level slot); comparing their ranks stays in C. A card's rank
# names it exactly, so these answer as ``in`` and ``index`` would.


def holds_card(cards: tuple[Card, ...], card: Card) -> bool:
    """``card in cards``, by rank."""
    try:
        return card_rank(card) in map(card_rank, cards)
    except AttributeError:  # not all cards: a state built by hand
        return card in cards


def card_index(cards: tuple[Card, ...], card: Card) -> int:
    """``cards.index(card)``, by rank (``ValueError`` if absent)."""
    try:
        return list(map(card_rank, cards)).index(card_rank(card))
    except AttributeError:  # not all cards: a state built by hand
        return cards.index(card)


card_text = attrgetter("_text")
"""A card as JSON writes it (``str(card)``, read from the card)."""
