"""Helpers shared by the Super Teams rule tests."""

from __future__ import annotations

import copy
import random
from typing import Any

import attrs
import pytest

from sonic_rules import CHANCE, IllegalActionError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.super_teams import (
    Action,
    Card,
    Character,
    Options,
    State,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
)


def card(text: str) -> Card:
    return Card.parse(text)


def assert_illegal(state: State, action: Action, rule: str) -> None:
    """``action`` is refused for breaking ``rule``, and ``state`` is left exactly as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert info.value.rule == rule
    assert state == before


def position(state: State, character: Character) -> int:
    return state.piece(character).position


def shuffle_hidden(state: State, seat: int | None, rng: random.Random) -> State:
    """``state`` with what ``seat`` cannot see (the deck and the other hands, bonus cards
    likewise) dealt out afresh, every hand's size kept."""
    others = [s for s in range(state.players) if s != seat]
    pool = list(state.deck) + [card for s in others for card in state.hands[s]]
    bonus_pool = list(state.bonus_deck) + [k for s in others for k in state.bonus_hands[s]]
    rng.shuffle(pool)
    rng.shuffle(bonus_pool)
    hands, bonus_hands = list(state.hands), list(state.bonus_hands)
    for s in others:
        size, bonus_size = len(hands[s]), len(bonus_hands[s])
        hands[s] = tuple(sorted(pool[:size]))
        bonus_hands[s] = tuple(sorted(bonus_pool[:bonus_size], key=lambda k: k.order))
        del pool[:size], bonus_pool[:bonus_size]
    return attrs.evolve(
        state,
        hands=tuple(hands),
        bonus_hands=tuple(bonus_hands),
        deck=tuple(sorted(pool)),
        bonus_deck=tuple(sorted(bonus_pool, key=lambda k: k.order)),
    )


def random_states(
    players: int, seed: int, options: Options | dict[str, Any] | None = None
) -> list[State]:
    """Every state of one seeded random game, from the first deal to the end."""
    rng = random.Random(seed)
    state = new_game(players, options=options)
    states = [state]
    while not state.is_over:
        if state.to_act is CHANCE:
            action = sample_outcome(chance_outcomes(state), rng)
        else:
            action = rng.choice(legal_actions(state))
        state = apply(state, action)
        states.append(state)
    return states
