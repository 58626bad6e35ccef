"""Every cache of the engines, in one facility: named, bounded, exact, and forgettable.

Actions, spaces and events are frozen values: two with the same fields are equal and
interchangeable, so an engine can hand out the one it made before instead of building
(and checking) a new one each time (`made_once`; `Groups` for a loop making many
of one group). What a function works out from
frozen values can be remembered by those values (`memo`, or `Memo` where the caller
makes its keys exact and the lookup must cost no call). States share the parts an
action leaves unchanged, so what is worked out from a part can be remembered by the
part's identity (`IdentityMemo`).

Three rules hold for every cache made here:

- it is bounded: once full it drops the entry used longest ago, or starts afresh;
- it keys on its values with their exact types: ``3.0 == 3`` and ``True == 1`` in
  Python, and a hand-built state holding a float where an int belongs must never be
  served what was made for the int (nor the other way round). A key part that is
  itself a compound value (a space, say) is compared by value: what the engines pass
  there is made of ints by construction;
- it is named and listed (`caches`), for the performance page; `forget` empties every
  one, which an engine does when a state proves malformed, so that a refused input
  leaves nothing behind.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from operator import is_
from typing import Any, Protocol, TypeVar, cast

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
F = TypeVar("F", bound=Callable[..., Any])


class _Cache:
    """One registered cache: its name, its bound, how to empty it and count its entries."""

    __slots__ = ("clear", "limit", "name", "size")

    def __init__(
        self, name: str, limit: int, clear: Callable[[], None], size: Callable[[], int]
    ) -> None:
        self.name = name
        self.limit = limit
        self.clear = clear
        self.size = size


_CACHES: list[_Cache] = []


def caches() -> list[tuple[str, int, int]]:
    """Every cache made here: its name, its bound and how many entries it holds now."""
    return [(cache.name, cache.limit, cache.size()) for cache in _CACHES]


def forget() -> None:
    """Empty every cache (a refused input must leave nothing behind)."""
    for cache in _CACHES:
        cache.clear()


def _table(name: str, limit: int) -> dict[Any, Any]:
    table: dict[Any, Any] = {}
    _CACHES.append(_Cache(name, limit, table.clear, table.__len__))
    return table


def _remembering(name: str, limit: int, function: F) -> F:
    # functools' cache, typed: it keys every argument with its exact type (``f(3)`` and
    # ``f(3.0)``, ``f(1)`` and ``f(True)`` are apart), it is bounded (the least recently
    # used entry goes), and it runs in C.
    cached = functools.lru_cache(maxsize=limit, typed=True)(function)
    _CACHES.append(_Cache(name, limit, cached.cache_clear, lambda: cached.cache_info().currsize))
    return cast(F, cached)


class Maker(Protocol):
    """``make(kind, *fields)``: ``kind(*fields)``, made once for the same fields."""

    def __call__(self, kind: Callable[..., T], /, *fields: Any) -> T: ...


def _construct(kind: Callable[..., Any], /, *fields: Any) -> Any:
    return kind(*fields)


def made_once(limit: int, name: str = "unnamed values made once") -> Maker:
    """A `Maker` remembering up to ``limit`` values, by ``kind`` and the fields with
    their exact types. The fields must be hashable; values of types whose equality is
    by value (ints, strs, enums, frozen attrs values) are the point."""
    return cast(Maker, _remembering(name, limit, _construct))


def memo(name: str, limit: int) -> Callable[[F], F]:
    """Remember what the decorated function gave, for up to ``limit`` argument tuples
    (positional, hashable, keyed with their exact types). What it gives is shared:
    callers must never change it."""

    def decorate(function: F) -> F:
        return _remembering(name, limit, function)

    return decorate


class Memo(dict[K, V]):
    """What was worked out for a key, in a plain dict, for at most ``limit`` keys (then
    it starts afresh): ``memo.get(key)`` is the dict's own lookup, with no Python call
    on the hot path, and an entry goes in only through `put`.

    The dict cannot type its keys, so the caller makes them exact: only of values that
    equal nothing of another type (enum members, values made once, the fields of an
    action already checked, tuples of those) and of ints it has checked with
    ``type(x) is int``. Where that cannot be promised, `memo` is the choice.
    """

    def __init__(self, limit: int, name: str) -> None:
        super().__init__()
        self.name = name
        self.limit = limit
        _CACHES.append(_Cache(name, limit, self.clear, self.__len__))

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key``; returns ``value``."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}: {len(self)} of {self.limit}>"


class Groups:
    """Values made once, in one table per group, for a loop making many of one group:
    it takes its group's table once (`table`), then looks each value up in it by a key
    it makes itself, exact by construction (a space's fields, ints from a range, say),
    and adds what it makes. Groups are keyed with their exact types; at most ``limit``
    groups are kept, and ``limit`` values in each (then it starts afresh)."""

    def __init__(self, limit: int, name: str) -> None:
        self._limit = limit
        self._groups: dict[Any, dict[Any, Any]] = {}
        groups = self._groups
        _CACHES.append(_Cache(name, limit, groups.clear, lambda: sum(map(len, groups.values()))))

    def table(self, *group: Any) -> dict[Any, Any]:
        """The table of ``group``, which the caller fills."""
        key = (*group, *map(type, group))
        table = self._groups.get(key)
        if table is None or len(table) >= self._limit:
            if len(self._groups) >= self._limit:
                self._groups.clear()
            table = self._groups[key] = {}
        return table


class IdentityMemo:
    """What was made of frozen values, by the values' identity, for at most ``size``
    values or groups of values (then it starts afresh). Each value is kept alive, so
    its id stays its own; what is kept must never be changed by a caller."""

    def __init__(self, size: int, name: str = "unnamed identity memo") -> None:
        self._size = size
        self._known: dict[Any, tuple[Any, Any]] = _table(name, size)

    def __call__(self, value: Any, make: Callable[[Any], Any]) -> Any:
        """What ``make(value)`` made of this very ``value``."""
        known = self._known.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        data = make(value)
        if len(self._known) >= self._size:
            self._known.clear()
        self._known[id(value)] = (value, data)
        return data

    def note(self, value: Any, data: Any) -> None:
        """Remember ``data`` as what is made of ``value`` (made elsewhere already)."""
        if len(self._known) >= self._size:
            self._known.clear()
        self._known[id(value)] = (value, data)

    def of_parts(self, parts: tuple[object, ...], make: Callable[[], Any]) -> Any:
        """What ``make()`` made when these very ``parts`` were given together (each
        compared by identity, so exact: ``True`` is not ``1``, nor ``1.0``)."""
        key = tuple(map(id, parts))
        known = self._known.get(key)
        if known is not None and all(map(is_, known[0], parts)):
            return known[1]
        data = make()
        if len(self._known) >= self._size:
            self._known.clear()
        self._known[key] = (parts, data)
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
