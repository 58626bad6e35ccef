"""Hands, decks and discard piles: sorted tuples, a card taken from one or added to one.

Movement cards are kept sorted by rank (`card_rank`), bonus cards in the bonus order
(`bonus_rank`), so equal piles are equal tuples. The card piles this module made are
remembered as sorted (`SORTED`, by identity): taking a card from one or adding a card
to one is then a binary search by rank, exactly where the scan or the sort would find
its place. A pile it did not make (a state built by hand) is scanned and sorted.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any

from sonic_rules.core.interning import IdentityMemo
from sonic_rules.super_teams.cards import BonusKind, Card, bonus_rank, card_index, card_rank

SORTED = IdentityMemo(512, "super-teams piles known sorted")


def sorted_pile(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards``, which are sorted by rank, remembered as such."""
    return SORTED.put(cards, cards)


def without_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` less one ``card`` (``ValueError`` if it holds none)."""
    if SORTED.get(cards) is not None:
        rank = card_rank(card)
        index = bisect_left(cards, rank, key=card_rank)
        if index < len(cards) and card_rank(cards[index]) == rank:
            return sorted_pile(cards[:index] + cards[index + 1 :])
    index = card_index(cards, card)
    return cards[:index] + cards[index + 1 :]


def with_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` and one more ``card``, sorted."""
    if SORTED.get(cards) is not None:
        # After the cards of its rank, as the stable sort below puts it.
        index = bisect_right(cards, card_rank(card), key=card_rank)
        return sorted_pile((*cards[:index], card, *cards[index:]))
    # Sorting by the rank in C: an already sorted run costs one pass, no ``__lt__`` calls.
    return sorted_pile(tuple(sorted((*cards, card), key=card_rank)))


def merged(*piles: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of every pile, as one sorted pile."""
    return sorted_pile(tuple(sorted(sum(piles, ()), key=card_rank)))


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
