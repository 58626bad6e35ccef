"""What comes after an action: the deal going on, a bonus round, the end of a turn.

The special card's bonus round (`run_bonus_queue`) interrupts a deal, which goes on
after it (`continue_deal`); a bonus space's round ends the turn (`end_turn`); a turn
that leaves every hand empty starts a deal (`start_deal`). The handlers of `deal`,
`bonus` and `moves` end by one of these.
"""

from __future__ import annotations

from collections.abc import Sequence

from sonic_rules.super_teams import events as ev
from sonic_rules.super_teams.cards import Card
from sonic_rules.super_teams.draft import Draft
from sonic_rules.super_teams.piles import merged
from sonic_rules.super_teams.state import HAND_SIZE


def run_bonus_queue(d: Draft) -> None:
    """The first seat in the bonus queue draws next; when the queue is empty the round
    ends (ST-BONUS-RESHUFFLE: an empty bonus deck takes the bonus discard pile; with
    both empty the seat gets nothing)."""
    queue = d.bonus_queue
    if queue:
        deck, discard = d.bonus_deck, d.bonus_discard
        while queue and not deck:
            if discard:
                d.events.append(ev.BonusDeckReshuffled(len(discard)))
                deck, discard = discard, ()
                d.bonus_deck, d.bonus_discard = deck, discard
            else:
                d.events.append(ev.NoBonusCard(queue[0]))
                queue = queue[1:]
                d.bonus_queue = queue
        if queue:
            d.goto("bonus_draw")
            return
    if d.bonus_for is not None:
        d.bonus_for = None
        end_turn(d)
        return
    continue_deal(d)


def next_to_deal(hands: Sequence[tuple[Card, ...]], after: int) -> int:
    """ST-P-DEAL-ORDER: the next seat clockwise from ``after`` still short of a full hand."""
    players = len(hands)
    for k in range(1, players + 1):
        seat = (after + k) % players
        if len(hands[seat]) < HAND_SIZE:
            return seat
    return after


def continue_deal(d: Draft) -> None:
    """The deal goes on, or ends once every hand is full and no special card is owed."""
    if all(map(HAND_SIZE.__eq__, map(len, d.hands))) and not d.specials_owed:
        d.deal_next = d.turn
        d.goto("hands_full")
        return
    if not d.deck:
        reshuffle(d)
    d.goto("deal_goes_on")


def start_deal(d: Draft) -> None:
    """ST-DEAL: every hand is empty; a new deal starts with the seat whose turn it is."""
    if len(d.deck) < HAND_SIZE * d.players:
        reshuffle(d)
    d.deal_next = d.turn
    d.goto("new_deal")


def reshuffle(d: Draft) -> None:
    """ST-DECK-RESHUFFLE: the discard pile (special card included) joins the deck."""
    deck, discard = d.deck, d.discard
    d.events.append(ev.DeckReshuffled(len(deck) + len(discard)))
    d.deck = merged(deck, discard)
    d.discard = ()


def end_turn(d: Draft) -> None:
    """The turn ends: ST-TURN-ORDER, the next seat clockwise plays (ST-P-EMPTY-HAND: one
    holding a card), or ST-DEAL, every hand is empty and a new deal starts with it."""
    players = d.players
    turns_played = d.turns_played + 1
    d.pending = None
    d.turns_played = turns_played
    limit = d.options.turn_limit
    if limit is not None and turn_limit_reached(limit, turns_played):
        d.events.append(ev.TurnLimitReached(turns_played))
        d.goto("turn_limit_reached")
        return
    d.turn = turn = (d.turn + 1) % players
    hands = d.hands
    if not any(hands):
        start_deal(d)
        return
    while not hands[turn]:
        turn = (turn + 1) % players  # only in a set-up position
    d.turn = turn
    d.goto("next_turn")


def turn_limit_reached(limit: int | None, turns_played: int) -> bool:
    """ST-OPT-TURN-LIMIT: the table's turn limit ends the game, nobody winning."""
    return limit is not None and turns_played >= limit
