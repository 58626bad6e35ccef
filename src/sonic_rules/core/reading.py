"""A state's JSON fields read into its frozen values: the one structuring step of
`from_json` in both games.

Each game describes its state once, by its attrs classes' type hints: `record_kind` makes
a `Kind` for every field (a whole number, true or false, a string, an enum member, a
tuple, a record, or a value of the game's own given as a hook), and the state's kind
reads the fields `loads_json` parsed. A kind takes exactly the JSON the game's writer
writes: an ``int`` field only a JSON integer (not ``true``, not ``1.0``), a tuple only
an array, a record only an object with exactly its fields. Anything else raises
`Wrong`, whose message and path are the ones the project's cattrs converter gives for
the same value, quirks included (the saved traces of refusals stay as they were); the
caller names a missing field first, wherever it is (`serialization.require_every_field`),
as it always was.

Reading is quick where the JSON is as written: a record's fields are looked up and
their JSON types checked all at once, and only then is each value made. Where that
fails, the same fields are read one by one, in order, which names the first wrong one.
Records, and tuples of records or of whole numbers, are made once per distinct value
(`interning.Interned`): states of a game share most of their parts, and a validator
that remembers parts by identity finds them again. What a reading makes joins its
table only when the caller keeps it (`interning.Made.keep`), after the state passed its
checks.
"""

from __future__ import annotations

import enum
import itertools
import operator
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from itertools import repeat
from typing import Any, cast

import attrs

from sonic_rules.core.interning import Interned, Made

NoneType = type(None)
RECORDS_KEPT = 4096
"""How many records of each class the reader keeps (`Interned`)."""
TUPLES_KEPT = 1024
"""How many tuples of each kind the reader keeps."""


class Wrong(ValueError):
    """A value that is not what its field holds: ``message`` says what is wrong, `path`
    where (the steps are added as the error travels out of the nested values)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        self._steps: list[str] = []

    def at(self, step: str) -> Wrong:
        """This error, one step further out (``.name`` or ``[index]``)."""
        self._steps.append(step)
        return self

    def path(self, root: str = "$") -> str:
        """The JSON path of the wrong value, from ``root``."""
        return root + "".join(reversed(self._steps))


def whole(value: Any) -> int:
    """A JSON integer (``true`` and ``1.0`` are not)."""
    if type(value) is int:
        return value
    raise Wrong(f"expected an integer, got {value!r}")


def flag(value: Any) -> bool:
    """``true`` or ``false``."""
    if type(value) is bool:
        return value
    raise Wrong(f"expected true or false, got {value!r}")


def text(value: Any) -> str:
    """A JSON string."""
    if type(value) is str:
        return value
    raise Wrong(f"expected a string, got {value!r}")


def member(kind: type[enum.Enum], value: Any) -> enum.Enum:
    """The member of ``kind`` whose value is ``value``, of the same type."""
    for each in kind:
        if each.value == value and type(each.value) is type(value):
            return each
    allowed = ", ".join(repr(each.value) for each in kind)
    raise Wrong(f"{value!r} is not one of {allowed}")


class Kind:
    """How a field's value is read from JSON.

    ``json_types``: the JSON types `read` may take (a record checks them for all its
    fields at once); ``plain``: whether a JSON value of the right type is the value
    itself; ``raw_key``: whether it is its own `key`.
    """

    __slots__ = ("json_types", "plain", "raw_key")

    def __init__(
        self, json_types: frozenset[type], plain: bool = False, raw_key: bool = False
    ) -> None:
        self.json_types = json_types
        self.plain = plain
        self.raw_key = raw_key

    def read(self, value: Any, made: Made) -> Any:
        """The value ``value`` stands for; `Wrong` if it is not one."""
        raise NotImplementedError

    def key(self, value: Any, made: Made) -> Any:
        """A hashable image of the JSON ``value``, of exactly its values and their types,
        under which what is made of it is kept (`Wrong`, or ``KeyError`` or ``TypeError``
        from a quick look, where it is not of the form the writer writes)."""
        return self.read(value, made)

    def tables(self) -> Iterator[Interned]:
        """The tables of values this kind and the kinds inside it make once."""
        return iter(())


class Scalar(Kind):
    """A whole number, true or false, or a string: the JSON value is the value."""

    __slots__ = ("_check",)

    def __init__(self, type_: type, check: Callable[[Any], Any]) -> None:
        super().__init__(frozenset((type_,)), plain=True, raw_key=True)
        self._check = check

    def read(self, value: Any, made: Made) -> Any:
        return self._check(value)


_STR = frozenset((str,))


class Finite(Kind):
    """One of a finite set of values, each written as its own string (an enum member as
    its value, a card as its text); the string is its key (what is kept under it was
    found one of the set when it was made)."""

    __slots__ = ("_by_text", "_read")

    def __init__(self, by_text: Mapping[str, Any], read: Callable[[Any], Any]) -> None:
        """``read`` is the whole reader of one value, naming what is wrong with a value
        that is not one of ``by_text``'s strings."""
        super().__init__(_STR, raw_key=True)
        self._by_text = dict(by_text)
        self._read = read

    def read(self, value: Any, made: Made) -> Any:
        found = self._by_text.get(value) if type(value) is str else None
        return self._read(value) if found is None else found

    def read_all(self, values: list[Any]) -> tuple[Any, ...]:
        """Every value of ``values`` at once (``KeyError`` or ``TypeError`` if one is not
        one of the strings)."""
        return tuple(map(self._by_text.__getitem__, values))


def enum_kind(kind: type[enum.Enum]) -> Finite:
    """The members of an enum whose values are strings, each written as its value."""
    if any(type(each.value) is not str for each in kind):
        raise TypeError(f"{kind.__name__}: only enums of string values are read")
    return Finite({each.value: each for each in kind}, lambda value: member(kind, value))


class Optional(Kind):
    """``null`` or a value of another kind."""

    __slots__ = ("_kind",)

    def __init__(self, kind: Kind) -> None:
        super().__init__(kind.json_types | {NoneType}, kind.plain, kind.raw_key)
        self._kind = kind

    def read(self, value: Any, made: Made) -> Any:
        return None if value is None else self._kind.read(value, made)

    def key(self, value: Any, made: Made) -> Any:
        return None if value is None else self._kind.key(value, made)

    def tables(self) -> Iterator[Interned]:
        return self._kind.tables()


class Custom(Kind):
    """A value of a game's own, read by the game's function (`Wrong` for anything
    else)."""

    __slots__ = ("_read",)

    def __init__(self, json_types: frozenset[type], read: Callable[[Any], Any]) -> None:
        super().__init__(json_types)
        self._read = read

    def read(self, value: Any, made: Made) -> Any:
        return self._read(value)


_LIST = frozenset((list,))
_DICT = frozenset((dict,))


class Items(Kind):
    """A tuple of any length of values of one kind, written as an array; tuples of
    records and of whole numbers are made once per distinct value."""

    __slots__ = ("_item", "_keys", "_read_all", "_table")

    def __init__(self, item: Kind) -> None:
        super().__init__(_LIST)
        self._item = item
        self._read_all: Callable[[list[Any], Made], tuple[Any, ...]] = self._each
        self._keys: Callable[[list[Any], Made], tuple[Any, ...]] = self._each_key
        kept = isinstance(item, Record) or item.json_types == {int}
        self._table = Interned(TUPLES_KEPT) if kept else None
        if isinstance(item, Scalar | Finite):
            self._keys = self._scalars
            self._read_all = self._scalars if isinstance(item, Scalar) else self._finite
        elif isinstance(item, Record) and item.flat:
            self._keys = item.flat_keys

    def read(self, value: Any, made: Made) -> Any:
        if type(value) is not list:
            raise Wrong(f"expected a list, got {value!r}")
        table = self._table
        try:
            if table is None:
                return self._read_all(value, made)
            key = self._keys(value, made)
            found = table.get(key)
            if found is None:
                found = made.kept(table, key, self._read_all(value, made))
            return found
        except (Wrong, KeyError, TypeError):
            return self._one_by_one(value, made)

    def key(self, value: Any, made: Made) -> Any:
        if type(value) is not list:
            raise Wrong("not a list")
        return self._keys(value, made)

    def tables(self) -> Iterator[Interned]:
        if self._table is not None:
            yield self._table
        yield from self._item.tables()

    def _each(self, values: list[Any], made: Made) -> tuple[Any, ...]:
        read = self._item.read
        return tuple([read(value, made) for value in values])

    def _each_key(self, values: list[Any], made: Made) -> tuple[Any, ...]:
        key = self._item.key
        return tuple([key(value, made) for value in values])

    def _scalars(self, values: list[Any], made: Made) -> tuple[Any, ...]:
        if not self._item.json_types.issuperset(map(type, values)):
            raise Wrong("an item of another type")
        return tuple(values)

    def _finite(self, values: list[Any], made: Made) -> tuple[Any, ...]:
        return cast(Finite, self._item).read_all(values)

    def _one_by_one(self, values: list[Any], made: Made) -> tuple[Any, ...]:
        """The items read one at a time: the first wrong one is named by its index."""
        read = self._item.read
        items = []
        for index, value in enumerate(values):
            try:
                items.append(read(value, made))
            except Wrong as wrong:
                raise wrong.at(f"[{index}]") from None
        return tuple(items)


class Fixed(Kind):
    """A tuple of as many values as it has kinds, written as an array."""

    __slots__ = ("_items", "_name")

    def __init__(self, type_: Any, items: tuple[Kind, ...]) -> None:
        super().__init__(_LIST)
        self._items = items
        self._name = repr(type_)

    def read(self, value: Any, made: Made) -> Any:
        # Worded as cattrs' own reader of such tuples, which takes the length and the
        # indices of whatever the value is (a string's characters, an object's keys).
        if not isinstance(value, str | list | dict):
            raise Wrong(f"object of type {type(value).__name__!r} has no len()")
        length = len(value)
        read = []
        for index, kind in enumerate(self._items[:length]):
            if type(value) is dict:
                raise Wrong("required field missing").at(f"[{index}]")
            try:
                read.append(kind.read(value[index], made))
            except Wrong as wrong:
                raise wrong.at(f"[{index}]") from None
        if length != len(self._items):
            problem = "Not enough" if length < len(self._items) else "Too many"
            raise Wrong(f"{problem} values in {value!r} to structure as {self._name}")
        return tuple(read)

    def tables(self) -> Iterator[Interned]:
        for kind in self._items:
            yield from kind.tables()


def _not_a_record(value: Any, defaults: bool) -> Wrong:
    """What cattrs says of a value that is not an object where a record belongs: it asks
    whether a field with a default is in it (a number or null is no container) and for
    its keys (a string or an array has none)."""
    if defaults and not isinstance(value, str | list):
        return Wrong(f"argument of type {type(value).__name__!r} is not iterable")
    return Wrong(f"unknown error ({type(value).__name__!r} object has no attribute 'keys')")


class Record(Kind):
    """An attrs class, written as an object of its fields in their order; made once per
    distinct value (its key: its fields' JSON values, or their keys), unless it is the
    state itself (``kept=False``).

    ``flat``: every field is its own key (a number, a flag, a string, a member).
    """

    __slots__ = (
        "_build",
        "_count",
        "_defaults",
        "_fields",
        "_get",
        "_keyed",
        "_names",
        "_nested",
        "_signatures",
        "_table",
        "flat",
    )

    def __init__(self, cls: type, fields: tuple[tuple[str, Kind], ...], kept: bool) -> None:
        super().__init__(_DICT)
        if len(fields) < 2:
            raise TypeError(f"{cls.__name__}: only records of two fields or more are read")
        self._fields = fields
        order = tuple(name for name, _ in fields)
        self._names = frozenset(order)
        self._count = len(fields)
        self._defaults = any(field.default is not attrs.NOTHING for field in attrs.fields(cls))
        self._get = operator.itemgetter(*order)
        kinds = [kind for _, kind in fields]
        self._signatures = frozenset(itertools.product(*(k.json_types for k in kinds)))
        self._nested = tuple((i, kind.read) for i, kind in enumerate(kinds) if not kind.plain)
        self._keyed = tuple((i, kind.key) for i, kind in enumerate(kinds) if not kind.raw_key)
        self.flat = not self._keyed
        self._table = Interned(RECORDS_KEPT) if kept else None
        self._build: Callable[[tuple[Any, ...]], Any] = lambda values: cls(*values)

    def read(self, value: Any, made: Made) -> Any:
        table = self._table
        try:
            if table is None:
                return self._build(self._values(self._found(value), made))
            key = self.key(value, made)
            record = table.get(key)
            if record is None:
                record = self._build(self._values(self._get(value), made))
                record = made.kept(table, key, record)
            return record
        except (Wrong, KeyError, TypeError):
            return self._field_by_field(value, made)

    def key(self, value: Any, made: Made) -> Any:
        found = self._found(value)
        if self._keyed:
            parts = list(found)
            for index, key_of in self._keyed:
                parts[index] = key_of(parts[index], made)
            found = tuple(parts)
        return found

    def flat_keys(self, values: list[Any], made: Made) -> tuple[Any, ...]:
        """The keys of a list of records that are `flat`, all at once."""
        if not _DICT.issuperset(map(type, values)) or not all(
            map(self._count.__eq__, map(len, values))
        ):
            raise Wrong("not objects of the fields")
        found = tuple(map(self._get, values))
        if not self._signatures.issuperset(map(tuple, map(map, repeat(type), found))):
            raise Wrong("a field of another type")
        return found

    def tables(self) -> Iterator[Interned]:
        if self._table is not None:
            yield self._table
        for _, kind in self._fields:
            yield from kind.tables()

    def _found(self, value: Any) -> tuple[Any, ...]:
        """The JSON values of the fields, each of a type its field takes."""
        if type(value) is not dict or len(value) != self._count:
            raise Wrong("not an object of the fields")
        found: tuple[Any, ...] = self._get(value)
        if tuple(map(type, found)) not in self._signatures:
            raise Wrong("a field of another type")
        return found

    def _values(self, found: tuple[Any, ...], made: Made) -> tuple[Any, ...]:
        if not self._nested:
            return found
        values = list(found)
        for index, read in self._nested:
            values[index] = read(values[index], made)
        return tuple(values)

    def _field_by_field(self, value: Any, made: Made) -> Any:
        """The record read one field at a time, in order: the first wrong one is named,
        then any field it should not have."""
        if type(value) is not dict:
            raise _not_a_record(value, self._defaults)
        for name, kind in self._fields:
            if name not in value:
                raise Wrong("required field missing").at(f".{name}")
            try:
                kind.read(value[name], made)
            except Wrong as wrong:
                raise wrong.at(f".{name}") from None
        extra = value.keys() - self._names
        if extra:
            raise Wrong(f"extra fields found ({', '.join(sorted(extra))})")
        return self._build(self._values(self._get(value), made))


def record_kind(cls: type, hooks: Mapping[Any, Kind]) -> Record:
    """The kind of a game's state class ``cls``, made once and never kept (each of its
    parts is): every field by its type hint, ``hooks`` giving the kinds of the game's own
    values."""
    kind = _kind_of(cls, dict(hooks), kept=False)
    return cast(Record, kind)


def _kind_of(type_: Any, known: dict[Any, Kind], kept: bool = True) -> Kind:
    """The kind of a value of type ``type_``, one per type (``known``): ``int``, ``bool``,
    ``str``, enums, ``X | None``, ``tuple[X, ...]``, ``tuple[X, Y]`` and attrs classes."""
    kind = known.get(type_)
    if kind is None:
        kind = known[type_] = _new_kind(type_, known, kept)
    return kind


def _new_kind(type_: Any, known: dict[Any, Kind], kept: bool) -> Kind:
    if type_ in _SCALARS:
        return _SCALARS[type_]
    if isinstance(type_, type) and issubclass(type_, enum.Enum):
        return enum_kind(type_)
    arguments = typing.get_args(type_)
    if isinstance(type_, types.UnionType) and NoneType in arguments and len(arguments) == 2:
        other = next(argument for argument in arguments if argument is not NoneType)
        return Optional(_kind_of(other, known))
    if typing.get_origin(type_) is tuple:
        if arguments[1:] == (Ellipsis,):
            return Items(_kind_of(arguments[0], known))
        return Fixed(type_, tuple(_kind_of(argument, known) for argument in arguments))
    if attrs.has(type_):
        hints = typing.get_type_hints(type_)
        fields = tuple(
            (field.name, _kind_of(hints[field.name], known)) for field in attrs.fields(type_)
        )
        return Record(type_, fields, kept)
    raise TypeError(f"no kind for {type_!r}")


_SCALARS: dict[Any, Kind] = {
    int: Scalar(int, whole),
    bool: Scalar(bool, flag),
    str: Scalar(str, text),
}
