"""A griffe extension: interactive examples in docstrings shown as code.

A docstring's ``>>>`` session (a doctest) is plain text to Markdown, which reads its
``>>>`` as nested quotes and a line such as ``['super-teams', 'crash-course']`` as a
link. This extension wraps each session, up to the next blank line, in a ``pycon``
code block when the API pages are built; the docstrings themselves are unchanged.
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_sessions(text: str) -> str:
    """``text`` with each ``>>>`` session outside a code block fenced as ``pycon``."""
    out: list[str] = []
    in_fence = in_session = False
    for line in text.splitlines():
        stripped = line.strip()
        if in_session and not stripped:
            out.append("```")
            in_session = False
        if not in_session and stripped.startswith("```"):
            in_fence = not in_fence
        elif not in_fence and not in_session and stripped.startswith(">>>"):
            out.append("```pycon")
            in_session = True
        out.append(line)
    if in_session:
        out.append("```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Fences the ``>>>`` sessions of every docstring griffe loads."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_sessions(obj.docstring.value)
