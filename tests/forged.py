"""Values forged past their constructors, as a client holding a pickled or hand-patched
object could: actions with any field values (the library's labels and ``apply`` must
cope), and states with one value deep inside replaced (``validate_state`` must name it)."""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import strategies as st

from sonic_rules.core.shapes import Record, Shape


def forge(kind: type[Any], *values: Any) -> Any:
    """An instance of the attrs class ``kind`` with ``values`` as its fields, unchecked."""
    action = object.__new__(kind)
    for field, value in zip(attrs.fields(kind), values, strict=True):
        object.__setattr__(action, field.name, value)
    return action


def forge_fields(action_type: type[Any], /, **values: Any) -> Any:
    """`forge` with the fields by name."""
    return forge(action_type, *(values[field.name] for field in attrs.fields(action_type)))


def replaced(value: Any, path: list[Any], new: Any) -> Any:
    """``value`` with the value at ``path`` (field names and tuple indices) replaced by
    ``new``, every value on the way rebuilt without any check."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(head, int):
        items = list(value)
        items[head] = replaced(items[head], rest, new)
        return tuple(items)
    return attrs.evolve(value, **{head: replaced(getattr(value, head), rest, new)})


def random_path(value: Any, draw: st.DrawFn, leaves: tuple[type, ...] = ()) -> list[Any]:
    """A random path down ``value``: fields of attrs values (but ``leaves``, replaced
    whole) and items of tuples."""
    path: list[Any] = []
    while True:
        if attrs.has(type(value)) and not isinstance(value, leaves):
            names: list[Any] = [f.name for f in attrs.fields(type(value))]
        elif type(value) is tuple and value:
            names = list(range(len(value)))
        else:
            return path
        if path and draw(st.booleans()):
            return path
        name = draw(st.sampled_from(names))
        path.append(name)
        value = value[name] if isinstance(name, int) else getattr(value, name)


WRONG_VALUES: list[Any] = [
    None,
    1.5,
    "x",
    b"x",
    [],
    [1],
    (),
    ("x",),
    (1.5,),
    (None,),
    True,
    -1,
    {},
    object(),
]
"""Values of the wrong Python type for nearly any field of a state; each game's tests
add values of its own types, right elsewhere and wrong where they are put."""


def records_in(shape: Shape) -> list[Record]:
    """Every `Record` in ``shape`` (a game's shape of its state), ``shape`` included."""
    found = [shape] if isinstance(shape, Record) else []
    inner: list[Any] = [field for _, field in getattr(shape, "fields", ())]
    inner += [getattr(shape, name) for name in ("item", "shape") if hasattr(shape, name)]
    inner += getattr(shape, "items", ())
    for each in inner:
        found += records_in(each)
    return found
