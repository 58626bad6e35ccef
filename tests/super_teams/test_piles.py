"""Hands, decks and discard piles are sorted tuples (`piles`): a card taken or added
leaves them sorted."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from sonic_rules.super_teams import Card
from sonic_rules.super_teams.cards import CARDS, card_rank
from sonic_rules.super_teams.piles import merged, with_card, without_card


def _sorted(cards: list[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_rank))


def test_a_card_taken_or_added_leaves_the_pile_sorted() -> None:
    rng = random.Random(7)
    for _ in range(300):
        pile = _sorted(rng.choices(CARDS, k=rng.randrange(0, 30)))
        card = rng.choice(CARDS)
        assert with_card(pile, card) == _sorted([*pile, card])
        if card in pile:
            rest = list(pile)
            rest.remove(card)
            assert without_card(pile, card) == tuple(rest)
        else:
            with pytest.raises(ValueError):
                without_card(pile, card)


def test_piles_merged_are_one_sorted_pile() -> None:
    rng = random.Random(8)
    first, second = (_sorted(rng.choices(CARDS, k=12)) for _ in range(2))
    assert merged(first, second) == _sorted([*first, *second])


def test_a_card_is_taken_from_a_pile_out_of_order() -> None:
    blue1, red1 = Card.parse("blue-1"), Card.parse("red-1")
    pile = (red1, blue1, red1)
    assert Counter(without_card(pile, blue1)) == Counter((red1, red1))
    assert Counter(with_card(pile, blue1)) == Counter((red1, blue1, blue1, red1))
