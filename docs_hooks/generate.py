"""The Markdown the documentation generates from the package itself.

A page asks for generated content with a marker comment on a line of its own:

- ``<!-- rules: GAME -->``: the rule reference (each rule id with its text, the functions
  that name it and the tests that name it);
- ``<!-- rulings: GAME -->``: the project's rulings and the options;
- ``<!-- phases: GAME -->``: the phase diagram and the phase table, from ``PHASES``;
- ``<!-- api: PACKAGE -->``: one ``::: module`` block for every public module of
  ``PACKAGE`` (found by walking the package with :mod:`pkgutil`), less the subpackages
  another page claims with a marker of its own;
- ``<!-- example: PATH -->`` and ``<!-- output: PATH -->``: a script of ``examples/``
  and what it prints, run at build time;
- ``<!-- picture: GAME/MOMENT -->``: the game drawn by `sonic_rules.svg` at a fixed
  moment (``opening`` or ``mid-game``, from a fixed seed), inline, so it cannot drift;
- ``<!-- tables: GAME -->``: the tables the game's rules remember things in
  (`sonic_rules.core.interning`, those named ``GAME ...``), each with its bound.

``GAME`` is a name of the game registry (``super-teams``). Nothing here imports MkDocs,
so the tests call these functions directly.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import pkgutil
import re
import subprocess
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import sonic_rules
from sonic_rules import svg
from sonic_rules.core import interning
from sonic_rules.core.game import Game

ROOT = Path(__file__).resolve().parent.parent
GAME_MEMBERS = ("GAME", "PHASES", "RULES")
MARKER = re.compile(
    r"^<!-- (rules|rulings|phases|api|example|output|picture|actions|observation|tables): "
    r"([A-Za-z0-9_./-]+) -->$",
    re.MULTILINE,
)


# ----- the packages -------------------------------------------------------------------------


def public_modules(package: str = "sonic_rules") -> list[str]:
    """Every public module of ``package`` and below, by walking it with :mod:`pkgutil`.

    A module is public when no part of its dotted name starts with an underscore.
    """
    root = importlib.import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return sorted(names)


def game_package(game: Game[Any, Any]) -> ModuleType:
    """The package that exports ``game`` as its ``GAME``."""
    for info in pkgutil.iter_modules(sonic_rules.__path__, prefix="sonic_rules."):
        if info.ispkg:
            module = importlib.import_module(info.name)
            if getattr(module, "GAME", None) is game:
                return module
    raise LookupError(f"no package of sonic_rules exports {game!r} as GAME")


def api_claims(pages: Iterable[str]) -> set[str]:
    """The packages that the ``api`` markers of these pages' Markdown name."""
    return {
        match.group(2)
        for text in pages
        for match in MARKER.finditer(text)
        if match.group(1) == "api"
    }


def api_modules(package: str, claims: Iterable[str]) -> list[str]:
    """The modules an ``api: package`` marker documents: all below it, less other claims."""
    others = [claim for claim in claims if claim != package and claim.startswith(f"{package}.")]
    return [
        name
        for name in public_modules(package)
        if not any(name == other or name.startswith(f"{other}.") for other in others)
    ]


def _defined_in(module: str) -> list[str]:
    """The public names a module's own source defines (not the ones it imports)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.append(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
        elif isinstance(node, ast.Assign):
            names += [target.id for target in node.targets if isinstance(target, ast.Name)]
    return [name for name in names if not name.startswith("_")]


def api_markdown(package: str, claims: Iterable[str]) -> str:
    """One ``::: module`` block per module; a game's package also shows ``GAME``,
    ``PHASES`` and ``RULES``.

    A package's block shows only what the package itself defines (and a game's three
    names): what it re-exports is documented once, in the module that defines it.
    """
    out: list[str] = []
    games = {game_package(game).__name__ for game in sonic_rules.games()}
    for name in api_modules(package, claims):
        # Found, not imported: an adapter's module imports its optional extra.
        spec = importlib.util.find_spec(name)
        if spec is None or spec.submodule_search_locations is None:
            out += [f"::: {name}", ""]
            continue
        members = _defined_in(name)
        if name in games:
            members += [member for member in GAME_MEMBERS if member not in members]
        listed = f"[{', '.join(members)}]" if members else "false"
        out += [
            f"::: {name}",
            "    options:",
            f"      members: {listed}",
            "      show_if_no_docstring: true",
            "",
        ]
    return "\n".join(out)


# ----- the rule reference -------------------------------------------------------------------


def _functions(path: Path) -> list[tuple[int, int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            spans.append((node.lineno, node.end_lineno or node.lineno, node.name))
    return spans


@cache
def _mentions(folder: Path, prefix: str, skip_rules_module: bool) -> dict[str, set[str]]:
    """Rule id -> the innermost functions (``file:function``) whose lines name it."""
    found: dict[str, set[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        if skip_rules_module and path.name.endswith("rules.py"):
            continue
        spans = _functions(path)
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            for rule_id in re.findall(rf"\b{prefix}-[A-Z0-9]+(?:-[A-Z0-9]+)*\b", line):
                inside = [s for s in spans if s[0] <= number <= s[1]]
                name = min(inside, key=lambda s: s[1] - s[0])[2] if inside else "(module)"
                found.setdefault(rule_id, set()).add(f"{path.relative_to(folder)}:{name}")
    return found


def _prefix(game: Game[Any, Any]) -> str:
    prefixes = {rule.id.split("-")[0] for rule in game.RULES}
    if len(prefixes) != 1:
        raise ValueError(f"{game.name}: rule ids with several prefixes: {sorted(prefixes)}")
    return prefixes.pop()


def rules_markdown(name: str) -> str:
    """Every rule of the game: text, where the code names it, which tests name it."""
    game = sonic_rules.game(name)
    prefix = _prefix(game)
    package_file = game_package(game).__file__
    assert package_file is not None
    code = _mentions(Path(package_file).parent, prefix, True)
    tests = _mentions(ROOT / "tests", prefix, False)
    out = [f"{len(game.RULES)} rules.", ""]
    for rule in game.RULES:
        enforced = ", ".join(f"`{e}`" for e in sorted(code.get(rule.id, ())))
        tested = ", ".join(f"`{t}`" for t in sorted(tests.get(rule.id, ())))
        out += [
            f"### {rule.id}: {rule.title}",
            "",
            f"*Source: {rule.source}.* {rule.text}",
            "",
            "- Enforced in: " + (enforced or "the engine as a whole (no single function names it)"),
            "- Tested by: " + (tested or "**no test**"),
            "",
        ]
    return "\n".join(out)


def rulings_markdown(name: str) -> str:
    """Every ruling: the binding rulings, those this project decided, and the options."""
    out = []
    for rule in sonic_rules.game(name).RULES:
        if rule.source in ("ruling", "project", "option"):
            out.append(f"- **{rule.id}** ({rule.source}) *{rule.title}.* {rule.text}")
    return "\n".join(out)


# ----- action spaces and observations -------------------------------------------------------


def _configurations(name: str) -> list[tuple[str, int, Any]]:
    game = sonic_rules.game(name)
    return [(v, n, game.new_game(n, variant=v)) for v, n in game.configurations()]


def actions_markdown(name: str) -> str:
    """The game's index table (``Game.action_table``) and its sizes per configuration."""
    game = sonic_rules.game(name)
    rows = ["| variant | players | decision indices | chance indices | observation |"]
    rows.append("|---|---|---|---|---|")
    for variant, players, state in _configurations(name):
        rows.append(
            f"| {variant} | {players} | {game.num_distinct_actions(state)} | "
            f"{game.num_chance_outcomes(state)} | {game.observation_shape(state)} |"
        )
    first = _configurations(name)[0][2]
    return "\n".join([*rows, "", game.action_table(first)])


def observation_markdown(name: str) -> str:
    """The observation tensor's sections (``Game.observation_layout``) for the default
    configuration, in order, with where each starts."""
    game = sonic_rules.game(name)
    state = _configurations(name)[0][2]
    rows = ["| section | first | length |", "|---|---|---|"]
    start = 0
    for section, length in game.observation_layout(state):
        rows.append(f"| {section} | {start} | {length} |")
        start += length
    return "\n".join(rows)


def tables_markdown(name: str) -> str:
    """The tables the game's rules remember things in, by name, with their bounds."""
    sonic_rules.game(name)  # the game's modules are imported, so its tables are made
    rows = ["| cache | entries at most |", "|---|---:|"]
    for cache, limit, _size in interning.caches():
        if cache.startswith(f"{name} "):
            rows.append(f"| {cache.removeprefix(f'{name} ')} | {limit:,} |")
    return "\n".join(rows)


# ----- phases -------------------------------------------------------------------------------


def mermaid_diagram(name: str) -> str:
    """The declared phase machine as Mermaid (``PhaseMachine.to_mermaid``)."""
    return str(sonic_rules.game(name).PHASES.to_mermaid())


def phases_markdown(name: str) -> str:
    """The phase diagram and the phase table, both from the game's ``PHASES``."""
    machine = sonic_rules.game(name).PHASES
    return "\n".join(
        [
            f"```mermaid\n{mermaid_diagram(name)}\n```",
            "",
            machine.to_markdown(),
        ]
    )


# ----- examples -----------------------------------------------------------------------------


def example_path(relative: str) -> Path:
    path = (ROOT / relative).resolve()
    if path.parent != ROOT / "examples" or path.suffix != ".py":
        raise ValueError(f"{relative}: only a script of examples/ can be shown")
    return path


def example_source(relative: str) -> str:
    """The script, as a Python code block."""
    return f"```python\n{example_path(relative).read_text(encoding='utf-8').rstrip()}\n```"


@cache
def example_output(relative: str) -> str:
    """What the script prints, run now with this interpreter."""
    result = subprocess.run(
        [sys.executable, str(example_path(relative))],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    if result.returncode != 0:
        raise RuntimeError(f"{relative} failed:\n{result.stderr}")
    return result.stdout


def output_markdown(relative: str) -> str:
    return f"```text\n{example_output(relative).rstrip()}\n```"


# ----- pictures -----------------------------------------------------------------------------

PICTURE_SEED = 2026
MOMENTS = {"opening": 0, "mid-game": 130}
"""Each moment a page can show: how many actions of a seeded random game lead to it."""
PICTURE_PLAYERS = 3
ASSETS = ROOT / "docs" / "assets"


def picture_state(name: str, moment: str) -> Any:
    """The state a ``picture`` marker draws: ``PICTURE_PLAYERS`` random players of the
    game's default variant, ``MOMENTS[moment]`` actions into the game seeded
    ``PICTURE_SEED``."""
    if name not in sonic_rules.game_names() or moment not in MOMENTS:
        raise ValueError(f"no picture {name}/{moment}: GAME/MOMENT, MOMENT one of {list(MOMENTS)}")
    game = sonic_rules.game(name)
    state = game.new_game(PICTURE_PLAYERS)
    if MOMENTS[moment]:
        players = [game.player("random")] * PICTURE_PLAYERS
        state = game.play_game(state, players, seed=PICTURE_SEED, max_actions=MOMENTS[moment]).final
    return state


def picture_svg(name: str, moment: str) -> str:
    """The picture of `picture_state`, as `sonic_rules.svg.position` draws it."""
    return svg.position(picture_state(name, moment))


def picture_markdown(argument: str) -> str:
    """``GAME/MOMENT`` as an inline picture with its caption (one line of HTML)."""
    name, _, moment = argument.partition("/")
    picture = picture_svg(name, moment)
    title = sonic_rules.game(name).title
    when = moment.replace("-", " ")
    caption = f"{title}, {when} ({PICTURE_PLAYERS} players, seed {PICTURE_SEED})"
    return f'<div class="sonic-rules-picture">{picture}<p><em>{caption}</em></p></div>'


def asset_pictures() -> dict[Path, str]:
    """The pictures kept in ``docs/assets`` for the README: each game's mid-game."""
    return {
        ASSETS / f"{name}.svg": picture_svg(name, "mid-game") + "\n"
        for name in sonic_rules.game_names()
    }


# ----- markers ------------------------------------------------------------------------------


def expand(markdown: str, claims: Iterable[str], where: str) -> str:
    """Replace every marker of ``markdown`` by what it asks for."""
    claimed = set(claims)

    def replace(match: re.Match[str]) -> str:
        kind, argument = match.group(1), match.group(2)
        per_game = ("rules", "rulings", "phases", "actions", "observation", "tables")
        if kind in per_game and argument not in sonic_rules.game_names():
            raise ValueError(f"{where}: unknown game {argument!r} in a {kind} marker")
        if kind == "rules":
            return rules_markdown(argument)
        if kind == "rulings":
            return rulings_markdown(argument)
        if kind == "phases":
            return phases_markdown(argument)
        if kind == "actions":
            return actions_markdown(argument)
        if kind == "observation":
            return observation_markdown(argument)
        if kind == "tables":
            return tables_markdown(argument)
        if kind == "api":
            return api_markdown(argument, claimed)
        if kind == "example":
            return example_source(argument)
        if kind == "picture":
            return picture_markdown(argument)
        return output_markdown(argument)

    return MARKER.sub(replace, markdown)


# ----- the README ---------------------------------------------------------------------------

README_EXAMPLE = "examples/first_game.py"


def readme_with_example(readme: str) -> str:
    """``readme`` with its first python block and first text block made the example's
    source and what the example prints now (the README cannot run it at build time)."""
    source = example_path(README_EXAMPLE).read_text(encoding="utf-8").rstrip()
    output = example_output(README_EXAMPLE).rstrip()
    readme = re.sub(
        r"```python\n.*?```",
        lambda _: f"```python\n{source}\n```",
        readme,
        count=1,
        flags=re.DOTALL,
    )
    return re.sub(
        r"```text\n.*?```", lambda _: f"```text\n{output}\n```", readme, count=1, flags=re.DOTALL
    )


if __name__ == "__main__":
    # python docs_hooks/generate.py --update-readme: refresh the README's example;
    # --update-pictures: redraw the README's pictures in docs/assets.
    if sys.argv[1:] == ["--update-pictures"]:
        for picture_path, picture in asset_pictures().items():
            picture_path.write_text(picture, encoding="utf-8")
        sys.exit(0)
    if sys.argv[1:] != ["--update-readme"]:
        sys.exit("usage: python docs_hooks/generate.py --update-readme | --update-pictures")
    path = ROOT / "README.md"
    path.write_text(readme_with_example(path.read_text(encoding="utf-8")), encoding="utf-8")
