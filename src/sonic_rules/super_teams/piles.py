"""Hands, decks and discard piles: sorted tuples, a card taken from one or added to one.

Movement cards are kept sorted by rank (`card_rank`), bonus cards in the bonus order
(`bonus_rank`), so equal piles are equal tuples, and a card's place in a pile is a
binary search by rank. (A pile out of order is no pile of a valid state; a card is
still found in one by a scan.)
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any

from sonic_rules.super_teams.cards import BonusKind, Card, bonus_rank, card_index, card_rank


def without_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` less one ``card`` (``ValueError`` if it holds none)."""
    index = bisect_left(cards, card_rank(card), key=card_rank)
    if index == len(cards) or cards[index] is not card:  # cards are interned
        index = card_index(cards, card)
    return cards[:index] + cards[index + 1 :]


def with_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` and one more ``card``, after the cards of its rank."""
    index = bisect_right(cards, card_rank(card), key=card_rank)
    return (*cards[:index], card, *cards[index:])


def merged(*piles: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of every pile, as one sorted pile."""
    # Sorting by the rank in C: an already sorted run costs one pass, no ``__lt__`` calls.
    return tuple(sorted(sum(piles, ()), key=card_rank))


def without(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    """``items`` less the first ``item``."""
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def with_bonus(kinds: tuple[BonusKind, ...], kind: BonusKind) -> tuple[BonusKind, ...]:
    """A bonus hand or pile with one more ``kind``, in the bonus order."""
    return tuple(sorted((*kinds, kind), key=bonus_rank))


def replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with ``value`` at ``index`` (a seat's hand, a piece)."""
    return (*items[:index], value, *items[index + 1 :])
