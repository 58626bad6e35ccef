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

import json
from collections.abc import Callable
from typing import Any

from sonic_rules.core.errors import BoardError, InvalidStateError, RulesError
from sonic_rules.core.interning import IdentityMemo
from sonic_rules.core.serialization import (
    add_option_field,
    configure_actions,
    dump_action,
    load_action,
    load_state_fields,
    make_converter,
    require_every_field,
    structure_or_raise,
)
from sonic_rules.crash_course.actions import ACTION_TYPES, Action
from sonic_rules.crash_course.fastjson import (
    read_state,
    state_fields,
    structure_state,
    unstructure_state,
    write_state,
)
from sonic_rules.crash_course.state import State
from sonic_rules.crash_course.tiles import (
    DEFAULT_CATALOGUE,
    Catalogue,
    default_catalogue,
    parse_catalogue,
)
from sonic_rules.crash_course.validate import check_shapes, has_shape, validate_state

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
        if digest != catalogue.sha256():
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


_written = IdentityMemo(64)
"""Catalogues already written (catalogues are frozen)."""


def _written_catalogue(catalogue: Catalogue) -> dict[str, Any]:
    """``_unstructure_catalogue``, once per catalogue object."""
    data: dict[str, Any] = _written(catalogue, _unstructure_catalogue)
    return data


_COMPACT = json.JSONEncoder(separators=(",", ":"))
"""``json.dumps(data, separators=(",", ":"))``, its encoder made once."""

_HEAD = f'{{"game":"{GAME_NAME}","format":{FORMAT},"variant":'
"""The text of every state up to its first field's value."""

_catalogue_texts = IdentityMemo(64)
"""The text of catalogues already written."""


def _new_catalogue_text(catalogue: Catalogue) -> str:
    if not has_shape(catalogue, "catalogue"):  # a malformed one is refused by the reference
        raise TypeError("not a well-formed catalogue")
    return _COMPACT.encode(_written_catalogue(catalogue))


def _catalogue_text(catalogue: Catalogue) -> str:
    """The catalogue's part of a state's text, once per catalogue object."""
    text: str = _catalogue_texts(catalogue, _new_catalogue_text)
    return text


_read_catalogues: dict[str, Catalogue] = {}
"""Catalogues read by `read_state`, by their text."""


def to_json(state: State, indent: int | None = None) -> str:
    """The state as JSON text (`from_json` gives back an equal state).

    A state holding a value of another type than a state holds there (a list for a
    tuple, a string for an item) is refused with `InvalidStateError` naming where, as
    `validate_state` refuses it; other states are written as they are, consistent or not.
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Crash Course State, got {type(state).__name__}")
    if indent is None:
        # By hand, part by part (`fastjson.write_state`); anything unusual as below.
        text = write_state(state, _HEAD, _catalogue_text)
        if text is not None:
            return text
    # Not written by hand: a value of another type than a state holds (refused, naming
    # where), or an indent.
    check_shapes(state)
    try:
        # The converter's dict, built by hand (`fastjson`), dumped as `dump_state` dumps it.
        data = {
            "game": GAME_NAME,
            "format": FORMAT,
            **unstructure_state(state, _written_catalogue(state.catalogue)),
        }
        if indent is None:
            return _COMPACT.encode(data)
        return json.dumps(data, indent=indent, separators=None if indent else (",", ":"))
    except RulesError:
        raise
    except (AttributeError, TypeError, KeyError, IndexError, ValueError) as error:
        failure = error
    # A state that cannot be written is malformed: its checks name what is wrong. If they
    # find nothing, the failure is the writer's own.
    validate_state(state)
    raise failure


def from_json(text: str | bytes) -> State:
    """Load a state saved by `to_json`; refuse anything malformed or impossible."""
    # Text exactly as to_json writes it is read by hand (`fastjson`), validated whole;
    # anything else is read by the converter, which names what is wrong.
    state = read_state(text, _HEAD, _catalogue_from_json, _read_catalogues)
    if state is not None:
        validate_state(state)
        return state
    fields = state_fields(text, GAME_NAME, FORMAT)
    if fields is not None and "catalogue" in fields:
        fields["catalogue"] = _catalogue_from_json(fields["catalogue"])
        fast = structure_state(fields, fields["catalogue"])
        if fast is not None:
            validate_state(fast)
            return fast
    data = load_state_fields(text, GAME_NAME, FORMAT, UPGRADES)
    if "catalogue" in data:
        data["catalogue"] = _catalogue_from_json(data["catalogue"])
        # An older format or bytes, upgraded to well-formed fields: read by hand too.
        state = structure_state(data, data["catalogue"])
        if state is not None:
            validate_state(state)
            return state
    require_every_field(data, State)
    state = structure_or_raise(converter, data, State)
    validate_state(state)
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
