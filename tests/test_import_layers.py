"""The package's import structure: core stands below the games, and no module imports
one that imports it back.

Read from the source with ``ast``: an import at module level (``TYPE_CHECKING`` blocks
included) is an edge of the module graph; an import inside a function is one too for
the core test, since core must not know the games at all.
"""

from __future__ import annotations

import ast
import pathlib

import sonic_rules

ROOT = pathlib.Path(sonic_rules.__file__).parent
GAME_PACKAGES = ("sonic_rules.super_teams", "sonic_rules.crash_course")


def _modules() -> dict[str, pathlib.Path]:
    modules = {}
    for path in ROOT.rglob("*.py"):
        parts = ["sonic_rules", *path.relative_to(ROOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


MODULES = _modules()


def _imported(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The modules of the package that ``node`` (in ``module``) imports."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in MODULES}
    base = node.module or ""
    if node.level:
        package = module.split(".")
        if MODULES[module].name != "__init__.py":
            package.pop()
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, *([base] if base else [])])
    submodules = {f"{base}.{alias.name}" for alias in node.names} & MODULES.keys()
    return submodules or ({base} & MODULES.keys())


def _imports(module: str, *, in_functions: bool) -> set[str]:
    tree = ast.parse(MODULES[module].read_text())
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.update(_imported(module, node) - {module})
        for child in ast.iter_child_nodes(node):
            if in_functions or not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child)

    visit(tree)
    return found


def test_core_imports_nothing_from_the_game_packages() -> None:
    wrong = sorted(
        f"{module} imports {imported}"
        for module in MODULES
        if module.startswith("sonic_rules.core")
        for imported in _imports(module, in_functions=True)
        if imported.startswith(GAME_PACKAGES)
    )
    assert not wrong, wrong


def test_no_module_level_import_cycle() -> None:
    graph = {module: _imports(module, in_functions=False) for module in MODULES}
    cycles: list[list[str]] = []
    done: set[str] = set()

    def walk(module: str, path: list[str]) -> None:
        if module in path:
            cycles.append([*path[path.index(module) :], module])
            return
        if module in done:
            return
        for imported in sorted(graph[module]):
            walk(imported, [*path, module])
        done.add(module)

    for module in sorted(graph):
        walk(module, [])
    assert not cycles, [" -> ".join(cycle) for cycle in cycles]
