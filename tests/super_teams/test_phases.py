"""The phase declaration is the truth: who acts, what each phase refuses, every change.

Random games of 2, 3 and 4 players take every declared transition, each action's phase
change is one declared trigger, and an action of another phase is refused with the
rule the phase declares (ST-DEAL, ST-CHANCE, ST-SUPER-JUMP-SPECIAL, ST-PLAY-CARD,
ST-RESPONSE-WINDOW, ST-DOUBLE-HALF, ST-WIN).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from sonic_rules import CHANCE, IllegalActionError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.core.phases import UndeclaredTransitionError
from sonic_rules.super_teams import (
    PHASES,
    Action,
    ChooseHalf,
    ChooseJumper,
    Deal,
    DrawBonus,
    Options,
    Pass,
    Phase,
    Play,
    PlayBonus,
    State,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
)
from st_helpers import random_states

GAMES_PER_COUNT = 100
ONE_OF_EACH: list[Action] = [
    Deal(0, "blue-1"),
    DrawBonus(0, "speed"),
    Play(0, "blue-1", "sonic"),
    PlayBonus(0, "speed"),
    Pass(0),
    ChooseHalf(0, "rings"),
    ChooseJumper(0, "sonic"),
]


def test_every_declared_transition_is_taken_in_random_games() -> None:
    """Random 2-, 3- and 4-player games take each declared (trigger, source, destination)."""
    with PHASES.recording() as taken:
        for players in (2, 3, 4):
            for seed in range(GAMES_PER_COUNT):
                random_states(players, seed)
                # ST-OPT-TURN-LIMIT ends games at the end of turns of every kind.
                random_states(players, seed, Options(turn_limit=1 + seed % 30))
    counts = Counter((t.trigger, t.source, t.dest) for t in taken)
    declared = {(t.trigger, t.source, t.dest) for t in PHASES.transitions}
    assert set(counts) == declared
    never = [f"{t}: {s} -> {d}" for t, s, d in declared if not counts[(t, s, d)]]
    assert not never


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_action_changes_phase_by_exactly_one_declared_trigger(players: int) -> None:
    """No phase change without a trigger: each action takes one declared transition, from
    the phase it was applied in to the phase it left (an undeclared one would raise)."""
    rng = random.Random(players)
    for _ in range(10):
        state = new_game(players)
        while not state.is_over:
            if state.to_act is CHANCE:
                action = sample_outcome(chance_outcomes(state), rng)
            else:
                action = rng.choice(legal_actions(state))
            with PHASES.recording() as taken:
                after = apply(state, action)
            assert [(t.source, t.dest) for t in taken] == [(state.phase, after.phase)]
            state = after


def test_an_undeclared_trigger_is_a_library_bug() -> None:
    with pytest.raises(UndeclaredTransitionError):
        PHASES.goto(Phase.GAME_OVER, "next_turn")
    with pytest.raises(UndeclaredTransitionError):
        PHASES.goto(Phase.DEAL, "card_played")


def test_new_games_start_in_the_declared_initial_phase() -> None:
    """ST-DEAL: every game starts with the deal."""
    assert PHASES.initial_phase("standard") is Phase.DEAL
    for players in (2, 3, 4):
        assert new_game(players).phase is PHASES.initial_phase("standard")


def _declared_actor(state: State) -> object:
    """Who acts, read from the rulebook's words for each phase."""
    if state.phase in (Phase.DEAL, Phase.BONUS_DRAW):
        return CHANCE
    if state.phase is Phase.PLAY:
        return state.turn
    if state.phase is Phase.RESPONSE:
        assert state.pending is not None
        return state.pending.responders[0]
    if state.phase is Phase.CHOOSE_HALF:
        assert state.pending is not None
        return state.pending.seat
    if state.phase is Phase.SUPER_JUMP_TARGET:
        return state.jumper
    return None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_to_act_comes_from_the_declared_actor(players: int) -> None:
    """ST-TURN-ORDER, ST-RESPONSE-WINDOW, ST-DOUBLE-HALF, ST-SUPER-JUMP-SPECIAL: who acts."""
    for state in random_states(players, seed=11):
        assert state.to_act == PHASES.to_act(state, state.phase)
        expected = _declared_actor(state)
        assert state.to_act == expected


@pytest.mark.parametrize("players", [2, 4])
def test_wrong_phase_actions_are_refused_with_the_declared_rule(players: int) -> None:
    """ST-DEAL, ST-CHANCE, ST-SUPER-JUMP-SPECIAL, ST-PLAY-CARD, ST-RESPONSE-WINDOW,
    ST-DOUBLE-HALF, ST-WIN: an action another phase takes is refused by the rule the
    current phase declares, and the state is unchanged."""
    seen: set[Phase] = set()
    for seed in range(40):
        for state in random_states(players, seed):
            if state.phase in seen:
                continue
            seen.add(state.phase)
            spec = PHASES.specs[state.phase]
            for action in ONE_OF_EACH:
                if type(action) in spec.accepts:
                    continue
                with pytest.raises(IllegalActionError) as error:
                    apply(state, action)
                assert error.value.rule == spec.wrong_phase_rule
        if seen == set(Phase):
            break
    assert seen == set(Phase)
    rules = {phase: PHASES.specs[phase].wrong_phase_rule for phase in Phase}
    assert rules == {
        Phase.DEAL: "ST-DEAL",
        Phase.BONUS_DRAW: "ST-CHANCE",
        Phase.SUPER_JUMP_TARGET: "ST-SUPER-JUMP-SPECIAL",
        Phase.PLAY: "ST-PLAY-CARD",
        Phase.RESPONSE: "ST-RESPONSE-WINDOW",
        Phase.CHOOSE_HALF: "ST-DOUBLE-HALF",
        Phase.GAME_OVER: "ST-WIN",
    }


def test_st_win_no_action_once_the_game_is_over() -> None:
    """ST-WIN: nobody acts, nothing is legal, every action is refused."""
    final = random_states(3, seed=5)[-1]
    assert final.is_over and final.to_act is None and legal_actions(final) == []
    for action in ONE_OF_EACH:
        with pytest.raises(IllegalActionError) as error:
            apply(final, action)
        assert error.value.rule == "ST-WIN"
