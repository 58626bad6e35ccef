"""The draft an action works on: a `State`'s fields under their own names, worked on.

`Draft` is Crash Course's `sonic_rules.core.update.Draft`: tuples worked on as lists,
the board as a dict by space, the face-down spaces as a set, built back into a `State`
by `Draft.freeze`; beside the fields it keeps what it works out from the state as given.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from sonic_rules.core import update
from sonic_rules.core.interning import IdentityMemo
from sonic_rules.crash_course.phases import PHASES
from sonic_rules.crash_course.state import (
    BoardItem,
    Character,
    Frame,
    ItemKind,
    Options,
    Pending,
    Phase,
    Piece,
    PlacedShortcut,
    PlacedTile,
    Space,
    State,
    Variant,
    occupied_spaces,
)
from sonic_rules.crash_course.tiles import LANES, Catalogue, oriented_features

_CHARACTER_FIELDS = frozenset(field.name for field in attrs.fields(Piece))


def _space_key(space: Space) -> tuple[int, int, int]:
    """The order of spaces (rearmost tile first), as a cheap sort key."""
    return (space.tile, space.row, space.lane)


def _board_key(item: BoardItem) -> tuple[int, int, int]:
    space = item.space
    return (space.tile, space.row, space.lane)


_BOARD_MAPS = IdentityMemo(1024, "crash-course board maps")
"""Recent board tuples' items by space (`board_map`)."""


def board_map(items: tuple[BoardItem, ...]) -> dict[Space, BoardItem]:
    """The items of a state's ``board`` by space, made once per board tuple (states
    share the tuple while the board is unchanged). Read only: copy it to change it."""
    return _BOARD_MAPS(items, _by_space)  # type: ignore[no-any-return]


def _by_space(items: tuple[BoardItem, ...]) -> dict[Space, BoardItem]:
    return {item.space: item for item in items}


# ----- the draft's fields: worked on, frozen back, kept ------------------------------------
# The board, the face-down spaces and the tile pile are sets kept as tuples in order (by
# space, or by tile number). A state may list its board in any order, so a new state
# holds the board in order whether or not the action worked on it; the face-down spaces
# and the tile pile of a valid state are in order already.

_ORDERED = IdentityMemo(4096, "crash-course boards in order")
"""Board tuples, each with its form in order (itself when it is in order already):
states share the tuple while the board is unchanged."""


def _increasing(keys: list[Any]) -> bool:
    return all(a < b for a, b in itertools.pairwise(keys))


def _board_in_order(board: tuple[BoardItem, ...]) -> tuple[BoardItem, ...]:
    if _increasing([_board_key(item) for item in board]):
        return board
    return tuple(sorted(_by_space(board).values(), key=_board_key))


_kept_board = functools.partial(_ORDERED, make=_board_in_order)
"""A board tuple in order (the board of a state whose action never worked on it)."""


def _board_tuple(made: dict[Space, BoardItem], old: tuple[BoardItem, ...]) -> tuple[Any, ...]:
    if made == board_map(old):
        return _kept_board(old)  # type: ignore[no-any-return]
    board = tuple(sorted(made.values(), key=_board_key))
    _ORDERED.note(board, board)
    return board


def _face_down_tuple(made: set[Space], old: tuple[Space, ...]) -> tuple[Space, ...]:
    return tuple(sorted(made, key=_space_key))


def _tile_pile_tuple(made: list[int], old: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(made))


class Draft(
    update.Draft,
    state_type=State,
    machine=PHASES,
    thaw={
        "characters": update.AS_LIST,
        "pile": update.AS_LIST,
        "drawn": update.AS_LIST,
        "motion": update.AS_LIST,
        "pending": update.AS_LIST,
        "birds": update.AS_LIST,
        "discard": update.AS_LIST,
        "turn_hazard_damage": update.AS_LIST,
        "turn_laid_shortcuts": update.AS_LIST,
        "shortcut_attempt": update.AS_LIST,
        # Kept as the state's own tuple while unchanged: what is remembered per course
        # and per laid shortcut tiles is found again.
        "course": (list, update.frozen_tuple),
        "shortcuts": (list, update.frozen_tuple),
        "tile_pile": (list, _tile_pile_tuple),
        "board": (lambda items: dict(board_map(items)), _board_tuple),
        "face_down": (set, _face_down_tuple),
    },
    # Read by nearly every action (or most), so made at once.
    eager=("characters", "pile", "drawn", "motion", "pending", "features"),
    keep={"board": _kept_board},
):
    """A draft of a `State` for the duration of one action (`update.Draft`).

    Its attributes are the state's fields, under the same names: tuples become lists,
    ``board`` a dict by space and ``face_down`` a set. Besides them it keeps what it
    works out from the state as given: ``occupied`` (space -> character), the features
    of each course tile it read (``features``, by course index) and ``required_birds``.
    """

    __slots__ = ("features", "occupied", "required_birds")

    derive: ClassVar[Mapping[str, Callable[[State], Any]]] = {
        # From the state as it was given, as if made when the draft was.
        "occupied": lambda state: occupied_spaces(state.characters, state.motion),
        "features": lambda state: {},
        "required_birds": lambda state: state.required_birds,
    }

    original: State
    variant: Variant
    players: int
    options: Options
    catalogue: Catalogue
    characters: list[Piece]
    birds: list[int]
    bird_supply: int
    pile: list[int]
    discard: list[int]
    box: tuple[int, ...]
    course: list[PlacedTile]
    tile_pile: list[int]
    shortcuts: list[PlacedShortcut]
    board: dict[Space, BoardItem]
    face_down: set[Space]
    phase: Phase
    active: int
    actions_left: int
    moved_this_turn: bool
    draws_left: int
    drawn: list[ItemKind]
    motion: list[Frame]
    pending: list[Pending]
    turn_hazard_damage: list[int]
    turn_laid_shortcuts: list[int]
    won_by: tuple[int, ...]
    termination: str
    shortcut_attempt: list[PlacedShortcut]
    turns_played: int
    decisions_made: int
    occupied: dict[Space, int]
    features: dict[int, tuple[str, ...]]
    required_birds: int

    if TYPE_CHECKING:

        def freeze(self) -> State:
            """The state this draft now describes (`update.Draft.freeze`)."""

    def item_at(self, space: Space) -> BoardItem | None:
        """``self.board.get(space)``, read without making the board dict."""
        board = self.__dict__.get("board")
        return (board_map(self.original.board) if board is None else board).get(space)

    def is_face_down(self, space: Space) -> bool:
        """``space in self.face_down``, read without making the set while there is none."""
        if "face_down" not in self.__dict__ and not self.original.face_down:
            return False
        return space in self.face_down

    def feature(self, space: Space) -> str:
        """The feature of ``space`` (cached per tile until the course changes)."""
        return self.tile_features(space.tile)[space.row * LANES + space.lane]

    def tile_features(self, index: int) -> tuple[str, ...]:
        """The features of course tile ``index`` (cached until the course changes)."""
        cached = self.features.get(index)
        if cached is None:
            placed = self.course_tile(index)
            tile = self.catalogue.tiles[placed.tile]
            cached = self.features[index] = oriented_features(tile.rows, placed.reversed)
        return cached

    def forget_features(self) -> None:
        """The course changed: features are read afresh."""
        self.features = {}

    def update(self, number: int, **changes: Any) -> Piece:
        """Change character ``number``'s board; returns the new value."""
        old = self.characters[number]
        if not changes.keys() <= _CHARACTER_FIELDS:
            raise TypeError(f"not character fields: {sorted(changes.keys() - _CHARACTER_FIELDS)}")
        get = changes.get
        character = Piece(
            get("name", old.name),
            get("owner", old.owner),
            get("position", old.position),
            get("damage", old.damage),
            get("items", old.items),
            get("rings", old.rings),
            get("power_up", old.power_up),
            get("knocked_down", old.knocked_down),
        )
        self.characters[number] = character
        return character

    def put(self, number: int, space: Space) -> None:
        """Character ``number`` now stands on ``space``."""
        character = self.characters[number]
        old = character.position
        if old is not None and self.occupied.get(old) == number:
            del self.occupied[old]
        self.occupied[space] = number
        self.characters[number] = Piece(
            character.name,
            character.owner,
            space,
            character.damage,
            character.items,
            character.rings,
            character.power_up,
            character.knocked_down,
        )

    def course_tile(self, index: int) -> PlacedTile:
        """``self.course[index]``, read without making the course list."""
        course = self.__dict__.get("course")
        return (self.original.course if course is None else course)[index]

    def course_length(self) -> int:
        """``len(self.course)``, read without making the course list."""
        course = self.__dict__.get("course")
        return len(self.original.course if course is None else course)

    def name(self, number: int) -> Character:
        """Character ``number``'s name."""
        return self.characters[number].name

    def pause_in(self, phase: Phase, trigger: str) -> None:
        """Wait in ``phase``: stay if already there (the next decision of the same kind,
        or another tile or token for the same movement), else change by ``trigger``."""
        if self.phase is not phase:
            self.goto(trigger)
