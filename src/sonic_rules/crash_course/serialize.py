"""JSON for Crash Course states and actions.

A state's JSON is an object ``{"game": "crash-course", "format": 2, ...fields}``;
actions are objects tagged by ``"type"`` in kebab case (``{"type": "move", "seat": 0,
"lane": 1}``). The tile catalogue is written by reference when it is the shipped one,
``"catalogue": {"name": "default", "sha256": "..."}``, and in full (its ``name``, then
``tiles`` and ``shortcuts`` as `load_tiles` reads them) when it is custom.

`from_json` refuses anything malformed or impossible with an
`InvalidStateError` naming the JSON path: another
game, another format (format 1, written before states were tagged, included), an
unknown catalogue name, a digest that does not match the shipped catalogue, bad tile
data, unknown or missing fields, and states the rules could not produce.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from json.encoder import encode_basestring_ascii
from typing import Any

from sonic_rules.core.errors import BoardError, InvalidStateError
from sonic_rules.core.reading import Custom, Wrong
from sonic_rules.core.serialization import (
    COMPACT,
    StateJSON,
    add_option_field,
    configure_actions,
    dump_action,
    load_action,
    make_converter,
)
from sonic_rules.crash_course.actions import ACTION_TYPES, Action
from sonic_rules.crash_course.options import Character, Options, Variant
from sonic_rules.crash_course.state import (
    BoardItem,
    Frame,
    FrameKind,
    How,
    ItemKind,
    Pending,
    PendingKind,
    Phase,
    Piece,
    PlacedShortcut,
    PlacedTile,
    Space,
    State,
)
from sonic_rules.crash_course.tiles import (
    DEFAULT_CATALOGUE,
    Catalogue,
    ShortcutSpec,
    TileSpec,
    default_catalogue,
    parse_catalogue,
)
from sonic_rules.crash_course.validate import validate_state

GAME_NAME = "crash-course"
FORMAT = 3
"""Format 1 was the bare fields with the whole catalogue; format 2 adds the envelope and
writes the shipped catalogue by reference; format 3 adds ``options.turn_limit``,
``options.decision_limit``, ``turns_played`` and ``decisions_made``
(``CC-OPT-TURN-LIMIT``, ``CC-OPT-DECISION-LIMIT``). Format 2 still loads (no limit, no turn
counted)."""
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    2: lambda data: {
        "turns_played": 0,
        "decisions_made": 0,
        **add_option_field(add_option_field(data, "turn_limit", None), "decision_limit", None),
    },
}

SHIPPED_CATALOGUES: dict[str, Callable[[], Catalogue]] = {DEFAULT_CATALOGUE: default_catalogue}
"""The catalogues a state may name instead of writing out."""

_WHERE = "$.catalogue"


def _shipped(catalogue: Catalogue) -> bool:
    """True for a catalogue saved by reference: a shipped name and that one's tiles."""
    loader = SHIPPED_CATALOGUES.get(catalogue.name)
    if loader is None:
        return False
    if catalogue.sha256() != loader().sha256():
        raise InvalidStateError(
            f"the catalogue is named {catalogue.name!r} but its tiles are not the shipped "
            f"{catalogue.name!r} catalogue's; give it another name",
            f"{_WHERE}.name",
        )
    return True


def _unstructure_catalogue(catalogue: Catalogue) -> dict[str, Any]:
    if _shipped(catalogue):
        return {"name": catalogue.name, "sha256": catalogue.sha256()}
    return {"name": catalogue.name, **catalogue.to_data()}


def _fields(value: Any, keys: tuple[str, ...], where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InvalidStateError(f"expected an object, got {value!r}", where)
    for key in value:
        if key not in keys:
            raise InvalidStateError("unknown field", f"{where}.{key}")
    for key in keys:
        if key not in value:
            raise InvalidStateError("required field missing", f"{where}.{key}")
    return value


def _catalogue_from_json(value: Any) -> Catalogue:
    """The catalogue of a saved state's ``"catalogue"`` field, checked.

    A reference names a shipped catalogue and carries its digest; anything else is a
    custom catalogue written in full and checked as `load_tiles` would.
    """
    if isinstance(value, dict) and "sha256" in value:
        reference = _fields(value, ("name", "sha256"), _WHERE)
        name, digest = reference["name"], reference["sha256"]
        loader = SHIPPED_CATALOGUES.get(name) if isinstance(name, str) else None
        if loader is None:
            known = ", ".join(repr(known) for known in SHIPPED_CATALOGUES)
            raise InvalidStateError(
                f"unknown catalogue {name!r}: the shipped ones are {known}; "
                "a custom catalogue is written out in full",
                f"{_WHERE}.name",
            )
        catalogue = loader()
        if digest != _reference(name)["sha256"]:
            raise InvalidStateError(
                f"the {name!r} catalogue's tiles have sha256 {catalogue.sha256()}, not "
                f"{digest!r}: this state was saved with other tiles",
                f"{_WHERE}.sha256",
            )
        return catalogue
    data = _fields(value, ("name", "tiles", "shortcuts"), _WHERE)
    name = data["name"]
    if not isinstance(name, str):
        raise InvalidStateError(f"expected a string, got {name!r}", f"{_WHERE}.name")
    try:
        catalogue = parse_catalogue({"tiles": data["tiles"], "shortcuts": data["shortcuts"]})
    except BoardError as error:
        where = error.where or "$"
        path = _WHERE + ("" if where == "$" else f".{where}")
        raise InvalidStateError(error.message, path) from None
    catalogue = Catalogue(catalogue.tiles, catalogue.shortcuts, name)
    _shipped(catalogue)
    return catalogue


def _structure_catalogue(value: Any, _: type) -> Catalogue:
    # from_json reads the catalogue first, for errors with their exact path.
    return value if isinstance(value, Catalogue) else _catalogue_from_json(value)


converter = make_converter()
converter.register_unstructure_hook(Catalogue, _unstructure_catalogue)
converter.register_structure_hook(Catalogue, _structure_catalogue)
configure_actions(converter, Action)


@functools.cache
def _reference(name: str) -> dict[str, str]:
    """How a state refers to the shipped catalogue ``name`` (asked only of shipped names)."""
    return {"name": name, "sha256": SHIPPED_CATALOGUES[name]().sha256()}


# ----- writing: the JSON text of a state holding exactly the types a state holds -------
#
# Each value is checked to be of exactly its field's type (`Wrong` otherwise: the
# validator then names it) and written as ``json.dumps`` writes it, compactly: whole
# numbers as Python writes them, strings by ``json``'s own escaping.

_INT = frozenset((int,))
_STR = frozenset((str,))
_BOOL = {True: "true", False: "false"}
_string = encode_basestring_ascii


def _of(kind: type, value: Any) -> Any:
    if type(value) is not kind:
        raise Wrong(f"expected a {kind.__name__}, got {value!r}")
    return value


def _int(value: Any) -> int:
    if type(value) is not int:
        raise Wrong(f"expected an int, got {value!r}")
    return value


def _flag(value: Any) -> str:
    if type(value) is not bool:
        raise Wrong(f"expected a bool, got {value!r}")
    return _BOOL[value]


def _optional_int(value: Any) -> str:
    return "null" if value is None else str(_int(value))


def _ints(values: Any) -> str:
    if type(values) is not tuple or not _INT.issuperset(map(type, values)):
        raise Wrong(f"expected a tuple of ints, got {values!r}")
    return f"[{','.join(map(str, values))}]"


def _each(values: Any, write: Callable[[Any], str]) -> str:
    if type(values) is not tuple:
        raise Wrong(f"expected a tuple, got {values!r}")
    return f"[{','.join([write(value) for value in values])}]"


def _values_of(kind: type[enum.Enum]) -> Callable[[Any], str]:
    """The writer of ``kind``'s members: each as its value."""
    texts: dict[Any, str] = {member: _string(member.value) for member in kind}

    def value_of(member: Any) -> str:
        if type(member) is not kind:
            raise Wrong(f"expected a {kind.__name__}, got {member!r}")
        return texts[member]

    return value_of


_variant = _values_of(Variant)
_name = _values_of(Character)
_item_kind = _values_of(ItemKind)
_phase = _values_of(Phase)
_frame_kind = _values_of(FrameKind)
_how = _values_of(How)
_pending_kind = _values_of(PendingKind)


def _space(space: Any) -> str:
    _of(Space, space)
    return f'{{"tile":{_int(space.tile)},"row":{_int(space.row)},"lane":{_int(space.lane)}}}'


def _optional_space(space: Any) -> str:
    return "null" if space is None else _space(space)


def _options(options: Options) -> str:
    _of(Options, options)
    return (
        f'{{"official_draw":{_flag(options.official_draw)},'
        f'"set_back":{_flag(options.set_back)},'
        f'"damage_bars_only_moves":{_flag(options.damage_bars_only_moves)},'
        f'"literal_secondary_win":{_flag(options.literal_secondary_win)},'
        f'"open_items":{_flag(options.open_items)},'
        f'"turn_limit":{_optional_int(options.turn_limit)},'
        f'"decision_limit":{_optional_int(options.decision_limit)},'
        f'"characters":{_each(options.characters, _name)},'
        f'"beginner_course":{_each(options.beginner_course, _beginner_tile)}}}'
    )


def _beginner_tile(entry: Any) -> str:
    if type(entry) is not tuple or len(entry) != 2:
        raise Wrong(f"expected a tile id and its side, got {entry!r}")
    return f"[{_string(_of(str, entry[0]))},{_flag(entry[1])}]"


def _character(character: Piece) -> str:
    _of(Piece, character)
    return (
        f'{{"name":{_name(character.name)},"owner":{_int(character.owner)},'
        f'"position":{_optional_space(character.position)},'
        f'"damage":{_int(character.damage)},"items":{_each(character.items, _item_kind)},'
        f'"rings":{_int(character.rings)},"power_up":{_flag(character.power_up)},'
        f'"knocked_down":{_flag(character.knocked_down)}}}'
    )


def _placed(placed: PlacedTile) -> str:
    _of(PlacedTile, placed)
    return (
        f'{{"tile":{_int(placed.tile)},"x":{_int(placed.x)},"y":{_int(placed.y)},'
        f'"heading":{_int(placed.heading)},"reversed":{_flag(placed.reversed)},'
        f'"bird_taken":{_flag(placed.bird_taken)}}}'
    )


def _shortcut(shortcut: PlacedShortcut) -> str:
    _of(PlacedShortcut, shortcut)
    ends = shortcut.ends
    if type(ends) is not tuple or len(ends) != 2:
        raise Wrong(f"expected two ends, got {ends!r}")
    return (
        f'{{"tile":{_int(shortcut.tile)},"x":{_int(shortcut.x)},"y":{_int(shortcut.y)},'
        f'"ends":{_ints(ends)}}}'
    )


def _item(item: BoardItem) -> str:
    _of(BoardItem, item)
    return (
        f'{{"space":{_space(item.space)},"kind":{_item_kind(item.kind)},'
        f'"count":{_int(item.count)}}}'
    )


def _frame(frame: Frame) -> str:
    _of(Frame, frame)
    return (
        f'{{"kind":{_frame_kind(frame.kind)},"character":{_int(frame.character)},'
        f'"how":{_how(frame.how)},"space":{_optional_space(frame.space)},'
        f'"remaining":{_int(frame.remaining)},"lane":{_int(frame.lane)},'
        f'"skipped":{_int(frame.skipped)},"by_move":{_flag(frame.by_move)}}}'
    )


def _pending(owed: Pending) -> str:
    _of(Pending, owed)
    return (
        f'{{"kind":{_pending_kind(owed.kind)},"character":{_int(owed.character)},'
        f'"rings":{_int(owed.rings)}}}'
    )


@functools.cache
def _reference_text(name: str) -> str:
    return COMPACT(_reference(name))


def _catalogue(catalogue: Catalogue) -> str:
    """The catalogue's part of a state: a shipped one by reference, any other in full."""
    _of(Catalogue, catalogue)
    name = catalogue.name
    if type(name) is str:
        loader = SHIPPED_CATALOGUES.get(name)
        if loader is not None and loader() is catalogue:
            return _reference_text(name)
    for tile in _of(tuple, catalogue.tiles):
        _check_tile(tile)
    for shortcut in _of(tuple, catalogue.shortcuts):
        _check_shortcut_tile(shortcut)
    _of(str, name)
    return COMPACT(_unstructure_catalogue(catalogue))


def _strings(values: Any) -> None:
    if type(values) is not tuple or not _STR.issuperset(map(type, values)):
        raise Wrong(f"expected a tuple of strings, got {values!r}")


def _check_tile(spec: TileSpec) -> None:
    _of(TileSpec, spec)
    _strings((spec.id, spec.kind, spec.turn))
    _strings(spec.rows)


def _check_shortcut_tile(spec: ShortcutSpec) -> None:
    _of(ShortcutSpec, spec)
    _strings((spec.id, spec.kind))
    _strings(spec.shapes)


def _state_text(state: State) -> str:
    """The JSON object of the fields of ``state``, in their order."""
    return "".join(
        (
            f'{{"variant":{_variant(state.variant)},"players":{_int(state.players)},',
            f'"options":{_options(state.options)},"catalogue":{_catalogue(state.catalogue)},',
            f'"characters":{_each(state.characters, _character)},',
            f'"birds":{_ints(state.birds)},"bird_supply":{_int(state.bird_supply)},',
            f'"pile":{_ints(state.pile)},"discard":{_ints(state.discard)},',
            f'"box":{_ints(state.box)},"course":{_each(state.course, _placed)},',
            f'"tile_pile":{_ints(state.tile_pile)},',
            f'"shortcuts":{_each(state.shortcuts, _shortcut)},',
            f'"board":{_each(state.board, _item)},',
            f'"face_down":{_each(state.face_down, _space)},',
            f'"phase":{_phase(state.phase)},"active":{_int(state.active)},',
            f'"actions_left":{_int(state.actions_left)},',
            f'"moved_this_turn":{_flag(state.moved_this_turn)},',
            f'"draws_left":{_int(state.draws_left)},"drawn":{_each(state.drawn, _item_kind)},',
            f'"motion":{_each(state.motion, _frame)},',
            f'"pending":{_each(state.pending, _pending)},',
            f'"turn_hazard_damage":{_ints(state.turn_hazard_damage)},',
            f'"turn_laid_shortcuts":{_ints(state.turn_laid_shortcuts)},',
            f'"won_by":{_ints(state.won_by)},',
            f'"termination":{_string(_of(str, state.termination))},',
            f'"shortcut_attempt":{_each(state.shortcut_attempt, _shortcut)},',
            f'"turns_played":{_int(state.turns_played)},',
            f'"decisions_made":{_int(state.decisions_made)}}}',
        )
    )


STATE_JSON = StateJSON(
    GAME_NAME,
    FORMAT,
    State,
    {
        Catalogue: Custom(
            frozenset((Catalogue,)), lambda value: _structure_catalogue(value, Catalogue)
        )
    },
    _state_text,
    validate_state,
    UPGRADES,
)
"""The one reader and writer of states (the catalogue, read first, reaches it read)."""


def to_json(state: State, indent: int | None = None) -> str:
    """The state as JSON text (`from_json` gives back an equal state).

    A state holding a value of another type than a state holds there (a list for a
    tuple, a string for an item) is refused with `InvalidStateError` naming where, as
    `validate_state` refuses it; other states are written as they are, consistent or not.
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Crash Course State, got {type(state).__name__}")
    return STATE_JSON.dump(state, indent)


def from_json(text: str | bytes) -> State:
    """Load a state saved by `to_json`; refuse anything malformed or impossible."""
    fields = STATE_JSON.fields(text)
    if "catalogue" in fields:
        # Read before the other fields: what is wrong with it is named first.
        fields["catalogue"] = _catalogue_from_json(fields["catalogue"])
    state: State = STATE_JSON.read(fields)
    return state


def action_to_json(action: Action) -> str:
    """An action as JSON, tagged ``{"type": "<kebab-case name>", ...}``."""
    return dump_action(converter, Action, ACTION_TYPES, action)


def action_from_json(text: str | bytes) -> Action:
    """Read an action written by `action_to_json`.

    An unknown or misspelt ``"type"`` is refused listing the known ones; other
    malformed input raises an `InvalidActionError`
    naming the JSON path.
    """
    action: Action = load_action(converter, Action, ACTION_TYPES, text)
    return action
