"""The exact type of every value a state holds, found in one walk, named by its path.

A state built by hand can hold anything: a list for a tuple, a float for a count, a
string for an enum member. Python's equality does not tell them apart (``3.0 == 3``,
``True == 1``), and the rules read the values as the types a state holds, so each game
declares, field by field, the exact type a state holds there (a `Shape`), and `Whole`
finds the first value of another type in field order, named by its JSON path
(``$.characters[0].items[1]``). A state read from JSON always has the right shape.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from operator import attrgetter
from typing import Any

from sonic_rules.core.errors import shown_value
from sonic_rules.core.interning import Findings, IdentityMemo, all_known

Found = tuple[str, str] | None
"""What is wrong and where, by its path from the value checked (``""`` for the value
itself, ``".items[1]"`` inside it), or ``None`` when nothing is."""

ROOT = "$"
"""The path of a whole state."""

_MISSING = object()


def at_field(name: str, found: tuple[str, str]) -> tuple[str, str]:
    """``found`` inside the field ``name`` of the value checked."""
    return found[0], f".{name}{found[1]}"


def at_item(index: int, found: tuple[str, str]) -> tuple[str, str]:
    """``found`` inside the item ``index`` of the tuple checked."""
    return found[0], f"[{index}]{found[1]}"


def expected(what: str, value: object) -> tuple[str, str]:
    """``value`` (the value checked) is not ``what``."""
    return f"expected {what}, got {shown_value(value)}", ""


def named(kind: type) -> str:
    """How a message names a value of ``kind``: ``an int``, ``a Space``."""
    name = kind.__name__
    return ("an " if name[0] in "AEIOUaeiou" else "a ") + name


class Shape(ABC):
    """The shape of a value: `wrong` says what is first wrong with a value, if anything.

    ``what`` names a value of this shape in a message; ``kind`` is the one type such a
    value has (``None`` when it may have several); ``deep`` says whether a value of that
    type can still be wrong (inside it, or by its value).
    """

    __slots__ = ("deep", "kind", "what")

    def __init__(self, what: str, kind: type | None, deep: bool) -> None:
        self.what = what
        self.kind = kind
        self.deep = deep

    @abstractmethod
    def wrong(self, value: Any) -> Found:
        """What is first wrong with ``value``, or ``None``."""


class Exact(Shape):
    """A value of exactly ``kind`` (a bool is no int, an int subclass is no int)."""

    __slots__ = ()

    def __init__(self, kind: type) -> None:
        super().__init__(named(kind), kind, False)

    def wrong(self, value: Any) -> Found:
        return None if type(value) is self.kind else expected(self.what, value)


class Member(Shape):
    """One of ``members``: interned values of exactly ``kind``, each equal only to
    itself (so that a member's equal is itself)."""

    __slots__ = ("members",)

    def __init__(self, kind: type, members: frozenset[Any]) -> None:
        super().__init__(named(kind), kind, True)
        self.members = members

    def wrong(self, value: Any) -> Found:
        if type(value) is self.kind and value in self.members:
            return None
        return expected(self.what, value)


class OrNone(Shape):
    """``None``, or a value of ``shape``."""

    __slots__ = ("shape",)

    def __init__(self, shape: Shape) -> None:
        super().__init__(f"{shape.what} or None", None, True)
        self.shape = shape

    def wrong(self, value: Any) -> Found:
        if value is None:
            return None
        found = self.shape.wrong(value)
        if found is not None and not found[1]:
            return expected(self.what, value)
        return found


class Worded(Shape):
    """``shape``, a value not of it refused in the rules' own words: ``message``, in
    which ``{!r}`` stands for the value (what is wrong inside it keeps its message)."""

    __slots__ = ("message", "shape")

    def __init__(self, shape: Shape, message: str) -> None:
        super().__init__(shape.what, shape.kind, shape.deep)
        self.shape = shape
        self.message = message

    def wrong(self, value: Any) -> Found:
        found = self.shape.wrong(value)
        if found is not None and not found[1]:
            return self.message.format(value), ""
        return found


class TupleOf(Shape):
    """A tuple of any length, each of its values of ``item``."""

    __slots__ = ("_kinds", "_members", "item")

    def __init__(self, item: Shape) -> None:
        super().__init__("a tuple", tuple, True)
        self.item = item
        # Items of one type, or interned members of one: all checked at once.
        leaf = item.kind is not None and (not item.deep or type(item) is Member)
        self._kinds = frozenset((item.kind,)) if leaf else None
        self._members = item.members if type(item) is Member else None

    def wrong(self, value: Any) -> Found:
        if type(value) is not tuple:
            return expected(self.what, value)
        kinds, members = self._kinds, self._members
        if (
            kinds is not None
            and kinds.issuperset(map(type, value))
            and (members is None or members.issuperset(value))
        ):
            return None
        item = self.item
        for index, each in enumerate(value):
            found = item.wrong(each)
            if found is not None:
                return at_item(index, found)
        return None


class Fixed(Shape):
    """A tuple of as many values as ``items``, each of its shape."""

    __slots__ = ("items",)

    def __init__(self, *items: Shape) -> None:
        super().__init__(f"a tuple of {len(items)}", tuple, True)
        self.items = items

    def wrong(self, value: Any) -> Found:
        if type(value) is not tuple or len(value) != len(self.items):
            return expected(self.what, value)
        for index, (each, item) in enumerate(zip(value, self.items, strict=True)):
            found = item.wrong(each)
            if found is not None:
                return at_item(index, found)
        return None


def _first_of_fields(value: object, fields: tuple[tuple[str, Shape], ...]) -> Found:
    """What is first wrong among ``fields`` of ``value``, asked in order, or ``None``."""
    for name, shape in fields:
        field = getattr(value, name, _MISSING)
        if field is _MISSING:
            return "required field missing", f".{name}"
        found = shape.wrong(field)
        if found is not None:
            return at_field(name, found)
    return None


class Record(Shape):
    """A value of exactly ``kind`` (an attrs class) whose ``fields`` (each named with its
    shape, in the order they are asked about) are of their shapes."""

    __slots__ = ("_deep", "_plain", "_plain_kinds", "fields")

    def __init__(self, kind: type, fields: tuple[tuple[str, Shape], ...]) -> None:
        super().__init__(named(kind), kind, True)
        self.fields = fields
        # The fields a type alone decides are asked all at once (two or more of them).
        plain = [(name, shape.kind) for name, shape in fields if not shape.deep]
        self._plain = attrgetter(*(name for name, _ in plain)) if len(plain) > 1 else None
        self._plain_kinds = tuple(kind for _, kind in plain)
        self._deep = tuple(field for field in fields if self._plain is None or field[1].deep)

    def wrong(self, value: Any) -> Found:
        if type(value) is not self.kind:
            return expected(self.what, value)
        return self.fields_wrong(value)

    def plain_fields_pass(self, value: object) -> bool:
        """Whether the fields a type alone decides are all there and of their types (the
        other fields are left to ask one by one)."""
        if self._plain is None:
            return True
        try:
            return tuple(map(type, self._plain(value))) == self._plain_kinds
        except AttributeError:  # a field missing: named by `walk`
            return False

    def fields_wrong(self, value: object) -> Found:
        """What is first wrong in ``value``'s fields, in order, or ``None``."""
        if not self.plain_fields_pass(value):
            return self.walk(value)
        return _first_of_fields(value, self._deep)

    def walk(self, value: object) -> Found:
        """`fields_wrong`, asking every field in turn."""
        return _first_of_fields(value, self.fields)


class Whole(Record):
    """The shape of a whole value, a state: a `Record` whose parts that states share (the
    fields named in ``shared``: two or more tuples or records) are remembered once found
    of their shape, by identity, for the next state holding them: in a memory for each
    shape, of ``size`` parts at most (`memories`, by field)."""

    __slots__ = ("_asked", "_memos", "_parts", "_rest", "_shapes", "memories")

    def __init__(
        self,
        kind: type,
        fields: tuple[tuple[str, Shape], ...],
        shared: frozenset[str],
        size: int,
    ) -> None:
        super().__init__(kind, fields)
        parts = [(name, shape) for name, shape in fields if name in shared]
        if len(parts) != len(shared) or len(parts) < 2 or not all(s.deep for _, s in parts):
            raise ValueError(f"{sorted(shared)} are not two or more deep fields of {kind}")
        by_shape = {id(shape): IdentityMemo(size) for _, shape in parts}
        self.memories = {name: by_shape[id(shape)] for name, shape in parts}
        self._shapes = dict(fields)
        self._parts = attrgetter(*(name for name, _ in parts))
        self._memos = tuple(self.memories[name] for name, _ in parts)
        self._asked = tuple((name, shape, self.memories.get(name)) for name, shape in self._deep)
        self._rest = tuple(field for field in self._deep if field[0] not in shared)

    def first_wrong(
        self, value: object, findings: Findings | None = None
    ) -> tuple[str, str] | None:
        """The message and JSON path of the first value of ``value`` (a state) not of the
        type a state holds there, or ``None``. The parts found so are remembered once all
        of ``value`` passed: at once, or by ``findings`` when it is given."""
        try:
            parts = self._parts(value)
        except AttributeError:  # a field missing: named by `walk`
            parts = None
        if parts is None or not self.plain_fields_pass(value):
            found = self.walk(value)
        elif all_known(self._memos, parts):
            found = self._rest_wrong(value)
        else:
            found = self._asked_wrong(value, findings)
        return None if found is None else (found[0], ROOT + found[1])

    def _rest_wrong(self, value: object) -> Found:
        """`fields_wrong` of a value whose parts states share are known of their shape."""
        return _first_of_fields(value, self._rest)

    def _asked_wrong(self, value: object, findings: Findings | None) -> Found:
        """`fields_wrong` of a value whose plain fields passed, remembering its parts."""
        new = []
        for name, shape, memo in self._asked:
            field = getattr(value, name, _MISSING)
            if field is _MISSING:
                return "required field missing", f".{name}"
            if memo is not None and memo.get(field) is not None:
                continue
            found = shape.wrong(field)
            if found is not None:
                return at_field(name, found)
            if memo is not None:
                new.append((memo, field))
        for memo, field in new:
            if findings is None:
                memo.put((field,), True)
            else:
                findings.note(memo, (field,), True)
        return None

    def field_has_shape(self, name: str, value: object) -> bool:
        """Whether ``value`` is of the shape of the field ``name`` (remembered so, when it
        is a part states share)."""
        shape, memo = self._shapes[name], self.memories.get(name)
        if memo is not None and memo.get(value) is not None:
            return True
        if shape.wrong(value) is not None:
            return False
        if memo is not None:
            memo.put((value,), True)
        return True
