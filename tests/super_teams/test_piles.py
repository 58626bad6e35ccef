"""Hands, decks and discard piles are sorted tuples (`piles`): a card taken or added
leaves them sorted, whether the pile is one the rules made (a binary search by rank) or
one built by hand (a scan and a sort)."""

from __future__ import annotations

import random

import pytest

from sonic_rules.super_teams import Card
from sonic_rules.super_teams.cards import CARDS, card_rank
from sonic_rules.super_teams.piles import sorted_pile, with_card, without_card


def _sorted(cards: list[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_rank))


@pytest.mark.parametrize("made_here", [True, False], ids=["made-here", "built-by-hand"])
def test_a_card_taken_or_added_leaves_the_pile_sorted(made_here: bool) -> None:
    rng = random.Random(7)
    for _ in range(300):
        cards = rng.choices(CARDS, k=rng.randrange(0, 30))
        pile = sorted_pile(_sorted(cards)) if made_here else tuple(_sorted(cards))
        card = rng.choice(CARDS)
        assert with_card(pile, card) == _sorted([*pile, card])
        if card in pile:
            rest = list(pile)
            rest.remove(card)
            assert without_card(pile, card) == tuple(rest)
        else:
            with pytest.raises(ValueError):
                without_card(pile, card)


def test_an_unsorted_pile_is_sorted_the_plain_way() -> None:
    blue1, red1 = Card.parse("blue-1"), Card.parse("red-1")
    pile = (red1, blue1)
    assert with_card(pile, blue1) == (blue1, blue1, red1)
    assert without_card(pile, blue1) == (red1,)
