"""JSON for Super Teams states and actions.

A state's JSON is an object ``{"game": "super-teams", "format": 1, ...fields}``;
cards are written ``"blue-4"`` / ``"special"``, the board in board notation, actions
as objects tagged ``{"type": "play", ...}`` (the kebab-case class name).
`from_json` refuses another game or format, unknown or missing fields, values of
the wrong type, and states the rules could not produce (`validate.validate_state`),
always with an `InvalidStateError` naming the JSON path.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from sonic_rules.core.errors import BoardError, InvalidActionError, InvalidStateError
from sonic_rules.core.serialization import (
    MAX_JSON_CHARS,
    MAX_NUMBER_DIGITS,
    add_option_field,
    configure_actions,
    dump_action,
    load_action,
    load_state_fields,
    make_converter,
    require_every_field,
    structure_or_raise,
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
from sonic_rules.super_teams.state import PendingMove, Piece, State
from sonic_rules.super_teams.validate import check_rules, validate_state

T = TypeVar("T")

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
    """The state as JSON text (round-trips exactly through `from_json`).

    A state that cannot be written (one built by hand holding a value of another type
    than a state holds, such as a string for a card) is refused with the
    `InvalidStateError` of `validate_state`, naming where; other states are written as
    they are, consistent or not.
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Super Teams State, got {type(state).__name__}")
    try:
        return json.dumps(
            _state_fields(state), indent=indent, separators=None if indent else (",", ":")
        )
    except (AttributeError, TypeError, KeyError, IndexError, ValueError) as error:
        failure = error
    # A state that cannot be written is malformed: its checks name what is wrong. If they
    # find nothing, the failure is the writer's own.
    validate_state(state)
    raise failure


def from_json(text: str | bytes) -> State:
    """Load a state saved by `to_json`; refuse anything malformed or impossible."""
    plain = _read_plain(text)
    if plain is None:
        return _read_general(text)
    # Read straight from plainly well-formed JSON, every value is of exactly the type a
    # state holds there (`check_shapes` would find nothing): the rules are checked.
    check_rules(plain)
    return plain


def _read_general(text: str | bytes) -> State:
    """`from_json` the general way, through cattrs, for any input (the fast reader takes
    only plainly well-formed states; both refuse and accept exactly the same)."""
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


# -- the fast paths -------------------------------------------------------------------
#
# Writing: the JSON fields built straight from the state (no cattrs dispatch), the same
# text `dump_state` writes. Reading: a well-formed state of the current format, with every
# value of exactly the type its field needs, is read straight into a `State` and then
# checked by `validate_state` like any other; anything else (an older format, a value of
# another type, a card written another way, text the fast reader does not take) goes the
# general way through cattrs, which names what is wrong exactly as before.


class _NotPlain(Exception):
    """The JSON is not a plainly well-formed state: the general reader takes it."""


_BIG = 10**MAX_NUMBER_DIGITS
"""Integers of more digits than this are left to the general reader (which refuses them)."""


def _int(value: Any) -> int:
    if type(value) is not int or not -_BIG < value < _BIG:
        raise _NotPlain
    return value


def _optional_int(value: Any) -> int | None:
    return None if value is None else _int(value)


def _list(value: Any) -> list[Any]:
    if type(value) is not list:
        raise _NotPlain
    return value


def _cards(value: Any) -> tuple[Card, ...]:
    return tuple(map(CARDS_BY_TEXT.__getitem__, _list(value)))


def _kinds(value: Any) -> tuple[BonusKind, ...]:
    return tuple(map(_BONUS_KINDS.__getitem__, _list(value)))


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(map(_int, _list(value)))


def _record(value: Any, keys: frozenset[str]) -> dict[str, Any]:
    if type(value) is not dict or value.keys() != keys:
        raise _NotPlain
    return value


_BONUS_KINDS = {kind.value: kind for kind in BonusKind}
_CHARACTERS = {character.value: character for character in Character}
_COLOURS = {colour.value: colour for colour in Colour}
_SURFACES = {surface.value: surface for surface in Surface}
_PHASES = {phase.value: phase for phase in Phase}
# Reading ``member.value`` runs Python code (an enum property); a table lookup does not.
_KIND_TEXT = {kind: kind.value for kind in BonusKind}.__getitem__
_CHARACTER_TEXT = {character: character.value for character in Character}.__getitem__
_COLOUR_TEXT = {colour: colour.value for colour in Colour}.__getitem__
_SURFACE_TEXT = {surface: surface.value for surface in Surface}
_PHASE_TEXT = {phase: phase.value for phase in Phase}.__getitem__


def _keys(kind: type) -> frozenset[str]:
    return frozenset(field.name for field in attrs.fields(kind))


_STATE_KEYS = _keys(State) | {"game", "format"}
_OPTION_KEYS = _keys(Options)
_SPLIT_KEYS = _keys(BonusSplit)
_SPLIT_FIELDS = tuple(field.name for field in attrs.fields(BonusSplit))
_PIECE_KEYS = _keys(Piece)
_PENDING_KEYS = _keys(PendingMove)
_OPTIONS_READ: dict[tuple[Any, ...], Options] = {}
_PIECES_READ: dict[tuple[Any, ...], Piece] = {}
_MAX_KEPT = 4096


def _kept(table: dict[tuple[Any, ...], T], key: tuple[Any, ...], make: Callable[[], T]) -> T:
    """The frozen value ``make()`` builds for ``key``, built once while the table has room."""
    value = table.get(key)
    if value is None:
        value = make()
        if len(table) < _MAX_KEPT:
            table[key] = value
    return value


def _read_options(value: Any) -> Options:
    data = _record(value, _OPTION_KEYS)
    split = _record(data["bonus_split"], _SPLIT_KEYS)
    counts = tuple(_int(split[name]) for name in _SPLIT_FIELDS)
    colours = data["colours"]
    if colours is not None:
        colours = tuple(tuple(map(_COLOURS.__getitem__, _list(held))) for held in _list(colours))
    second = data["partner_second_bonus"]
    if type(second) is not bool:
        raise _NotPlain
    key = (counts, _int(data["first_player"]), colours, second, _optional_int(data["turn_limit"]))
    return _kept(
        _OPTIONS_READ,
        key,
        lambda: Options(BonusSplit(*counts), key[1], colours, second, key[4]),
    )


def _read_piece(value: Any) -> Piece:
    data = _record(value, _PIECE_KEYS)
    half = data["half"]
    key = (
        _CHARACTERS[data["character"]],
        _int(data["position"]),
        None if half is None else _SURFACES[half],
    )
    return _kept(_PIECES_READ, key, lambda: Piece(*key))


def _read_pending(value: Any) -> PendingMove | None:
    if value is None:
        return None
    data = _record(value, _PENDING_KEYS)
    return PendingMove(
        _int(data["seat"]),
        CARDS_BY_TEXT[data["card"]],
        _CHARACTERS[data["character"]],
        _ints(data["responders"]),
        _kinds(data["bonuses"]),
    )


def _read_plain(text: str | bytes) -> State | None:
    """The state ``text`` holds if it is plainly well formed, else ``None``."""
    if type(text) is not str or len(text) > MAX_JSON_CHARS:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    try:
        data = _record(data, _STATE_KEYS)
        if data["game"] != GAME_NAME or _int(data["format"]) != FORMAT:
            return None
        board = data["board"]
        bonus_for = data["bonus_for"]
        if type(board) is not str:
            return None
        return State(
            players=_int(data["players"]),
            board=Board.parse(board),
            options=_read_options(data["options"]),
            phase=_PHASES[data["phase"]],
            turn=_int(data["turn"]),
            pieces=tuple(map(_read_piece, _list(data["pieces"]))),
            hands=tuple(map(_cards, _list(data["hands"]))),
            bonus_hands=tuple(map(_kinds, _list(data["bonus_hands"]))),
            deck=_cards(data["deck"]),
            discard=_cards(data["discard"]),
            bonus_deck=_kinds(data["bonus_deck"]),
            bonus_discard=_kinds(data["bonus_discard"]),
            deal_next=_int(data["deal_next"]),
            specials_owed=_int(data["specials_owed"]),
            bonus_queue=_ints(data["bonus_queue"]),
            bonus_for=None if bonus_for is None else _CHARACTERS[bonus_for],
            jumper=_optional_int(data["jumper"]),
            pending=_read_pending(data["pending"]),
            turns_played=_int(data["turns_played"]),
        )
    except (_NotPlain, KeyError, TypeError, BoardError):
        return None


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
    """What `dump_state` writes for ``state``, built directly."""
    pending = state.pending
    bonus_for = state.bonus_for
    return {
        "game": GAME_NAME,
        "format": FORMAT,
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
