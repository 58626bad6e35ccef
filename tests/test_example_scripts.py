"""The scripts in examples/ run and do what they say."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLES / name)], capture_output=True, text=True, check=False
    )


def test_frontend_loop_plays_to_the_end() -> None:
    result = run("frontend_loop.py")
    assert result.returncode == 0, result.stderr
    assert "winners: seat" in result.stdout
    assert "refused: ST-" in result.stdout


def test_check_table_game_names_the_broken_rule() -> None:
    result = run("check_table_game.py")
    assert result.returncode == 0, result.stderr
    assert "breaks ST-TURN-ORDER" in result.stdout
