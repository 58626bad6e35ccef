"""A fixed tile catalogue for scenario tests, so they state the tiles they rely on.

The shipped catalogue (``data/tiles.json``) is a reconstruction that may be revised; a
rule test should not change meaning when it is. Scenario tests that need particular
spaces (a spike here, a Buzz Bomber there) build their positions from
:data:`SCENARIO_TILES` through :func:`scenario` (``setup_position`` with this
catalogue unless another one is given). Rows are listed entry edge first, lanes left,
middle, right (see ``data/README.md``)::

    0 start-line     start-line  "..."  "..."  "*.."
    1 star-buzz      start       "*.B"  "<.."  "..."
    2 arrows-spikes  straight    ".^."  "..>"  "^.."
    3 arrows-wide    straight    "<.."  ".^."  "..>"
    4 spike-run      straight    "^.."  "..B"  ".^."
    5 corner-hive    corner left "..."  ".B."  "^.."
    6 corner-spikes  corner right "..^" "..."  ".^."
"""

from __future__ import annotations

import json
from typing import Any

from sonic_rules.crash_course import PHASES, Phase, Space, State, load_tiles, setup_position

_TILES: list[tuple[str, str, str, list[str]]] = [
    ("start-line", "start-line", "straight", ["...", "...", "*.."]),
    ("star-buzz", "start", "straight", ["*.B", "<..", "..."]),
    ("arrows-spikes", "straight", "straight", [".^.", "..>", "^.."]),
    ("arrows-wide", "straight", "straight", ["<..", ".^.", "..>"]),
    ("spike-run", "straight", "straight", ["^..", "..B", ".^."]),
    ("corner-hive", "corner", "left", ["...", ".B.", "^.."]),
    ("corner-spikes", "corner", "right", ["..^", "...", ".^."]),
]
SCENARIO_TILES = load_tiles(
    json.dumps(
        {
            "tiles": [
                {"id": tile_id, "kind": kind, "turn": turn, "rows": rows}
                for tile_id, kind, turn, rows in _TILES
            ],
            "shortcuts": [
                {"id": "tunnel-1", "kind": "tunnel"},
                {"id": "tunnel-2", "kind": "tunnel"},
                {"id": "loop", "kind": "loop"},
            ],
        }
    )
)
# The course most scenarios use, and every tile (the order of the catalogue).
COURSE = ["start-line", "star-buzz", "arrows-spikes"]
ALL = [tile_id for tile_id, *_ in _TILES]


def scenario(*args: Any, **kwargs: Any) -> State:
    """``setup_position`` on :data:`SCENARIO_TILES` (unless ``tiles`` is given)."""
    kwargs.setdefault("tiles", SCENARIO_TILES)
    return setup_position(*args, **kwargs)


def where(state: State, index: int) -> Space | None:
    """Where character number ``index`` stands (``None``: not on the track yet)."""
    return state.characters[index].position


def assert_declared_change(before: Phase, after: Phase) -> None:
    """A phase stays, or changes by a transition :data:`PHASES` declares."""
    declared = {(t.source, t.dest) for t in PHASES.transitions}
    assert before is after or (before, after) in declared, (before, after)
