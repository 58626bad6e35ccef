"""Shortcuts: arrow spaces, the paths joining two of them, laying tiles on one and using it.

A shortcut tile fills one empty grid cell and carries a path joining the midpoints of
two of its edges: straight across or round a corner (``CC-PROJ-SHORTCUT-BENT``). A path
leaves an arrow space through the side edge of its tile, where a middle-row arrow
points, follows shortcut tiles cell by cell and ends at an arrow space pointing back at
it; with no tile between, two tiles lie side by side with their arrows aligned
(``CC-SHORTCUT-JOIN``).

Laying is a sequence of single decisions (``CC-SHORTCUT-LAY-STEP``): each
`LayShortcutTile` fills the one cell the open end of the path points
into; the tiles laid so far wait in ``State.shortcut_attempt`` until
`FinishShortcut` (``CC-SHORTCUT-LAY-COMPLETE``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from sonic_rules.core.interning import IdentityMemo
from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.draft import Draft
from sonic_rules.crash_course.items import gain_bird
from sonic_rules.crash_course.placement import progress
from sonic_rules.crash_course.state import (
    Character,
    Frame,
    FrameKind,
    How,
    Phase,
    PlacedShortcut,
    PlacedTile,
    Space,
    State,
    space_at,
)
from sonic_rules.crash_course.tiles import (
    ARROW_LEFT,
    ARROW_RIGHT,
    DIRECTIONS,
    LANES,
    ROWS,
    Catalogue,
    oriented_features,
    shortcut_shape,
    space_point,
)
from sonic_rules.crash_course.track import course_shape, features_of

Arrows = dict[tuple[int, int], tuple[Space, int]]
"""Arrow spaces on the fine grid: point -> (space, direction the arrow points)."""

Piece = tuple[int, int, int, int]
"""A new shortcut tile on a path: its cell and the edges it joins, ``(x, y, entry, exit)``."""

Joined = tuple[Space, list[int], list[Piece]]
"""A path: the arrow space it joins, the laid shortcut tiles on it, the new pieces on it."""

_MAX_DEPTH = 64


def arrows(catalogue: Catalogue, course: Sequence[PlacedTile]) -> Arrows:
    """Every arrow space of the course (arrows are on straight tiles' outer lanes)."""
    found: Arrows = {}
    for index, placed in enumerate(course):
        spec = catalogue.tiles[placed.tile]
        if spec.turn != "straight":
            continue
        features = oriented_features(spec.rows, placed.reversed)
        for row in range(ROWS):
            for lane in (0, LANES - 1):
                feature = features[row * LANES + lane]
                if feature in (ARROW_LEFT, ARROW_RIGHT):
                    turn = 3 if feature == ARROW_LEFT else 1
                    point = space_point(placed.x, placed.y, placed.heading, row, lane)
                    found[point] = (space_at(index, row, lane), (placed.heading + turn) % 4)
    return found


_LAST_USES = IdentityMemo(4, "crash-course shortcut uses of recent states")
_LAST_STEPS = IdentityMemo(4, "crash-course shortcut steps of recent states")
_USES_BY_PARTS = IdentityMemo(1024, "crash-course shortcut uses by what they read")
_STEPS_BY_PARTS = IdentityMemo(1024, "crash-course shortcut steps by what they read")
"""`shortcut_uses` and `_steps` of recent positions, by what they read of the state:
the course's shape, laid tiles, attempt and catalogue (states share the tuples an
action leaves unchanged), the active character's space and seat."""


def _by_parts(memo: IdentityMemo, state: State, compute: Callable[[State], list[Any]]) -> list[Any]:
    """``compute(state)``, remembered by the parts of ``state`` it reads (see
    `_USES_BY_PARTS`). Returns the remembered list itself: callers copy it."""
    active = state.characters[state.active]
    parts = (
        course_shape(state.course),
        state.shortcuts,
        state.shortcut_attempt,
        state.catalogue,
        active.position,
        active.owner,
    )
    return memo.of_parts(parts, lambda: compute(state))  # type: ignore[no-any-return]


_ARROWS = IdentityMemo(256, "crash-course arrows by course shape")
"""`arrows` of recent course shapes and catalogues: a course changes shape only when a
tile is laid, lifted or turned."""


def _arrows_of(state: State) -> Arrows:
    """`arrows` of a state's course, remembered per course shape."""
    return _arrows_for(state.catalogue, state.course)


def _arrows_for(catalogue: Catalogue, course: tuple[PlacedTile, ...]) -> Arrows:
    """`arrows`, remembered per course shape (the result is only read)."""
    parts = (course_shape(course), catalogue)
    return _ARROWS.of_parts(parts, lambda: arrows(catalogue, course))  # type: ignore[no-any-return]


def _within_reach(state: State, position: Space, found: Arrows, tiles: int) -> bool:
    """Some arrow space further along is near enough for a path of ``tiles`` new tiles
    (each cell crossed moves at most 3 fine points); always true with tiles laid."""
    if state.shortcuts:
        return True
    placed = state.course[position.tile]
    x, y = space_point(placed.x, placed.y, placed.heading, position.row, position.lane)
    reach = 3 * (tiles + 1) + 1
    here = progress(position)
    for (px, py), (space, _direction) in found.items():
        if abs(px - x) + abs(py - y) <= reach and (space.tile, space.row) > here:
            return True
    return False


def _midpoint(cell: tuple[int, int], edge: int) -> tuple[int, int]:
    """The fine point just inside ``cell`` at the midpoint of its ``edge``."""
    dx, dy = DIRECTIONS[edge]
    return 3 * cell[0] + 1 + dx, 3 * cell[1] + 1 + dy


def _ahead(point: tuple[int, int], direction: int) -> tuple[tuple[int, int], tuple[int, int], int]:
    """The fine point one step from ``point`` towards ``direction``, its grid cell and the
    edge of that cell it enters by."""
    dx, dy = DIRECTIONS[direction]
    px, py = point[0] + dx, point[1] + dy
    return (px, py), (px // 3, py // 3), (direction + 2) % 4


def _arrival(found: Arrows, ahead: tuple[int, int], entry: int) -> Space | None:
    """The arrow space at ``ahead`` on a track tile if its arrow points back along the
    path (entered by edge ``entry``), else ``None``."""
    end = found.get(ahead)
    return end[0] if end is not None and end[1] == entry else None


def paths(
    course: Sequence[PlacedTile],
    shortcuts: Sequence[PlacedShortcut],
    start: Space,
    found: Arrows,
    new_allowed: int,
) -> list[Joined]:
    """Every path from the arrow at ``start`` (``CC-SHORTCUT-JOIN``).

    It follows laid shortcut tiles (entering one only at one of its two ends) and may
    fill up to ``new_allowed`` empty cells with new tiles, each joining its entry edge to
    any other edge (``CC-PROJ-SHORTCUT-BENT``). With ``new_allowed == 0`` there is at
    most one path.
    """
    placed = course[start.tile]
    point = space_point(placed.x, placed.y, placed.heading, start.row, start.lane)
    if point not in found:
        return []
    track_cells = _cells(course)
    pipes = {(s.x, s.y): s for s in shortcuts}
    results: list[Joined] = []

    def follow(point: tuple[int, int], direction: int, used: list[int], fresh: list[Piece]) -> None:
        ahead, cell, entry = _ahead(point, direction)
        if cell in track_cells:
            end = _arrival(found, ahead, entry)
            if end is not None:
                results.append((end, used, fresh))
            return
        if ahead != _midpoint(cell, entry) or len(used) + len(fresh) > _MAX_DEPTH:
            return  # a shortcut path meets a cell edge at its midpoint only
        pipe = pipes.get(cell)
        if pipe is not None:
            if entry in pipe.ends:
                out = pipe.ends[1] if pipe.ends[0] == entry else pipe.ends[0]
                follow(_midpoint(cell, out), out, [*used, pipe.tile], fresh)
            return
        if len(fresh) >= new_allowed or any((f[0], f[1]) == cell for f in fresh):
            return
        for out in range(4):
            if out != entry:
                follow(_midpoint(cell, out), out, used, [*fresh, (cell[0], cell[1], entry, out)])

    follow(point, found[point][1], [], [])
    return results


_CELLS = IdentityMemo(256, "crash-course track cells by course")
"""The grid cells of recent course tuples (`_cells`)."""


def _cells(course: Sequence[PlacedTile]) -> frozenset[tuple[int, int]]:
    """The grid cells the track tiles of ``course`` fill (remembered per course tuple)."""
    if type(course) is not tuple:
        return _cell_set(course)
    return _CELLS(course, _cell_set)  # type: ignore[no-any-return]


def _cell_set(course: Sequence[PlacedTile]) -> frozenset[tuple[int, int]]:
    return frozenset((p.x, p.y) for p in course)


def walk(
    course: Sequence[PlacedTile],
    shortcuts: Sequence[PlacedShortcut],
    start: Space,
    found: Arrows,
) -> Joined | None:
    """The path from the arrow at ``start`` along laid tiles only, ``None`` if none joins.

    ``paths(course, shortcuts, start, found, 0)``, the one path there can be, followed
    without branching.
    """
    placed = course[start.tile]
    point = space_point(placed.x, placed.y, placed.heading, start.row, start.lane)
    arrow = found.get(point)
    if arrow is None:
        return None
    direction = arrow[1]
    track_cells = _cells(course)
    pipes = {(s.x, s.y): s for s in shortcuts}
    used: list[int] = []
    while True:
        ahead, cell, entry = _ahead(point, direction)
        if cell in track_cells:
            end = _arrival(found, ahead, entry)
            return None if end is None else (end, used, [])
        if ahead != _midpoint(cell, entry) or len(used) > _MAX_DEPTH:
            return None  # a shortcut path meets a cell edge at its midpoint only
        pipe = pipes.get(cell)
        if pipe is None or entry not in pipe.ends:
            return None
        direction = pipe.ends[1] if pipe.ends[0] == entry else pipe.ends[0]
        point = _midpoint(cell, direction)
        used = [*used, pipe.tile]


def on_arrow(state: State, space: Space) -> bool:
    """``space`` is an arrow space."""
    feature = features_of(state, space.tile)[space.row * LANES + space.lane]
    return feature in (ARROW_LEFT, ARROW_RIGHT)


def arrow_position(state: State) -> Space | None:
    """The active character's space if it is an arrow space, else ``None`` (then no
    shortcut can be used or laid from it)."""
    position = state.characters[state.active].position
    if position is None or not on_arrow(state, position):
        return None
    return position


def shortcut_uses(state: State) -> list[A.UseShortcut]:
    """``CC-SHORTCUT-USE``: the laid path from the active character's arrow, forward."""
    return list(_LAST_USES(state, _uses_by_parts))


def _uses_by_parts(state: State) -> list[A.UseShortcut]:
    if arrow_position(state) is None:
        return []  # as _uses finds
    return _by_parts(_USES_BY_PARTS, state, _uses)


def _uses(state: State) -> list[A.UseShortcut]:
    uses: list[A.UseShortcut] = []
    position = arrow_position(state)
    if position is not None:
        joined = walk(state.course, state.shortcuts, position, _arrows_of(state))
        if joined is not None and progress(joined[0]) > progress(position):
            uses.append(A.UseShortcut(state.characters[state.active].owner, joined[0]))
    return uses


def free_shortcut_tiles(state: State) -> list[int]:
    """Shortcut tiles in the supply: neither laid nor in the attempt under way."""
    taken = {s.tile for s in state.shortcuts} | {s.tile for s in state.shortcut_attempt}
    return [tile for tile in range(len(state.catalogue.shortcuts)) if tile not in taken]


def _fits(state: State, shapes: Sequence[str], tiles: Sequence[int]) -> bool:
    """Some of ``tiles``, one per shape, can be laid in those ``shapes``."""
    specs = state.catalogue.shortcuts
    if len(shapes) > len(tiles):
        return False
    if all(len(specs[tile].shapes) > 1 for tile in tiles):
        return True
    return any(
        all(shape in specs[tile].shapes for tile, shape in zip(order, shapes, strict=True))
        for order in itertools.permutations(tiles, len(shapes))
    )


def open_end(state: State) -> tuple[int, int, int] | None:
    """The cell the open end of the shortcut path being laid points into, and the edge
    it enters by, ``(x, y, entry)``; ``None`` off an arrow or once the path has met a
    track tile (the path from the active character's arrow, through laid tiles and the
    attempt's)."""
    return _trace(state)[0]


def attempt_in_line(state: State) -> bool:
    """The attempt's tiles lie, in order, on the path from the active character's arrow
    space (``CC-SHORTCUT-LAY-STEP``); what ``validate_state`` checks of an attempt."""
    traced = _trace(state)[1]
    return traced == [(s.x, s.y) for s in state.shortcut_attempt]


def _trace(state: State) -> tuple[tuple[int, int, int] | None, list[tuple[int, int]]]:
    """`open_end`, and the cells of the attempt's tiles passed on the way."""
    position = arrow_position(state)
    if position is None:
        return None, []
    placed = state.course[position.tile]
    point = space_point(placed.x, placed.y, placed.heading, position.row, position.lane)
    arrow = _arrows_of(state).get(point)
    if arrow is None:
        return None, []
    direction = arrow[1]
    track_cells = {(p.x, p.y) for p in state.course}
    pipes = {(s.x, s.y): s for s in state.shortcuts}
    attempt = {(s.x, s.y): s for s in state.shortcut_attempt}
    passed: list[tuple[int, int]] = []
    for _ in range(_MAX_DEPTH):
        dx, dy = DIRECTIONS[direction]
        px, py = point[0] + dx, point[1] + dy
        cell = (px // 3, py // 3)
        entry = (direction + 2) % 4
        if cell in track_cells or (px, py) != _midpoint(cell, entry):
            return None, passed
        pipe = pipes.get(cell) or attempt.get(cell)
        if pipe is None:
            return (cell[0], cell[1], entry), passed
        if entry not in pipe.ends:
            return None, passed
        if cell in attempt:
            passed.append(cell)
        direction = pipe.ends[1] if pipe.ends[0] == entry else pipe.ends[0]
        point = _midpoint(cell, direction)
    return None, passed


def shortcut_steps(state: State) -> list[A.LayShortcutTile]:
    """``CC-SHORTCUT-LAY-STEP``: the next shortcut tiles that may be laid.

    The one cell the open end of the path points into, each exit edge and each free tile
    that allows that shape, such that the path can still be completed with the tiles
    left to an arrow space further along the course (``CC-SHORTCUT-LAY``). The first
    step starts an attempt; none is offered once the path is complete.
    """
    return list(_LAST_STEPS(state, _steps_by_parts))


def _steps_by_parts(state: State) -> list[A.LayShortcutTile]:
    if arrow_position(state) is None:
        return []  # as _steps finds
    return _by_parts(_STEPS_BY_PARTS, state, _steps)


def _steps(state: State) -> list[A.LayShortcutTile]:
    position = arrow_position(state)
    if position is None:
        return []
    free = free_shortcut_tiles(state)
    if not free:
        return []
    attempt = state.shortcut_attempt
    laid = [(s.x, s.y, *s.ends) for s in attempt]
    found = _arrows_of(state)
    if not _within_reach(state, position, found, len(free) + len(attempt)):
        return []
    owner = state.characters[state.active].owner
    steps: set[A.LayShortcutTile] = set()
    for target, _used, fresh in paths(
        state.course, state.shortcuts, position, found, len(free) + len(attempt)
    ):
        if len(fresh) <= len(attempt) or fresh[: len(attempt)] != laid:
            continue
        if progress(target) <= progress(position):
            continue
        x, y, entry, exit_ = fresh[len(attempt)]
        shape = shortcut_shape(entry, exit_)
        rest = [shortcut_shape(p[2], p[3]) for p in fresh[len(attempt) + 1 :]]
        for tile in free:
            if shape in state.catalogue.shortcuts[tile].shapes and _fits(
                state, rest, [t for t in free if t != tile]
            ):
                steps.add(A.LayShortcutTile(owner, tile, x, y, entry, exit_))
    # The order of `A.action_key` (all of one type: their fields in declaration order).
    return sorted(steps, key=lambda s: (s.seat, s.tile, s.x, s.y, s.entry, s.exit))


def attempt_joins(state: State | Draft) -> Space | None:
    """The arrow space further along that the attempt's tiles complete a path to, if any
    (``CC-SHORTCUT-LAY-COMPLETE``)."""
    position = state.characters[state.active].position
    if position is None or not state.shortcut_attempt:
        return None
    laid = [*state.shortcuts, *state.shortcut_attempt]
    joined = walk(state.course, laid, position, _arrows_for(state.catalogue, tuple(state.course)))
    if joined is None or progress(joined[0]) <= progress(position):
        return None
    if not {s.tile for s in state.shortcut_attempt} <= set(joined[1]):
        return None
    return joined[0]


def return_shortcuts(d: Draft) -> None:
    """``CC-SHORTCUT-RETURN``: shortcut tiles no longer joining two arrows go back."""
    if not d.shortcuts:
        return
    course = tuple(d.course)
    found = _arrows_for(d.catalogue, course)
    supported: set[int] = set()
    for space, _direction in found.values():
        joined = walk(course, d.shortcuts, space, found)
        if joined is not None:
            supported.update(joined[1])
    kept = []
    for shortcut in d.shortcuts:
        if shortcut.tile in supported:
            kept.append(shortcut)
        else:
            d.events.append(E.ShortcutReturned(d.catalogue.shortcuts[shortcut.tile].id))
    d.shortcuts = kept


def use_shortcut(d: Draft, action: A.UseShortcut) -> None:
    """Take the path (``CC-SHORTCUT-USE``); Knuckles gains birds (``CC-ABILITY-KNUCKLES``)."""
    active = d.active
    position = d.characters[active].position
    assert position is not None
    joined = walk(d.course, d.shortcuts, position, _arrows_for(d.catalogue, tuple(d.course)))
    assert joined is not None
    d.actions_left -= 1
    d.moved_this_turn = True
    if joined[1] and d.name(active) is Character.KNUCKLES:
        # CC-ABILITY-KNUCKLES: +1 for the use, +1 per tile laid for it this turn.
        gain_bird(d, active, "Knuckles used a shortcut")
        for tile in joined[1]:
            if tile in d.turn_laid_shortcuts:
                d.turn_laid_shortcuts.remove(tile)
                gain_bird(d, active, "Knuckles laid a shortcut tile")
    d.motion.append(Frame(FrameKind.ENTER, active, How.SHORTCUT, space=action.to, by_move=True))


def lay_shortcut_tile(d: Draft, action: A.LayShortcutTile) -> None:
    """Lay the next tile of the path (``CC-SHORTCUT-LAY-STEP``); the first one starts the
    attempt (phase ``laying-shortcut``)."""
    d.pause_in(Phase.LAYING_SHORTCUT, "shortcut_started")
    piece = PlacedShortcut(action.tile, action.x, action.y, (action.entry, action.exit))
    d.shortcut_attempt.append(piece)
    d.events.append(E.ShortcutLaid(d.name(d.active), (d.catalogue.shortcuts[action.tile].id,)))


def finish_shortcut(d: Draft, action: A.FinishShortcut) -> None:
    """``CC-SHORTCUT-LAY-COMPLETE``: a complete path stays (Knuckles is credited with its
    tiles when he uses it); an incomplete one is refused and its tiles return."""
    attempt = list(d.shortcut_attempt)
    complete = attempt_joins(d) is not None
    d.shortcut_attempt = []
    if complete:
        d.shortcuts.extend(attempt)
        d.turn_laid_shortcuts.extend(s.tile for s in attempt)
        d.goto("shortcut_finished")
        return
    for shortcut in attempt:
        d.events.append(E.ShortcutReturned(d.catalogue.shortcuts[shortcut.tile].id))
    d.goto("shortcut_refused")
