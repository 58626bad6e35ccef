"""The Crash Course state: frozen attrs values, tuples only, everything the referee needs.

Item tokens are counted, never ordered: ``pile``, ``discard`` and ``box`` are counts
per :class:`ItemKind` (index ``kind.index``). A movement interrupted by a tile to lay
is kept as a stack of :class:`Frame` values (``motion``) and resumes after the lay
(with the tile pile empty, the rearmost tile is lifted when the active player lays it).
"""

from __future__ import annotations

import enum

import attrs

from sonic_rules.core.chance import CHANCE, ChanceType
from sonic_rules.crash_course.phases import Phase
from sonic_rules.crash_course.tiles import LANE_NAMES, Catalogue


class ItemKind(enum.Enum):
    """The seven item tokens, in the order of the count tuples."""

    MOTOBUG = "motobug"
    BOMB = "bomb"
    BUMPER = "bumper"
    SPRING = "spring"
    BOOSTER = "booster"
    CRABMEAT = "crabmeat"
    RING = "ring"

    @property
    def index(self) -> int:
        """Position of this kind in ``pile``/``discard``/``box`` count tuples."""
        return _KIND_INDEX[self]


KINDS: tuple[ItemKind, ...] = tuple(ItemKind)
_KIND_INDEX = {kind: number for number, kind in enumerate(KINDS)}
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


class CharacterName(enum.Enum):
    """The four characters; each has an ability (``CC-ABILITY-*``)."""

    SONIC = "sonic"
    TAILS = "tails"
    KNUCKLES = "knuckles"
    EGGMAN = "eggman"


class Variant(enum.Enum):
    """The standard game, the 2-player variant with side-kicks, the Beginner rules."""

    STANDARD = "standard"
    TWO_PLAYER = "two-player"
    BEGINNER = "beginner"


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


@attrs.frozen(order=True)
class Space:
    """A space: course index of the tile (0 = rearmost), row (0 = entry row), lane."""

    tile: int
    row: int
    lane: int

    def __str__(self) -> str:
        return f"tile {self.tile} row {self.row} {LANE_NAMES[self.lane]}"


@attrs.frozen
class Options:
    """Rules options carried in the state (``CC-OPT-*``, ``CC-PROJ-CHARACTERS``).

    ``official_draw``: drawing is an action after fixing and before moving, repeatable
    (holding 2 items, the player then discards one and draws:
    ``CC-PROJ-OFFICIAL-DRAW-FULL-HAND``).
    ``set_back``: characters on a recycled tile are set back instead of the mover winning.
    ``characters``: the characters in seat/turn order (empty: Sonic, Tails, Knuckles,
    Eggman in that order).
    ``beginner_course``: Beginner only, the track as the table laid it, rearmost first, as
    ``(tile id, reversed)`` pairs naming every track tile once (empty: the order is dealt
    at random by chance, each tile as printed; ``CC-BEGINNER-SETUP``).
    """

    official_draw: bool = False
    set_back: bool = False
    characters: tuple[CharacterName, ...] = ()
    beginner_course: tuple[tuple[str, bool], ...] = ()


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
    """A shortcut tile laid in a grid cell."""

    tile: int
    x: int
    y: int


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


@attrs.frozen
class State:
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

    @property
    def to_act(self) -> int | ChanceType | None:
        """The seat to act, :data:`~sonic_rules.CHANCE` at a draw, ``None`` when over."""
        phase = self.phase
        if phase is Phase.GAME_OVER:
            return None
        if phase is Phase.DRAWING or phase is Phase.SETUP or phase is Phase.REVEALING:
            return CHANCE
        if phase is Phase.RING_DROP or phase is Phase.RECOVERY:
            return self.characters[self.pending[0].character].owner
        return self.characters[self.active].owner

    @property
    def is_over(self) -> bool:
        """True once a player has won."""
        return self.phase is Phase.GAME_OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seat (one), empty until the game is over."""
        return self.won_by

    @property
    def required_birds(self) -> int:
        """Flicky Birds a player needs before crossing (``CC-FINISH-BIRDS``).

        In the 2-player variant birds are counted per seat, main character and side-kick
        together (``CC-TWO-PLAYER-BIRDS``).
        """
        if self.variant is Variant.TWO_PLAYER:
            return 7
        return {2: 10, 3: 7, 4: 5}[self.players]

    @property
    def damage_supply(self) -> int:
        """Damage tokens not on any character board."""
        return TOTAL_DAMAGE - sum(character.damage for character in self.characters)

    @property
    def power_up_supply(self) -> int:
        """Power-Up tokens not held."""
        return TOTAL_POWER_UPS - sum(character.power_up for character in self.characters)

    def item_total(self) -> int:
        """Every item token, wherever it is (always 60 in a consistent state)."""
        held = sum(len(c.items) + c.rings for c in self.characters)
        on_board = sum(item.count for item in self.board)
        limbo = sum(pending.rings for pending in self.pending)
        return (
            sum(self.pile)
            + sum(self.discard)
            + sum(self.box)
            + held
            + on_board
            + len(self.drawn)
            + limbo
        )
