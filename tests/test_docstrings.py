"""Docstrings are Markdown (mkdocstrings renders them): no raw Sphinx roles left."""

from __future__ import annotations

import pathlib
import re

import sonic_rules

ROLE = re.compile(r":(?:func|class|mod|data|attr|meth|exc|obj|const):`")


def test_no_sphinx_roles_in_the_package() -> None:
    root = pathlib.Path(sonic_rules.__file__).parent
    found = [
        f"{path.relative_to(root)}:{number}"
        for path in sorted(root.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if ROLE.search(line)
    ]
    assert not found, f"Sphinx roles left in: {found}"
