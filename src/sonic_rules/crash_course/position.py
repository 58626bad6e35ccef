"""A position description: the keywords of `setup_position`, read and written.

The course: ``course`` lists tile ids from the rearmost (`CourseEntry`; default the two
starting tiles, or every tile for the Beginner game), ``new_tiles`` the course indices
whose Flicky Bird is still to be taken; tiles not in the course are in the tile pile.
``shortcuts`` lists the shortcut tiles laid (`ShortcutEntry`).

The boards, keyed by character name (``"sonic"``...): ``positions`` (a `SpaceSpec`, or
``None`` off the track), ``damage``, ``items`` (``"bomb"``...), ``rings``, and the names
holding a Power-Up (``power_ups``) or lying knocked down (``knocked_down``, Beginner);
``birds`` per seat.

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

The readers below turn each keyword into state fields, raising ``TypeError`` for a
wrong Python type; `written_position` writes a state back as keywords (and
`setup.position_kwargs` leaves out those at their defaults).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from sonic_rules.core.errors import BoardError, InvalidStateError
from sonic_rules.core.serialization import structure_or_raise
from sonic_rules.crash_course.serialize import converter
from sonic_rules.crash_course.state import (
    KINDS,
    TOTAL_BIRDS,
    BoardItem,
    Character,
    Frame,
    ItemKind,
    Options,
    Pending,
    PendingKind,
    Phase,
    Piece,
    PlacedShortcut,
    PlacedTile,
    Space,
    State,
)
from sonic_rules.crash_course.tiles import Catalogue, default_catalogue
from sonic_rules.crash_course.track import next_tile

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

# ----- reading the arguments ------------------------------------------------------------


def type_error(parameter: str, expected: str, value: object) -> TypeError:
    """The error for a keyword of a wrong Python type, naming it."""
    return TypeError(f"{parameter} must be {expected}, not {type(value).__name__}")


def _mapping(value: object, parameter: str) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise type_error(parameter, "a mapping", value)
    return value


def _listed(value: object, parameter: str) -> list[Any]:
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise type_error(parameter, "a list", value)
    return list(value)


def read_int(value: object, parameter: str) -> int:
    """An ``int`` keyword (``True`` is not one)."""
    if type(value) is not int:
        raise type_error(parameter, "an int", value)
    return value


def _flag(value: object, parameter: str) -> bool:
    if type(value) is not bool:
        raise type_error(parameter, "True or False", value)
    return value


def _text(value: object, parameter: str) -> str:
    if not isinstance(value, str):
        raise type_error(parameter, "a str", value)
    return value


def _counts_list(values: object, parameter: str) -> list[int]:
    return [read_int(v, f"{parameter}[{n}]") for n, v in enumerate(_listed(values, parameter))]


def _space(value: object, parameter: str, where: str) -> Space:
    # A hand-built Space is checked too: Space(0.0, 0, 0) is not a space of the course.
    parts = (value.tile, value.row, value.lane) if isinstance(value, Space) else value
    if not isinstance(parts, tuple | list) or any(type(part) is not int for part in parts):
        raise type_error(parameter, "a (tile, row, lane) tuple of ints", value)
    if len(parts) != 3:
        raise InvalidStateError(f"expected (tile, row, lane), got {value!r}", where)
    return Space(*parts)


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
        result[kind.index] = read_int(count, f"{parameter}[{key!r}]")
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
            raise type_error(label, "a (tile id, (x, y), (entry, exit)) tuple", entry)
        tile_id, cell, ends = entry
        tile = _shortcut_tile(catalogue, tile_id, label, where)
        x, y = _pair(cell, label)
        result.append(PlacedShortcut(tile, x, y, _pair(ends, label)))
    return tuple(result)


def _pair(value: object, parameter: str) -> tuple[int, int]:
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise type_error(parameter, "a pair of ints", value)
    return (read_int(value[0], parameter), read_int(value[1], parameter))


class Names:
    """The characters of a game by name, and the arguments keyed by name."""

    def __init__(self, state: State) -> None:
        self.characters = state.characters
        self.numbers = {character.name.value: n for n, character in enumerate(state.characters)}

    def index(self, name: object, parameter: str, where: str) -> int:
        key = name.value if isinstance(name, Character) else _text(name, parameter)
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
            result[number] = read_int(value, label)
        return tuple(result)

    def boards(
        self,
        positions: object,
        damage: object,
        items: object,
        rings: object,
        power_ups: object,
        knocked_down: object,
    ) -> tuple[Piece, ...]:
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
        return tuple(Piece(**board) for board in boards)

    def pending(self, entries: object) -> tuple[Pending, ...]:
        """Owed decisions: ``(kind, character)`` or ``(kind, character, rings)``."""
        result = []
        for n, entry in enumerate(_listed(entries, "pending")):
            label, where = f"pending[{n}]", f"$.pending[{n}]"
            if not isinstance(entry, tuple | list):
                raise type_error(label, "a (kind, character[, rings]) tuple", entry)
            if len(entry) not in (2, 3):
                raise InvalidStateError("expected (kind, character[, rings])", where)
            try:
                kind = PendingKind(_text(entry[0], label))
            except ValueError:
                raise InvalidStateError(f"unknown decision {entry[0]!r}", where) from None
            number = self.index(entry[1], label, where)
            rings = read_int(entry[2], label) if len(entry) == 3 else 0
            result.append(Pending(kind, number, rings))
        return tuple(result)


# ----- the keywords, by group -----------------------------------------------------------


def _usual_place(
    catalogue: Catalogue, laid: Sequence[PlacedTile], tile: int, reversed_: bool
) -> PlacedTile:
    """Where a tile goes when nothing else is said: next on the course (``next_tile``)."""
    return next_tile(catalogue, laid, (), tile, reversed_, True)[0]


def read_course(state: State, course: object, new_tiles: object) -> dict[str, Any]:
    """``course`` and ``new_tiles``: the course and the tile pile (every track tile not in
    the course)."""
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
        raise type_error(parameter, "a tile id or (id, reversed[, (x, y)[, heading]])", entry)
    tile_id = _text(entry[0], parameter)
    flip = _flag(entry[1], parameter)
    cell: Cell | None = None
    if len(entry) > 2:
        cell = _pair(entry[2], parameter)
    heading = read_int(entry[3], parameter) if len(entry) == 4 else None
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
        written = count_text.isascii() and count_text.isdigit() and len(count_text) <= 3
        if count_text and not written:  # a few ASCII digits: never "²", never 5,000 digits
            raise InvalidStateError(f"a ring stack is written rings:N, not {text!r}", where)
        placed.append(BoardItem(space, kind, int(count_text) if count_text else 1))
    return tuple(sorted(placed))


def read_birds(state: State, birds: object) -> dict[str, Any]:
    """``birds`` per seat, and the supply that is left."""
    seat_birds = _counts_list(birds, "birds") if birds is not None else list(state.birds)
    return {"birds": tuple(seat_birds), "bird_supply": TOTAL_BIRDS - sum(seat_birds)}


def read_tokens(board: object, face_down: object, discard: object) -> dict[str, Any]:
    """The tokens out of the pile: on the course, face down, in the discard pile."""
    return {
        "board": _board(board),
        "face_down": tuple(sorted(set(_spaces(face_down, "face_down")))),
        "discard": _kind_counts(discard, "discard"),
    }


def read_turn(
    names: Names,
    phase: object,
    active: object,
    actions_left: object,
    moved_this_turn: object,
    hazard_damage: object,
) -> dict[str, Any]:
    """The turn: its phase, whose it is, what was done so far."""
    return {
        "phase": _phase(phase),
        "active": 0 if active is None else names.index(active, "active", "$.active"),
        "actions_left": read_int(actions_left, "actions_left"),
        "moved_this_turn": _flag(moved_this_turn, "moved_this_turn"),
        "turn_hazard_damage": names.counts(hazard_damage, "hazard_damage"),
    }


def read_shortcuts(
    catalogue: Catalogue, laid_this_turn: object, shortcuts: object, shortcut_attempt: object
) -> dict[str, Any]:
    """The shortcut tiles: laid this turn, laid, and being laid."""
    return {
        "turn_laid_shortcuts": _shortcut_tiles(catalogue, laid_this_turn),
        "shortcuts": _shortcuts(catalogue, shortcuts, "shortcuts"),
        "shortcut_attempt": _shortcuts(catalogue, shortcut_attempt, "shortcut_attempt"),
    }


def read_under_way(draws_left: object, drawn: object, motion: object) -> dict[str, Any]:
    """A draw or a movement under way."""
    return {
        "draws_left": read_int(draws_left, "draws_left"),
        "drawn": _kinds(drawn, "drawn"),
        "motion": _motion(motion),
    }


def read_result(
    winners: object, termination: object, turns_played: object, decisions_made: object
) -> dict[str, Any]:
    """A finished game's winners and termination; the turns and decisions so far."""
    return {
        "won_by": tuple(_counts_list(winners, "winners")),
        "termination": _text(termination, "termination"),
        "turns_played": read_int(turns_played, "turns_played"),
        "decisions_made": read_int(decisions_made, "decisions_made"),
    }


# ----- and back -------------------------------------------------------------------------


def written_position(state: State) -> dict[str, Any]:
    """Every keyword of `setup_position` that builds ``state`` again, defaults included
    (`setup.position_kwargs` leaves those out)."""
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
    return kwargs


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

    def by_name(value: Callable[[Piece], Any]) -> dict[str, Any]:
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
        "turns_played": state.turns_played,
        "decisions_made": state.decisions_made,
    }
