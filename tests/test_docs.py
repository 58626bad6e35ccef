"""The documentation: its examples run, its generated parts cover the package, and it
shows what the code really does (the example's output, the phase machines, every module).
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import attrs
import pytest

import sonic_rules

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
HOOKS = ROOT / "docs_hooks"
EXAMPLE = "examples/first_game.py"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"docs_hooks_{name}", HOOKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


generate = _load("generate")


def _blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, re.DOTALL)


def _pages() -> dict[str, str]:
    return {
        path.relative_to(DOCS).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(DOCS.rglob("*.md"))
    }


# ----- examples -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "page", ["README.md", "docs/super-teams/guide.md", "docs/crash-course/guide.md"]
)
def test_python_examples_run(page: str, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = _blocks((ROOT / page).read_text(encoding="utf-8"), "python")
    assert blocks, f"{page} has no python example"
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, page, "exec"), namespace)


@pytest.fixture(scope="module")
def example_output() -> str:
    result = subprocess.run(
        [sys.executable, str(ROOT / EXAMPLE)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_readme_shows_the_example_as_it_is() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = _blocks(readme, "python")[0]
    assert shown.rstrip() == (ROOT / EXAMPLE).read_text(encoding="utf-8").rstrip(), (
        f"the README shows an old {EXAMPLE}: python docs_hooks/generate.py --update-readme"
    )


def test_readme_shows_what_the_example_prints(example_output: str) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = _blocks(readme, "text")[0]
    assert shown.rstrip() == example_output.rstrip(), (
        f"the README shows an old output of {EXAMPLE}: "
        "python docs_hooks/generate.py --update-readme"
    )


def test_example_shows_a_winner_and_a_refusal_for_every_game(example_output: str) -> None:
    for game in sonic_rules.games():
        assert f"{game.title}: seat" in example_output
    assert example_output.count("refused: ") == len(sonic_rules.games())
    assert "refused: ST-WIN" in example_output


def test_index_shows_the_example_and_its_output_generated_at_build_time(
    example_output: str,
) -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    assert f"<!-- example: {EXAMPLE} -->" in index
    assert f"<!-- output: {EXAMPLE} -->" in index
    built = generate.expand(index, {"sonic_rules"}, "index.md")
    assert _blocks(built, "python")[0].rstrip() == (ROOT / EXAMPLE).read_text().rstrip()
    assert _blocks(built, "text")[0].rstrip() == example_output.rstrip()


def test_only_scripts_of_examples_can_be_run_by_a_page() -> None:
    with pytest.raises(ValueError, match="examples/"):
        generate.example_source("docs_hooks/hooks.py")


# ----- the API reference --------------------------------------------------------------------


def _walked_modules() -> set[str]:
    import pkgutil

    found = {"sonic_rules"}
    for info in pkgutil.walk_packages(sonic_rules.__path__, prefix="sonic_rules."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            found.add(info.name)
    return found


def _api_blocks() -> dict[str, str]:
    """Each ``::: module`` block of the API pages, as built: module -> its options."""
    pages = _pages()
    claims = generate.api_claims(pages.values())
    built = "\n".join(
        generate.expand(text, claims, page) for page, text in pages.items() if "<!-- api: " in text
    )
    blocks = re.findall(r"^::: (\S+)\n((?:    .*\n)*)", built + "\n", re.MULTILINE)
    names = [name for name, _ in blocks]
    assert len(names) == len(set(names)), "a module is documented twice"
    return dict(blocks)


def test_api_pages_document_every_public_module_exactly_once() -> None:
    assert set(_api_blocks()) == _walked_modules()


def test_api_pages_show_each_games_game_phases_and_rules() -> None:
    blocks = _api_blocks()
    for game in sonic_rules.games():
        options = blocks[generate.game_package(game).__name__]
        members = re.search(r"members: \[(.*)\]", options)
        assert members is not None
        for member in ("GAME", "PHASES", "RULES"):
            assert member in members.group(1).split(", ")


def test_a_new_module_would_be_documented_without_editing_a_page() -> None:
    # The top page takes every module no other page claims: nothing to list by hand.
    claims = {"sonic_rules", "sonic_rules.core"}
    rest = generate.api_modules("sonic_rules", claims)
    assert "sonic_rules.core.game" not in rest
    for name in _walked_modules():
        if not name.startswith("sonic_rules.core"):
            assert name in rest


def test_docstring_examples_hold() -> None:
    tried = 0
    for name in sorted(_walked_modules()):
        try:
            module = importlib.import_module(name)
        except ImportError:
            # An adapter without its optional extra; tests/adapters runs it with the extra.
            assert name.startswith("sonic_rules.adapters."), name
            continue
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, f"a docstring example of {name} fails"
        tried += result.attempted
    assert tried > 0


def test_docstring_sessions_are_shown_as_code() -> None:
    fence = _load("doctest_blocks").fence_sessions if _has_griffe() else None
    if fence is None:
        pytest.skip("the docs extra (griffe) is not installed")
    text = "The games:\n\n>>> names()\n['super-teams', 'crash-course']\n\nDone."
    assert fence(text) == (
        "The games:\n\n```pycon\n>>> names()\n['super-teams', 'crash-course']\n```\n\nDone."
    )
    fenced = "```pycon\n>>> 1\n1\n```"
    assert fence(fenced) == fenced


def _has_griffe() -> bool:
    return importlib.util.find_spec("griffe") is not None


# ----- phases -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sonic_rules.game_names())
def test_each_game_has_a_phases_page_with_diagram_and_table(name: str) -> None:
    pages = _pages()
    page = pages[f"{name}/phases.md"]
    assert f"<!-- phases: {name} -->" in page
    built = generate.expand(page, set(), page)
    machine = sonic_rules.game(name).PHASES
    assert "```mermaid\n" in built and "stateDiagram-v2" in built
    assert machine.to_markdown() in built
    for phase in machine.phases:
        assert phase.value in _blocks(built, "mermaid")[0]


@pytest.mark.parametrize("name", sonic_rules.game_names())
def test_no_phase_is_drawn_in_red(name: str) -> None:
    diagram = generate.mermaid_diagram(name)
    assert not re.search(r"\bred\b|salmon|classDef|\bClass\b", diagram)
    assert diagram.startswith("---\ntitle: ")
    assert "[*] -->" in diagram


@pytest.mark.parametrize("name", sonic_rules.game_names())
def test_diagram_starts_each_variant_at_its_declared_phase(name: str) -> None:
    game = sonic_rules.game(name)
    diagram = generate.mermaid_diagram(name)
    starts = re.findall(r"^  \[\*\] --> (\w+)(?:: (.*))?$", diagram, re.MULTILINE)
    labels = dict(re.findall(r'^  state "([^"]+)" as (\w+)$', diagram, re.MULTILINE))
    by_id = {state_id: label for label, state_id in labels.items()}
    started = {
        variant: by_id[state_id]
        for state_id, variants in starts
        for variant in (variants.split(", ") if variants else [""])
    }
    declared = {variant: phase.value for variant, phase in game.PHASES.initial.items()}
    assert started == declared


@pytest.mark.parametrize("name", sonic_rules.game_names())
def test_diagram_state_ids_are_ones_mermaid_parses(name: str) -> None:
    # Mermaid's state-diagram parser fails on an id with a hyphen (``game-over``): ids
    # are plain identifiers, and the phase names are the states' labels.
    diagram = generate.mermaid_diagram(name)
    identifier = r"[A-Za-z_][A-Za-z0-9_]*"
    labels = re.findall(rf'^  state "([^"]+)" as ({identifier})$', diagram, re.MULTILINE)
    assert sorted(label for label, _ in labels) == sorted(
        phase.value for phase in sonic_rules.game(name).PHASES.phases
    )
    arrows = re.findall(r"^  (\S+) --> (\S+?)(?::|$)", diagram, re.MULTILINE)
    assert arrows
    ids = {state_id for _, state_id in labels} | {"[*]"}
    for source, dest in arrows:
        assert source in ids and dest in ids, (source, dest)


# ----- the site -----------------------------------------------------------------------------


def test_no_python_file_is_copied_into_the_site() -> None:
    # MkDocs copies every file of docs/ that is not Markdown into the site.
    assert not list(DOCS.rglob("*.py"))
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "- docs_hooks/hooks.py" in config


def test_mermaid_is_served_from_the_site_not_a_cdn() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    mermaid_js = _load("mermaid_js")
    assert f"  - {mermaid_js.SITE_PATH}\n" in config.split("extra_javascript:")[1]
    assert "unpkg" not in config and "jsdelivr" not in config and "://" not in config
    assert re.fullmatch(r"[0-9a-f]{64}", mermaid_js.SHA256)


TITLE = re.compile(
    r"^# (?P<subject>sonic_rules(?:\.[a-z_]+)?|[^—\n]+) — "
    r"(?P<topic>guide|phases|rule reference|rulings|API|concepts|command line|game records"
    r"|agents|frontends|action spaces|security|how the tests are checked|performance)$"
)


def test_page_titles_follow_one_pattern() -> None:
    titles = {game.title for game in sonic_rules.games()}
    for page, text in _pages().items():
        first = text.splitlines()[0]
        if page == "index.md":
            assert first == "# sonic_rules"
            continue
        match = TITLE.match(first)
        assert match, f"{page}: {first!r} is not '<subject> — <topic>'"
        subject = match.group("subject")
        assert subject.startswith("sonic_rules") or subject in titles, f"{page}: {subject!r}"
        game_folder = page.split("/")[0]
        if game_folder in sonic_rules.game_names():
            assert subject == sonic_rules.game(game_folder).title


def test_every_page_is_in_the_nav() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = config.split("\nnav:\n")[1].split("\n\n")[0].split("\nhooks:")[0]
    for page in _pages():
        assert f"- {page}\n" in nav + "\n", f"{page} is not in the nav"


def test_rulings_page_states_the_newer_rulings_with_their_options() -> None:
    """CC-DAMAGE-FIRST, CC-TWO-PLAYER-SECONDARY-WIN, ST-DECK-RESHUFFLE and the shortcut
    rulings are explained on the rulings page, each with the option that reverses it."""
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    for rule_id in (
        "ST-DECK-RESHUFFLE",
        "CC-DAMAGE-FIRST",
        "CC-OPT-DAMAGE-BARS-ONLY-MOVES",
        "CC-TWO-PLAYER-SECONDARY-WIN",
        "CC-OPT-LITERAL-SECONDARY-WIN",
        "CC-PROJ-SHORTCUT-BENT",
        "CC-SHORTCUT-LAY-STEP",
        "CC-SHORTCUT-LAY-COMPLETE",
    ):
        assert f"`{rule_id}`" in text, rule_id
    for option in ("damage_bars_only_moves", "literal_secondary_win"):
        assert option in text
        assert option in {f.name for f in attrs.fields(sonic_rules.game("crash-course").Options)}


def test_the_performance_page_lists_the_super_teams_tables() -> None:
    page = _pages()["performance.md"]
    assert "<!-- tables: super-teams -->" in page
    built = generate.expand(page, set(), "performance.md")
    for name in ("events", "actions", "plays", "responses", "deck counts"):
        assert f"| {name} |" in built
