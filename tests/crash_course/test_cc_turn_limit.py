"""CC-OPT-TURN-LIMIT: a table's turn limit ends the game unfinished, nobody winning."""

from __future__ import annotations

import json
import random

import attrs
import pytest

from sonic_rules import CHANCE, InvalidStateError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.crash_course import (
    Phase,
    State,
    chance_outcomes,
    describe_state,
    from_json,
    legal_actions,
    new_game,
    position_kwargs,
    setup_position,
    step,
    to_json,
    validate_state,
)
from sonic_rules.crash_course.events import DecisionLimitReached, TurnEnded, TurnLimitReached


def _play(state: State, seed: int) -> tuple[State, list[object]]:
    rng = random.Random(seed)
    events: list[object] = []
    for _ in range(20_000):
        if state.is_over:
            break
        if state.to_act is CHANCE:
            action = sample_outcome(chance_outcomes(state), rng)
        else:
            action = rng.choice(legal_actions(state))
        state, happened = step(state, action)
        events.extend(happened)
    return state, events


@pytest.mark.parametrize(
    ("variant", "players"), [("standard", 2), ("standard", 4), ("two-player", 2), ("beginner", 3)]
)
@pytest.mark.parametrize("limit", [1, 5, 12])
def test_cc_opt_turn_limit_ends_the_game_after_that_many_turns(
    variant: str, players: int, limit: int
) -> None:
    start = new_game(players, variant=variant, options={"turn_limit": limit})
    final, events = _play(start, seed=limit)
    assert final.phase is Phase.GAME_OVER and final.to_act is None
    if final.winners:  # a player won before the limit: the limit changed nothing
        assert final.turns_played < limit
        return
    assert final.turns_played == limit
    assert final.outcome is not None and final.outcome.termination == "the turn limit was reached"
    assert events[-1] == TurnLimitReached(limit)
    assert sum(isinstance(e, TurnEnded) for e in events) <= limit
    assert "nobody" in describe_state(final)
    assert legal_actions(final) == []
    assert from_json(to_json(final)) == final
    assert setup_position(**position_kwargs(final)) == final


def test_cc_opt_turn_limit_counts_turns_only_under_a_limit() -> None:
    """Without limits nothing is counted: a position is equal however it was reached."""
    final, events = _play(new_game(3), seed=4)
    assert final.turns_played == final.decisions_made == 0
    assert not any(isinstance(e, TurnLimitReached) for e in events)
    limited, events = _play(new_game(3, options={"turn_limit": 10_000}), seed=4)
    assert limited.turns_played == sum(isinstance(e, TurnEnded) for e in events) > 0
    with pytest.raises(InvalidStateError, match="only under a turn limit"):
        validate_state(attrs.evolve(final, turns_played=1))
    with pytest.raises(InvalidStateError, match="only under a decision limit"):
        validate_state(attrs.evolve(final, decisions_made=1))


@pytest.mark.parametrize("limit", [0, -1, True, 2.5, "9"])
def test_cc_opt_turn_limit_must_be_a_positive_whole_number(limit: object) -> None:
    with pytest.raises(InvalidStateError) as raised:
        new_game(2, options={"turn_limit": limit})
    assert raised.value.path.startswith("$.options")


def test_cc_opt_turn_limit_validation_holds_the_count_to_the_limit() -> None:
    final, _ = _play(new_game(2, options={"turn_limit": 3}), seed=7)
    assert final.turns_played == 3
    with pytest.raises(InvalidStateError, match="turn limit"):
        validate_state(attrs.evolve(final, turns_played=4))
    with pytest.raises(InvalidStateError, match="not reached"):
        validate_state(attrs.evolve(final, turns_played=2))


def test_cc_opt_turn_limit_a_format_2_state_loads_with_no_limit() -> None:
    state = new_game(2)
    data = json.loads(to_json(state))
    del data["options"]["turn_limit"], data["turns_played"]
    data["format"] = 2
    assert from_json(json.dumps(data)) == state


# ----- CC-OPT-DECISION-LIMIT ------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "players"), [("standard", 3), ("two-player", 2), ("beginner", 2)]
)
@pytest.mark.parametrize("limit", [1, 4, 40])
def test_cc_opt_decision_limit_ends_the_game_after_that_many_decisions(
    variant: str, players: int, limit: int
) -> None:
    rng = random.Random(limit)
    state = new_game(players, variant=variant, options={"decision_limit": limit})
    decisions = 0
    events: list[object] = []
    while not state.is_over:
        if state.to_act is CHANCE:
            action = sample_outcome(chance_outcomes(state), rng)
        else:
            action = rng.choice(legal_actions(state))
            decisions += 1
        state, happened = step(state, action)
        events.extend(happened)
    assert state.decisions_made == decisions <= limit
    if state.winners:
        return
    assert decisions == limit
    assert state.outcome is not None
    assert state.outcome.termination == "the decision limit was reached"
    assert events[-1] == DecisionLimitReached(limit)
    assert state.shortcut_attempt == () and state.motion == () and state.pending == ()
    assert from_json(to_json(state)) == state
    assert setup_position(**position_kwargs(state)) == state


def test_cc_opt_decision_limit_validation() -> None:
    with pytest.raises(InvalidStateError) as raised:
        new_game(2, options={"decision_limit": 0})
    assert raised.value.path == "$.options.decision_limit"
    start = new_game(2, options={"decision_limit": 5})
    with pytest.raises(InvalidStateError, match="decision limit"):
        validate_state(attrs.evolve(start, decisions_made=5))
    with pytest.raises(InvalidStateError, match="more decisions"):
        validate_state(attrs.evolve(start, decisions_made=6))
