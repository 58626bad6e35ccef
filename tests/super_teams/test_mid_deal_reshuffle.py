"""ST-DECK-RESHUFFLE in the middle of a deal, with a constructed deck.

The ruling: when the deck empties mid-deal (it can, after a special-card replacement),
the reshuffle takes the whole discard pile, the special card included even if it was
revealed earlier in this same deal; if it is dealt again, its effect happens again.
"""

from __future__ import annotations

from collections import Counter

from sonic_rules import CHANCE
from sonic_rules.super_teams import (
    Colour,
    Deal,
    Phase,
    Play,
    apply,
    chance_outcomes,
    events,
    setup_position,
    step,
)
from sonic_rules.super_teams.cards import SPECIAL, movement_deck
from sonic_rules.super_teams.state import State
from st_helpers import card

# Twelve cards: exactly two hands of six, so the deal starts without a reshuffle; the
# special card among them means one replacement more than the deck holds.
DECK = [
    "special",
    *(f"{colour}-{value}" for colour in ("blue", "red") for value in range(1, 6)),
    "black-1",
]
LAST_CARD = "yellow-6"


def _round_end() -> State:
    """Seat 0 about to play the last card of the round; the deck holds the twelve cards."""
    deck = [card(text) for text in DECK]
    rest = Counter(movement_deck(tuple(Colour)))
    rest.subtract(Counter([*deck, card(LAST_CARD)]))
    return setup_position(2, hands=[[LAST_CARD], []], deck=deck, discard=sorted(rest.elements()))


def _deal(state: State, wanted: str) -> tuple[State, list[object]]:
    """Deal ``wanted`` to the seat due (it must be a possible chance outcome)."""
    assert state.to_act is CHANCE and state.phase is Phase.DEAL
    deals = [a for a, _ in chance_outcomes(state) if isinstance(a, Deal)]
    outcome = next(a for a in deals if str(a.card) == wanted)
    new, happened = step(state, outcome)
    return new, list(happened)


def _take_bonus_round(state: State) -> tuple[State, int]:
    taken = 0
    while state.phase is Phase.BONUS_DRAW:
        state = apply(state, chance_outcomes(state)[0][0])
        taken += 1
    return state, taken


def test_st_deck_reshuffle_mid_deal_takes_the_special_card_revealed_in_this_deal() -> None:
    state = apply(_round_end(), Play(0, card("yellow-6"), "metal-sonic"))
    assert state.phase is Phase.DEAL and len(state.deck) == 12
    # The special card first: revealed, discarded, replaced; then everyone takes a bonus card.
    state, happened = _deal(state, "special")
    assert any(isinstance(e, events.SpecialCardRevealed) for e in happened)
    assert SPECIAL in state.discard
    state, happened = _deal(state, "blue-1")
    state, taken = _take_bonus_round(state)
    assert taken == 2
    # The other ten cards of the deck; the last hand is then one card short.
    log: list[object] = []
    for _ in range(10):
        state, happened = _deal(state, str(state.deck[0]))
        log += happened
    assert sum(len(hand) for hand in state.hands) == 11
    assert [type(e) for e in log].count(events.DeckReshuffled) == 1
    # The reshuffle took the whole discard pile, the special card revealed in this deal too.
    assert state.phase is Phase.DEAL and not state.discard
    assert SPECIAL in state.deck
    assert len(state.deck) == 49 - 11
    # Dealt again, its effect happens again: revealed, replaced, a second bonus round.
    state, happened = _deal(state, "special")
    assert any(isinstance(e, events.SpecialCardRevealed) for e in happened)
    state, happened = _deal(state, "black-2")
    state, taken = _take_bonus_round(state)
    assert taken == 2
    assert state.phase is Phase.PLAY
    assert [len(hand) for hand in state.hands] == [6, 6]
    assert sum(len(hand) for hand in state.bonus_hands) + len(state.bonus_discard) == 4
