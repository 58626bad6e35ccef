"""Pictures of a position as SVG, for both games (python-chess's ``chess.svg``, here).

`position` draws a state or a seat's view as one self-contained SVG document: no
external font, script, stylesheet or image, and no ``id`` (so several pictures can sit
inline on one page). Every drawn element carries a ``<title>`` a screen reader reads.

>>> import sonic_rules
>>> from sonic_rules import svg
>>> state = sonic_rules.game("super-teams").new_game(4)
>>> picture = svg.position(state, size=480)
>>> picture.startswith("<svg")
True

What a picture shows follows the rulings' "What each seat may see": a `State` drawn
with ``seat=None`` is the referee's picture (every hand and held item face up); a
`State` drawn with ``seat=N`` is the picture of ``observe(state, N)``; a view is drawn
with exactly what it holds (another seat's cards and items as backs with their count).

Each game draws itself in its package's ``picture`` module (the same module name in
both games); this module finds the game of what it is given through the game registry.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Iterable
from types import ModuleType
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from sonic_rules.core.errors import InvalidActionError
from sonic_rules.core.game import Ply
from sonic_rules.core.registry import games

DEFAULT_SIZE = 720
"""The width in pixels of a picture when no ``size`` is given."""

LIGHT = frozenset({"#f2c417", "#f7dc5c", "#ffffff"})
"""Fills light enough to take dark letters."""

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""Font families by name, ending in the generic ``sans-serif``: whatever the reader has
installed draws the text; the picture never loads a font."""


def _number(value: float) -> str:
    """A coordinate with at most one decimal, without trailing zeros."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


class Canvas:
    """An SVG document being drawn: elements in drawing order, each with its own title.

    Coordinates are user units of a ``width`` x ``height`` view box; the document is
    scaled to ``size`` pixels wide.
    """

    def __init__(self, width: float, height: float, title: str) -> None:
        self.width = width
        self.height = height
        self.title = title
        self._parts: list[str] = []

    def open(self, title: str | None = None, **attributes: object) -> None:
        """Start a group ``<g>`` (closed by `close`), with a title when given."""
        self._parts.append(f"<g{_attributes(attributes)}>")
        if title is not None:
            self._parts.append(f"<title>{escape(title)}</title>")

    def close(self) -> None:
        self._parts.append("</g>")

    def add(
        self, tag: str, title: str | None = None, text: str | None = None, **attributes: object
    ) -> None:
        """One element; ``text`` is its content (for ``<text>``), ``title`` its title.

        Attribute names are written with ``_`` as ``-`` (``stroke_width``);
        a trailing ``_`` is dropped (``class_``).
        """
        inner = "" if title is None else f"<title>{escape(title)}</title>"
        if text is not None:
            inner += escape(text)
        if inner:
            self._parts.append(f"<{tag}{_attributes(attributes)}>{inner}</{tag}>")
        else:
            self._parts.append(f"<{tag}{_attributes(attributes)}/>")

    def rect(self, x: float, y: float, width: float, height: float, **attributes: object) -> None:
        """A ``<rect>`` (attributes as in `add`)."""
        self.add("rect", None, None, x=x, y=y, width=width, height=height, **attributes)

    def circle(self, cx: float, cy: float, r: float, **attributes: object) -> None:
        """A ``<circle>`` (attributes as in `add`)."""
        self.add("circle", None, None, cx=cx, cy=cy, r=r, **attributes)

    def polygon(self, points: Iterable[tuple[float, float]], **attributes: object) -> None:
        """A ``<polygon>`` through ``points`` (attributes as in `add`)."""
        self.add("polygon", None, None, points=points_text(points), **attributes)

    def star(self, cx: float, cy: float, outer: float, inner: float, **attributes: object) -> None:
        """A five-pointed star centred on ``(cx, cy)``."""
        self.polygon(
            [
                (
                    cx + (outer, inner)[i % 2] * math.cos(math.pi / 5 * i - math.pi / 2),
                    cy + (outer, inner)[i % 2] * math.sin(math.pi / 5 * i - math.pi / 2),
                )
                for i in range(10)
            ],
            **attributes,
        )

    def token(
        self, shape: str, x: float, y: float, size: float, fill: str, letters: str, **style: object
    ) -> None:
        """A playing piece: a ``circle``, ``square``, ``triangle`` or ``diamond`` of ``fill``
        about ``size`` units wide, centred on ``(x, y)``, with ``letters`` on it."""
        r = size / 2
        style = {"fill": fill, "stroke": "#ffffff", "stroke_width": 1.5, **style}
        if shape == "circle":
            self.circle(x, y, r, **style)
        elif shape == "square":
            self.rect(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8, rx=2, **style)
        elif shape == "triangle":
            self.polygon(
                [(x, y - r * 1.1), (x + r * 1.15, y + r * 0.9), (x - r * 1.15, y + r * 0.9)],
                **style,
            )
        else:
            self.polygon(
                [(x, y - r * 1.15), (x + r * 1.15, y), (x, y + r * 1.15), (x - r * 1.15, y)],
                **style,
            )
        if letters:
            ink = "#1d1d1f" if fill in LIGHT else "#ffffff"
            lift = size * (0.3 if shape == "triangle" else 0.17)
            self.text(
                x,
                y + lift,
                letters,
                size * 0.42,
                text_anchor="middle",
                fill=ink,
                font_weight="bold",
            )

    def arrow(
        self, start: tuple[float, float], end: tuple[float, float], colour: str, bend: float = 0.0
    ) -> None:
        """An arrow from ``start`` to ``end``, bowed sideways by ``bend`` units."""
        (x1, y1), (x2, y2) = start, end
        length = math.hypot(x2 - x1, y2 - y1)
        if length == 0:
            return
        qx = (x1 + x2) / 2 - (y2 - y1) / length * bend
        qy = (y1 + y2) / 2 + (x2 - x1) / length * bend
        angle = math.atan2(y2 - qy, x2 - qx)
        tx, ty = x2 - 8 * math.cos(angle), y2 - 8 * math.sin(angle)
        wing = [
            (tx - 14 * math.cos(angle + a), ty - 14 * math.sin(angle + a)) for a in (-0.45, 0.45)
        ]
        self.add(
            "path",
            d=f"M{x1:.1f},{y1:.1f} Q{qx:.1f},{qy:.1f} {tx:.1f},{ty:.1f}",
            fill="none",
            stroke=colour,
            stroke_width=4,
            stroke_opacity=0.85,
            stroke_linecap="round",
        )
        self.polygon([(tx, ty), *wing], fill=colour, fill_opacity=0.9)

    def panel(self, x: float, y: float, width: float, height: float, marked: bool) -> None:
        """The background of one seat's row; ``marked`` for the one to act."""
        self.rect(
            x,
            y,
            width,
            height,
            rx=6,
            fill="#fff4d6" if marked else "#f3f3f3",
            stroke="#ff7a00" if marked else "#cfcfcf",
            stroke_width=2 if marked else 1,
        )

    def text(
        self, x: float, y: float, content: str, size: float = 12, **attributes: object
    ) -> None:
        """A line of text at ``(x, y)`` (its baseline; ``text_anchor`` as in SVG)."""
        attributes.setdefault("fill", "#1d1d1f")
        self.add("text", None, content, x=x, y=y, font_size=size, **attributes)

    def render(self, size: int) -> str:
        """The whole document, ``size`` pixels wide."""
        height = size * self.height / self.width
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" role="img"'
            f' width="{size}" height="{_number(height)}"'
            f' viewBox="0 0 {_number(self.width)} {_number(self.height)}"'
            f" font-family={quoteattr(FONT)}>"
        )
        return "".join([head, f"<title>{escape(self.title)}</title>", *self._parts, "</svg>"])


def points_text(points: Iterable[tuple[float, float]]) -> str:
    """``x,y x,y ...`` for a polygon or polyline."""
    return " ".join(f"{_number(x)},{_number(y)}" for x, y in points)


def _attributes(attributes: dict[str, object]) -> str:
    out = []
    for name, value in attributes.items():
        if value is None:
            continue
        key = name.rstrip("_").replace("_", "-")
        shown = _number(value) if isinstance(value, float) else str(value)
        out.append(f" {key}={quoteattr(shown)}")
    return "".join(out)


def _game_package(subject: object) -> ModuleType:
    """The package of the registered game whose state or view ``subject`` is."""
    for game in games():
        package = importlib.import_module(game.State.__module__.rpartition(".")[0])
        if isinstance(subject, (game.State, package.View)):
            return package
    known = ", ".join(f"a {game.title} State or View" for game in games())
    raise TypeError(f"state_or_view must be {known}, got {type(subject).__name__}")


def picture_module(subject: object) -> tuple[ModuleType, ModuleType]:
    """The game package of ``subject`` and the game's ``picture`` module.

    Raises ``TypeError`` naming ``state_or_view`` for anything else.
    """
    package = _game_package(subject)
    return package, importlib.import_module(f"{package.__name__}.picture")


def seen(subject: object, seat: object) -> Any:
    """What a picture of ``subject`` for ``seat`` shows: a state (seat ``None``), or a view.

    A state with a seat gives ``observe(state, seat)``; a view is kept as it is, and may
    only be drawn for its own seat. A seat of the wrong type raises ``TypeError`` naming
    ``seat``; a seat out of range, the game's ``observe`` error (``InvalidActionError``).
    """
    package, _ = picture_module(subject)
    if seat is not None and type(seat) is not int:
        raise TypeError(f"seat must be an int seat or None, got {seat!r}")
    if isinstance(subject, package.View):
        if seat is not None and seat != subject.seat:
            raise InvalidActionError(
                f"this view is what {_viewer(subject.seat)} sees: "
                f"it cannot be drawn for seat {seat}"
            )
        return subject
    return subject if seat is None else package.observe(subject, seat)


def description(state_or_view: object) -> str:
    """The text under a picture: a view's own description, or the game's description of a
    state (the referee's: everything)."""
    package, _ = picture_module(state_or_view)
    if isinstance(state_or_view, package.View):
        return str(state_or_view.describe())
    return str(package.describe_state(state_or_view))


def _viewer(seat: int | None) -> str:
    return "the spectator" if seat is None else f"seat {seat}"


def position(
    state_or_view: object,
    *,
    size: int = DEFAULT_SIZE,
    seat: int | None = None,
    last_action: object = None,
    highlight: Iterable[object] = (),
) -> str:
    """The position as a self-contained SVG document, ``size`` pixels wide.

    ``state_or_view``: a state or a view of either game. A state with ``seat=None`` is
    drawn as the referee sees it (everything face up); ``seat=N`` draws what seat ``N``
    sees (`observe`); a view is drawn as it is (``seat``, if given, must be the view's).

    ``last_action``: the last action, drawn as a caption (on the referee's picture only:
    an action can name a hidden card), or a `Ply` (from ``play_game(...).plies``, or
    ``Ply(seat, action, tuple(events))`` from ``step``), whose public moves are also
    drawn as arrows from where each move started to where it ended.

    ``highlight``: places to outline: board space numbers (Super Teams) or
    ``Space`` values (Crash Course).

    A wrong type raises ``TypeError`` naming the parameter; a seat out of range, the
    ``InvalidActionError`` of ``observe``.
    """
    if type(size) is not int or size <= 0:
        raise TypeError(f"size must be a positive int (pixels), got {size!r}")
    subject = seen(state_or_view, seat)
    _, picture = picture_module(state_or_view)
    if isinstance(highlight, (str, bytes)) or not isinstance(highlight, Iterable):
        raise TypeError(f"highlight must be an iterable of places, got {highlight!r}")
    marked = tuple(highlight)
    action, moves = _last(picture, subject, last_action)
    canvas: Canvas = picture.draw(subject, action=action, moves=moves, highlight=marked)
    return canvas.render(size)


def _last(
    picture: ModuleType, subject: object, last_action: object
) -> tuple[object, tuple[Any, ...]]:
    """The action to caption and the move events to draw as arrows."""
    if last_action is None:
        return None, ()
    if isinstance(last_action, Ply):
        action, events = last_action.action, last_action.events
    else:
        action, events = last_action, ()
    if not picture.is_action(action):
        raise TypeError(f"last_action must be an action of this game or a Ply, got {last_action!r}")
    return action, tuple(event for event in events if picture.is_move(event))
