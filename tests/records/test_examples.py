"""The records in examples/records: the valid ones validate, the broken ones give exactly
the report written beside them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from sonic_rules import records
from sonic_rules.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"
VALID = sorted(EXAMPLES.glob("*.record"))
BROKEN = sorted((EXAMPLES / "broken").glob("*.record"))


def test_there_is_a_super_teams_record_for_every_player_count_and_one_with_hidden_hands() -> None:
    players = set()
    hidden = False
    for path in VALID:
        record = records.read_record(path.read_bytes())
        if record.game.name == "super-teams":
            players.add(record.players)
            hidden = hidden or not record.exact
    assert players == {2, 3, 4}
    assert hidden
    assert len(BROKEN) >= 8


@pytest.mark.parametrize("path", VALID, ids=lambda path: path.name)
def test_each_example_record_is_valid_and_finished(path: Path) -> None:
    report = records.validate(path.read_bytes())
    assert report.valid, str(report)
    assert report.final.is_over


def _keep_going(text: str) -> bool:
    return "--keep-going" in text.split("\n", 1)[0]


@pytest.mark.parametrize("path", BROKEN, ids=lambda path: path.stem)
def test_each_broken_record_gives_its_exact_report(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    expected = path.with_suffix(".expected").read_text(encoding="utf-8")
    report = records.validate(text, keep_going=_keep_going(text))
    assert str(report) + "\n" == expected
    out = io.StringIO()
    args = ["validate", str(path), *(["--keep-going"] if _keep_going(text) else [])]
    assert main(args, out=out) == 1
    assert out.getvalue() == "".join(f"{path}:{line}\n" for line in expected.splitlines())


def test_records_per_second_benchmark_runs() -> None:
    import subprocess
    import sys

    script = EXAMPLES.parents[1] / "benchmarks" / "records_per_second.py"
    result = subprocess.run(
        [sys.executable, str(script), "--records", "1"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "super-teams standard 4p hidden" in result.stdout
    assert result.stdout.count("records/s") >= 6


def test_the_records_page_python_example_runs_and_prints_what_it_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import re

    page = (EXAMPLES.parents[1] / "docs" / "records.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```python\n(.*?)```", page, re.DOTALL)
    exec(compile(block, "docs/records.md", "exec"), {})
    shown = [line.removeprefix("# ") for line in block.splitlines() if line.startswith("# ")]
    assert capsys.readouterr().out.split() == " ".join(shown).split()
