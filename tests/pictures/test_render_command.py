"""``sonic-rules render STATE.json -o OUT.svg [--seat N]``: a saved state as a picture."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import sonic_rules
from sonic_rules import svg
from sonic_rules.cli import main


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_render_draws_a_saved_state_of_each_game(tmp_path: Path) -> None:
    for game in sonic_rules.games():
        state = game.new_game(3)
        saved = tmp_path / f"{game.name}.json"
        saved.write_text(game.to_json(state), encoding="utf-8")
        picture = tmp_path / f"{game.name}.svg"
        code, out, _ = _run("render", str(saved), "-o", str(picture))
        assert code == 0 and out == f"wrote {picture}\n"
        assert picture.read_text(encoding="utf-8") == svg.position(state) + "\n"
        code, out, _ = _run("render", str(saved), "-o", "-", "--seat", "1", "--size", "300")
        assert code == 0 and out == svg.position(state, seat=1, size=300) + "\n"
        ET.fromstring(out)


def test_render_reports_problems_with_the_file_or_the_seat(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    code, _, err = _run("render", str(missing), "-o", "-")
    assert code == 1 and "cannot read it" in err
    junk = tmp_path / "junk.json"
    junk.write_text('{"format": 1}', encoding="utf-8")
    code, _, err = _run("render", str(junk), "-o", "-")
    assert code == 1 and 'no "game" tag' in err
    game = sonic_rules.game("super-teams")
    saved = tmp_path / "state.json"
    saved.write_text(game.to_json(game.new_game(2)), encoding="utf-8")
    code, _, err = _run("render", str(saved), "-o", "-", "--seat", "3")
    assert code == 1 and "seat 3" in err
    code, _, err = _run("render", str(saved))
    assert code == 2 and "-o" in err
