"""The shape of a Crash Course state: the exact type it holds in each place.

A state built by hand can hold anything: a list for a tuple, a string for an item, a
float in a space. `check_shapes` refuses such a state before any rule is checked (the
rules read the values as the types a state holds), naming the first wrong value by its
JSON path; a state read from JSON always has the right shape.
"""

from __future__ import annotations

from sonic_rules.core.errors import InvalidStateError
from sonic_rules.core.interning import Findings
from sonic_rules.core.shapes import Exact, Fixed, OrNone, Record, TupleOf, Whole, Worded
from sonic_rules.crash_course.state import (
    BoardItem,
    Character,
    Frame,
    FrameKind,
    How,
    ItemKind,
    Options,
    Pending,
    PendingKind,
    Phase,
    Piece,
    PlacedShortcut,
    PlacedTile,
    Space,
    State,
    Variant,
)
from sonic_rules.crash_course.tiles import Catalogue, ShortcutSpec, TileSpec

_INT = Exact(int)
_BOOL = Exact(bool)
_STR = Exact(str)
_INTS = TupleOf(_INT)
_WHOLE = "must be a whole number, 0 or more"
_LIMIT = "must be a whole number, 1 or more"
_SPACE = Record(Space, (("tile", _INT), ("row", _INT), ("lane", _INT)))
_SHORTCUTS = TupleOf(
    Record(
        PlacedShortcut,
        (("tile", _INT), ("x", _INT), ("y", _INT), ("ends", Fixed(_INT, _INT))),
    )
)

OPTIONS = Record(
    Options,
    (
        ("official_draw", _BOOL),
        ("set_back", _BOOL),
        ("damage_bars_only_moves", _BOOL),
        ("literal_secondary_win", _BOOL),
        ("open_items", _BOOL),
        ("turn_limit", Worded(OrNone(_INT), _LIMIT)),
        ("decision_limit", Worded(OrNone(_INT), _LIMIT)),
        ("characters", TupleOf(Exact(Character))),
        ("beginner_course", TupleOf(Fixed(_STR, _BOOL))),
    ),
)
CATALOGUE = Record(
    Catalogue,
    (
        (
            "tiles",
            TupleOf(
                Record(
                    TileSpec,
                    (("id", _STR), ("kind", _STR), ("turn", _STR), ("rows", TupleOf(_STR))),
                )
            ),
        ),
        (
            "shortcuts",
            TupleOf(
                Record(ShortcutSpec, (("id", _STR), ("kind", _STR), ("shapes", TupleOf(_STR))))
            ),
        ),
        ("name", _STR),
    ),
)
CHARACTER = Record(
    Piece,
    (
        ("name", Exact(Character)),
        ("owner", _INT),
        ("position", OrNone(_SPACE)),
        ("damage", _INT),
        ("items", TupleOf(Exact(ItemKind))),
        ("rings", _INT),
        ("power_up", _BOOL),
        ("knocked_down", _BOOL),
    ),
)
COURSE = TupleOf(
    Record(
        PlacedTile,
        (
            ("tile", _INT),
            ("x", _INT),
            ("y", _INT),
            ("heading", _INT),
            ("reversed", _BOOL),
            ("bird_taken", _BOOL),
        ),
    )
)
BOARD = TupleOf(Record(BoardItem, (("space", _SPACE), ("kind", Exact(ItemKind)), ("count", _INT))))
MOTION = TupleOf(
    Record(
        Frame,
        (
            ("kind", Exact(FrameKind)),
            ("character", _INT),
            ("how", Exact(How)),
            ("space", OrNone(_SPACE)),
            ("remaining", _INT),
            ("lane", _INT),
            ("skipped", _INT),
            ("by_move", _BOOL),
        ),
    )
)
PENDING = TupleOf(
    Record(Pending, (("kind", Exact(PendingKind)), ("character", _INT), ("rings", _INT)))
)


STATE = Whole(
    State,
    (
        ("variant", Exact(Variant)),
        ("players", Worded(_INT, "players must be 2, 3 or 4, not {!r}")),
        ("options", OPTIONS),
        ("catalogue", CATALOGUE),
        ("characters", TupleOf(CHARACTER)),
        ("birds", _INTS),
        ("bird_supply", _INT),
        ("pile", _INTS),
        ("discard", _INTS),
        ("box", _INTS),
        ("course", COURSE),
        ("tile_pile", _INTS),
        ("shortcuts", _SHORTCUTS),
        ("board", BOARD),
        ("face_down", TupleOf(_SPACE)),
        ("phase", Exact(Phase)),
        ("active", _INT),
        ("actions_left", _INT),
        ("moved_this_turn", _BOOL),
        ("draws_left", _INT),
        ("drawn", TupleOf(Exact(ItemKind))),
        ("motion", MOTION),
        ("pending", PENDING),
        ("turn_hazard_damage", _INTS),
        ("turn_laid_shortcuts", _INTS),
        ("won_by", _INTS),
        ("termination", _STR),
        ("shortcut_attempt", _SHORTCUTS),
        ("turns_played", Worded(_INT, _WHOLE)),
        ("decisions_made", Worded(_INT, _WHOLE)),
    ),
    frozenset(
        (
            "options",
            "catalogue",
            "characters",
            "birds",
            "pile",
            "discard",
            "box",
            "course",
            "tile_pile",
            "shortcuts",
            "board",
            "face_down",
            "drawn",
            "motion",
            "pending",
            "turn_hazard_damage",
            "turn_laid_shortcuts",
            "won_by",
            "shortcut_attempt",
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
    for a tuple, a string for an item, a float in a space): an `InvalidStateError` naming
    the first one, by its JSON path (``$.characters[0].items[1]``). What is found of the
    parts states share is remembered once the state passed (by ``findings`` when given).
    """
    found = STATE.first_wrong(state, findings)
    if found is not None:
        raise InvalidStateError(*found)


def has_shape(value: object, part: str) -> bool:
    """Whether ``value`` is of the type a state holds as ``part`` (``options``,
    ``catalogue``, ``course``, ``shortcuts``, ``motion``, ``pending``, ``board``,
    ``face_down``, ``drawn``): what `to_json` asks of a part before it writes it."""
    return STATE.field_has_shape(part, value)


def character_has_shape(character: object) -> bool:
    """Whether ``character`` is a `Piece` holding values of the types it holds."""
    return CHARACTER.wrong(character) is None
