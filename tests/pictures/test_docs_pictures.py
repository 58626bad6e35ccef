"""The documentation's pictures: generated from the library when the site is built, and
the README's pictures in docs/assets equal to what the library draws now."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _generate() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "docs_hooks_generate_pictures", ROOT / "docs_hooks" / "generate.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


generate = _generate()


def test_the_readme_pictures_are_what_the_library_draws_now() -> None:
    for path, picture in generate.asset_pictures().items():
        assert path.read_text(encoding="utf-8") == picture, (
            f"{path.name} is out of date: python docs_hooks/generate.py --update-pictures"
        )


def test_the_readme_shows_them_below_the_set_up_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = [m.end() for m in re.finditer(r"```bash\n.*?```", readme, re.DOTALL)][:2]
    for path in generate.asset_pictures():
        shown = readme.find(f'src="{path.relative_to(ROOT).as_posix()}"')
        assert shown > commands[1], path.name
        assert shown < readme.find("\n---\n")


@pytest.mark.parametrize(
    ("page", "markers"),
    [
        ("index.md", ["super-teams/mid-game", "crash-course/mid-game"]),
        ("super-teams/guide.md", ["super-teams/opening", "super-teams/mid-game"]),
        ("crash-course/guide.md", ["crash-course/opening", "crash-course/mid-game"]),
    ],
)
def test_the_pages_draw_each_game_when_built(page: str, markers: list[str]) -> None:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    for marker in markers:
        assert f"<!-- picture: {marker} -->" in text
    built = generate.expand(text, set(), page)
    pictures = re.findall(r'^<div class="sonic-rules-picture">(<svg .*?</svg>)', built, re.M)
    assert len(pictures) == len(markers)
    for picture, marker in zip(pictures, markers, strict=True):
        ET.fromstring(picture)
        assert picture == generate.picture_svg(*marker.split("/"))


def test_a_picture_marker_names_a_game_and_a_moment() -> None:
    with pytest.raises(ValueError, match="GAME/MOMENT"):
        generate.expand("<!-- picture: super-teams/end -->", set(), "page.md")
    with pytest.raises(ValueError, match="GAME/MOMENT"):
        generate.expand("<!-- picture: chess/opening -->", set(), "page.md")


def test_the_drawing_page_is_in_the_nav() -> None:
    assert "  - drawing.md\n" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    title = (ROOT / "docs" / "drawing.md").read_text(encoding="utf-8").splitlines()[0]
    assert title == "# sonic_rules.svg — guide"
