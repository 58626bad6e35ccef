"""The shape of a Super Teams state: the exact type it holds in each place.

A state built by hand can hold anything: a list for a tuple, a string for a card, a
float for a position, a plain string for a phase. `check_shapes` refuses such a state
before any rule is checked (the rules read the values as the types a state holds),
naming the first wrong value in field order by its JSON path. Only what JSON cannot
give is refused (a value of another type, a number of more digits than JSON text may
hold): a state read from JSON always has the right shape.
"""

from __future__ import annotations

from typing import Any

from sonic_rules.core.errors import InvalidStateError
from sonic_rules.core.interning import Findings
from sonic_rules.core.serialization import MAX_NUMBER_DIGITS
from sonic_rules.core.shapes import (
    Exact,
    Found,
    Member,
    OrNone,
    Record,
    Shape,
    TupleOf,
    Whole,
    Worded,
    expected,
)
from sonic_rules.super_teams.board import Board, SpaceKind, Surface
from sonic_rules.super_teams.cards import CARDS, BonusKind, Card, Character, Colour
from sonic_rules.super_teams.options import BonusSplit, Options
from sonic_rules.super_teams.phases import Phase
from sonic_rules.super_teams.state import PendingMove, Piece, State

_BIG = 10**MAX_NUMBER_DIGITS
"""A number JSON text may hold has fewer digits (`MAX_NUMBER_DIGITS`)."""


class _Digits(Shape):
    """``shape``, and when an int, one of fewer digits than JSON text may hold (only
    below the bound when ``signed`` is false)."""

    __slots__ = ("shape", "signed")

    def __init__(self, shape: Shape, signed: bool = True) -> None:
        super().__init__(shape.what, shape.kind, True)
        self.shape = shape
        self.signed = signed

    def wrong(self, value: Any) -> Found:
        found = self.shape.wrong(value)
        if found is not None or value is None:
            return found
        if value >= _BIG or (self.signed and value <= -_BIG):
            return f"a number of more than {MAX_NUMBER_DIGITS} digits", ""
        return None


_SPACE_SET = frozenset(SpaceKind)


class _Board(Shape):
    """A `Board` as ``Board(spaces)`` or `Board.parse` makes one."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("a Board", Board, True)

    def wrong(self, value: Any) -> Found:
        if type(value) is not Board:
            return expected(self.what, value)
        try:
            spaces = value.spaces
            count = len(spaces) if type(spaces) is tuple else -1
            made = (
                count >= 0
                and all(type(space) is SpaceKind and space in _SPACE_SET for space in spaces)
                and type(value.notation) is str
                and type(value._loop_at) is tuple
                and len(value._loop_at) == count
                and type(value._next_rings) is tuple
                and len(value._next_rings) == count
            )
        except AttributeError:  # a board made without its fields
            made = False
        return None if made else ("a board is made by Board(spaces) or Board.parse", "")


class _Colours(Shape):
    """``None``, or the colours each seat holds: a tuple of tuples of colours, worded as
    `check_options` words them."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("a tuple of tuples of colours", None, True)

    def wrong(self, value: Any) -> Found:
        if value is None:
            return None
        if type(value) is not tuple or not all(type(held) is tuple for held in value):
            return "must be a tuple of tuples of colours", ""
        for seat, held in enumerate(value):
            for index, colour in enumerate(held):
                if type(colour) is not Colour:
                    return f"not a colour: {colour!r}", f"[{seat}][{index}]"
        return None


_INT = Exact(int)
_CHARACTER = Exact(Character)
_KIND = Exact(BonusKind)
_CARD = Member(Card, frozenset(CARDS))
"""Cards are interned: a card is one of these very objects."""
_CARDS = TupleOf(_CARD)
_KINDS = TupleOf(_KIND)

OPTIONS = Worded(
    Record(
        Options,
        # Asked in the order `check_options` asks, in its words: it takes subclasses, and
        # a state needs the types themselves.
        (
            (
                "bonus_split",
                Worded(
                    Record(
                        BonusSplit,
                        tuple(
                            (kind.name.lower(), _Digits(Worded(_INT, "must be an integer")))
                            for kind in BonusKind
                        ),
                    ),
                    "must be a BonusSplit",
                ),
            ),
            ("first_player", Worded(_INT, "must be an integer seat")),
            ("partner_second_bonus", Worded(Exact(bool), "must be true or false")),
            (
                "turn_limit",
                _Digits(
                    Worded(OrNone(_INT), "must be a whole number of turns, 1 or more"),
                    signed=False,
                ),
            ),
            ("colours", _Colours()),
        ),
    ),
    "options must be a super_teams.Options",
)
PIECE = Record(
    Piece,
    (("character", _CHARACTER), ("position", _INT), ("half", OrNone(Exact(Surface)))),
)
PENDING = Record(
    PendingMove,
    (
        ("seat", _INT),
        ("card", _CARD),
        ("character", _CHARACTER),
        ("responders", TupleOf(_INT)),
        ("bonuses", _KINDS),
    ),
)


STATE = Whole(
    State,
    (
        ("players", Worded(_INT, "Super Teams is for 2, 3 or 4 players")),
        ("board", _Board()),
        ("options", OPTIONS),
        ("phase", Exact(Phase)),
        ("turn", _INT),
        ("pieces", TupleOf(PIECE)),
        ("hands", TupleOf(_CARDS)),
        ("bonus_hands", TupleOf(_KINDS)),
        ("deck", _CARDS),
        ("discard", _CARDS),
        ("bonus_deck", _KINDS),
        ("bonus_discard", _KINDS),
        ("deal_next", _INT),
        ("specials_owed", _INT),
        ("bonus_queue", TupleOf(_INT)),
        ("bonus_for", OrNone(_CHARACTER)),
        ("jumper", OrNone(_INT)),
        ("pending", OrNone(PENDING)),
        ("turns_played", _Digits(_INT)),
    ),
    frozenset(
        (
            "board",
            "options",
            "pieces",
            "hands",
            "bonus_hands",
            "deck",
            "discard",
            "bonus_deck",
            "bonus_discard",
            "bonus_queue",
        )
    ),
    4096,
)
"""The shape of a state: each field's, in field order, as the rules' checks word a value
of another type. The parts that states share (the options, catalogue and course of a
game; what `from_json` read of the same text; the parts an action left alone) are
remembered, 4096 at most of each shape."""


def check_shapes(state: State, findings: Findings | None = None) -> None:
    """Refuse a state holding a value of another type than a state holds there (a list
    for a tuple, a string for a card, a plain string for a phase, a bool for a seat): an
    `InvalidStateError` naming the first one in field order, by its JSON path
    (``$.pieces[0].position``, ``$.hands[1][2]``). What is found of the parts states
    share is remembered once the state passed (by ``findings`` when given)."""
    found = STATE.first_wrong(state, findings)
    if found is not None:
        raise InvalidStateError(*found)
