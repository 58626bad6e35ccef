"""The ``sonic-rules`` command: demo games, simulations, the rule reference, phase diagrams.

Every command works through the game registry (`sonic_rules.game`), so a game is
reached by its name and used through its `Game` members
alone: the command never asks which game it holds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

import attrs

import sonic_rules
from sonic_rules import __version__, simulation, svg
from sonic_rules.core.boundary import read_file
from sonic_rules.core.errors import FileRefusedError
from sonic_rules.core.game import Game, PlayedGame, Ply
from sonic_rules.core.serialization import MAX_JSON_BYTES, loads_json
from sonic_rules.records.commands import replay_file, validate_files, write_simulated_record

AnyGame = Game[Any, Any]

CHANCE_RUN = 5
"""A run of at least this many chance outcomes of one kind (a deal) prints as one line."""


class UsageError(Exception):
    """Bad command-line arguments; the text is the usage and the message, argparse style."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that reports bad arguments by raising `UsageError`.

    So `main` can write the message to its own error stream and return 2, as
    argparse itself would exit, and a test can read the message.
    """

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.format_usage()}{self.prog}: error: {message}\n")


MAX_GAMES = 1_000_000
"""The most games one ``simulate`` run plays (``--games``)."""
MAX_ACTIONS = 1_000_000
"""The highest driver cap on one game's actions (``--max-actions``)."""
MAX_SIZE = 10_000
"""The widest picture ``render`` draws, in pixels (``--size``)."""
MAX_WORKERS = 256
"""The most processes one ``simulate`` run starts (``--workers``)."""


def _positive(text: str, maximum: int | None = None) -> int:
    """A whole number of at least 1 (players, a line number), and at most ``maximum``."""
    if len(text) > 20:
        raise argparse.ArgumentTypeError(f"not a whole number of at most 20 digits: {text[:20]!r}")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    if maximum is not None and value > maximum:
        raise argparse.ArgumentTypeError(f"must be at most {maximum:,}, got {value:,}")
    return value


def _at_most(maximum: int) -> Callable[[str], int]:
    """`_positive` with a documented maximum (games per run, action cap, picture size)."""

    def read(text: str) -> int:
        return _positive(text, maximum)

    return read


def _seats(seats: Sequence[int]) -> str:
    return " and ".join(f"seat {seat}" for seat in seats)


# ----- checking arguments against the game --------------------------------------------------


def _variant(parser: argparse.ArgumentParser, game: AnyGame, variant: str | None) -> str:
    if variant is None:
        return game.default_variant
    if variant not in game.variants:
        known = ", ".join(game.variants)
        parser.error(f"{game.name} has no variant {variant!r}; its variants are: {known}")
    return variant


def _players(
    parser: argparse.ArgumentParser, game: AnyGame, variant: str, players: int | None
) -> int:
    counts = game.variants[variant]
    if players is None:
        return counts[0]
    if players not in counts:
        allowed = ", ".join(map(str, counts))
        parser.error(f"{game.name} ({variant}) is for {allowed} players, not {players}")
    return players


def _bot(parser: argparse.ArgumentParser, game: AnyGame, bot: str) -> str:
    if bot not in game.players:
        known = ", ".join(game.players)
        parser.error(f"{game.name} has no built-in player {bot!r}; its players are: {known}")
    return bot


# ----- demo ---------------------------------------------------------------------------------


Said = tuple[Ply[Any], str]
"""A ply and its action as a sentence, said in the state the action was taken in."""


def _said(game: AnyGame, start: Any, plies: Sequence[Ply[Any]]) -> list[Said]:
    """Each ply with ``describe_action`` given its state (replayed from ``start``)."""
    said: list[Said] = []
    state = start
    for ply in plies:
        said.append((ply, game.describe_action(ply.action, state)))
        state = game.apply(state, ply.action)
    return said


def _runs(plies: Sequence[Said]) -> list[list[Said]]:
    """Consecutive plies grouped when they are chance outcomes of one action type."""
    runs: list[list[Said]] = []
    for ply, text in plies:
        last = runs[-1][-1][0] if runs else None
        if (
            last is not None
            and ply.seat is None
            and last.seat is None
            and type(ply.action) is type(last.action)
        ):
            runs[-1].append((ply, text))
        else:
            runs.append([(ply, text)])
    return runs


def _write_run(run: list[Said], out: TextIO) -> None:
    if len(run) < CHANCE_RUN:
        for ply, said in run:
            out.write(f"  {'(chance) ' if ply.seat is None else ''}{said}\n")
            for event in ply.events:
                text = event.describe()
                if text != said:  # an event that only repeats the action says nothing new
                    out.write(f"    {text}\n")
        return
    # A long run of one kind of chance outcome (a deal): one line, and only the events
    # that are not the routine one every outcome of the run reports.
    routine = set.intersection(*({type(e) for e in ply.events} for ply, _ in run))
    kind = type(run[0][0].action).__name__
    out.write(f"  (chance) {len(run)} {kind} outcomes: {run[0][1]}, ..., {run[-1][1]}\n")
    for ply, _ in run:
        for event in ply.events:
            if type(event) not in routine:
                out.write(f"    {event.describe()}\n")


def _write_log(game: AnyGame, start: Any, result: PlayedGame[Any, Any], out: TextIO) -> None:
    for run in _runs(_said(game, start, result.plies)):
        _write_run(run, out)


def demo(args: argparse.Namespace, out: TextIO) -> int:
    """One refereed bot game of each game, printed as a log that ends with the winner."""
    for game in sonic_rules.games():
        players = args.players
        state = game.new_game(players)
        kinds = ["greedy" if seat % 2 == 0 else "random" for seat in range(players)]
        bots = [game.player(kind) for kind in kinds]
        names = ", ".join(f"seat {seat} {kind}" for seat, kind in enumerate(kinds))
        out.write(f"=== {game.title}: {players} players ({names}), seed {args.seed} ===\n")
        result = game.play_game(
            state, bots, seed=args.seed, record=True, max_actions=args.max_actions
        )
        _write_log(game, state, result, out)
        final = result.final
        out.write(game.describe_state(final) + "\n")
        if final.is_over:
            out.write(
                f"Winner: {_seats(final.winners)} after {result.actions} actions "
                f"({result.decisions} decisions).\n\n"
            )
        else:
            out.write(f"Stopped unfinished at the driver's cap of {result.actions} actions.\n\n")
    return 0


# ----- simulate -----------------------------------------------------------------------------


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


def _length_rows(series: Sequence[tuple[str, Sequence[int]]]) -> list[list[str]]:
    rows = [["game length", "min", "median", "mean", "max"]]
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
    return rows


def _run_games(
    args: argparse.Namespace, games: Sequence[tuple[int, int]], take: simulation.Take
) -> str:
    """Play the games where the arguments say; how they ran, for the summary line."""
    batch = simulation.Batch(
        game=args.game,
        variant=args.variant,
        players=args.players,
        bot=args.bot,
        max_actions=args.max_actions,
        record=bool(args.record),
    )
    if args.backend == "ray":
        cpus = simulation.run_ray(batch, games, take, args.address, args.workers)
        return f"Ray, {cpus} CPU{'s' if cpus != 1 else ''}"
    workers = min(args.workers or os.cpu_count() or 1, len(games))
    simulation.run_processes(batch, games, workers, take)
    return f"{workers} process{'es' if workers != 1 else ''}"


def simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Many seeded bot games: win rate by seat and game length statistics.

    The games run in ``--workers`` processes (default: every core) or as Ray tasks
    (``--backend ray``); each game's seed, and so its result, is the same either way.
    """
    game = sonic_rules.game(args.game)
    results: list[simulation.GameResult] = []
    started = time.perf_counter()
    seeds = simulation.numbered(simulation.game_seeds(args.seed, args.games))
    try:
        how = _run_games(args, seeds, _collector(args, results, started, err))
    except simulation.SimulationError as error:
        err.write(f"sonic-rules simulate: error: {error}\n")
        return 1
    elapsed = time.perf_counter() - started
    results.sort(key=lambda result: result.number)
    shown_variant = f", {args.variant}" if len(game.variants) > 1 else ""
    out.write(
        f"{game.title}{shown_variant}: {args.games} games, {args.players} players, "
        f"{args.bot} bots, seed {args.seed}, {args.games / max(elapsed, 1e-9):.1f} games/s "
        f"({how})\n\n"
    )
    _write_summary(args, [result for result in results if not result.capped], out)
    return 0


def _collector(
    args: argparse.Namespace,
    results: list[simulation.GameResult],
    started: float,
    err: TextIO,
) -> simulation.Take:
    """What takes each chunk of finished games: writes their records, keeps their
    results (without the records) in ``results``, and draws the progress bar."""
    games = args.games
    tty = err.isatty()
    every = max(1, games // (100 if tty else 10))

    def take(chunk: list[simulation.GameResult]) -> None:
        before = len(results)
        for result in chunk:
            if result.record is not None:
                write_simulated_record(Path(args.record), *result.record)
            results.append(attrs.evolve(result, record=None))
        done = len(results)
        if args.progress and (done == games or done // every > before // every):
            _progress(done, games, started, err, tty)

    return take


def _write_summary(
    args: argparse.Namespace, finished: Sequence[simulation.GameResult], out: TextIO
) -> None:
    """The wins by seat and the lengths of the finished games; the capped ones apart."""
    _table(_win_rows(finished, args.players), out)
    out.write("\n")
    series = _length_series(finished)
    if series:
        _table(_length_rows(series), out)
    capped = args.games - len(finished)
    if capped:
        out.write(
            f"\n{capped} game(s) reached the driver's cap of {args.max_actions} actions "
            "(a driver setting, not a rule) and are not counted above.\n"
        )


def _win_rows(finished: Sequence[simulation.GameResult], players: int) -> list[list[str]]:
    wins = [0] * players
    for result in finished:
        for seat in result.winners:
            wins[seat] += 1
    rows = [["seat", "wins", "win rate"]]
    for seat in range(players):
        rate = wins[seat] / len(finished) if finished else 0.0
        rows.append([str(seat), str(wins[seat]), f"{rate:.1%}"])
    return rows


def _length_series(
    finished: Sequence[simulation.GameResult],
) -> list[tuple[str, Sequence[int]]]:
    """The finished games' lengths in actions and decisions, and in turns when every one
    counts them (turns are not part of every game's state); none without a game."""
    lengths = [result.actions for result in finished]
    if not lengths:
        return []
    decisions = [result.decisions for result in finished]
    turns = [result.turns for result in finished if result.turns is not None]
    series: list[tuple[str, Sequence[int]]] = [("actions", lengths), ("decisions", decisions)]
    if len(turns) == len(lengths):
        series.insert(0, ("turns", turns))
    return series


# ----- rules and phases ---------------------------------------------------------------------


def _chosen_games(name: str | None) -> tuple[AnyGame, ...]:
    return (sonic_rules.game(name),) if name else sonic_rules.games()


def rules(args: argparse.Namespace, out: TextIO) -> int:
    """Print the rule reference: every rule id with its title, source and text."""
    for game in _chosen_games(args.game):
        out.write(f"# {game.title}\n\n")
        for rule in game.RULES:
            out.write(f"{rule.id}  {rule.title}  [{rule.source}]\n    {rule.text}\n")
        out.write("\n")
    return 0


def phases(args: argparse.Namespace, out: TextIO) -> int:
    """Print the declared phase machine: a Mermaid state diagram, or with ``--table`` a table."""
    machine = sonic_rules.game(args.game).PHASES
    out.write((machine.to_markdown() if args.table else machine.to_mermaid()) + "\n")
    return 0


# ----- pictures -----------------------------------------------------------------------------


def render(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Draw the state saved in ``args.state`` (any game's state JSON, found through the
    registry by its ``game`` tag) as SVG into ``args.output`` (``-``: standard output),
    as the referee sees it or, with ``--seat``, as that seat does. 1 on a problem."""
    try:
        text = read_file(args.state, MAX_JSON_BYTES)
        tag = loads_json(text)
        name = tag.get("game") if isinstance(tag, dict) else None
        if not isinstance(name, str):
            raise ValueError('not a saved state: it has no "game" tag')
        game = sonic_rules.game(name)
        picture = svg.position(game.from_json(text), seat=args.seat, size=args.size)
    except OSError as error:
        err.write(f"{args.state}: cannot read it: {error.strerror}\n")
        return 1
    except FileRefusedError:
        raise
    except (ValueError, LookupError, TypeError) as error:
        err.write(f"{args.state}: {error}\n")
        return 1
    if args.output == "-":
        out.write(picture + "\n")
    else:
        Path(args.output).write_text(picture + "\n", encoding="utf-8")
        out.write(f"wrote {args.output}\n")
    return 0


# ----- the parser ---------------------------------------------------------------------------


def _max_actions(parser: argparse.ArgumentParser, help_text: str) -> None:
    parser.add_argument(
        "--max-actions",
        type=_at_most(MAX_ACTIONS),
        default=20000,
        metavar="M",
        help=f"{help_text} (at most {MAX_ACTIONS:,})",
    )


def _demo_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument(
        "--players",
        type=_positive,
        default=2,
        help="players in each game (every game's default variant must allow it)",
    )
    _max_actions(p, "driver cap (not a rule) in case a game would not end")


def _simulate_arguments(p: argparse.ArgumentParser) -> None:
    names = sonic_rules.game_names()
    p.add_argument("--game", choices=names, default=names[0])
    p.add_argument(
        "--variant", help="one of the game's variants (default: the game's first variant)"
    )
    p.add_argument(
        "--players", type=_positive, help="a count the variant allows (default: its smallest)"
    )
    p.add_argument("--games", type=_at_most(MAX_GAMES), default=100, help=f"at most {MAX_GAMES:,}")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--bot", default="random", help="a built-in player of the game (random, greedy, ...)"
    )
    _max_actions(p, "driver cap (not a rule); capped games are reported apart")
    p.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress bar on standard error",
    )
    p.add_argument("--record", metavar="DIR", help="write each game as a record file in DIR")
    _where_arguments(p)


def _where_arguments(p: argparse.ArgumentParser) -> None:
    """Where ``simulate`` runs its games: processes here, or Ray tasks."""
    p.add_argument(
        "--workers",
        type=_at_most(MAX_WORKERS),
        metavar="N",
        help="processes to spread the games over (default: every core); with --backend ray "
        "and no --address, the local Ray instance's CPUs",
    )
    p.add_argument(
        "--backend",
        choices=["processes", "ray"],
        default="processes",
        help="processes on this machine (default), or Ray tasks (the 'ray' extra)",
    )
    p.add_argument(
        "--address",
        metavar="HOST:PORT",
        help="with --backend ray: the head of a running Ray cluster (default: a local instance)",
    )


def _validate_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--keep-going", action="store_true", help="report every problem, not the first")


def _replay_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE")
    p.add_argument("--to", type=_positive, metavar="N", help="stop after line N")
    p.add_argument(
        "--svg", type=Path, metavar="DIR", help="also draw each position as DIR/line-NNNN.svg"
    )


def _render_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", metavar="STATE.json", help="a state as to_json writes it")
    p.add_argument("-o", "--output", required=True, metavar="OUT.svg", help="- for stdout")
    p.add_argument("--seat", type=int, help="draw what this seat sees (default: everything)")
    p.add_argument(
        "--size",
        type=_at_most(MAX_SIZE),
        default=svg.DEFAULT_SIZE,
        help=f"width in pixels (at most {MAX_SIZE:,})",
    )


def _rules_arguments(p: argparse.ArgumentParser) -> None:
    names = sonic_rules.game_names()
    p.add_argument("--game", choices=names, help="one game (default: every game)")


def _phases_arguments(p: argparse.ArgumentParser) -> None:
    names = sonic_rules.game_names()
    p.add_argument("--game", choices=names, default=names[0])
    p.add_argument(
        "--table",
        action="store_true",
        help="a Markdown table of the phases (who acts, what each accepts) instead",
    )


_COMMANDS: tuple[tuple[str, str, Callable[[argparse.ArgumentParser], None]], ...] = (
    ("demo", "one refereed bot game of each game, as a log", _demo_arguments),
    ("simulate", "many seeded bot games: win rates and lengths", _simulate_arguments),
    ("validate", "check game records line by line", _validate_arguments),
    ("replay", "a game record's position after each line", _replay_arguments),
    ("render", "a saved state drawn as an SVG picture", _render_arguments),
    ("rules", "the rule reference", _rules_arguments),
    ("phases", "the declared phase machine as Mermaid", _phases_arguments),
)
"""Each command: its name, its help line and what adds its arguments (in help order)."""


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="sonic-rules",
        description="A rules referee for Sonic Super Teams and Sonic the Hedgehog: Crash Course.",
    )
    parser.add_argument("--version", action="version", version=f"sonic-rules {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, help_text, add_arguments in _COMMANDS:
        command = commands.add_parser(name, help=help_text)
        add_arguments(command)
        # `_check` reports a game-dependent error with the command's own usage.
        command.set_defaults(command_parser=command)
    return parser


def _backend(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``--address`` only with Ray, and not with ``--workers``; Ray installed; the
    cluster's address well formed and reachable (checked within a few seconds)."""
    if args.backend != "ray":
        if args.address is not None:
            parser.error("--address needs --backend ray")
        return
    if args.address is not None and args.workers is not None:
        parser.error(
            "--workers sets a local Ray instance's CPUs; a cluster (--address) uses its own"
        )
    try:
        simulation.ray_module()
        if args.address is not None:
            simulation.check_address(args.address)
    except simulation.SimulationError as error:
        parser.error(str(error))


def _check(args: argparse.Namespace) -> None:
    """Check the arguments that depend on the game, the way argparse checks the rest."""
    parser: argparse.ArgumentParser = args.command_parser
    if args.command == "demo":
        for game in sonic_rules.games():
            _players(parser, game, game.default_variant, args.players)
    elif args.command == "simulate":
        game = sonic_rules.game(args.game)
        args.variant = _variant(parser, game, args.variant)
        args.players = _players(parser, game, args.variant, args.players)
        args.bot = _bot(parser, game, args.bot)
        _backend(parser, args)
    elif args.command == "replay" and args.svg is not None and not args.svg.is_dir():
        parser.error(f"--svg {args.svg}: not a directory")


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Run the command; bad arguments print the usage and an error and return 2."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        _check(args)
    except UsageError as error:
        err.write(str(error))
        return 2
    handlers: dict[str, Callable[[], int]] = {
        "demo": lambda: demo(args, out),
        "simulate": lambda: simulate(args, out, err),
        "rules": lambda: rules(args, out),
        "phases": lambda: phases(args, out),
        "validate": lambda: validate_files(args.files, out, args.keep_going),
        "replay": lambda: replay_file(args.file, args.to, out, err, args.svg),
        "render": lambda: render(args, out, err),
    }
    try:
        return handlers[args.command]()
    except BrokenPipeError:
        return 0
    except FileRefusedError as error:
        # A file the command will not read is a bad argument: one line, as argparse says it.
        err.write(f"sonic-rules {args.command}: error: {error}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
