"""Whether an action is legal, decided once for ``apply`` and ``legal_actions`` alike.

Each action type has one ``check_*`` function: it returns ``None`` for a legal action
and raises the ``IllegalActionError`` naming the rule the action breaks otherwise.
``apply`` calls it (through `check`) before changing anything. Each phase has
one ``legal_*`` function listing its legal actions, built from the same questions its
``check_*`` decides by (who acts, `movable_characters`, `bonus_is_playable`,
`half_choices`, `jump_candidates`, the decks' contents), so the list and
``apply`` cannot disagree; a test holds them to each other on random states.

A ``check_*`` is called only once the phase is known to accept the action's type
(`check_action`, in `check`).
"""

from __future__ import annotations

from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable
from itertools import chain, groupby
from operator import attrgetter, getitem, is_not
from typing import Any

from sonic_rules.core.errors import IllegalActionError, InvalidActionError
from sonic_rules.super_teams.actions import (
    DEALS,
    DRAWS,
    SEATS,
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
from sonic_rules.super_teams.phases import PHASES, Phase
from sonic_rules.super_teams.state import State

# Enum members read on every action, as module constants: on Python 3.11 reading a
# member off its class (``Phase.PLAY``) goes through ``EnumType.__getattr__``, several
# times slower than reading a global.
_SHIELD = BonusKind.SHIELD
_SUPERBONUS = BonusKind.SUPERBONUS
_SUPER_JUMP = BonusKind.SUPER_JUMP
_SURFACE_NORMAL = Surface.NORMAL
_SURFACE_SPIKES = Surface.SPIKES


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
    if kind is _SUPERBONUS:
        return state.surface(character) is _SURFACE_NORMAL
    if kind is _SHIELD:
        return state.surface(character) is _SURFACE_SPIKES
    return kind is not _SUPER_JUMP


def half_choices(state: State) -> tuple[Surface, ...]:
    """The halves of the double space the pending move stopped on (ST-DOUBLE-HALF)."""
    assert state.pending is not None
    halves = state.board[state.piece(state.pending.character).position].halves
    assert halves is not None
    return halves


# -- one check per action type ---------------------------------------------------------


def check(state: State, action: Action) -> None:
    """Raise the ``IllegalActionError`` for an illegal ``action``; ``None`` if legal.

    Anything but exactly one of the action types (a subclass included) is an
    ``InvalidActionError``.
    """
    checker = _CHECKS.get(type(action))
    if checker is None:
        raise InvalidActionError(f"{action!r} is not a Super Teams action")
    PHASES.check_action(state.phase, action)
    checker(state, action)


def _check_seat(state: State, action: Action, rule: str) -> None:
    to_act = state.to_act
    if action.seat != to_act:
        raise IllegalActionError(rule, f"it is seat {to_act}'s decision, not seat {action.seat}'s")


def check_deal(state: State, action: Deal) -> None:
    """ST-P-DEAL-ORDER: the next card goes to ``deal_next``; ST-CHANCE: from the deck."""
    if action.seat != state.deal_next:
        raise IllegalActionError(
            "ST-P-DEAL-ORDER", f"the next card goes to seat {state.deal_next}, not {action.seat}"
        )
    if not holds_card(state.deck, action.card):
        raise IllegalActionError("ST-CHANCE", f"{action.card} is not in the deck")


def check_draw_bonus(state: State, action: DrawBonus) -> None:
    """ST-CHANCE: the first seat in the bonus queue takes a card the bonus deck holds."""
    if action.seat != state.bonus_queue[0]:
        raise IllegalActionError(
            "ST-CHANCE", f"seat {state.bonus_queue[0]} takes the next bonus card, not {action.seat}"
        )
    if action.kind not in state.bonus_deck:
        raise IllegalActionError("ST-CHANCE", f"no {action.kind} is left in the bonus deck")


def check_play(state: State, action: Play) -> None:
    """ST-TURN-ORDER, ST-PLAY-CARD, then `movable_characters` decides the character."""
    _check_seat(state, action, "ST-TURN-ORDER")
    seat, card, character = action.seat, action.card, action.character
    if card.is_special or not holds_card(state.hands[seat], card):
        raise IllegalActionError("ST-PLAY-CARD", f"seat {seat} holds no {card}")
    movable = movable_characters(state, card.colour)
    if character in movable:
        return
    if character.colour not in state.colours_in_play:
        raise IllegalActionError("ST-CHARACTER-COLOUR", f"{character} is not in this game")
    if state.has_crossed(character):
        raise IllegalActionError(
            "ST-CROSSED-STAY", f"{character} has crossed the finish line and never moves again"
        )
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


def check_play_bonus(state: State, action: PlayBonus) -> None:
    """ST-RESPONSE-WINDOW: the seat asked, a card it holds; `bonus_is_playable`."""
    _check_seat(state, action, "ST-RESPONSE-WINDOW")
    assert state.pending is not None
    seat, kind, character = action.seat, action.kind, state.pending.character
    if kind not in state.bonus_hands[seat]:
        raise IllegalActionError("ST-RESPONSE-WINDOW", f"seat {seat} holds no {kind}")
    if bonus_is_playable(state, kind, character):
        return
    if kind is _SUPERBONUS:
        raise IllegalActionError(
            "ST-BONUS-SUPERBONUS",
            f"Superbonus is only for a character on a normal space; {character} is on "
            f"{state.surface(character)}",
        )
    if kind is _SHIELD:
        raise IllegalActionError(
            "ST-BONUS-SHIELD",
            f"Shield is only for a character on spikes; {character} is on "
            f"{state.surface(character)}",
        )
    raise IllegalActionError("ST-SUPER-JUMP", "Super Jump is never held, so never played")


def check_pass(state: State, action: Pass) -> None:
    """ST-RESPONSE-WINDOW: only the seat asked may pass."""
    _check_seat(state, action, "ST-RESPONSE-WINDOW")


def check_choose_half(state: State, action: ChooseHalf) -> None:
    """ST-DOUBLE-HALF: the card's player chooses one of the space's two halves."""
    _check_seat(state, action, "ST-DOUBLE-HALF")
    halves = half_choices(state)
    if action.half not in halves:
        assert state.pending is not None
        position = state.piece(state.pending.character).position
        raise IllegalActionError(
            "ST-DOUBLE-HALF",
            f"space {position} is {state.board[position].display_name}: "
            f"choose {halves[0]} or {halves[1]}",
        )


def check_choose_jumper(state: State, action: ChooseJumper) -> None:
    """ST-SUPER-JUMP-SPECIAL: the taker jumps one of `jump_candidates`."""
    _check_seat(state, action, "ST-SUPER-JUMP-SPECIAL")
    if action.character not in jump_candidates(state, action.seat):
        raise IllegalActionError(
            "ST-SUPER-JUMP-SPECIAL",
            f"seat {action.seat} may only Super Jump one of its own characters still racing"
            " (a partner's once both of its own are across)",
        )


_CHECKS: dict[type, Callable[[State, Any], None]] = {
    Deal: check_deal,
    DrawBonus: check_draw_bonus,
    Play: check_play,
    PlayBonus: check_play_bonus,
    Pass: check_pass,
    ChooseHalf: check_choose_half,
    ChooseJumper: check_choose_jumper,
}


# -- what each phase allows ----------------------------------------------------------


DEALS_BY_RANK: tuple[dict[int, Deal], ...] = tuple(
    {card_rank(card): deal for card, deal in deals.items()} for deals in DEALS
)


_DealPairs = dict[Card, tuple[tuple[Deal, float], ...]]
_DEAL_PAIRS: dict[tuple[int, int], _DealPairs] = {}
"""``_DEAL_PAIRS[seat, total][card][n]``: ``(Deal(seat, card), n / total)``, made once."""
_MOST_COPIES = 4
"""The most copies of one card a deck holds (two in a shipped deck), for `_DEAL_PAIRS`."""


def _deal_pairs(seat: int, total: int) -> _DealPairs:
    pairs = _DEAL_PAIRS.get((seat, total))
    if pairs is None:
        pairs = {
            card: tuple((deal, n / total) for n in range(_MOST_COPIES + 1))
            for card, deal in DEALS[seat].items()
        }
        _DEAL_PAIRS[seat, total] = pairs
    return pairs


def deal_outcomes(state: State) -> list[tuple[Action, float]]:
    """The cards the deck may deal to ``deal_next``, with their chances (ST-DEAL)."""
    deck = state.deck
    total = len(deck)
    seat = state.deal_next
    if type(seat) is int and 0 <= seat < len(DEALS) and type(deck) is tuple and total:
        global _grouped
        known = _grouped
        if known is not None and known[0] is deck:
            counts = known[1]
            pairs = _deal_pairs(seat, total)
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
                _grouped = (deck, counts)
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


_grouped: tuple[tuple[Card, ...], dict[Card, int]] | None = None
"""The last deck `deal_outcomes` found grouped (equal cards together) and its counts by
card, in order, or the deck a deal from it left (`deal_made`). One value, replaced
whole; its counts are never changed."""


def deal_made(deck: tuple[Card, ...], card: Card, rest: tuple[Card, ...]) -> None:
    """``rest`` is ``deck`` without one ``card``: when ``deck`` is the grouped deck
    `deal_outcomes` knows, ``rest`` is grouped too and its counts are ``deck``'s less one
    ``card``; a deal's outcomes then need no counting."""
    global _grouped
    known = _grouped
    if known is None or known[0] is not deck:
        return
    counts = dict(known[1])
    left = counts.get(card, 0) - 1
    if left > 0:
        counts[card] = left  # in its place: the order stays the deck's
    elif left == 0:
        del counts[card]
    _grouped = (rest, counts) if left >= 0 and rest else None


def bonus_outcomes(state: State) -> list[tuple[Action, float]]:
    """The bonus cards the first seat in the queue may take, with their chances."""
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
    seat = state.to_act
    assert isinstance(seat, int)
    return seat


def legal_plays(state: State) -> list[Action]:
    """ST-PLAY-CARD: each card in the hand, for each character `check_play` accepts."""
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
_PLAY_TABLES: dict[tuple[int, tuple[Colour, ...]], _PlayTable] = {}
"""``_PLAY_TABLES[seat, colours_in_play][card]``: the plays of ``card`` while nobody has
crossed, made once per seat and colours."""
_CROSSED_PLAY_TABLES: dict[tuple[Any, ...], _PlayTable] = {}
"""The same once somebody has crossed, by seat, seating and the characters across."""
_MAX_PLAY_TABLES = 1024


def _play_table(state: State, seat: int) -> _PlayTable | None:
    """Each card's plays for ``seat`` in ``state``, made once for every state alike;
    ``None`` for a state no table fits.

    `movable_characters` decides by the colours in play, the characters across and
    (once a colour's are all across) the seating, so a table is kept by those.
    """
    if not (type(seat) is int and 0 <= seat < SEATS):
        return None
    pieces = state.pieces
    finish = len(state.board.spaces)
    if max(map(_position, pieces), default=-1) < finish:
        # Nobody has crossed yet (most of a game): a card moves its colour's characters
        # when the colour is in play.
        key: tuple[Any, ...] = (seat, state.colours_in_play)
        tables: dict[Any, _PlayTable] = _PLAY_TABLES
    else:
        crossed = tuple(piece.character for piece in pieces if piece.position >= finish)
        key = (seat, state.players, state.seat_colours, crossed)
        tables = _CROSSED_PLAY_TABLES
    try:
        table = tables.get(key)
    except TypeError:  # not hashable: a state built by hand
        return None
    if table is None and len(tables) < _MAX_PLAY_TABLES:
        movable = {colour: movable_characters(state, colour) for colour in (None, *Colour)}
        table = {card: tuple(_plays(seat, card, movable[card.colour])) for card in CARDS}
        tables[key] = table
    return table


_PLAYS: dict[tuple[int, Card, tuple[Character, ...]], list[Play]] = {}


def _plays(seat: int, card: Card, characters: tuple[Character, ...]) -> list[Play]:
    """``[Play(seat, card, c) for c in characters]``, each list built once (frozen values)."""
    key = (seat, card, characters)
    plays = _PLAYS.get(key)
    if plays is None:
        plays = [interned(Play, seat, card, character) for character in characters]
        if type(seat) is int and 0 <= seat < SEATS and type(card) is Card:
            _PLAYS[key] = plays
    return plays


def legal_responses(state: State) -> list[Action]:
    """ST-RESPONSE-WINDOW: a pass, or each bonus kind held that may be played."""
    pending = state.pending
    assert pending is not None
    seat = _seat_to_act(state)
    character = pending.character
    hand = state.bonus_hands[seat]
    # What `bonus_is_playable` decides by: the kinds held and, for Superbonus and
    # Shield only, the surface under the character.
    surface = state.surface(character) if _SUPERBONUS in hand or _SHIELD in hand else None
    key: _ResponseKey = (seat, hand, surface)
    try:
        known = _RESPONSES.get(key)
    except TypeError:  # not hashable: a state built by hand
        keep = False
    else:
        if known is not None:
            return list(known)
        keep = type(seat) is int and 0 <= seat < SEATS and len(_RESPONSES) < _MAX_RESPONSES
    kinds = dict.fromkeys(hand)  # a bonus hand is sorted
    responses: list[Action] = [interned(Pass, seat)]
    responses += [
        interned(PlayBonus, seat, kind)
        for kind in kinds
        if bonus_is_playable(state, kind, character)
    ]
    if keep:
        _RESPONSES[key] = tuple(responses)
    return responses


_ResponseKey = tuple[int, tuple[BonusKind, ...], Surface | None]
_RESPONSES: dict[_ResponseKey, tuple[Action, ...]] = {}
"""`legal_responses` by seat, bonus hand and (when it matters) surface: frozen values."""
_MAX_RESPONSES = 10_000


def legal_halves(state: State) -> list[Action]:
    """ST-DOUBLE-HALF: the two halves, chosen by the card's player."""
    seat = _seat_to_act(state)
    return [interned(ChooseHalf, seat, half) for half in half_choices(state)]


def legal_jumpers(state: State) -> list[Action]:
    """ST-SUPER-JUMP-SPECIAL: each character the taker may jump."""
    seat = _seat_to_act(state)
    return [interned(ChooseJumper, seat, c) for c in jump_candidates(state, seat)]


def _chance_actions(
    outcomes: Callable[[State], list[tuple[Action, float]]],
) -> Callable[[State], list[Action]]:
    def actions(state: State) -> list[Action]:
        return [action for action, _ in outcomes(state)]

    return actions


CHANCE_OUTCOMES: dict[Phase, Callable[[State], list[tuple[Action, float]]]] = {
    Phase.DEAL: deal_outcomes,
    Phase.BONUS_DRAW: bonus_outcomes,
}

LEGAL: dict[Phase, Callable[[State], list[Action]]] = {
    Phase.DEAL: _chance_actions(deal_outcomes),
    Phase.BONUS_DRAW: _chance_actions(bonus_outcomes),
    Phase.SUPER_JUMP_TARGET: legal_jumpers,
    Phase.PLAY: legal_plays,
    Phase.RESPONSE: legal_responses,
    Phase.CHOOSE_HALF: legal_halves,
    Phase.GAME_OVER: lambda state: [],
}
"""Per phase, the function listing its legal actions (at a chance node: the outcomes)."""
