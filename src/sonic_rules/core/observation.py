"""Observation tensors built section by section from a seat's view, for both games.

A game declares its tensor as `Sections`: each section a name, a length (a number, or a
function of what the configuration fixes, such as the board's length or the tile
catalogue) and an encoder from the seat's view to that many floats. The layout, the
shape and the tensor all come from that one declaration, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

V = TypeVar("V")
C = TypeVar("C")


class Sections(Generic[V, C]):
    """An observation tensor's declared sections, in order (see the module docstring):
    views of type ``V``, lengths fixed by a configuration of type ``C``."""

    def __init__(
        self, sections: Sequence[tuple[str, int | Callable[[C], int], Callable[[V], list[float]]]]
    ) -> None:
        self._sections = tuple(sections)

    def layout(self, config: C) -> list[tuple[str, int]]:
        """Each section's ``(name, length)`` for ``config``."""
        return [
            (name, length if isinstance(length, int) else length(config))
            for name, length, _ in self._sections
        ]

    def shape(self, config: C) -> tuple[int]:
        """The tensor's shape, ``(length,)``, for ``config``."""
        return (sum(length for _, length in self.layout(config)),)

    def tensor(self, view: V) -> list[float]:
        """The view as a flat list of floats, section by section."""
        tensor: list[float] = []
        for _, _, encode in self._sections:
            tensor += encode(view)
        return tensor
