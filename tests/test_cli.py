"""The ``sonic-rules`` command."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from sonic_rules import crash_course, super_teams
from sonic_rules.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_demo_plays_one_game_of_each_to_a_winner() -> None:
    code, out, _ = run("demo", "--seed", "7")
    assert code == 0
    assert "=== Sonic Super Teams" in out and "=== Sonic the Hedgehog: Crash Course" in out
    assert out.count("Winner: seat") == 2
    assert "moves" in out and "crosses the finish line" in out


def test_demo_is_reproducible() -> None:
    assert (
        run("demo", "--seed", "3", "--players", "3")[1]
        == run("demo", "--seed", "3", "--players", "3")[1]
    )


@pytest.mark.parametrize("game", ["super-teams", "crash-course"])
def test_simulate_prints_win_rates_and_lengths(game: str) -> None:
    code, out, err = run(
        "simulate", "--game", game, "--players", "3", "--games", "6", "--seed", "1"
    )
    assert code == 0
    assert "win rate" in out and "median" in out
    wins = [
        int(line.split()[1])
        for line in out.splitlines()
        if line.strip()[:1] in "012" and len(line.split()) == 3 and line.split()[2].endswith("%")
    ]
    assert sum(wins) == 6
    assert "6/6 games" in err


def test_simulate_refuses_bad_arguments() -> None:
    with pytest.raises(SystemExit):
        run("simulate", "--players", "5")
    with pytest.raises(SystemExit):
        run("simulate", "--games", "0")
    code, _, err = run(
        "simulate",
        "--game",
        "crash-course",
        "--variant",
        "two-player",
        "--players",
        "3",
        "--games",
        "1",
    )
    assert code == 2 and "two-player" in err


def test_rules_lists_every_rule_id() -> None:
    _, out, _ = run("rules")
    for rule in (*super_teams.RULES, *crash_course.RULES):
        assert rule.id in out


@pytest.mark.parametrize("game", ["super-teams", "crash-course"])
def test_phases_prints_mermaid(game: str) -> None:
    _, out, _ = run("phases", "--game", game)
    assert "stateDiagram-v2" in out


def test_console_script_entry_point() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sonic_rules.cli", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and "sonic-rules" in result.stdout
