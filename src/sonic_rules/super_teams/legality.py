"""Which actions are legal: each phase's lister builds exactly its legal actions, and
`check` accepts an action when the lister of the state's phase lists it.

The listers ask the questions the rules ask (who acts, `movable_characters`,
`bonus_is_playable`, `half_choices`, `jump_candidates`, the decks' contents) and build
the list from the answers; nothing else decides legality. Only when an action is
refused is the rule it breaks worked out (`_REFUSALS`, one explanation per action
type), with the refusal the rulebook gives.

What the listers work out once and use again (a seat's plays for the colours in play,
a bonus hand's responses, a deck's counts) is kept in the named tables of
`sonic_rules.core.interning`, keyed by values of exactly the types a state holds.
"""

from __future__ import annotations

from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable
from itertools import chain, groupby
from operator import attrgetter, getitem, is_not
from typing import Any, NoReturn

import attrs

from sonic_rules.core.engine import phase_listers
from sonic_rules.core.errors import IllegalActionError, InvalidActionError
from sonic_rules.core.interning import IdentityMemo, Memo
from sonic_rules.super_teams.actions import (
    ACTION_TYPES,
    DEALS,
    DRAWS,
    Action,
    ChooseHalf,
    ChooseJumper,
    Deal,
    DrawBonus,
    Pass,
    Play,
    PlayBonus,
    interned,
)
from sonic_rules.super_teams.board import Surface
from sonic_rules.super_teams.cards import (
    CARDS,
    BonusKind,
    Card,
    Character,
    Colour,
    card_rank,
    holds_card,
)
from sonic_rules.super_teams.members import NORMAL, SHIELD, SPIKES, SUPER_JUMP, SUPERBONUS
from sonic_rules.super_teams.phases import PHASES, Phase
from sonic_rules.super_teams.state import State

# -- the questions the rules ask ---------------------------------------------------

_position = attrgetter("position")


def movable_characters(state: State, colour: Colour | None) -> tuple[Character, ...]:
    """The characters a card of ``colour`` may move (ST-CHARACTER-COLOUR, ST-COLOUR-FALLBACK).

    None for the special card (``colour`` ``None``) or a colour not in play; a crossed
    character never (ST-CROSSED-STAY).
    """
    if colour is None or colour not in state.colours_in_play:
        return ()
    if max(map(_position, state.pieces), default=-1) < len(state.board.spaces):
        return colour.characters  # nobody has crossed yet (most of a game)
    own = tuple(c for c in colour.characters if not state.has_crossed(c))
    if own:
        return own
    side = state.side_of(state.holder(colour))
    others = [c for c in state.side_colours(side) if c is not colour]
    return tuple(c for other in others for c in other.characters if not state.has_crossed(c))


def jump_candidates(state: State, seat: int) -> tuple[Character, ...]:
    """Who ``seat`` may Super Jump after taking it through the special card
    (ST-SUPER-JUMP-SPECIAL): its own characters still racing, else its partner's."""
    own = _racing(state, seat)
    partner = state.partner(seat)
    if own or partner is None:
        return own
    return _racing(state, partner)


def _racing(state: State, seat: int) -> tuple[Character, ...]:
    return tuple(
        c
        for colour in state.seat_colours[seat]
        for c in colour.characters
        if not state.has_crossed(c)
    )


def bonus_is_playable(state: State, kind: BonusKind, character: Character) -> bool:
    """Whether ``kind`` may be played on a move of ``character`` (ST-BONUS-SUPERBONUS,
    ST-BONUS-SHIELD; Super Jump is never held, so never played: ST-SUPER-JUMP)."""
    if kind is SUPERBONUS:
        return state.surface(character) is NORMAL
    if kind is SHIELD:
        return state.surface(character) is SPIKES
    return kind is not SUPER_JUMP


def half_choices(state: State) -> tuple[Surface, ...]:
    """The halves of the double space the pending move stopped on (ST-DOUBLE-HALF)."""
    assert state.pending is not None
    halves = state.board[state.piece(state.pending.character).position].halves
    assert halves is not None
    return halves


# -- what each phase allows -------------------------------------------------------------


DEALS_BY_RANK: tuple[dict[int, Deal], ...] = tuple(
    {card_rank(card): deal for card, deal in deals.items()} for deals in DEALS
)

_DealPairs = dict[Card, tuple[tuple[Deal, float], ...]]
_DEAL_PAIRS: Memo[tuple[int, int], _DealPairs] = Memo(512, "super-teams deal outcomes")
"""``_DEAL_PAIRS[seat, total][card][n]``: ``(Deal(seat, card), n / total)``."""
_MOST_COPIES = 4
"""The most copies of one card a deck holds (two in a shipped deck), for `_DEAL_PAIRS`."""

_DECK_COUNTS = IdentityMemo(8, "super-teams deck counts")
"""The decks `deal_outcomes` found grouped (equal cards together), each with its counts
by card in the deck's order, and the decks a deal from one left (`deal_made`)."""


def _deal_pairs(seat: int, total: int) -> _DealPairs:
    """For a ``seat`` and ``total`` checked to be ints."""
    pairs = _DEAL_PAIRS.get((seat, total))
    if pairs is None:
        pairs = {
            card: tuple((deal, n / total) for n in range(_MOST_COPIES + 1))
            for card, deal in DEALS[seat].items()
        }
        _DEAL_PAIRS.put((seat, total), pairs)
    return pairs


def deal_outcomes(state: State) -> list[tuple[Action, float]]:
    """ST-DEAL, ST-P-DEAL-ORDER: each card the deck holds may go to ``deal_next``, with
    the chance of its copies among the deck's cards."""
    deck = state.deck
    total = len(deck)
    seat = state.deal_next
    if type(seat) is int and 0 <= seat < len(DEALS) and type(deck) is tuple and total:
        counts = _DECK_COUNTS.get(deck)
        if counts is not None:
            pairs = _DEAL_PAIRS.get((seat, total)) or _deal_pairs(seat, total)
            return list(map(getitem, map(pairs.__getitem__, counts), counts.values()))
        # Cards are interned: counting them is a C-level count by identity. When equal
        # cards sit together (a sorted deck), the counts are the groups, in order.
        counts = {}
        try:
            _count_elements(counts, deck)
            if len(counts) == 1 + sum(map(is_not, deck, deck[1:])):
                pairs = _deal_pairs(seat, total)
                outcomes: list[tuple[Action, float]] = list(
                    map(getitem, map(pairs.__getitem__, counts), counts.values())
                )
                _DECK_COUNTS.put((deck,), counts)
                return outcomes
        except (KeyError, IndexError, TypeError):  # not a card: a state built by hand
            pass
    # The deck is a sorted tuple: equal cards sit together, in order. A card's rank names
    # it, and ranks compare in C.
    deals = DEALS_BY_RANK[seat] if type(seat) is int and 0 <= seat < len(DEALS) else None
    if deals is not None:
        try:
            return [
                (deals[rank], len(list(same)) / total)
                for rank, same in groupby(state.deck, card_rank)
            ]
        except (AttributeError, KeyError, TypeError):  # not a card: a state built by hand
            pass
    return [(Deal(seat, card), len(list(same)) / total) for card, same in groupby(state.deck)]


def deal_made(deck: tuple[Card, ...], card: Card, rest: tuple[Card, ...]) -> None:
    """``rest`` is ``deck`` without one ``card``: when ``deck``'s counts are known,
    ``rest``'s are too (``deck``'s less one ``card``, in the same order), so the next
    deal's outcomes need no counting."""
    known = _DECK_COUNTS.get(deck)
    if known is None or not rest:
        return
    counts = dict(known)
    left = counts.get(card, 0) - 1
    if left > 0:
        counts[card] = left  # in its place: the order stays the deck's
    elif left == 0:
        del counts[card]
    else:
        return
    _DECK_COUNTS.put((rest,), counts)


def bonus_outcomes(state: State) -> list[tuple[Action, float]]:
    """ST-CHANCE: the first seat in the bonus queue takes the top bonus card, each kind
    with the chance of its copies among the bonus deck's cards."""
    total = len(state.bonus_deck)
    seat = state.bonus_queue[0]
    groups = groupby(state.bonus_deck)
    draws = DRAWS[seat] if type(seat) is int and 0 <= seat < len(DRAWS) else None
    if draws is not None:
        try:
            return [(draws[kind], len(list(same)) / total) for kind, same in groups]
        except (KeyError, TypeError):  # not a bonus card: a state built by hand
            groups = groupby(state.bonus_deck)
    return [(DrawBonus(seat, kind), len(list(same)) / total) for kind, same in groups]


def _seat_to_act(state: State) -> int:
    """The seat to act, checked to be an int: it goes into the keys of the tables."""
    seat = state.to_act
    if type(seat) is not int:
        raise TypeError(f"the seat to act is {seat!r}: a state built by hand")
    return seat


def legal_plays(state: State) -> list[Action]:
    """ST-TURN-ORDER, ST-PLAY-CARD: the seat whose turn it is plays a movement card it
    holds for one of the `movable_characters` of the card's colour."""
    seat = _seat_to_act(state)
    table = _play_table(state, seat)
    if table is not None:
        try:
            # A hand is sorted: each card once, in order.
            return list(
                chain.from_iterable(map(table.__getitem__, dict.fromkeys(state.hands[seat])))
            )
        except (KeyError, TypeError):  # not a card: a state built by hand
            pass
    movable: dict[Colour | None, tuple[Character, ...]] = {}
    plays: list[Action] = []
    for card in dict.fromkeys(state.hands[seat]):  # a hand is sorted: each card once, in order
        if card.colour not in movable:
            movable[card.colour] = movable_characters(state, card.colour)
        plays += _plays(seat, card, movable[card.colour])
    return plays


_PlayTable = dict[Card, tuple[Play, ...]]
_PLAY_TABLES: Memo[tuple[Any, ...], _PlayTable] = Memo(1024, "super-teams plays")
"""A seat's plays of each card: by the seat and the colours in play while nobody has
crossed, and once somebody has, by the seat, the seating and the characters across."""
_CHARACTERS = frozenset(Character)
_COLOURS = frozenset(Colour)


def _play_table(state: State, seat: int) -> _PlayTable | None:
    """Each card's plays for ``seat`` in ``state``, made once for every state alike;
    ``None`` for a state no table fits.

    `movable_characters` decides by the colours in play, the characters across and
    (once a colour's are all across) the seating, so a table is kept by those.
    """
    pieces = state.pieces
    finish = len(state.board.spaces)
    if max(map(_position, pieces), default=-1) < finish:
        # Nobody has crossed yet (most of a game): a card moves its colour's characters
        # when the colour is in play.
        key: tuple[Any, ...] = (seat, state.colours_in_play)
    else:
        players, seating = state.players, state.seat_colours
        crossed = tuple(piece.character for piece in pieces if piece.position >= finish)
        if not (
            type(players) is int
            and _CHARACTERS.issuperset(crossed)
            and all(map(_COLOURS.issuperset, seating))
        ):
            return None
        key = (seat, players, seating, crossed)
    try:
        table = _PLAY_TABLES.get(key)
    except TypeError:  # not hashable: a state built by hand
        return None
    if table is None:
        movable = {colour: movable_characters(state, colour) for colour in (None, *Colour)}
        table = {card: tuple(_plays(seat, card, movable[card.colour])) for card in CARDS}
        _PLAY_TABLES.put(key, table)
    return table


_PLAYS: Memo[tuple[int, Card, tuple[Character, ...]], list[Play]] = Memo(
    4096, "super-teams plays of a card"
)


def _plays(seat: int, card: Card, characters: tuple[Character, ...]) -> list[Play]:
    """``[Play(seat, card, c) for c in characters]``, each list built once (frozen values)."""
    if type(card) is not Card:  # a state built by hand
        return [interned(Play, seat, card, character) for character in characters]
    key = (seat, card, characters)
    plays = _PLAYS.get(key)
    if plays is None:
        plays = _PLAYS.put(key, [interned(Play, seat, card, c) for c in characters])
    return plays


def legal_responses(state: State) -> list[Action]:
    """ST-RESPONSE-WINDOW: the seat asked passes, or plays a bonus card it holds that
    `bonus_is_playable` on the move."""
    pending = state.pending
    assert pending is not None
    seat = _seat_to_act(state)
    character = pending.character
    hand = state.bonus_hands[seat]
    # What `bonus_is_playable` decides by: the kinds held and, for Superbonus and
    # Shield only, the surface under the character.
    surface = state.surface(character) if SUPERBONUS in hand or SHIELD in hand else None
    exact = (surface is None or type(surface) is Surface) and _BONUS_KINDS.issuperset(hand)
    if exact:
        known = _RESPONSES.get((seat, hand, surface))
        if known is not None:
            return list(known)
    kinds = dict.fromkeys(hand)  # a bonus hand is sorted
    responses: list[Action] = [interned(Pass, seat)]
    responses += [
        interned(PlayBonus, seat, kind)
        for kind in kinds
        if bonus_is_playable(state, kind, character)
    ]
    if exact:
        _RESPONSES.put((seat, hand, surface), tuple(responses))
    return responses


_ResponseKey = tuple[int, tuple[BonusKind, ...], Surface | None]
_RESPONSES: Memo[_ResponseKey, tuple[Action, ...]] = Memo(10_000, "super-teams responses")
"""`legal_responses` by seat, bonus hand and (when it matters) surface."""
_BONUS_KINDS = frozenset(BonusKind)


def legal_halves(state: State) -> list[Action]:
    """ST-DOUBLE-HALF: the card's player chooses one of the two halves."""
    seat = _seat_to_act(state)
    return [interned(ChooseHalf, seat, half) for half in half_choices(state)]


def legal_jumpers(state: State) -> list[Action]:
    """ST-SUPER-JUMP-SPECIAL: the taker jumps one of `jump_candidates`."""
    seat = _seat_to_act(state)
    return [interned(ChooseJumper, seat, c) for c in jump_candidates(state, seat)]


CHANCE_OUTCOMES: dict[Phase, Callable[[State], list[tuple[Action, float]]]] = {
    Phase.DEAL: deal_outcomes,
    Phase.BONUS_DRAW: bonus_outcomes,
}
"""Per chance phase, the function listing its outcomes with their probabilities."""

DECISIONS: dict[Phase, Callable[[State], list[Action]]] = {
    Phase.SUPER_JUMP_TARGET: legal_jumpers,
    Phase.PLAY: legal_plays,
    Phase.RESPONSE: legal_responses,
    Phase.CHOOSE_HALF: legal_halves,
}
"""Per phase in which a seat decides, the function listing its legal actions."""

LEGAL: dict[Phase, Callable[[State], list[Action]]] = phase_listers(
    Phase, DECISIONS, CHANCE_OUTCOMES
)
"""Per phase, the function listing its legal actions (at a chance node: the outcomes;
once the game is over: none)."""


# -- an action refused, and why ---------------------------------------------------------


def check(state: State, action: Action) -> None:
    """Return if ``action`` is legal in ``state``: the lister of the state's phase lists it.

    Anything but exactly one of the action types (a subclass included), or one with a
    field of the wrong type, is an ``InvalidActionError``; an action the state's phase
    does not take, or one its lister does not list, an ``IllegalActionError`` naming
    the rule it breaks.
    """
    kind = type(action)
    if kind not in _FIELDS:  # exactly: a subclass is refused too
        raise InvalidActionError(
            f"{action!r} is not a Super Teams action; expected one of "
            + ", ".join(t.__name__ for t in ACTION_TYPES)
        )
    _check_fields(action)
    phase = state.phase
    PHASES.check_action(phase, action)
    if action not in LEGAL[phase](state):
        _REFUSALS[kind](state, action)


_FIELD_TYPES: dict[str, type] = {
    "seat": int,
    "card": Card,
    "character": Character,
    "kind": BonusKind,
    "half": Surface,
}
_FIELDS: dict[type, tuple[tuple[str, type], ...]] = {
    kind: tuple((field.name, _FIELD_TYPES[field.name]) for field in attrs.fields(kind))
    for kind in ACTION_TYPES
}


def _check_fields(action: Action) -> None:
    """Refuse an action whose fields have the wrong types (``InvalidActionError``): its
    constructor checks them, but they can be set past it."""
    for name, expected in _FIELDS[type(action)]:
        value = getattr(action, name)
        if type(value) is expected:  # the usual case, decided at once
            continue
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise InvalidActionError(
                f"{type(action).__name__}.{name} must be a {expected.__name__}, got {value!r}"
            )


def _not_to_act(state: State, action: Action, rule: str) -> IllegalActionError:
    return IllegalActionError(
        rule, f"it is seat {state.to_act}'s decision, not seat {action.seat}'s"
    )


def _refuse_deal(state: State, action: Deal) -> NoReturn:
    if action.seat != state.deal_next:
        raise IllegalActionError(
            "ST-P-DEAL-ORDER", f"the next card goes to seat {state.deal_next}, not {action.seat}"
        )
    raise IllegalActionError("ST-CHANCE", f"{action.card} is not in the deck")


def _refuse_draw_bonus(state: State, action: DrawBonus) -> NoReturn:
    if action.seat != state.bonus_queue[0]:
        raise IllegalActionError(
            "ST-CHANCE", f"seat {state.bonus_queue[0]} takes the next bonus card, not {action.seat}"
        )
    raise IllegalActionError("ST-CHANCE", f"no {action.kind} is left in the bonus deck")


def _refuse_play(state: State, action: Play) -> NoReturn:
    seat, card, character = action.seat, action.card, action.character
    if seat != state.to_act:
        raise _not_to_act(state, action, "ST-TURN-ORDER")
    if card.is_special or not holds_card(state.hands[seat], card):
        raise IllegalActionError("ST-PLAY-CARD", f"seat {seat} holds no {card}")
    if character.colour not in state.colours_in_play:
        raise IllegalActionError("ST-CHARACTER-COLOUR", f"{character} is not in this game")
    if state.has_crossed(character):
        raise IllegalActionError(
            "ST-CROSSED-STAY", f"{character} has crossed the finish line and never moves again"
        )
    movable = movable_characters(state, card.colour)
    if not movable:
        raise IllegalActionError("ST-CHARACTER-COLOUR", f"no character is left for {card} to move")
    if character.colour is card.colour or movable[0].colour is card.colour:
        raise IllegalActionError(
            "ST-CHARACTER-COLOUR", f"a {card.colour} card moves a {card.colour} character"
        )
    raise IllegalActionError(
        "ST-COLOUR-FALLBACK",
        f"both {card.colour} characters are across, so {card} moves a "
        f"{movable[0].colour} character of the same side",
    )


def _refuse_play_bonus(state: State, action: PlayBonus) -> NoReturn:
    if action.seat != state.to_act:
        raise _not_to_act(state, action, "ST-RESPONSE-WINDOW")
    assert state.pending is not None
    seat, kind, character = action.seat, action.kind, state.pending.character
    if kind not in state.bonus_hands[seat]:
        raise IllegalActionError("ST-RESPONSE-WINDOW", f"seat {seat} holds no {kind}")
    if kind is SUPERBONUS:
        raise IllegalActionError(
            "ST-BONUS-SUPERBONUS",
            f"Superbonus is only for a character on a normal space; {character} is on "
            f"{state.surface(character)}",
        )
    if kind is SHIELD:
        raise IllegalActionError(
            "ST-BONUS-SHIELD",
            f"Shield is only for a character on spikes; {character} is on "
            f"{state.surface(character)}",
        )
    raise IllegalActionError("ST-SUPER-JUMP", "Super Jump is never held, so never played")


def _refuse_pass(state: State, action: Pass) -> NoReturn:
    raise _not_to_act(state, action, "ST-RESPONSE-WINDOW")


def _refuse_choose_half(state: State, action: ChooseHalf) -> NoReturn:
    if action.seat != state.to_act:
        raise _not_to_act(state, action, "ST-DOUBLE-HALF")
    halves = half_choices(state)
    assert state.pending is not None
    position = state.piece(state.pending.character).position
    raise IllegalActionError(
        "ST-DOUBLE-HALF",
        f"space {position} is {state.board[position].display_name}: "
        f"choose {halves[0]} or {halves[1]}",
    )


def _refuse_choose_jumper(state: State, action: ChooseJumper) -> NoReturn:
    if action.seat != state.to_act:
        raise _not_to_act(state, action, "ST-SUPER-JUMP-SPECIAL")
    raise IllegalActionError(
        "ST-SUPER-JUMP-SPECIAL",
        f"seat {action.seat} may only Super Jump one of its own characters still racing"
        " (a partner's once both of its own are across)",
    )


_REFUSALS: dict[type, Callable[[State, Any], NoReturn]] = {
    Deal: _refuse_deal,
    DrawBonus: _refuse_draw_bonus,
    Play: _refuse_play,
    PlayBonus: _refuse_play_bonus,
    Pass: _refuse_pass,
    ChooseHalf: _refuse_choose_half,
    ChooseJumper: _refuse_choose_jumper,
}
"""Per action type, why an action its phase's lister does not list is refused: the
rule it breaks, asked in the order the rulebook asks."""
