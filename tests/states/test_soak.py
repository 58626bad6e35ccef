"""The soak's short share: one short game per configuration, every invariant checked after
every action, every fifth state also corrupted and held to the rule (issue 11)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import sonic_rules

SOAK = Path(__file__).resolve().parents[2] / "benchmarks" / "soak.py"


def test_soak_checks_every_configuration_and_reports_what_it_checked() -> None:
    result = subprocess.run(
        [sys.executable, str(SOAK), "--games", "1", "--max-actions", "80", "--corrupt-every", "5"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    configurations = sum(len(game.configurations()) for game in sonic_rules.games())
    assert sum(" players: 1 games, " in line for line in lines) == configurations
    total = lines[-1]
    assert total.startswith(f"total: {configurations} games played, ")
    assert "states corrupted" in total and "views compared" in total


def test_soak_refuses_a_bad_game_count() -> None:
    result = subprocess.run(
        [sys.executable, str(SOAK), "--games", "0"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2 and "--games" in result.stderr
