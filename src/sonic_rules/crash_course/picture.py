"""Sonic the Hedgehog: Crash Course drawn as SVG (reached through `sonic_rules.svg.position`).

The course is drawn on its grid, north up: each track tile in its cell and its facing,
three lanes of three rows (a corner as a quarter turn), with its spikes, Buzz Bombers,
star and arrow spaces; shortcut tiles with their paths; a dashed arrow over each Mega
Jump gap; the items on the track (face-down tokens as backs, ring stacks with their
count) and the characters, each in its own colour and shape with its initials. Under
the course: each character's board (damage, Rings, Power-Up, items: face up when the
picture may show them, else backs with a count), the Flicky Birds each seat holds out
of the number it needs, the piles' sizes, whose turn it is and the actions left.
"""

from __future__ import annotations

import math

from sonic_rules.core.chance import CHANCE
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.actions import ACTION_TYPES
from sonic_rules.crash_course.describe import describe_action
from sonic_rules.crash_course.events import character_text, item_text
from sonic_rules.crash_course.options import Character, Variant
from sonic_rules.crash_course.state import (
    MAX_DAMAGE,
    MAX_RINGS,
    BoardItem,
    ItemKind,
    Phase,
    Piece,
    PlacedShortcut,
    PlacedTile,
    Space,
    State,
)
from sonic_rules.crash_course.tiles import (
    DIRECTIONS,
    FEATURES,
    LANES,
    ROWS,
    effective_turn,
    oriented_features,
)
from sonic_rules.crash_course.views import SeenPiece, View, stand_in
from sonic_rules.svg import Canvas

CELL = 120.0
MARGIN = 20.0
HEADER = 74.0
BOARD_ROW = 50.0
MIN_WIDTH = 760.0
INK = "#1d1d1f"
GREY = "#555555"
HIGHLIGHT = "#ff7a00"
ARROW = "#e0218a"
MIDDLE_BOLD = {"text_anchor": "middle", "font_weight": "bold"}

LOOKS = {
    Character.SONIC: ("#1f5fbf", "circle", "So"),
    Character.TAILS: ("#f08c00", "square", "Ta"),
    Character.KNUCKLES: ("#d1321f", "triangle", "Kn"),
    Character.EGGMAN: ("#6a3d9a", "diamond", "Eg"),
}
"""Each character's colour, shape and initials: the shape and letters tell them apart too."""
FEATURE_FILL = {".": "#e9e2cf", "*": "#e9e2cf", "^": "#a3a8ae", "B": "#f7e08a", "<": "#bfe3ef"}
FEATURE_FILL[">"] = FEATURE_FILL["<"]
ITEM_LOOKS = {
    ItemKind.SPRING: ("#2e9e44", "Sp"),
    ItemKind.BOOSTER: ("#ff8c1a", "Bo"),
    ItemKind.CRABMEAT: ("#c0392b", "Cr"),
    ItemKind.RING: ("#f2c417", "R"),
    ItemKind.MOTOBUG: ("#8e44ad", "Mo"),
    ItemKind.BOMB: ("#2c3e50", "Bm"),
    ItemKind.BUMPER: ("#16a085", "Bu"),
}
SHORTCUT_INK = {"tunnel": "#8b5a2b", "loop": "#2f6fd0"}

Point = tuple[float, float]
Subject = State | View


def is_action(value: object) -> bool:
    """``value`` is a Crash Course action."""
    return type(value) in ACTION_TYPES


def is_move(event: object) -> bool:
    """``event`` moved a character on the track (public to every seat)."""
    return isinstance(event, E.Moved)


# -- geometry ---------------------------------------------------------------------------------


class _Grid:
    """Grid cells to picture coordinates: north up, one ``CELL`` per cell."""

    def __init__(self, subject: Subject) -> None:
        cells = [(t.x, t.y) for t in subject.course]
        cells += [(s.x, s.y) for s in (*subject.shortcuts, *subject.shortcut_attempt)]
        cells = cells or [(0, 0)]
        self.min_x = min(x for x, _ in cells)
        self.max_y = max(y for _, y in cells)
        self.columns = max(x for x, _ in cells) - self.min_x + 1
        self.rows = self.max_y - min(y for _, y in cells) + 1
        self.left = MARGIN + max(0.0, (MIN_WIDTH - 2 * MARGIN - self.columns * CELL) / 2)

    def centre(self, x: int, y: int) -> Point:
        return (
            self.left + (x - self.min_x + 0.5) * CELL,
            HEADER + (self.max_y - y + 0.5) * CELL,
        )


def _vector(direction: int) -> Point:
    dx, dy = DIRECTIONS[direction % 4]
    return float(dx), float(-dy)


def _at(origin: Point, *steps: tuple[Point, float]) -> Point:
    x, y = origin
    for (dx, dy), length in steps:
        x, y = x + dx * length, y + dy * length
    return x, y


def _edge(centre: Point, direction: int) -> Point:
    """The midpoint of a cell's edge facing ``direction``."""
    return _at(centre, (_vector(direction), CELL / 2))


def _space_outline(
    grid: _Grid, subject: Subject, placed: PlacedTile, row: int, lane: int
) -> tuple[list[Point], Point]:
    """A space's outline and centre: a square on a straight tile, a ring sector on a corner."""
    centre = grid.centre(placed.x, placed.y)
    forward, right = _vector(placed.heading), _vector(placed.heading + 1)
    turn = effective_turn(subject.catalogue.tiles[placed.tile], placed.reversed)
    third = CELL / 3
    if turn == "straight":
        middle = _at(centre, (forward, (row - 1) * third), (right, (lane - 1) * third))
        corners = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
        outline = [
            _at(middle, (forward, a * third / 2), (right, b * third / 2)) for a, b in corners
        ]
        return outline, middle
    side = -1.0 if turn == "left" else 1.0
    pivot = _at(centre, (forward, -CELL / 2), (right, side * CELL / 2))
    across = (-side * right[0], -side * right[1])
    band = lane if turn == "left" else LANES - 1 - lane
    inner, outer = CELL * (0.25 + band / 4), CELL * (0.5 + band / 4)

    def arc(radius: float, start: float, stop: float) -> list[Point]:
        return [
            _at(pivot, (across, radius * math.cos(a)), (forward, radius * math.sin(a)))
            for a in (start + (stop - start) * k / 4 for k in range(5))
        ]

    low, high = math.radians(30 * row), math.radians(30 * (row + 1))
    outline = arc(outer, low, high) + arc(inner, high, low)
    middle_angle, middle_radius = (low + high) / 2, (inner + outer) / 2
    middle = _at(
        pivot,
        (across, middle_radius * math.cos(middle_angle)),
        (forward, middle_radius * math.sin(middle_angle)),
    )
    return outline, middle


class _Layout:
    """Every course space's outline and centre, by `Space`."""

    def __init__(self, subject: Subject) -> None:
        self.grid = _Grid(subject)
        self.spaces: dict[Space, tuple[list[Point], Point]] = {}
        for index, placed in enumerate(subject.course):
            for row in range(ROWS):
                for lane in range(LANES):
                    self.spaces[Space(index, row, lane)] = _space_outline(
                        self.grid, subject, placed, row, lane
                    )

    def centre(self, space: Space) -> Point | None:
        found = self.spaces.get(space)
        return None if found is None else found[1]


# -- drawing ----------------------------------------------------------------------------------


def draw(
    subject: Subject,
    *,
    action: object,
    moves: tuple[object, ...],
    highlight: tuple[object, ...],
) -> Canvas:
    """The picture of ``subject`` (a state: the referee's picture; a view: the seat's)."""
    layout = _Layout(subject)
    for place in highlight:
        if not isinstance(place, Space):
            raise TypeError(f"highlight must hold Crash Course Space values, got {place!r}")
        if place not in layout.spaces:
            raise ValueError(f"highlight: {place} is not on the course")
    grid = layout.grid
    width = max(MIN_WIDTH, 2 * MARGIN + grid.columns * CELL)
    course_bottom = HEADER + grid.rows * CELL + 16
    height = course_bottom + 30 + BOARD_ROW * len(subject.characters) + 12
    canvas = Canvas(width, height, _title(subject))
    canvas.rect(0, 0, width, height, fill="#ffffff")
    _header(canvas, subject, action)
    for shortcut in subject.shortcuts:
        _shortcut(canvas, subject, grid, shortcut, False)
    for shortcut in subject.shortcut_attempt:
        _shortcut(canvas, subject, grid, shortcut, True)
    for index, placed in enumerate(subject.course):
        _tile(canvas, subject, layout, index, placed, highlight)
    _mega_jumps(canvas, subject, grid)
    _items(canvas, subject, layout)
    _characters(canvas, subject, layout)
    for move in moves:
        _arrow(canvas, layout, move)
    _piles(canvas, subject, course_bottom)
    characters: tuple[Piece | SeenPiece, ...] = subject.characters
    for number, character in enumerate(characters):
        _board(canvas, subject, character, course_bottom + 30 + number * BOARD_ROW)
    return canvas


def viewer(subject: Subject) -> str:
    if isinstance(subject, State):
        return "the referee's picture: every held item face up"
    return "as the spectator sees it" if subject.seat is None else f"as seat {subject.seat} sees it"


def _title(subject: Subject) -> str:
    return (
        f"Sonic the Hedgehog: Crash Course, {subject.variant.value}, {subject.players} players, "
        f"{viewer(subject)}: {status(subject)}"
    )


def acting_character(subject: Subject) -> Piece | SeenPiece:
    """The character whose decision it is (the one owing a ring drop or a recovery)."""
    if subject.pending and subject.phase in (Phase.RING_DROP, Phase.RECOVERY):
        return subject.characters[subject.pending[0].character]
    return subject.characters[subject.active]


def status(subject: Subject) -> str:
    """Whose turn it is, and the actions left or what the game waits for."""
    if subject.phase is Phase.GAME_OVER:
        winners = " and ".join(f"seat {seat}" for seat in subject.won_by) or "nobody"
        return f"the game is over: {winners} won ({subject.termination})"
    name = character_text(acting_character(subject).name)
    whose = f"{character_text(subject.characters[subject.active].name)}'s turn"
    if subject.to_act is CHANCE:
        return f"chance: {subject.phase.value} ({whose})"
    if subject.phase is Phase.ACTIONS:
        left = subject.actions_left
        return f"{name} to play, {left} action{'' if left == 1 else 's'} left"
    return f"{subject.phase.value}: {name} decides ({whose})"


def drawn_words(subject: Subject) -> str:
    """The draw under way, named only when the picture may show it."""
    drawn = subject.drawn
    if isinstance(subject, View) and drawn is None:
        return f"{subject.drawn_count} token(s) drawn, face down" if subject.drawn_count else ""
    return "drawn: " + ", ".join(item_text(kind) for kind in drawn or ()) if drawn else ""


def _header(canvas: Canvas, subject: Subject, action: object) -> None:
    title = f"Crash Course · {subject.variant.value} · {subject.players} players"
    canvas.text(MARGIN, 24, title, 17, font_weight="bold")
    words, drawn = status(subject), drawn_words(subject)
    canvas.text(MARGIN, 44, f"{words} · {drawn}" if drawn else words, 13)
    words = viewer(subject)
    if isinstance(subject, State) and action is not None:
        words = f"last: {describe_action(action, subject)}"  # type: ignore[arg-type]
    canvas.text(MARGIN, 62, words, 11, fill=GREY)


def _tile(
    canvas: Canvas,
    subject: Subject,
    layout: _Layout,
    index: int,
    placed: PlacedTile,
    highlight: tuple[object, ...],
) -> None:
    spec = subject.catalogue.tiles[placed.tile]
    turn = effective_turn(spec, placed.reversed)
    centre = layout.grid.centre(placed.x, placed.y)
    facing = ("north", "east", "south", "west")[placed.heading]
    title = f"tile {index} ({spec.id}), entered heading {facing}"
    title += "" if turn == "straight" else f", turning {turn}"
    title += ", laid reversed" if placed.reversed else ""
    title += "" if placed.bird_taken else ": its Flicky Bird is still to take"
    canvas.open(title)
    half = CELL / 2
    canvas.rect(centre[0] - half, centre[1] - half, CELL, CELL, fill="#8fcf7a", stroke="#4d8a3e")
    features = oriented_features(spec.rows, placed.reversed)
    forward, right = _vector(placed.heading), _vector(placed.heading + 1)
    for row in range(ROWS):
        for lane in range(LANES):
            space = Space(index, row, lane)
            outline, middle = layout.spaces[space]
            feature = features[row * LANES + lane]
            canvas.open(f"{space}: {FEATURES[feature]}")
            edge = {"stroke": "#6b6552", "stroke_width": 0.8}
            if space in highlight:
                edge = {"stroke": HIGHLIGHT, "stroke_width": 4}
            canvas.polygon(outline, fill=FEATURE_FILL[feature], **edge)
            _feature(canvas, feature, middle, forward, right)
            canvas.close()
    entry = _edge(centre, placed.heading + 2)
    tip = _at(entry, (forward, 9))
    canvas.polygon([tip, _at(entry, (right, 6)), _at(entry, (right, -6))], fill=INK)
    corner = (centre[0] - half + 3, centre[1] - half + 11)
    canvas.text(corner[0], corner[1], f"{index} {spec.id}", 9, fill=INK)
    if not placed.bird_taken:
        bird = (centre[0] + half - 12, centre[1] - half + 12)
        canvas.circle(bird[0], bird[1], 8, fill="#3aa0e0", stroke="#ffffff", stroke_width=1.5)
        canvas.polygon(
            [(bird[0] + 6, bird[1] - 2), (bird[0] + 12, bird[1]), (bird[0] + 6, bird[1] + 2)],
            fill="#f2c417",
        )
    canvas.close()


def _feature(canvas: Canvas, feature: str, at: Point, forward: Point, right: Point) -> None:
    """The mark of a space's feature, drawn in the direction of travel."""
    x, y = at
    if feature == "*":
        canvas.star(x, y, 11, 4.5, fill="#f2c417", stroke="#8a6d00")
    elif feature == "^":
        for k in (-1, 0, 1):
            base = _at(at, (right, k * 9), (forward, -4))
            canvas.polygon(
                [_at(base, (right, -4)), _at(base, (forward, 11)), _at(base, (right, 4))],
                fill="#3d3d3d",
            )
    elif feature == "B":
        canvas.add("ellipse", cx=x, cy=y, rx=11, ry=7, fill="#f2c417", stroke=INK, stroke_width=2)
        canvas.add("line", x1=x, y1=y - 7, x2=x, y2=y + 7, stroke=INK, stroke_width=2.5)
        canvas.text(x, y - 9, "Buzz", 6.5, text_anchor="middle", font_weight="bold")
    elif feature in "<>":
        side = -1.0 if feature == "<" else 1.0
        tip = _at(at, (right, side * 12))
        tail = _at(at, (right, -side * 10))
        canvas.add("line", x1=tail[0], y1=tail[1], x2=x, y2=y, stroke="#1b6f8a", stroke_width=3)
        canvas.polygon([tip, _at(at, (forward, 6)), _at(at, (forward, -6))], fill="#1b6f8a")


def _shortcut(
    canvas: Canvas, subject: Subject, grid: _Grid, shortcut: PlacedShortcut, attempt: bool
) -> None:
    spec = subject.catalogue.shortcuts[shortcut.tile]
    centre = grid.centre(shortcut.x, shortcut.y)
    names = ("north", "east", "south", "west")
    state = "being laid" if attempt else "laid"
    canvas.open(
        f"shortcut tile {spec.id} ({spec.kind}, {state}) at ({shortcut.x}, {shortcut.y}): "
        f"its path joins the {names[shortcut.ends[0]]} and {names[shortcut.ends[1]]} edges"
    )
    half = CELL / 2
    canvas.rect(
        centre[0] - half,
        centre[1] - half,
        CELL,
        CELL,
        fill="#b9dca8",
        stroke="#4d8a3e",
        stroke_dasharray="6 4" if attempt else None,
    )
    (x1, y1), (x2, y2) = (_edge(centre, end) for end in shortcut.ends)
    canvas.add(
        "path",
        d=f"M{x1:.1f},{y1:.1f} Q{centre[0]:.1f},{centre[1]:.1f} {x2:.1f},{y2:.1f}",
        fill="none",
        stroke=SHORTCUT_INK.get(spec.kind, "#8b5a2b"),
        stroke_width=18,
        stroke_opacity=0.6 if attempt else 0.9,
        stroke_linecap="butt",
    )
    canvas.text(centre[0], centre[1] + half - 6, spec.id, 9, text_anchor="middle")
    canvas.close()


def _mega_jumps(canvas: Canvas, subject: Subject, grid: _Grid) -> None:
    """A dashed arrow over each gap the course jumps (``CC-MEGA-JUMP``)."""
    for before, after in zip(subject.course, subject.course[1:], strict=False):
        if abs(after.x - before.x) + abs(after.y - before.y) <= 1:
            continue
        start = _edge(grid.centre(before.x, before.y), after.heading)
        end = _edge(grid.centre(after.x, after.y), after.heading + 2)
        canvas.open(f"a Mega Jump from ({before.x}, {before.y}) to ({after.x}, {after.y})")
        canvas.add(
            "line",
            x1=start[0],
            y1=start[1],
            x2=end[0],
            y2=end[1],
            stroke=ARROW,
            stroke_width=3,
            stroke_dasharray="8 5",
        )
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        canvas.text(
            middle[0],
            middle[1] - 6,
            "Mega Jump",
            11,
            text_anchor="middle",
            fill=ARROW,
            font_weight="bold",
        )
        canvas.close()


def _items(canvas: Canvas, subject: Subject, layout: _Layout) -> None:
    standing = {c.position for c in subject.characters if c.position is not None}
    for item in subject.board:
        _item(canvas, layout, item, item.space in standing)
    for space in subject.face_down:
        at = layout.centre(space)
        if at is None:
            continue
        x, y = (at[0] + 10, at[1] + 10) if space in standing else at
        canvas.open(f"a face-down item token on {space}")
        canvas.rect(x - 9, y - 9, 18, 18, rx=3, fill="#16407a", stroke="#ffffff", stroke_width=1.5)
        canvas.text(x, y + 4, "?", 12, text_anchor="middle", fill="#ffffff", font_weight="bold")
        canvas.close()


def _item(canvas: Canvas, layout: _Layout, item: BoardItem, under: bool) -> None:
    at = layout.centre(item.space)
    if at is None:
        return
    x, y = (at[0] + 10, at[1] + 10) if under else at
    fill, letters = ITEM_LOOKS[item.kind]
    if item.kind is ItemKind.RING:
        canvas.open(f"a stack of {item.count} Ring{'' if item.count == 1 else 's'} on {item.space}")
        canvas.circle(x, y, 9, fill="none", stroke="#b07d00", stroke_width=4)
        canvas.text(x, y + 4, str(item.count), 10, text_anchor="middle", font_weight="bold")
    else:
        canvas.open(f"a {item_text(item.kind)} on {item.space}")
        canvas.rect(x - 10, y - 10, 20, 20, rx=4, fill=fill, stroke="#ffffff", stroke_width=1.5)
        canvas.text(x, y + 4, letters, 9, text_anchor="middle", fill="#ffffff", font_weight="bold")
    canvas.close()


def _characters(canvas: Canvas, subject: Subject, layout: _Layout) -> None:
    for character in subject.characters:
        if character.position is None:
            continue
        at = layout.centre(character.position)
        if at is None:
            continue
        notes = f", {character.damage} damage" if character.damage else ""
        notes += ", knocked down" if character.knocked_down else ""
        canvas.open(
            f"{character_text(character.name)} (seat {character.owner}) on "
            f"{character.position}{notes}"
        )
        _token(canvas, character.name, at[0], at[1], 24, character.knocked_down)
        pip = {"fill": "#d1321f", "stroke": "#ffffff", "stroke_width": 0.8}
        for k in range(character.damage):
            canvas.rect(at[0] - 12 + k * 9, at[1] - 18, 7, 5, **pip)
        canvas.close()


def _token(
    canvas: Canvas, name: Character, x: float, y: float, size: float, down: bool = False
) -> None:
    """A character's token; a knocked-down character's has a dashed edge."""
    fill, shape, letters = LOOKS[name]
    canvas.token(shape, x, y, size, fill, letters, stroke_dasharray="3 2" if down else None)


def _arrow(canvas: Canvas, layout: _Layout, move: object) -> None:
    """A move as an arrow from where it started to where it ended."""
    if not isinstance(move, E.Moved) or move.start is None:
        return
    start, end = layout.centre(move.start), layout.centre(move.end)
    if start is None or end is None or start == end:
        return
    canvas.open(f"last move: {move.describe()}")
    canvas.arrow(start, end, ARROW, 10.0)
    canvas.close()


def _piles(canvas: Canvas, subject: Subject, top: float) -> None:
    pile = sum(subject.pile) if isinstance(subject, State) else subject.pile_size
    tiles = ", ".join(subject.catalogue.tiles[t].id for t in subject.tile_pile)
    words = (
        f"Tile pile {len(subject.tile_pile)} · item pile {pile} · discard {sum(subject.discard)}"
    )
    if subject.variant is not Variant.BEGINNER:
        words += f" · Flicky Birds in the supply {subject.bird_supply}"
    canvas.open(
        f"the piles: {words.replace(' · ', ', ')}" + (f" (tiles: {tiles})" if tiles else "")
    )
    canvas.text(MARGIN, top + 18, words, 12, font_weight="bold")
    canvas.close()


def required_birds(subject: Subject) -> int:
    """Flicky Birds a seat needs (the state's own rule, `State.required_birds`)."""
    return (subject if isinstance(subject, State) else stand_in(subject)).required_birds


def _held(character: Piece | SeenPiece) -> tuple[tuple[ItemKind, ...] | None, int]:
    """The items the picture may show (``None``: face down) and how many are held."""
    if isinstance(character, Piece):
        return character.items, len(character.items)
    return character.items, character.item_count


def _board_words(subject: Subject, character: Piece | SeenPiece) -> str:
    """A character board in words, for its title."""
    beginner = subject.variant is Variant.BEGINNER
    items, count = _held(character)
    shown = "" if items is None else ", ".join(map(item_text, items))
    birds = f"seat {character.owner} has {subject.birds[character.owner]} of "
    birds += f"{required_birds(subject)} Flicky Birds"
    return "; ".join(
        [
            "off the track" if character.position is None else str(character.position),
            f"{character.rings} Rings",
            *([] if beginner else [f"{character.damage} damage"]),
            *(["the Power-Up"] if character.power_up else []),
            f"items: {shown or 'none'}" if items is not None else f"{count} items, face down",
            *([] if beginner else [birds]),
        ]
    )


def _board(canvas: Canvas, subject: Subject, character: Piece | SeenPiece, top: float) -> None:
    name = character_text(character.name)
    acting = subject.to_act == character.owner and acting_character(subject) is character
    canvas.open(f"{name}'s board (seat {character.owner}): {_board_words(subject, character)}")
    canvas.panel(MARGIN - 6, top, canvas.width - 2 * MARGIN + 12, BOARD_ROW - 6, acting)
    _token(canvas, character.name, MARGIN + 14, top + 22, 24, character.knocked_down)
    canvas.text(MARGIN + 34, top + 19, ("▶ " if acting else "") + name, 13, font_weight="bold")
    canvas.text(MARGIN + 34, top + 35, f"seat {character.owner}", 10, fill=GREY)
    x = MARGIN + 140
    if subject.variant is not Variant.BEGINNER:
        red = "#d1321f"
        for k in range(MAX_DAMAGE):
            fill = red if k < character.damage else "none"
            canvas.rect(x + k * 14, top + 14, 11, 16, rx=2, fill=fill, stroke=red, stroke_width=1.5)
        x += 38
    for k in range(MAX_RINGS):
        ring = "#b07d00" if k < character.rings else "#d8d8d8"
        canvas.circle(x + 8 + k * 20, top + 22, 7, fill="none", stroke=ring, stroke_width=3.5)
    x += 68
    if subject.variant is not Variant.BEGINNER:
        held = {"fill": "#f2c417", "stroke": "#8a6d00"} if character.power_up else {"fill": "none"}
        canvas.star(x + 10, top + 22, 11, 4.5, **{"stroke": "#c8c8c8", **held})
        birds = f"Flicky Birds {subject.birds[character.owner]} / {required_birds(subject)}"
        canvas.text(x + 144, top + 27, birds, 12, font_weight="bold", fill="#1b6f8a")
    _held_items(canvas, character, x + 34, top)
    canvas.close()


def _held_items(canvas: Canvas, character: Piece | SeenPiece, x: float, top: float) -> None:
    """The items held: face up, or backs with their count."""
    items, count = _held(character)
    if not count:
        canvas.text(x, top + 27, "no items", 11, fill=GREY)
    elif items is None:
        for k in range(min(count, 2)):
            canvas.rect(x + k * 4, top + 10, 22, 24, rx=3, fill="#16407a", stroke="#ffffff")
        canvas.text(x + 32, top + 27, f"× {count} items", 11)
    for k, kind in enumerate(items or ()):
        fill, letters = ITEM_LOOKS[kind]
        canvas.rect(x + k * 28, top + 10, 24, 24, rx=4, fill=fill)
        canvas.text(x + k * 28 + 12, top + 26, letters, 10, fill="#ffffff", **MIDDLE_BOLD)
