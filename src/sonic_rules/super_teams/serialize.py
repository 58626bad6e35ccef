"""JSON for Super Teams states and actions.

A state's JSON is an object ``{"game": "super-teams", "format": 1, ...fields}``;
cards are written ``"blue-4"`` / ``"special"``, the board in board notation, actions
as objects tagged ``{"type": "play", ...}`` (the kebab-case class name).
`from_json` refuses another game or format, unknown or missing fields, values of
the wrong type, and states the rules could not produce (`validate.validate_state`),
always with an `InvalidStateError` naming the JSON path.
"""

from __future__ import annotations

from typing import Any

import attrs

from sonic_rules.core.errors import BoardError, InvalidActionError, InvalidStateError
from sonic_rules.core.serialization import (
    configure_actions,
    dump_action,
    dump_state,
    load_action,
    load_state_fields,
    make_converter,
    structure_or_raise,
)
from sonic_rules.super_teams.actions import ACTION_TYPES, Action
from sonic_rules.super_teams.board import Board
from sonic_rules.super_teams.cards import Card
from sonic_rules.super_teams.options import BonusSplit, Options
from sonic_rules.super_teams.state import PendingMove, Piece, State
from sonic_rules.super_teams.validate import validate_state

GAME_NAME = "super-teams"
FORMAT = 1


def _structure_card(value: Any, _: type) -> Card:
    if not isinstance(value, str):
        raise TypeError(f"expected a card like 'blue-4', got {value!r}")
    try:
        card = Card.parse(value)
    except InvalidActionError as error:
        raise ValueError(str(error)) from None
    if str(card) != value:
        raise ValueError(f"a card is written {str(card)!r} in JSON, not {value!r}")
    return card


def _structure_board(value: Any, _: type) -> Board:
    if not isinstance(value, str):
        raise TypeError(f"expected board notation text, got {value!r}")
    try:
        return Board.parse(value)
    except BoardError as error:
        raise ValueError(f"bad board: {error}") from None


converter = make_converter()
converter.register_structure_hook(Card, _structure_card)
converter.register_unstructure_hook(Card, str)
converter.register_structure_hook(Board, _structure_board)
converter.register_unstructure_hook(Board, lambda board: board.notation)
configure_actions(converter, Action)


def to_json(state: State, indent: int | None = None) -> str:
    """The state as JSON text (round-trips exactly through `from_json`)."""
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Super Teams State, got {type(state).__name__}")
    return dump_state(converter, GAME_NAME, FORMAT, state, indent)


def from_json(text: str | bytes) -> State:
    """Load a state saved by `to_json`; refuse anything malformed or impossible."""
    data = load_state_fields(text, GAME_NAME, FORMAT)
    _require_every_field(data, State, "$")
    state = structure_or_raise(converter, data, State)
    validate_state(state)
    return state


# Fields whose value is itself a record; a saved state writes every field of each.
_NESTED: dict[type, dict[str, type]] = {
    State: {"options": Options, "pending": PendingMove},
    Options: {"bonus_split": BonusSplit},
}
_LISTED: dict[type, dict[str, type]] = {State: {"pieces": Piece}}


def _require_every_field(data: Any, cls: type, path: str) -> None:
    """Refuse a missing field even where the class has a default (cattrs would fill it in)."""
    if not isinstance(data, dict):
        return  # the converter names the wrong type
    for field in attrs.fields(cls):
        if field.name not in data:
            raise InvalidStateError("required field missing", f"{path}.{field.name}")
    for name, inner in _NESTED.get(cls, {}).items():
        _require_every_field(data[name], inner, f"{path}.{name}")
    for name, inner in _LISTED.get(cls, {}).items():
        if isinstance(data[name], list):
            for index, item in enumerate(data[name]):
                _require_every_field(item, inner, f"{path}.{name}[{index}]")


def action_to_json(action: Action) -> str:
    """An action as JSON, tagged by ``"type"``."""
    return dump_action(converter, Action, ACTION_TYPES, action)


def action_from_json(text: str | bytes) -> Action:
    """Read an action; malformed input raises ``InvalidActionError`` naming the path."""
    action: Action = load_action(converter, Action, ACTION_TYPES, text)
    return action
