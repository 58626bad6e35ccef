"""One object per distinct frozen value, for the engines' hot paths.

Actions and events are frozen attrs values: two with the same fields are equal and
interchangeable, so an engine can hand out the one it made before instead of building
(and checking) a new one each time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

T = TypeVar("T")


class Maker(Protocol):
    """``make(kind, *fields)``: ``kind(*fields)``, made once for the same fields."""

    def __call__(self, kind: Callable[..., T], /, *fields: Any) -> T: ...


def made_once(limit: int) -> Maker:
    """A `Maker` remembering up to ``limit`` values (any more are made every time).

    The fields are the key with the type, so they must be hashable; values of types
    whose equality is by value (ints, strs, enums, frozen attrs values) are the point.
    """
    table: dict[tuple[Any, ...], Any] = {}

    def make(kind: Callable[..., Any], /, *fields: Any) -> Any:
        key = (kind, *fields)
        value = table.get(key)
        if value is None:
            value = kind(*fields)
            if len(table) < limit:
                table[key] = value
        return value

    return cast(Maker, make)
