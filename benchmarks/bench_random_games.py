"""Random-bot games per second and median game length, for each game and player count.

Run: ``python benchmarks/bench_random_games.py [--games N] [--seed S]``. Figures
depend on the machine; compare runs made on the same machine, in the same process.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from sonic_rules import crash_course, super_teams
from sonic_rules.core.driver import Game, RandomPlayer, play


def bench(game: Game, make: Callable[[], Any], players: int, games: int, seed: int) -> str:
    bots = [RandomPlayer()] * players
    lengths, turns = [], []
    started = time.perf_counter()
    capped = 0
    for index in range(games):
        result = play(game, make(), bots, seed=seed + index, record=False, max_actions=50_000)
        capped += result.capped
        lengths.append(result.actions)
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
    for players in (2, 3, 4):
        label = f"super-teams   {players}p"
        print(
            label.ljust(34),
            bench(
                super_teams.GAME,
                lambda p=players: super_teams.new_game(p),
                players,
                args.games,
                args.seed,
            ),
        )
    for variant, counts in (("standard", (2, 3, 4)), ("two-player", (2,)), ("beginner", (2, 4))):
        for players in counts:
            label = f"crash-course  {players}p {variant}"
            print(
                label.ljust(34),
                bench(
                    crash_course.GAME,
                    lambda p=players, v=variant: crash_course.new_game(p, variant=v),
                    players,
                    args.games,
                    args.seed,
                ),
            )


if __name__ == "__main__":
    main()
