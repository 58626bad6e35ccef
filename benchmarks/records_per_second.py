"""Game records validated per second, for every game and configuration that has a notation,
and for Super Teams with hidden hands (every card dealt to another seat written ``?``).

Run: ``python benchmarks/records_per_second.py [--records N] [--seed S]``. The records
are simulated random-bot games, written with ``write_record``; only ``validate`` is
timed. Figures depend on the machine; compare runs made on the same machine.
"""

from __future__ import annotations

import argparse
import re
import time
from typing import Any

import sonic_rules
from sonic_rules import records
from sonic_rules.core.game import Game

_UNSEEN = re.compile(r"^(deal|bonus) ([1-9]) (?!special$|super-jump$)\S+$", re.MULTILINE)


def hidden(text: str) -> str:
    """Seat 0's notebook: every card dealt or bonus card taken by another seat unseen."""
    return _UNSEEN.sub(r"\1 \2 ?", text)


def texts(game: Game[Any, Any], variant: str, players: int, count: int, seed: int) -> list[str]:
    written = []
    for index in range(count):
        start = game.new_game(players, variant=variant)
        bots = [game.player("random") for _ in range(players)]
        played = game.play_game(start, bots, seed=seed + index)
        written.append(records.write_record(game, [start, *(p.action for p in played.plies)]))
    return written


def bench(name: str, written: list[str]) -> str:
    lines = sum(text.count("\n") for text in written)
    started = time.perf_counter()
    for text in written:
        report = records.validate(text)
        assert report.valid, str(report)
    elapsed = time.perf_counter() - started
    return (
        f"{name:36} {len(written) / elapsed:7.1f} records/s  {lines / elapsed:9.0f} lines/s"
        f"  ({lines / len(written):.0f} lines a record)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game in sonic_rules.games():
        for variant, players in game.configurations():
            written = texts(game, variant, players, args.records, args.seed)
            print(bench(f"{game.name} {variant} {players}p", written))
            if game.name == "super-teams":
                print(bench(f"{game.name} {variant} {players}p hidden", list(map(hidden, written))))


if __name__ == "__main__":
    main()
