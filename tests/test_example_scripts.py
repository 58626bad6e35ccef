"""The scripts in examples/ run and do what they say."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import sonic_rules

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("name", sonic_rules.game_names())
def test_frontend_loop_plays_every_game_to_the_end(name: str) -> None:
    game = sonic_rules.game(name)
    result = run("frontend_loop.py", name)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"=== {game.title} ==="
    prefix = next(iter(game.RULES)).id.split("-")[0]
    assert lines[-1].startswith(f"refused: {prefix}-")
    assert lines[-2].startswith("over: seat")


def test_frontend_loop_without_arguments_plays_each_game() -> None:
    result = run("frontend_loop.py")
    assert result.returncode == 0, result.stderr
    for game in sonic_rules.games():
        assert f"=== {game.title} ===" in result.stdout
    assert result.stdout.count("\nrefused: ") == len(sonic_rules.games())


def test_first_game_plays_each_game_to_a_winner() -> None:
    result = run("first_game.py")
    assert result.returncode == 0, result.stderr
    for game in sonic_rules.games():
        assert f"{game.title}: seat" in result.stdout


BENCHMARKS = EXAMPLES.parent / "benchmarks"


def test_decisions_per_second_measures_every_configuration_as_json() -> None:
    result = subprocess.run(
        [
            sys.executable,
            str(BENCHMARKS / "decisions_per_second.py"),
            "--seconds",
            "0.01",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["results"]
    expected = [
        (game.name, variant, players)
        for game in sonic_rules.games()
        for variant, players in game.configurations()
    ]
    assert [(row["game"], row["variant"], row["players"]) for row in rows] == expected
    for row in rows:
        assert row["games"] >= 1 and row["decisions"] >= 1
        assert row["actions"] >= row["decisions"]
        assert row["decisions_per_second"] > 0 and row["actions_per_second"] > 0


def test_bench_random_games_runs_every_configuration() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCHMARKS / "bench_random_games.py"), "--games", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    configurations = sum(len(game.configurations()) for game in sonic_rules.games())
    assert result.stdout.count("games/s") == configurations


def test_cc_mechanics_counts_each_mechanic() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCHMARKS / "cc_mechanics.py"), "--games", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines()[2:]]
    assert [(row[0], row[1]) for row in rows] == [
        (bot, str(players)) for bot in ("seeking", "shortcut", "random") for players in (2, 3, 4)
    ]
