"""Mermaid's JavaScript, served from the site itself so the diagrams work offline.

The file is ``dist/mermaid.min.js`` of the ``mermaid`` package of the npm registry, at
a pinned version, checked against a pinned SHA-256. ``npm pack`` fetches the package
once; the file is kept in a cache folder outside the repository and reused by later
builds. Material for MkDocs uses a ``mermaid`` already loaded by ``extra_javascript``
instead of fetching its own from a CDN.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

VERSION = "11.17.2"
SHA256 = "581ed7d74bd9048d0e3a91363927d72ef22942d7722546b27f7cc29e35390eb8"
SITE_PATH = "javascripts/mermaid.min.js"
LICENSE_SITE_PATH = "javascripts/mermaid.LICENSE.txt"


class MermaidUnavailableError(RuntimeError):
    """Mermaid's JavaScript could not be fetched or did not match its pinned digest."""


def cache_dir() -> Path:
    """Where the fetched files are kept (``SONIC_RULES_DOCS_CACHE`` overrides it)."""
    explicit = os.environ.get("SONIC_RULES_DOCS_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "sonic-rules-docs" / f"mermaid-{VERSION}"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _fetch(into: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise MermaidUnavailableError(
            "the docs serve Mermaid's JavaScript themselves and fetch it with npm, "
            "which is not installed"
        )
    with tempfile.TemporaryDirectory() as scratch:
        done = subprocess.run(
            [npm, "pack", f"mermaid@{VERSION}", "--pack-destination", scratch, "--silent"],
            capture_output=True,
            text=True,
            check=False,
            cwd=scratch,
        )
        if done.returncode != 0:
            raise MermaidUnavailableError(f"npm pack mermaid@{VERSION} failed:\n{done.stderr}")
        tarball = Path(scratch) / f"mermaid-{VERSION}.tgz"
        with tarfile.open(tarball) as archive:
            for member, name in (
                ("package/dist/mermaid.min.js", "mermaid.min.js"),
                ("package/LICENSE", "LICENSE"),
            ):
                source = archive.extractfile(member)
                if source is None:
                    raise MermaidUnavailableError(f"mermaid@{VERSION} has no {member}")
                into.mkdir(parents=True, exist_ok=True)
                partial = into / f"{name}.partial"
                partial.write_bytes(source.read())
                partial.replace(into / name)


def files() -> tuple[Path, Path]:
    """The checked ``mermaid.min.js`` and its licence, fetched on first use."""
    folder = cache_dir()
    script, licence = folder / "mermaid.min.js", folder / "LICENSE"
    if not (script.is_file() and licence.is_file() and _digest(script) == SHA256):
        _fetch(folder)
    digest = _digest(script)
    if digest != SHA256:
        raise MermaidUnavailableError(
            f"mermaid@{VERSION} dist/mermaid.min.js has SHA-256 {digest}, expected {SHA256}"
        )
    return script, licence
