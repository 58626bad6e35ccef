"""Starting a game: ``new_game`` and ``setup_position`` (a mid-game position by hand).

``new_game`` starts in the phase the declaration gives the variant
(``PHASES.initial_phase``) and moves on only through declared triggers: a Beginner
track given in the options is laid at once and the first turn begins; any other new
game begins its first turn, whose draw is the first chance node.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from sonic_rules.core.errors import BoardError, InvalidStateError
from sonic_rules.core.serialization import structure_or_raise
from sonic_rules.crash_course.phases import PHASES
from sonic_rules.crash_course.serialize import converter
from sonic_rules.crash_course.state import (
    BEGINNER_KINDS,
    KINDS,
    TOKEN_COUNTS,
    TOTAL_BIRDS,
    BoardItem,
    Character,
    CharacterName,
    Draft,
    Frame,
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
)
from sonic_rules.crash_course.tiles import Catalogue, default_catalogue
from sonic_rules.crash_course.track import beginner_slots, lay_course, next_tile
from sonic_rules.crash_course.turn import begin_turn
from sonic_rules.crash_course.validate import beginner_order, roster, validate_state


def _variant(variant: str | Variant) -> Variant:
    try:
        return Variant(variant)
    except ValueError:
        allowed = ", ".join(v.value for v in Variant)
        raise InvalidStateError(f"unknown variant {variant!r} (one of {allowed})") from None


def _options(options: Options | Mapping[str, Any] | None) -> Options:
    """``Options``, a mapping of its fields (as in JSON), or ``None`` for the defaults."""
    if options is None:
        return Options()
    if isinstance(options, Mapping):
        return structure_or_raise(converter, dict(options), Options, "$.options")
    if not isinstance(options, Options):
        raise InvalidStateError(
            f"options must be a crash_course.Options or a mapping, got {type(options).__name__}",
            "$.options",
        )
    # A hand-built Options is checked like a loaded one: through its JSON form.
    return structure_or_raise(
        converter, converter.unstructure(_plain(options)), Options, "$.options"
    )


def _plain(options: Options) -> Options:
    """Written forms (``"sonic"``, lists) accepted in a hand-built ``Options``."""
    flags = [field.name for field in attrs.fields(Options) if field.type in (bool, "bool")]
    for flag in flags:
        if type(getattr(options, flag)) is not bool:
            raise InvalidStateError(f"{flag} is true or false", "$.options")
    names = []
    for index, name in enumerate(options.characters):
        if isinstance(name, CharacterName):
            names.append(name)
            continue
        try:
            names.append(CharacterName(name))
        except ValueError:
            raise InvalidStateError(
                f"unknown character {name!r}", f"$.options.characters[{index}]"
            ) from None
    course = []
    for index, entry in enumerate(options.beginner_course):
        if not isinstance(entry, tuple | list) or len(entry) != 2:
            raise InvalidStateError(
                "a course entry is (tile id, reversed)", f"$.options.beginner_course[{index}]"
            )
        course.append((entry[0], entry[1]))
    return attrs.evolve(options, characters=tuple(names), beginner_course=tuple(course))


def _catalogue(tiles: Catalogue | None) -> Catalogue:
    """The given catalogue, or the shipped reconstruction for ``None``."""
    if tiles is None:
        return default_catalogue()
    if not isinstance(tiles, Catalogue):
        raise BoardError(
            f"tiles must be a Catalogue from load_tiles(), got {type(tiles).__name__}", "tiles"
        )
    return tiles


def _blank_state(players: int, variant: Variant, catalogue: Catalogue, options: Options) -> State:
    """A game of ``variant`` before its first turn, in the variant's initial phase."""
    characters = roster(players, variant, options)
    line, star = catalogue.start_tiles()
    if options.beginner_course and variant is not Variant.BEGINNER:
        raise InvalidStateError("only the Beginner game lays its track first", "$.options")
    if variant is Variant.BEGINNER:
        # CC-BEGINNER-SETUP: the track as the table laid it, or dealt later by chance.
        order = beginner_order(catalogue, options) if options.beginner_course else []
        course = lay_course(catalogue, order)
        tile_pile = () if order else tuple(range(len(catalogue.tiles)))
        pile = tuple(TOKEN_COUNTS[k] if k in BEGINNER_KINDS else 0 for k in KINDS)
        box = tuple(0 if k in BEGINNER_KINDS else TOKEN_COUNTS[k] for k in KINDS)
    else:
        course = lay_course(catalogue, [(line, False), (star, False)])
        tile_pile = tuple(n for n in range(len(catalogue.tiles)) if n not in (line, star))
        pile = tuple(TOKEN_COUNTS[k] for k in KINDS)
        box = (0,) * len(KINDS)
    return State(
        variant=variant,
        players=players,
        options=options,
        catalogue=catalogue,
        characters=characters,
        birds=(0,) * players,
        bird_supply=TOTAL_BIRDS,
        pile=pile,
        discard=(0,) * len(KINDS),
        box=box,
        course=course,
        tile_pile=tile_pile,
        shortcuts=(),
        board=(),
        face_down=(),
        phase=PHASES.initial_phase(variant.value),
        active=0,
        actions_left=3,
        moved_this_turn=False,
        draws_left=0,
        drawn=(),
        motion=(),
        pending=(),
        turn_hazard_damage=(0,) * len(characters),
        turn_laid_shortcuts=(),
        won_by=(),
    )


def new_game(
    players: int,
    *,
    variant: str | Variant = "standard",
    tiles: Catalogue | None = None,
    options: Options | Mapping[str, Any] | None = None,
) -> State:
    """A new game at its first chance node or decision (``CC-SETUP``).

    ``players`` is 2, 3 or 4 (the ``"two-player"`` variant needs 2); ``tiles`` a catalogue
    from `load_tiles` (default: the shipped reconstruction); ``options`` an
    `Options` or a mapping of its fields.
    """
    kind = _variant(variant)
    state = _blank_state(players, kind, _catalogue(tiles), _options(options))
    if state.phase is Phase.SETUP and state.tile_pile:
        return state  # CC-BEGINNER-SETUP: chance deals the track
    if kind is Variant.BEGINNER:
        state = attrs.evolve(state, face_down=tuple(beginner_slots(state)))
    draft = Draft(state)
    begin_turn(draft, 0)  # CC-PROJ-FIRST-PLAYER
    return draft.freeze()


# ----- a position by hand -------------------------------------------------------------

SpaceSpec = Space | tuple[int, int, int]
"""A space as ``(tile, row, lane)``: course index (0 the rearmost tile), row from the
tile's entry edge, lane 0 left, 1 middle, 2 right."""
Cell = tuple[int, int]
CourseEntry = str | tuple[str, bool] | tuple[str, bool, Cell] | tuple[str, bool, Cell, int]
"""A course tile: its id, whether it is laid reversed, then only where its usual place
does not say: its grid cell (after a Mega Jump, or once rearmost tiles were lifted) and
its heading (0 north, 1 east, 2 south, 3 west; the rearmost tile's, once lifted tiles
took the start away)."""
ShortcutEntry = tuple[str, Cell, tuple[int, int]]
"""A laid shortcut tile: its id, its grid cell and the two edges its path joins, in path
order (0 north, 1 east, 2 south, 3 west; opposite edges: laid straight, adjacent: as a
corner)."""
PendingSpec = tuple[str, str] | tuple[str, str, int]
"""A decision owed: ``("ring-drop", character, rings held back)`` or
``("recovery", character)``."""


def setup_position(
    players: int = 2,
    *,
    variant: str | Variant = "standard",
    options: Options | Mapping[str, Any] | None = None,
    tiles: Catalogue | None = None,
    course: Sequence[CourseEntry] | None = None,
    new_tiles: Iterable[int] = (),
    shortcuts: Sequence[ShortcutEntry] = (),
    positions: Mapping[str, SpaceSpec | None] | None = None,
    damage: Mapping[str, int] | None = None,
    items: Mapping[str, Iterable[str]] | None = None,
    rings: Mapping[str, int] | None = None,
    power_ups: Iterable[str] = (),
    knocked_down: Iterable[str] = (),
    birds: Sequence[int] | None = None,
    board: Mapping[SpaceSpec, str] | None = None,
    face_down: Iterable[SpaceSpec] = (),
    discard: Mapping[str, int] | None = None,
    phase: str | Phase = "actions",
    active: str | None = None,
    actions_left: int = 3,
    moved_this_turn: bool = False,
    hazard_damage: Mapping[str, int] | None = None,
    laid_this_turn: Iterable[str] = (),
    shortcut_attempt: Sequence[ShortcutEntry] = (),
    draws_left: int = 0,
    drawn: Sequence[str] = (),
    motion: Sequence[Frame | Mapping[str, Any]] = (),
    pending: Sequence[PendingSpec] = (),
    winners: Sequence[int] = (),
    termination: str = "",
) -> State:
    """Any position, from readable arguments; `position_kwargs` gives them back.

    The course: ``course`` lists tile ids from the rearmost (`CourseEntry`;
    default the two starting tiles, or every tile for the Beginner game), ``new_tiles``
    the course indices whose Flicky Bird is still to be taken; tiles not in the course
    are in the tile pile. ``shortcuts`` lists the shortcut tiles laid
    (`ShortcutEntry`).

    The boards, keyed by character name (``"sonic"``...): ``positions`` (a
    `SpaceSpec`, or ``None`` off the track), ``damage``, ``items`` (``"bomb"``...),
    ``rings``, and the names holding a Power-Up (``power_ups``) or lying knocked down
    (``knocked_down``, Beginner); ``birds`` per seat.

    The tokens: ``board`` maps spaces to ``"spring"``, ``"booster"``, ``"crabmeat"`` or a
    ring stack ``"rings:N"``; ``face_down`` lists the Beginner spaces holding a face-down
    token (its kind is decided as it is revealed); ``discard`` counts the discard pile by
    item. Every other token is in the item pile.

    The turn: ``phase`` (``"drawing"``, ``"lay-tile"``...), the ``active`` character
    (default the first), ``actions_left``, ``moved_this_turn``, the hazard damage each
    character took this turn (``hazard_damage``, which Eggman's ability counts), the
    shortcut tiles laid this turn (``laid_this_turn``, which Knuckles' ability counts);
    a shortcut being laid (``shortcut_attempt``, its tiles so far in path order); a draw
    under way (``draws_left``, and ``drawn`` in the order drawn); a movement waiting
    for a tile or a reveal (``motion``, its frames written as in the state's JSON);
    decisions owed (``pending``, `PendingSpec`); a finished game's ``winners`` and
    ``termination``.

    A wrong Python type raises ``TypeError`` naming the parameter; a position the rules
    could not reach raises `InvalidStateError` naming it
    (``$.positions.sonic``), checked like a loaded state.
    """
    if not isinstance(variant, str | Variant):
        raise _type_error("variant", "a str or a Variant", variant)
    kind = _variant(variant)
    blank = _blank_state(_int(players, "players"), kind, _catalogue(tiles), _options(options))
    names = _Names(blank)
    seat_birds = _counts_list(birds, "birds") if birds is not None else list(blank.birds)
    state = attrs.evolve(
        blank,
        **_course(blank, course, new_tiles),
        characters=names.boards(positions, damage, items, rings, power_ups, knocked_down),
        birds=tuple(seat_birds),
        bird_supply=TOTAL_BIRDS - sum(seat_birds),
        board=_board(board),
        face_down=tuple(sorted(set(_spaces(face_down, "face_down")))),
        discard=_kind_counts(discard, "discard"),
        phase=_phase(phase),
        active=0 if active is None else names.index(active, "active", "$.active"),
        actions_left=_int(actions_left, "actions_left"),
        moved_this_turn=_flag(moved_this_turn, "moved_this_turn"),
        turn_hazard_damage=names.counts(hazard_damage, "hazard_damage"),
        turn_laid_shortcuts=_shortcut_tiles(blank.catalogue, laid_this_turn),
        shortcuts=_shortcuts(blank.catalogue, shortcuts, "shortcuts"),
        shortcut_attempt=_shortcuts(blank.catalogue, shortcut_attempt, "shortcut_attempt"),
        draws_left=_int(draws_left, "draws_left"),
        drawn=_kinds(drawn, "drawn"),
        motion=_motion(motion),
        pending=names.pending(pending),
        won_by=tuple(_counts_list(winners, "winners")),
        termination=_text(termination, "termination"),
    )
    state = attrs.evolve(state, pile=_pile(state))
    return _checked(state)


# ----- reading the arguments ------------------------------------------------------------


def _type_error(parameter: str, expected: str, value: object) -> TypeError:
    return TypeError(f"{parameter} must be {expected}, not {type(value).__name__}")


def _mapping(value: object, parameter: str) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _type_error(parameter, "a mapping", value)
    return value


def _listed(value: object, parameter: str) -> list[Any]:
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise _type_error(parameter, "a list", value)
    return list(value)


def _int(value: object, parameter: str) -> int:
    if type(value) is not int:
        raise _type_error(parameter, "an int", value)
    return value


def _flag(value: object, parameter: str) -> bool:
    if type(value) is not bool:
        raise _type_error(parameter, "True or False", value)
    return value


def _text(value: object, parameter: str) -> str:
    if not isinstance(value, str):
        raise _type_error(parameter, "a str", value)
    return value


def _counts_list(values: object, parameter: str) -> list[int]:
    return [_int(v, f"{parameter}[{n}]") for n, v in enumerate(_listed(values, parameter))]


def _space(value: object, parameter: str, where: str) -> Space:
    if isinstance(value, Space):
        return value
    if not isinstance(value, tuple | list) or any(type(part) is not int for part in value):
        raise _type_error(parameter, "a (tile, row, lane) tuple of ints", value)
    if len(value) != 3:
        raise InvalidStateError(f"expected (tile, row, lane), got {value!r}", where)
    return Space(*value)


def _spaces(values: object, parameter: str) -> list[Space]:
    return [
        _space(value, f"{parameter}[{n}]", f"$.{parameter}[{n}]")
        for n, value in enumerate(_listed(values, parameter))
    ]


def _kind(value: object, parameter: str, where: str) -> ItemKind:
    if isinstance(value, ItemKind):
        return value
    try:
        return ItemKind(_text(value, parameter))
    except ValueError:
        known = ", ".join(kind.value for kind in KINDS)
        raise InvalidStateError(f"unknown item {value!r} (one of {known})", where) from None


def _kinds(values: object, parameter: str) -> tuple[ItemKind, ...]:
    return tuple(
        _kind(value, f"{parameter}[{n}]", f"$.{parameter}[{n}]")
        for n, value in enumerate(_listed(values, parameter))
    )


def _kind_counts(counts: object, parameter: str) -> tuple[int, ...]:
    """Counts per item kind (``{"bomb": 2}``), in the order of the count tuples."""
    result = [0] * len(KINDS)
    for key, count in _mapping(counts, parameter).items():
        where = f"$.{parameter}.{getattr(key, 'value', key)}"
        kind = _kind(key, f"{parameter} keys", where)
        result[kind.index] = _int(count, f"{parameter}[{key!r}]")
    return tuple(result)


def _phase(value: object) -> Phase:
    if isinstance(value, Phase):
        return value
    try:
        return Phase(_text(value, "phase"))
    except ValueError:
        known = ", ".join(phase.value for phase in Phase)
        raise InvalidStateError(f"unknown phase {value!r} (one of {known})", "$.phase") from None


def _motion(frames: object) -> tuple[Frame, ...]:
    """Movement frames as the state's JSON writes them (or `Frame` values)."""
    data = [
        converter.unstructure(frame) if isinstance(frame, Frame) else frame
        for frame in _listed(frames, "motion")
    ]
    structured: tuple[Frame, ...] = structure_or_raise(
        converter, data, tuple[Frame, ...], "$.motion"
    )
    return structured


def _shortcut_tile(catalogue: Catalogue, tile_id: object, parameter: str, where: str) -> int:
    """A shortcut tile's catalogue index from its id."""
    for number, spec in enumerate(catalogue.shortcuts):
        if spec.id == _text(tile_id, parameter):
            return number
    raise InvalidStateError(f"no shortcut tile {tile_id!r}", where)


def _shortcut_tiles(catalogue: Catalogue, ids: object) -> tuple[int, ...]:
    return tuple(
        _shortcut_tile(catalogue, tile_id, f"laid_this_turn[{n}]", f"$.laid_this_turn[{n}]")
        for n, tile_id in enumerate(_listed(ids, "laid_this_turn"))
    )


def _shortcuts(catalogue: Catalogue, entries: object, parameter: str) -> tuple[PlacedShortcut, ...]:
    """Shortcut tiles laid, as `ShortcutEntry` values ``(id, (x, y), (entry, exit))``."""
    result = []
    for n, entry in enumerate(_listed(entries, parameter)):
        label, where = f"{parameter}[{n}]", f"$.{parameter}[{n}]"
        if not isinstance(entry, tuple | list) or len(entry) != 3:
            raise _type_error(label, "a (tile id, (x, y), (entry, exit)) tuple", entry)
        tile_id, cell, ends = entry
        tile = _shortcut_tile(catalogue, tile_id, label, where)
        x, y = _pair(cell, label)
        result.append(PlacedShortcut(tile, x, y, _pair(ends, label)))
    return tuple(result)


def _pair(value: object, parameter: str) -> tuple[int, int]:
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise _type_error(parameter, "a pair of ints", value)
    return (_int(value[0], parameter), _int(value[1], parameter))


class _Names:
    """The characters of a game by name, and the arguments keyed by name."""

    def __init__(self, state: State) -> None:
        self.characters = state.characters
        self.numbers = {character.name.value: n for n, character in enumerate(state.characters)}

    def index(self, name: object, parameter: str, where: str) -> int:
        key = name.value if isinstance(name, CharacterName) else _text(name, parameter)
        if key not in self.numbers:
            raise InvalidStateError(f"no character {key!r} in this game", where)
        return self.numbers[key]

    def keyed(self, values: object, parameter: str) -> list[tuple[int, str, Any]]:
        """``(character number, parameter[name], value)`` for a mapping keyed by name."""
        result = []
        for name, value in _mapping(values, parameter).items():
            number = self.index(name, f"{parameter} keys", f"$.{parameter}.{name}")
            result.append((number, f"{parameter}[{name!r}]", value))
        return result

    def listed(self, values: object, parameter: str) -> list[int]:
        return [
            self.index(name, f"{parameter}[{n}]", f"$.{parameter}[{n}]")
            for n, name in enumerate(_listed(values, parameter))
        ]

    def counts(self, values: object, parameter: str) -> tuple[int, ...]:
        result = [0] * len(self.characters)
        for number, label, value in self.keyed(values, parameter):
            result[number] = _int(value, label)
        return tuple(result)

    def boards(
        self,
        positions: object,
        damage: object,
        items: object,
        rings: object,
        power_ups: object,
        knocked_down: object,
    ) -> tuple[Character, ...]:
        """Every character board: position, damage, items, Rings, Power-Up, lying down."""
        boards = [attrs.asdict(character, recurse=False) for character in self.characters]
        for number, label, value in self.keyed(positions, "positions"):
            where = f"$.positions.{self.characters[number].name.value}"
            boards[number]["position"] = None if value is None else _space(value, label, where)
        for number, label, value in self.keyed(items, "items"):
            kinds = (
                _kind(k, label, f"$.items.{self.characters[number].name.value}")
                for k in _listed(value, label)
            )
            boards[number]["items"] = tuple(sorted(kinds, key=lambda kind: kind.index))
        for field, values in (("damage", damage), ("rings", rings)):
            for number, value in enumerate(self.counts(values, field)):
                boards[number][field] = value
        for number in self.listed(power_ups, "power_ups"):
            boards[number]["power_up"] = True
        for number in self.listed(knocked_down, "knocked_down"):
            boards[number]["knocked_down"] = True
        return tuple(Character(**board) for board in boards)

    def pending(self, entries: object) -> tuple[Pending, ...]:
        """Owed decisions: ``(kind, character)`` or ``(kind, character, rings)``."""
        result = []
        for n, entry in enumerate(_listed(entries, "pending")):
            label, where = f"pending[{n}]", f"$.pending[{n}]"
            if not isinstance(entry, tuple | list):
                raise _type_error(label, "a (kind, character[, rings]) tuple", entry)
            if len(entry) not in (2, 3):
                raise InvalidStateError("expected (kind, character[, rings])", where)
            try:
                kind = PendingKind(_text(entry[0], label))
            except ValueError:
                raise InvalidStateError(f"unknown decision {entry[0]!r}", where) from None
            number = self.index(entry[1], label, where)
            rings = _int(entry[2], label) if len(entry) == 3 else 0
            result.append(Pending(kind, number, rings))
        return tuple(result)


# ----- building the state ---------------------------------------------------------------


def _usual_place(
    catalogue: Catalogue, laid: Sequence[PlacedTile], tile: int, reversed_: bool
) -> PlacedTile:
    """Where a tile goes when nothing else is said: next on the course (``next_tile``)."""
    return next_tile(catalogue, laid, (), tile, reversed_, True)[0]


def _course(state: State, course: object, new_tiles: object) -> dict[str, Any]:
    """The course and the tile pile (every track tile not in the course)."""
    catalogue = state.catalogue
    if course is None:
        # The blank game's course: the starting tiles, or the Beginner track as given;
        # a Beginner track dealt by chance defaults to the catalogue order, start first.
        line, star = catalogue.start_tiles()
        rest = [n for n in range(len(catalogue.tiles)) if n not in (line, star)]
        given = [(placed.tile, placed.reversed) for placed in state.course]
        order = given or [(n, False) for n in (line, star, *rest)]
        course = [(catalogue.tiles[tile].id, flip) for tile, flip in order]
    fresh = set(_counts_list(new_tiles, "new_tiles"))
    laid: list[PlacedTile] = []
    for number, entry in enumerate(_listed(course, "course")):
        tile_id, flip, cell, heading = _course_entry(entry, f"course[{number}]")
        try:
            tile = catalogue.index(tile_id)
        except BoardError as error:
            raise InvalidStateError(error.message, f"$.course[{number}]") from None
        placed = _usual_place(catalogue, laid, tile, flip)
        x, y = cell or (placed.x, placed.y)
        laid.append(
            attrs.evolve(
                placed,
                x=x,
                y=y,
                heading=placed.heading if heading is None else heading,
                bird_taken=number not in fresh,
            )
        )
    for index in sorted(fresh):
        if not 0 <= index < len(laid):
            raise InvalidStateError(f"no course tile {index}", "$.new_tiles")
    in_course = {placed.tile for placed in laid}
    pile = tuple(n for n in range(len(catalogue.tiles)) if n not in in_course)
    return {"course": tuple(laid), "tile_pile": pile}


def _course_entry(entry: object, parameter: str) -> tuple[str, bool, Cell | None, int | None]:
    """``id``, ``(id, reversed)``, ``(id, reversed, (x, y))`` or ``(..., heading)``."""
    if isinstance(entry, str):
        return entry, False, None, None
    if not isinstance(entry, tuple | list) or not 2 <= len(entry) <= 4:
        raise _type_error(parameter, "a tile id or (id, reversed[, (x, y)[, heading]])", entry)
    tile_id = _text(entry[0], parameter)
    flip = _flag(entry[1], parameter)
    cell: Cell | None = None
    if len(entry) > 2:
        cell = _pair(entry[2], parameter)
    heading = _int(entry[3], parameter) if len(entry) == 4 else None
    return tile_id, flip, cell, heading


def _board(board: object) -> tuple[BoardItem, ...]:
    """Face-up items on the course: ``"spring"``, ``"booster"``, ``"crabmeat"``, ``"rings:N"``."""
    placed = []
    for key, text in _mapping(board, "board").items():
        label = f"board[{key!r}]"
        where = f"$.board[{tuple(key) if isinstance(key, list) else key!r}]"
        space = _space(key, "board keys", where)
        name, _, count_text = _text(text, label).partition(":")
        kind = _kind("ring" if name == "rings" else name, label, where)
        if count_text and not count_text.isdigit():
            raise InvalidStateError(f"a ring stack is written rings:N, not {text!r}", where)
        placed.append(BoardItem(space, kind, int(count_text) if count_text else 1))
    return tuple(sorted(placed))


def _pile(state: State) -> tuple[int, ...]:
    """The item pile: every token not out of the box and not anywhere else."""
    elsewhere = attrs.evolve(state, pile=(0,) * len(KINDS))
    pile = []
    for kind in KINDS:
        left = TOKEN_COUNTS[kind] - elsewhere.token_count(kind)
        if left < 0:
            raise InvalidStateError(
                f"{TOKEN_COUNTS[kind] - left} {kind.value} tokens placed, "
                f"the game has {TOKEN_COUNTS[kind] - state.box[kind.index]}",
                "$.pile",
            )
        pile.append(left)
    return tuple(pile)


# The state's fields under the names of setup_position's keywords.
_KEYWORDS = {
    "turn_hazard_damage": "hazard_damage",
    "turn_laid_shortcuts": "laid_this_turn",
    "won_by": "winners",
    "tile_pile": "course",
    "bird_supply": "birds",
}
"""State fields written under another keyword (a path's first step)."""
_BOARD_KEYWORDS = {
    "position": "positions",
    "damage": "damage",
    "items": "items",
    "rings": "rings",
    "power_up": "power_ups",
    "knocked_down": "knocked_down",
}
_CHARACTER_PATH = re.compile(r"\$\.characters\[(\d+)\]\.(\w+)")
_SPACE_PATH = re.compile(r"\$\.(board|face_down)\[(\d+)\]")
_FIELD_PATH = re.compile(r"\$\.(\w+)")


def _keyword_path(state: State, path: str) -> str:
    """A path into the state as a path into ``setup_position``'s keywords."""
    if path == "$.characters":
        return "$.damage"  # more damage on the boards than the 12 tokens
    if match := _CHARACTER_PATH.match(path):
        keyword = _BOARD_KEYWORDS.get(match[2])
        name = state.characters[int(match[1])].name.value
        return path if keyword is None else f"$.{keyword}.{name}"
    if match := _SPACE_PATH.match(path):
        field = match[1]
        space = (
            state.board[int(match[2])].space if field == "board" else state.face_down[int(match[2])]
        )
        return f"$.{field}[{(space.tile, space.row, space.lane)}]"
    if (match := _FIELD_PATH.match(path)) and match[1] in _KEYWORDS:
        return f"$.{_KEYWORDS[match[1]]}{path[match.end() :]}"
    return path


def _checked(state: State) -> State:
    """``validate_state``, its errors naming the keyword at fault."""
    try:
        validate_state(state)
    except InvalidStateError as error:
        raise InvalidStateError(error.message, _keyword_path(state, error.path)) from None
    return state


# ----- and back -------------------------------------------------------------------------


def position_kwargs(state: State) -> dict[str, Any]:
    """The keyword arguments of `setup_position` that build ``state`` again.

    ``setup_position(**position_kwargs(state)) == state`` for any state, reached in play,
    loaded or set up: a table or a frontend resumes a game from it. Written in the
    game's words (tile and item ids, character names, phase names); a keyword at its
    default is left out, except ``players``, ``variant``, ``course``, ``phase`` and
    ``active``.
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Crash Course State, got {type(state).__name__}")
    kwargs: dict[str, Any] = {"players": state.players, "variant": state.variant.value}
    default = converter.unstructure(Options())
    options = {
        key: value
        for key, value in converter.unstructure(state.options).items()
        if value != default[key]
    }
    if options:
        kwargs["options"] = options
    if state.catalogue != default_catalogue():
        kwargs["tiles"] = state.catalogue
    kwargs["course"] = _course_entries(state)
    kwargs.update(_board_kwargs(state))
    kwargs.update(_turn_kwargs(state))
    return {
        key: value
        for key, value in kwargs.items()
        if key in _ALWAYS or value not in (None, {}, [], (), _DEFAULTS[key])
    }


def _course_entries(state: State) -> list[CourseEntry]:
    entries: list[CourseEntry] = []
    for index, placed in enumerate(state.course):
        tile_id = state.catalogue.tiles[placed.tile].id
        usual = _usual_place(state.catalogue, state.course[:index], placed.tile, placed.reversed)
        cell = (placed.x, placed.y)
        if placed.heading != usual.heading:
            entries.append((tile_id, placed.reversed, cell, placed.heading))
        elif cell != (usual.x, usual.y):
            entries.append((tile_id, placed.reversed, cell))
        else:
            entries.append((tile_id, placed.reversed))
    return entries


def _shortcut_entries(state: State, laid: Sequence[PlacedShortcut]) -> list[ShortcutEntry]:
    ids = [spec.id for spec in state.catalogue.shortcuts]
    return [(ids[s.tile], (s.x, s.y), s.ends) for s in laid]


def _where(space: Space) -> tuple[int, int, int]:
    return (space.tile, space.row, space.lane)


def _board_kwargs(state: State) -> dict[str, Any]:
    characters = state.characters

    def by_name(value: Callable[[Character], Any]) -> dict[str, Any]:
        return {c.name.value: value(c) for c in characters if value(c)}

    return {
        "new_tiles": [n for n, placed in enumerate(state.course) if not placed.bird_taken],
        "shortcuts": _shortcut_entries(state, state.shortcuts),
        "positions": by_name(lambda c: c.position and _where(c.position)),
        "damage": by_name(lambda c: c.damage),
        "items": by_name(lambda c: [kind.value for kind in c.items]),
        "rings": by_name(lambda c: c.rings),
        "power_ups": [c.name.value for c in characters if c.power_up],
        "knocked_down": [c.name.value for c in characters if c.knocked_down],
        "birds": list(state.birds) if any(state.birds) else None,
        "board": {
            _where(item.space): f"rings:{item.count}"
            if item.kind is ItemKind.RING
            else item.kind.value
            for item in state.board
        },
        "face_down": [_where(space) for space in state.face_down],
        "discard": {
            kind.value: state.discard[kind.index] for kind in KINDS if state.discard[kind.index]
        },
    }


def _turn_kwargs(state: State) -> dict[str, Any]:
    names = [character.name.value for character in state.characters]
    shortcut_ids = [spec.id for spec in state.catalogue.shortcuts]
    return {
        "phase": state.phase.value,
        "active": names[state.active],
        "actions_left": state.actions_left,
        "moved_this_turn": state.moved_this_turn,
        "hazard_damage": {
            names[n]: count for n, count in enumerate(state.turn_hazard_damage) if count
        },
        "laid_this_turn": [shortcut_ids[tile] for tile in state.turn_laid_shortcuts],
        "shortcut_attempt": _shortcut_entries(state, state.shortcut_attempt),
        "draws_left": state.draws_left,
        "drawn": [kind.value for kind in state.drawn],
        "motion": [converter.unstructure(frame) for frame in state.motion],
        "pending": [
            (owed.kind.value, names[owed.character], owed.rings)
            if owed.kind is PendingKind.RING_DROP
            else (owed.kind.value, names[owed.character])
            for owed in state.pending
        ],
        "winners": list(state.won_by),
        "termination": state.termination,
    }


_ALWAYS = ("players", "variant", "course", "phase", "active")
_DEFAULTS = {
    name: parameter.default
    for name, parameter in inspect.signature(setup_position).parameters.items()
}
