"""Every table the engines remember things in: one object per distinct frozen value,
what was worked out for a key, and what was made of one value.

Actions and events are frozen attrs values: two with the same fields are equal and
interchangeable, so an engine can hand out the one it made before instead of building
(and checking) a new one each time (`made_once`). What a rule works out from a few
values can be kept by those values (`Memo`), and what is worked out from a part that
states share, by the part's identity (`IdentityMemo`).

Each table is named and bounded (when full it starts afresh), and `tables` lists them
all, for the performance page. A key is exact: in Python ``True == 1`` and ``3.0 == 3``
with equal hashes, so a key holding a bool or a float where an int belongs would share
the entry of the int, and a value made from a hand-built state would come back for a
game's own. `made_once` puts the type of every field in its key; a `Memo`'s caller
builds its key only from values that equal nothing of another type (enum members,
interned cards, tuples of those) and ints it has checked with ``type(x) is int``; an
`IdentityMemo` keys on the very object, kept alive with its entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar, cast

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class Table:
    """A named, bounded table of remembered things (see the module)."""

    def __init__(self, name: str, limit: int) -> None:
        self.name = name
        self.limit = limit
        self._known: dict[Any, Any] = {}
        _TABLES.append(self)

    def __len__(self) -> int:
        return len(self._known)

    def clear(self) -> None:
        """Forget everything (the next uses work it out again)."""
        self._known.clear()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}: {len(self)} of {self.limit}>"


_TABLES: list[Table] = []


def tables() -> list[Table]:
    """Every table made so far, in the order they were made (each module makes its own
    when imported)."""
    return list(_TABLES)


class Maker(Protocol):
    """``make(kind, *fields)``: ``kind(*fields)``, made once for the same fields."""

    def __call__(self, kind: Callable[..., T], /, *fields: Any) -> T: ...


def made_once(limit: int, name: str = "values made once") -> Maker:
    """A `Maker` remembering up to ``limit`` values (then it starts afresh).

    The key is the kind, the fields and the type of each field, so ``kind(0, True)``
    and ``kind(0, 1)`` are two values. A field that is a tuple is compared by its items:
    give only tuples of values that equal nothing of another type (enum members,
    interned values), never ints taken from a state.
    """
    table = Table(name, limit)
    known = table._known

    def make(kind: Callable[..., Any], /, *fields: Any) -> Any:
        key = (kind, *fields, *map(type, fields))
        value = known.get(key)
        if value is None:
            value = kind(*fields)
            if len(known) >= limit:
                known.clear()
            known[key] = value
        return value

    return cast(Maker, make)


class Memo(Table, Generic[K, V]):
    """What was worked out for a key, for at most ``limit`` keys (then it starts
    afresh). The caller's key is exact (see the module); what is kept must never be
    changed by a caller."""

    def get(self, key: K) -> V | None:
        value: V | None = self._known.get(key)
        return value

    def put(self, key: K, value: V) -> V:
        known = self._known
        if len(known) >= self.limit:
            known.clear()
        known[key] = value
        return value


class IdentityMemo(Table):
    """What ``make`` made of a frozen value, by the value's identity, for at most
    ``size`` values (then it starts afresh). Each value is kept alive, so its id stays
    its own; what is kept must never be changed by a caller."""

    def __init__(self, size: int, name: str = "made of a value") -> None:
        super().__init__(name, size)

    def __call__(self, value: Any, make: Callable[[Any], Any]) -> Any:
        known = self._known.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        return self.put(value, make(value))

    def get(self, value: Any) -> Any:
        """What was kept for ``value``, or ``None``."""
        known = self._known.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        return None

    def put(self, value: Any, data: T) -> T:
        """Keep ``data`` for ``value`` (and ``value`` alive with it)."""
        known = self._known
        if len(known) >= self.limit:
            known.clear()
        known[id(value)] = (value, data)
        return data
