"""The built-in Crash Course players, play_game, and Crash Course as a core Game."""

from __future__ import annotations

import pytest

import sonic_rules
from sonic_rules import InvalidStateError, RulesError
from sonic_rules.core.driver import GreedyPlayer
from sonic_rules.crash_course import (
    GAME,
    PLAYERS,
    RandomPlayer,
    greedy_player,
    new_game,
    play_game,
    score,
    setup_position,
)


def test_players_are_factories_by_name() -> None:
    assert set(PLAYERS) == {"random", "greedy", "shortcut"}
    assert isinstance(PLAYERS["random"](), RandomPlayer)
    assert PLAYERS["shortcut"]().name == "shortcut"
    greedy = PLAYERS["greedy"]()
    assert isinstance(greedy, GreedyPlayer) and greedy.score is score
    assert PLAYERS["greedy"]() is not greedy


@pytest.mark.parametrize("variant", ["standard", "two-player", "beginner"])
def test_random_games_are_played_to_the_end_and_replay_from_the_seed(variant: str) -> None:
    state = new_game(2, variant=variant)
    first = play_game(state, [RandomPlayer(), RandomPlayer()], seed=11)
    again = play_game(state, [RandomPlayer(), RandomPlayer()], seed=11)
    assert first.final.is_over and not first.capped and len(first.final.winners) == 1
    assert first.final == again.final and first.plies == again.plies
    assert first.actions == len(first.plies) >= first.decisions


def test_greedy_beats_random_more_often_than_not() -> None:
    wins = 0
    for seed in range(6):
        result = play_game(new_game(2), [greedy_player(), RandomPlayer()], seed=seed, record=False)
        assert result.final.is_over and result.plies == ()
        wins += result.final.winners == (0,)
    assert wins >= 4


def test_max_actions_caps_a_game_unfinished() -> None:
    result = play_game(new_game(3), [RandomPlayer()] * 3, seed=2, max_actions=10)
    assert result.capped and not result.final.is_over and result.actions == 10


@pytest.mark.parametrize(
    ("variant", "players", "given"), [("standard", 3, 2), ("two-player", 2, 4)]
)
def test_one_player_per_seat(variant: str, players: int, given: int) -> None:
    """The 2-player variant has 2 seats (each plays two characters): 4 players is wrong."""
    state = new_game(players, variant=variant)
    with pytest.raises(RulesError, match=f"{players} seats"):
        play_game(state, [RandomPlayer()] * given)


def test_play_game_wants_a_state() -> None:
    with pytest.raises(InvalidStateError, match="State"):
        play_game("state", [RandomPlayer()] * 2)  # type: ignore[arg-type]


def test_score_prefers_progress_birds_and_winning() -> None:
    start = setup_position(2)
    ahead = setup_position(2, positions={"sonic": (1, 2, 1)})
    assert score(ahead, 0) > score(start, 0) and score(ahead, 1) < score(start, 1)
    birds = setup_position(2, birds=[3, 0])
    assert score(birds, 0) > score(start, 0)
    won = play_game(new_game(2), [RandomPlayer()] * 2, seed=4, record=False).final
    (seat,) = won.winners
    assert score(won, seat) == 1e6 and score(won, 1 - seat) == -1e6


def test_the_game_is_registered_with_its_variants_and_players() -> None:
    assert sonic_rules.game("crash-course") is GAME
    assert GAME.title == "Sonic the Hedgehog: Crash Course"
    assert GAME.default_variant == "standard"
    assert GAME.configurations() == [
        ("standard", 2),
        ("standard", 3),
        ("standard", 4),
        ("two-player", 2),
        ("beginner", 2),
        ("beginner", 3),
        ("beginner", 4),
    ]
    for variant, players in GAME.configurations():
        assert GAME.new_game(players, variant=variant).players == players
    with pytest.raises(RulesError):
        GAME.new_game(3, variant="two-player")
    assert GAME.players is PLAYERS and GAME.play_game is play_game
    assert isinstance(GAME.player("greedy"), GreedyPlayer)
