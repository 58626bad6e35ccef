"""The command line's records: validate, replay, simulate --record."""

from __future__ import annotations

import io
from pathlib import Path

from sonic_rules import records
from sonic_rules.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"
TWO = EXAMPLES / "super-teams-2p.record"


def _run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_validate_is_silent_and_succeeds_when_every_file_is_valid() -> None:
    assert _run("validate", *map(str, sorted(EXAMPLES.glob("*.record")))) == (0, "", "")


def test_validate_reports_each_problem_like_a_compiler(tmp_path: Path) -> None:
    broken = tmp_path / "broken.record"
    broken.write_text(TWO.read_text().replace("deal 1 yellow3", "deal 0 yellow3"))
    missing = tmp_path / "missing.record"
    status, out, _ = _run("validate", str(TWO), str(broken), str(missing))
    assert status == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{broken}:17:1: ST-P-DEAL-ORDER: 'deal 0 yellow3': ")
    assert lines[1].startswith(f"{missing}:1:1: REC-FILE: cannot be read")
    assert len(lines) == 2


def test_validate_keep_going_reports_every_problem(tmp_path: Path) -> None:
    lines = TWO.read_text().split("\n")
    lines.insert(30, "deal 5 blue4")
    lines.insert(60, "0 nothing")
    path = tmp_path / "two.record"
    path.write_text("\n".join(lines))
    assert _run("validate", str(path))[1].count("\n") == 1
    status, out, _ = _run("validate", "--keep-going", str(path))
    assert status == 1
    assert [line.split(":")[1] for line in out.splitlines()] == ["31", "61"]


def test_replay_prints_the_position_after_each_line_up_to_a_line() -> None:
    status, out, err = _run("replay", str(TWO), "--to", "20")
    assert (status, err) == (0, "")
    assert out.startswith("start\n    Sonic Super Teams (2 players) - deal")
    assert out.count("\nline ") == 5  # the body's lines 16 to 20
    assert "line 20: deal 0 black1\n    Sonic Super Teams" in out
    status, out, _ = _run("replay", str(TWO))
    assert status == 0 and "winners: seat 0" in out


def test_replay_svg_draws_each_position(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    status, _, err = _run("replay", str(TWO), "--to", "20", "--svg", str(tmp_path))
    assert (status, err) == (0, "")
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == ["line-0016.svg", "line-0017.svg", "line-0018.svg", "line-0019.svg",
                     "line-0020.svg", "start.svg"]  # fmt: skip
    for path in tmp_path.iterdir():
        assert ET.fromstring(path.read_text()).tag.endswith("svg")
    status, _, err = _run("replay", str(TWO), "--svg", str(tmp_path / "nowhere"))
    assert status == 2 and "not a directory" in err


def test_replay_stops_at_a_problem_and_reports_it(tmp_path: Path) -> None:
    broken = tmp_path / "broken.record"
    broken.write_text(TWO.read_text().replace("deal 1 yellow3", "deal 0 yellow3"))
    status, out, err = _run("replay", str(broken))
    assert status == 1
    assert err.startswith(f"{broken}:17:1: ST-P-DEAL-ORDER")
    assert out.count("\nline ") == 1
    assert _run("replay", str(broken), "--to", "16")[0] == 0


def test_replay_of_hidden_hands_says_the_hands_are_one_possibility() -> None:
    status, out, _ = _run("replay", str(EXAMPLES / "super-teams-4p-hidden-hands.record"))
    assert status == 0
    assert out.rstrip().endswith("hands show one way the unseen cards could lie)")


def test_simulate_record_writes_one_valid_record_per_game(tmp_path: Path) -> None:
    args = ["simulate", "--players", "3", "--games", "3", "--no-progress"]
    status, _, _ = _run(*args, "--seed", "4", "--record", str(tmp_path))
    assert status == 0
    written = sorted(tmp_path.iterdir())
    assert [path.name for path in written] == [
        f"super-teams-standard-3p-0000{n}.record" for n in (1, 2, 3)
    ]
    for path in written:
        record = records.read_record(path.read_bytes())
        assert record.final.is_over
        assert dict(record.header)["event"].startswith("sonic-rules simulate, game ")
    assert _run("validate", *map(str, written)) == (0, "", "")
