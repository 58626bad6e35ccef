"""MkDocs hooks: generate the rule reference, the rulings lists and the phase diagrams.

A page asks for generated content with a marker comment on a line of its own:
``<!-- rules: super-teams -->``, ``<!-- rulings: crash-course -->`` or
``<!-- phases: super-teams -->``. The rule reference lists, for each rule id, its
text, the functions that enforce it (where the code names the id) and the tests that
name it, so that the reference, the code and the tests are kept together.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"super-teams": "super_teams", "crash-course": "crash_course"}
MARKER = re.compile(r"^<!-- (rules|rulings|phases): ([a-z-]+) -->$", re.MULTILINE)


def _functions(path: Path) -> list[tuple[int, int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            spans.append((node.lineno, node.end_lineno or node.lineno, node.name))
    return spans


@cache
def _mentions(folder: str, prefix: str) -> dict[str, set[str]]:
    """Rule id -> the innermost functions (``file:function``) whose lines name it."""
    found: dict[str, set[str]] = {}
    base = ROOT / folder
    for path in sorted(base.rglob("*.py")):
        if path.name == "rules.py" and "src" in path.parts:
            continue
        spans = _functions(path)
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            for rule_id in re.findall(rf"\b{prefix}-[A-Z0-9]+(?:-[A-Z0-9]+)*\b", line):
                inside = [s for s in spans if s[0] <= number <= s[1]]
                name = min(inside, key=lambda s: s[1] - s[0])[2] if inside else "(module)"
                found.setdefault(rule_id, set()).add(f"{path.relative_to(base)}:{name}")
    return found


def _book(game: str) -> Any:
    module = __import__(f"sonic_rules.{GAMES[game]}", fromlist=["RULES"])
    return module


def _rules_markdown(game: str) -> str:
    module = _book(game)
    prefix = "ST" if game == "super-teams" else "CC"
    code = _mentions(f"src/sonic_rules/{GAMES[game]}", prefix)
    tests = _mentions("tests", prefix)
    out = [f"{len(module.RULES)} rules.", ""]
    for rule in module.RULES:
        out.append(f"### {rule.id}: {rule.title}")
        out.append("")
        out.append(f"*Source: {rule.source}.* {rule.text}")
        out.append("")
        enforced = sorted(code.get(rule.id, ()))
        tested = sorted(tests.get(rule.id, ()))
        out.append("- Enforced in: " + (", ".join(f"`{e}`" for e in enforced) or "the engine"
                                        " as a whole (no single function names it)"))
        out.append("- Tested by: " + (", ".join(f"`{t}`" for t in tested) or "**no test**"))
        out.append("")
    return "\n".join(out)


def _rulings_markdown(game: str) -> str:
    module = _book(game)
    out = []
    for rule in module.RULES:
        if rule.source in ("project", "option"):
            out.append(f"- **{rule.id}** ({rule.source}) *{rule.title}.* {rule.text}")
    return "\n".join(out)


def _phases_markdown(game: str) -> str:
    module = _book(game)
    diagram = module.PHASES.to_mermaid()
    return f"```mermaid\n{diagram}\n```"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    def replace(match: re.Match[str]) -> str:
        kind, game = match.group(1), match.group(2)
        if game not in GAMES:
            raise ValueError(f"{page.file.src_path}: unknown game {game!r} in marker")
        return {"rules": _rules_markdown, "rulings": _rulings_markdown,
                "phases": _phases_markdown}[kind](game)

    return MARKER.sub(replace, markdown)
