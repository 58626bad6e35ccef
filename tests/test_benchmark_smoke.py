"""``benchmarks/run.py`` runs end to end with tiny budgets and reports every figure.

A smoke run, not a measurement: nothing here asserts a speed.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import sonic_rules

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "run.py"

PER_CONFIGURATION = [
    "selfplay_actions_per_second",
    "selfplay_decisions_per_second",
    "games_per_second",
    "game_ms_median",
    "legal_actions_us",
    "apply_us",
    "chance_outcomes_us",
    "observe_us",
    "json_round_trip_us",
    "json_bytes",
    "record_lines_per_second",
]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("benchmarks_run", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bench = _load()


@pytest.fixture(scope="module")
def quick_run() -> dict[str, Any]:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--seconds", "0.01", "--json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def _chess() -> bool:
    return importlib.util.find_spec("chess") is not None


def test_every_configuration_has_every_measure(quick_run: dict[str, Any]) -> None:
    figures = quick_run["figures"]
    for name in sonic_rules.game_names():
        for variant, counts in sonic_rules.game(name).variants.items():
            for players in counts:
                for measure in PER_CONFIGURATION:
                    value = figures[f"{name}/{variant}/{players}p/{measure}"]
                    assert isinstance(value, (int, float)) and value > 0
                ratio = f"{name}/{variant}/{players}p/ratio_to_chess"
                assert (ratio in figures) == _chess()


def test_the_run_names_its_machine_date_and_chess_yardstick(quick_run: dict[str, Any]) -> None:
    assert set(quick_run["machine"]) >= {"platform", "python", "cpu_count"}
    assert quick_run["date"][:2] == "20"
    assert quick_run["chess_available"] == _chess()
    if _chess():
        # Measured before and after the single quick round, pooled into one rate.
        assert len(quick_run["chess_rounds"]) == 2
        assert quick_run["figures"]["chess/selfplay_actions_per_second"] > 0


def test_every_target_is_listed_with_pass_or_fail(quick_run: dict[str, Any]) -> None:
    by_target: dict[str, list[dict[str, Any]]] = {}
    for check in quick_run["targets"]:
        by_target.setdefault(check["target"], []).append(check)
        assert check["figure"] in quick_run["figures"] or not _chess()
        if _chess():
            assert isinstance(check["pass"], bool)
    configurations = sum(
        len(counts) for game in sonic_rules.games() for counts in game.variants.values()
    )
    assert len(by_target["Super Teams self-play >= 3.0x chess"]) == 3
    assert len(by_target["Crash Course self-play >= 1.5x chess"]) == configurations - 3
    assert len(by_target["JSON round trip of a mid-game state <= 100 us"]) == configurations
    (game,) = by_target["4-player Super Teams game <= 5 ms median"]
    assert game["figure"] == "super-teams/standard/4p/game_ms_median"


def test_a_target_passes_exactly_when_its_figure_is_within_the_limit() -> None:
    configs = [c for c in bench.configurations() if c.key == "super-teams/standard/4p"]
    figures = {
        "super-teams/standard/4p/ratio_to_chess": 3.0,
        "super-teams/standard/4p/json_round_trip_us": 100.5,
        "super-teams/standard/4p/game_ms_median": 5.0,
    }
    checks = {c["figure"]: c["pass"] for c in bench.targets(configs, figures, True)}
    assert checks == {
        "super-teams/standard/4p/ratio_to_chess": True,
        "super-teams/standard/4p/json_round_trip_us": False,
        "super-teams/standard/4p/game_ms_median": True,
    }
    without_chess = bench.targets(configs, figures, False)
    assert [c["pass"] for c in without_chess] == [None, False, True]


def test_compare_reports_each_change_against_an_earlier_run(
    quick_run: dict[str, Any], tmp_path: Path
) -> None:
    earlier_file = tmp_path / "earlier.json"
    earlier = dict(quick_run["figures"])
    key = "crash-course/standard/2p/apply_us"
    earlier[key] = quick_run["figures"][key] * 2
    earlier["gone/measure"] = 1.0
    earlier_file.write_text(json.dumps({"figures": earlier}), encoding="utf-8")
    loaded = bench.load_earlier(str(earlier_file))
    changes = bench.compare(loaded, quick_run["figures"])
    assert changes[key]["change"] == pytest.approx(-0.5)
    assert changes["gone/measure"] == {"before": 1.0, "after": None, "change": None}
    table = bench.compare_report(changes)
    assert any(
        line.startswith(key) and "-50.0%" in line and "better" in line
        for line in table.splitlines()
    )
    assert any(
        line.startswith("gone/measure") and line.endswith("gone") for line in table.splitlines()
    )


def test_markdown_gives_the_tables_of_an_earlier_run(
    quick_run: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "run.json"
    saved.write_text(json.dumps(quick_run), encoding="utf-8")
    assert bench.main(["--markdown", str(saved)]) == 0
    tables = capsys.readouterr().out
    for game in sonic_rules.games():
        for variant, players in game.configurations():
            assert tables.count(f"| {game.name}/{variant}/{players}p |") == 2
    assert "| target | figure | value | result |" in tables
    assert quick_run["machine"]["platform"] in tables


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seconds", "-1"], "must be more than 0"),
        (["--seconds", "0"], "must be more than 0"),
        (["--seconds", "abc"], "not a number of seconds"),
        (["--seconds", "nan"], "must be more than 0"),
        (["--compare", "/no/such/file.json"], "cannot read it"),
        (["--compare", "{tmp}/not.json"], "not JSON"),
        (["--compare", "{tmp}/other.json"], 'no "figures" of numbers'),
        (["--markdown", "{tmp}/not.json"], "not JSON"),
        (["--markdown", "{tmp}/figures.json"], "no machine"),
    ],
)
def test_bad_input_is_one_line_and_a_nonzero_exit(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "not.json").write_text("{figures", encoding="utf-8")
    (tmp_path / "other.json").write_text('{"figures": {"a": "fast"}}', encoding="utf-8")
    (tmp_path / "figures.json").write_text('{"figures": {"a": 1.5}}', encoding="utf-8")
    code = bench.main([arg.replace("{tmp}", str(tmp_path)) for arg in argv])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err
    assert captured.err.startswith("benchmarks/run.py: error: ")


def test_bad_seconds_from_the_command_line_give_no_traceback() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--seconds", "-1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert "Traceback" not in result.stderr and "--seconds" in result.stderr
