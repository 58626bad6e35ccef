"""Soak: seeded random games with every invariant checked after every action.

Run: ``python benchmarks/soak.py --games N --seed S [--corrupt-every K] [--game NAME]``.
For every game, variant and player count, ``N`` games (seeds ``S``, ``S + 1``...) are
played, cycling through a few option sets, and after every action:

- ``validate_state`` accepts the state (every card, item and token exactly once, ranges,
  each field consistent with the phase);
- its JSON round-trips to an equal state;
- a spread of the listed actions (or chance outcomes) applies, each result round-tripping;
  the action space's mask agrees with ``legal_actions``; a few indices off the mask and a
  few actions listed a step earlier but not now are refused, the state unchanged;
- each seat's view, and the spectator's, is unchanged when what that seat cannot see is
  dealt out afresh.

With ``--corrupt-every K``, every ``K``-th state is also corrupted one way (see
``tests/states/invariants.py``) and held to the rule: refused by ``from_json`` with a path,
or every listed action applies. The documented long run is
``--games 100000 --corrupt-every 10`` (days on one core; split it by ``--seed`` and
``--game``); the test suite runs one game per configuration.

It prints the games played, the actions and views checked, and the states corrupted and
refused; a broken invariant stops it, naming the game, seed and options (with
``--keep-going`` it is reported and the run goes on; the exit status is 1 either way).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import sonic_rules

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from states.invariants import (
    MAX_ACTIONS,
    OPTIONS,
    Tally,
    games,
    play_checked,
)

MAX_GAMES = 10**7


def _positive(text: str) -> int:
    value = int(text)
    if not 1 <= value <= MAX_GAMES:
        raise argparse.ArgumentTypeError(f"expected 1..{MAX_GAMES}, got {text}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=_positive, default=10, help="games per configuration")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--corrupt-every", type=int, default=0, metavar="K")
    parser.add_argument("--game", help="one game only (super-teams, crash-course)")
    parser.add_argument("--keep-going", action="store_true", help="report a failed game and go on")
    parser.add_argument(
        "--max-actions", type=_positive, default=MAX_ACTIONS, help="cut each game off here"
    )
    args = parser.parse_args(argv)
    total = Tally()
    failures = 0
    started = time.perf_counter()
    for game in games():
        if args.game and game.name != args.game:
            continue
        option_sets = OPTIONS[game.name]
        for variant, players in game.configurations():
            tally = Tally()
            for number in range(args.games):
                seed = args.seed + number
                options = option_sets[number % len(option_sets)]
                if variant == "beginner" and options.get("official_draw"):
                    options = {}
                try:
                    play_checked(
                        game,
                        variant,
                        players,
                        options,
                        seed,
                        tally,
                        args.corrupt_every,
                        args.max_actions,
                    )
                except (AssertionError, sonic_rules.RulesError) as error:
                    print(
                        f"FAILED {game.name} {variant} {players} players, seed {seed}, "
                        f"options {options}: {type(error).__name__}: {error}",
                        flush=True,
                    )
                    failures += 1
                    if not args.keep_going:
                        return 1
            print(
                f"{game.name:13} {variant:10} {players} players: {tally.games} games, "
                f"{tally.actions} actions, {tally.applied} listed actions applied, "
                f"{tally.illegal_refused} illegal refused, {tally.views} views, "
                f"{tally.refused}/{tally.corrupted} corrupted states refused",
                flush=True,
            )
            for field in ("games", "actions", "applied", "illegal_refused", "views"):
                setattr(total, field, getattr(total, field) + getattr(tally, field))
            total.corrupted += tally.corrupted
            total.refused += tally.refused
    elapsed = time.perf_counter() - started
    print(
        f"total: {total.games} games played, {total.actions} actions checked "
        f"({total.applied} listed actions applied, {total.illegal_refused} illegal actions "
        f"refused, {total.views} views compared), {total.corrupted} states corrupted, "
        f"{total.refused} refused, {total.corrupted - total.refused} accepted and kept the "
        f"rule, in {elapsed:.0f} s" + (f"; {failures} games FAILED" if failures else "")
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
