"""What a consistent Crash Course state is: ``validate_state`` and its checks.

Every loaded or hand-built state passes through `validate_state`; anything the
rules could not produce raises `InvalidStateError`
with the JSON path of the offending value.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Set
from typing import Any

from sonic_rules.core.errors import BoardError, InvalidStateError, shown_value
from sonic_rules.crash_course.items import drop_spaces
from sonic_rules.crash_course.shortcuts import attempt_in_line, return_shortcuts
from sonic_rules.crash_course.state import (
    BEGINNER_KINDS,
    KINDS,
    MAX_DAMAGE,
    MAX_ITEMS,
    MAX_RINGS,
    PLACED_KINDS,
    TOKEN_COUNTS,
    TOTAL_BIRDS,
    TOTAL_DAMAGE,
    TOTAL_ITEMS,
    BoardItem,
    Character,
    CharacterName,
    Draft,
    Frame,
    FrameKind,
    How,
    ItemKind,
    Options,
    Pending,
    PendingKind,
    Phase,
    PlacedShortcut,
    PlacedTile,
    Space,
    State,
    Variant,
    airborne_characters,
)
from sonic_rules.crash_course.tiles import (
    LANES,
    ROWS,
    Catalogue,
    ShortcutSpec,
    TileSpec,
    parse_catalogue,
    shortcut_shape,
)
from sonic_rules.crash_course.track import (
    EMPTY_FEATURES,
    TrackView,
    exit_line,
    features_of,
    on_course,
)


class _Passed:
    """What a check found of groups of frozen values it passed, by the values' identity
    (each kept alive, so its id stays its own), for at most ``size`` groups (then it
    starts afresh). Only tuples and frozen values are remembered: lists may change."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._known: dict[tuple[int, ...], tuple[tuple[object, ...], Any]] = {}

    def get(self, values: tuple[object, ...]) -> Any:
        """What the check found of ``values``, or ``None`` if not known."""
        # The values remembered are kept alive: no other value has their ids meanwhile.
        known = self._known.get(tuple(map(id, values)))
        return None if known is None else known[1]

    def put(self, values: tuple[object, ...], found: Any) -> None:
        """Remember that the check passed ``values``, finding ``found`` (not ``None``)."""
        if len(self._known) >= self._size:
            self._known.clear()
        self._known[tuple(map(id, values))] = (values, found)


DEFAULT_ORDER = (
    CharacterName.SONIC,
    CharacterName.TAILS,
    CharacterName.KNUCKLES,
    CharacterName.EGGMAN,
)
"""The characters in turn order when the options name none (``CC-PROJ-CHARACTERS``)."""

TERMINATIONS = (
    "crossed the finish line",
    "had to lift an occupied tile",
    "first off the finish tile",
    "the turn limit was reached",
    "the decision limit was reached",
)
"""How a game ends (``State.termination``): the reason of the ``Won`` event."""


def roster(players: int, variant: Variant, options: Options) -> tuple[Character, ...]:
    """The characters of a game in turn order, each with its seat (checked)."""
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise InvalidStateError(f"players must be 2, 3 or 4, not {players!r}", "$.players")
    if variant is Variant.TWO_PLAYER and players != 2:
        raise InvalidStateError("the 2-player variant is for 2 players", "$.players")
    for name in ("turn_limit", "decision_limit"):
        limit = getattr(options, name)
        if limit is not None and (type(limit) is not int or limit < 1):
            raise InvalidStateError("must be a whole number, 1 or more", f"$.options.{name}")
    # CC-TWO-PLAYER-CHARACTERS: 2 players control 4 characters, each a Character with its
    # own board (position, damage, items, Rings, Power-Up).
    count = 4 if variant is Variant.TWO_PLAYER else players
    names = options.characters or DEFAULT_ORDER[:count]
    if len(names) != count or len(set(names)) != count:
        raise InvalidStateError(
            f"expected {count} different characters, got {[n.value for n in names]}",
            "$.options.characters",
        )
    # CC-TWO-PLAYER-ORDER: characters 0..3 take turns in order; character n belongs
    # to seat n % 2, so P1 main, P2 main, P1 side-kick, P2 side-kick.
    return tuple(Character(name, number % players) for number, name in enumerate(names))


_ROSTERS: dict[tuple[int, Variant, Options], tuple[Character, ...]] = {}
"""`roster` of the player counts, variants and options met (all frozen values)."""
_MAX_ROSTERS = 256
_LIMIT_TYPES = (int, type(None))


def _roster(state: State) -> tuple[Character, ...]:
    """``roster(state.players, state.variant, state.options)``, remembered."""
    key = (state.players, state.variant, state.options)
    # Remembered only for values equal by type too (True == 1, 2.0 == 2: not the same).
    exact = (
        type(state.players) is int
        and type(state.options.turn_limit) in _LIMIT_TYPES
        and type(state.options.decision_limit) in _LIMIT_TYPES
    )
    if exact:
        try:
            known = _ROSTERS.get(key)
        except TypeError:  # options holding something unhashable: not remembered
            return roster(*key)
        if known is not None:
            return known
    found = roster(*key)
    if exact:
        if len(_ROSTERS) >= _MAX_ROSTERS:
            _ROSTERS.clear()
        _ROSTERS[key] = found
    return found


def _check_turn_limit(state: State) -> None:
    """``CC-OPT-TURN-LIMIT``: the limit is 1 turn or more; the count never passes it, and
    the game is over once it is reached (by the limit, unless a player had won)."""
    limit = state.options.turn_limit
    if type(state.turns_played) is not int or state.turns_played < 0:
        raise InvalidStateError("must be a whole number, 0 or more", "$.turns_played")
    if limit is None and state.turns_played:
        raise InvalidStateError("turns are counted only under a turn limit", "$.turns_played")
    reached = limit is not None and state.turns_played >= limit
    if limit is not None and state.turns_played > limit:
        raise InvalidStateError(f"more turns than the turn limit of {limit}", "$.turns_played")
    if reached and state.phase is not Phase.GAME_OVER:
        raise InvalidStateError("the turn limit is reached: the game is over", "$.phase")
    by_limit = state.termination == TERMINATIONS[-2]
    if by_limit and not reached:
        raise InvalidStateError("the turn limit was not reached", "$.termination")
    # CC-OPT-DECISION-LIMIT: the same for the decisions made.
    cap = state.options.decision_limit
    if type(state.decisions_made) is not int or state.decisions_made < 0:
        raise InvalidStateError("must be a whole number, 0 or more", "$.decisions_made")
    if cap is None and state.decisions_made:
        raise InvalidStateError(
            "decisions are counted only under a decision limit", "$.decisions_made"
        )
    if cap is not None and state.decisions_made > cap:
        raise InvalidStateError(f"more decisions than the limit of {cap}", "$.decisions_made")
    capped = cap is not None and state.decisions_made >= cap
    if capped and state.phase is not Phase.GAME_OVER:
        raise InvalidStateError("the decision limit is reached: the game is over", "$.phase")
    if state.termination == TERMINATIONS[-1] and not capped:
        raise InvalidStateError("the decision limit was not reached", "$.termination")


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


def validate_state(state: State) -> None:
    """Semantic checks of a loaded or hand-built state (``InvalidStateError`` with a path).

    Anything but a state of this game is a ``TypeError`` naming ``state``; a state
    holding a value of another type than a state holds there is refused first
    (`check_shapes`), naming where.
    """
    if not isinstance(state, State):
        raise TypeError(f"state must be a Crash Course State, not {type(state).__name__}")
    check_shapes(state)
    _check_catalogue(state.catalogue)
    expected = _roster(state)
    if state.options.beginner_course:
        if state.variant is not Variant.BEGINNER:
            raise InvalidStateError("only the Beginner game lays its track first", "$.options")
        beginner_order(state.catalogue, state.options)
    if len(state.characters) != len(expected):
        raise InvalidStateError(f"expected {len(expected)} characters", "$.characters")
    boards = (state.characters, expected, state.variant)
    if type(state.characters) is not tuple or not _BOARDS_SEEN.get(boards):
        _check_boards(state, expected)
        if type(state.characters) is tuple and all(
            type(character.items) is tuple for character in state.characters
        ):
            _BOARDS_SEEN.put(boards, True)
    count = len(state.characters)
    if not 0 <= state.active < count:  # read by the checks of the course and spaces
        raise InvalidStateError("no such character", "$.active")
    _check_counts(state, count)
    _check_course(state)
    _check_shortcut_paths(state)
    _check_spaces(state)
    _check_attempt(state)
    _check_turn(state, count)


_BOARDS_SEEN = _Passed(256)
"""Characters found as their roster and variant allow, by characters, roster and variant."""


def _check_boards(state: State, expected: tuple[Character, ...]) -> None:
    """Each character is its roster's, with what its board may hold."""
    for number, (character, wanted) in enumerate(zip(state.characters, expected, strict=True)):
        where = f"$.characters[{number}]"
        if character.name is not wanted.name or character.owner != wanted.owner:
            raise InvalidStateError(f"expected {wanted.name.value} of seat {wanted.owner}", where)
        if not 0 <= character.damage <= MAX_DAMAGE:
            raise InvalidStateError("damage must be 0, 1 or 2", f"{where}.damage")
        if len(character.items) > MAX_ITEMS or ItemKind.RING in character.items:
            raise InvalidStateError("at most 2 items, Rings apart", f"{where}.items")
        if not 0 <= character.rings <= MAX_RINGS:
            raise InvalidStateError("at most 3 Rings", f"{where}.rings")
        if character.power_up and character.rings:
            raise InvalidStateError("Rings are traded for the Power-Up", f"{where}.rings")
        if state.variant is Variant.BEGINNER:
            _check_beginner_board(character, where)


def _check_beginner_board(character: Character, where: str) -> None:
    """``CC-BEGINNER-SKIP``, ``CC-PROJ-BEGINNER-RINGS``: a Beginner character holds Rings
    only: damage knocks it down instead, and Rings buy no Power-Up."""
    for name, value in (("damage", character.damage), ("items", character.items)):
        if value:
            raise InvalidStateError(f"the Beginner game has no {name}", f"{where}.{name}")
    if character.power_up:
        raise InvalidStateError("the Beginner game has no Power-Up", f"{where}.power_up")


def _check_termination(state: State) -> None:
    """How a game ends belongs to its variant: the Beginner game's first character off the
    finish tile wins (``CC-BEGINNER-FINISH``); the others cross with the Flicky Birds
    needed (``CC-FINISH-BIRDS``) or lift an occupied tile (``CC-SECONDARY-WIN``)."""
    crossed, lifted, off_the_finish = TERMINATIONS[:3]
    beginner = state.variant is Variant.BEGINNER
    if state.termination in ((crossed, lifted) if beginner else (off_the_finish,)):
        raise InvalidStateError(f"the {state.variant.value} game does not end so", "$.termination")
    winner = state.won_by[0] if state.won_by else None
    short = winner is not None and state.birds[winner] < state.required_birds
    if state.termination == crossed and short and not beginner:
        raise InvalidStateError(f"crossing needs {state.required_birds} Flicky Birds", "$.birds")


_CHECKED: dict[int, Catalogue] = {}
"""Catalogues already checked, by identity (each kept alive, so its id stays its own):
a catalogue is a frozen value, checking it again gives the same answer."""
_MAX_CHECKED = 64


def _check_catalogue(catalogue: Catalogue) -> None:
    """A loaded state carries its catalogue: check it as ``load_tiles`` would."""
    if _CHECKED.get(id(catalogue)) is catalogue:
        return
    try:
        parse_catalogue(catalogue.to_data())
    except BoardError as error:
        where = error.where or ""
        path = "$.catalogue" + ("" if where in ("", "$") else "." + where)
        raise InvalidStateError(error.message, path) from None
    if len(_CHECKED) >= _MAX_CHECKED:
        _CHECKED.clear()
    _CHECKED[id(catalogue)] = catalogue


def _check_counts(state: State, count: int) -> None:
    """CC-COMPONENTS: the tokens in play add up to the box contents."""
    for name in ("pile", "discard", "box"):
        values = getattr(state, name)
        if len(values) != len(KINDS) or any(v < 0 for v in values):
            raise InvalidStateError(f"expected {len(KINDS)} non-negative counts", f"$.{name}")
    totals = _token_totals(state)
    if totals != _IN_PLAY:
        for kind, total in zip(KINDS, totals, strict=True):
            if total != TOKEN_COUNTS[kind]:
                raise InvalidStateError(
                    f"{total} {kind.value} tokens in play, the game has {TOKEN_COUNTS[kind]}",
                    "$.pile",
                )
    assert sum(totals) == TOTAL_ITEMS
    # CC-COMPONENTS, CC-BEGINNER-ITEMS: the tokens a game leaves in the box stay there.
    beginner = state.variant is Variant.BEGINNER
    if state.box != _BOXED[beginner]:
        raise InvalidStateError(
            "the Beginner game leaves every token but Boosters, Crabmeats and Rings in the box, "
            "the others leave none",
            "$.box",
        )
    if len(state.birds) != state.players or any(b < 0 for b in state.birds):
        raise InvalidStateError("one non-negative Flicky Bird count per seat", "$.birds")
    if beginner and any(state.birds):
        raise InvalidStateError("the Beginner game has no Flicky Birds", "$.birds")
    if state.bird_supply < 0 or state.bird_supply + sum(state.birds) != TOTAL_BIRDS:
        raise InvalidStateError("the Flicky Birds do not add up to 24", "$.bird_supply")
    if sum(c.damage for c in state.characters) > TOTAL_DAMAGE:
        raise InvalidStateError("more damage than the 12 tokens", "$.characters")
    if len(state.turn_hazard_damage) != count:
        raise InvalidStateError("one count per character", "$.turn_hazard_damage")


_IN_PLAY = [TOKEN_COUNTS[kind] for kind in KINDS]
"""``TOKEN_COUNTS`` in `KINDS` order: what `_token_totals` gives for a consistent state."""
_BOXED = {
    beginner: tuple(
        TOKEN_COUNTS[kind] if beginner and kind not in BEGINNER_KINDS else 0 for kind in KINDS
    )
    for beginner in (False, True)
}
"""The box of the Beginner game (``True``) and of the others."""
_RING = ItemKind.RING.index


def _token_totals(state: State) -> list[int]:
    """``state.token_count(kind)`` for each kind in `KINDS` order, in one pass."""
    totals = [a + b + c for a, b, c in zip(state.pile, state.discard, state.box, strict=True)]
    for character in state.characters:
        for kind in character.items:
            totals[kind.index] += 1
    ring = _RING
    totals[ring] += sum(c.rings for c in state.characters)
    totals[ring] += sum(pending.rings for pending in state.pending)
    for kind in state.drawn:
        totals[kind.index] += 1
    for item in state.board:
        totals[item.kind.index] += item.count
    return totals


def _check_course(state: State) -> None:
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
    _check_shortcuts(state, _course_cells(catalogue, state.course))


_LAID = _Passed(256)
"""Courses found continuous, with their cells, by catalogue and course."""


def _course_cells(catalogue: Catalogue, course: tuple[PlacedTile, ...]) -> set[tuple[int, int]]:
    """The cells of the course's tiles, checked distinct and continuous."""
    remembered = type(course) is tuple
    if remembered:
        known = _LAID.get((catalogue, course))
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
    if remembered:
        _LAID.put((catalogue, course), frozenset(cells))
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
            if (
                not isinstance(ends, tuple)
                or len(ends) != 2
                or not all(type(end) is int and 0 <= end < 4 for end in ends)
                or ends[0] == ends[1]
            ):
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


def _check_attempt(state: State) -> None:
    """The attempt's tiles lead from the active character's arrow space (checked once
    the characters' spaces are known to be on the course)."""
    if state.shortcut_attempt and not attempt_in_line(state):
        raise InvalidStateError(
            "the attempt's tiles make a path from the active character's arrow space",
            "$.shortcut_attempt",
        )


def _check_shortcut_paths(state: State) -> None:
    """Laid shortcut tiles join two arrow spaces (``CC-SHORTCUT-JOIN``: none that
    ``CC-SHORTCUT-RETURN`` would send back)."""
    if state.variant is Variant.BEGINNER and (state.shortcuts or state.turn_laid_shortcuts):
        raise InvalidStateError("the Beginner game has no shortcuts", "$.shortcuts")
    if not state.shortcuts:
        return
    # What return_shortcuts reads: the catalogue, the course and the shortcut tiles.
    laid = (state.catalogue, state.course, state.shortcuts)
    remembered = type(state.course) is tuple and type(state.shortcuts) is tuple
    if remembered and _JOINED.get(laid):
        return
    draft = Draft(state)
    return_shortcuts(draft)
    for number, shortcut in enumerate(state.shortcuts):
        if shortcut not in draft.shortcuts:
            raise InvalidStateError(
                "this shortcut tile is on no path joining two arrow spaces",
                f"$.shortcuts[{number}]",
            )
    if remembered:
        _JOINED.put(laid, True)


_JOINED = _Passed(256)
"""Shortcut tiles found on paths joining arrow spaces, by catalogue, course and tiles."""


_ON_TRACK = (*PLACED_KINDS, ItemKind.RING)


def _increasing(keys: list[tuple[int, int, int]]) -> bool:
    return all(a < b for a, b in itertools.pairwise(keys))


def _check_spaces(state: State) -> None:
    # Spaces are equal when their fields are: the sets below hold the fields' tuples.
    seen: set[tuple[int, int, int]] = set()
    # A character bounced by a Bumper and not landed yet has left its space (CC-ITEM-BUMPER).
    # A game that ends before it lands (a win, the decision limit) clears the movement and
    # leaves it on the space it left, which another character may have entered meanwhile:
    # in a finished game two characters may share a space.
    airborne = airborne_characters(state.motion) if state.motion else ()
    course = len(state.course)
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
    features: dict[int, tuple[str, ...]] = {}

    def on_empty(key: tuple[int, int, int]) -> bool:
        """The space ``key`` (on the course) is one an item or token may lie on."""
        tile_index, row, lane = key
        tile = features.get(tile_index)
        if tile is None:
            tile = features[tile_index] = features_of(state, tile_index)
        return tile[row * LANES + lane] in EMPTY_FEATURES

    spaces = _board_spaces(state, on_empty)
    if state.face_down and state.variant is not Variant.BEGINNER:
        raise InvalidStateError("only the Beginner game has face-down tokens", "$.face_down")
    if len(state.face_down) > sum(state.pile):
        raise InvalidStateError("more face-down tokens than unseen tokens", "$.face_down")
    # What the checks of each space read: the catalogue, the course and the spaces.
    lying = (state.catalogue, state.course, state.face_down)
    remembered = type(state.course) is tuple and type(state.face_down) is tuple
    known: tuple[tuple[int, int, int], ...] | None = _LYING.get(lying) if remembered else None
    if known is not None:
        # Listed in order, each on an empty space of the course: only the items and
        # characters of this state are left to check.
        for number, key in enumerate(known):
            if key in spaces or key in seen:
                raise InvalidStateError(
                    "a face-down token needs its own space of the course",
                    f"$.face_down[{number}]",
                )
        return
    # Listed once, in order: strictly increasing (Space orders as its fields' tuple).
    keys = [(space.tile, space.row, space.lane) for space in state.face_down]
    if not _increasing(keys):
        raise InvalidStateError("face-down spaces are listed once, in order", "$.face_down")
    for number, key in enumerate(keys):
        tile_index, row, lane = key
        if (
            not (0 <= tile_index < course and 0 <= row < ROWS and 0 <= lane < LANES)
            or key in spaces
            or key in seen
        ):
            raise InvalidStateError(
                "a face-down token needs its own space of the course", f"$.face_down[{number}]"
            )
        if not on_empty(key):
            raise InvalidStateError(
                "tokens cannot sit on spikes or Buzz Bombers", f"$.face_down[{number}]"
            )
    if remembered:
        _LYING.put(lying, tuple(keys))


_LYING = _Passed(256)
"""Face-down spaces found in order on empty spaces, by catalogue, course and spaces."""
_BOARDS = _Passed(256)
"""The spaces of boards found each on an empty space, by catalogue, course and board."""


def _board_spaces(
    state: State, on_empty: Callable[[tuple[int, int, int]], bool]
) -> Set[tuple[int, int, int]]:
    """The spaces of the items on the board, each checked to be its own empty space of the
    course and to hold what may lie there."""
    lying = (state.catalogue, state.course, state.board)
    remembered = type(state.course) is tuple and type(state.board) is tuple
    if remembered:
        known: frozenset[tuple[int, int, int]] | None = _BOARDS.get(lying)
        if known is not None:
            return known
    course = len(state.course)
    spaces: set[tuple[int, int, int]] = set()
    for number, item in enumerate(state.board):
        space = item.space
        tile_index, row, lane = key = (space.tile, space.row, space.lane)
        if not (0 <= tile_index < course and 0 <= row < ROWS and 0 <= lane < LANES) or (
            key in spaces
        ):
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
    if remembered:
        _BOARDS.put(lying, frozenset(spaces))
    return spaces


def _check_turn(state: State, count: int) -> None:
    if not 0 <= state.actions_left <= 3:
        raise InvalidStateError("between 0 and 3 actions", "$.actions_left")
    if state.moved_this_turn and state.actions_left == 3:
        raise InvalidStateError("a Move costs one of the turn's actions", "$.moved_this_turn")
    phase = state.phase
    if phase in (Phase.RING_DROP, Phase.RECOVERY):
        wanted = PendingKind.RING_DROP if phase is Phase.RING_DROP else PendingKind.RECOVERY
        if not state.pending or state.pending[0].kind is not wanted:
            raise InvalidStateError(
                f"the {phase.value} phase needs a matching decision", "$.pending"
            )
    for number, owed in enumerate(state.pending):
        if not 0 <= owed.character < count or owed.rings < 0:
            raise InvalidStateError("bad owed decision", f"$.pending[{number}]")
    if phase is Phase.DRAWING and (state.draws_left < 1 or not sum(state.pile)):
        raise InvalidStateError("a draw needs tokens to draw", "$.draws_left")
    if phase is Phase.KEEP_CHOICE and len(set(state.drawn)) < 2:
        raise InvalidStateError("a keep choice needs two kinds drawn", "$.drawn")
    if phase is Phase.LAY_TILE and not state.motion:
        raise InvalidStateError("a tile is laid for a character in motion", "$.motion")
    _check_turn_limit(state)
    limited = state.termination in TERMINATIONS[-2:]
    if phase is Phase.GAME_OVER and len(state.won_by) != (0 if limited else 1):
        raise InvalidStateError(
            "a finished game has one winner, none when the turn limit ended it", "$.won_by"
        )
    if phase is not Phase.GAME_OVER and state.won_by:
        raise InvalidStateError("only a finished game has a winner", "$.won_by")
    if any(not 0 <= seat < state.players for seat in state.won_by):
        raise InvalidStateError("no such seat", "$.won_by")
    _check_termination(state)
    if state.termination not in ("", *TERMINATIONS) or (
        state.termination and phase is not Phase.GAME_OVER
    ):
        raise InvalidStateError("a finished game's reason, or none", "$.termination")
    _check_motion(state, count)
    _check_phase(state)


def _check_motion(state: State, count: int) -> None:
    """Movement waits only for a tile (a character leaving the track) or a reveal (one
    entering a face-down token), its frames naming characters and spaces of the game."""
    phase = state.phase
    if state.motion and phase not in (Phase.LAY_TILE, Phase.REVEALING):
        raise InvalidStateError("movement only waits for a tile or a reveal", "$.motion")
    for number, frame in enumerate(state.motion):
        where = f"$.motion[{number}]"
        if not 0 <= frame.character < count or (
            frame.space is not None and not on_course(state, frame.space)
        ):
            raise InvalidStateError("bad movement frame", where)
        if frame.kind is FrameKind.ENTER and frame.space is None:
            raise InvalidStateError("an entry needs a space", where)
        if frame.kind is not FrameKind.ENTER and (
            state.characters[frame.character].position is None
            or not 0 <= frame.lane < LANES
            or frame.remaining < 0
            or frame.skipped < 0
        ):
            raise InvalidStateError("a character in motion is on the track, in a lane", where)
        _check_frame(state, frame, where)
    if phase is Phase.REVEALING:
        top = state.motion[-1] if state.motion else None
        if top is None or top.kind is not FrameKind.ENTER or top.space not in state.face_down:
            raise InvalidStateError("a reveal needs a character entering a token", "$.motion")
    if phase is Phase.LAY_TILE and state.motion[-1].kind is FrameKind.ENTER:
        raise InvalidStateError("a tile is laid for a character leaving the track", "$.motion")


_ADVANCES = {How.STEP: (1,), How.PUSH: (1,), How.BOOST: (1, 2)}
"""How each forward movement is made, and the spaces it can have left to go: a step or a
push goes 1 (``CC-MOVE-FORWARD``, ``CC-PUSH``), a Booster 2 (``CC-ITEM-BOOSTER``)."""


def _check_frame(state: State, frame: Frame, where: str) -> None:
    """A frame as the movement rules make it: no more spaces to go than its kind allows,
    obstacles counted only by a Spring jump, carried by a Move only for the active
    character."""
    rows = sum(len(features_of(state, tile)) // LANES for tile in range(len(state.course)))
    if frame.kind is FrameKind.ADVANCE:
        fits = frame.remaining in _ADVANCES.get(frame.how, ()) and not frame.skipped
    elif frame.kind is FrameKind.JUMP:
        fits = frame.how is How.JUMP and not frame.remaining and frame.skipped <= rows
    else:
        fits = not frame.remaining and not frame.skipped
    if not fits:
        raise InvalidStateError(
            f"a {frame.kind.value} frame made by {frame.how.value} cannot have "
            f"{frame.remaining} spaces to go and {frame.skipped} obstacles jumped",
            where,
        )
    if frame.by_move and frame.character != state.active:
        raise InvalidStateError("only the active character moves by a Move action", where)


_BEGINNER_ONLY = (Phase.SETUP, Phase.REVEALING, Phase.RECOVERY)
_NOT_BEGINNER = (
    Phase.DRAW_CHOICE,
    Phase.DRAWING,
    Phase.KEEP_CHOICE,
    Phase.RING_DROP,
    Phase.LAYING_SHORTCUT,
)
_MAY_OWE = (Phase.RING_DROP, Phase.RECOVERY, Phase.LAY_TILE, Phase.REVEALING)
"""Phases in which decisions can be owed: movement stopped before they were asked."""


def _check_phase(state: State) -> None:
    """The phase belongs to the variant, what it waits for is there, and what belongs to
    other phases (a draw, owed decisions) is not."""
    phase, beginner = state.phase, state.variant is Variant.BEGINNER
    if phase in (_NOT_BEGINNER if beginner else _BEGINNER_ONLY):
        raise InvalidStateError(f"the {state.variant.value} game has no {phase.value}", "$.phase")
    if not 0 <= state.draws_left <= 3 or (state.draws_left and phase is not Phase.DRAWING):
        raise InvalidStateError("draws are left only while drawing, at most 3", "$.draws_left")
    if len(state.drawn) + state.draws_left > 3 or (
        state.drawn and phase not in (Phase.DRAWING, Phase.KEEP_CHOICE)
    ):
        raise InvalidStateError("at most 3 tokens are drawn, kept only during the draw", "$.drawn")
    if phase is Phase.KEEP_CHOICE and ItemKind.RING in state.drawn:
        raise InvalidStateError("Rings drawn are kept at once", "$.drawn")
    if phase is Phase.DRAW_CHOICE and len(state.characters[state.active].items) < MAX_ITEMS:
        raise InvalidStateError(
            "the draw choice is for a full hand", f"$.characters[{state.active}].items"
        )
    for number, owed in enumerate(state.pending):
        where = f"$.pending[{number}]"
        if phase not in _MAY_OWE:
            raise InvalidStateError(f"no decision is owed in the {phase.value} phase", where)
        if (owed.kind is PendingKind.RECOVERY) is not beginner:
            raise InvalidStateError("Beginner recoveries, other games' ring drops", where)
        if owed.kind is PendingKind.RING_DROP and not 1 <= owed.rings <= MAX_RINGS:
            raise InvalidStateError("a ring drop holds 1 to 3 Rings", where)
        lying = state.characters[owed.character]
        if owed.kind is PendingKind.RECOVERY and not (lying.knocked_down and lying.rings):
            # CC-PROJ-BEGINNER-KNOCKED: asked only of a character down with a Ring to spend.
            raise InvalidStateError("only a character knocked down with a Ring recovers", where)
    if phase is Phase.RING_DROP:
        # CC-RING-LOSS: the drop is asked only when the tile behind the character has an
        # empty space; with none the Rings go to the discard pile without a question.
        owed = state.pending[0]
        if not drop_spaces(TrackView(state), state.characters[owed.character].position):
            raise InvalidStateError(
                f"a ring drop needs an empty space on the tile behind "
                f"{state.characters[owed.character].name.value}",
                "$.pending[0]",
            )
    for number, character in enumerate(state.characters):
        if character.knocked_down and not beginner:
            raise InvalidStateError(
                "only the Beginner game knocks down", f"$.characters[{number}].knocked_down"
            )
    for number, count in enumerate(state.turn_hazard_damage):
        # Damage stops at 2 (CC-DAMAGE-CAP); only the active character can fix some (3
        # actions, and its Power-Up) and be hurt again this turn. Beginner damage knocks
        # down instead and is not counted.
        most = 0 if beginner else MAX_DAMAGE + (4 if number == state.active else 0)
        if not 0 <= count <= most:
            raise InvalidStateError(
                f"{state.characters[number].name.value} took {count} hazard damage this turn: "
                f"counted 0..{most}",
                "$.turn_hazard_damage",
            )


# ----- the Python shape of a state --------------------------------------------------------
#
# A state built by hand can hold anything: a list for a tuple, a string for an item, a
# float in a space. `check_shapes` refuses such a state before any rule is checked (the
# checks read the values as the types a state holds), naming the first wrong value. A
# state read from JSON always has the right shape: the check never refuses one.


class _Tuple:
    """The shape of a tuple of any length whose values have the shape ``item``."""

    __slots__ = ("item",)

    def __init__(self, item: object) -> None:
        self.item = item


class _Fixed:
    """The shape of a tuple of as many values as ``items``, each of its shape."""

    __slots__ = ("items",)

    def __init__(self, *items: object) -> None:
        self.items = items


class _Optional:
    """``None`` or a value of the shape ``shape``."""

    __slots__ = ("shape",)

    def __init__(self, shape: object) -> None:
        self.shape = shape


_Field = tuple[str, object, str | None]
"""A field's name, its shape and the message for a value of another type (``None``: the
usual one; ``{!r}`` in it stands for the value), as the rule checks word it."""
_SPACE = _Optional(Space)
_WHOLE = "must be a whole number, 0 or more"
_LIMIT = "must be a whole number, 1 or more"
_FIELDS: dict[type, tuple[_Field, ...]] = {
    Options: (
        ("official_draw", bool, None),
        ("set_back", bool, None),
        ("damage_bars_only_moves", bool, None),
        ("literal_secondary_win", bool, None),
        ("open_items", bool, None),
        ("turn_limit", _Optional(int), _LIMIT),
        ("decision_limit", _Optional(int), _LIMIT),
        ("characters", _Tuple(CharacterName), None),
        ("beginner_course", _Tuple(_Fixed(str, bool)), None),
    ),
    Catalogue: (
        ("tiles", _Tuple(TileSpec), None),
        ("shortcuts", _Tuple(ShortcutSpec), None),
        ("name", str, None),
    ),
    TileSpec: (
        ("id", str, None),
        ("kind", str, None),
        ("turn", str, None),
        ("rows", _Tuple(str), None),
    ),
    ShortcutSpec: (("id", str, None), ("kind", str, None), ("shapes", _Tuple(str), None)),
    Space: (("tile", int, None), ("row", int, None), ("lane", int, None)),
    Character: (
        ("name", CharacterName, None),
        ("owner", int, None),
        ("position", _SPACE, None),
        ("damage", int, None),
        ("items", _Tuple(ItemKind), None),
        ("rings", int, None),
        ("power_up", bool, None),
        ("knocked_down", bool, None),
    ),
    PlacedTile: (
        ("tile", int, None),
        ("x", int, None),
        ("y", int, None),
        ("heading", int, None),
        ("reversed", bool, None),
        ("bird_taken", bool, None),
    ),
    PlacedShortcut: (
        ("tile", int, None),
        ("x", int, None),
        ("y", int, None),
        ("ends", _Fixed(int, int), None),
    ),
    BoardItem: (("space", Space, None), ("kind", ItemKind, None), ("count", int, None)),
    Frame: (
        ("kind", FrameKind, None),
        ("character", int, None),
        ("how", How, None),
        ("space", _SPACE, None),
        ("remaining", int, None),
        ("lane", int, None),
        ("skipped", int, None),
        ("by_move", bool, None),
    ),
    Pending: (("kind", PendingKind, None), ("character", int, None), ("rings", int, None)),
    State: (
        ("variant", Variant, None),
        ("players", int, "players must be 2, 3 or 4, not {!r}"),
        ("options", Options, None),
        ("catalogue", Catalogue, None),
        ("characters", _Tuple(Character), None),
        ("birds", _Tuple(int), None),
        ("bird_supply", int, None),
        ("pile", _Tuple(int), None),
        ("discard", _Tuple(int), None),
        ("box", _Tuple(int), None),
        ("course", _Tuple(PlacedTile), None),
        ("tile_pile", _Tuple(int), None),
        ("shortcuts", _Tuple(PlacedShortcut), None),
        ("board", _Tuple(BoardItem), None),
        ("face_down", _Tuple(Space), None),
        ("phase", Phase, None),
        ("active", int, None),
        ("actions_left", int, None),
        ("moved_this_turn", bool, None),
        ("draws_left", int, None),
        ("drawn", _Tuple(ItemKind), None),
        ("motion", _Tuple(Frame), None),
        ("pending", _Tuple(Pending), None),
        ("turn_hazard_damage", _Tuple(int), None),
        ("turn_laid_shortcuts", _Tuple(int), None),
        ("won_by", _Tuple(int), None),
        ("termination", str, None),
        ("shortcut_attempt", _Tuple(PlacedShortcut), None),
        ("turns_played", int, _WHOLE),
        ("decisions_made", int, _WHOLE),
    ),
}
"""The shape of each field of a state and of the values it holds, in field order."""


def _described(shape: Any) -> str:
    """``shape`` as the message names it: ``an int``, ``a tuple``, ``a Space or None``."""
    if type(shape) is _Optional:
        return f"{_described(shape.shape)} or None"
    if type(shape) is _Tuple:
        return "a tuple"
    if type(shape) is _Fixed:
        return f"a tuple of {len(shape.items)}"
    name: str = shape.__name__
    return ("an " if name[0] in "AEIOUaeiou" else "a ") + name


def _first_wrong(value: Any, shape: Any, path: str) -> tuple[str, str] | None:
    """The message and path of the first value in ``value`` (at ``path``) not of
    ``shape``, or ``None`` when all are."""
    outer: Any = shape.shape if type(shape) is _Optional else shape
    if value is None and outer is not shape:
        return None
    kind = type(outer)
    wanted = tuple if kind is _Tuple or kind is _Fixed else outer
    if type(value) is not wanted or (kind is _Fixed and len(value) != len(outer.items)):
        return f"expected {_described(shape)}, got {shown_value(value)}", path
    if kind is _Tuple:
        for number, item in enumerate(value):
            found = _first_wrong(item, outer.item, f"{path}[{number}]")
            if found is not None:
                return found
        return None
    if kind is _Fixed:
        for number, item in enumerate(value):
            found = _first_wrong(item, outer.items[number], f"{path}[{number}]")
            if found is not None:
                return found
        return None
    fields = _FIELDS.get(outer)
    return None if fields is None else _first_wrong_field(value, fields, path)


_MISSING = object()


def _first_wrong_field(
    value: object, fields: tuple[_Field, ...], path: str
) -> tuple[str, str] | None:
    """`_first_wrong` of each of ``fields`` of ``value`` in turn."""
    for name, shape, message in fields:
        where = f"{path}.{name}"
        field = getattr(value, name, _MISSING)
        if field is _MISSING:
            return "required field missing", where
        found = _first_wrong(field, shape, where)
        if found is not None:
            if message is not None and found[1] == where:
                return message.format(field), where
            return found
    return None


_SEEN_MAX = 4096
_SEEN_INTS: dict[int, object] = {}
_SEEN_CHARACTERS: dict[int, object] = {}
_SEEN_BOARDS: dict[int, object] = {}
_SEEN_SPACES: dict[int, object] = {}
_SEEN_PARTS: tuple[dict[int, object], ...] = tuple({} for _ in range(6))
"""Values found of their shape, by identity (each kept alive, so no other value has its
id while it is known), one memory for each kind of value: the counts, characters,
boards, face-down spaces, and the parts `_well_shaped` checks by `_first_wrong`. Only
values found so are kept: tuples and frozen values holding only such values, which
cannot change."""


_EMPTY = ()
"""The empty tuple (one object): no shortcut tiles, movement or decisions."""


def _note(seen: dict[int, object], value: object) -> None:
    if len(seen) >= _SEEN_MAX:
        seen.clear()
    seen[id(value)] = value


_INT = frozenset((int,))
_ITEM_KIND = frozenset((ItemKind,))
_COURSE = _Tuple(PlacedTile)
_SHORTCUTS = _Tuple(PlacedShortcut)
_MOTION = _Tuple(Frame)
_PENDING = _Tuple(Pending)


def _space_ok(space: Any) -> bool:
    return (
        type(space) is Space
        and type(space.tile) is int
        and type(space.row) is int
        and type(space.lane) is int
    )


def _character_ok(character: Any) -> bool:
    position = character.position
    items = character.items
    return (
        type(character.name) is CharacterName
        and type(character.owner) is int
        and (position is None or _space_ok(position))
        and type(character.damage) is int
        and type(items) is tuple
        and _ITEM_KIND.issuperset(map(type, items))
        and type(character.rings) is int
        and type(character.power_up) is bool
        and type(character.knocked_down) is bool
    )


def _item_ok(item: Any) -> bool:
    return (
        type(item) is BoardItem
        and type(item.kind) is ItemKind
        and type(item.count) is int
        and _space_ok(item.space)
    )


def _part_ok(value: Any, shape: Any, seen: dict[int, object]) -> bool:
    """Whether ``value`` has ``shape`` (`_first_wrong` finds nothing), noted in ``seen``."""
    if _first_wrong(value, shape, "$") is not None:
        return False
    _note(seen, value)
    return True


def _well_shaped(state: State) -> bool:
    """True only if every value of ``state`` is of the type a state holds there (as
    `_first_wrong_field` finds), quickly: the parts states share are remembered once
    found so."""
    options, catalogue, characters = state.options, state.catalogue, state.characters
    birds, pile, discard, box = state.birds, state.pile, state.discard, state.box
    course, tile_pile, shortcuts = state.course, state.tile_pile, state.shortcuts
    board, face_down, drawn = state.board, state.face_down, state.drawn
    motion, pending, attempt = state.motion, state.pending, state.shortcut_attempt
    hazard, laid, won_by = state.turn_hazard_damage, state.turn_laid_shortcuts, state.won_by
    if (
        type(state.variant) is not Variant
        or type(state.players) is not int
        or type(options) is not Options
        or type(catalogue) is not Catalogue
        or type(characters) is not tuple
        or type(birds) is not tuple
        or type(state.bird_supply) is not int
        or type(pile) is not tuple
        or type(discard) is not tuple
        or type(box) is not tuple
        or type(course) is not tuple
        or type(tile_pile) is not tuple
        or type(shortcuts) is not tuple
        or type(board) is not tuple
        or type(face_down) is not tuple
        or type(state.phase) is not Phase
        or type(state.active) is not int
        or type(state.actions_left) is not int
        or type(state.moved_this_turn) is not bool
        or type(state.draws_left) is not int
        or type(drawn) is not tuple
        or type(motion) is not tuple
        or type(pending) is not tuple
        or type(hazard) is not tuple
        or type(laid) is not tuple
        or type(won_by) is not tuple
        or type(state.termination) is not str
        or type(attempt) is not tuple
        or type(state.turns_played) is not int
        or type(state.decisions_made) is not int
        # What the tuples of whole numbers hold (those of the turn: short, new each turn).
        or not _INT.issuperset(map(type, hazard + laid + won_by))
    ):
        return False
    seen = _SEEN_INTS
    for values in (birds, pile, discard, box, tile_pile):
        if id(values) not in seen:
            if not _INT.issuperset(map(type, values)):
                return False
            _note(seen, values)
    if drawn and not _ITEM_KIND.issuperset(map(type, drawn)):
        return False
    seen = _SEEN_CHARACTERS
    for character in characters:
        if id(character) not in seen:
            if type(character) is not Character or not _character_ok(character):
                return False
            _note(seen, character)
    if id(board) not in _SEEN_BOARDS:
        if not all(map(_item_ok, board)):
            return False
        _note(_SEEN_BOARDS, board)
    if id(face_down) not in _SEEN_SPACES:
        if not all(map(_space_ok, face_down)):
            return False
        _note(_SEEN_SPACES, face_down)
    seen_options, seen_catalogues, seen_courses, seen_shortcuts, seen_motion, seen_pending = (
        _SEEN_PARTS
    )
    return (
        (id(options) in seen_options or _part_ok(options, Options, seen_options))
        and (id(catalogue) in seen_catalogues or _part_ok(catalogue, Catalogue, seen_catalogues))
        and (id(course) in seen_courses or _part_ok(course, _COURSE, seen_courses))
        and (
            shortcuts is _EMPTY
            or id(shortcuts) in seen_shortcuts
            or _part_ok(shortcuts, _SHORTCUTS, seen_shortcuts)
        )
        and (
            attempt is _EMPTY
            or id(attempt) in seen_shortcuts
            or _part_ok(attempt, _SHORTCUTS, seen_shortcuts)
        )
        and (
            motion is _EMPTY or id(motion) in seen_motion or _part_ok(motion, _MOTION, seen_motion)
        )
        and (
            pending is _EMPTY
            or id(pending) in seen_pending
            or _part_ok(pending, _PENDING, seen_pending)
        )
    )


def check_shapes(state: State) -> None:
    """Refuse a state holding a value of another type than a state holds there (a list
    for a tuple, a string for an item, a float in a space): an `InvalidStateError` naming
    the first one, by its JSON path (``$.characters[0].items[1]``). A state read from
    JSON always has the right shape."""
    try:
        if _well_shaped(state):
            return
    except AttributeError:  # a value without its fields: found below
        pass
    found = _first_wrong_field(state, _FIELDS[State], "$")
    if found is not None:
        raise InvalidStateError(*found)


_PART_SHAPES: dict[str, tuple[object, dict[int, object]]] = {
    "options": (Options, _SEEN_PARTS[0]),
    "catalogue": (Catalogue, _SEEN_PARTS[1]),
    "course": (_COURSE, _SEEN_PARTS[2]),
    "shortcuts": (_SHORTCUTS, _SEEN_PARTS[3]),
    "motion": (_MOTION, _SEEN_PARTS[4]),
    "pending": (_PENDING, _SEEN_PARTS[5]),
    "board": (_Tuple(BoardItem), _SEEN_BOARDS),
    "face_down": (_Tuple(Space), _SEEN_SPACES),
    "drawn": (_Tuple(ItemKind), {}),
}
"""The shape of each part `has_shape` is asked about, and what it remembers of it."""


def has_shape(value: object, part: str) -> bool:
    """Whether ``value`` is of the type a state holds as ``part`` (``options``,
    ``catalogue``, ``course``, ``shortcuts``, ``motion``, ``pending``, ``board``,
    ``face_down``, ``drawn``): what `to_json` asks of a part before it writes it."""
    shape, seen = _PART_SHAPES[part]
    return id(value) in seen or _part_ok(value, shape, seen)


def character_has_shape(character: object) -> bool:
    """Whether ``character`` is a `Character` holding values of the types it holds."""
    if id(character) in _SEEN_CHARACTERS:
        return True
    try:
        if type(character) is not Character or not _character_ok(character):
            return False
    except AttributeError:  # a character without its fields
        return False
    _note(_SEEN_CHARACTERS, character)
    return True
