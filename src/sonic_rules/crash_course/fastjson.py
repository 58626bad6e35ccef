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
import json
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from sonic_rules.core.interning import IdentityMemo
from sonic_rules.core.serialization import MAX_JSON_CHARS, MAX_JSON_DEPTH, MAX_NUMBER_DIGITS
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
from sonic_rules.crash_course.validate import character_has_shape, has_shape

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
    member = members.get(value) if type(value) is str else None
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


_INT_ONLY = frozenset((int,))


def _ints(value: Any) -> tuple[int, ...]:
    if type(value) is not list or not {*map(type, value)} <= _INT_ONLY:
        raise _Malformed
    return tuple(value)


def _each(value: Any, read: Callable[[Any], Any]) -> tuple[Any, ...]:
    if type(value) is not list:
        raise _Malformed
    return tuple([read(item) for item in value])


_SPACES: dict[tuple[int, int, int], Space] = {}
"""Spaces read so far, by their fields (a space is a frozen value: one object serves)."""
_MAX_SPACES = 4096


def _space(value: Any) -> Space:
    if type(value) is not dict or value.keys() != _SPACE_KEYS:
        raise _Malformed
    key = (value["tile"], value["row"], value["lane"])
    if not {*map(type, key)} <= _INT_ONLY:
        raise _Malformed
    space = _SPACES.get(key)
    if space is None:
        if len(_SPACES) >= _MAX_SPACES:
            _SPACES.clear()
        space = _SPACES[key] = Space(*key)
    return space


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
    if type(value) is not dict or value.keys() != _CHARACTER_KEYS:
        raise _Malformed
    owner, damage, rings = value["owner"], value["damage"], value["rings"]
    power_up, knocked_down, items = value["power_up"], value["knocked_down"], value["items"]
    position = value["position"]
    if (
        type(owner) is not int
        or type(damage) is not int
        or type(rings) is not int
        or type(power_up) is not bool
        or type(knocked_down) is not bool
        or type(items) is not list
    ):
        raise _Malformed
    return Character(
        _enum(_NAMES, value["name"]),
        owner,
        None if position is None else _space(position),
        damage,
        tuple([_enum(_KINDS, kind) for kind in items]),
        rings,
        power_up,
        knocked_down,
    )


def _placed(value: Any) -> PlacedTile:
    if type(value) is not dict or value.keys() != _PLACED_KEYS:
        raise _Malformed
    tile, x, y, heading = value["tile"], value["x"], value["y"], value["heading"]
    reversed_, bird_taken = value["reversed"], value["bird_taken"]
    if (
        type(tile) is not int
        or type(x) is not int
        or type(y) is not int
        or type(heading) is not int
        or type(reversed_) is not bool
        or type(bird_taken) is not bool
    ):
        raise _Malformed
    return PlacedTile(tile, x, y, heading, reversed_, bird_taken)


def _shortcut(value: Any) -> PlacedShortcut:
    data = _record(value, _SHORTCUT_KEYS)
    ends = _list(data["ends"])
    if len(ends) != 2:
        raise _Malformed
    return PlacedShortcut(
        _int(data["tile"]), _int(data["x"]), _int(data["y"]), (_int(ends[0]), _int(ends[1]))
    )


def _item(value: Any) -> BoardItem:
    if type(value) is not dict or value.keys() != _ITEM_KEYS:
        raise _Malformed
    count = value["count"]
    if type(count) is not int:
        raise _Malformed
    return BoardItem(_space(value["space"]), _enum(_KINDS, value["kind"]), count)


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
            _enum(_VARIANTS, data["variant"]),
            _int(data["players"]),
            _options(data["options"]),
            catalogue,
            _each(data["characters"], _character),
            _ints(data["birds"]),
            _int(data["bird_supply"]),
            _ints(data["pile"]),
            _ints(data["discard"]),
            _ints(data["box"]),
            _each(data["course"], _placed),
            _ints(data["tile_pile"]),
            _each(data["shortcuts"], _shortcut),
            _each(data["board"], _item),
            _each(data["face_down"], _space),
            _enum(_PHASES, data["phase"]),
            _int(data["active"]),
            _int(data["actions_left"]),
            _bool(data["moved_this_turn"]),
            _int(data["draws_left"]),
            tuple(_enum(_KINDS, kind) for kind in _list(data["drawn"])),
            _each(data["motion"], _frame),
            _each(data["pending"], _pending),
            _ints(data["turn_hazard_damage"]),
            _ints(data["turn_laid_shortcuts"]),
            _ints(data["won_by"]),
            _str(data["termination"]),
            _each(data["shortcut_attempt"], _shortcut),
            _int(data["turns_played"]),
            _int(data["decisions_made"]),
        )
    except _Malformed:
        return None


# ----- reading the text -----------------------------------------------------------------

_SHAPE = str.maketrans(
    {
        chr(code): "0"
        if chr(code).isdigit()
        else "("
        if chr(code) in "[{"
        else ")"
        if chr(code) in "]}"
        else " "
        for code in range(128)
    }
)
"""Outside strings only digits and brackets matter to the shape: ``0`` and ``(`` ``)``."""
_LONG_RUN = "0" * (MAX_NUMBER_DIGITS + 1)


def _plainly_shaped(text: str, depth: int = MAX_JSON_DEPTH) -> bool:
    """True only if ``loads_json``'s shape check passes ``text``: no number of more than
    ``MAX_NUMBER_DIGITS`` digits and no nesting deeper than ``depth`` outside its strings.
    False when unsure (escapes, unpaired quotes): the reference reads it then.
    """
    if "\\" in text:
        return False
    pieces = text.split('"')
    if not len(pieces) % 2:
        return False
    # Strings have no escapes: each is a pair of quotes. What is left is the outside.
    shape = "".join(pieces[::2]).translate(_SHAPE)
    if _LONG_RUN in shape:
        return False
    # Each pass drops the innermost pairs: a balanced sequence empties in as many passes
    # as it is deep (anything but brackets left over: unsure).
    brackets = shape.replace(" ", "").replace("0", "")
    for _ in range(depth):
        if not brackets:
            return True
        fewer = brackets.replace("()", "")
        if fewer == brackets:
            return False
        brackets = fewer
    return not brackets


def _no_constant(name: str) -> Any:
    raise _Malformed  # NaN, Infinity: the reference refuses them


def state_fields(text: object, game: str, format_: int) -> dict[str, Any] | None:
    """``load_state_fields(text, game, format_)`` for a current-format state written as
    `to_json` writes it; ``None`` for anything else (bytes, another format, a shape
    in doubt, a parse error): the reference reads it then, and names what is wrong."""
    if type(text) is not str or len(text) > MAX_JSON_CHARS or not _plainly_shaped(text):
        return None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, _Malformed):
        return None
    if type(data) is not dict:
        return None
    found, found_format = data.pop("game", None), data.pop("format", None)
    if found != game or type(found) is not str or type(found_format) is not int:
        return None
    return data if found_format == format_ else None


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


_written = IdentityMemo(4096)
"""Parts of states written so far (options, characters, the course, the board, the
face-down spaces): states share the parts an action leaves unchanged. Only read by
``json``."""


def _course_data(course: tuple[PlacedTile, ...]) -> list[dict[str, Any]]:
    return [_placed_data(placed) for placed in course]


def _board_data(board: tuple[BoardItem, ...]) -> list[dict[str, Any]]:
    return [_item_data(item) for item in board]


def _spaces_data(spaces: tuple[Space, ...]) -> list[dict[str, int] | None]:
    return [_space_data(space) for space in spaces]


def unstructure_state(state: State, catalogue: Any) -> dict[str, Any]:
    """The fields of ``state`` as the converter writes them, ``catalogue`` already
    written (parts already written for an earlier state are shared: not to be changed)."""
    return {
        "variant": state.variant.value,
        "players": state.players,
        "options": _written(state.options, _options_data),
        "catalogue": catalogue,
        "characters": [_written(character, _character_data) for character in state.characters],
        "birds": list(state.birds),
        "bird_supply": state.bird_supply,
        "pile": list(state.pile),
        "discard": list(state.discard),
        "box": list(state.box),
        "course": _written(state.course, _course_data),
        "tile_pile": list(state.tile_pile),
        "shortcuts": [_shortcut_data(shortcut) for shortcut in state.shortcuts],
        "board": _written(state.board, _board_data),
        "face_down": _written(state.face_down, _spaces_data),
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


# ----- the text itself, by parts --------------------------------------------------------

FIELDS = (
    "variant",
    "players",
    "options",
    "catalogue",
    "characters",
    "birds",
    "bird_supply",
    "pile",
    "discard",
    "box",
    "course",
    "tile_pile",
    "shortcuts",
    "board",
    "face_down",
    "phase",
    "active",
    "actions_left",
    "moved_this_turn",
    "draws_left",
    "drawn",
    "motion",
    "pending",
    "turn_hazard_damage",
    "turn_laid_shortcuts",
    "won_by",
    "termination",
    "shortcut_attempt",
    "turns_played",
    "decisions_made",
)
"""A state's fields in the order `unstructure_state` writes them (and `State` takes them)."""
assert frozenset(FIELDS) == _STATE_KEYS

_encode = json.JSONEncoder(separators=(",", ":")).encode
"""The compact encoder: a value inside a document is written as it is written alone."""


class _Unusual(Exception):
    """A value `write_state` does not write by hand: the reference writes the state."""


def _int_text(value: Any) -> str:
    if type(value) is not int:
        raise _Unusual
    return str(value)


def _bool_text(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    raise _Unusual


def _ints_text(values: Any) -> str:
    if type(values) is not tuple or not {*map(type, values)} <= _INT_ONLY:
        raise _Unusual
    return "[" + ",".join(map(str, values)) + "]"


def _enum_texts(cls: type[E]) -> dict[E, str]:
    return {member: _encode(member.value) for member in cls}


_VARIANT_TEXTS = _enum_texts(Variant)
_PHASE_TEXTS = _enum_texts(Phase)


def _enum_text(texts: dict[E, str], cls: type[E], value: Any) -> str:
    if type(value) is not cls:
        raise _Unusual
    return texts[value]


_option_texts = IdentityMemo(256)
_character_texts = IdentityMemo(4096)
_course_texts = IdentityMemo(1024)
_board_texts = IdentityMemo(1024)
_face_down_texts = IdentityMemo(1024)
"""The text of parts of states written so far, by the parts' identity (frozen values),
one memory for each kind of part."""


# Each part is written only if it holds values of the types a state holds there (asked
# once per part: the texts are remembered), so that a malformed state is refused by the
# reference, naming what is wrong, and never written.


def _shaped(value: Any, part: str) -> Any:
    if not has_shape(value, part):
        raise _Unusual
    return value


def _options_text(options: Options) -> str:
    return _encode(_options_data(_shaped(options, "options")))


def _character_text(character: Character) -> str:
    if not character_has_shape(character):
        raise _Unusual
    return _encode(_character_data(character))


def _course_text(course: tuple[PlacedTile, ...]) -> str:
    return _encode(_course_data(_shaped(course, "course")))


def _board_text(board: tuple[BoardItem, ...]) -> str:
    return _encode(_board_data(_shaped(board, "board")))


def _spaces_text(spaces: tuple[Space, ...]) -> str:
    return _encode(_spaces_data(_shaped(spaces, "face_down")))


def _characters_text(characters: tuple[Character, ...]) -> str:
    if type(characters) is not tuple:
        raise _Unusual
    texts = [_character_texts(character, _character_text) for character in characters]
    return "[" + ",".join(texts) + "]"


def _memo_text(value: Any, memo: IdentityMemo, write: Callable[[Any], str]) -> str:
    if type(value) is not tuple:
        raise _Unusual
    text: str = memo(value, write)
    return text


def _shortcuts_text(shortcuts: Any) -> str:
    if shortcuts == ():
        return "[]"
    return _encode([_shortcut_data(shortcut) for shortcut in _shaped(shortcuts, "shortcuts")])


def write_state(state: State, head: str, catalogue: Callable[[Catalogue], str]) -> str | None:
    """``head`` (the opening of the envelope, up to ``"variant":``) and the fields of
    ``state``, exactly as the compact encoder writes `unstructure_state`'s dict after it;
    ``catalogue`` writes the catalogue's part. ``None`` when a value is not of the type a
    state holds (or anything fails): the reference writes the state then, or refuses it.

    Parts shared by states (options, characters, the course, the board, the face-down
    spaces) are written once each.
    """
    try:
        termination = state.termination
        if type(termination) is not str:
            raise _Unusual
        drawn, motion, pending = state.drawn, state.motion, state.pending
        return "".join(
            (
                head,
                _enum_text(_VARIANT_TEXTS, Variant, state.variant),
                ',"players":',
                _int_text(state.players),
                ',"options":',
                _option_texts(state.options, _options_text),
                ',"catalogue":',
                catalogue(state.catalogue),
                ',"characters":',
                _characters_text(state.characters),
                ',"birds":',
                _ints_text(state.birds),
                ',"bird_supply":',
                _int_text(state.bird_supply),
                ',"pile":',
                _ints_text(state.pile),
                ',"discard":',
                _ints_text(state.discard),
                ',"box":',
                _ints_text(state.box),
                ',"course":',
                _memo_text(state.course, _course_texts, _course_text),
                ',"tile_pile":',
                _ints_text(state.tile_pile),
                ',"shortcuts":',
                _shortcuts_text(state.shortcuts),
                ',"board":',
                _memo_text(state.board, _board_texts, _board_text),
                ',"face_down":',
                _memo_text(state.face_down, _face_down_texts, _spaces_text),
                ',"phase":',
                _enum_text(_PHASE_TEXTS, Phase, state.phase),
                ',"active":',
                _int_text(state.active),
                ',"actions_left":',
                _int_text(state.actions_left),
                ',"moved_this_turn":',
                _bool_text(state.moved_this_turn),
                ',"draws_left":',
                _int_text(state.draws_left),
                ',"drawn":',
                "[]" if drawn == () else _encode([kind.value for kind in _shaped(drawn, "drawn")]),
                ',"motion":',
                "[]"
                if motion == ()
                else _encode([_frame_data(frame) for frame in _shaped(motion, "motion")]),
                ',"pending":',
                "[]"
                if pending == ()
                else _encode([_pending_data(owed) for owed in _shaped(pending, "pending")]),
                ',"turn_hazard_damage":',
                _ints_text(state.turn_hazard_damage),
                ',"turn_laid_shortcuts":',
                _ints_text(state.turn_laid_shortcuts),
                ',"won_by":',
                _ints_text(state.won_by),
                ',"termination":',
                _encode(termination),
                ',"shortcut_attempt":',
                _shortcuts_text(state.shortcut_attempt),
                ',"turns_played":',
                _int_text(state.turns_played),
                ',"decisions_made":',
                _int_text(state.decisions_made),
                "}",
            )
        )
    except Exception:  # the reference writes it, or raises what it raises
        return None


def _drawn(value: Any) -> tuple[ItemKind, ...]:
    return tuple(_enum(_KINDS, kind) for kind in _list(value))


def _each_of(read: Callable[[Any], Any]) -> Callable[[Any], tuple[Any, ...]]:
    return lambda value: _each(value, read)


_READERS: tuple[Callable[[Any], Any], ...] = (
    lambda value: _enum(_VARIANTS, value),
    _int,
    _options,
    lambda value: True,  # the catalogue: read once the other fields are known good
    _each_of(_character),
    _ints,
    _int,
    _ints,
    _ints,
    _ints,
    _each_of(_placed),
    _ints,
    _each_of(_shortcut),
    _each_of(_item),
    _each_of(_space),
    lambda value: _enum(_PHASES, value),
    _int,
    _int,
    _bool,
    _int,
    _drawn,
    _each_of(_frame),
    _each_of(_pending),
    _ints,
    _ints,
    _ints,
    _str,
    _each_of(_shortcut),
    _int,
    _int,
)
"""How `structure_state` reads each field, in `FIELDS` order."""
_GROUPS = (
    ("variant", "players", "options"),
    ("catalogue",),
    ("characters",),
    ("birds", "bird_supply", "pile", "discard", "box"),
    ("course", "tile_pile", "shortcuts"),
    ("board", "face_down"),
    FIELDS[FIELDS.index("phase") :],
)
"""The fields in runs that change together (a game's set-up, the course, the board...),
each run read as one part."""
assert sum(_GROUPS, ()) == FIELDS
_OPENINGS = tuple(f'{{"{names[0]}":' for names in _GROUPS)
"""Each part, opened as an object of its fields: how it is read."""
_MARKERS = tuple(f',"{names[0]}":' for names in _GROUPS[1:])
"""Where each part but the first starts, in a state's text."""
_GROUP_READERS = tuple(tuple(_READERS[FIELDS.index(name)] for name in names) for names in _GROUPS)
_CATALOGUE = 1
"""The catalogue's part (its only field)."""
_CATALOGUE_FIELD = FIELDS.index("catalogue")

_UNSURE = object()
"""A part that is not plainly shaped JSON text: the reference reads the whole text."""
_MALFORMED = object()
"""A part that is JSON but not as `to_json` writes it: the reference names what is wrong."""

_MAX_PARTS = 512
_MAX_CATALOGUES = 16
_parts: tuple[dict[str, Any], ...] = tuple({} for _ in _GROUPS)
"""What each part's text was read as (its fields' values, `_UNSURE` or `_MALFORMED`), by
the text: the same text always reads the same, and states share most parts."""


def _read_part(number: int, text: str) -> Any:
    """The values of part ``number``'s fields read from ``text``, `_UNSURE` or
    `_MALFORMED`."""
    # Opened as an object of its fields the text is as deep as in the state's object.
    whole = _OPENINGS[number] + text + "}"
    if not _plainly_shaped(whole):
        return _UNSURE
    try:
        data = json.loads(whole, parse_constant=_no_constant)
    except (ValueError, _Malformed):
        return _UNSURE
    names = _GROUPS[number]
    # The same keys in the same order: the state's text holds them in this order too
    # (a key given twice is read as the whole text reads it: its last value, in its place).
    if type(data) is not dict or tuple(data) != names:
        return _UNSURE
    try:
        readers = _GROUP_READERS[number]
        return tuple([read(value) for value, read in zip(data.values(), readers, strict=True)])
    except _Malformed:
        return _MALFORMED


def read_state(
    text: object, head: str, catalogue: Callable[[Any], Catalogue], catalogues: dict[str, Catalogue]
) -> State | None:
    """`structure_state` of `state_fields`, for text exactly in the form `to_json`
    writes (``head``, then the fields in order); ``None`` for anything else, and for
    fields `structure_state` would not read: the reference reads the text then.

    The text is cut where runs of fields start, and each part is read once: a later
    state sharing a part (the set-up, the course...) reads it from memory. ``catalogue``
    reads the catalogue's JSON value once every other field is known good (it raises
    what `from_json` raises for it), and ``catalogues`` keeps what it read, by its text.
    """
    if (
        type(text) is not str
        or len(text) > MAX_JSON_CHARS
        or not text.startswith(head)
        or text[-1] != "}"
        or "\\" in text
    ):
        return None
    # No string holds a quote (no escapes): a key found inside a field's value leaves
    # parts that do not read as their fields, and the whole text is read by the reference.
    values: list[Any] = []
    start = len(head)
    find = text.find
    last = len(text) - 1
    written = ""
    for number, known in enumerate(_parts):
        if number < len(_MARKERS):
            marker = _MARKERS[number]
            end = find(marker, start)
            if end < 0:
                return None
        else:
            marker, end = "}", last
        part = text[start:end]
        read = known.get(part, _UNSURE)
        if read is _UNSURE:
            read = _read_part(number, part)
            if len(known) >= (_MAX_CATALOGUES if number == _CATALOGUE else _MAX_PARTS):
                known.clear()
            known[part] = read
            if read is _UNSURE:
                return None
        if read is _MALFORMED:
            return None
        values += read
        if number == _CATALOGUE:
            written = part
        start = end + len(marker)
    # Every part is JSON as `to_json` writes it: what the reference reads next is the
    # catalogue.
    found = catalogues.get(written)
    if found is None:
        found = catalogue(json.loads(written))
        if len(catalogues) >= _MAX_CATALOGUES:
            catalogues.clear()
        catalogues[written] = found
    values[_CATALOGUE_FIELD] = found
    return State(*values)
