"""The speed of the referee, measured in one process, with python-chess as the yardstick.

Run: ``python benchmarks/run.py [--json] [--seconds S] [--quick] [--compare FILE]``.

For every game, variant and player count (``sonic_rules.game(name).variants``):

- random self-play: actions per second (every applied action, chance outcomes
  included), decisions per second (a seat's choices), games per second and the median
  time of one whole game. The loop is the bare engine: if the state is over, stop; if
  chance acts, sample ``chance_outcomes`` by probability with a seeded
  ``random.Random``; otherwise ``random.choice(legal_actions)``; then ``apply``;
- ``legal_actions``, ``apply`` and ``chance_outcomes`` apart, in microseconds a call,
  over the states of random games (replayed, so every state is a fresh object);
- ``observe``, in microseconds a call (every seat of those states, spectators too);
- the JSON round trip (``to_json`` then ``from_json``) of a mid-game state, in
  microseconds, and the size of its JSON in bytes;
- record validation (`sonic_rules.records.validate`), lines per second.

With python-chess installed (the ``bench`` extra), the same run measures random
python-chess self-play (a random legal move, ``push``, ``is_game_over``: every push
counted) between the rounds of our self-play, and gives each of our self-play rates
as a ratio to it. ``--json`` writes one JSON document: the machine, the date, every
figure under a key naming the game, variant, player count and measure
(``super-teams/standard/4p/selfplay_actions_per_second``) and the targets with pass
or fail. ``--compare FILE`` prints the change of every figure against an earlier
``--json`` output. Figures depend on the machine and on its load: compare runs made
on the same machine.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

import sonic_rules
from sonic_rules import CHANCE, records
from sonic_rules.core.chance import sample_outcome
from sonic_rules.core.game import Game

AnyGame = Game[Any, Any]
Figures = dict[str, float]

PROG = "benchmarks/run.py"
MAX_ACTIONS = 50_000
"""A guard against a game that would not end (none has been seen); such a game is counted."""
MAX_SECONDS = 3600.0
"""The longest ``--seconds`` accepted."""
ROUNDS, QUICK_ROUNDS = 3, 1
"""Self-play rounds over every configuration, with a chess measurement before and after each."""
RECORD_GAMES, QUICK_RECORD_GAMES = 5, 1
"""Random games written as records and validated, per configuration."""

TARGETS = {
    "super_teams_ratio": 3.0,
    "crash_course_ratio": 1.5,
    "json_round_trip_us": 100.0,
    "super_teams_4p_game_ms": 5.0,
}
"""The speed targets: self-play ratios to python-chess (at least), a JSON round trip of a
mid-game state in microseconds and a 4-player Super Teams game in milliseconds (at most)."""


class BadInput(Exception):
    """A bad argument or comparison file; the text is the one-line message."""


# ----- measuring ----------------------------------------------------------------------------


def selfplay_game(game: AnyGame, variant: str, players: int, rng: random.Random) -> tuple[int, int]:
    """One random self-play game, the timed loop: its actions and its decisions."""
    legal_actions, apply, chance_outcomes = game.legal_actions, game.apply, game.chance_outcomes
    state = game.new_game(players, variant=variant)
    actions = decisions = 0
    while not state.is_over and actions < MAX_ACTIONS:
        if state.to_act is CHANCE:
            action = sample_outcome(chance_outcomes(state), rng)
        else:
            action = rng.choice(legal_actions(state))
            decisions += 1
        state = apply(state, action)
        actions += 1
    return actions, decisions


def random_game(game: AnyGame, variant: str, players: int, rng: random.Random) -> list[Any]:
    """The actions of one random self-play game (the same loop, keeping the actions)."""
    state = game.new_game(players, variant=variant)
    played: list[Any] = []
    while not state.is_over and len(played) < MAX_ACTIONS:
        if state.to_act is CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        played.append(action)
    return played


class Config:
    """One game, variant and player count, with its running self-play totals."""

    def __init__(self, game: AnyGame, variant: str, players: int) -> None:
        self.game, self.variant, self.players = game, variant, players
        self.key = f"{game.name}/{variant}/{players}p"
        self.rng = random.Random(self.key)
        self.actions = self.decisions = self.games = 0
        self.seconds = 0.0
        self.game_seconds: list[float] = []

    def selfplay(self, seconds: float) -> None:
        """Whole random games for about ``seconds`` (the last one started is finished)."""
        clock = time.perf_counter
        started = clock()
        while True:
            begun = clock()
            actions, decisions = selfplay_game(self.game, self.variant, self.players, self.rng)
            ended = clock()
            self.game_seconds.append(ended - begun)
            self.actions += actions
            self.decisions += decisions
            self.games += 1
            if ended - started >= seconds:
                break
        self.seconds += clock() - started


def chess_selfplay(seconds: float, rng: random.Random) -> tuple[int, float]:
    """Random python-chess self-play for about ``seconds``: pushes and the time taken."""
    import chess

    pushes = 0
    started = time.perf_counter()
    while True:
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            pushes += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return pushes, elapsed


def _per_call(calls: Sequence[Callable[[], object]]) -> float:
    """Seconds a call, over one pass of ``calls``."""
    clock = time.perf_counter
    started = clock()
    for call in calls:
        call()
    return (clock() - started) / max(1, len(calls))


def calls(config: Config, seconds: float, figures: Figures) -> None:
    """``apply``, ``legal_actions``, ``chance_outcomes``, ``observe`` and the JSON round
    trip, each in microseconds a call, over the replayed states of random games."""
    game = config.game
    totals: dict[str, list[float]] = {
        name: [0.0, 0.0] for name in ("apply", "legal_actions", "chance_outcomes", "observe")
    }
    round_trips: list[float] = []
    sizes: list[int] = []
    rng = random.Random(f"{config.key}/calls")
    clock = time.perf_counter
    started = clock()
    while clock() - started < seconds or not round_trips:
        played = random_game(game, config.variant, config.players, rng)
        state = game.new_game(config.players, variant=config.variant)
        states = [state]
        apply = game.apply
        begun = clock()
        for action in played:
            state = apply(state, action)
            states.append(state)
        totals["apply"][0] += clock() - begun
        totals["apply"][1] += len(played)
        deciding = [s for s in states if isinstance(s.to_act, int) and not s.is_over]
        chance = [s for s in states if s.to_act is CHANCE]
        for name, function, among in (
            ("legal_actions", game.legal_actions, deciding),
            ("chance_outcomes", game.chance_outcomes, chance),
        ):
            begun = clock()
            for s in among:
                function(s)
            totals[name][0] += clock() - begun
            totals[name][1] += len(among)
        seats: list[int | None] = [*range(config.players), None]
        views = [(s, seats[i % len(seats)]) for i, s in enumerate(states[::4])]
        begun = clock()
        for s, seat in views:
            game.observe(s, seat)
        totals["observe"][0] += clock() - begun
        totals["observe"][1] += len(views)
        middle = states[len(states) // 2]
        text = game.to_json(middle)
        sizes.append(len(text.encode("utf-8")))
        repeats = 20
        begun = clock()
        for _ in range(repeats):
            game.from_json(game.to_json(middle))
        round_trips.append((clock() - begun) / repeats)
    for name, (spent, count) in totals.items():
        if count:
            figures[f"{config.key}/{name}_us"] = spent / count * 1e6
    figures[f"{config.key}/json_round_trip_us"] = statistics.median(round_trips) * 1e6
    figures[f"{config.key}/json_bytes"] = statistics.median(sizes)


def record_lines(config: Config, count: int, seconds: float, figures: Figures) -> None:
    """Lines of records validated per second: ``count`` random games written as records."""
    game = config.game
    start = game.new_game(config.players, variant=config.variant)
    rng = random.Random(f"{config.key}/records")
    texts = [
        records.write_record(game, [start, *random_game(game, config.variant, config.players, rng)])
        for _ in range(count)
    ]
    lines = sum(text.count("\n") for text in texts)
    validated = 0
    clock = time.perf_counter
    started = clock()
    while True:
        for text in texts:
            report = records.validate(text)
            if not report.valid:
                raise AssertionError(f"{config.key}: a written record is invalid: {report}")
        validated += lines
        elapsed = clock() - started
        if elapsed >= seconds:
            break
    figures[f"{config.key}/record_lines_per_second"] = validated / elapsed


def configurations() -> list[Config]:
    """Every game, variant and player count, in the registry's order."""
    return [
        Config(game, variant, players)
        for name in sonic_rules.game_names()
        for game in [sonic_rules.game(name)]
        for variant, counts in game.variants.items()
        for players in counts
    ]


def chess_available() -> bool:
    """Whether python-chess (the ``bench`` extra) can be imported."""
    try:
        import chess  # noqa: F401
    except ImportError:
        return False
    return True


def measure(seconds: float, quick: bool, log: Callable[[str], None]) -> dict[str, Any]:
    """The whole run: every figure, the chess yardstick and the targets."""
    configs = configurations()
    rounds = QUICK_ROUNDS if quick else ROUNDS
    with_chess = chess_available()
    chess_rng = random.Random("chess")
    chess_runs: list[float] = []
    chess_pushes, chess_seconds = 0, 0.0

    def chess_slice() -> None:
        nonlocal chess_pushes, chess_seconds
        if with_chess:
            pushes, elapsed = chess_selfplay(seconds, chess_rng)
            chess_pushes += pushes
            chess_seconds += elapsed
            chess_runs.append(pushes / elapsed)
            log(f"chess random self-play: {pushes / elapsed:,.0f} pushes/s")

    chess_slice()
    for round_number in range(1, rounds + 1):
        for config in configs:
            config.selfplay(seconds)
        log(f"self-play round {round_number}/{rounds} done")
        chess_slice()
    figures: Figures = {}
    if with_chess:
        figures["chess/selfplay_actions_per_second"] = chess_pushes / chess_seconds
    for config in configs:
        key = config.key
        figures[f"{key}/selfplay_actions_per_second"] = config.actions / config.seconds
        figures[f"{key}/selfplay_decisions_per_second"] = config.decisions / config.seconds
        figures[f"{key}/games_per_second"] = config.games / config.seconds
        figures[f"{key}/game_ms_median"] = statistics.median(config.game_seconds) * 1e3
        if with_chess:
            figures[f"{key}/ratio_to_chess"] = (
                figures[f"{key}/selfplay_actions_per_second"]
                / figures["chess/selfplay_actions_per_second"]
            )
    for config in configs:
        calls(config, seconds, figures)
        record_lines(config, QUICK_RECORD_GAMES if quick else RECORD_GAMES, seconds / 2, figures)
        log(f"{config.key}: calls, JSON and records measured")
    return {
        "benchmark": "sonic_rules speed (benchmarks/run.py)",
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": {
            "platform": platform.platform(),
            "machine": platform.machine(),
            "processor": platform.processor(),
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "cpu_count": os.cpu_count(),
        },
        "sonic_rules": sonic_rules.__version__,
        "settings": {"seconds": seconds, "quick": quick, "rounds": rounds},
        "chess_available": with_chess,
        "chess_rounds": [round(rate, 1) for rate in chess_runs],
        "figures": {key: round(value, 3) for key, value in figures.items()},
        "targets": targets(configs, figures, with_chess),
    }


def targets(configs: Sequence[Config], figures: Figures, with_chess: bool) -> list[dict[str, Any]]:
    """Each target, every configuration it covers: the figure, the limit, pass or fail.

    The ratios need python-chess; without it they are listed with ``pass`` ``None``.
    """
    checks: list[dict[str, Any]] = []

    def check(name: str, key: str, limit: float, at_least: bool, needs_chess: bool) -> None:
        value = figures.get(key)
        passed: bool | None = None
        if value is not None and (with_chess or not needs_chess):
            passed = value >= limit if at_least else value <= limit
        checks.append(
            {
                "target": name,
                "figure": key,
                "value": None if value is None else round(value, 3),
                "limit": f"{'>=' if at_least else '<='} {limit:g}",
                "pass": passed,
            }
        )

    for config in configs:
        if config.game.name == "super-teams":
            name, limit = "Super Teams self-play >= 3.0x chess", TARGETS["super_teams_ratio"]
        else:
            name, limit = "Crash Course self-play >= 1.5x chess", TARGETS["crash_course_ratio"]
        check(name, f"{config.key}/ratio_to_chess", limit, True, True)
    for config in configs:
        check(
            "JSON round trip of a mid-game state <= 100 us",
            f"{config.key}/json_round_trip_us",
            TARGETS["json_round_trip_us"],
            False,
            False,
        )
    for config in configs:
        if config.game.name == "super-teams" and config.players == 4:
            check(
                "4-player Super Teams game <= 5 ms median",
                f"{config.key}/game_ms_median",
                TARGETS["super_teams_4p_game_ms"],
                False,
                False,
            )
    return checks


# ----- reporting ----------------------------------------------------------------------------

_MEASURES = [
    ("selfplay_actions_per_second", "actions/s", "{:,.0f}"),
    ("selfplay_decisions_per_second", "decisions/s", "{:,.0f}"),
    ("ratio_to_chess", "x chess", "{:.2f}"),
    ("games_per_second", "games/s", "{:,.1f}"),
    ("game_ms_median", "game ms", "{:.2f}"),
    ("legal_actions_us", "legal us", "{:.1f}"),
    ("apply_us", "apply us", "{:.1f}"),
    ("chance_outcomes_us", "chance us", "{:.1f}"),
    ("observe_us", "observe us", "{:.1f}"),
    ("json_round_trip_us", "JSON us", "{:.1f}"),
    ("json_bytes", "JSON bytes", "{:,.0f}"),
    ("record_lines_per_second", "record lines/s", "{:,.0f}"),
]


def text_report(result: dict[str, Any]) -> str:
    """The run as tables: one row per configuration, then the targets."""
    figures: dict[str, float] = result["figures"]
    machine = result["machine"]
    lines = [
        f"{result['date']}  {machine['platform']}, Python {machine['python']}, "
        f"{machine['cpu_count']} CPUs",
    ]
    chess_rate = figures.get("chess/selfplay_actions_per_second")
    if chess_rate is None:
        lines.append("python-chess not installed (pip install '.[bench]'): no ratios")
    else:
        rounds = ", ".join(f"{rate:,.0f}" for rate in result["chess_rounds"])
        lines.append(f"python-chess random self-play: {chess_rate:,.0f} pushes/s ({rounds})")
    keys = sorted({key.rsplit("/", 1)[0] for key in figures if not key.startswith("chess/")})
    keys.sort(key=lambda key: list(figures).index(f"{key}/selfplay_actions_per_second"))
    header = ["configuration", *(label for _, label, _ in _MEASURES)]
    rows = [header]
    for key in keys:
        row = [key]
        for measure, _, style in _MEASURES:
            value = figures.get(f"{key}/{measure}")
            row.append("-" if value is None else style.format(value))
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for index, row in enumerate(rows):
        lines.append(
            "  ".join(
                cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i])
                for i, cell in enumerate(row)
            )
        )
        if index == 0:
            lines.append("  ".join("-" * width for width in widths))
    lines.append("")
    for check in result["targets"]:
        verdict = {True: "pass", False: "FAIL", None: "n/a"}[check["pass"]]
        shown = "-" if check["value"] is None else f"{check['value']:g}"
        lines.append(f"{verdict:4}  {check['figure']} = {shown} ({check['limit']})")
    return "\n".join(lines) + "\n"


_SELFPLAY = ["selfplay_actions_per_second", "selfplay_decisions_per_second", "ratio_to_chess"]
_SELFPLAY += ["games_per_second", "game_ms_median"]
_CALLS = ["legal_actions_us", "apply_us", "chance_outcomes_us", "observe_us"]
_CALLS += ["json_round_trip_us", "json_bytes", "record_lines_per_second"]
_MARKDOWN_LABELS = {
    "selfplay_actions_per_second": "actions/s",
    "selfplay_decisions_per_second": "decisions/s",
    "ratio_to_chess": "× chess",
    "games_per_second": "games/s",
    "game_ms_median": "game ms (median)",
    "legal_actions_us": "`legal_actions` µs",
    "apply_us": "`apply` µs",
    "chance_outcomes_us": "`chance_outcomes` µs",
    "observe_us": "`observe` µs",
    "json_round_trip_us": "JSON round trip µs",
    "json_bytes": "JSON bytes",
    "record_lines_per_second": "record lines/s",
}


def _configuration_keys(figures: dict[str, float]) -> list[str]:
    keys: list[str] = []
    for key in figures:
        prefix = key.rsplit("/", 1)[0]
        if not key.startswith("chess/") and prefix not in keys:
            keys.append(prefix)
    return keys


def markdown_report(result: dict[str, Any]) -> str:
    """The run as Markdown tables (the performance page's): self-play, calls, targets."""
    figures: dict[str, float] = result["figures"]
    machine = result["machine"]
    settings = result.get("settings", {})
    lines = [
        f"Measured {result['date']} on {machine['platform']}, Python {machine['python']}, "
        f"{machine['cpu_count']} CPUs; self-play rounds: {settings.get('rounds', '?')} of "
        f"{settings.get('seconds', '?')} s per configuration.",
        "",
    ]
    chess_rate = figures.get("chess/selfplay_actions_per_second")
    if chess_rate is not None:
        rounds = ", ".join(f"{rate:,.0f}" for rate in result.get("chess_rounds", []))
        lines += [
            f"python-chess random self-play: **{chess_rate:,.0f}** pushes/s "
            f"(the rate the ratios use; measured between the rounds: {rounds}).",
            "",
        ]
    styles = {measure: style for measure, _, style in _MEASURES}
    for measures in (_SELFPLAY, _CALLS):
        lines.append(
            "| configuration | " + " | ".join(_MARKDOWN_LABELS[m] for m in measures) + " |"
        )
        lines.append("|---|" + "---:|" * len(measures))
        for key in _configuration_keys(figures):
            cells = []
            for measure in measures:
                value = figures.get(f"{key}/{measure}")
                cells.append("–" if value is None else styles[measure].format(value))
            lines.append(f"| {key} | " + " | ".join(cells) + " |")
        lines.append("")
    lines += ["| target | figure | value | result |", "|---|---|---:|---|"]
    for check in result["targets"]:
        verdict = {True: "pass", False: "**fail**", None: "n/a"}[check["pass"]]
        shown = "–" if check["value"] is None else f"{check['value']:g}"
        target = check["target"].replace(">=", "≥").replace("<=", "≤").replace("x chess", "× chess")
        lines.append(
            f"| {target.replace(' us', ' µs')} | {check['figure']} | {shown} | {verdict} |"
        )
    return "\n".join(lines) + "\n"


def load_run(path: str) -> dict[str, Any]:
    """A whole earlier ``--json`` run (for ``--markdown``); `BadInput` when it is not one."""
    load_earlier(path)
    document: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    if not (
        isinstance(document.get("machine"), dict)
        and isinstance(document.get("date"), str)
        and isinstance(document.get("targets"), list)
    ):
        raise BadInput(f"{path}: not the JSON output of benchmarks/run.py --json (no machine)")
    return document


def _lower_is_better(key: str) -> bool:
    return key.endswith(("_us", "_ms_median", "_bytes"))


def load_earlier(path: str) -> dict[str, float]:
    """The figures of an earlier ``--json`` run; `BadInput` saying what is wrong."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise BadInput(f"{path}: cannot read it: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise BadInput(f"{path}: not a text file") from None
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise BadInput(f"{path}: not JSON ({error})") from None
    figures = document.get("figures") if isinstance(document, dict) else None
    if not isinstance(figures, dict) or not all(
        isinstance(key, str)
        and isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        for key, value in figures.items()
    ):
        raise BadInput(
            f'{path}: not the JSON output of benchmarks/run.py --json (no "figures" of numbers)'
        )
    return figures


def compare(earlier: dict[str, float], now: dict[str, float]) -> dict[str, dict[str, Any]]:
    """Each figure before and after, and its change (a fraction; ``None`` when new or gone)."""
    changes: dict[str, dict[str, Any]] = {}
    for key in [*now, *(key for key in earlier if key not in now)]:
        before, after = earlier.get(key), now.get(key)
        change = None
        if before is not None and after is not None and before != 0:
            change = round(after / before - 1, 4)
        changes[key] = {"before": before, "after": after, "change": change}
    return changes


def compare_report(changes: dict[str, dict[str, Any]]) -> str:
    """The comparison as a table: before, after, change, and whether that is better."""
    width = max(len(key) for key in changes) if changes else 10
    lines = [f"{'figure':{width}}  {'before':>14}  {'after':>14}  {'change':>8}"]
    for key, row in changes.items():
        before = "-" if row["before"] is None else f"{row['before']:,.3f}"
        after = "-" if row["after"] is None else f"{row['after']:,.3f}"
        change = row["change"]
        if change is None:
            shown, verdict = "-", ("new" if row["before"] is None else "gone")
        else:
            shown = f"{change:+.1%}"
            better = change < 0 if _lower_is_better(key) else change > 0
            verdict = "" if abs(change) < 0.05 else ("better" if better else "worse")
        lines.append(f"{key:{width}}  {before:>14}  {after:>14}  {shown:>8}  {verdict}".rstrip())
    return "\n".join(lines) + "\n"


# ----- the command --------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise BadInput(message)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text[:40]!r}") from None
    if not (value > 0 and value <= MAX_SECONDS):
        raise argparse.ArgumentTypeError(
            f"must be more than 0 and at most {MAX_SECONDS:g}, got {text[:40]}"
        )
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, print (text or ``--json``), compare; 2 with a one-line message on bad input."""
    parser = _Parser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.add_argument(
        "--seconds",
        type=_seconds,
        default=None,
        metavar="S",
        help="the time of each measurement (default 1, with --quick 0.3)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="one self-play round and one record a configuration"
    )
    parser.add_argument(
        "--compare", metavar="FILE", help="also the change of every figure against FILE"
    )
    parser.add_argument(
        "--markdown",
        metavar="FILE",
        help="measure nothing: the Markdown tables of FILE, an earlier --json output",
    )
    try:
        args = parser.parse_args(argv)
    except BadInput as error:
        sys.stderr.write(f"{PROG}: error: {error}\n")
        return 2
    try:
        earlier = None if args.compare is None else load_earlier(args.compare)
    except BadInput as error:
        sys.stderr.write(f"{PROG}: error: --compare {error}\n")
        return 2
    if args.markdown is not None:
        try:
            document = load_run(args.markdown)
        except BadInput as error:
            sys.stderr.write(f"{PROG}: error: --markdown {error}\n")
            return 2
        sys.stdout.write(markdown_report(document))
        return 0
    seconds = args.seconds if args.seconds is not None else (0.3 if args.quick else 1.0)

    def log(message: str) -> None:
        sys.stderr.write(message + "\n")
        sys.stderr.flush()

    result = measure(seconds, args.quick, log)
    if earlier is not None:
        result["compare"] = compare(earlier, result["figures"])
    if args.json:
        json.dump(result, sys.stdout, indent=2)
        sys.stdout.write("\n")
        if earlier is not None:
            log(f"against {args.compare}:\n{compare_report(result['compare'])}")
    else:
        sys.stdout.write(text_report(result))
        if earlier is not None:
            sys.stdout.write(f"\nagainst {args.compare}:\n")
            sys.stdout.write(compare_report(result["compare"]))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.stderr.write(f"{PROG}: interrupted\n")
        sys.exit(130)
