"""``apply`` does not check again an action `legal_actions` or `chance_outcomes` just
listed for the very same state; anything else is checked, with the same refusals.
"""

from __future__ import annotations

import random

import pytest

from sonic_rules import CHANCE, IllegalActionError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.super_teams import (
    Deal,
    Phase,
    Play,
    State,
    apply,
    chance_outcomes,
    check,
    legal_actions,
    new_game,
    step,
)
from sonic_rules.super_teams.cards import CARDS
from st_helpers import random_states


def _play_state(seed: int) -> State:
    return next(s for s in random_states(4, seed) if s.phase is Phase.PLAY)


def test_an_action_listed_for_another_state_is_checked() -> None:
    plays = [s for s in random_states(4, 1) if s.phase is Phase.PLAY]
    first = plays[0]
    for later in plays[1:]:
        for action in legal_actions(first):  # listed for ``first`` only
            try:
                check(later, action)
            except IllegalActionError as error:
                with pytest.raises(IllegalActionError) as raised:
                    apply(later, action)
                assert raised.value.rule == error.rule
                assert str(raised.value) == str(error)
                return
    pytest.fail("no play of the first hand became illegal: pick another seed")


def test_a_changed_list_does_not_make_an_action_legal() -> None:
    state = _play_state(2)
    actions = legal_actions(state)
    held = state.hands[state.turn]
    missing = next(card for card in reversed(CARDS) if not card.is_special and card not in held)
    forged = Play(state.turn, missing, missing.colour.characters[0])
    actions.append(forged)
    with pytest.raises(IllegalActionError, match="ST-PLAY-CARD"):
        apply(state, forged)


def test_a_listed_chance_outcome_applies_as_a_checked_one() -> None:
    rng = random.Random(3)
    state = new_game(3)
    while state.to_act is CHANCE:
        outcomes = chance_outcomes(state)
        action = sample_outcome(outcomes, rng)
        listed_way = step(state, action)
        legal_actions(new_game(2))  # forget the listing: the action is checked
        checked_way = step(state, action)
        assert listed_way == checked_way
        state = listed_way[0]


def test_an_unlisted_deal_is_still_refused() -> None:
    state = new_game(4)
    chance_outcomes(state)
    with pytest.raises(IllegalActionError, match="ST-P-DEAL-ORDER"):
        apply(state, Deal(1, state.deck[0]))
