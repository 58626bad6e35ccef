"""The ``sonic-rules`` command: every command, through the game registry alone."""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import sonic_rules
import sonic_rules.cli
from sonic_rules.cli import main

GAME_NAMES = sonic_rules.game_names()


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_reaches_games_only_through_the_registry() -> None:
    source = Path(sonic_rules.cli.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source)
    imported = {
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert not [name for name in imported if "super_teams" in name or "crash_course" in name]
    for name in GAME_NAMES:
        assert f'"{name}"' not in source, f"cli.py names the game {name!r}"


def test_demo_plays_one_game_of_each_to_a_winner() -> None:
    code, out, _ = run("demo", "--seed", "7")
    assert code == 0
    for game in sonic_rules.games():
        assert f"=== {game.title}: 2 players" in out
    assert out.count("Winner: seat") == len(GAME_NAMES)
    assert "moves" in out and "crosses the finish line" in out


def test_demo_log_uses_describe_action_in_its_state_and_events() -> None:
    _, out, _ = run("demo", "--seed", "7")
    for game in sonic_rules.games():
        state = game.new_game(2)
        played = game.play_game(
            state,
            [game.player("greedy"), game.player("random")],
            seed=7,
            max_actions=20000,
        )
        decisions = []
        for ply in played.plies:
            if ply.seat is not None:
                decisions.append(game.describe_action(ply.action, state))
            state = game.apply(state, ply.action)
        for said in decisions:
            assert f"  {said}\n" in out
        event_lines = [e.describe() for ply in played.plies for e in ply.events]
        assert any(f"    {line}\n" in out for line in event_lines)
    # A long run of one kind of chance outcome (a deal) is one line.
    assert re.search(r"^  \(chance\) \d+ \w+ outcomes: .+, \.\.\., .+$", out, re.MULTILINE)


def test_demo_is_reproducible() -> None:
    assert (
        run("demo", "--seed", "3", "--players", "3")[1]
        == run("demo", "--seed", "3", "--players", "3")[1]
    )


@pytest.mark.parametrize("game", GAME_NAMES)
def test_simulate_prints_win_rates_and_lengths(game: str) -> None:
    code, out, err = run(
        "simulate", "--game", game, "--players", "3", "--games", "6", "--seed", "1"
    )
    assert code == 0
    assert out.startswith(sonic_rules.game(game).title)
    assert "win rate" in out and "median" in out
    wins = [
        int(line.split()[1])
        for line in out.splitlines()
        if line.strip()[:1] in "012" and len(line.split()) == 3 and line.split()[2].endswith("%")
    ]
    assert sum(wins) == 6
    assert "6/6 games" in err


@pytest.mark.parametrize(
    ("game", "variant", "players"),
    [(g.name, variant, n) for g in sonic_rules.games() for variant, n in g.configurations()],
)
def test_simulate_plays_every_configuration(game: str, variant: str, players: int) -> None:
    code, out, _ = run(
        "simulate",
        "--game",
        game,
        "--variant",
        variant,
        "--players",
        str(players),
        "--games",
        "2",
        "--no-progress",
        "--bot",
        "random",
    )
    assert code == 0, out
    assert f"{players} players" in out


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_simulate_takes_every_built_in_player(bot: str) -> None:
    for game in sonic_rules.games():
        assert bot in game.players
        code, out, _ = run(
            "simulate", "--game", game.name, "--games", "1", "--bot", bot, "--no-progress"
        )
        assert code == 0 and f"{bot} bots" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--players", "5"], "not 5"),
        (["simulate", "--players", "0"], "at least 1"),
        (["simulate", "--games", "0"], "at least 1"),
        (["simulate", "--games", "-4"], "at least 1"),
        (["simulate", "--games", "many"], "not a whole number"),
        (["simulate", "--max-actions", "-5"], "at least 1"),
        (["demo", "--max-actions", "-5"], "at least 1"),
        (["demo", "--players", "9"], "not 9"),
        (["simulate", "--game", "chess"], "invalid choice"),
        (["simulate", "--bot", "oracle"], "no built-in player 'oracle'"),
        (["simulate", "--variant", "no-such-variant"], "no variant 'no-such-variant'"),
        (
            ["simulate", "--game", "crash-course", "--variant", "two-player", "--players", "3"],
            "two-player",
        ),
        (["phases", "--game", "chess"], "invalid choice"),
        (["rules", "--game", "chess"], "invalid choice"),
        ([], "required"),
    ],
)
def test_bad_arguments_are_refused_with_a_message(argv: list[str], message: str) -> None:
    code, out, err = run(*argv)
    assert code == 2
    assert out == ""
    assert "error:" in err and message in err
    assert "Traceback" not in err


def test_variant_players_and_bots_come_from_the_game() -> None:
    for game in sonic_rules.games():
        for variant, counts in game.variants.items():
            refused = max(counts) + 1
            code, _, err = run(
                "simulate",
                "--game",
                game.name,
                "--variant",
                variant,
                "--players",
                str(refused),
                "--games",
                "1",
            )
            assert code == 2 and variant in err


def test_rules_lists_every_rule_id() -> None:
    _, out, _ = run("rules")
    for game in sonic_rules.games():
        assert f"# {game.title}" in out
        for rule in game.RULES:
            assert rule.id in out


@pytest.mark.parametrize("game", GAME_NAMES)
def test_rules_for_one_game(game: str) -> None:
    _, out, _ = run("rules", "--game", game)
    assert out.startswith(f"# {sonic_rules.game(game).title}")
    for other in sonic_rules.games():
        if other.name != game:
            assert f"# {other.title}" not in out


@pytest.mark.parametrize("game", GAME_NAMES)
def test_phases_prints_mermaid(game: str) -> None:
    code, out, _ = run("phases", "--game", game)
    assert code == 0
    assert "stateDiagram-v2" in out
    assert out == sonic_rules.game(game).PHASES.to_mermaid() + "\n"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_phases_table(game: str) -> None:
    code, out, _ = run("phases", "--game", game, "--table")
    assert code == 0
    assert out == sonic_rules.game(game).PHASES.to_markdown() + "\n"
    for phase in sonic_rules.game(game).PHASES.phases:
        assert f"`{phase.value}`" in out


def test_console_script_entry_point() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sonic_rules.cli", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and "sonic-rules" in result.stdout


def test_bad_arguments_from_the_console_exit_nonzero_without_a_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sonic_rules.cli", "simulate", "--games", "0"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "error:" in result.stderr and "Traceback" not in result.stderr
