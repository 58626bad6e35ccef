"""Dealing: a card to each seat in turn until every hand holds six, the special card
revealed on the way, and the discard pile shuffled back when the deck runs out.

The deal, the bonus round and the end of a turn lead to one another: the special
card's bonus round (`bonus.run_bonus_queue`) interrupts a deal, which goes on after it
(`continue_deal`); a bonus space's round ends the turn (`turn.end_turn`), and a turn
that leaves every hand empty starts a deal (`start_deal`). So these three modules read
one another as modules, whichever of them is imported first.
"""

from __future__ import annotations

from collections.abc import Sequence

from sonic_rules.super_teams import bonus
from sonic_rules.super_teams import events as ev
from sonic_rules.super_teams.actions import Deal
from sonic_rules.super_teams.cards import Card
from sonic_rules.super_teams.legality import deal_made
from sonic_rules.super_teams.piles import merged, replace_at, with_card, without_card
from sonic_rules.super_teams.state import HAND_SIZE, Draft


def deal_card(d: Draft, action: Deal) -> None:
    """ST-DEAL: chance deals ``action.card`` from the deck to ``action.seat``."""
    seat, card = action.seat, action.card
    deck = d.deck
    d.deck = without_card(deck, card)
    deal_made(deck, card, d.deck)
    if card.is_special:
        # ST-SPECIAL-CARD: revealed, discarded, and the same seat gets a replacement.
        d.events.append(ev.SpecialCardRevealed(seat))
        d.discard = with_card(d.discard, card)
        d.specials_owed += 1
        continue_deal(d)
        return
    d.events.append(ev.made_event(ev.CardDealt, seat, card))
    d.hands = hands = replace_at(d.hands, seat, with_card(d.hands[seat], card))
    d.deal_next = next_to_deal(hands, seat)
    if d.specials_owed:
        # ST-SPECIAL-BONUS: after the replacement, everyone from this seat clockwise.
        players = d.players
        d.bonus_queue = tuple((seat + k) % players for k in range(players)) * d.specials_owed
        d.specials_owed = 0
        d.bonus_for = None
        bonus.run_bonus_queue(d)
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
