"""Every table the engines remember things in: one object per distinct frozen value,
what was worked out for a key, and what was made of one value.

Actions and events are frozen attrs values: two with the same fields are equal and
interchangeable, so an engine can hand out the one it made before instead of building
(and checking) a new one each time (`made_once`). What a rule works out from a few
values can be kept by those values (`Memo`), and what is worked out from a part that
states share, by the part's identity (`IdentityMemo`).

Each table is named and bounded (when full it starts afresh), and `tables` lists them
all, for the performance page; `forget` empties them all, so that a refused input
leaves nothing behind. A key is exact: in Python ``True == 1`` and ``3.0 == 3``
with equal hashes, so a key holding a bool or a float where an int belongs would share
the entry of the int, and a value made from a hand-built state would come back for a
game's own. So the caller of `made_once` or a `Memo` builds a key only from values that
equal nothing of another type (enum members, interned values, a validated action's
fields, tuples of those) and from ints it has checked with ``type(x) is int`` (an int
read from a state may have been built by hand); an `IdentityMemo` keys on the very
object, kept alive with its entry.

A `Memo` and an `IdentityMemo` are dicts, so a lookup (``memo.get(key)``) is the dict's
own, with no Python call on the hot path; an entry goes in only through ``put``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class Table(Protocol):
    """What `tables` lists: a named, bounded table."""

    name: str
    limit: int

    def __len__(self) -> int: ...

    def clear(self) -> None: ...


_TABLES: list[Table] = []


def tables() -> list[Table]:
    """Every table made so far, in the order they were made (each module makes its own
    when imported)."""
    return list(_TABLES)


def forget() -> None:
    """Empty every table: an engine does when a state proves malformed, so that what
    the rules remembered while failing on it goes with it."""
    for table in _TABLES:
        table.clear()


class Memo(dict[K, V]):
    """What was worked out for a key, for at most ``limit`` keys (then it starts
    afresh). The caller's key is exact (see the module); what is kept must never be
    changed by a caller."""

    def __init__(self, limit: int, name: str) -> None:
        super().__init__()
        self.name = name
        self.limit = limit
        _TABLES.append(self)

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key``; returns ``value``."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}: {len(self)} of {self.limit}>"


class Maker(Protocol):
    """``make(kind, *fields)``: ``kind(*fields)``, made once for the same fields."""

    def __call__(self, kind: Callable[..., T], /, *fields: Any) -> T: ...


def made_once(limit: int, name: str = "values made once") -> Maker:
    """A `Maker` remembering up to ``limit`` values (then it starts afresh), keyed by the
    kind and the fields, which the caller gives exact (see the module)."""
    table: Memo[tuple[Any, ...], Any] = Memo(limit, name)
    known = table.get
    keep = table.put

    def make(kind: Callable[..., Any], /, *fields: Any) -> Any:
        key = (kind, *fields)
        value = known(key)
        if value is None:
            value = keep(key, kind(*fields))
        return value

    return cast(Maker, make)


class IdentityMemo(dict[int, Any]):
    """What was made of a frozen value, by the value's identity: ``memo.get(id(value))``,
    for at most ``size`` values (then it starts afresh).

    Each value is kept alive while its entry is, so no other object can have its id
    meanwhile; what is kept must never be changed by a caller.
    """

    def __init__(self, size: int, name: str = "made of a value") -> None:
        super().__init__()
        self.name = name
        self.limit = size
        self._alive: dict[int, Any] = {}
        _TABLES.append(self)

    def __call__(self, value: Any, make: Callable[[Any], Any]) -> Any:
        """What ``make`` made of ``value``, made now if it is not kept."""
        data = self.get(id(value))
        if data is None:
            data = self.put(value, make(value))
        return data

    def put(self, value: Any, data: T) -> T:
        """Keep ``data`` for ``value`` (and ``value`` alive with it); returns ``data``."""
        if len(self) >= self.limit:
            self.clear()
        key = id(value)
        self[key] = data
        self._alive[key] = value
        return data

    def clear(self) -> None:
        """Forget every value (and let them go)."""
        super().clear()
        self._alive.clear()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}: {len(self)} of {self.limit}>"
