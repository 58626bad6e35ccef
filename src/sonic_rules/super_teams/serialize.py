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

from sonic_rules.core.errors import BoardError, InvalidActionError, InvalidStateError
from sonic_rules.core.serialization import (
    add_option_field,
    configure_actions,
    dump_action,
    dump_state,
    load_action,
    load_state_fields,
    make_converter,
    require_every_field,
    structure_or_raise,
)
from sonic_rules.super_teams.actions import ACTION_TYPES, Action
from sonic_rules.super_teams.board import Board
from sonic_rules.super_teams.cards import Card
from sonic_rules.super_teams.state import State
from sonic_rules.super_teams.validate import validate_state

GAME_NAME = "super-teams"
FORMAT = 2
"""Format 2 added ``options.turn_limit`` (ST-OPT-TURN-LIMIT); format 1 still loads."""
UPGRADES = {1: lambda data: add_option_field(data, "turn_limit", None)}


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
    data = load_state_fields(text, GAME_NAME, FORMAT, UPGRADES)
    require_every_field(data, State)
    state = structure_or_raise(converter, data, State)
    validate_state(state)
    return state


def action_to_json(action: Action) -> str:
    """An action as JSON, tagged by ``"type"``."""
    return dump_action(converter, Action, ACTION_TYPES, action)


def action_from_json(text: str | bytes) -> Action:
    """Read an action; malformed input raises ``InvalidActionError`` naming the path."""
    action: Action = load_action(converter, Action, ACTION_TYPES, text)
    return action
