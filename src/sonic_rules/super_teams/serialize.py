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
from sonic_rules.core.reading import Custom, Finite, Wrong
from sonic_rules.core.serialization import (
    COMPACT,
    StateJSON,
    add_option_field,
    configure_actions,
    dump_action,
    load_action,
    make_converter,
)
from sonic_rules.super_teams.actions import ACTION_TYPES, Action
from sonic_rules.super_teams.board import Board, Surface
from sonic_rules.super_teams.cards import (
    CARDS_BY_TEXT,
    BonusKind,
    Card,
    Character,
    Colour,
    card_text,
)
from sonic_rules.super_teams.options import BonusSplit, Options
from sonic_rules.super_teams.phases import Phase
from sonic_rules.super_teams.state import State
from sonic_rules.super_teams.validate import validate_state

GAME_NAME = "super-teams"
FORMAT = 2
"""Format 2 added ``options.turn_limit`` (ST-OPT-TURN-LIMIT); format 1 still loads."""
UPGRADES = {1: lambda data: add_option_field(data, "turn_limit", None)}


def _read_card(value: Any) -> Card:
    if not isinstance(value, str):
        raise Wrong(f"expected a card like 'blue-4', got {value!r}")
    try:
        card = Card.parse(value)
    except InvalidActionError as error:
        raise Wrong(str(error)) from None
    if str(card) != value:
        raise Wrong(f"a card is written {str(card)!r} in JSON, not {value!r}")
    return card


def _read_board(value: Any) -> Board:
    if not isinstance(value, str):
        raise Wrong(f"expected board notation text, got {value!r}")
    try:
        return Board.parse(value)
    except BoardError as error:
        raise Wrong(f"bad board: {error}") from None


converter = make_converter()
converter.register_structure_hook(Card, lambda value, _: _read_card(value))
converter.register_unstructure_hook(Card, str)
converter.register_structure_hook(Board, lambda value, _: _read_board(value))
converter.register_unstructure_hook(Board, lambda board: board.notation)
configure_actions(converter, Action)


# Reading ``member.value`` runs Python code (an enum property); a table lookup does not.
_KIND_TEXT = {kind: kind.value for kind in BonusKind}.__getitem__
_CHARACTER_TEXT = {character: character.value for character in Character}.__getitem__
_COLOUR_TEXT = {colour: colour.value for colour in Colour}.__getitem__
_SURFACE_TEXT = {surface: surface.value for surface in Surface}
_PHASE_TEXT = {phase: phase.value for phase in Phase}.__getitem__
_SPLIT_FIELDS = tuple(field.name for field in attrs.fields(BonusSplit))


def _options_fields(options: Options) -> dict[str, Any]:
    split = options.bonus_split
    colours = options.colours
    return {
        "bonus_split": {name: getattr(split, name) for name in _SPLIT_FIELDS},
        "first_player": options.first_player,
        "colours": None if colours is None else [list(map(_COLOUR_TEXT, held)) for held in colours],
        "partner_second_bonus": options.partner_second_bonus,
        "turn_limit": options.turn_limit,
    }


def _state_fields(state: State) -> dict[str, Any]:
    """The fields of ``state`` as JSON data, written as they are: a value that cannot be
    written (a string for a card, a board without its notation) fails here, and the
    validator names it."""
    pending = state.pending
    bonus_for = state.bonus_for
    return {
        "players": state.players,
        "board": state.board.notation,
        "options": _options_fields(state.options),
        "phase": _PHASE_TEXT(state.phase),
        "turn": state.turn,
        "pieces": [
            {
                "character": _CHARACTER_TEXT(piece.character),
                "position": piece.position,
                "half": _SURFACE_TEXT[piece.half] if piece.half is not None else None,
            }
            for piece in state.pieces
        ],
        "hands": [list(map(card_text, hand)) for hand in state.hands],
        "bonus_hands": [list(map(_KIND_TEXT, kinds)) for kinds in state.bonus_hands],
        "deck": list(map(card_text, state.deck)),
        "discard": list(map(card_text, state.discard)),
        "bonus_deck": list(map(_KIND_TEXT, state.bonus_deck)),
        "bonus_discard": list(map(_KIND_TEXT, state.bonus_discard)),
        "deal_next": state.deal_next,
        "specials_owed": state.specials_owed,
        "bonus_queue": list(state.bonus_queue),
        "bonus_for": None if bonus_for is None else _CHARACTER_TEXT(bonus_for),
        "jumper": state.jumper,
        "pending": None
        if pending is None
        else {
            "seat": pending.seat,
            "card": card_text(pending.card),
            "character": _CHARACTER_TEXT(pending.character),
            "responders": list(pending.responders),
            "bonuses": list(map(_KIND_TEXT, pending.bonuses)),
        },
        "turns_played": state.turns_played,
    }


STATE_JSON = StateJSON(
    GAME_NAME,
    FORMAT,
    State,
    {
        Card: Finite(CARDS_BY_TEXT, _read_card),
        Board: Custom(frozenset((str,)), _read_board),
    },
    lambda state: COMPACT(_state_fields(state)),
    validate_state,
    UPGRADES,
)
"""The one reader and writer of states."""


def to_json(state: State, indent: int | None = None) -> str:
    """The state as JSON text (round-trips exactly through `from_json`).

    A state that cannot be written (one built by hand holding a value of another type
    than a state holds, such as a string for a card) is refused with the
    `InvalidStateError` of `validate_state`, naming where; other states are written as
    they are, consistent or not.
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Super Teams State, got {type(state).__name__}")
    return STATE_JSON.dump(state, indent)


def from_json(text: str | bytes) -> State:
    """Load a state saved by `to_json`; refuse anything malformed or impossible."""
    state: State = STATE_JSON.read(STATE_JSON.fields(text))
    return state


def action_to_json(action: Action) -> str:
    """An action as JSON, tagged by ``"type"``."""
    return dump_action(converter, Action, ACTION_TYPES, action)


def action_from_json(text: str | bytes) -> Action:
    """Read an action; malformed input raises ``InvalidActionError`` naming the path."""
    action: Action = load_action(converter, Action, ACTION_TYPES, text)
    return action
