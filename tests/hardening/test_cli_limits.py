"""The command's arguments have documented limits, checked before any work.

Regression tests for the hardening issue's examples: ``simulate --games 10**18``
started and never ended; ``--max-actions -5`` was accepted.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from sonic_rules.cli import MAX_ACTIONS, MAX_GAMES, MAX_SIZE, main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_simulate_with_10_to_the_18_games_is_refused_with_the_maximum() -> None:
    code, out, err = run("simulate", "--games", str(10**18))
    assert code == 2 and not out
    assert f"--games: must be at most {MAX_GAMES:,}" in err


def test_simulate_with_a_negative_action_cap_is_refused() -> None:
    code, _, err = run("simulate", "--max-actions", "-5")
    assert code == 2
    assert "--max-actions: must be at least 1, got -5" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("simulate", "--max-actions", str(MAX_ACTIONS + 1)), f"at most {MAX_ACTIONS:,}"),
        (("simulate", "--games", "9" * 5000), "at most 20 digits"),
        (("demo", "--players", "9" * 5000), "at most 20 digits"),
        (("render", "x.json", "-o", "-", "--size", str(MAX_SIZE + 1)), f"at most {MAX_SIZE:,}"),
    ],
)
def test_numeric_arguments_over_their_limits_are_refused(
    argv: tuple[str, ...], message: str
) -> None:
    code, _, err = run(*argv)
    assert code == 2
    assert message in err


def test_the_limits_are_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run("simulate", "--help")
    shown = " ".join(capsys.readouterr().out.split())
    assert f"at most {MAX_GAMES:,}" in shown
    assert f"(at most {MAX_ACTIONS:,})" in shown


def test_render_of_deeply_nested_json_is_reported_not_a_recursion_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    code, _, err = run("render", str(path), "-o", "-")
    assert code == 1
    assert "nested deeper than" in err


def test_render_of_bytes_that_are_not_utf8_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"game": "\xff"}')
    code, _, err = run("render", str(path), "-o", "-")
    assert code == 1
    assert "UTF-8" in err
