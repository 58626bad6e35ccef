"""Random-bot games per second and median game length, for every game and configuration.

Run: ``python benchmarks/bench_random_games.py [--games N] [--seed S]``. Every
``(variant, players)`` of every registered game is played through its ``Game``.
Figures depend on the machine; compare runs made on the same machine, in the same
process.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import sonic_rules
from sonic_rules.core.game import Game

MAX_ACTIONS = 50_000


def bench(game: Game[Any, Any], variant: str, players: int, games: int, seed: int) -> str:
    bots = [game.player("random") for _ in range(players)]
    lengths, turns = [], []
    started = time.perf_counter()
    capped = 0
    for index in range(games):
        result = game.play_game(
            game.new_game(players, variant=variant),
            bots,
            seed=seed + index,
            record=False,
            max_actions=MAX_ACTIONS,
        )
        capped += result.capped
        lengths.append(result.actions)
        # Turns are not part of every game's state; shown when the game counts them.
        turns.append(getattr(result.final, "turns_played", 0))
    elapsed = time.perf_counter() - started
    line = (
        f"{games / elapsed:8.1f} games/s  {elapsed / games * 1000:7.2f} ms/game  "
        f"median {statistics.median(lengths):6.0f} actions"
    )
    if any(turns):
        line += f"  {statistics.median(turns):5.0f} turns"
    if capped:
        line += f"  ({capped} capped)"
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    for game in sonic_rules.games():
        for variant, players in game.configurations():
            label = f"{game.name:13} {players}p {variant}"
            print(label.ljust(34), bench(game, variant, players, args.games, args.seed))


if __name__ == "__main__":
    main()
