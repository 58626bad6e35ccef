"""Whatever a client sends, every untrusted-data entry point gives a `RulesError` or a
value: arbitrary bytes, arbitrary text, arbitrary JSON, and valid inputs mutated.

The entry points are those of ``entry_points.py`` (state, action, event and view JSON
of both games, board notation, card names, tile catalogues, records); the deeper,
time-boxed run of the same promise is ``benchmarks/fuzz.py``.
"""

from __future__ import annotations

import contextlib
import json
import os
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as hs

from hardening.entry_points import ENTRY_POINTS, seeds
from sonic_rules import RulesError

LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
FEW = settings(max_examples=1000 if LONG else 30, deadline=None)
NAMES = sorted(ENTRY_POINTS)


def _only_rules_errors(name: str, data: bytes) -> None:
    with contextlib.suppress(RulesError):
        ENTRY_POINTS[name](data)


JSON = hs.recursive(
    hs.none()
    | hs.booleans()
    | hs.integers(min_value=-(10**30), max_value=10**30)
    | hs.floats(allow_nan=False, allow_infinity=False)
    | hs.text(max_size=20),
    lambda inner: hs.lists(inner, max_size=5) | hs.dictionaries(hs.text(max_size=10), inner),
    max_leaves=20,
)


@FEW
@given(hs.sampled_from(NAMES), hs.binary(max_size=300))
def test_arbitrary_bytes_give_only_rules_errors(name: str, data: bytes) -> None:
    _only_rules_errors(name, data)


@FEW
@given(hs.sampled_from(NAMES), hs.text(max_size=300))
def test_arbitrary_text_gives_only_rules_errors(name: str, text: str) -> None:
    _only_rules_errors(name, text.encode("utf-8", errors="surrogatepass"))


@FEW
@given(hs.sampled_from(NAMES), JSON)
def test_arbitrary_json_gives_only_rules_errors(name: str, value: Any) -> None:
    _only_rules_errors(name, json.dumps(value).encode())


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every node of a JSON value, depth first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*path, index)))
    return found


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    if isinstance(value, dict):
        return {**value, path[0]: _replaced(value[path[0]], path[1:], new)}
    return [
        _replaced(item, path[1:], new) if i == path[0] else item for i, item in enumerate(value)
    ]


JSON_NAMES = [name for name in NAMES if name.endswith((".state", ".action", ".event", ".view"))]


@FEW
@given(hs.sampled_from(JSON_NAMES), hs.data())
def test_valid_json_with_one_value_replaced_gives_only_rules_errors(name: str, data: Any) -> None:
    document = json.loads(data.draw(hs.sampled_from(seeds()[name])))
    path = data.draw(hs.sampled_from(_paths(document)))
    mutated = _replaced(document, path, data.draw(JSON))
    _only_rules_errors(name, json.dumps(mutated).encode())


@FEW
@given(hs.sampled_from(NAMES), hs.data())
def test_valid_input_with_bytes_cut_or_inserted_gives_only_rules_errors(
    name: str, data: Any
) -> None:
    seed = data.draw(hs.sampled_from(seeds()[name]))
    where = data.draw(hs.integers(min_value=0, max_value=len(seed)))
    cut = data.draw(hs.integers(min_value=0, max_value=20))
    inserted = data.draw(hs.binary(max_size=20))
    _only_rules_errors(name, seed[:where] + inserted + seed[where + cut :])
