"""The cards of a consistent state: hands and piles in order, what a hand may hold, and
every movement card and bonus card of the game exactly once.
"""

from __future__ import annotations

import functools
from collections import Counter
from itertools import chain

from sonic_rules.core.errors import InvalidStateError
from sonic_rules.super_teams.cards import (
    BonusKind,
    Card,
    Colour,
    bonus_rank,
    card_rank,
    holds_card,
    movement_deck,
)
from sonic_rules.super_teams.state import HAND_SIZE, State


def check_hands(state: State) -> None:
    """One hand and one bonus hand per seat; hands of at most 6 cards, never the special
    card nor Super Jump; hands and piles listed in order."""
    for name in ("hands", "bonus_hands"):
        if len(getattr(state, name)) != state.players:
            raise InvalidStateError(f"expected one entry per seat ({state.players})", f"$.{name}")
    for seat, hand in enumerate(state.hands):
        if len(hand) > HAND_SIZE:
            raise InvalidStateError(f"a hand holds at most {HAND_SIZE} cards", f"$.hands[{seat}]")
        if holds_card(hand, Card.special()):
            raise InvalidStateError("the special card is never held", f"$.hands[{seat}]")
        if not _in_order(hand):
            raise InvalidStateError("cards are listed in order", f"$.hands[{seat}]")
    for name in ("deck", "discard"):
        pile = getattr(state, name)
        if not _in_order(pile):
            raise InvalidStateError("cards are listed in order", f"$.{name}")
    for name in ("bonus_deck", "bonus_discard"):
        pile = getattr(state, name)
        if not _bonus_in_order(pile):
            raise InvalidStateError("bonus cards are listed in order", f"$.{name}")
    for seat, kinds in enumerate(state.bonus_hands):
        if not _bonus_in_order(kinds):
            raise InvalidStateError("bonus cards are listed in order", f"$.bonus_hands[{seat}]")
        if BonusKind.SUPER_JUMP in kinds:
            raise InvalidStateError("Super Jump is never held", f"$.bonus_hands[{seat}]")


def _in_order(cards: tuple[Card, ...]) -> bool:
    """Whether ``cards`` are sorted (``list(cards) == sorted(cards)``), comparing ranks."""
    ranks = list(map(card_rank, cards))
    return ranks == sorted(ranks)


def _bonus_in_order(kinds: tuple[BonusKind, ...]) -> bool:
    """Whether ``kinds`` are sorted (``tuple(kinds) == sort_bonus(kinds)``), by rank."""
    ranks = list(map(bonus_rank, kinds))
    return ranks == sorted(ranks)


@functools.lru_cache(maxsize=16)
def _deck_counts(colours: tuple[Colour, ...]) -> Counter[Card]:
    """How many of each card the movement deck for ``colours`` has (never changed)."""
    return Counter(movement_deck(colours))


@functools.lru_cache(maxsize=16)
def _deck_ranks(colours: tuple[Colour, ...]) -> list[int]:
    """The ranks of the movement deck for ``colours``, in order (never changed)."""
    return sorted(map(card_rank, movement_deck(colours)))


def _all_cards_once(state: State) -> bool:
    """Every movement card exactly once, compared as sorted ranks."""
    ranks = sorted(map(card_rank, chain(state.deck, state.discard, *state.hands)))
    return ranks == _deck_ranks(state.colours_in_play)


def _all_bonus_cards_once(state: State) -> bool:
    """The bonus cards match the split, compared as sorted ranks."""
    piles = chain(state.bonus_deck, state.bonus_discard, *state.bonus_hands)
    ranks = sorted(map(bonus_rank, piles))
    return ranks == list(map(bonus_rank, state.options.bonus_split.cards()))


def check_every_card_once(state: State) -> None:
    """``ST-COMP-DECK``, ``ST-COMP-BONUS``: the cards in the deck, the discard pile and the
    hands are the game's, each exactly once; the bonus cards are the split's."""
    if _all_cards_once(state) and _all_bonus_cards_once(state):
        return
    # Worked out only when they are not: which cards are missing or too many.
    everything = _deck_counts(state.colours_in_play)
    held = Counter(chain(state.deck, state.discard, *state.hands))
    # Every count is positive on both sides, so the plain mapping comparison (in C) is
    # the multiset comparison.
    if dict.__ne__(held, everything):
        extra = sorted((held - everything).elements())
        missing = sorted((everything - held).elements())
        detail = []
        if extra:
            detail.append("too many " + ", ".join(map(str, extra)))
        if missing:
            detail.append("missing " + ", ".join(map(str, missing)))
        raise InvalidStateError(
            "movement cards not accounted for exactly once: " + "; ".join(detail), "$"
        )
    bonus_all = Counter(state.options.bonus_split.cards())
    bonus_held = Counter(chain(state.bonus_deck, state.bonus_discard, *state.bonus_hands))
    if dict.__ne__(bonus_held, bonus_all):
        raise InvalidStateError("bonus cards do not match the bonus split exactly", "$")
