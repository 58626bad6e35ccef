"""Super Teams in a game record: the header fields, the action lines, what is expected.

``NOTATION`` is the Super Teams part of the record format
(`sonic_rules.core.notation.Notation`, with `sonic_rules.core.notation.PartialNotation`
for unseen cards): `header` and `start` for the header, `parse_action` and
`action_to_str` for the action lines (`action_lines` says how they read), `expected`
for validation reports, and a tracker for records with unseen cards (`unknowns`).

>>> from sonic_rules import super_teams as st
>>> state = st.new_game(2)
>>> NOTATION.parse_action(state, "seat 0 is dealt blue 4")
Deal(seat=0, card=Card.parse('blue-4'))
>>> NOTATION.action_to_str(state, st.Deal(0, "blue-4"))
'deal 0 blue4'
>>> NOTATION.header(state)[-1]
('board', 'default')
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import attrs

from sonic_rules.core.errors import BoardError, InvalidActionError, InvalidStateError, RulesError
from sonic_rules.core.notation import HeaderError
from sonic_rules.core.serialization import loads_json
from sonic_rules.super_teams.action_lines import Unknown, long_form, read_line, short_form
from sonic_rules.super_teams.actions import Action
from sonic_rules.super_teams.board import Board
from sonic_rules.super_teams.cards import BonusKind, Colour
from sonic_rules.super_teams.options import DEFAULT_COLOURS, BonusSplit, Options
from sonic_rules.super_teams.phases import Phase
from sonic_rules.super_teams.serialize import converter
from sonic_rules.super_teams.setup import new_game
from sonic_rules.super_teams.state import State

# -- what is expected ---------------------------------------------------------------------


def expected(state: State) -> str:
    """What the rules expect next in ``state`` and from whom, as a sentence."""
    pending = state.pending
    match state.phase:
        case Phase.DEAL:
            seat = state.deal_next
            return f"the next card of the deal goes to seat {seat} (deal {seat} ...)"
        case Phase.BONUS_DRAW:
            seat = state.bonus_queue[0]
            return f"seat {seat} must take a bonus card before anyone plays (bonus {seat} ...)"
        case Phase.SUPER_JUMP_TARGET:
            return (
                f"seat {state.jumper} chooses which character Super Jumps ({state.jumper} jump ...)"
            )
        case Phase.PLAY:
            return f"seat {state.turn} plays a movement card ({state.turn} <card> <character>)"
        case Phase.RESPONSE:
            assert pending is not None
            seat = pending.responders[0]
            return (
                f"seat {seat} plays a bonus card on {pending.character}'s move or passes "
                f"({seat} pass)"
            )
        case Phase.CHOOSE_HALF:
            assert pending is not None
            halves = state.board[state.piece(pending.character).position].halves
            assert halves is not None
            return (
                f"seat {pending.seat} chooses the half {pending.character} stands on: "
                f"{halves[0]} or {halves[1]} ({pending.seat} half ...)"
            )
    winners = " and ".join(f"seat {seat}" for seat in state.winners) or "nobody"
    return f"nothing: the game is over ({winners} won); only the result line may follow"


# -- the header ---------------------------------------------------------------------------

_SEAT_FIELD = re.compile("seat ([0-9]{1,3})")
_COUNT = re.compile("-?[0-9]{1,9}")
_HEADER_OPTIONS = ("first_player", "colours")
"""Options written as their own header fields (``first player``, ``seat N``)."""


def _option_name(field: str) -> str:
    return field.replace("_", " ")


def _bonus_split_text(split: BonusSplit) -> str:
    return ", ".join(f"{kind.value} {split.count(kind)}" for kind in BonusKind)


def _option_text(value: Any) -> str:
    if isinstance(value, BonusSplit):
        return _bonus_split_text(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, int):
        return str(value)
    return json.dumps(converter.unstructure(value))


def header(start: State) -> list[tuple[str, str]]:
    """The seats' colours, the first player, the board and every non-default option."""
    options = start.options
    fields = [
        (f"seat {seat}", " ".join(colour.value for colour in colours))
        for seat, colours in enumerate(start.seat_colours)
    ]
    fields.append(("first player", str(options.first_player)))
    board = "default" if start.board == Board.default() else start.board.notation
    fields.append(("board", board))
    for field in attrs.fields(Options):
        value = getattr(options, field.name)
        if field.name not in _HEADER_OPTIONS and value != field.default:
            fields.append((_option_name(field.name), _option_text(value)))
    return fields


def _bonus_split_value(text: str) -> dict[str, int]:
    split: dict[str, int] = {}
    names = {kind.value: kind.name.lower() for kind in BonusKind}
    for part in text.split(","):
        words = part.split()
        if len(words) != 2 or words[0].lower() not in names or not _COUNT.fullmatch(words[1]):
            example = _bonus_split_text(BonusSplit())
            raise ValueError(f"write each kind and its count ({example}), not {part.strip()!r}")
        split[names[words[0].lower()]] = int(words[1])
    return split


def _option_value(field: attrs.Attribute[Any], text: str) -> Any:
    if field.name == "bonus_split":
        return _bonus_split_value(text)
    lowered = text.strip().lower()
    if field.name == "first_player":
        lowered = lowered.removeprefix("seat").strip()
    if lowered in ("yes", "true", "on"):
        return True
    if lowered in ("no", "false", "off"):
        return False
    if lowered == "none":
        return None
    if _COUNT.fullmatch(lowered):
        return int(lowered)
    try:
        return loads_json(text)
    except InvalidStateError:
        raise ValueError(
            f"{text[:20]!r} is no value: write yes, no, a whole number, none or JSON"
        ) from None


def _colours(players: int, fields: Mapping[str, str]) -> list[list[str]] | None:
    seats: dict[int, list[str]] = {}
    for key, value in fields.items():
        match = _SEAT_FIELD.fullmatch(key)
        if match is None:
            continue
        seat = int(match.group(1))
        if seat >= players:
            raise HeaderError(key, f"this game has seats 0 to {players - 1}")
        words = value.replace(",", " ").replace("+", " ").lower().split()
        for word in words:
            if word not in {colour.value for colour in Colour}:
                raise HeaderError(key, f"{word!r} is not a colour (blue, red, black, yellow)")
        seats[seat] = words
    if not seats:
        return None
    missing = [seat for seat in range(players) if seat not in seats]
    if missing:
        raise HeaderError(f"seat {missing[0]}", "name every seat's colours, or none")
    colours = [seats[seat] for seat in range(players)]
    default = [[colour.value for colour in held] for held in DEFAULT_COLOURS[players]]
    return None if colours == default else colours


def start(players: int, variant: str, fields: Mapping[str, str]) -> State:
    """The start state the header fields describe (`HeaderError` naming a bad field)."""
    options: dict[str, Any] = {}
    colours = _colours(players, fields)
    if colours is not None:
        options["colours"] = colours
    by_name = {_option_name(field.name): field for field in attrs.fields(Options)}
    board: str | None = None
    for key, value in fields.items():
        try:
            if _SEAT_FIELD.fullmatch(key):
                continue
            if key == "board":
                board = None if value.strip().lower() == "default" else value
            elif key in by_name and by_name[key].name != "colours":
                options[by_name[key].name] = _option_value(by_name[key], value)
            else:
                known = ", ".join(["seat N", "board", *(n for n in by_name if n != "colours")])
                raise HeaderError(key, f"not a Super Teams header field; they are: {known}")
        except (ValueError, json.JSONDecodeError) as error:
            if isinstance(error, RulesError):
                raise
            raise HeaderError(key, str(error)) from None
    try:
        if board is not None:
            Board.parse(board)
    except BoardError as error:
        raise HeaderError("board", str(error)) from None
    try:
        return new_game(players, variant=variant, board=board, options=options)
    except InvalidStateError as error:
        field = error.path.removeprefix("$.options.").split(".")[0].split("[")[0]
        name = {"colours": "seat 0", "players": "players"}.get(field, _option_name(field))
        raise HeaderError(name, error.message) from None


# -- the protocol ---------------------------------------------------------------------------


class SuperTeamsNotation:
    """Super Teams' part of the record format (`sonic_rules.core.notation.Notation`),
    with partial information (`sonic_rules.core.notation.PartialNotation`)."""

    def header(self, start_state: State) -> list[tuple[str, str]]:
        return header(start_state)

    def start(self, players: int, variant: str, fields: Mapping[str, str]) -> State:
        return start(players, variant, fields)

    def parse_action(self, state: State, text: str) -> Action:
        """The action ``text`` names; a ``?`` outcome is no action (``InvalidActionError``:
        only a record's tracker reads it)."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        read = read_line(state, text)
        if isinstance(read, Unknown):
            raise InvalidActionError(
                f"{text!r} records an unseen outcome, not an action: a record reads it"
            )
        return read

    def action_to_str(self, state: State, action: Action, long: bool = False) -> str:
        return long_form(state, action) if long else short_form(action)

    def expected(self, state: State) -> str:
        return expected(state)

    def tracker(self, start_state: State) -> Any:
        from sonic_rules.super_teams.unknowns import UnknownsTracker

        return UnknownsTracker(start_state)


NOTATION = SuperTeamsNotation()
"""The Super Teams notation object the records use."""
