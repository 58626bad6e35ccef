"""ST-OPT-TURN-LIMIT: a table's turn limit ends the game unfinished, nobody winning."""

from __future__ import annotations

import random

import attrs
import pytest

from sonic_rules import CHANCE, InvalidStateError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.super_teams import (
    Options,
    Phase,
    State,
    apply,
    chance_outcomes,
    from_json,
    legal_actions,
    new_game,
    step,
    to_json,
    validate_state,
)
from sonic_rules.super_teams.events import TurnLimitReached


def _play(state: State, seed: int) -> tuple[State, list[object]]:
    rng = random.Random(seed)
    events: list[object] = []
    while not state.is_over:
        if state.to_act is CHANCE:
            action = sample_outcome(chance_outcomes(state), rng)
        else:
            action = rng.choice(legal_actions(state))
        state, happened = step(state, action)
        events.extend(happened)
    return state, events


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("limit", [1, 7, 30])
def test_st_opt_turn_limit_ends_the_game_after_that_many_turns(players: int, limit: int) -> None:
    final, events = _play(new_game(players, options=Options(turn_limit=limit)), seed=limit)
    assert final.phase is Phase.GAME_OVER and final.to_act is None
    assert final.turns_played == limit
    assert final.winners == ()
    assert final.outcome is not None and "turn limit" in final.outcome.termination
    assert events[-1] == TurnLimitReached(limit)
    assert legal_actions(final) == []
    assert from_json(to_json(final)) == final


def test_st_opt_turn_limit_a_win_before_the_limit_stands() -> None:
    unlimited, _ = _play(new_game(2), seed=3)
    limited, _ = _play(new_game(2, options=Options(turn_limit=unlimited.turns_played + 1)), 3)
    assert limited.winners == unlimited.winners != ()


def test_st_opt_turn_limit_without_a_limit_the_game_is_not_cut_short() -> None:
    final, events = _play(new_game(4), seed=5)
    assert final.winners and not any(isinstance(e, TurnLimitReached) for e in events)


@pytest.mark.parametrize("limit", [0, -3, True, 2.5, "10"])
def test_st_opt_turn_limit_must_be_a_positive_whole_number(limit: object) -> None:
    with pytest.raises(InvalidStateError) as raised:
        new_game(2, options=Options(turn_limit=limit))  # type: ignore[arg-type]
    assert raised.value.path == "$.options.turn_limit"


def test_st_opt_turn_limit_validation_holds_the_count_to_the_limit() -> None:
    final, _ = _play(new_game(3, options=Options(turn_limit=5)), seed=1)
    with pytest.raises(InvalidStateError, match="turn limit"):
        validate_state(attrs.evolve(final, turns_played=6))
    going_on = attrs.evolve(final, phase=Phase.PLAY)
    with pytest.raises(InvalidStateError, match="ST-OPT-TURN-LIMIT"):
        validate_state(going_on)


def test_st_opt_turn_limit_apply_refuses_everything_once_reached() -> None:
    final, _ = _play(new_game(2, options=Options(turn_limit=2)), seed=2)
    state = new_game(2)
    while state.to_act is CHANCE:
        state = apply(state, chance_outcomes(state)[0][0])
    action = legal_actions(state)[0]
    with pytest.raises(Exception, match="ST-WIN"):
        apply(final, attrs.evolve(action))
