"""Random self-play speed: decisions and actions per second, for every configuration.

Run: ``python benchmarks/decisions_per_second.py [--seconds S] [--seed N] [--json]``.
For every ``(variant, players)`` of every registered game, in one process, random
players play seeded games back to back for ``S`` seconds (whole games: the last one
started is finished). A *decision* is a seat's choice; an *action* is any applied
action, chance outcomes included. Figures depend on the machine; compare runs made on
the same machine.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from typing import Any

import sonic_rules
from sonic_rules.core.game import Game

MAX_ACTIONS = 50_000


def measure(
    game: Game[Any, Any], variant: str, players: int, seconds: float, seed: int
) -> dict[str, Any]:
    """Play random games of one configuration for ``seconds``; counts and rates."""
    bots = [game.player("random") for _ in range(players)]
    games = decisions = actions = capped = 0
    started = time.perf_counter()
    while True:
        result = game.play_game(
            game.new_game(players, variant=variant),
            bots,
            seed=seed + games,
            record=False,
            max_actions=MAX_ACTIONS,
        )
        games += 1
        decisions += result.decisions
        actions += result.actions
        capped += result.capped
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            break
    return {
        "game": game.name,
        "variant": variant,
        "players": players,
        "seconds": round(elapsed, 3),
        "games": games,
        "capped": capped,
        "decisions": decisions,
        "actions": actions,
        "decisions_per_second": round(decisions / elapsed, 1),
        "actions_per_second": round(actions / elapsed, 1),
        "games_per_second": round(games / elapsed, 2),
    }


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, got {text}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=_positive_float, default=2.0, help="per configuration (default 2)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    args = parser.parse_args(argv)
    rows = [
        measure(game, variant, players, args.seconds, args.seed)
        for game in sonic_rules.games()
        for variant, players in game.configurations()
    ]
    if args.json:
        document = {
            "benchmark": "random self-play",
            "python": platform.python_version(),
            "sonic_rules": sonic_rules.__version__,
            "seconds_per_configuration": args.seconds,
            "seed": args.seed,
            "results": rows,
        }
        json.dump(document, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    header = f"{'game':13} {'variant':11} {'players':>7} {'decisions/s':>12} {'actions/s':>11}"
    print(header + f" {'games':>6}")
    for row in rows:
        print(
            f"{row['game']:13} {row['variant']:11} {row['players']:>7} "
            f"{row['decisions_per_second']:>12,.0f} {row['actions_per_second']:>11,.0f} "
            f"{row['games']:>6}" + (f" ({row['capped']} capped)" if row["capped"] else "")
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
