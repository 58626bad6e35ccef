"""How often Crash Course's signature mechanics happen in random play.

Counts, over seeded random standard games for 2, 3 and 4 players, the games in which
two arrow spaces could be joined (side by side or through at most 3 shortcut tiles),
laying a shortcut (``LayShortcutTile``) / ``UseShortcut`` were legal at least once and
taken at least once (``lay taken``: a shortcut laid and finished complete), side-by-side
(adjacency) shortcuts taken, shortcuts taken through shortcut tiles, Knuckles scoring
with a shortcut (``knuckles``, out of the ``kn games`` he plays), Mega Jumps (a tile
laid in a cell not next to the newest tile), tile recycling and secondary wins (a player
had to lift an occupied tile). Three kinds of bots: ``seeking`` is the built-in
shortcut-seeking player (``PLAYERS["shortcut"]``); ``shortcut`` always takes a shortcut
action when one is legal (``UseShortcut`` first, then ``LayShortcutTile``, then
``FinishShortcut``), else plays at random; ``random`` picks uniformly among the legal
actions. ``--percent`` prints each column as a percentage of the games (``knuckles`` of
the games Knuckles plays).

Run: ``python benchmarks/cc_mechanics.py [--games N] [--seed S] [--tiles FILE]
[--bots seeking,shortcut,random] [--players 2,3,4] [--percent]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

from sonic_rules import CHANCE
from sonic_rules import crash_course as cc
from sonic_rules.core.chance import sample_outcome
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course import shortcuts

_SEEKING = cc.PLAYERS["shortcut"]()


def _choose(bot: str, state: Any, legal: list[Any], rng: random.Random) -> Any:
    if bot == "seeking":
        return _SEEKING.choose(state, legal, rng)
    if bot == "shortcut":
        for kind in (cc.UseShortcut, cc.LayShortcutTile, cc.FinishShortcut):
            options = [a for a in legal if isinstance(a, kind)]
            if options:
                return options[rng.randrange(len(options))]
    return legal[rng.randrange(len(legal))]


def play_one(players: int, bot: str, seed: int, tiles: Any = None) -> tuple[Counter[str], int]:
    """One game: which mechanics happened (each counted once per game) and its length."""
    rng = random.Random(seed)
    state = cc.new_game(players, tiles=tiles)
    seen: Counter[str] = Counter()
    if any(c.name is cc.Character.KNUCKLES for c in state.characters):
        seen["kn games"] = 1
    actions = 0
    while not state.is_over and actions < 50_000:
        if state.to_act is CHANCE:
            action = sample_outcome(cc.chance_outcomes(state), rng)
        else:
            legal = cc.legal_actions(state)
            if state.phase is cc.Phase.ACTIONS and "joined" not in seen:
                arrows = shortcuts.arrows(state.catalogue, state.course)
                for space, _direction in arrows.values():
                    if shortcuts.paths(state.course, state.shortcuts, space, arrows, 3):
                        seen["joined"] = 1
                        break
            if any(isinstance(a, cc.LayShortcutTile) for a in legal):
                seen["lay legal"] = 1
            if any(isinstance(a, cc.UseShortcut) for a in legal):
                seen["use legal"] = 1
            action = _choose(bot, state, legal, rng)
            if isinstance(action, cc.UseShortcut):
                seen["use taken"] = 1
                position = state.characters[state.active].position
                arrows = shortcuts.arrows(state.catalogue, state.course)
                joined = shortcuts.walk(state.course, state.shortcuts, position, arrows)
                assert joined is not None
                seen["use via tiles" if joined[1] else "use side-by-side"] = 1
        laid_before = len(state.shortcuts)
        state, events = cc.step(state, action)
        actions += 1
        if isinstance(action, cc.FinishShortcut) and len(state.shortcuts) > laid_before:
            seen["lay taken"] = 1
        for event in events:
            if isinstance(event, E.TileLaid) and event.mega_jump:
                seen["mega jump"] = 1
            elif isinstance(event, E.TileRecycled):
                seen["recycled"] = 1
            elif isinstance(event, E.Won) and "lift" in event.why:
                seen["secondary win"] = 1
            elif isinstance(event, E.BirdGained) and event.why.startswith("Knuckles"):
                seen["knuckles"] = 1
    return seen, actions


KEYS = (
    "joined",
    "lay legal",
    "lay taken",
    "use legal",
    "use taken",
    "use side-by-side",
    "use via tiles",
    "knuckles",
    "kn games",
    "mega jump",
    "recycled",
    "secondary win",
)


def _cell(key: str, total: Counter[str], games: int, percent: bool) -> str:
    if not percent:
        return f"{total[key]:>8}"
    if key == "kn games":
        return f"{total[key]:>8}"
    base = total["kn games"] if key == "knuckles" else games
    return f"{100 * total[key] / base:>8.1f}" if base else f"{'-':>8}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tiles", default=None, help="a tile catalogue JSON file")
    parser.add_argument("--bots", default="seeking,shortcut,random")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--percent", action="store_true", help="percentages of the games")
    args = parser.parse_args()
    tiles = cc.load_tiles(args.tiles) if args.tiles else None
    unit = "% of N" if args.percent else "of N"
    print(f"games ({unit}) in which each mechanic happened at least once")
    print("bot       players  " + "  ".join(f"{key:>8.8}" for key in KEYS) + "   ms/game")
    for bot in args.bots.split(","):
        for players in (int(p) for p in args.players.split(",")):
            total: Counter[str] = Counter()
            started = time.perf_counter()
            for index in range(args.games):
                seen, _ = play_one(players, bot, args.seed + index, tiles)
                total.update(seen)
            elapsed = (time.perf_counter() - started) / args.games * 1000
            cells = "  ".join(_cell(key, total, args.games, args.percent) for key in KEYS)
            print(f"{bot:9} {players:>7}  {cells}   {elapsed:7.1f}")


if __name__ == "__main__":
    main()
