"""Dealing: a card to each seat in turn until every hand holds six, the special card
revealed on the way, and the discard pile shuffled back when the deck runs out.

What follows a card dealt (the deal going on, the special card's bonus round) is in
`turn`.
"""

from __future__ import annotations

from sonic_rules.super_teams import events as ev
from sonic_rules.super_teams.actions import Deal
from sonic_rules.super_teams.draft import Draft
from sonic_rules.super_teams.legality import deal_made
from sonic_rules.super_teams.piles import replace_at, with_card, without_card
from sonic_rules.super_teams.turn import continue_deal, next_to_deal, run_bonus_queue


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
        run_bonus_queue(d)
        return
    continue_deal(d)
