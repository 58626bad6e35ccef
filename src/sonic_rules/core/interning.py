"""One object per distinct frozen value, and what was made of one, for the hot paths.

Actions and events are frozen attrs values: two with the same fields are equal and
interchangeable, so an engine can hand out the one it made before instead of building
(and checking) a new one each time (`made_once`). States share the parts an action
leaves unchanged, so what is worked out from a part can be remembered by the part's
identity (`IdentityMemo`).
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


class IdentityMemo:
    """What ``make`` made of a frozen value, by the value's identity, for at most
    ``size`` values (then it starts afresh). Each value is kept alive, so its id stays
    its own; what is kept must never be changed by a caller."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._known: dict[int, tuple[object, Any]] = {}

    def __call__(self, value: Any, make: Callable[[Any], Any]) -> Any:
        known = self._known.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        data = make(value)
        if len(self._known) >= self._size:
            self._known.clear()
        self._known[id(value)] = (value, data)
        return data
