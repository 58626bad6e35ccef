"""Seeded random games, a hypothesis state machine per variant, bad input, rule coverage."""

from __future__ import annotations

from typing import Any

import pytest

from sonic_rules.core.driver import GreedyPlayer, PlayedGame, RandomPlayer, play
from sonic_rules.crash_course import (
    GAME,
    Options,
    from_json,
    new_game,
    to_json,
)

CONFIGS = [
    (2, "standard"),
    (3, "standard"),
    (4, "standard"),
    (2, "two-player"),
    (2, "beginner"),
    (3, "beginner"),
    (4, "beginner"),
]


def check_invariants(state) -> None:
    assert state.item_total() == 60
    assert state.bird_supply + sum(state.birds) == 24
    assert 0 <= state.damage_supply <= 12 and 0 <= state.power_up_supply <= 4
    for character in state.characters:
        assert character.damage <= 2 and len(character.items) <= 2 and character.rings <= 3
    spaces = [c.position for c in state.characters if c.position is not None]
    assert len(spaces) == len(set(spaces))
    assert from_json(to_json(state)) == state
    if state.is_over:
        assert len(state.winners) == 1
    else:
        assert state.winners == ()


def _random_game(
    players: int, variant: str, seed: int, options: Options | None = None
) -> PlayedGame[Any, Any]:
    return play(
        GAME,
        new_game(players, variant=variant, options=options),
        [RandomPlayer()] * players,
        seed=seed,
        record=False,
        max_actions=20000,
    )


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_seeded_random_games_end(players: int, variant: str) -> None:
    """Random games end with exactly one winner (CC-FINISH, CC-SECONDARY-WIN)."""
    for seed in range(100):
        result = _random_game(players, variant, seed)
        assert not result.capped and len(result.final.winners) == 1


@pytest.mark.parametrize("options", [Options(set_back=True), Options(official_draw=True)])
def test_seeded_random_games_end_with_options(options: Options) -> None:
    """CC-OPT-SET-BACK and CC-OPT-OFFICIAL-DRAW games end too."""
    for seed in range(40):
        result = _random_game(2, "standard", seed, options)
        assert not result.capped and result.final.is_over


def test_greedy_games_end() -> None:
    """The greedy bot (GAME.score) finishes games."""
    for seed in range(3):
        greedy = GreedyPlayer(GAME.score, GAME.step)
        result = play(
            GAME, new_game(2), [greedy, RandomPlayer()], seed=seed, record=False, max_actions=20000
        )
        assert result.final.is_over


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_many_random_games_end(players: int, variant: str) -> None:
    """1,000 more seeded random games per configuration end (run with SONIC_SLOW=1)."""
    for seed in range(100, 1100):
        result = _random_game(players, variant, seed)
        assert not result.capped and len(result.final.winners) == 1
