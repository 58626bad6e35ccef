"""The one cache facility (`sonic_rules.core.interning`): exact keys, bounds, names,
and forgetting everything."""

from __future__ import annotations

import attrs

from sonic_rules.core import interning


@attrs.frozen
class Point:
    x: object
    y: object


def test_made_once_gives_one_object_per_value_with_its_exact_types() -> None:
    make = interning.made_once(16, "test points")
    assert make(Point, 3, 0) is make(Point, 3, 0)
    # 3 == 3.0 == True + 2 in Python: each type keeps its own entry.
    assert type(make(Point, 3.0, 0).x) is float
    assert type(make(Point, 3, 0).x) is int
    assert type(make(Point, True, 0).x) is bool
    assert type(make(Point, 1, 0).x) is int


def test_memo_keys_its_arguments_with_their_exact_types_and_is_bounded() -> None:
    calls = []

    @interning.memo("test halves", 2)
    def half(value: object) -> object:
        calls.append(value)
        return value

    assert type(half(2)) is int and type(half(2.0)) is float
    half(2)
    assert calls == [2, 2.0]
    half(4)  # a third value: the least recently used goes
    half(2.0)
    assert calls == [2, 2.0, 4, 2.0]


def test_groups_are_kept_apart_by_exact_type_and_bounded() -> None:
    groups = interning.Groups(2, "test groups")
    table = groups.table(1, "a")
    table["x"] = 1
    assert groups.table(1, "a") is table
    assert groups.table(True, "a") is not table
    table["y"] = 2
    assert groups.table(1, "a") == {}  # full: that group starts afresh


def test_identity_memo_knows_values_and_groups_of_parts_by_identity() -> None:
    memo = interning.IdentityMemo(8, "test identities")
    value = (1, 2)
    assert memo(value, len) == 2
    assert memo(value, lambda _: 99) == 2
    assert memo((1, 2, 3), len) == 3
    one = 10**6
    parts = (value, one)
    assert memo.of_parts(parts, lambda: "made") == "made"
    assert memo.of_parts((value, one), lambda: "again") == "made"
    assert memo.of_parts((value, float(one)), lambda: "float") == "float"


def test_every_cache_is_named_bounded_and_forgotten_at_once() -> None:
    make = interning.made_once(4, "test forgotten")
    first = make(Point, 1, 2)
    listed = {name: (limit, size) for name, limit, size in interning.caches()}
    assert listed["test forgotten"] == (4, 1)
    interning.forget()
    assert {name: size for name, _, size in interning.caches()}["test forgotten"] == 0
    assert make(Point, 1, 2) is not first
