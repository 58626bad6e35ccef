"""The course and what lies on it in a consistent state: the catalogue, the track tiles
laid continuous, the shortcut tiles joining arrow spaces, and the characters, items and
face-down tokens each on a space of their own.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Set

from sonic_rules.core.errors import BoardError, InvalidStateError
from sonic_rules.core.interning import Findings, IdentityMemo
from sonic_rules.crash_course.draft import Draft
from sonic_rules.crash_course.shortcuts import attempt_in_line, return_shortcuts
from sonic_rules.crash_course.state import (
    PLACED_KINDS,
    ItemKind,
    Options,
    Phase,
    PlacedTile,
    State,
    Variant,
    airborne_characters,
)
from sonic_rules.crash_course.tiles import LANES, Catalogue, parse_catalogue, shortcut_shape
from sonic_rules.crash_course.track import EMPTY_FEATURES, exit_line, features_of, on_course

Key = tuple[int, int, int]
"""A space by its fields (spaces are equal when their fields are)."""

_CATALOGUES = IdentityMemo(64)
"""Catalogues found as `load_tiles` would load them."""
_LAID = IdentityMemo(256)
"""Courses found continuous, with their cells, by catalogue and course."""
_JOINED = IdentityMemo(256)
"""Shortcut tiles found on paths joining arrow spaces, by catalogue, course and tiles."""
_TOKENS = IdentityMemo(256)
"""Face-down spaces found in order on empty spaces, by catalogue, course and spaces."""
_ITEMS = IdentityMemo(256)
"""The spaces of boards found each on an empty space, by catalogue, course and board."""


def check_catalogue(catalogue: Catalogue, findings: Findings) -> None:
    """A loaded state carries its catalogue: check it as ``load_tiles`` would."""
    if _CATALOGUES.get(catalogue) is not None:
        return
    try:
        parse_catalogue(catalogue.to_data())
    except BoardError as error:
        where = error.where or ""
        path = "$.catalogue" + ("" if where in ("", "$") else "." + where)
        raise InvalidStateError(error.message, path) from None
    findings.note(_CATALOGUES, (catalogue,), True)


def beginner_order(catalogue: Catalogue, options: Options) -> list[tuple[int, bool]]:
    """``CC-BEGINNER-SETUP``: the given order, checked to name every track tile once."""
    where = "$.options.beginner_course"
    order = []
    for number, (tile_id, reversed_) in enumerate(options.beginner_course):
        try:
            order.append((catalogue.index(tile_id), reversed_))
        except BoardError as error:
            raise InvalidStateError(error.message, f"{where}[{number}]") from None
    if sorted(tile for tile, _ in order) != list(range(len(catalogue.tiles))):
        raise InvalidStateError("name every track tile of the catalogue exactly once", where)
    return order


def check_beginner_course(state: State) -> None:
    """A track laid as the table laid it is the Beginner game's, naming every tile once."""
    if state.options.beginner_course:
        if state.variant is not Variant.BEGINNER:
            raise InvalidStateError("only the Beginner game lays its track first", "$.options")
        beginner_order(state.catalogue, state.options)


def check_course(state: State, findings: Findings) -> None:
    """Every track tile once, in the course or the pile; a Beginner track dealt only at
    set-up and giving no Flicky Bird; the course continuous, shortcut tiles beside it."""
    catalogue = state.catalogue
    tiles = [placed.tile for placed in state.course] + list(state.tile_pile)
    if sorted(tiles) != list(range(len(catalogue.tiles))):
        raise InvalidStateError(
            "each track tile must be in the course or the pile once", "$.course"
        )
    if state.phase is Phase.SETUP:
        if state.variant is not Variant.BEGINNER or not state.tile_pile:
            raise InvalidStateError("only a Beginner track is dealt at set-up", "$.phase")
        if state.board or state.face_down or any(c.position for c in state.characters):
            raise InvalidStateError("nothing is on a track still being laid", "$.phase")
    elif len(state.course) < 2:
        raise InvalidStateError("the course has at least two tiles", "$.course")
    elif state.variant is Variant.BEGINNER and state.tile_pile:
        raise InvalidStateError("the Beginner track is laid before the first turn", "$.tile_pile")
    if state.variant is Variant.BEGINNER and not all(p.bird_taken for p in state.course):
        raise InvalidStateError("the Beginner track gives no Flicky Bird", "$.course")
    if list(state.tile_pile) != sorted(state.tile_pile):
        raise InvalidStateError("the tile pile is listed in catalogue order", "$.tile_pile")
    _check_shortcuts(state, _course_cells(catalogue, state.course, findings))


def _course_cells(
    catalogue: Catalogue, course: tuple[PlacedTile, ...], findings: Findings
) -> set[tuple[int, int]]:
    """The cells of the course's tiles, checked distinct and continuous."""
    known: frozenset[tuple[int, int]] | None = _LAID.get(catalogue, course)
    if known is not None:
        return set(known)
    cells = set()
    for number, placed in enumerate(course):
        where = f"$.course[{number}]"
        if (placed.x, placed.y) in cells or not 0 <= placed.heading < 4:
            raise InvalidStateError("tiles must sit on distinct cells", where)
        cells.add((placed.x, placed.y))
        if number:
            # CC-COURSE-CONTINUOUS, CC-MEGA-JUMP: somewhere along the previous tile's exit
            # line (tiles lifted since may have freed nearer cells).
            previous = course[number - 1]
            heading, dx, dy = exit_line(catalogue, previous)
            if placed.heading != heading or not _along(previous, dx, dy, placed):
                raise InvalidStateError("the course is not continuous here", where)
    findings.note(_LAID, (catalogue, course), frozenset(cells))
    return cells


def _along(previous: PlacedTile, dx: int, dy: int, placed: PlacedTile) -> bool:
    """``placed`` sits 1 to 63 cells from ``previous`` along the unit step ``(dx, dy)``."""
    x, y = placed.x - previous.x, placed.y - previous.y
    steps = x * dx + y * dy
    return 1 <= steps <= 63 and (x, y) == (steps * dx, steps * dy)


def _check_shortcuts(state: State, cells: set[tuple[int, int]]) -> None:
    """Laid shortcut tiles and the attempt's (``CC-PROJ-SHORTCUT-BENT``,
    ``CC-SHORTCUT-LAY-STEP``): known tiles, each once, in empty cells, joining two
    different edges in a shape the tile allows; an attempt only while laying one."""
    catalogue = state.catalogue
    laid = [("shortcuts", state.shortcuts), ("shortcut_attempt", state.shortcut_attempt)]
    shortcut_ids = [shortcut.tile for _, group in laid for shortcut in group]
    if len(set(shortcut_ids)) != len(shortcut_ids) or any(
        not 0 <= tile < len(catalogue.shortcuts) for tile in shortcut_ids
    ):
        raise InvalidStateError("unknown or repeated shortcut tile", "$.shortcuts")
    for name, group in laid:
        for number, shortcut in enumerate(group):
            where = f"$.{name}[{number}]"
            if (shortcut.x, shortcut.y) in cells:
                raise InvalidStateError("a shortcut tile needs an empty cell", where)
            cells.add((shortcut.x, shortcut.y))
            ends = shortcut.ends
            if not all(0 <= end < 4 for end in ends) or ends[0] == ends[1]:
                raise InvalidStateError(
                    "a shortcut tile joins two different edges (0..3)", f"{where}.ends"
                )
            shape = shortcut_shape(*ends)
            if shape not in catalogue.shortcuts[shortcut.tile].shapes:
                raise InvalidStateError(
                    f"this shortcut tile cannot be laid as a {shape}", f"{where}.ends"
                )
    if bool(state.shortcut_attempt) != (state.phase is Phase.LAYING_SHORTCUT):
        raise InvalidStateError(
            "shortcut tiles wait in an attempt only while one is being laid",
            "$.shortcut_attempt",
        )


def check_attempt(state: State) -> None:
    """The attempt's tiles lead from the active character's arrow space (checked once
    the characters' spaces are known to be on the course)."""
    if state.shortcut_attempt and not attempt_in_line(state):
        raise InvalidStateError(
            "the attempt's tiles make a path from the active character's arrow space",
            "$.shortcut_attempt",
        )


def check_shortcut_paths(state: State, findings: Findings) -> None:
    """Laid shortcut tiles join two arrow spaces (``CC-SHORTCUT-JOIN``: none that
    ``CC-SHORTCUT-RETURN`` would send back)."""
    if state.variant is Variant.BEGINNER and (state.shortcuts or state.turn_laid_shortcuts):
        raise InvalidStateError("the Beginner game has no shortcuts", "$.shortcuts")
    if not state.shortcuts:
        return
    # What return_shortcuts reads: the catalogue, the course and the shortcut tiles.
    laid = (state.catalogue, state.course, state.shortcuts)
    if _JOINED.get(*laid) is not None:
        return
    draft = Draft(state)
    return_shortcuts(draft)
    for number, shortcut in enumerate(state.shortcuts):
        if shortcut not in draft.shortcuts:
            raise InvalidStateError(
                "this shortcut tile is on no path joining two arrow spaces",
                f"$.shortcuts[{number}]",
            )
    findings.note(_JOINED, laid, True)


def check_spaces(state: State, findings: Findings) -> None:
    """Characters, items and face-down tokens on spaces of the course, each on its own
    (``CC-ONE-PER-SPACE``); items and tokens on empty spaces only."""
    seen = _character_spaces(state)
    features: dict[int, tuple[str, ...]] = {}

    def on_empty(key: Key) -> bool:
        """The space ``key`` (on the course) is one an item or token may lie on."""
        tile_index, row, lane = key
        tile = features.get(tile_index)
        if tile is None:
            tile = features[tile_index] = features_of(state, tile_index)
        return tile[row * LANES + lane] in EMPTY_FEATURES

    spaces = _board_spaces(state, on_empty, findings)
    _check_face_down(state, spaces, seen, on_empty, findings)


def _character_spaces(state: State) -> set[Key]:
    """The spaces the characters stand on, each checked to be on the course and its own."""
    seen: set[Key] = set()
    # A character bounced by a Bumper and not landed yet has left its space (CC-ITEM-BUMPER).
    # A game that ends before it lands (a win, the decision limit) clears the movement and
    # leaves it on the space it left, which another character may have entered meanwhile:
    # in a finished game two characters may share a space.
    airborne = airborne_characters(state.motion) if state.motion else ()
    for number, character in enumerate(state.characters):
        space = character.position
        if space is None:
            continue
        if not on_course(state, space):
            raise InvalidStateError(
                f"{space!r} is not on the course", f"$.characters[{number}].position"
            )
        if number in airborne:
            continue
        key = (space.tile, space.row, space.lane)
        if key in seen and state.phase is not Phase.GAME_OVER:  # CC-ONE-PER-SPACE
            raise InvalidStateError(
                "two characters on one space", f"$.characters[{number}].position"
            )
        seen.add(key)
    return seen


_ON_TRACK = (*PLACED_KINDS, ItemKind.RING)


def _board_spaces(state: State, on_empty: Callable[[Key], bool], findings: Findings) -> Set[Key]:
    """The spaces of the items on the board, each checked to be its own empty space of the
    course and to hold what may lie there."""
    lying = (state.catalogue, state.course, state.board)
    known: frozenset[Key] | None = _ITEMS.get(*lying)
    if known is not None:
        return known
    spaces: set[Key] = set()
    for number, item in enumerate(state.board):
        space = item.space
        key = (space.tile, space.row, space.lane)
        if not on_course(state, space) or key in spaces:
            raise InvalidStateError(
                "an item must be on its own space of the course", f"$.board[{number}]"
            )
        spaces.add(key)
        if not on_empty(key):
            raise InvalidStateError(
                "items cannot sit on spikes or Buzz Bombers", f"$.board[{number}]"
            )
        if item.kind not in _ON_TRACK or item.count < 1:
            raise InvalidStateError(
                "only Springs, Boosters, Crabmeats and Rings lie on the track",
                f"$.board[{number}]",
            )
        if item.count != 1 and item.kind is not ItemKind.RING:
            raise InvalidStateError(
                "only ring stacks hold more than one token", f"$.board[{number}]"
            )
    found = frozenset(spaces)
    findings.note(_ITEMS, lying, found)
    return found


def _check_face_down(
    state: State,
    items: Set[Key],
    characters: Set[Key],
    on_empty: Callable[[Key], bool],
    findings: Findings,
) -> None:
    """Beginner face-down tokens, listed once in order, each on an empty space of the
    course that no item and no character holds (the spaces ``items``, ``characters``)."""
    if not state.face_down:
        return
    if state.variant is not Variant.BEGINNER:
        raise InvalidStateError("only the Beginner game has face-down tokens", "$.face_down")
    if len(state.face_down) > sum(state.pile):
        raise InvalidStateError("more face-down tokens than unseen tokens", "$.face_down")
    # What the checks of each space read: the catalogue, the course and the spaces.
    lying = (state.catalogue, state.course, state.face_down)
    known: tuple[Key, ...] | None = _TOKENS.get(*lying)
    # Listed once, in order: strictly increasing (Space orders as its fields' tuple).
    keys = (
        [(space.tile, space.row, space.lane) for space in state.face_down]
        if known is None
        else known
    )
    if known is None and not all(a < b for a, b in itertools.pairwise(keys)):
        raise InvalidStateError("face-down spaces are listed once, in order", "$.face_down")
    for number, (space, key) in enumerate(zip(state.face_down, keys, strict=True)):
        if (known is None and not on_course(state, space)) or key in items or key in characters:
            raise InvalidStateError(
                "a face-down token needs its own space of the course", f"$.face_down[{number}]"
            )
        if known is None and not on_empty(key):
            raise InvalidStateError(
                "tokens cannot sit on spikes or Buzz Bombers", f"$.face_down[{number}]"
            )
    if known is None:
        findings.note(_TOKENS, lying, tuple(keys))
