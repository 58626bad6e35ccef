"""Tiles and geometry: the tile catalogue (package data) and the square grid.

The shipped catalogue (``data/tiles.json``) is a documented *reconstruction* of the
physical tiles (see ``data/README.md``): 7 track tiles and 3 shortcut tiles. Each
track tile fills one cell of a square grid and has 3 rows (entry edge to exit edge)
of 3 lanes (left, middle, right in the direction of travel); lane order is kept from
tile to tile, corners included (rule ``CC-GEOMETRY``).

Directions are 0 north, 1 east, 2 south, 3 west. A tile laid *reversed* is turned
half round: its rows and lanes are read backwards, its arrows point the other way
and a corner turns the other way (``CC-TILE-ORIENTATION``).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from sonic_rules.core.boundary import read_file
from sonic_rules.core.errors import BoardError, FileRefusedError, InvalidStateError
from sonic_rules.core.interning import memo
from sonic_rules.core.serialization import MAX_JSON_CHARS, loads_json

ROWS = 3
LANES = 3
LANE_NAMES = ("left", "middle", "right")
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))

PLAIN = "."
STAR = "*"
SPIKES = "^"
BUZZ = "B"
ARROW_LEFT = "<"
ARROW_RIGHT = ">"
FEATURES = {
    PLAIN: "plain track",
    STAR: "star space",
    SPIKES: "spikes",
    BUZZ: "Buzz Bomber",
    ARROW_LEFT: "arrow space pointing left",
    ARROW_RIGHT: "arrow space pointing right",
}
TILE_KINDS = ("start-line", "start", "straight", "corner")
TURNS = ("straight", "left", "right")
SHORTCUT_KINDS = ("tunnel", "loop")
SHORTCUT_SHAPES = ("straight", "corner")

MAX_TRACK_TILES = 256
"""The most track tiles a catalogue may have (the physical game has 7)."""
MAX_SHORTCUT_TILES = 256
"""The most shortcut tiles a catalogue may have (the physical game has 3)."""
MAX_ID_CHARS = 100
"""The longest tile id."""
MAX_CATALOGUE_CHARS = MAX_JSON_CHARS
"""The longest catalogue text or file `load_tiles` reads."""
_MAX_PATH_CHARS = 4096


@attrs.frozen
class TileSpec:
    """One track tile of the catalogue: ``rows[row][lane]`` as printed (see the README)."""

    id: str
    kind: str
    turn: str
    rows: tuple[str, ...]


@attrs.frozen
class ShortcutSpec:
    """One shortcut tile (a tunnel or a loop): a path joining two edges of its cell.

    ``shapes`` says how it may be laid (``CC-PROJ-SHORTCUT-BENT``): ``straight`` (two
    opposite edges) and/or ``corner`` (two adjacent edges). The path meets each edge at
    its midpoint, where the middle-row arrow space of a straight tile points.
    """

    id: str
    kind: str
    shapes: tuple[str, ...] = SHORTCUT_SHAPES


def shortcut_shape(entry: int, exit_: int) -> str:
    """``straight`` if the two edges (directions 0..3) are opposite, else ``corner``."""
    return "straight" if (entry + 2) % 4 == exit_ else "corner"


DEFAULT_CATALOGUE = "default"
"""The name of the shipped catalogue; a state refers to it by name instead of copying it."""
CUSTOM_CATALOGUE = "custom"
"""The name of every catalogue read with `load_tiles`."""


@attrs.frozen
class Catalogue:
    """The track and shortcut tiles a game is played with.

    ``name`` is ``"default"`` for the shipped reconstruction (`default_catalogue`)
    and ``"custom"`` for one read with `load_tiles`; a saved state refers to the
    default one by name and `sha256`, and writes a custom one out in full.
    """

    tiles: tuple[TileSpec, ...]
    shortcuts: tuple[ShortcutSpec, ...]
    name: str = CUSTOM_CATALOGUE

    def to_data(self) -> dict[str, Any]:
        """The tiles as ``load_tiles`` reads them (the name apart)."""
        return {
            "tiles": [
                {"id": t.id, "kind": t.kind, "turn": t.turn, "rows": list(t.rows)}
                for t in self.tiles
            ],
            "shortcuts": [
                {"id": s.id, "kind": s.kind, "shapes": list(s.shapes)} for s in self.shortcuts
            ],
        }

    def sha256(self) -> str:
        """A hex digest of the tiles (not the name): equal tiles, equal digest."""
        return _digest(self.tiles, self.shortcuts)

    def index(self, tile_id: str) -> int:
        """The catalogue index of the track tile called ``tile_id``."""
        for number, spec in enumerate(self.tiles):
            if spec.id == tile_id:
                return number
        raise BoardError(f"no track tile called {tile_id!r}")

    def start_tiles(self) -> tuple[int, int]:
        """The starting line tile and the other star tile, as catalogue indices."""
        line = next(i for i, spec in enumerate(self.tiles) if spec.kind == "start-line")
        star = next(i for i, spec in enumerate(self.tiles) if spec.kind == "start")
        return line, star


@memo("crash-course catalogue digests", 16)
def _digest(tiles: tuple[TileSpec, ...], shortcuts: tuple[ShortcutSpec, ...]) -> str:
    data = Catalogue(tiles, shortcuts).to_data()
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


@memo("crash-course oriented features", 256)
def oriented_features(rows: tuple[str, ...], reversed_: bool) -> tuple[str, ...]:
    """The 9 features of a tile in travel order (index ``row * 3 + lane``) as laid."""
    flat = [rows[row][lane] for row in range(ROWS) for lane in range(LANES)]
    if not reversed_:
        return tuple(flat)
    swap = {ARROW_LEFT: ARROW_RIGHT, ARROW_RIGHT: ARROW_LEFT}
    return tuple(swap.get(feature, feature) for feature in reversed(flat))


def effective_turn(spec: TileSpec, reversed_: bool) -> str:
    """How a laid tile turns: a reversed corner turns the other way."""
    if spec.turn == "straight" or not reversed_:
        return spec.turn
    return "right" if spec.turn == "left" else "left"


def exit_heading(heading: int, turn: str) -> int:
    """The direction of travel leaving a tile entered heading ``heading``."""
    if turn == "left":
        return (heading + 3) % 4
    if turn == "right":
        return (heading + 1) % 4
    return heading


def space_point(x: int, y: int, heading: int, row: int, lane: int) -> tuple[int, int]:
    """A straight tile's space on the fine grid (3 points per cell side).

    Used only to tell whether two arrow spaces face each other across a cell edge.
    """
    fx, fy = DIRECTIONS[heading]
    rx, ry = DIRECTIONS[(heading + 1) % 4]
    return (
        3 * x + 1 + (row - 1) * fx + (lane - 1) * rx,
        3 * y + 1 + (row - 1) * fy + (lane - 1) * ry,
    )


def _fail(message: str, where: str, source: str | None) -> BoardError:
    return BoardError(message, f"{source}: {where}" if source else where)


def _short(value: Any) -> str:
    """``repr(value)``, cut to 60 characters: a message never echoes a whole upload."""
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:60]}... ({len(shown):,} characters)"


def _check_keys(entry: Any, keys: set[str], where: str, source: str | None) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise _fail(f"expected an object, got {_short(entry)}", where, source)
    for key in entry:
        if key not in keys:
            raise _fail(f"unknown field {_short(key)}", where, source)
    for key in sorted(keys):
        if key not in entry:
            raise _fail(f"missing field {key!r}", where, source)
    return entry


def _string(value: Any, allowed: Sequence[str] | None, where: str, source: str | None) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_ID_CHARS:
        raise _fail(
            f"expected a non-empty string of at most {MAX_ID_CHARS} characters, "
            f"got {_short(value)}",
            where,
            source,
        )
    if allowed is not None and value not in allowed:
        raise _fail(f"{value!r} is not one of {', '.join(allowed)}", where, source)
    return value


def _parse_tile(entry: Any, number: int, source: str | None) -> TileSpec:
    where = f"tiles[{number}]"
    data = _check_keys(entry, {"id", "kind", "turn", "rows"}, where, source)
    tile_id = _string(data["id"], None, f"{where}.id", source)
    kind = _string(data["kind"], TILE_KINDS, f"{where}.kind", source)
    turn = _string(data["turn"], TURNS, f"{where}.turn", source)
    rows = _parse_rows(data["rows"], turn, f"{where}.rows", source)
    _check_shape(kind, turn, "".join(rows), where, source)
    return TileSpec(tile_id, kind, turn, rows)


def _parse_rows(rows: Any, turn: str, where: str, source: str | None) -> tuple[str, ...]:
    """A track tile's rows: ``ROWS`` strings of ``LANES`` features each."""
    if not isinstance(rows, list) or len(rows) != ROWS:
        raise _fail(f"expected a list of {ROWS} rows, got {_short(rows)}", where, source)
    for row_number, row in enumerate(rows):
        row_where = f"{where}[{row_number}]"
        if not isinstance(row, str) or len(row) != LANES:
            raise _fail(
                f"expected a string of {LANES} features, got {_short(row)}", row_where, source
            )
        for lane, feature in enumerate(row):
            _check_feature(feature, lane, turn, f"{row_where}[{lane}]", source)
    return tuple(rows)


def _check_feature(feature: str, lane: int, turn: str, where: str, source: str | None) -> None:
    """A known feature, and an arrow only at the edge it points over, on a straight tile."""
    if feature not in FEATURES:
        raise _fail(f"unknown feature {feature!r}", where, source)
    if feature == ARROW_LEFT and lane != 0:
        raise _fail("a left arrow must be in the left lane", where, source)
    if feature == ARROW_RIGHT and lane != LANES - 1:
        raise _fail("a right arrow must be in the right lane", where, source)
    if feature in (ARROW_LEFT, ARROW_RIGHT) and turn != "straight":
        raise _fail("only straight tiles have arrow spaces", where, source)


def _check_shape(kind: str, turn: str, features: str, where: str, source: str | None) -> None:
    """Only a corner turns, and the starting line is plain track and stars."""
    if kind == "corner" and turn == "straight":
        raise _fail("a corner tile must turn left or right", f"{where}.turn", source)
    if kind != "corner" and turn != "straight":
        raise _fail(f"a {kind} tile must be straight", f"{where}.turn", source)
    if kind == "start-line" and any(f in features for f in (SPIKES, BUZZ, ARROW_LEFT, ARROW_RIGHT)):
        raise _fail("the starting line tile has neither arrows, spikes nor hazards", where, source)


def _parse_shortcut(entry: Any, number: int, source: str | None) -> ShortcutSpec:
    where = f"shortcuts[{number}]"
    if isinstance(entry, dict) and "shapes" not in entry:
        entry = {**entry, "shapes": list(SHORTCUT_SHAPES)}
    shortcut = _check_keys(entry, {"id", "kind", "shapes"}, where, source)
    shapes = shortcut["shapes"]
    if not isinstance(shapes, list) or not shapes or len(set(map(str, shapes))) != len(shapes):
        raise _fail(f"expected a list of shapes, got {_short(shapes)}", f"{where}.shapes", source)
    for index, shape in enumerate(shapes):
        _string(shape, SHORTCUT_SHAPES, f"{where}.shapes[{index}]", source)
    return ShortcutSpec(
        _string(shortcut["id"], None, f"{where}.id", source),
        _string(shortcut["kind"], SHORTCUT_KINDS, f"{where}.kind", source),
        tuple(shapes),
    )


_LISTS = {
    "tiles": ("tiles", "track tiles", MAX_TRACK_TILES),
    "shortcuts": ("shortcut tiles", "shortcut tiles", MAX_SHORTCUT_TILES),
}
"""Each list of a catalogue: what a refusal calls the list, and its entries, and how many
entries it may hold."""


def _entries(document: dict[str, Any], field: str, source: str | None) -> list[Any]:
    """The entries of the list ``field`` (``tiles`` or ``shortcuts``) of the catalogue."""
    listed, counted, most = _LISTS[field]
    value = document[field]
    if not isinstance(value, list):
        raise _fail(f"expected a list of {listed}", field, source)
    if len(value) > most:
        raise _fail(f"at most {most} {counted}, not {len(value)}", field, source)
    return value


def _check_ids(
    tiles: Sequence[TileSpec], shortcuts: Sequence[ShortcutSpec], source: str | None
) -> None:
    """Every id, track or shortcut tile, names one tile."""
    seen: set[str] = set()
    for number, tile_id in enumerate([t.id for t in tiles] + [s.id for s in shortcuts]):
        if tile_id in seen:
            entry = (
                f"tiles[{number}]" if number < len(tiles) else f"shortcuts[{number - len(tiles)}]"
            )
            raise _fail(f"duplicate tile id {tile_id!r}", f"{entry}.id", source)
        seen.add(tile_id)


def _check_start(tiles: Sequence[TileSpec], source: str | None) -> None:
    """One starting line tile, one other star tile, and a tile to lay after them."""
    for kind in ("start-line", "start"):
        count = sum(1 for spec in tiles if spec.kind == kind)
        if count != 1:
            raise _fail(f"expected exactly one {kind!r} tile, found {count}", "tiles", source)
    if len(tiles) < 3:
        raise _fail(
            "a catalogue needs the two starting tiles and at least one more", "tiles", source
        )


def parse_catalogue(data: Any, source: str | None = None) -> Catalogue:
    """Validate already-parsed JSON data as a catalogue (``BoardError`` names the entry)."""
    document = _check_keys(data, {"tiles", "shortcuts"}, "$", source)
    tiles = tuple(
        _parse_tile(entry, number, source)
        for number, entry in enumerate(_entries(document, "tiles", source))
    )
    shortcuts = tuple(
        _parse_shortcut(entry, number, source)
        for number, entry in enumerate(_entries(document, "shortcuts", source))
    )
    _check_ids(tiles, shortcuts, source)
    _check_start(tiles, source)
    return Catalogue(tiles, shortcuts)


def load_tiles(text_or_path: str | bytes | Path) -> Catalogue:
    """Load a tile catalogue (named ``"custom"``) from JSON text (``str`` or ``bytes``,
    starting with ``{``) or from a file path.

    Bad data raises `BoardError` naming the file (when read from one) and the entry, e.g.
    ``tiles[3].rows[1][2]: unknown feature 'q'``. Text or a file of more than
    `MAX_CATALOGUE_CHARS` characters is refused before it is read; so are more than
    `MAX_TRACK_TILES` track tiles or `MAX_SHORTCUT_TILES` shortcut tiles. Anything but
    text, bytes or a path is a ``TypeError``.
    """
    if isinstance(text_or_path, bytes | bytearray):
        return _parse_text(bytes(text_or_path), None)
    if not isinstance(text_or_path, str | Path):
        raise TypeError(
            f"load_tiles() argument 'text_or_path' must be str, bytes or Path, "
            f"not {type(text_or_path).__name__}"
        )
    if isinstance(text_or_path, str) and text_or_path.lstrip().startswith("{"):
        return _parse_text(text_or_path, None)
    return _parse_text(*_read_file(text_or_path))


def _read_file(path_text: str | Path) -> tuple[bytes, str]:
    """The bytes of a catalogue file and its name for messages."""
    source = str(path_text)
    if len(source) > _MAX_PATH_CHARS or "\0" in source:
        raise BoardError(
            "not a tile file's path, and not JSON text (which starts with '{')", _short(source)
        )
    try:
        return read_file(path_text, 4 * MAX_CATALOGUE_CHARS), source
    except OSError as error:
        raise BoardError(f"cannot read tile file: {error.strerror}", source) from None
    except FileRefusedError as error:
        raise BoardError(error.message, source) from None


def _parse_text(text: str | bytes, source: str | None) -> Catalogue:
    try:
        data = loads_json(text)
    except InvalidStateError as error:
        raise _fail(error.message, "$", source) from None
    return parse_catalogue(data, source)


@functools.cache
def default_catalogue() -> Catalogue:
    """The shipped reconstruction (``data/tiles.json``), named ``"default"``.

    Read once: a catalogue is a frozen value, every game shares the one object.
    """
    text = resources.files("sonic_rules.crash_course").joinpath("data/tiles.json").read_text()
    return attrs.evolve(parse_catalogue(loads_json(text), "tiles.json"), name=DEFAULT_CATALOGUE)
