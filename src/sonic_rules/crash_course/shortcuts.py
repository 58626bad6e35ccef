"""Shortcuts: arrow spaces, the path joining two of them, laying tiles on it and using it.

A path runs in a straight line from an arrow, cell by cell, since every shortcut tile
carries it straight across (``CC-PROJ-SHORTCUT-STRAIGHT``); it joins an arrow space
pointing back along the same line (``CC-SHORTCUT-JOIN``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.items import gain_bird
from sonic_rules.crash_course.placement import progress
from sonic_rules.crash_course.state import (
    CharacterName,
    Draft,
    Frame,
    FrameKind,
    How,
    PlacedShortcut,
    PlacedTile,
    Space,
    State,
)
from sonic_rules.crash_course.tiles import (
    ARROW_LEFT,
    ARROW_RIGHT,
    DIRECTIONS,
    LANES,
    ROWS,
    Catalogue,
    oriented_features,
    space_point,
)
from sonic_rules.crash_course.track import features_of

Arrows = dict[tuple[int, int], tuple[Space, int]]
"""Arrow spaces on the fine grid: point -> (space, direction the arrow points)."""

Joined = tuple[Space, list[int], list[tuple[int, int]]]
"""A path: the arrow space it joins, the shortcut tiles on it, the empty cells on it."""


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
                    found[point] = (Space(index, row, lane), (placed.heading + turn) % 4)
    return found


def walk(
    course: Sequence[PlacedTile],
    shortcuts: Sequence[PlacedShortcut],
    start: Space,
    found: Arrows,
    new_allowed: int,
) -> Joined | None:
    """Follow the arrow at ``start`` (``CC-SHORTCUT-JOIN``), ``None`` if nothing joins.

    Up to ``new_allowed`` empty cells may be crossed (where new shortcut tiles would go).
    """
    placed = course[start.tile]
    point = space_point(placed.x, placed.y, placed.heading, start.row, start.lane)
    if point not in found:
        return None
    direction = found[point][1]
    dx, dy = DIRECTIONS[direction]
    track_cells = {(p.x, p.y) for p in course}
    shortcut_cells = {(s.x, s.y): s.tile for s in shortcuts}
    used: list[int] = []
    fresh: list[tuple[int, int]] = []
    px, py = point[0] + dx, point[1] + dy
    while True:
        cell = (px // 3, py // 3)
        if cell in track_cells:
            end = found.get((px, py))
            if end is None or end[1] != (direction + 2) % 4:
                return None
            return end[0], used, fresh
        if cell in shortcut_cells:
            used.append(shortcut_cells[cell])
        elif len(fresh) < new_allowed:
            fresh.append(cell)
        else:
            return None
        px, py = px + 3 * dx, py + 3 * dy


def on_arrow(state: State, space: Space) -> bool:
    """``space`` is an arrow space."""
    feature = features_of(state, space.tile)[space.row * LANES + space.lane]
    return feature in (ARROW_LEFT, ARROW_RIGHT)


def forward_path(state: State, new_allowed: int) -> Joined | None:
    """The path from the active character's arrow space, if it leads forward."""
    position = state.characters[state.active].position
    if position is None or not on_arrow(state, position):
        return None
    found = arrows(state.catalogue, state.course)
    joined = walk(state.course, state.shortcuts, position, found, new_allowed)
    if joined is None or progress(joined[0]) <= progress(position):
        return None
    return joined


def shortcut_uses(state: State) -> list[A.UseShortcut]:
    """``CC-SHORTCUT-USE``: the forward path from the active character, all tiles laid."""
    joined = forward_path(state, 0)
    if joined is None:
        return []
    return [A.UseShortcut(state.characters[state.active].owner, joined[0])]


def shortcut_lays(state: State) -> list[A.LayShortcut]:
    """``CC-SHORTCUT-LAY``: free shortcut tiles, in every order, filling a forward path."""
    in_use = {shortcut.tile for shortcut in state.shortcuts}
    free = [tile for tile in range(len(state.catalogue.shortcuts)) if tile not in in_use]
    if not free:
        return []
    joined = forward_path(state, len(free))
    if joined is None or not joined[2]:
        return []
    owner = state.characters[state.active].owner
    return [A.LayShortcut(owner, tiles) for tiles in itertools.permutations(free, len(joined[2]))]


def return_shortcuts(d: Draft) -> None:
    """``CC-SHORTCUT-RETURN``: shortcut tiles no longer joining two arrows go back."""
    if not d.shortcuts:
        return
    found = arrows(d.catalogue, d.course)
    supported: set[int] = set()
    for space, _direction in found.values():
        joined = walk(d.course, d.shortcuts, space, found, 0)
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
    joined = walk(d.course, d.shortcuts, position, arrows(d.catalogue, d.course), 0)
    assert joined is not None
    d.actions_left -= 1
    d.moved_this_turn = True
    if joined[1] and d.name(active) is CharacterName.KNUCKLES:
        # CC-ABILITY-KNUCKLES: +1 for the use, +1 per tile laid for it this turn.
        gain_bird(d, active, "Knuckles used a shortcut")
        for tile in joined[1]:
            if tile in d.turn_laid_shortcuts:
                d.turn_laid_shortcuts.remove(tile)
                gain_bird(d, active, "Knuckles laid a shortcut tile")
    d.motion.append(Frame(FrameKind.ENTER, active, How.SHORTCUT, space=action.to, by_move=True))


def lay_shortcut(d: Draft, action: A.LayShortcut) -> None:
    """Lay shortcut tiles on the empty cells of the path (``CC-SHORTCUT-LAY``)."""
    position = d.characters[d.active].position
    assert position is not None
    found = arrows(d.catalogue, d.course)
    joined = walk(d.course, d.shortcuts, position, found, len(action.tiles))
    assert joined is not None
    for tile, (x, y) in zip(action.tiles, joined[2], strict=True):
        d.shortcuts.append(PlacedShortcut(tile, x, y))
        d.turn_laid_shortcuts.append(tile)
    names = tuple(d.catalogue.shortcuts[tile].id for tile in action.tiles)
    d.events.append(E.ShortcutLaid(d.name(d.active), names))
