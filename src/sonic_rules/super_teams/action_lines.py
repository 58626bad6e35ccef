"""Super Teams action lines: reading a line of a record as an action, writing one.

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
>>> read_line(st.new_game(2), "seat 0 is dealt blue 4")
Deal(seat=0, card=Card.parse('blue-4'))
>>> read_line(st.new_game(2), "deal 0 ?")
Unknown(what='deal', seat=0)
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from sonic_rules.core.errors import IllegalActionError, InvalidActionError
from sonic_rules.core.notation import AmbiguousActionError, Token, fault, tokenize
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
from sonic_rules.super_teams.board import Surface
from sonic_rules.super_teams.cards import BonusKind, Card, Character, Colour
from sonic_rules.super_teams.legality import movable_characters
from sonic_rules.super_teams.phases import Phase
from sonic_rules.super_teams.state import State

# -- reading a line -----------------------------------------------------------------------

# Possessive: a colour followed by a long run of spaces and no number is refused in one
# pass, not once for every way of sharing the spaces between the two runs.
_TOKEN = re.compile(
    r"(?P<card>\b(?:blue|red|black|yellow)[ \t]*+-?+[ \t]*+\d++\b)"
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

    seats: list[Token] = attrs.Factory(list)
    cards: list[tuple[Card, Token]] = attrs.Factory(list)
    kinds: list[tuple[BonusKind, Token]] = attrs.Factory(list)
    characters: list[tuple[Character, Token]] = attrs.Factory(list)
    halves: list[tuple[Surface, Token]] = attrs.Factory(list)
    verbs: dict[str, Token] = attrs.Factory(dict)
    unknown: Token | None = None


def _tokens(text: str) -> list[Token]:
    """The line's cards, words, numbers and ``?`` (lower case; punctuation dropped, a
    two-word name as one word)."""
    tokens: list[Token] = []
    for token in tokenize(_TOKEN, text):
        kind, value = token.kind, token.text.lower()
        if kind == "other" and value in _IGNORED:
            continue
        if kind == "card":
            value = re.sub(r"[ \t-]+", "", value)
        previous = tokens[-1] if tokens else None
        if previous is not None and kind == "word" and (previous.text, value) in _PHRASES:
            tokens[-1] = Token("word", _PHRASES[previous.text, value], previous.column)
            continue
        tokens.append(Token(kind, value, token.column))
    return tokens


def _card(token: Token) -> Card:
    colour_text = token.text.rstrip("0123456789")
    value = token.text[len(colour_text) :]
    if not re.fullmatch("[1-6]", value):
        raise fault(f"a card's value is 1 to 6, not {value[:10]}", token)
    return Card(Colour(colour_text), int(value))


def _sort(tokens: list[Token]) -> _Parts:
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
            raise fault(f"unexpected {text!r}", token)
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
            raise fault(f"unknown word {text!r}", token)
    return parts


def _one(found: list[tuple[Any, Token]], what: str, text: str) -> Any:
    if not found:
        raise fault(f"{text!r} names no {what}")
    if len(found) > 1:
        raise fault(f"{text!r} names more than one {what}", found[1][1])
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
            raise fault(f"a {name} has no place here", found[0][1])


def _seat(parts: _Parts, default: int) -> int:
    if not parts.seats:
        return default
    if len(parts.seats) > 1:
        raise fault("more than one seat is named", parts.seats[1])
    seat = parts.seats[0]
    if not re.fullmatch("[0-9]{1,3}", seat.text):
        raise fault(f"no seat {seat.text[:10]!r}", seat)
    return int(seat.text)


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
    if parts.unknown is not None:
        return _read_unknown(state, parts, parts.unknown)
    if _names_deal(state, parts):
        return _read_deal(state, parts, text)
    if "pass" in verbs:
        _no_extra(parts, set())
        return Pass(_seat(parts, _default_seat(state)))
    if parts.cards:
        return _read_play(state, parts, text)
    if parts.kinds and not (parts.characters and "jump" in verbs):
        return _read_bonus(state, parts, text)
    if parts.halves or "half" in verbs:
        return _read_half(state, parts, text)
    if parts.characters and ("jump" in verbs or state.phase is Phase.SUPER_JUMP_TARGET):
        return _read_jumper(state, parts, text)
    if "play" in verbs:
        raise fault("a play names a card or a bonus card", verbs["play"])
    raise fault("no card, bonus card, pass, half or character is named")


def _read_unknown(state: State, parts: _Parts, unknown: Token) -> Unknown:
    """A ``?`` line: a card dealt unseen, or a bonus card taken unseen; the verb says
    which, else the phase."""
    _no_extra(parts, set())
    verbs, phase = parts.verbs, state.phase
    if "deal" in verbs or ("draw" not in verbs and phase is Phase.DEAL):
        return Unknown("deal", _seat(parts, _deal_seat(state)))
    if "draw" in verbs or phase is Phase.BONUS_DRAW:
        return Unknown("draw", _seat(parts, _draw_seat(state)))
    raise fault("'?' stands for a card dealt or a bonus card taken unseen", unknown)


def _names_deal(state: State, parts: _Parts) -> bool:
    """Whether the line is a card dealt: it says so, or a deal is under way and the line
    names a card but neither a character nor a play."""
    if "deal" in parts.verbs:
        return True
    return (
        state.phase is Phase.DEAL
        and bool(parts.cards)
        and not parts.characters
        and "play" not in parts.verbs
    )


def _read_deal(state: State, parts: _Parts, text: str) -> Deal:
    _no_extra(parts, {"card"})
    return Deal(_seat(parts, _deal_seat(state)), _one(parts.cards, "card", text))


def _read_bonus(state: State, parts: _Parts, text: str) -> DrawBonus | PlayBonus:
    """A bonus card taken (the verb says so, or a bonus draw is under way and the line
    is no play) or played."""
    _no_extra(parts, {"bonus card"})
    kind = _one(parts.kinds, "bonus card", text)
    if "draw" in parts.verbs or (state.phase is Phase.BONUS_DRAW and "play" not in parts.verbs):
        return DrawBonus(_seat(parts, _draw_seat(state)), kind)
    return PlayBonus(_seat(parts, _default_seat(state)), kind)


def _read_jumper(state: State, parts: _Parts, text: str) -> ChooseJumper:
    _no_extra(parts, {"character", "bonus card"})
    return ChooseJumper(
        _seat(parts, _default_seat(state)), _one(parts.characters, "character", text)
    )


def _read_play(state: State, parts: _Parts, text: str) -> Play:
    _no_extra(parts, {"card", "character"})
    card: Card = _one(parts.cards, "card", text)
    seat = _seat(parts, _default_seat(state))
    if parts.characters:
        return Play(seat, card, _one(parts.characters, "character", text))
    movable = movable_characters(state, card.colour)
    if len(movable) > 1:
        raise AmbiguousActionError(
            text, tuple(long_form(state, Play(seat, card, character)) for character in movable)
        )
    if movable:
        return Play(seat, card, movable[0])
    # Nothing may move: the engine says why (the special card, a colour all across...).
    return Play(seat, card, card.colour.characters[0] if card.colour else Character.SONIC)


def _read_half(state: State, parts: _Parts, text: str) -> ChooseHalf:
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


def short_form(action: Action) -> str:
    """``action`` as a short record line: ``2 blue4 Tails``."""
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


def long_form(state: State | None, action: Action) -> str:
    """``action``, taken in ``state``, as a sentence: ``seat 2 plays blue 4 on Tails``."""
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
