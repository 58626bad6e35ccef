"""Super Teams in words (describe_action, describe_state) and the outcome of a game."""

from __future__ import annotations

import pytest

from sonic_rules import GameState, InvalidStateError, Outcome
from sonic_rules.super_teams import (
    ChooseHalf,
    ChooseJumper,
    Deal,
    DrawBonus,
    Pass,
    Phase,
    Play,
    PlayBonus,
    RandomPlayer,
    apply,
    describe_action,
    describe_state,
    new_game,
    play_game,
    setup_position,
)
from st_helpers import card


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Play(2, "blue-4", "tails"), "seat 2 plays blue-4 on Tails"),
        (Play(1, "yellow-6", "metal-sonic"), "seat 1 plays yellow-6 on Metal Sonic"),
        (Deal(3, "red-2"), "red-2 is dealt to seat 3"),
        (Deal(0, "special"), "special is dealt to seat 0"),
        (DrawBonus(1, "super-jump"), "seat 1 takes a Super Jump from the bonus deck"),
        (PlayBonus(0, "speed"), "seat 0 plays a Speed Bonus on the move"),
        (Pass(3), "seat 3 passes (no bonus card)"),
        (ChooseHalf(0, "rings"), "seat 0 chooses the rings half"),
        (ChooseJumper(2, "amy"), "seat 2 Super Jumps Amy Rose"),
    ],
)
def test_describe_action_reads_as_a_sentence(action: object, text: str) -> None:
    assert describe_action(action) == text  # type: ignore[arg-type]


def test_describe_state_shows_each_character_and_hand() -> None:
    state = setup_position(2, positions={"sonic": 5}, hands=[["blue-3"], ["red-2"]])
    text = describe_state(state)
    assert "play, to act: 0" in text
    assert "Sonic 5/" in text and "Tails 0/" in text
    assert "seat 1 (red+yellow)" in text and "1 cards" in text
    assert "winners" not in text


def test_st_win_outcome_names_the_winning_side() -> None:
    """ST-WIN: the outcome is None until one side is all across, then names its seats."""
    state = setup_position(
        2,
        board="S . . . .",
        positions={"tails": 5, "shadow": 5, "silver": 5},
        hands=[["blue-6"], ["red-1"]],
    )
    assert isinstance(state, GameState)
    assert state.outcome is None and state.winners == () and not state.is_over
    final = apply(state, Play(0, card("blue-6"), "sonic"))
    assert final.phase is Phase.GAME_OVER and final.is_over
    outcome = final.outcome
    assert isinstance(outcome, Outcome) and outcome.winners == (0,)
    assert final.winners == (0,) and final.to_act is None
    assert "crossed the finish line" in outcome.termination
    assert "winners: seat 0" in describe_state(final)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_st_win_random_games_end_with_one_outcome(players: int) -> None:
    """ST-WIN: one outcome, its winners the winning side's seats (a partnership of 4)."""
    for seed in range(5):
        start = new_game(players)
        assert start.outcome is None
        final = play_game(start, [RandomPlayer()] * players, seed=seed, record=False).final
        outcome = final.outcome
        assert outcome is not None and outcome.winners == final.winners
        assert len(outcome.winners) == (2 if players == 4 else 1)
        assert " and ".join(f"seat {seat}" for seat in outcome.winners) in describe_state(final)


def test_describe_action_with_its_state_names_the_character_on_the_double_space() -> None:
    """ST-DOUBLE-HALF: the half is chosen for the character that stopped on the double."""
    state = setup_position(2, board="S . R/X . . .", hands=[["blue-2"], ["red-2"]])
    state = apply(state, Play(0, card("blue-2"), "sonic"))
    assert state.phase is Phase.CHOOSE_HALF
    assert describe_action(ChooseHalf(0, "rings"), state) == (
        "seat 0 chooses the rings half for Sonic"
    )
    with pytest.raises(InvalidStateError, match="State"):
        describe_action(Pass(0), "not a state")  # type: ignore[arg-type]
