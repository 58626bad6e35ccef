"""The Crash Course state: frozen attrs values, tuples only, everything the referee needs.

Item tokens are counted, never ordered: ``pile``, ``discard`` and ``box`` are counts
per `ItemKind` (index ``kind.index``). A movement interrupted by a tile to lay
is kept as a stack of `Frame` values (``motion``) and resumes after the lay
(with the tile pile empty, the rearmost tile is lifted when the active player lays it).

An action is applied to a `Draft`: a mutable copy whose attributes are exactly
the state's fields, built back into a `State` at the end.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from sonic_rules.core.chance import CHANCE, ChanceType
from sonic_rules.core.events import Event
from sonic_rules.core.game import Outcome
from sonic_rules.core.interning import IdentityMemo
from sonic_rules.core.picture import Pictured
from sonic_rules.crash_course.options import CharacterName as CharacterName
from sonic_rules.crash_course.options import Options as Options
from sonic_rules.crash_course.options import Variant as Variant
from sonic_rules.crash_course.tiles import LANE_NAMES, LANES, Catalogue, oriented_features

if TYPE_CHECKING:
    from sonic_rules.core.phases import PhaseMachine


class Phase(enum.StrEnum):
    """Who acts and what they may do; a ``str`` enum (``state.phase == "actions"``).

    Declared (who acts, what each phase accepts, how one leads to another) in
    `phases`; the names live here because the state carries one.
    """

    SETUP = "setup"
    DRAW_CHOICE = "draw-choice"
    DRAWING = "drawing"
    KEEP_CHOICE = "keep-choice"
    ACTIONS = "actions"
    REVEALING = "revealing"
    LAY_TILE = "lay-tile"
    LAYING_SHORTCUT = "laying-shortcut"
    RING_DROP = "ring-drop"
    RECOVERY = "recovery"
    GAME_OVER = "game-over"


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


class How(enum.Enum):
    """How a character comes to enter a space (it decides which hazards apply)."""

    ENTRY = "entry"
    STEP = "step"
    SHORTCUT = "shortcut"
    PUSH = "push"
    BOOST = "boost"
    JUMP = "jump"
    BUMP = "bump"


class FrameKind(enum.Enum):
    """A pending piece of movement: go forward, land on a space, or a Spring jump."""

    ADVANCE = "advance"
    ENTER = "enter"
    JUMP = "jump"


class PendingKind(enum.Enum):
    """A decision some seat owes once the current action has resolved."""

    RING_DROP = "ring-drop"
    RECOVERY = "recovery"


# Enum members read on every action, as module constants: on Python 3.11 reading a
# member off its class (``Phase.ACTIONS``) goes through ``EnumType.__getattr__``, several
# times slower than reading a global.
_GAME_OVER = Phase.GAME_OVER
_BEGINNER = Variant.BEGINNER
_ENTER = FrameKind.ENTER
_BY_BUMP = How.BUMP


@attrs.frozen(order=True, cache_hash=True)
class Space:
    """A space: course index of the tile (0 = rearmost), row (0 = entry row), lane."""

    tile: int
    row: int
    lane: int

    def __str__(self) -> str:
        lane = LANE_NAMES[self.lane] if 0 <= self.lane < len(LANE_NAMES) else f"lane {self.lane}"
        return f"tile {self.tile} row {self.row} {lane}"


_SPACES: dict[tuple[int, int, int], Space] = {}
"""Spaces made by `space_at`, by their fields."""
_MAX_SPACES = 4096


def space_at(tile: int, row: int, lane: int) -> Space:
    """``Space(tile, row, lane)``, one object for each space the rules make (spaces are
    frozen values: equal whether shared or not)."""
    key = (tile, row, lane)
    space = _SPACES.get(key)
    if space is None:
        if len(_SPACES) >= _MAX_SPACES:
            _SPACES.clear()
        space = _SPACES[key] = Space(tile, row, lane)
    return space


@attrs.frozen
class Character:
    """One character board: where it is, its damage, items, Rings and Power-Up."""

    name: CharacterName
    owner: int
    position: Space | None = None
    damage: int = 0
    items: tuple[ItemKind, ...] = ()
    rings: int = 0
    power_up: bool = False
    knocked_down: bool = False


_CHARACTER_FIELDS = frozenset(field.name for field in attrs.fields(Character))


@attrs.frozen
class PlacedTile:
    """A track tile in the course: catalogue index, grid cell, entry heading, orientation.

    ``bird_taken`` is true once the first character has moved onto it (or for tiles that
    never give a bird: the starting tiles, the Beginner track).
    """

    tile: int
    x: int
    y: int
    heading: int
    reversed: bool
    bird_taken: bool


@attrs.frozen
class PlacedShortcut:
    """A shortcut tile laid in a grid cell; its path joins the midpoints of the edges
    ``ends`` (directions 0 N, 1 E, 2 S, 3 W), in path order from the arrow it was laid
    from: opposite edges, laid straight; adjacent edges, laid as a corner
    (``CC-PROJ-SHORTCUT-BENT``)."""

    tile: int
    x: int
    y: int
    ends: tuple[int, int] = (0, 2)


@attrs.frozen(order=True)
class BoardItem:
    """A face-up item on a space: a Spring, Booster, Crabmeat, or a stack of ``count`` Rings.

    Beginner face-down tokens are not board items: their kinds are unknown until they are
    revealed (``State.face_down``).
    """

    space: Space
    kind: ItemKind
    count: int = 1


@attrs.frozen
class Frame:
    """A piece of pending movement (see ``engine``)."""

    kind: FrameKind
    character: int
    how: How
    space: Space | None = None
    remaining: int = 0
    lane: int = 0
    skipped: int = 0
    by_move: bool = False


@attrs.frozen
class Pending:
    """A decision owed by the owner of ``character`` (rings held in limbo for a drop)."""

    kind: PendingKind
    character: int
    rings: int = 0


# Not slotted: a state is built for every action, and attrs builds a frozen class that
# keeps its fields in a dict in about half the time.
@attrs.frozen(slots=False)
class State(Pictured):
    """A Crash Course position. Build one with ``new_game`` or ``setup_position``.

    ``face_down`` lists the Beginner spaces holding a face-down token. Their kinds are
    hidden information: they are still counted in ``pile`` (every token not yet seen) and
    a chance node decides each one as it is revealed (``CC-BEGINNER-ITEMS``).
    """

    variant: Variant
    players: int
    options: Options
    catalogue: Catalogue
    characters: tuple[Character, ...]
    birds: tuple[int, ...]
    bird_supply: int
    pile: tuple[int, ...]
    discard: tuple[int, ...]
    box: tuple[int, ...]
    course: tuple[PlacedTile, ...]
    tile_pile: tuple[int, ...]
    shortcuts: tuple[PlacedShortcut, ...]
    board: tuple[BoardItem, ...]
    face_down: tuple[Space, ...]
    phase: Phase
    active: int
    actions_left: int
    moved_this_turn: bool
    draws_left: int
    drawn: tuple[ItemKind, ...]
    motion: tuple[Frame, ...]
    pending: tuple[Pending, ...]
    turn_hazard_damage: tuple[int, ...]
    turn_laid_shortcuts: tuple[int, ...]
    won_by: tuple[int, ...]
    termination: str = ""
    """How the game ended (the ``Won`` event's reason); empty until it is over."""
    shortcut_attempt: tuple[PlacedShortcut, ...] = ()
    """The shortcut tiles laid so far in the attempt under way (phase ``laying-shortcut``),
    in path order from the active character's arrow space; not in ``shortcuts`` until the
    path is finished (``CC-SHORTCUT-LAY-STEP``, ``CC-SHORTCUT-LAY-COMPLETE``)."""
    turns_played: int = 0
    """Turns ended so far, skipped ones included, counted only when the options set a
    turn limit (``CC-OPT-TURN-LIMIT``); 0 otherwise, so that without limits two states
    of the same position are equal however they were reached."""
    decisions_made: int = 0
    """Decisions the seats have made so far, chance outcomes apart, counted only when the
    options set a decision limit (``CC-OPT-DECISION-LIMIT``); 0 otherwise."""

    @property
    def to_act(self) -> int | ChanceType | None:
        """The seat to act, `CHANCE` at a chance node, ``None`` when over.

        Read from the declared phase's actor (`phases.PHASES`), as ``PHASES.to_act``
        reads it.
        """
        actor = (_ACTORS or _actors())[self.phase]
        if actor is None or actor is CHANCE:
            return actor
        return actor(self)  # type: ignore[no-any-return]

    @property
    def turn(self) -> int:
        """The seat that owns the active character (even while another seat owes a choice)."""
        return self.characters[self.active].owner

    @property
    def is_over(self) -> bool:
        """True once a player has won."""
        return self.phase is _GAME_OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seat (one), empty until the game is over."""
        return self.won_by

    @property
    def outcome(self) -> Outcome | None:
        """Who won and how (``CC-FINISH``, ``CC-SECONDARY-WIN``); ``None`` until it is over."""
        if self.phase is not Phase.GAME_OVER:
            return None
        return Outcome(self.won_by, self.termination)

    @property
    def required_birds(self) -> int:
        """Flicky Birds a player needs before crossing (``CC-FINISH-BIRDS``).

        In the 2-player variant birds are counted per seat, main character and side-kick
        together (``CC-TWO-PLAYER-BIRDS``).
        """
        if self.variant is Variant.TWO_PLAYER:
            return 7
        return _REQUIRED_BIRDS[self.players]

    @property
    def damage_supply(self) -> int:
        """Damage tokens not on any character board."""
        return TOTAL_DAMAGE - sum(character.damage for character in self.characters)

    @property
    def power_up_supply(self) -> int:
        """Power-Up tokens not held."""
        return TOTAL_POWER_UPS - sum(character.power_up for character in self.characters)

    def token_count(self, kind: ItemKind) -> int:
        """Tokens of ``kind`` wherever they are: piles, box, boards, track, draw, limbo
        (``TOKEN_COUNTS[kind]`` in a consistent state)."""
        held = sum(c.items.count(kind) for c in self.characters)
        if kind is ItemKind.RING:
            held += sum(c.rings for c in self.characters)
            held += sum(pending.rings for pending in self.pending)
        return (
            self.pile[kind.index]
            + self.discard[kind.index]
            + self.box[kind.index]
            + held
            + self.drawn.count(kind)
            + sum(item.count for item in self.board if item.kind is kind)
        )

    def item_total(self) -> int:
        """Every item token, wherever it is (always 60 in a consistent state)."""
        return sum(self.token_count(kind) for kind in KINDS)


_REQUIRED_BIRDS = {2: 10, 3: 7, 4: 5}
"""Flicky Birds needed to cross, by player count (``CC-FINISH-BIRDS``)."""


@functools.cache
def _phases() -> PhaseMachine[Phase]:
    # The declaration names the action types, which name this module's values.
    from sonic_rules.crash_course.phases import PHASES

    return PHASES


_ACTORS: dict[Phase, Any] = {}
"""`PhaseMachine.actors` of the declaration, once it is read (`_actors`)."""


def _actors() -> dict[Phase, Any]:
    """Each phase's declared actor: a seat function, `CHANCE` or ``None`` (read once)."""
    _ACTORS.update(_phases().actors)
    return _ACTORS


def sees_held_items(options: Options, owner: int, seat: int | None) -> bool:
    """Whether ``seat`` (``None``: a spectator) sees the items held by ``owner``'s characters.

    The rulings' "What each seat may see": held items are seen by their holder only
    (their number by everyone), unless the table plays with open items
    (``CC-OPT-OPEN-ITEMS``).
    """
    return options.open_items or (seat is not None and owner == seat)


def airborne_characters(motion: tuple[Frame, ...] | list[Frame]) -> set[int]:
    """Characters bounced by a Bumper and not landed yet: off their spaces."""
    return {frame.character for frame in motion if frame.kind is _ENTER and frame.how is _BY_BUMP}


def occupied_spaces(
    characters: tuple[Character, ...] | list[Character], motion: tuple[Frame, ...] | list[Frame]
) -> dict[Space, int]:
    """Space -> character standing on it.

    A character bounced by a Bumper is in the air until it lands: it has left its space
    (``CC-ITEM-BUMPER``), so nothing pushed or boosted meanwhile meets it there.
    """
    airborne = airborne_characters(motion) if motion else ()
    return {
        c.position: number
        for number, c in enumerate(characters)
        if c.position is not None and number not in airborne
    }


def space_key(space: Space) -> tuple[int, int, int]:
    """The order of spaces (rearmost tile first), as a cheap sort key."""
    return (space.tile, space.row, space.lane)


def _board_key(item: BoardItem) -> tuple[int, int, int]:
    space = item.space
    return (space.tile, space.row, space.lane)


class _Board(dict[Space, BoardItem]):
    """A draft's board as read from its state: a dict by space that notes whether it
    was changed since (`Draft.freeze` keeps the state's tuple if not)."""

    changed = False

    def __setitem__(self, space: Space, item: BoardItem) -> None:
        self.changed = True
        super().__setitem__(space, item)

    def __delitem__(self, space: Space) -> None:
        self.changed = True
        super().__delitem__(space)

    def pop(self, *args: Any) -> Any:
        """``dict.pop``, noted as a change."""
        self.changed = True
        return super().pop(*args)

    def popitem(self) -> tuple[Space, BoardItem]:
        """``dict.popitem``, noted as a change."""
        self.changed = True
        return super().popitem()

    def setdefault(self, *args: Any) -> Any:
        """``dict.setdefault``, noted as a change."""
        self.changed = True
        return super().setdefault(*args)

    def update(self, *args: Any, **kwargs: Any) -> None:
        """``dict.update``, noted as a change."""
        self.changed = True
        super().update(*args, **kwargs)

    def clear(self) -> None:
        """``dict.clear``, noted as a change."""
        self.changed = True
        super().clear()

    def __ior__(self, other: Any) -> Any:  # type: ignore[misc]
        self.changed = True
        return super().__ior__(other)


_BOARD_MAPS = IdentityMemo(1024)
"""Recent board tuples' items by space (`board_map`)."""


def board_map(items: tuple[BoardItem, ...]) -> dict[Space, BoardItem]:
    """The items of a state's ``board`` by space, made once per board tuple (states
    share the tuple while the board is unchanged). Read only: copy it to change it."""
    return _BOARD_MAPS(items, _by_space)  # type: ignore[no-any-return]


def _by_space(items: tuple[BoardItem, ...]) -> dict[Space, BoardItem]:
    return {item.space: item for item in items}


_THAW: dict[str, Callable[[Any], Any]] = {
    "board": lambda items: _Board(board_map(items)),
    "face_down": set,
}
_FREEZE: dict[str, Callable[[Any], Any]] = {
    "board": lambda by_space: tuple(sorted(by_space.values(), key=_board_key)),
    "face_down": lambda spaces: tuple(sorted(spaces, key=space_key)),
    "tile_pile": lambda tiles: tuple(sorted(tiles)),
}
_SPECIAL = tuple(name for name in _THAW)
_LISTS = tuple(
    field.name
    for field in attrs.fields(State)
    if str(field.type).startswith("tuple[") and field.name not in _THAW
)
"""The fields a draft holds as lists (every other tuple of the state)."""
_LAZY = frozenset((*_LISTS, *_SPECIAL))
_EAGER = ("characters", "pile", "drawn", "motion", "pending")
"""The list fields a draft makes at once (read by nearly every action)."""
_PLAIN_LAZY = tuple(
    name for name in _LISTS if name not in (*_EAGER, "course", "shortcuts", "tile_pile")
)
"""The list fields a draft makes on first use that `Draft.freeze` turns back into tuples
as they are."""
_new_state = object.__new__
_set_fields = object.__setattr__


def _increasing(keys: list[tuple[int, int, int]]) -> bool:
    return all(a < b for a, b in itertools.pairwise(keys))


_IN_ORDER: dict[int, tuple[Any, ...]] = {}
"""Board and face-down tuples known to be in the order `Draft.freeze` makes, one item per
space, by identity (each kept alive, so its id stays its own)."""
_MAX_IN_ORDER = 4096


def _kept(value: tuple[Any, ...], key: Callable[[Any], tuple[int, int, int]], name: str) -> Any:
    """What `Draft.freeze` makes of a board or face-down tuple the draft never read: what
    thawing and freezing it would give, the same tuple when it is already in that form."""
    if _IN_ORDER.get(id(value)) is value:
        return value
    if not _increasing([key(item) for item in value]):
        return _FREEZE[name](_THAW[name](value))
    return _in_order(value)


def _same(value: tuple[Any, ...], old: tuple[Any, ...]) -> tuple[Any, ...]:
    """The state's own tuple when ``value`` equals it: the course and the laid shortcut
    tiles keep their identity while unchanged (what is remembered per course is found)."""
    return old if value == old else value


def _in_order(value: tuple[Any, ...]) -> tuple[Any, ...]:
    """``value``, frozen by `Draft.freeze`, is in its order: noted for `_kept`."""
    if len(_IN_ORDER) >= _MAX_IN_ORDER:
        _IN_ORDER.clear()
    _IN_ORDER[id(value)] = value
    return value


def _kept_board(board: tuple[BoardItem, ...]) -> tuple[BoardItem, ...]:
    return _kept(board, _board_key, "board")  # type: ignore[no-any-return]


def _kept_face_down(spaces: tuple[Space, ...]) -> tuple[Space, ...]:
    return _kept(spaces, space_key, "face_down")  # type: ignore[no-any-return]


class Draft:
    """A mutable draft of a `State` for the duration of one action.

    Its attributes are exactly the state's fields, under the same names: tuples become
    lists, ``board`` a dict by space and ``face_down`` a set. `freeze` builds the
    state back. Besides them it keeps ``events`` and two caches derived from the fields:
    ``occupied`` (space -> character) and the features of each course tile.

    The list, dict and set fields (and ``occupied``) are made on first use: a field the
    action never reads is not copied, and `freeze` takes the state's own value back.
    """

    variant: Variant
    players: int
    options: Options
    catalogue: Catalogue
    characters: list[Character]
    birds: list[int]
    bird_supply: int
    pile: list[int]
    discard: list[int]
    box: list[int]
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
    won_by: list[int]
    termination: str
    shortcut_attempt: list[PlacedShortcut]
    turns_played: int
    decisions_made: int
    occupied: dict[Space, int]
    required_birds: int

    def __init__(self, state: State) -> None:
        self._state = state
        self.variant = state.variant
        self.players = state.players
        self.options = state.options
        self.catalogue = state.catalogue
        self.bird_supply = state.bird_supply
        self.phase = state.phase
        self.active = state.active
        self.actions_left = state.actions_left
        self.moved_this_turn = state.moved_this_turn
        self.draws_left = state.draws_left
        self.termination = state.termination
        self.turns_played = state.turns_played
        self.decisions_made = state.decisions_made
        # Read by nearly every action (or most), so made at once.
        self.characters = list(state.characters)
        self.pile = list(state.pile)
        self.motion = list(state.motion)
        self.pending = list(state.pending)
        self.drawn = list(state.drawn)
        self.beginner = state.variant is _BEGINNER
        self.events: list[Event] = []
        self._features: dict[int, tuple[str, ...]] = {}

    def __getattr__(self, name: str) -> Any:
        # Called only for an attribute not made yet: a field's first use.
        if name in _LAZY:
            value = getattr(self._state, name)
            thawed = _THAW[name](value) if name in _THAW else list(value)
        elif name == "required_birds":
            thawed = self._state.required_birds
        elif name == "occupied":
            # From the state as it was given, as if made when the draft was.
            thawed = occupied_spaces(self._state.characters, self._state.motion)
        else:
            raise AttributeError(name)
        self.__dict__[name] = thawed
        return thawed

    def freeze(self) -> State:
        """The state this draft now describes."""
        made = self.__dict__
        state = self._state
        get = made.get
        # Each list field: its list as a tuple, or the state's own tuple if never read.
        made_board = get("board")
        board: tuple[BoardItem, ...]
        if made_board is None or (type(made_board) is _Board and not made_board.changed):
            board = state.board
            if _IN_ORDER.get(id(board)) is not board:
                board = _kept_board(board)
        else:
            board = _in_order(_FREEZE["board"](made_board))
        made_face_down = get("face_down")
        face_down: tuple[Space, ...]
        if made_face_down is None:
            face_down = state.face_down
            if face_down and _IN_ORDER.get(id(face_down)) is not face_down:
                face_down = _kept_face_down(face_down)
        else:
            face_down = _FREEZE["face_down"](made_face_down)
        tile_pile = get("tile_pile")
        if tile_pile is None:
            tile_pile = state.tile_pile
        tile_pile = _FREEZE["tile_pile"](tile_pile)
        # The new state's fields: the old state's, with what the draft holds (variant,
        # players, options and catalogue never change).
        fields = state.__dict__.copy()
        fields["characters"] = tuple(self.characters)
        fields["bird_supply"] = self.bird_supply
        fields["pile"] = tuple(self.pile)
        fields["tile_pile"] = tile_pile
        fields["board"] = board
        fields["face_down"] = face_down
        fields["phase"] = self.phase
        fields["active"] = self.active
        fields["actions_left"] = self.actions_left
        fields["moved_this_turn"] = self.moved_this_turn
        fields["draws_left"] = self.draws_left
        fields["drawn"] = tuple(self.drawn)
        fields["motion"] = tuple(self.motion)
        fields["pending"] = tuple(self.pending)
        fields["termination"] = self.termination
        fields["turns_played"] = self.turns_played
        fields["decisions_made"] = self.decisions_made
        for name in _PLAIN_LAZY:
            if (v := get(name)) is not None:
                fields[name] = tuple(v)
        if (v := get("course")) is not None:
            fields["course"] = _same(tuple(v), state.course)
        if (v := get("shortcuts")) is not None:
            fields["shortcuts"] = _same(tuple(v), state.shortcuts)
        made_state: State = _new_state(State)
        _set_fields(made_state, "__dict__", fields)
        return made_state

    def item_at(self, space: Space) -> BoardItem | None:
        """``self.board.get(space)``, read without making the board dict."""
        board = self.__dict__.get("board")
        return (board_map(self._state.board) if board is None else board).get(space)

    def is_face_down(self, space: Space) -> bool:
        """``space in self.face_down``, read without making the set while there is none."""
        if "face_down" not in self.__dict__ and not self._state.face_down:
            return False
        return space in self.face_down

    def feature(self, space: Space) -> str:
        """The feature of ``space`` (cached per tile until the course changes)."""
        return self.tile_features(space.tile)[space.row * LANES + space.lane]

    def tile_features(self, index: int) -> tuple[str, ...]:
        """The features of course tile ``index`` (cached until the course changes)."""
        cached = self._features.get(index)
        if cached is None:
            placed = self.course_tile(index)
            tile = self.catalogue.tiles[placed.tile]
            cached = self._features[index] = oriented_features(tile.rows, placed.reversed)
        return cached

    def forget_features(self) -> None:
        """The course changed: features are read afresh."""
        self._features.clear()

    def update(self, number: int, **changes: Any) -> Character:
        """Change character ``number``'s board; returns the new value."""
        old = self.characters[number]
        if not changes.keys() <= _CHARACTER_FIELDS:
            raise TypeError(f"not character fields: {sorted(changes.keys() - _CHARACTER_FIELDS)}")
        get = changes.get
        character = Character(
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
        self.characters[number] = Character(
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
        return (self._state.course if course is None else course)[index]

    def course_length(self) -> int:
        """``len(self.course)``, read without making the course list."""
        course = self.__dict__.get("course")
        return len(self._state.course if course is None else course)

    def name(self, number: int) -> CharacterName:
        """Character ``number``'s name."""
        return self.characters[number].name

    def goto(self, trigger: str) -> None:
        """Change phase by a declared trigger (``PHASES.goto``)."""
        self.phase = _phases().goto(self.phase, trigger)

    def pause_in(self, phase: Phase, trigger: str) -> None:
        """Wait in ``phase``: stay if already there (the next decision of the same kind,
        or another tile or token for the same movement), else change by ``trigger``."""
        if self.phase is not phase:
            self.goto(trigger)
