"""The ``sonic-rules`` command: demo games, simulations, the rule reference, phase diagrams."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from sonic_rules import __version__, crash_course, super_teams
from sonic_rules.core.driver import Game, GreedyPlayer, PlayedGame, Player, RandomPlayer, play
from sonic_rules.core.rules import RuleBook

GAMES: dict[str, Game] = {"super-teams": super_teams.GAME, "crash-course": crash_course.GAME}
RULE_BOOKS: dict[str, RuleBook] = {
    "super-teams": super_teams.RULES,
    "crash-course": crash_course.RULES,
}
TITLES = {
    "super-teams": "Sonic Super Teams",
    "crash-course": "Sonic the Hedgehog: Crash Course",
}


def _new_state(game: str, players: int, variant: str) -> Any:
    if game == "super-teams":
        return super_teams.new_game(players)
    return crash_course.new_game(players, variant=variant)


def _bot(game: str, kind: str) -> Player:
    if kind == "random":
        return RandomPlayer()
    return GreedyPlayer(score=GAMES[game].score, step=GAMES[game].step)


def _play(
    game: str, state: Any, bots: Sequence[Player], seed: int, record: bool, max_actions: int | None
) -> PlayedGame[Any, Any]:
    return play(GAMES[game], state, bots, seed=seed, record=record, max_actions=max_actions)


def _seats(seats: Sequence[int]) -> str:
    return " and ".join(f"seat {seat}" for seat in seats)


def _print_super_teams_log(result: PlayedGame[Any, Any], out: TextIO) -> None:
    dealt = 0
    for ply in result.plies:
        if isinstance(ply.action, super_teams.Deal):
            dealt += 1
            others = [e for e in ply.events if not isinstance(e, super_teams.events.CardDealt)]
            for event in others:
                out.write(f"    {event.describe()}\n")
            continue
        if dealt:
            out.write(f"  [deal: {dealt} cards dealt]\n")
            dealt = 0
        out.write(f"  {'(chance) ' if ply.seat is None else ''}{ply.action}\n")
        for event in ply.events:
            if not isinstance(event, super_teams.events.CardPlayed | super_teams.events.Passed):
                out.write(f"    {event.describe()}\n")


def _print_generic_log(game: str, result: PlayedGame[Any, Any], out: TextIO) -> None:
    describe = GAMES[game].describe_action
    for ply in result.plies:
        out.write(f"  {'(chance) ' if ply.seat is None else ''}{describe(ply.action)}\n")
        for event in ply.events:
            out.write(f"    {event.describe()}\n")


def demo(args: argparse.Namespace, out: TextIO) -> int:
    """One refereed bot game of each game, printed as a log that ends with the winner."""
    for game in ("super-teams", "crash-course"):
        players = args.players
        state = _new_state(game, players, "standard")
        bots = [_bot(game, "greedy" if seat % 2 == 0 else "random") for seat in range(players)]
        names = ", ".join(f"seat {seat} {bot.name}" for seat, bot in enumerate(bots))
        out.write(f"=== {TITLES[game]}: {players} players ({names}), seed {args.seed} ===\n")
        result = _play(game, state, bots, args.seed, True, args.max_actions)
        if game == "super-teams":
            _print_super_teams_log(result, out)
        else:
            _print_generic_log(game, result, out)
        final = result.final
        describe_state = (
            super_teams.describe_state if game == "super-teams" else crash_course.describe_state
        )
        out.write(describe_state(final) + "\n")
        if final.is_over:
            out.write(
                f"Winner: {_seats(final.winners)} after {result.actions} actions "
                f"({result.decisions} decisions).\n\n"
            )
        else:
            out.write(f"Stopped unfinished at the driver's cap of {result.actions} actions.\n\n")
    return 0


def _progress(done: int, total: int, started: float, err: TextIO, tty: bool) -> None:
    width = 30
    filled = width * done // total
    elapsed = time.perf_counter() - started
    rate = done / elapsed if elapsed > 0 else 0.0
    bar = f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games {rate:6.1f}/s"
    # On a terminal the bar redraws in place; in a log it is a line every tenth.
    err.write(f"\r{bar}" if tty else f"{bar}\n")
    if tty and done == total:
        err.write("\n")
    err.flush()


def _table(rows: Sequence[Sequence[str]], out: TextIO) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for index, row in enumerate(rows):
        out.write("  ".join(cell.rjust(widths[i]) for i, cell in enumerate(row)) + "\n")
        if index == 0:
            out.write("  ".join("-" * w for w in widths) + "\n")


def simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Many seeded bot games: win rate by seat and game length statistics."""
    game, players, games = args.game, args.players, args.games
    rng = random.Random(args.seed)
    bots = [_bot(game, args.bot) for _ in range(players)]
    wins = [0] * players
    lengths: list[int] = []
    decisions: list[int] = []
    turns: list[int] = []
    capped = 0
    started = time.perf_counter()
    tty = err.isatty()
    every = max(1, games // (100 if tty else 10))
    for index in range(games):
        state = _new_state(game, players, args.variant)
        result = _play(game, state, bots, rng.randrange(2**32), False, args.max_actions)
        if result.capped:
            capped += 1
        else:
            for seat in result.final.winners:
                wins[seat] += 1
            lengths.append(result.actions)
            decisions.append(result.decisions)
            if hasattr(result.final, "turns_played"):
                turns.append(result.final.turns_played)
        if args.progress and (index + 1 == games or (index + 1) % every == 0):
            _progress(index + 1, games, started, err, tty)
    elapsed = time.perf_counter() - started
    variant = f", {args.variant}" if game == "crash-course" else ""
    out.write(
        f"{TITLES[game]}{variant}: {games} games, {players} players, {args.bot} bots, "
        f"seed {args.seed}, {games / elapsed:.1f} games/s\n\n"
    )
    finished = games - capped
    rows = [["seat", "wins", "win rate"]]
    for seat in range(players):
        rate = wins[seat] / finished if finished else 0.0
        rows.append([str(seat), str(wins[seat]), f"{rate:.1%}"])
    _table(rows, out)
    out.write("\n")
    if lengths:
        rows = [["game length", "min", "median", "mean", "max"]]
        series = [("actions", lengths), ("decisions", decisions)]
        if turns:
            series.insert(0, ("turns", turns))
        for name, values in series:
            rows.append(
                [
                    name,
                    str(min(values)),
                    f"{statistics.median(values):g}",
                    f"{statistics.fmean(values):.1f}",
                    str(max(values)),
                ]
            )
        _table(rows, out)
    if capped:
        out.write(
            f"\n{capped} game(s) reached the driver's cap of {args.max_actions} actions "
            "(a driver setting, not a rule) and are not counted above.\n"
        )
    return 0


def rules(args: argparse.Namespace, out: TextIO) -> int:
    """Print the rule reference: every rule id with its title, source and text."""
    for game in (args.game,) if args.game else ("super-teams", "crash-course"):
        out.write(f"# {TITLES[game]}\n\n")
        for rule in RULE_BOOKS[game]:
            out.write(f"{rule.id}  {rule.title}  [{rule.source}]\n    {rule.text}\n")
        out.write("\n")
    return 0


def phases(args: argparse.Namespace, out: TextIO) -> int:
    """Print the declared phase machine as a Mermaid state diagram."""
    machine = super_teams.PHASES if args.game == "super-teams" else crash_course.PHASES
    out.write(machine.to_mermaid() + "\n")
    return 0


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sonic-rules",
        description="A rules referee for Sonic Super Teams and Sonic the Hedgehog: Crash Course.",
    )
    parser.add_argument("--version", action="version", version=f"sonic-rules {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    p = commands.add_parser("demo", help="one refereed bot game of each game, as a log")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--players", type=int, choices=[2, 3, 4], default=2)
    p.add_argument(
        "--max-actions",
        type=int,
        default=20000,
        help="driver cap (not a rule) in case a game would not end",
    )

    p = commands.add_parser("simulate", help="many seeded bot games: win rates and lengths")
    p.add_argument("--game", choices=sorted(GAMES), default="super-teams")
    p.add_argument("--players", type=int, choices=[2, 3, 4], default=2)
    p.add_argument("--games", type=_positive, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bot", choices=["random", "greedy"], default="random")
    p.add_argument(
        "--variant",
        choices=["standard", "two-player", "beginner"],
        default="standard",
        help="Crash Course variant",
    )
    p.add_argument(
        "--max-actions",
        type=int,
        default=20000,
        help="driver cap (not a rule); capped games are reported apart",
    )
    p.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress bar on standard error",
    )

    p = commands.add_parser("rules", help="the rule reference")
    p.add_argument("--game", choices=sorted(GAMES))

    p = commands.add_parser("phases", help="the declared phase machine as Mermaid")
    p.add_argument("--game", choices=sorted(GAMES), default="super-teams")
    return parser


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    args = build_parser().parse_args(argv)
    if (
        args.command == "simulate"
        and args.game == "crash-course"
        and args.variant == "two-player"
        and args.players != 2
    ):
        err.write("sonic-rules: the two-player variant is for 2 players\n")
        return 2
    handlers: dict[str, Callable[[], int]] = {
        "demo": lambda: demo(args, out),
        "simulate": lambda: simulate(args, out, err),
        "rules": lambda: rules(args, out),
        "phases": lambda: phases(args, out),
    }
    try:
        return handlers[args.command]()
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
