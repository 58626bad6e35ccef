"""The README's and the docs' examples run, and the docstring examples hold."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import sonic_rules.super_teams
import sonic_rules.super_teams.setup

ROOT = Path(__file__).resolve().parent.parent


def _python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.DOTALL)


@pytest.mark.parametrize(
    "page", ["README.md", "docs/index.md", "docs/super-teams.md", "docs/crash-course.md"]
)
def test_python_examples_run(page: str, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = _python_blocks(ROOT / page)
    assert blocks, f"{page} has no python example"
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, page, "exec"), namespace)


def test_readme_example_prints_a_rule_id(capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(_python_blocks(ROOT / "README.md")[0], "README.md", "exec"), {})
    assert "ST-WIN the game is over" in capsys.readouterr().out


@pytest.mark.parametrize("module", [sonic_rules.super_teams, sonic_rules.super_teams.setup])
def test_docstring_examples(module: object) -> None:
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert tried > 0 and failures == 0
