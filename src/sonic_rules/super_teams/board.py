"""The Super Teams board: a sequence of spaces, written in board notation.

Board notation (RULINGS.md): whitespace-separated tokens, one per space, in track
order. ``S`` start (first, exactly once), ``.`` grass, ``=`` bridge, ``B`` bonus,
``R`` rings, ``X`` spikes, ``L`` loop space, and the double spaces ``R/X``, ``R/.``
and ``X/.`` (either order). As an extension, ``#`` starts a comment that runs to
the end of its line, so a transcription can be annotated. Tokens are written in upper
case, as listed.

A board has at most `MAX_SPACES` spaces and its notation at most `MAX_NOTATION_CHARS`
characters (the physical board has about 50 spaces); both are checked before any work.
"""

from __future__ import annotations

import enum
from importlib import resources

import attrs

from sonic_rules.core.errors import BoardError
from sonic_rules.core.interning import Memo


class Surface(enum.Enum):
    """What a space (or half of a double space) does to the next move's value."""

    NORMAL = "normal"
    RINGS = "rings"
    SPIKES = "spikes"

    # Members are unique objects: hashing by identity (in C) keeps tables keyed by them fast.
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self.value


class SpaceKind(enum.Enum):
    """A kind of space; the value is its canonical notation token."""

    START = "S"
    GRASS = "."
    BRIDGE = "="
    BONUS = "B"
    RINGS = "R"
    SPIKES = "X"
    LOOP = "L"
    RINGS_SPIKES = "R/X"
    RINGS_GRASS = "R/."
    SPIKES_GRASS = "X/."

    __hash__ = object.__hash__

    @property
    def is_normal(self) -> bool:
        """Start, grass, bridge and bonus are the *normal* spaces."""
        return self in _NORMAL

    @property
    def is_double(self) -> bool:
        return self in _HALVES

    @property
    def halves(self) -> tuple[Surface, Surface] | None:
        """The two surfaces of a double space, or ``None``."""
        return _HALVES.get(self)

    @property
    def surface(self) -> Surface | None:
        """The surface of a single space (``None`` for doubles and loops)."""
        return _SURFACE.get(self)

    @property
    def display_name(self) -> str:
        return _SPACE_NAMES[self]


_NORMAL = frozenset({SpaceKind.START, SpaceKind.GRASS, SpaceKind.BRIDGE, SpaceKind.BONUS})
_HALVES = {
    SpaceKind.RINGS_SPIKES: (Surface.RINGS, Surface.SPIKES),
    SpaceKind.RINGS_GRASS: (Surface.RINGS, Surface.NORMAL),
    SpaceKind.SPIKES_GRASS: (Surface.SPIKES, Surface.NORMAL),
}
_SURFACE = {
    SpaceKind.START: Surface.NORMAL,
    SpaceKind.GRASS: Surface.NORMAL,
    SpaceKind.BRIDGE: Surface.NORMAL,
    SpaceKind.BONUS: Surface.NORMAL,
    SpaceKind.RINGS: Surface.RINGS,
    SpaceKind.SPIKES: Surface.SPIKES,
}
_SPACE_NAMES = {
    SpaceKind.START: "start",
    SpaceKind.GRASS: "grass",
    SpaceKind.BRIDGE: "bridge",
    SpaceKind.BONUS: "bonus",
    SpaceKind.RINGS: "rings",
    SpaceKind.SPIKES: "spikes",
    SpaceKind.LOOP: "loop",
    SpaceKind.RINGS_SPIKES: "rings/spikes",
    SpaceKind.RINGS_GRASS: "rings/grass",
    SpaceKind.SPIKES_GRASS: "spikes/grass",
}
MAX_SPACES = 1_000
"""The most spaces a board may have."""
MAX_NOTATION_CHARS = 100_000
"""The longest board notation `Board.parse` reads, comments and spacing included."""

_TOKENS: dict[str, SpaceKind] = {space.value: space for space in SpaceKind}
_TOKENS.update(
    {"X/R": SpaceKind.RINGS_SPIKES, "./R": SpaceKind.RINGS_GRASS, "./X": SpaceKind.SPIKES_GRASS}
)


def _tokenize(text: str) -> list[tuple[str, int, int]]:
    """Tokens with their line and column (1-based), comments removed."""
    tokens: list[tuple[str, int, int]] = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        content = line.split("#", 1)[0]
        column = 0
        for piece in content.split():
            column = content.index(piece, column)
            tokens.append((piece, line_number, column + 1))
            column += len(piece)
    return tokens


@attrs.frozen
class Loop:
    """A maximal run of loop spaces ``first..last`` with where a move ending in it goes."""

    first: int
    last: int
    fallback: int
    """The nearest normal space behind the loop (ST-LOOP-FALLBACK)."""
    beyond: int | None
    """The nearest normal space beyond the loop; ``None``: only the finish (ST-BONUS-DEXTERITY)."""


@attrs.frozen
class Board:
    """A track of spaces ``0..len-1``; a move reaching ``len`` or beyond crosses the line."""

    spaces: tuple[SpaceKind, ...]
    _loop_at: tuple[Loop | None, ...] = attrs.field(init=False, eq=False, repr=False)
    _next_rings: tuple[int | None, ...] = attrs.field(init=False, eq=False, repr=False)
    _notation: str = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.spaces, tuple) or len(self.spaces) > MAX_SPACES:
            raise BoardError(f"a board is a tuple of at most {MAX_SPACES:,} spaces")
        problem = _check_spaces(self.spaces)
        if problem is not None:
            raise BoardError(problem[1], f"space {problem[0]}")
        object.__setattr__(self, "_loop_at", _compute_loops(self.spaces))
        object.__setattr__(self, "_next_rings", _compute_next_rings(self.spaces))
        object.__setattr__(self, "_notation", " ".join(space.value for space in self.spaces))

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read board notation; bad notation raises ``BoardError`` naming token and position.

        ST-BOARD-NOTATION: one token per space, ``S`` first and only once.
        """
        if not isinstance(text, str):
            raise BoardError(f"board notation must be text, got {type(text).__name__}")
        if type(text) is str and len(text) <= _CACHED_NOTATION_CHARS:
            # A board is a frozen value: the boards read lately are kept by notation.
            board = _BOARDS.get(text)
            return _BOARDS.put(text, _parse(text)) if board is None else board
        return _parse(text)

    @classmethod
    def default(cls) -> Board:
        """The shipped Green Hill Zone reconstruction (see ``data/green_hill.txt``)."""
        return _default_board()

    @property
    def notation(self) -> str:
        return self._notation

    def __len__(self) -> int:
        return len(self.spaces)

    def __getitem__(self, index: int) -> SpaceKind:
        return self.spaces[index]

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Board.parse({self.notation!r})"

    def loop_at(self, index: int) -> Loop | None:
        """The loop that space ``index`` belongs to, if it is a loop space."""
        return self._loop_at[index]

    @property
    def loops(self) -> tuple[Loop, ...]:
        seen: list[Loop] = []
        for loop in self._loop_at:
            if loop is not None and (not seen or seen[-1] != loop):
                seen.append(loop)
        return tuple(seen)

    def next_rings(self, index: int) -> int | None:
        """The first space after ``index`` with rings (a rings half counts), or ``None``."""
        return self._next_rings[index]


_CACHED_NOTATION_CHARS = 10_000
"""Notation up to this long is parsed once and the board kept (`_BOARDS`)."""


def _parse(text: str) -> Board:
    if len(text) > MAX_NOTATION_CHARS:
        raise BoardError(
            f"the notation has {len(text):,} characters; at most {MAX_NOTATION_CHARS:,} are read"
        )
    tokens = _tokenize(text)
    if not tokens:
        raise BoardError("the board is empty: it needs at least the start space 'S'")
    if len(tokens) > MAX_SPACES:
        raise BoardError(f"the board has {len(tokens):,} spaces; at most {MAX_SPACES:,}")
    spaces: list[SpaceKind] = []
    for index, (token, line, column) in enumerate(tokens):
        where = f"token {index + 1} {token[:20]!r} (line {line}, column {column})"
        space = _TOKENS.get(token)
        if space is None and token.upper() in _TOKENS:
            raise BoardError(f"space tokens are upper case: write {token.upper()!r}", where)
        if space is None:
            raise BoardError("unknown space; expected one of S . = B R X L R/X R/. X/.", where)
        if space is SpaceKind.START and index != 0:
            raise BoardError("the start 'S' must be the first space, and only once", where)
        if index == 0 and space is not SpaceKind.START:
            raise BoardError("the first space must be the start 'S'", where)
        spaces.append(space)
    return Board(tuple(spaces))


_BOARDS: Memo[str, Board] = Memo(64, "super-teams boards by notation")


def _check_spaces(spaces: tuple[SpaceKind, ...]) -> tuple[int, str] | None:
    if not spaces:
        return (0, "the board is empty")
    if spaces[0] is not SpaceKind.START:
        return (0, "the first space must be the start")
    for index, space in enumerate(spaces):
        if not isinstance(space, SpaceKind):
            return (index, f"not a space: {space!r}")
        if space is SpaceKind.START and index != 0:
            return (index, "only the first space may be the start")
    return None


def _compute_loops(spaces: tuple[SpaceKind, ...]) -> tuple[Loop | None, ...]:
    """Each space's loop, in one pass each way (a board of many short loops stays linear)."""
    normal_behind: list[int] = []
    last_normal = 0
    for index, space in enumerate(spaces):
        if space.is_normal:
            last_normal = index
        normal_behind.append(last_normal)
    result: list[Loop | None] = [None] * len(spaces)
    next_normal: int | None = None
    index = len(spaces) - 1
    while index >= 0:
        if spaces[index].is_normal:
            next_normal = index
        if spaces[index] is not SpaceKind.LOOP:
            index -= 1
            continue
        last = index
        while index >= 0 and spaces[index] is SpaceKind.LOOP:
            index -= 1
        first = index + 1
        loop = Loop(first, last, normal_behind[first], next_normal)
        result[first : last + 1] = [loop] * (last - first + 1)
    return tuple(result)


def _compute_next_rings(spaces: tuple[SpaceKind, ...]) -> tuple[int | None, ...]:
    result: list[int | None] = [None] * len(spaces)
    upcoming: int | None = None
    for index in range(len(spaces) - 1, -1, -1):
        result[index] = upcoming
        halves = spaces[index].halves
        if spaces[index] is SpaceKind.RINGS or (halves is not None and Surface.RINGS in halves):
            upcoming = index
    return tuple(result)


_DEFAULT: list[Board] = []


def _default_board() -> Board:
    if not _DEFAULT:
        text = resources.files("sonic_rules.super_teams").joinpath("data/green_hill.txt")
        _DEFAULT.append(Board.parse(text.read_text(encoding="utf-8")))
    return _DEFAULT[0]
