"""MkDocs hooks: generated pages and Mermaid served from the site.

This folder sits outside ``docs/`` so that MkDocs does not copy the hooks into the site.
What the pages generate is in :mod:`generate` (see its docstring for the markers); the
Mermaid script is in :mod:`mermaid_js`.
"""

from __future__ import annotations

from typing import Any

import generate
import mermaid_js
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

_claims: set[str] = set()


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Note which packages the API pages claim, and add Mermaid's script to the site."""
    _claims.clear()
    _claims.update(generate.api_claims(f.content_string for f in files.documentation_pages()))
    if "sonic_rules" not in _claims:
        raise PluginError("no page has <!-- api: sonic_rules -->: modules would go undocumented")
    try:
        script, licence = mermaid_js.files()
    except mermaid_js.MermaidUnavailableError as error:
        raise PluginError(str(error)) from error
    files.append(File.generated(config, mermaid_js.SITE_PATH, abs_src_path=str(script)))
    files.append(File.generated(config, mermaid_js.LICENSE_SITE_PATH, abs_src_path=str(licence)))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Any) -> str:
    """Replace the page's markers by what they generate."""
    try:
        return generate.expand(markdown, _claims, page.file.src_path)
    except (ValueError, LookupError, RuntimeError) as error:
        raise PluginError(f"{page.file.src_path}: {error}") from error
