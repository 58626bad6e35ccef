"""The exact-type walk over a state's values (`core.shapes`) and the memories a check
fills only once a whole value passed (`core.interning`)."""

from __future__ import annotations

import enum

import attrs
import pytest

from sonic_rules.core.interning import Findings, IdentityMemo
from sonic_rules.core.shapes import (
    Exact,
    Fixed,
    Member,
    OrNone,
    Record,
    TupleOf,
    Whole,
    Worded,
)


class Kind(enum.Enum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Spot:
    x: int
    y: int


@attrs.frozen
class Thing:
    count: int
    flag: bool
    kind: Kind
    spot: Spot | None
    spots: tuple[Spot, ...]
    pair: tuple[str, bool]
    tags: tuple[int, ...]
    name: str = "thing"


SPOT = Record(Spot, (("x", Exact(int)), ("y", Exact(int))))
FIELDS = (
    ("count", Worded(Exact(int), "count must be whole, not {!r}")),
    ("flag", Exact(bool)),
    ("kind", Exact(Kind)),
    ("spot", OrNone(SPOT)),
    ("spots", TupleOf(SPOT)),
    ("pair", Fixed(Exact(str), Exact(bool))),
    ("tags", TupleOf(Exact(int))),
    ("name", Exact(str)),
)
GOOD = Thing(3, False, Kind.RED, Spot(1, 2), (Spot(0, 0),), ("a", True), (1, 2))


def _whole() -> Whole:
    return Whole(Thing, FIELDS, frozenset(("spots", "tags")), 16)


@pytest.mark.parametrize(
    ("changes", "message", "path"),
    [
        ({"count": 3.0}, "count must be whole, not 3.0", "$.count"),
        ({"count": True}, "count must be whole, not True", "$.count"),
        ({"flag": 0}, "expected a bool, got int 0", "$.flag"),
        ({"kind": "red"}, "expected a Kind, got str 'red'", "$.kind"),
        ({"spot": (1, 2)}, "expected a Spot or None, got tuple (1, 2)", "$.spot"),
        ({"spot": Spot(1, 2.0)}, "expected an int, got float 2.0", "$.spot.y"),
        ({"spots": [Spot(0, 0)]}, "expected a tuple, got list [Spot(x=0, y=0)]", "$.spots"),
        ({"spots": (Spot(0, 0), None)}, "expected a Spot, got NoneType None", "$.spots[1]"),
        ({"pair": ("a",)}, "expected a tuple of 2, got tuple ('a',)", "$.pair"),
        ({"pair": ("a", 1)}, "expected a bool, got int 1", "$.pair[1]"),
        ({"tags": (1, True)}, "expected an int, got bool True", "$.tags[1]"),
        # The first wrong value in field order, however many there are.
        ({"name": 1, "tags": (1.0,), "spot": Spot("x", 0)}, "expected an int", "$.spot.x"),
    ],
)
def test_the_first_value_of_another_type_is_named_by_its_path(
    changes: dict[str, object], message: str, path: str
) -> None:
    found = _whole().first_wrong(attrs.evolve(GOOD, **changes))
    assert found is not None
    assert found[0].startswith(message) and found[1] == path


def test_a_value_built_past_its_constructor_names_the_missing_field() -> None:
    bare = object.__new__(Spot)
    object.__setattr__(bare, "x", 1)
    found = _whole().first_wrong(attrs.evolve(GOOD, spot=bare))
    assert found == ("required field missing", "$.spot.y")


def test_a_member_is_one_of_the_interned_values() -> None:
    shape = TupleOf(Member(Kind, frozenset((Kind.RED,))))
    assert shape.wrong((Kind.RED, Kind.RED)) is None
    found = shape.wrong((Kind.RED, Kind.BLUE))
    assert found == ("expected a Kind, got Kind <Kind.BLUE: 'blue'>", "[1]")
    assert shape.wrong((Kind.RED, [])) == ("expected a Kind, got list []", "[1]")


def test_parts_are_remembered_only_once_the_whole_value_passed() -> None:
    whole = _whole()
    spots, tags = (Spot(5, 5),), (7, 8)
    refused = attrs.evolve(GOOD, spots=spots, tags=tags, name=None)
    assert whole.first_wrong(refused) is not None
    assert sum(map(len, whole.memories.values())) == 0
    findings = Findings()
    passed = attrs.evolve(GOOD, spots=spots, tags=tags)
    assert whole.first_wrong(passed, findings) is None
    assert sum(map(len, whole.memories.values())) == 0  # noted, kept once all passed
    findings.keep()
    assert whole.memories["spots"].get(spots) and whole.memories["tags"].get(tags)
    # A part remembered is not checked again; one of another shape is.
    assert whole.first_wrong(passed) is None
    assert whole.first_wrong(attrs.evolve(GOOD, spots=tags)) == (
        "expected a Spot, got int 7",
        "$.spots[0]",
    )


def test_an_identity_memo_is_bounded_and_keyed_by_identity() -> None:
    memo = IdentityMemo(2)
    one, other = tuple([1, 2]), tuple([1, 2])
    memo.put((one,), "found")
    assert memo.get(one) == "found" and memo.get(other) is None
    memo.put((one, other), "both")
    assert memo.get(one, other) == "both" and memo.get(other, one) is None
    memo.put((other,), "again")
    assert len(memo) == 1  # full: started afresh
