"""Legality is decided once: ``apply`` accepts an action exactly when ``legal_actions``
lists it, over the states of random games.

Candidates are each state's legal actions plus actions seen in other states (mostly
illegal here: another phase, another seat, a spent card, a crossed character, a bonus
card no longer held). A refused action names an ``ST-`` rule and leaves the state as it
was; :func:`check` gives the same answer as ``apply``.
"""

from __future__ import annotations

import random

import pytest

from sonic_rules import CHANCE, IllegalActionError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.super_teams import (
    Action,
    Options,
    State,
    apply,
    chance_outcomes,
    check,
    legal_actions,
    new_game,
    to_json,
)


def _agree(state: State, candidates: list[Action], legal: list[Action]) -> tuple[int, int]:
    listed = set(legal)
    accepted = refused = 0
    before = to_json(state)
    for action in candidates:
        if action in listed:
            check(state, action)
            assert apply(state, action) is not state
            accepted += 1
            continue
        with pytest.raises(IllegalActionError) as error:
            apply(state, action)
        assert error.value.rule.startswith("ST-")
        with pytest.raises(IllegalActionError) as again:
            check(state, action)
        assert again.value.rule == error.value.rule
        refused += 1
    assert to_json(state) == before
    return accepted, refused


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, Options()), (3, Options()), (4, Options()), (4, Options(partner_second_bonus=True))],
    ids=["2p", "3p", "4p", "4p-second-bonus"],
)
def test_apply_accepts_an_action_iff_legal_actions_lists_it(players: int, options: Options) -> None:
    """ST-PLAY-CARD, ST-CHARACTER-COLOUR, ST-COLOUR-FALLBACK, ST-CROSSED-STAY,
    ST-RESPONSE-WINDOW, ST-BONUS-SUPERBONUS, ST-BONUS-SHIELD, ST-DOUBLE-HALF,
    ST-SUPER-JUMP-SPECIAL, ST-CHANCE, ST-P-DEAL-ORDER: one decision for both."""
    rng = random.Random(players)
    pool: list[Action] = []
    accepted = refused = 0
    for _ in range(3):
        state = new_game(players, options=options)
        while not state.is_over:
            legal = legal_actions(state)
            assert len(set(legal)) == len(legal)
            candidates = rng.sample(pool, min(len(pool), 10)) + legal
            yes, no = _agree(state, candidates, legal)
            accepted, refused = accepted + yes, refused + no
            pool.extend(rng.sample(legal, min(len(legal), 3)))
            del pool[:-300]
            if state.to_act is CHANCE:
                state = apply(state, sample_outcome(chance_outcomes(state), rng))
            else:
                state = apply(state, rng.choice(legal))
    assert accepted > 500 and refused > 500


def test_chance_outcomes_are_the_legal_actions_at_a_chance_node() -> None:
    """ST-CHANCE: at a chance node the legal actions are the outcomes, whose chances sum
    to 1; elsewhere there are no outcomes."""
    rng = random.Random(0)
    state = new_game(4)
    for _ in range(400):
        if state.is_over:
            break
        outcomes = chance_outcomes(state)
        if state.to_act is CHANCE:
            assert [action for action, _ in outcomes] == legal_actions(state)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state = apply(state, sample_outcome(outcomes, rng))
        else:
            assert outcomes == []
            state = apply(state, rng.choice(legal_actions(state)))
