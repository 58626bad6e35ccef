"""Super Teams in a game record: the header fields and the action notation.

A line names one action, in a short form written at the table or a long form read
aloud (the words may come in any order; case, commas and a final full stop do not
matter):

| action | short form | long form |
|---|---|---|
| a card dealt | ``deal 2 blue4`` | ``seat 2 is dealt blue 4`` |
| the special card dealt | ``deal 2 special`` | ``seat 2 is dealt the special card`` |
| a bonus card taken | ``bonus 1 speed`` | ``seat 1 takes Speed Bonus`` |
| a movement card played | ``2 blue4 Tails`` | ``seat 2 plays blue 4 on Tails`` |
| a bonus card played | ``1 shield`` | ``seat 1 plays Shield`` |
| no bonus card | ``1 pass`` | ``seat 1 passes`` |
| a half chosen | ``0 half rings`` | ``seat 0 chooses the rings half`` |
| a Super Jump target | ``3 jump Rouge`` | ``seat 3 Super Jumps Rouge`` |
| a card dealt unseen | ``deal 2 ?`` | ``seat 2 is dealt ?`` |
| a bonus card taken unseen | ``bonus 1 ?`` | ``seat 1 takes ?`` |

The seat may be left out where the rules name it (the seat to act, the seat the deal
or the bonus queue reaches), and the character where the card's colour leaves only
one to move: ``blue4`` alone plays blue 4 for the seat to act when only one blue
character is still racing, and is ambiguous otherwise. During a deal a bare card
(``2 blue4``) is a card dealt; during a bonus draw a bare bonus card is one taken.

>>> from sonic_rules import super_teams as st
>>> state = st.new_game(2)
>>> NOTATION.parse_action(state, "seat 0 is dealt blue 4")
Deal(seat=0, card=Card.parse('blue-4'))
>>> NOTATION.action_to_str(state, st.Deal(0, "blue-4"))
'deal 0 blue4'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import attrs

from sonic_rules.core.errors import (
    BoardError,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    RulesError,
)
from sonic_rules.core.notation import AmbiguousActionError, HeaderError, NotationError
from sonic_rules.super_teams.actions import (
    Action,
    ChooseHalf,
    ChooseJumper,
    Deal,
    DrawBonus,
    Pass,
    Play,
    PlayBonus,
)
from sonic_rules.super_teams.board import Board, Surface
from sonic_rules.super_teams.cards import BonusKind, Card, Character, Colour
from sonic_rules.super_teams.legality import movable_characters
from sonic_rules.super_teams.options import DEFAULT_COLOURS, BonusSplit, Options
from sonic_rules.super_teams.phases import Phase
from sonic_rules.super_teams.serialize import converter
from sonic_rules.super_teams.setup import new_game
from sonic_rules.super_teams.state import State

# -- reading a line -----------------------------------------------------------------------

_TOKEN = re.compile(
    r"(?P<card>\b(?:blue|red|black|yellow)[ \t]*-?[ \t]*\d+\b)"
    r"|(?P<word>[a-z]+(?:-[a-z]+)*)"
    r"|(?P<number>\d+)"
    r"|(?P<unknown>\?)"
    r"|(?P<other>\S)",
    re.IGNORECASE,
)
_PHRASES: dict[tuple[str, str], str] = {
    ("metal", "sonic"): "metal-sonic",
    ("amy", "rose"): "amy",
    ("speed", "bonus"): "speed",
    ("dexterity", "bonus"): "dexterity",
    ("super", "jump"): "super-jump",
    ("super", "jumps"): "super-jumps",
    ("special", "card"): "special",
    ("bonus", "card"): "card",
    ("bonus", "deck"): "deck",
}
_CHARACTERS = {c.value: c for c in Character} | {"amy-rose": Character.AMY}
_KINDS = {k.value: k for k in BonusKind}
_HALVES = {"rings": Surface.RINGS, "spikes": Surface.SPIKES, "normal": Surface.NORMAL}
_HALVES["grass"] = Surface.NORMAL
_VERBS = {
    "deal": "deal",
    "deals": "deal",
    "dealt": "deal",
    "bonus": "draw",
    "take": "draw",
    "takes": "draw",
    "took": "draw",
    "draw": "draw",
    "draws": "draw",
    "drew": "draw",
    "play": "play",
    "plays": "play",
    "played": "play",
    "pass": "pass",
    "passes": "pass",
    "passed": "pass",
    "half": "half",
    "choose": "half",
    "chooses": "half",
    "chose": "half",
    "jump": "jump",
    "jumps": "jump",
    "super-jumps": "jump",
}
_FILLER = frozenset(
    {"seat", "is", "the", "a", "an", "to", "on", "for", "from", "deck", "card", "cards"}
    | {"move", "with", "of", "by", "its", "it"}
)
_IGNORED = frozenset(".,;:")


@attrs.frozen
class _Token:
    kind: str
    text: str
    column: int


@attrs.frozen
class Unknown:
    """A chance outcome the recorder did not see: a card dealt (``deal``) or a bonus
    card taken (``draw``) by ``seat``, written with ``?``."""

    what: str
    seat: int

    def __str__(self) -> str:
        if self.what == "deal":
            return f"seat {self.seat} is dealt ?"
        return f"seat {self.seat} takes ?"


@attrs.define
class _Parts:
    """What a line names, sorted by kind of word."""

    seats: list[_Token] = attrs.Factory(list)
    cards: list[tuple[Card, _Token]] = attrs.Factory(list)
    kinds: list[tuple[BonusKind, _Token]] = attrs.Factory(list)
    characters: list[tuple[Character, _Token]] = attrs.Factory(list)
    halves: list[tuple[Surface, _Token]] = attrs.Factory(list)
    verbs: dict[str, _Token] = attrs.Factory(dict)
    unknown: _Token | None = None
    special: _Token | None = None


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or "other"
        value = match.group().lower()
        if kind == "other" and value in _IGNORED:
            continue
        if kind == "card":
            value = re.sub(r"[ \t-]+", "", value)
        previous = tokens[-1] if tokens else None
        if previous is not None and kind == "word" and (previous.text, value) in _PHRASES:
            tokens[-1] = _Token("word", _PHRASES[previous.text, value], previous.column)
            continue
        tokens.append(_Token(kind, value, match.start()))
    return tokens


def _card(token: _Token) -> Card:
    colour_text = token.text.rstrip("0123456789")
    value = token.text[len(colour_text) :]
    if not 1 <= int(value) <= 6:
        raise NotationError(f"a card's value is 1 to 6, not {value}", token.column)
    return Card(Colour(colour_text), int(value))


def _sort(tokens: list[_Token]) -> _Parts:
    parts = _Parts()
    for token in tokens:
        text = token.text
        if token.kind == "card":
            parts.cards.append((_card(token), token))
        elif token.kind == "number":
            parts.seats.append(token)
        elif token.kind == "unknown":
            parts.unknown = token
        elif token.kind == "other":
            raise NotationError(f"unexpected {text!r}", token.column)
        elif text == "special":
            parts.cards.append((Card.special(), token))
        elif text in _CHARACTERS:
            parts.characters.append((_CHARACTERS[text], token))
        elif text in _KINDS:
            parts.kinds.append((_KINDS[text], token))
        elif text in _HALVES:
            parts.halves.append((_HALVES[text], token))
        elif text in _VERBS:
            parts.verbs.setdefault(_VERBS[text], token)
        elif text not in _FILLER:
            raise NotationError(f"unknown word {text!r}", token.column)
    return parts


def _one(found: list[tuple[Any, _Token]], what: str, text: str) -> Any:
    if not found:
        raise NotationError(f"{text!r} names no {what}")
    if len(found) > 1:
        raise NotationError(f"{text!r} names more than one {what}", found[1][1].column)
    return found[0][0]


def _no_extra(parts: _Parts, allowed: set[str]) -> None:
    """Refuse words that belong to no part of the action being read."""
    groups: dict[str, list[Any]] = {
        "card": parts.cards,
        "bonus card": parts.kinds,
        "character": parts.characters,
        "half": parts.halves,
    }
    for name, found in groups.items():
        if found and name not in allowed:
            raise NotationError(f"a {name} has no place here", found[0][1].column)


def _seat(parts: _Parts, default: int) -> int:
    if not parts.seats:
        return default
    if len(parts.seats) > 1:
        raise NotationError("more than one seat is named", parts.seats[1].column)
    return int(parts.seats[0].text)


def _default_seat(state: State) -> int:
    to_act = state.to_act
    return to_act if isinstance(to_act, int) else state.turn


def _deal_seat(state: State) -> int:
    return state.deal_next


def _draw_seat(state: State) -> int:
    return state.bonus_queue[0] if state.bonus_queue else _default_seat(state)


def read_line(state: State, text: str) -> Action | Unknown:
    """The action ``text`` names in ``state``, or the `Unknown` outcome it records."""
    parts = _sort(_tokens(text))
    verbs = parts.verbs
    phase = state.phase
    if parts.unknown is not None:
        _no_extra(parts, set())
        if "deal" in verbs or ("draw" not in verbs and phase is Phase.DEAL):
            return Unknown("deal", _seat(parts, _deal_seat(state)))
        if "draw" in verbs or phase is Phase.BONUS_DRAW:
            return Unknown("draw", _seat(parts, _draw_seat(state)))
        raise NotationError(
            "'?' stands for a card dealt or a bonus card taken unseen", parts.unknown.column
        )
    if "deal" in verbs or (
        phase is Phase.DEAL and parts.cards and not parts.characters and "play" not in verbs
    ):
        _no_extra(parts, {"card"})
        return Deal(_seat(parts, _deal_seat(state)), _one(parts.cards, "card", text))
    if "pass" in verbs:
        _no_extra(parts, set())
        return Pass(_seat(parts, _default_seat(state)))
    if parts.cards:
        return _play(state, parts, text)
    if parts.kinds and not (parts.characters and "jump" in verbs):
        _no_extra(parts, {"bonus card"})
        kind = _one(parts.kinds, "bonus card", text)
        if "draw" in verbs or (phase is Phase.BONUS_DRAW and "play" not in verbs):
            return DrawBonus(_seat(parts, _draw_seat(state)), kind)
        return PlayBonus(_seat(parts, _default_seat(state)), kind)
    if parts.halves or "half" in verbs:
        return _half(state, parts, text)
    if parts.characters and ("jump" in verbs or phase is Phase.SUPER_JUMP_TARGET):
        _no_extra(parts, {"character", "bonus card"})
        return ChooseJumper(
            _seat(parts, _default_seat(state)), _one(parts.characters, "character", text)
        )
    if "play" in verbs:
        raise NotationError("a play names a card or a bonus card", verbs["play"].column)
    raise NotationError("no card, bonus card, pass, half or character is named")


def _play(state: State, parts: _Parts, text: str) -> Play:
    _no_extra(parts, {"card", "character"})
    card: Card = _one(parts.cards, "card", text)
    seat = _seat(parts, _default_seat(state))
    if parts.characters:
        return Play(seat, card, _one(parts.characters, "character", text))
    movable = movable_characters(state, card.colour)
    if len(movable) > 1:
        raise AmbiguousActionError(
            text, tuple(_long(state, Play(seat, card, character)) for character in movable)
        )
    if movable:
        return Play(seat, card, movable[0])
    # Nothing may move: the engine says why (the special card, a colour all across...).
    return Play(seat, card, card.colour.characters[0] if card.colour else Character.SONIC)


def _half(state: State, parts: _Parts, text: str) -> ChooseHalf:
    _no_extra(parts, {"half", "character"})
    half: Surface = _one(parts.halves, "half (rings, spikes or normal)", text)
    pending = state.pending
    if parts.characters and pending is not None:
        named: Character = _one(parts.characters, "character", text)
        if named is not pending.character:
            raise IllegalActionError(
                "ST-DOUBLE-HALF", f"the move in progress is {pending.character}'s, not {named}'s"
            )
    return ChooseHalf(_seat(parts, _default_seat(state)), half)


# -- writing a line ---------------------------------------------------------------------------


def _short_card(card: Card) -> str:
    return "special" if card.colour is None else f"{card.colour.value}{card.value}"


def _long_card(card: Card) -> str:
    return "the special card" if card.colour is None else f"{card.colour.value} {card.value}"


def _short(action: Action) -> str:
    match action:
        case Deal():
            return f"deal {action.seat} {_short_card(action.card)}"
        case DrawBonus():
            return f"bonus {action.seat} {action.kind.value}"
        case Play():
            return f"{action.seat} {_short_card(action.card)} {action.character.display_name}"
        case PlayBonus():
            return f"{action.seat} {action.kind.value}"
        case Pass():
            return f"{action.seat} pass"
        case ChooseHalf():
            return f"{action.seat} half {action.half.value}"
        case ChooseJumper():
            return f"{action.seat} jump {action.character.display_name}"
    raise InvalidActionError(f"not a Super Teams action: {action!r}")


def _long(state: State | None, action: Action) -> str:
    seat = f"seat {action.seat}"
    match action:
        case Deal():
            return f"{seat} is dealt {_long_card(action.card)}"
        case DrawBonus():
            return f"{seat} takes {action.kind.display_name}"
        case Play():
            return f"{seat} plays {_long_card(action.card)} on {action.character.display_name}"
        case PlayBonus():
            return f"{seat} plays {action.kind.display_name}"
        case Pass():
            return f"{seat} passes"
        case ChooseHalf():
            pending = state.pending if state is not None else None
            whose = "" if pending is None else f" for {pending.character.display_name}"
            return f"{seat} chooses the {action.half.value} half{whose}"
        case ChooseJumper():
            return f"{seat} Super Jumps {action.character.display_name}"
    raise InvalidActionError(f"not a Super Teams action: {action!r}")


def unknown_to_str(unknown: Unknown, long: bool = False) -> str:
    """An unseen outcome as a record line: ``deal 2 ?`` or ``seat 2 is dealt ?``."""
    if long:
        return str(unknown)
    return f"{'deal' if unknown.what == 'deal' else 'bonus'} {unknown.seat} ?"


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

_SEAT_FIELD = re.compile(r"seat (\d+)")
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
        if len(words) != 2 or words[0].lower() not in names or not words[1].isdigit():
            example = _bonus_split_text(BonusSplit())
            raise ValueError(f"write each kind and its count ({example}), not {part.strip()!r}")
        split[names[words[0].lower()]] = int(words[1])
    return split


def _option_value(field: attrs.Attribute[Any], text: str) -> Any:
    if field.name == "bonus_split":
        return _bonus_split_value(text)
    lowered = text.strip().lower()
    if lowered in ("yes", "true", "on"):
        return True
    if lowered in ("no", "false", "off"):
        return False
    if lowered == "none":
        return None
    if re.fullmatch(r"-?\d+", lowered):
        return int(lowered)
    return json.loads(text)


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
        return _long(state, action) if long else _short(action)

    def expected(self, state: State) -> str:
        return expected(state)

    def tracker(self, start_state: State) -> Any:
        from sonic_rules.super_teams.unknowns import UnknownsTracker

        return UnknownsTracker(start_state)


NOTATION = SuperTeamsNotation()
"""The Super Teams notation object the records use."""
