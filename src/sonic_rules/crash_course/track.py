"""The course: features of a space, the spaces ahead and behind, laying the next tile.

Where the next tile goes (straight on from the newest tile's exit, or a Mega Jump to
the first free cell along that line) is decided once, by `next_tile`, for a game
in play, the Beginner deal and a course laid at set-up.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Protocol

import attrs

from sonic_rules.core.interning import IdentityMemo, memo
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.draft import Draft
from sonic_rules.crash_course.state import (
    BEGINNER,
    BoardItem,
    Frame,
    PlacedShortcut,
    PlacedTile,
    Space,
    State,
    Variant,
    occupied_spaces,
    space_at,
)
from sonic_rules.crash_course.tiles import (
    DIRECTIONS,
    LANES,
    ROWS,
    Catalogue,
    effective_turn,
    exit_heading,
    oriented_features,
)

Fields = tuple[int, int, int]
"""A space's fields ``(tile, row, lane)``."""

EMPTY_FEATURES = frozenset(".*<>")
"""Features an item or a token may lie on: no spikes, no Buzz Bomber."""


def features_of(state: State, index: int) -> tuple[str, ...]:
    """The features of course tile ``index`` in travel order (``row * 3 + lane``)."""
    placed = state.course[index]
    return oriented_features(state.catalogue.tiles[placed.tile].rows, placed.reversed)


_SHAPES = IdentityMemo(256, "crash-course course shapes by course")
"""The shape of recent course tuples (`course_shape`)."""


def course_shape(course: tuple[PlacedTile, ...]) -> tuple[object, ...]:
    """One shared object for every course with the same tiles in the same cells, headings
    and orientations: what the arrows and the spaces of a course depend on (whether a
    tile's bird was taken does not), so what is remembered by it outlives a bird taken."""
    return _SHAPES(course, _shape_of)  # type: ignore[no-any-return]


def _shape_of(course: tuple[PlacedTile, ...]) -> tuple[object, ...]:
    return _shape(*(field for p in course for field in (p.tile, p.x, p.y, p.heading, p.reversed)))


@memo("crash-course course shapes", 256)
def _shape(*fields: object) -> tuple[object, ...]:
    return fields


def on_course(state: State | Draft, space: Space) -> bool:
    """``space`` is a space of the course as it lies now."""
    return 0 <= space.tile < len(state.course) and 0 <= space.row < ROWS and 0 <= space.lane < LANES


def next_space(course_length: int, space: Space, lane: int) -> Space | None:
    """The space ahead of ``space`` in ``lane``; ``None`` past the newest tile's edge."""
    if space.row + 1 < ROWS:
        return space_at(space.tile, space.row + 1, lane)
    if space.tile + 1 < course_length:
        return space_at(space.tile + 1, 0, lane)
    return None


def previous_space(space: Space) -> Space | None:
    """The space behind ``space`` in its lane; ``None`` behind the rearmost tile."""
    if space.row > 0:
        return Space(space.tile, space.row - 1, space.lane)
    if space.tile > 0:
        return Space(space.tile - 1, ROWS - 1, space.lane)
    return None


class Spaces(Protocol):
    """What `empty_spaces_of` reads: a `Draft` or a `TrackView`."""

    @property
    def board(self) -> Mapping[Space, BoardItem]: ...

    @property
    def occupied(self) -> Mapping[Space, int]: ...

    @property
    def face_down(self) -> Collection[Space]: ...

    def tile_features(self, index: int) -> tuple[str, ...]: ...


class TrackView:
    """Read-only look-ups on a state: its items and characters by space, its features."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.board: dict[Space, BoardItem] = {item.space: item for item in state.board}
        self.occupied = occupied_spaces(state.characters, state.motion)
        self.face_down = frozenset(state.face_down)
        self._features: dict[int, tuple[str, ...]] = {}

    def tile_features(self, index: int) -> tuple[str, ...]:
        """The features of course tile ``index``."""
        cached = self._features.get(index)
        if cached is None:
            cached = self._features[index] = features_of(self.state, index)
        return cached


@memo("crash-course plain spaces", 1024)
def plain_spaces(features: tuple[str, ...], tile: int) -> tuple[tuple[Fields, Space], ...]:
    """The spaces of course tile ``tile`` (whose features are ``features``) an item may lie
    on, in row and lane order, each with its fields as a tuple (one `Space` object each,
    shared)."""
    return tuple(
        ((tile, row, lane), space_at(tile, row, lane))
        for row in range(ROWS)
        for lane in range(LANES)
        if features[row * LANES + lane] in EMPTY_FEATURES
    )


def empty_spaces_of(spaces: Spaces, tiles: range) -> list[Space]:
    """The empty spaces of course tiles ``tiles``, in course order: no item, spikes,
    Buzz Bomber, character or face-down token (``CC-ITEM-PLACE-EMPTY``)."""
    taken = _fields(spaces.board, spaces.occupied, spaces.face_down)
    return [space for _, space in _untaken(taken, tiles, spaces.tile_features)]


def empty_spaces_in(state: State, tiles: range) -> list[tuple[Fields, Space]]:
    """``empty_spaces_of(TrackView(state), tiles)``, read from the state itself, each
    space with its fields."""
    occupied = occupied_spaces(state.characters, state.motion)
    taken = _fields((item.space for item in state.board), occupied, state.face_down)
    return _untaken(taken, tiles, functools.partial(features_of, state))


def _fields(*groups: Iterable[Space]) -> set[Fields]:
    """The fields of the spaces in ``groups``: spaces are equal when their fields are,
    and a tuple of ints is a cheap key."""
    return {(space.tile, space.row, space.lane) for group in groups for space in group}


def _untaken(
    taken: set[Fields], tiles: range, features: Callable[[int], tuple[str, ...]]
) -> list[tuple[Fields, Space]]:
    """The plain spaces of course tiles ``tiles`` (each tile's features by ``features``)
    whose fields are not ``taken``, with their fields, in course order."""
    return [
        pair
        for tile in tiles
        for pair in plain_spaces(features(tile), tile)
        if pair[0] not in taken
    ]


# ----- the next tile ------------------------------------------------------------------


def exit_line(catalogue: Catalogue, newest: PlacedTile) -> tuple[int, int, int]:
    """The heading out of ``newest`` and the step ``(dx, dy)`` along it, in grid cells."""
    spec = catalogue.tiles[newest.tile]
    heading = exit_heading(newest.heading, effective_turn(spec, newest.reversed))
    dx, dy = DIRECTIONS[heading]
    return heading, dx, dy


def next_tile(
    catalogue: Catalogue,
    course: Sequence[PlacedTile],
    shortcuts: Sequence[PlacedShortcut],
    tile: int,
    reversed_: bool,
    bird_taken: bool,
) -> tuple[PlacedTile, bool]:
    """Where tile ``tile`` goes after the newest tile (``CC-COURSE-CONTINUOUS``).

    The cell straight ahead of the newest tile's exit, or the first cell further along
    that line not taken by a track or shortcut tile (``CC-MEGA-JUMP``). Returns the
    placed tile and whether it was a Mega Jump. An empty course starts at the origin.
    """
    if not course:
        return PlacedTile(tile, 0, 0, 0, reversed_, bird_taken), False
    newest = course[-1]
    heading, dx, dy = exit_line(catalogue, newest)
    taken = {(placed.x, placed.y) for placed in course}
    taken.update((shortcut.x, shortcut.y) for shortcut in shortcuts)
    x, y = newest.x + dx, newest.y + dy
    mega_jump = False
    while (x, y) in taken:
        x, y = x + dx, y + dy
        mega_jump = True
    return PlacedTile(tile, x, y, heading, reversed_, bird_taken), mega_jump


def lay_course(catalogue: Catalogue, order: Sequence[tuple[int, bool]]) -> tuple[PlacedTile, ...]:
    """A course laid at once from ``(tile, reversed)`` pairs, rearmost first, birds taken."""
    course: list[PlacedTile] = []
    for tile, reversed_ in order:
        course.append(next_tile(catalogue, course, (), tile, reversed_, True)[0])
    return tuple(course)


def lay_tile(d: Draft, tile: int, reversed_: bool) -> bool:
    """Lay at the front (``CC-TILE-LAY``), lifting the rearmost tile if the pile is empty.

    Returns whether a tile was lifted (then shortcut tiles may have lost their support).
    """
    carried: list[BoardItem] = []
    lifted: PlacedTile | None = None
    if d.tile_pile:
        d.tile_pile.remove(tile)
    else:
        lifted = recycle(d)
        carried = [item for item in d.board.values() if item.space.tile == -1]
        for item in carried:
            del d.board[item.space]
    beginner = d.variant is BEGINNER  # its tiles give no Flicky Bird
    placed, mega_jump = next_tile(d.catalogue, d.course, d.shortcuts, tile, reversed_, beginner)
    d.course.append(placed)
    d.forget_features()
    front = len(d.course) - 1
    turned = lifted is not None and lifted.reversed != reversed_
    for item in carried:
        row, lane = item.space.row, item.space.lane
        if turned:
            row, lane = ROWS - 1 - row, LANES - 1 - lane
        space = space_at(front, row, lane)
        d.board[space] = BoardItem(space, item.kind, item.count)
    spec = d.catalogue.tiles[tile]
    d.events.append(E.TileLaid(spec.id, placed.x, placed.y, reversed_, mega_jump))
    return lifted is not None


def lifting_wins(d: Draft) -> bool:
    """The active player, who must lift the rearmost tile now, wins (``CC-SECONDARY-WIN``).

    Never with ``CC-OPT-SET-BACK``. In the 2-player variant only an opponent's character
    on the tile wins, the lifter's own being set back by `recycle`
    (``CC-TWO-PLAYER-SECONDARY-WIN``; any character: ``CC-OPT-LITERAL-SECONDARY-WIN``).
    In the standard game every character is another player's: any character wins.
    """
    if d.tile_pile or d.options.set_back:
        return False
    lifter = d.characters[d.active].owner
    on_rear = [c for c in d.characters if c.position is not None and c.position.tile == 0]
    if d.variant is Variant.TWO_PLAYER and not d.options.literal_secondary_win:
        return any(character.owner != lifter for character in on_rear)
    return bool(on_rear)


def recycle(d: Draft) -> PlacedTile:
    """``CC-TILE-RECYCLE``: lift the rearmost tile; its items wait on tile -1.

    Characters still on it are set back (`lifting_wins` said the lift does not win).
    """
    lifted = d.course.pop(0)
    d.forget_features()
    d.events.append(E.TileRecycled(d.catalogue.tiles[lifted.tile].id))
    board = {}
    for s, item in d.board.items():
        back = _back(s)
        board[back] = BoardItem(back, item.kind, item.count)
    d.board = board
    for number, character in enumerate(d.characters):
        if character.position is not None:
            d.update(number, position=_back(character.position))
    d.motion = [
        Frame(
            f.kind,
            f.character,
            f.how,
            _back(f.space),
            f.remaining,
            f.lane,
            f.skipped,
            f.by_move,
        )
        if f.space is not None
        else f
        for f in d.motion
    ]
    set_back = [
        n for n, c in enumerate(d.characters) if c.position is not None and c.position.tile == -1
    ]
    d.occupied = {
        space: number
        for space, number in occupied_spaces(d.characters, d.motion).items()
        if space.tile >= 0
    }
    for number in set_back:
        _set_back(d, number)
    return lifted


def _back(space: Space) -> Space:
    return space_at(space.tile - 1, space.row, space.lane)


def _set_back(d: Draft, number: int) -> None:
    """``CC-OPT-SET-BACK``, ``CC-TWO-PLAYER-SECONDARY-WIN``: to the space of
    ``CC-PROJ-SETBACK-SPACE`` (a free space: ``CC-ONE-PER-SPACE``)."""
    old = d.characters[number].position
    assert old is not None
    lanes = sorted(range(LANES), key=lambda lane: (abs(lane - old.lane), lane))
    for row in range(ROWS):
        for lane in lanes:
            space = Space(0, row, lane)
            if space not in d.occupied:
                d.occupied[space] = number
                d.update(number, position=space)
                d.events.append(E.SetBack(d.name(number), space))
                return
    raise AssertionError("a tile has more spaces than there are characters")


def turn_newest(d: Draft) -> None:
    """``CC-POWER-UP-TURN``: characters and items keep their physical spaces."""
    front = len(d.course) - 1
    placed = d.course[front]
    d.course[front] = attrs.evolve(placed, reversed=not placed.reversed)
    d.forget_features()

    def flip(space: Space) -> Space:
        return Space(front, ROWS - 1 - space.row, LANES - 1 - space.lane)

    d.board = {
        (flip(s) if s.tile == front else s): (
            attrs.evolve(item, space=flip(s)) if s.tile == front else item
        )
        for s, item in d.board.items()
    }
    for number, character in enumerate(d.characters):
        if character.position is not None and character.position.tile == front:
            d.update(number, position=flip(character.position))
    d.occupied = {c.position: n for n, c in enumerate(d.characters) if c.position is not None}
    d.events.append(E.TileTurned(d.catalogue.tiles[placed.tile].id))


def beginner_slots(state: State) -> list[Space]:
    """``CC-PROJ-BEGINNER-LAYOUT``: where each tile's two face-down items go."""
    preferred = ((1, 0), (2, 2), (1, 2), (2, 0))
    slots: list[Space] = []
    for tile in range(len(state.course)):
        features = features_of(state, tile)
        order = list(preferred) + [(r, lane) for r in range(ROWS) for lane in range(LANES)]
        chosen: list[Space] = []
        for row, lane in order:
            space = Space(tile, row, lane)
            if features[row * LANES + lane] in EMPTY_FEATURES and space not in chosen:
                chosen.append(space)
            if len(chosen) == 2:
                break
        slots.extend(chosen)
    return slots
