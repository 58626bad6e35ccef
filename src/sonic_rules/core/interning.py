"""One object per distinct frozen value, and what was made of one, for the hot paths.

Actions and events are frozen attrs values: two with the same fields are equal and
interchangeable, so an engine can hand out the one it made before instead of building
(and checking) a new one each time (`made_once`). States share the parts an action
leaves unchanged, so what is worked out from a part, or found of a few parts together,
can be remembered by the parts' identity (`IdentityMemo`); a check remembers what it
found only once the whole value passed (`Findings`), so a refused value leaves nothing
behind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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
    """What ``make`` made of a frozen value, or what a check found of one or a few
    (`get`, `put`), by the values' identity, for at most ``size`` entries (then it starts
    afresh). Each value is kept alive, so its id stays its own; what is kept must never
    be changed by a caller."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._known: dict[object, tuple[object, Any]] = {}

    def __call__(self, value: Any, make: Callable[[Any], Any]) -> Any:
        known = self._known.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        data = make(value)
        if len(self._known) >= self._size:
            self._known.clear()
        self._known[id(value)] = (value, data)
        return data

    def __len__(self) -> int:
        return len(self._known)

    def get(self, *parts: object) -> Any:
        """What was put for exactly these ``parts`` (frozen values, each matched by
        identity), or ``None``."""
        known = self._known.get(id(parts[0]) if len(parts) == 1 else tuple(map(id, parts)))
        return None if known is None else known[1]

    def put(self, parts: tuple[object, ...], found: Any) -> None:
        """Remember ``found`` (not ``None``) of ``parts``, for `get`."""
        if len(self._known) >= self._size:
            self._known.clear()
        key = id(parts[0]) if len(parts) == 1 else tuple(map(id, parts))
        self._known[key] = (parts, found)


def all_known(memos: Iterable[IdentityMemo], values: Iterable[object]) -> bool:
    """Whether each of ``values`` was put, alone, in the memo beside it in ``memos``."""
    for memo, value in zip(memos, values, strict=True):
        if id(value) not in memo._known:
            break
    else:
        return True
    return False


class Findings:
    """What the checks of one value found of its parts, each for an `IdentityMemo`, put
    there only by `keep` once the whole value passed: a refused value leaves nothing
    behind."""

    __slots__ = ("_entries",)

    def __init__(self) -> None:
        self._entries: list[tuple[IdentityMemo, tuple[object, ...], Any]] = []

    def note(self, memo: IdentityMemo, parts: tuple[object, ...], found: Any) -> None:
        """``memo.put(parts, found)``, once `keep` is called."""
        self._entries.append((memo, parts, found))

    def keep(self) -> None:
        """Put everything noted in its memo."""
        for memo, parts, found in self._entries:
            memo.put(parts, found)
        self._entries.clear()


class Interned:
    """One object per distinct key for values built from untrusted input (a reader's
    records and tuples), for at most ``size`` keys (then it starts afresh).

    A key is what the value was built of: JSON scalars, each of the one type its field
    takes (checked before the key is made, so ``1``, ``1.0`` and ``true`` never meet in
    one place), in tuples. A value joins only through `Made.keep`, once the whole input
    that made it is accepted: a refused input leaves nothing behind.
    """

    __slots__ = ("_size", "_values", "get")

    def __init__(self, size: int) -> None:
        self._size = size
        self._values: dict[Any, Any] = {}
        self.get: Callable[[Any], Any] = self._values.get
        """The value kept for a key, or ``None``."""

    def __len__(self) -> int:
        return len(self._values)

    def _put(self, key: Any, value: Any) -> None:
        if len(self._values) >= self._size:
            self._values.clear()
        self._values[key] = value


class Made:
    """The values one reading built that its tables did not hold: the same key gives the
    same object within the reading, and `keep` hands them to their tables once the input
    is accepted (a refused reading is dropped with them)."""

    __slots__ = ("_new",)

    def __init__(self) -> None:
        self._new: dict[tuple[Interned, Any], Any] = {}

    def kept(self, table: Interned, key: Any, value: T) -> T:
        """This reading's value for ``key`` in ``table`` (ask the table first), or
        ``value``, which becomes it."""
        return cast(T, self._new.setdefault((table, key), value))

    def keep(self) -> None:
        """Hand every new value to its table (the input that made them is accepted)."""
        for (table, key), value in self._new.items():
            table._put(key, value)
        self._new.clear()
