"""Sonic Super Teams drawn as SVG (reached through `sonic_rules.svg.position`).

The track runs as a serpentine, rows of spaces alternately left to right and right to
left, from the start to the finish flag; every space kind has its own colour and mark,
a double space is split corner to corner into its two halves, and each loop is a band
behind its run of spaces. The characters are tokens in their colour with their
initials, and each colour also has its own shape (blue a circle, red a square, black a
triangle, yellow a diamond) so the four stay apart for colour-blind readers. Under the
track: each seat's hand (face up when the picture may show it, else card backs with a
count), the piles' sizes, and what the game waits for.
"""

from __future__ import annotations

import math

import attrs

from sonic_rules.super_teams import events as ev
from sonic_rules.super_teams.actions import ACTION_TYPES
from sonic_rules.super_teams.board import Board, SpaceKind, Surface
from sonic_rules.super_teams.cards import BonusKind, Card, Character, Colour
from sonic_rules.super_teams.describe import describe_action
from sonic_rules.super_teams.options import seat_colours
from sonic_rules.super_teams.phases import Phase
from sonic_rules.super_teams.state import Piece, State
from sonic_rules.super_teams.views import View
from sonic_rules.svg import Canvas, points_text

COLUMNS = 13
CELL = 56.0
SPACE = 48.0
MARGIN = 20.0
ROW_PITCH = 78.0
HEADER = 74.0
SEAT_ROW = 58.0

COLOURS = {
    Colour.BLUE: "#1f5fbf",
    Colour.RED: "#d1321f",
    Colour.BLACK: "#262626",
    Colour.YELLOW: "#f2c417",
}
"""Each team colour as drawn; the token's shape and letters tell them apart as well."""
SHAPES = {
    Colour.BLUE: "circle",
    Colour.RED: "square",
    Colour.BLACK: "triangle",
    Colour.YELLOW: "diamond",
}
INITIALS = {
    Character.SONIC: "So",
    Character.TAILS: "Ta",
    Character.AMY: "Am",
    Character.KNUCKLES: "Kn",
    Character.SHADOW: "Sh",
    Character.SILVER: "Si",
    Character.METAL_SONIC: "MS",
    Character.ROUGE: "Ro",
}
SURFACE_FILL = {Surface.NORMAL: "#7cc36b", Surface.RINGS: "#f7dc5c", Surface.SPIKES: "#a3a8ae"}
SPACE_FILL = {
    SpaceKind.START: "#fafafa",
    SpaceKind.GRASS: "#7cc36b",
    SpaceKind.BRIDGE: "#c8955a",
    SpaceKind.BONUS: "#8a63d2",
    SpaceKind.RINGS: SURFACE_FILL[Surface.RINGS],
    SpaceKind.SPIKES: SURFACE_FILL[Surface.SPIKES],
    SpaceKind.LOOP: "#4a8ad8",
}
BONUS_SHORT = {
    BonusKind.SPEED: "Spd",
    BonusKind.DEXTERITY: "Dex",
    BonusKind.SUPERBONUS: "Sup",
    BonusKind.SHIELD: "Shd",
    BonusKind.SUPER_JUMP: "Jmp",
}
ARROW = "#e0218a"
HIGHLIGHT = "#ff7a00"


def is_action(value: object) -> bool:
    """``value`` is a Super Teams action."""
    return type(value) in ACTION_TYPES


def is_move(event: object) -> bool:
    """``event`` moved a character along the track (public to every seat)."""
    return isinstance(event, (ev.Moved, ev.FellBack, ev.ThroughLoop, ev.SuperJumped))


@attrs.frozen
class _Seat:
    """One seat as the picture may show it: cards ``None`` when hidden, with the counts."""

    cards: tuple[Card, ...] | None
    card_count: int
    bonus: tuple[BonusKind, ...] | None
    bonus_count: int


def seats(subject: State | View) -> list[_Seat]:
    if isinstance(subject, State):
        return [
            _Seat(hand, len(hand), bonus, len(bonus))
            for hand, bonus in zip(subject.hands, subject.bonus_hands, strict=True)
        ]
    out = []
    for seat in range(subject.players):
        own = seat == subject.seat
        out.append(
            _Seat(
                subject.hand if own else None,
                subject.hand_sizes[seat],
                subject.bonus_hand if own else None,
                subject.bonus_hand_sizes[seat],
            )
        )
    return out


# -- geometry ---------------------------------------------------------------------------------


def _cell(index: int) -> tuple[int, int]:
    """Row and column of the ``index``-th cell of the serpentine."""
    row, step = divmod(index, COLUMNS)
    return row, step if row % 2 == 0 else COLUMNS - 1 - step


def _centre(index: int) -> tuple[float, float]:
    row, column = _cell(index)
    return MARGIN + column * CELL + CELL / 2, HEADER + row * ROW_PITCH + CELL / 2


def _finish_box(board: Board) -> tuple[float, float, float, float]:
    """The finish flag's box ``(x, y, width, height)``: the cells after the last space."""
    n = len(board)
    row, column = _cell(n)
    span = 3
    forward = row % 2 == 0
    room = COLUMNS - column if forward else column + 1
    span = max(1, min(span, room))
    first = column if forward else column - span + 1
    x = MARGIN + first * CELL + (CELL - SPACE) / 2
    y = HEADER + row * ROW_PITCH + (CELL - SPACE) / 2
    return x, y, span * CELL - (CELL - SPACE), SPACE


def _place(board: Board, position: int) -> tuple[float, float]:
    """The centre of a space, or of the finish flag for ``len(board)`` and beyond."""
    if position < len(board):
        return _centre(position)
    x, y, width, height = _finish_box(board)
    return x + width / 2, y + height / 2


# -- drawing ----------------------------------------------------------------------------------


def draw(
    subject: State | View,
    *,
    action: object,
    moves: tuple[object, ...],
    highlight: tuple[object, ...],
) -> Canvas:
    """The picture of ``subject`` (a state: the referee's picture; a view: the seat's)."""
    board = subject.board
    for place in highlight:
        if type(place) is not int:
            raise TypeError(f"highlight must hold space numbers (int), got {place!r}")
        if not 0 <= place < len(board):
            raise ValueError(f"highlight: no space {place} on a board of {len(board)} spaces")
    rows = _cell(len(board))[0] + 1
    shown_seats = seats(subject)
    track_bottom = HEADER + rows * ROW_PITCH
    height = track_bottom + 34 + SEAT_ROW * subject.players + 12
    width = 2 * MARGIN + COLUMNS * CELL
    canvas = Canvas(width, height, _title(subject))
    canvas.rect(0, 0, width, height, fill="#ffffff")
    _header(canvas, subject, action)
    _track(canvas, board)
    for index, space in enumerate(board.spaces):
        _space(canvas, index, space, index in highlight)
    _finish(canvas, board)
    _pieces(canvas, subject.pieces, board)
    for move in moves:
        _arrow(canvas, board, move)
    _piles(canvas, subject, track_bottom)
    for seat, shown in enumerate(shown_seats):
        _seat(canvas, subject, seat, shown, track_bottom + 34 + seat * SEAT_ROW)
    return canvas


def viewer(subject: State | View) -> str:
    if isinstance(subject, State):
        return "the referee's picture: every hand face up"
    return "as the spectator sees it" if subject.seat is None else f"as seat {subject.seat} sees it"


def _title(subject: State | View) -> str:
    return f"Sonic Super Teams, {subject.players} players, {viewer(subject)}: {status(subject)}"


def status(subject: State | View) -> str:
    """Who acts and what the game waits for, in words."""
    phase = subject.phase
    pending = subject.pending
    if phase is Phase.GAME_OVER:
        winners = subject.winners
        if not winners:
            return "the game is over, nobody won"
        return "the game is over: " + " and ".join(f"seat {s}" for s in winners) + " won"
    if phase is Phase.DEAL:
        return f"chance deals a card to seat {subject.deal_next}"
    if phase is Phase.BONUS_DRAW:
        return f"chance gives seat {subject.bonus_queue[0]} the top bonus card"
    if phase is Phase.SUPER_JUMP_TARGET:
        return f"seat {subject.jumper} chooses the character that Super Jumps"
    if phase is Phase.PLAY:
        return f"seat {subject.turn} plays a movement card"
    if pending is None:
        return f"{phase.value}: seat {subject.turn}"
    played = f"seat {pending.seat} played {pending.card} on {pending.character}"
    if pending.bonuses:
        played += " with " + ", ".join(str(kind) for kind in pending.bonuses)
    if phase is Phase.RESPONSE:
        return f"{played}; seat {pending.responders[0]} may play a bonus card or pass"
    return f"{played}; seat {pending.seat} chooses the half it stands on"


def _header(canvas: Canvas, subject: State | View, action: object) -> None:
    title = f"Sonic Super Teams · {subject.players} players · turn {subject.turns_played + 1}"
    canvas.text(MARGIN, 24, title, 17, font_weight="bold")
    canvas.text(MARGIN, 44, status(subject), 13)
    words = viewer(subject)
    if isinstance(subject, State) and action is not None:
        words = f"last: {describe_action(action)}"  # type: ignore[arg-type]
    canvas.text(MARGIN, 62, words, 11, fill=GREY)


GREY = "#555555"
INK = "#1d1d1f"
EDGE = {"stroke": "#3b3b3b", "stroke_width": 1}
BAND = {"fill": "none", "stroke_linejoin": "round", "stroke_linecap": "round"}


def _track(canvas: Canvas, board: Board) -> None:
    """The track's path through every space to the finish, and a band for each loop."""
    points = [_centre(i) for i in range(len(board))] + [_place(board, len(board))]
    title = "the track, from the start to the finish line"
    canvas.add(
        "polyline", title, points=points_text(points), stroke="#d9d2c3", stroke_width=20, **BAND
    )
    for loop in board.loops:
        run = points_text(_centre(i) for i in range(loop.first, loop.last + 1))
        title = (
            f"a loop, spaces {loop.first} to {loop.last}: a move ending in it falls back to "
            f"space {loop.fallback}"
        )
        canvas.add(
            "polyline",
            title,
            points=run,
            stroke="#1d4f91",
            stroke_width=CELL + 4,
            stroke_opacity=0.35,
            **BAND,
        )


def _space(canvas: Canvas, index: int, space: SpaceKind, marked: bool) -> None:
    cx, cy = _centre(index)
    x, y, s = cx - SPACE / 2, cy - SPACE / 2, SPACE
    title = f"space {index}: {space.display_name}"
    halves = space.halves
    if halves is not None:
        title += f" (double: the {halves[0]} half top left, the {halves[1]} half bottom right)"
    canvas.open(title)
    if halves is None:
        canvas.rect(x, y, s, s, rx=5, fill=SPACE_FILL[space], **EDGE)
        _space_mark(canvas, space, cx, cy)
    else:
        canvas.polygon([(x, y), (x + s, y), (x, y + s)], fill=SURFACE_FILL[halves[0]], **EDGE)
        canvas.polygon(
            [(x + s, y), (x + s, y + s), (x, y + s)], fill=SURFACE_FILL[halves[1]], **EDGE
        )
        _surface_mark(canvas, halves[0], x + s * 0.3, y + s * 0.3)
        _surface_mark(canvas, halves[1], x + s * 0.7, y + s * 0.7)
    canvas.text(x + 3, y + 10, str(index), 8, fill="#ffffff" if space is SpaceKind.BONUS else INK)
    if marked:
        canvas.rect(x - 3, y - 3, s + 6, s + 6, rx=7, fill="none", stroke=HIGHLIGHT, stroke_width=4)
    canvas.close()


def _space_mark(canvas: Canvas, space: SpaceKind, cx: float, cy: float) -> None:
    """The mark that tells a kind of space apart without its colour."""
    if space is SpaceKind.START:
        for i, j in ((0, 0), (2, 0), (1, 1), (3, 1)):
            canvas.rect(cx - 16 + i * 8, cy + 6 + j * 6, 8, 6, fill=INK)
        canvas.text(cx, cy + 1, "START", 10, text_anchor="middle", font_weight="bold")
    elif space is SpaceKind.BRIDGE:
        for dx in (-12, -4, 4, 12):
            canvas.add(
                "line",
                x1=cx + dx,
                y1=cy - 18,
                x2=cx + dx,
                y2=cy + 18,
                stroke="#7a5230",
                stroke_width=2,
            )
    elif space is SpaceKind.BONUS:
        canvas.star(cx, cy + 2, 13, 5.5, fill="#ffe14d", stroke="#5a3d91")
    elif space is SpaceKind.LOOP:
        canvas.circle(cx, cy + 2, 13, fill="none", stroke="#ffffff", stroke_width=4)
    else:
        surface = space.surface
        assert surface is not None
        _surface_mark(canvas, surface, cx, cy + (12 if space is SpaceKind.GRASS else 2))


def _surface_mark(canvas: Canvas, surface: Surface, cx: float, cy: float) -> None:
    if surface is Surface.RINGS:
        canvas.circle(cx, cy, 8, fill="none", stroke="#b07d00", stroke_width=3.5)
        return
    for dx in (-8, 0, 8):
        if surface is Surface.SPIKES:
            canvas.polygon(
                [(cx + dx - 4, cy + 5), (cx + dx, cy - 7), (cx + dx + 4, cy + 5)], fill="#3d3d3d"
            )
        else:
            canvas.add(
                "path",
                d=f"M{cx + dx - 3:.0f},{cy + 3:.0f} l3,-7 l3,7",
                fill="none",
                stroke="#3e7d33",
                stroke_width=1.5,
            )


def _finish(canvas: Canvas, board: Board) -> None:
    x, y, width, height = _finish_box(board)
    canvas.open(f"the finish line, after space {len(board) - 1}: characters that crossed it")
    canvas.rect(x, y, width, height, rx=5, fill="#ffffff", stroke=INK, stroke_width=2)
    for i in range(int(width // 8)):
        for j in range(2):
            if (i + j) % 2 == 0:
                canvas.rect(x + i * 8, y + j * 6, 8, 6, fill=INK)
    canvas.text(x + width / 2, y - 4, "FINISH", 10, text_anchor="middle", font_weight="bold")
    canvas.close()


def _slots(
    count: int, cx: float, cy: float, wide: float
) -> tuple[list[tuple[float, float]], float]:
    """Where ``count`` tokens go around ``(cx, cy)`` in a box ``wide`` units wide; their size."""
    columns = 1 if count == 1 else 2 if count <= 4 else 3 if count <= 9 else 4
    lines = math.ceil(count / columns)
    size = min(wide / columns, (SPACE - 4) / lines, 30.0)
    return [
        (
            cx + (n % columns - (columns - 1) / 2) * size,
            cy + (n // columns - (lines - 1) / 2) * size,
        )
        for n in range(count)
    ], size


def _pieces(canvas: Canvas, pieces: tuple[Piece, ...], board: Board) -> None:
    groups: dict[tuple[int, Surface | None], list[Piece]] = {}
    finish = len(board)
    for piece in sorted(pieces, key=lambda p: p.character.order):
        key = (min(piece.position, finish), piece.half if piece.position < finish else None)
        groups.setdefault(key, []).append(piece)
    for (position, half), group in groups.items():
        cx, cy = _place(board, position)
        wide = SPACE - 4
        if position >= finish:
            wide, cy = _finish_box(board)[2] - 4, cy + 2
        elif half is not None:
            shift = -10 if half is (board[position].halves or (None,))[0] else 10
            cx, cy, wide = cx + shift, cy + shift, SPACE / 2
        slots, size = _slots(len(group), cx, cy, wide)
        for piece, (x, y) in zip(group, slots, strict=True):
            _token(canvas, piece, board, x, y, size * 0.92)


def _token(canvas: Canvas, piece: Piece, board: Board, x: float, y: float, size: float) -> None:
    character = piece.character
    colour = character.colour
    if piece.position >= len(board):
        where = "across the finish line"
    else:
        where = f"on space {piece.position} ({board[piece.position].display_name})"
        where += "" if piece.half is None else f", {piece.half} half"
    canvas.open(f"{character} ({colour}, {SHAPES[colour]}) {where}")
    _shape(canvas, colour, x, y, size, INITIALS[character])
    canvas.close()


def _shape(
    canvas: Canvas, colour: Colour, x: float, y: float, size: float, letters: str = ""
) -> None:
    """A token of ``colour``: its fill, and its shape (circle, square, triangle, diamond)."""
    edge = INK if colour is Colour.YELLOW else "#ffffff"
    canvas.token(SHAPES[colour], x, y, size, COLOURS[colour], letters, stroke=edge)


def _move_ends(board: Board, move: object) -> tuple[int, int] | None:
    """Where a move event started and ended (``len(board)``: the finish)."""
    if isinstance(move, ev.Moved):
        return move.start, move.end
    if isinstance(move, ev.FellBack):
        return move.loop_space, move.end
    if isinstance(move, ev.ThroughLoop):
        return move.loop_space, len(board) if move.end is None else move.end
    if isinstance(move, ev.SuperJumped) and move.end is not None:
        return move.start, move.end
    return None


def _arrow(canvas: Canvas, board: Board, move: object) -> None:
    """A move as an arrow from its start to where it ended."""
    ends = _move_ends(board, move)
    if ends is None:
        return
    start, end = _place(board, ends[0]), _place(board, min(ends[1], len(board)))
    if start == end:
        return
    canvas.open(f"last move: {move.describe()}")  # type: ignore[attr-defined]
    canvas.arrow(start, end, ARROW, min(40.0, 12 + math.dist(start, end) * 0.15))
    canvas.close()


def _piles(canvas: Canvas, subject: State | View, top: float) -> None:
    if isinstance(subject, State):
        deck, bonus_deck = len(subject.deck), len(subject.bonus_deck)
    else:
        deck, bonus_deck = subject.deck_size, subject.bonus_deck_size
    words = (
        f"Deck {deck} · discard {len(subject.discard)} · "
        f"bonus deck {bonus_deck} · bonus discard {len(subject.bonus_discard)}"
    )
    canvas.open(f"the piles: {words.replace(' · ', ', ')} cards")
    canvas.text(MARGIN, top + 18, words, 12, font_weight="bold")
    canvas.close()


def _seat(canvas: Canvas, subject: State | View, seat: int, shown: _Seat, top: float) -> None:
    colours = seat_colours(subject.players, subject.options)[seat]
    acting = subject.to_act == seat
    side = seat % 2 if subject.players == 4 else seat
    won = seat in subject.winners
    notes = (": to act" if acting else "") + (", won" if won else "")
    names = " + ".join(str(colour) for colour in colours)
    canvas.open(f"seat {seat}, side {side}, holds {names}{notes}")
    canvas.panel(MARGIN - 6, top, COLUMNS * CELL + 12, SEAT_ROW - 6, acting)
    canvas.text(
        MARGIN + 2, top + 20, ("▶ " if acting else "") + f"Seat {seat}", 13, font_weight="bold"
    )
    canvas.text(MARGIN + 2, top + 38, f"side {side}" + (" · won" if won else ""), 10, fill=GREY)
    for n, colour in enumerate(colours):
        _shape(canvas, colour, MARGIN + 88 + n * 20, top + 16, 14)
    canvas.close()
    x, y = MARGIN + 140, top + 8
    if shown.cards is None:
        title = f"seat {seat}'s hand: {shown.card_count} cards, face down"
        x = _backs(canvas, x, y, shown.card_count, title, "#16407a")
    else:
        for card in shown.cards:
            _card(canvas, card, x, y, seat)
            x += 30
    x += 16
    if shown.bonus is None:
        title = f"seat {seat}'s bonus cards: {shown.bonus_count}, face down"
        _backs(canvas, x, y, shown.bonus_count, title, "#5a3d91")
        return
    for kind in shown.bonus:
        canvas.open(f"seat {seat} holds a {kind} bonus card")
        canvas.rect(x, y, 34, 38, rx=4, fill="#efe6ff", stroke="#5a3d91", stroke_width=1.5)
        canvas.text(
            x + 17,
            y + 23,
            BONUS_SHORT[kind],
            10,
            text_anchor="middle",
            font_weight="bold",
            fill="#3b2470",
        )
        canvas.close()
        x += 38


def _backs(canvas: Canvas, x: float, y: float, count: int, title: str, fill: str) -> float:
    """A small stack of card backs and their count."""
    canvas.open(title)
    for n in range(min(count, 3)):
        canvas.rect(x + n * 4, y, 26, 38, rx=3, fill=fill, stroke="#ffffff", stroke_width=1.5)
    canvas.text(x + 38, y + 24, f"× {count}", 12, fill="#333333")
    canvas.close()
    return x + 80


def _card(canvas: Canvas, card: Card, x: float, y: float, seat: int) -> None:
    canvas.open(f"seat {seat} holds {card}")
    colour = card.colour
    edge = "#8a63d2" if colour is None else COLOURS[colour]
    canvas.rect(x, y, 26, 38, rx=3, fill="#ffffff", stroke=edge, stroke_width=2.5)
    if colour is None:
        canvas.star(x + 13, y + 17, 9, 4, fill=edge)
        canvas.text(x + 13, y + 34, "SP", 8, text_anchor="middle", font_weight="bold")
    else:
        _shape(canvas, colour, x + 13, y + 10, 10)
        ink = "#8a6d00" if colour is Colour.YELLOW else edge
        canvas.text(
            x + 13, y + 33, str(card.value), 14, text_anchor="middle", font_weight="bold", fill=ink
        )
    canvas.close()
