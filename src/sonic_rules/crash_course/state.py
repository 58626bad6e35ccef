"""The Crash Course state: frozen attrs values, tuples only, everything the referee needs.

Item tokens are counted, never ordered: ``pile``, ``discard`` and ``box`` are counts
per `ItemKind` (index ``kind.index``). A movement interrupted by a tile to lay
is kept as a stack of `Frame` values (``motion``) and resumes after the lay
(with the tile pile empty, the rearmost tile is lifted when the active player lays it).

An action is applied to a `draft.Draft` of a state, built back into a new `State` at
the end.
"""

from __future__ import annotations

import enum

import attrs

from sonic_rules.core.chance import CHANCE, ChanceType
from sonic_rules.core.game import Outcome
from sonic_rules.core.picture import Pictured
from sonic_rules.crash_course.options import Character as Character
from sonic_rules.crash_course.options import Options as Options
from sonic_rules.crash_course.options import Variant as Variant
from sonic_rules.crash_course.phases import PHASES
from sonic_rules.crash_course.phases import Phase as Phase
from sonic_rules.crash_course.pieces import (
    BEGINNER_KINDS as BEGINNER_KINDS,
)
from sonic_rules.crash_course.pieces import KINDS as KINDS
from sonic_rules.crash_course.pieces import MAX_DAMAGE as MAX_DAMAGE
from sonic_rules.crash_course.pieces import MAX_ITEMS as MAX_ITEMS
from sonic_rules.crash_course.pieces import MAX_RINGS as MAX_RINGS
from sonic_rules.crash_course.pieces import PLACED_KINDS as PLACED_KINDS
from sonic_rules.crash_course.pieces import TOKEN_COUNTS as TOKEN_COUNTS
from sonic_rules.crash_course.pieces import TOTAL_BIRDS as TOTAL_BIRDS
from sonic_rules.crash_course.pieces import TOTAL_DAMAGE as TOTAL_DAMAGE
from sonic_rules.crash_course.pieces import TOTAL_ITEMS as TOTAL_ITEMS
from sonic_rules.crash_course.pieces import TOTAL_POWER_UPS as TOTAL_POWER_UPS
from sonic_rules.crash_course.pieces import ItemKind as ItemKind
from sonic_rules.crash_course.pieces import Piece as Piece
from sonic_rules.crash_course.pieces import Space as Space
from sonic_rules.crash_course.pieces import space_at as space_at
from sonic_rules.crash_course.tiles import Catalogue


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


# ----- enum members as plain names -------------------------------------------------------
# The hot paths read these names, not ``Phase.ACTIONS``: on Python 3.11 every attribute
# read off an enum class goes through ``EnumType.__getattr__`` and costs about ten times
# a global read (250 ns against 25), and self-play reading members off their classes was
# 8 to 10% slower. They are gathered here, next to the enums, and nowhere else.

SETUP = Phase.SETUP
DRAW_CHOICE = Phase.DRAW_CHOICE
DRAWING = Phase.DRAWING
KEEP_CHOICE = Phase.KEEP_CHOICE
ACTIONS = Phase.ACTIONS
REVEALING = Phase.REVEALING
LAY_TILE = Phase.LAY_TILE
LAYING_SHORTCUT = Phase.LAYING_SHORTCUT
RING_DROP = Phase.RING_DROP
RECOVERY = Phase.RECOVERY
GAME_OVER = Phase.GAME_OVER
MOTOBUG = ItemKind.MOTOBUG
BOMB = ItemKind.BOMB
BUMPER = ItemKind.BUMPER
SPRING = ItemKind.SPRING
BOOSTER = ItemKind.BOOSTER
CRABMEAT = ItemKind.CRABMEAT
RING = ItemKind.RING
BY_ENTRY = How.ENTRY
BY_STEP = How.STEP
BY_PUSH = How.PUSH
BY_BOOST = How.BOOST
BY_JUMP = How.JUMP
BY_BUMP = How.BUMP
ADVANCE = FrameKind.ADVANCE
ENTER = FrameKind.ENTER
SPRING_JUMP = FrameKind.JUMP
OWED_RING_DROP = PendingKind.RING_DROP
OWED_RECOVERY = PendingKind.RECOVERY
BEGINNER = Variant.BEGINNER
SONIC = Character.SONIC
TAILS = Character.TAILS
EGGMAN = Character.EGGMAN


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
    characters: tuple[Piece, ...]
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
        actor = _ACTORS[self.phase]
        if actor is None or actor is CHANCE:
            return actor
        return actor(self)

    @property
    def turn(self) -> int:
        """The seat that owns the active character (even while another seat owes a choice)."""
        return self.characters[self.active].owner

    @property
    def is_over(self) -> bool:
        """True once a player has won."""
        return self.phase is GAME_OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seat (one), empty until the game is over."""
        return self.won_by

    @property
    def outcome(self) -> Outcome | None:
        """Who won and how (``CC-FINISH``, ``CC-SECONDARY-WIN``); ``None`` until it is over."""
        if self.phase is not GAME_OVER:
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


_ACTORS = PHASES.actors
"""Each phase's declared actor: a seat function, `CHANCE` or ``None``."""


def sees_held_items(options: Options, owner: int, seat: int | None) -> bool:
    """Whether ``seat`` (``None``: a spectator) sees the items held by ``owner``'s characters.

    The rulings' "What each seat may see": held items are seen by their holder only
    (their number by everyone), unless the table plays with open items
    (``CC-OPT-OPEN-ITEMS``).
    """
    return options.open_items or (seat is not None and owner == seat)


def airborne_characters(motion: tuple[Frame, ...] | list[Frame]) -> set[int]:
    """Characters bounced by a Bumper and not landed yet: off their spaces."""
    return {frame.character for frame in motion if frame.kind is ENTER and frame.how is BY_BUMP}


def occupied_spaces(
    characters: tuple[Piece, ...] | list[Piece], motion: tuple[Frame, ...] | list[Frame]
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
