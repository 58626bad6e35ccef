"""Crash Course's own fast paths between a `State` and its JSON fields.

``to_json`` and ``from_json`` (`serialize`) are the reference: cattrs with strict
hooks, whose errors name the JSON path. A state's fields are read and written here
by hand instead, for speed, giving exactly what the converter gives:

- `unstructure_state` builds the same dict the converter builds (same keys, same
  order, same values), so ``json.dumps`` writes the same text byte for byte;
- `structure_state` builds the same `State` from well-formed fields, and returns
  ``None`` for anything else (an unknown or missing key, a value of the wrong type, an
  enum value that does not exist): the converter then reads the fields again and
  refuses them with its own message and path.

Neither checks the rules: `validate_state` still runs on every loaded state.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from sonic_rules.crash_course.options import CharacterName, Options, Variant
from sonic_rules.crash_course.state import (
    BoardItem,
    Character,
    Frame,
    FrameKind,
    How,
    ItemKind,
    Pending,
    PendingKind,
    Phase,
    PlacedShortcut,
    PlacedTile,
    Space,
    State,
)
from sonic_rules.crash_course.tiles import Catalogue

E = TypeVar("E", bound=enum.Enum)


def _names(cls: type) -> frozenset[str]:
    return frozenset(field.name for field in attrs.fields(cls))


_STATE_KEYS = _names(State)
_OPTIONS_KEYS = _names(Options)
_CHARACTER_KEYS = _names(Character)
_SPACE_KEYS = _names(Space)
_PLACED_KEYS = _names(PlacedTile)
_SHORTCUT_KEYS = _names(PlacedShortcut)
_ITEM_KEYS = _names(BoardItem)
_FRAME_KEYS = _names(Frame)
_PENDING_KEYS = _names(Pending)


def _members(cls: type[E]) -> dict[Any, E]:
    return {member.value: member for member in cls}


_VARIANTS = _members(Variant)
_NAMES = _members(CharacterName)
_KINDS = _members(ItemKind)
_PHASES = _members(Phase)
_FRAME_KINDS = _members(FrameKind)
_HOWS = _members(How)
_PENDING_KINDS = _members(PendingKind)


class _Malformed(Exception):
    """The fields are not exactly as `to_json` writes them: the converter reads them."""


def _int(value: Any) -> int:
    if type(value) is not int:
        raise _Malformed
    return value


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise _Malformed
    return value


def _str(value: Any) -> str:
    if type(value) is not str:
        raise _Malformed
    return value


def _optional_int(value: Any) -> int | None:
    return None if value is None else _int(value)


def _enum(members: dict[Any, E], value: Any) -> E:
    if type(value) is not str:
        raise _Malformed
    member = members.get(value)
    if member is None:
        raise _Malformed
    return member


def _list(value: Any) -> list[Any]:
    if type(value) is not list:
        raise _Malformed
    return value


def _record(value: Any, keys: frozenset[str]) -> dict[str, Any]:
    if type(value) is not dict or value.keys() != keys:
        raise _Malformed
    return value


def _ints(value: Any) -> tuple[int, ...]:
    values = tuple(_list(value))
    for item in values:
        if type(item) is not int:
            raise _Malformed
    return values


def _each(value: Any, read: Callable[[Any], Any]) -> tuple[Any, ...]:
    return tuple(read(item) for item in _list(value))


def _space(value: Any) -> Space:
    data = _record(value, _SPACE_KEYS)
    tile, row, lane = data["tile"], data["row"], data["lane"]
    if type(tile) is not int or type(row) is not int or type(lane) is not int:
        raise _Malformed
    return Space(tile, row, lane)


def _optional_space(value: Any) -> Space | None:
    return None if value is None else _space(value)


def _options(value: Any) -> Options:
    data = _record(value, _OPTIONS_KEYS)
    course = []
    for entry in _list(data["beginner_course"]):
        if type(entry) is not list or len(entry) != 2:
            raise _Malformed
        course.append((_str(entry[0]), _bool(entry[1])))
    return Options(
        _bool(data["official_draw"]),
        _bool(data["set_back"]),
        _bool(data["damage_bars_only_moves"]),
        _bool(data["literal_secondary_win"]),
        _bool(data["open_items"]),
        _optional_int(data["turn_limit"]),
        _optional_int(data["decision_limit"]),
        tuple(_enum(_NAMES, name) for name in _list(data["characters"])),
        tuple(course),
    )


def _character(value: Any) -> Character:
    data = _record(value, _CHARACTER_KEYS)
    return Character(
        _enum(_NAMES, data["name"]),
        _int(data["owner"]),
        _optional_space(data["position"]),
        _int(data["damage"]),
        tuple(_enum(_KINDS, kind) for kind in _list(data["items"])),
        _int(data["rings"]),
        _bool(data["power_up"]),
        _bool(data["knocked_down"]),
    )


def _placed(value: Any) -> PlacedTile:
    data = _record(value, _PLACED_KEYS)
    return PlacedTile(
        _int(data["tile"]),
        _int(data["x"]),
        _int(data["y"]),
        _int(data["heading"]),
        _bool(data["reversed"]),
        _bool(data["bird_taken"]),
    )


def _shortcut(value: Any) -> PlacedShortcut:
    data = _record(value, _SHORTCUT_KEYS)
    ends = _list(data["ends"])
    if len(ends) != 2:
        raise _Malformed
    return PlacedShortcut(
        _int(data["tile"]), _int(data["x"]), _int(data["y"]), (_int(ends[0]), _int(ends[1]))
    )


def _item(value: Any) -> BoardItem:
    data = _record(value, _ITEM_KEYS)
    return BoardItem(_space(data["space"]), _enum(_KINDS, data["kind"]), _int(data["count"]))


def _frame(value: Any) -> Frame:
    data = _record(value, _FRAME_KEYS)
    return Frame(
        _enum(_FRAME_KINDS, data["kind"]),
        _int(data["character"]),
        _enum(_HOWS, data["how"]),
        _optional_space(data["space"]),
        _int(data["remaining"]),
        _int(data["lane"]),
        _int(data["skipped"]),
        _bool(data["by_move"]),
    )


def _pending(value: Any) -> Pending:
    data = _record(value, _PENDING_KEYS)
    return Pending(
        _enum(_PENDING_KINDS, data["kind"]), _int(data["character"]), _int(data["rings"])
    )


def structure_state(data: dict[str, Any], catalogue: Catalogue) -> State | None:
    """The `State` the converter would build from ``data`` (its catalogue already read),
    or ``None`` when ``data`` is not exactly as `to_json` writes it."""
    if data.keys() != _STATE_KEYS:
        return None
    try:
        return State(
            variant=_enum(_VARIANTS, data["variant"]),
            players=_int(data["players"]),
            options=_options(data["options"]),
            catalogue=catalogue,
            characters=_each(data["characters"], _character),
            birds=_ints(data["birds"]),
            bird_supply=_int(data["bird_supply"]),
            pile=_ints(data["pile"]),
            discard=_ints(data["discard"]),
            box=_ints(data["box"]),
            course=_each(data["course"], _placed),
            tile_pile=_ints(data["tile_pile"]),
            shortcuts=_each(data["shortcuts"], _shortcut),
            board=_each(data["board"], _item),
            face_down=_each(data["face_down"], _space),
            phase=_enum(_PHASES, data["phase"]),
            active=_int(data["active"]),
            actions_left=_int(data["actions_left"]),
            moved_this_turn=_bool(data["moved_this_turn"]),
            draws_left=_int(data["draws_left"]),
            drawn=tuple(_enum(_KINDS, kind) for kind in _list(data["drawn"])),
            motion=_each(data["motion"], _frame),
            pending=_each(data["pending"], _pending),
            turn_hazard_damage=_ints(data["turn_hazard_damage"]),
            turn_laid_shortcuts=_ints(data["turn_laid_shortcuts"]),
            won_by=_ints(data["won_by"]),
            termination=_str(data["termination"]),
            shortcut_attempt=_each(data["shortcut_attempt"], _shortcut),
            turns_played=_int(data["turns_played"]),
            decisions_made=_int(data["decisions_made"]),
        )
    except _Malformed:
        return None


# ----- writing --------------------------------------------------------------------------


def _space_data(space: Space | None) -> dict[str, int] | None:
    if space is None:
        return None
    return {"tile": space.tile, "row": space.row, "lane": space.lane}


def _options_data(options: Options) -> dict[str, Any]:
    return {
        "official_draw": options.official_draw,
        "set_back": options.set_back,
        "damage_bars_only_moves": options.damage_bars_only_moves,
        "literal_secondary_win": options.literal_secondary_win,
        "open_items": options.open_items,
        "turn_limit": options.turn_limit,
        "decision_limit": options.decision_limit,
        "characters": [name.value for name in options.characters],
        "beginner_course": [list(entry) for entry in options.beginner_course],
    }


def _character_data(character: Character) -> dict[str, Any]:
    position = character.position
    return {
        "name": character.name.value,
        "owner": character.owner,
        "position": None
        if position is None
        else {"tile": position.tile, "row": position.row, "lane": position.lane},
        "damage": character.damage,
        "items": [kind.value for kind in character.items],
        "rings": character.rings,
        "power_up": character.power_up,
        "knocked_down": character.knocked_down,
    }


def _placed_data(placed: PlacedTile) -> dict[str, Any]:
    return {
        "tile": placed.tile,
        "x": placed.x,
        "y": placed.y,
        "heading": placed.heading,
        "reversed": placed.reversed,
        "bird_taken": placed.bird_taken,
    }


def _shortcut_data(shortcut: PlacedShortcut) -> dict[str, Any]:
    return {"tile": shortcut.tile, "x": shortcut.x, "y": shortcut.y, "ends": list(shortcut.ends)}


def _item_data(item: BoardItem) -> dict[str, Any]:
    space = item.space
    return {
        "space": {"tile": space.tile, "row": space.row, "lane": space.lane},
        "kind": item.kind.value,
        "count": item.count,
    }


def _frame_data(frame: Frame) -> dict[str, Any]:
    return {
        "kind": frame.kind.value,
        "character": frame.character,
        "how": frame.how.value,
        "space": _space_data(frame.space),
        "remaining": frame.remaining,
        "lane": frame.lane,
        "skipped": frame.skipped,
        "by_move": frame.by_move,
    }


def _pending_data(owed: Pending) -> dict[str, Any]:
    return {"kind": owed.kind.value, "character": owed.character, "rings": owed.rings}


def unstructure_state(state: State, catalogue: Any) -> dict[str, Any]:
    """The fields of ``state`` as the converter writes them, ``catalogue`` already
    written."""
    return {
        "variant": state.variant.value,
        "players": state.players,
        "options": _options_data(state.options),
        "catalogue": catalogue,
        "characters": [_character_data(character) for character in state.characters],
        "birds": list(state.birds),
        "bird_supply": state.bird_supply,
        "pile": list(state.pile),
        "discard": list(state.discard),
        "box": list(state.box),
        "course": [_placed_data(placed) for placed in state.course],
        "tile_pile": list(state.tile_pile),
        "shortcuts": [_shortcut_data(shortcut) for shortcut in state.shortcuts],
        "board": [_item_data(item) for item in state.board],
        "face_down": [_space_data(space) for space in state.face_down],
        "phase": state.phase.value,
        "active": state.active,
        "actions_left": state.actions_left,
        "moved_this_turn": state.moved_this_turn,
        "draws_left": state.draws_left,
        "drawn": [kind.value for kind in state.drawn],
        "motion": [_frame_data(frame) for frame in state.motion],
        "pending": [_pending_data(owed) for owed in state.pending],
        "turn_hazard_damage": list(state.turn_hazard_damage),
        "turn_laid_shortcuts": list(state.turn_laid_shortcuts),
        "won_by": list(state.won_by),
        "termination": state.termination,
        "shortcut_attempt": [_shortcut_data(shortcut) for shortcut in state.shortcut_attempt],
        "turns_played": state.turns_played,
        "decisions_made": state.decisions_made,
    }
