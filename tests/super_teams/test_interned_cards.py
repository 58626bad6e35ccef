"""Cards are interned values: one object per card, equal exactly when the same card.

Hands and piles are compared, searched and sorted by rank; these tests hold that to the
plain value semantics (equality, hashing, order, pickling, copying, refusing non-cards).
"""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest

from sonic_rules import InvalidActionError
from sonic_rules.super_teams.cards import (
    CARDS,
    CARDS_BY_TEXT,
    SPECIAL,
    Card,
    Colour,
    card_index,
    card_rank,
    holds_card,
    movement_deck,
)


def test_a_card_is_one_object_however_it_is_made() -> None:
    card = Card(Colour.BLUE, 4)
    assert Card.parse("blue-4") is card
    assert Card.parse(" Blue 04 ") is card
    assert attrs.evolve(Card(Colour.RED, 4), colour=Colour.BLUE) is card
    assert Card(None, 0) is SPECIAL
    assert CARDS_BY_TEXT["blue-4"] is card


def test_pickling_and_copying_keep_the_one_object() -> None:
    for card in CARDS:
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card


def test_equal_exactly_when_the_same_card_and_hashed_alike() -> None:
    assert Card(Colour.RED, 2) == Card.parse("red-2")
    assert hash(Card(Colour.RED, 2)) == hash(Card.parse("red-2"))
    assert Card(Colour.RED, 2) != Card(Colour.RED, 3)
    assert Card(Colour.RED, 2) != "red-2"
    assert len(set(CARDS)) == len(CARDS) == 25


def test_order_is_the_rank_order() -> None:
    cards = list(movement_deck(tuple(Colour)))
    random.Random(4).shuffle(cards)
    assert sorted(cards) == sorted(cards, key=card_rank)
    assert list(CARDS) == sorted(CARDS)
    assert CARDS[-1] is SPECIAL


@pytest.mark.parametrize("value", [4.0, True, "4", 0, 7])
def test_a_card_that_is_not_a_card_is_refused_and_spoils_nothing(value: object) -> None:
    with pytest.raises(InvalidActionError, match="not a card"):
        Card(Colour.BLUE, value)  # type: ignore[arg-type]
    card = Card.parse("blue-4")
    assert type(card.value) is int and card.value == 4


def test_holds_and_index_answer_as_in_and_index() -> None:
    deck = movement_deck((Colour.BLUE, Colour.RED))
    for card in CARDS:
        assert holds_card(deck, card) == (card in deck)
        if card in deck:
            assert card_index(deck, card) == deck.index(card)
    with pytest.raises(ValueError):
        card_index(deck, Card.parse("yellow-1"))
    odd = ("blue-1", Card.parse("blue-2"))
    assert holds_card(odd, Card.parse("blue-2"))  # type: ignore[arg-type]
    assert card_index(odd, Card.parse("blue-2")) == 1  # type: ignore[arg-type]
