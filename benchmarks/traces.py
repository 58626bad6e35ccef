"""Record seeded games step by step, to hold a restructuring to unchanged behaviour.

    python benchmarks/traces.py OUT.txt            # record
    python benchmarks/traces.py OUT.txt --quick    # fewer games, for a quick check
    cmp BEFORE.txt AFTER.txt                       # the same, byte for byte

At every step of every game it writes the state's JSON, the legal actions in order, the
chance outcomes with their probabilities, the action taken, the events, every seat's
events and view (and a spectator's), the refusal of a stale action and of a corrupted
JSON text. A restructuring that changes none of the rules leaves the file unchanged.
Games cover every variant, player count and option of both games.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import sonic_rules
from sonic_rules import CHANCE, RulesError


def _super_teams_options() -> Iterator[dict[str, Any]]:
    yield {}
    yield {"partner_second_bonus": True}
    yield {"turn_limit": 9}
    yield {"first_player": 1}
    yield {
        "bonus_split": {"speed": 8, "dexterity": 3, "superbonus": 3, "shield": 3, "super_jump": 3}
    }


def _crash_course_options() -> Iterator[dict[str, Any]]:
    yield {}
    yield {"official_draw": True}
    yield {"set_back": True}
    yield {"damage_bars_only_moves": True}
    yield {"literal_secondary_win": True}
    yield {"open_items": True}
    yield {"turn_limit": 6}
    yield {"decision_limit": 40}


OPTIONS: dict[str, Callable[[], Iterator[dict[str, Any]]]] = {
    "super-teams": _super_teams_options,
    "crash-course": _crash_course_options,
}


def _safe(call: Callable[[], object]) -> str:
    try:
        call()
        return "accepted"
    except RulesError as error:
        return f"{type(error).__name__}: {error}"


def trace_game(
    game: Any,
    variant: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    out: list[str],
    max_steps: int,
) -> None:
    rng = random.Random(seed)
    try:
        state = game.new_game(players, variant=variant, options=options)
    except RulesError as error:
        out.append(f"new_game refused: {type(error).__name__}: {error}")
        return
    previous = None
    for number in range(max_steps):
        text = game.to_json(state)
        out.append(f"-- step {number}")
        out.append(text)
        corrupted = text[: len(text) // 2] + text[len(text) // 2 + 3 :]
        out.append("corrupt: " + _safe(partial(game.from_json, corrupted)))
        out.append("read back: " + str(game.to_json(game.from_json(text)) == text))
        for seat in [*range(players), None]:
            out.append(f"view {seat}: {game.observe(state, seat).to_json()}")
        if state.is_over:
            out.append(f"over: {state.winners} {state.outcome}")
            return
        if state.to_act is CHANCE:
            outcomes = game.chance_outcomes(state)
            out.append(
                "chance: " + " ".join(f"{game.action_to_json(a)}@{p!r}" for a, p in outcomes)
            )
            actions, weights = zip(*outcomes, strict=True)
            action = rng.choices(actions, weights)[0]
        else:
            actions = game.legal_actions(state)
            out.append("legal: " + " ".join(game.action_to_json(a) for a in actions))
            action = rng.choice(actions)
        if previous is not None:
            out.append("stale: " + _safe(partial(game.apply, state, previous)))
        out.append("act: " + game.action_to_json(action))
        before = state
        state, events = game.step(state, action)
        out.append("events: " + " ".join(game.event_to_json(e) for e in events))
        for seat in [*range(players), None]:
            seen = game.events_for(events, seat, before)
            out.append(f"events {seat}: " + " ".join(game.event_to_json(e) for e in seen))
        previous = action
    out.append("capped")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--quick", action="store_true", help="one seed per configuration")
    args = parser.parse_args(argv)
    seeds = range(1) if args.quick else range(3)
    lines: list[str] = []
    for game in sonic_rules.games():
        for variant, players in game.configurations():
            for options in OPTIONS[game.name]():
                for seed in seeds:
                    lines.append(f"== {game.name} {variant} {players} {options} {seed}")
                    trace_game(game, variant, players, options, seed, lines, 400)
    with open(args.out, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    print(f"{len(lines)} lines written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
