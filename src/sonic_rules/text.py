"""Pictures of a position for the terminal: box-drawing characters, colours when it has them.

>>> import sonic_rules
>>> from sonic_rules import text
>>> state = sonic_rules.game("super-teams").new_game(2)
>>> print(text.picture(state, colour=False).splitlines()[0])
Sonic Super Teams · 2 players · turn 1

`picture` shows what `sonic_rules.svg.position` shows, with the same rules for what a
seat may see: a state with ``seat=None`` is the referee's picture, ``seat=N`` draws
``observe(state, N)``, a view is drawn as it is. Colours come from
[rich](https://rich.readthedocs.io) when the terminal supports them (``colour=None``,
the default, asks rich; ``NO_COLOR`` is respected); the plain picture carries the same
information in letters, so nothing depends on colour.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from rich.console import Console
from rich.text import Text

from sonic_rules import svg
from sonic_rules.crash_course import picture as cc_picture
from sonic_rules.crash_course.events import character_text, item_text
from sonic_rules.crash_course.state import ItemKind, Space
from sonic_rules.crash_course.tiles import LANES, ROWS, effective_turn, oriented_features
from sonic_rules.super_teams import picture as st_picture
from sonic_rules.super_teams.board import SpaceKind
from sonic_rules.super_teams.cards import Colour
from sonic_rules.super_teams.options import seat_colours

PER_LINE = 10
"""Super Teams spaces per line of the track."""
CELL = 6

TEAM_STYLE = {
    Colour.BLUE: "bold bright_blue",
    Colour.RED: "bold red",
    Colour.BLACK: "bold black on white",
    Colour.YELLOW: "bold yellow",
}
SPACE_STYLE = {
    SpaceKind.START: "bold",
    SpaceKind.GRASS: "green",
    SpaceKind.BRIDGE: "dark_orange3",
    SpaceKind.BONUS: "bold magenta",
    SpaceKind.RINGS: "bold yellow",
    SpaceKind.SPIKES: "bold bright_black",
    SpaceKind.LOOP: "bold blue",
}
CHARACTER_STYLE = {
    "sonic": "bold bright_blue",
    "tails": "bold dark_orange",
    "knuckles": "bold red",
    "eggman": "bold magenta",
}
FEATURE_TEXT = {".": ("·", "dim"), "*": ("*", "yellow"), "^": ("^", "bold"), "B": ("B", "yellow")}
FEATURE_TEXT["<"] = ("↑", "cyan")
FEATURE_TEXT[">"] = ("↓", "cyan")
ITEM_LETTERS = {
    ItemKind.SPRING: "s",
    ItemKind.BOOSTER: "b",
    ItemKind.CRABMEAT: "c",
    ItemKind.RING: "r",
}


def picture(state_or_view: object, *, seat: int | None = None, colour: bool | None = None) -> str:
    """The position as lines of text; with ANSI colours when ``colour`` (``None``: when the
    terminal supports them). Errors as `sonic_rules.svg.position` raises them."""
    if colour is not None and type(colour) is not bool:
        raise TypeError(f"colour must be True, False or None, got {colour!r}")
    subject = svg.seen(state_or_view, seat)
    package, _ = svg.picture_module(state_or_view)
    drawn = _DRAWERS[package.__name__](subject)
    console = Console(highlight=False)
    if colour is None:
        colour = console.is_terminal and console.color_system is not None
    if not colour:
        return drawn.plain
    # The terminal's own colours when it has more than the 16 standard ones.
    system = console.color_system
    wide: Literal["256", "truecolor", "standard"] = (
        "truecolor" if system == "truecolor" else "256" if system == "256" else "standard"
    )
    console = Console(force_terminal=True, color_system=wide, width=200)
    with console.capture() as captured:
        console.print(drawn, end="", soft_wrap=True, highlight=False)
    return captured.get()


def _line(*parts: tuple[str, str] | str) -> Text:
    text = Text()
    for part in parts:
        if isinstance(part, str):
            text.append(part)
        else:
            text.append(*part)
    return text


# -- Sonic Super Teams ------------------------------------------------------------------------


def _super_teams(subject: Any) -> Text:
    board = subject.board
    lines = [
        _line(
            (
                f"Sonic Super Teams · {subject.players} players · turn {subject.turns_played + 1}",
                "bold",
            )
        ),
        _line(st_picture.status(subject)),
        _line((st_picture.viewer(subject), "dim")),
    ]
    at: dict[int, list[Any]] = {}
    for piece in sorted(subject.pieces, key=lambda p: p.character.order):
        at.setdefault(min(piece.position, len(board)), []).append(piece)
    above = 0
    for first in range(0, len(board), PER_LINE):
        spaces = range(first, min(first + PER_LINE, len(board)))
        lines.append(_line(_border(above, len(spaces))))
        top, bottom = Text("│"), Text("│")
        for index in spaces:
            space = board[index]
            top.append(f"{index:<2}")
            top.append(f"{space.value:>{CELL - 2}}", SPACE_STYLE.get(space, "bold yellow"))
            top.append("│")
            _pieces_cell(bottom, at.get(index, []))
            bottom.append("│")
        lines += [top, bottom]
        above = len(spaces)
    lines.append(_line(_border(above, 0)))
    finish = Text("Finish line: ")
    _names(finish, at.get(len(board), []), "nobody yet")
    lines.append(finish)
    for piece in subject.pieces:
        if piece.half is not None and piece.position < len(board):
            lines.append(
                _line(
                    f"{piece.character} stands on the {piece.half} half of space {piece.position}"
                )
            )
    lines.append(
        _line(
            ("Deck, discard, bonus deck, bonus discard: ", "bold"),
            ", ".join(map(str, _pile_sizes(subject))),
        )
    )
    for seat, shown in enumerate(st_picture.seats(subject)):
        lines.append(_seat_line(subject, seat, shown))
    return Text("\n").join(lines)


def _border(above: int, below: int) -> str:
    """The line between a row of ``above`` cells and one of ``below`` (0: none)."""
    if not above:
        return "┌" + "┬".join("─" * CELL for _ in range(below)) + "┐"
    if not below:
        return "└" + "┴".join("─" * CELL for _ in range(above)) + "┘"
    line = "├"
    for column in range(above):
        line += "─" * CELL
        if column < above - 1:
            line += "┼" if column < below else "┴"
    return line + ("┤" if below == above else "┘")


def _pieces_cell(cell: Text, pieces: list[Any]) -> None:
    """Up to three characters' initials; beyond that two and how many more."""
    shown = pieces if len(pieces) <= CELL // 2 else pieces[:2]
    for piece in shown:
        cell.append(st_picture.INITIALS[piece.character], TEAM_STYLE[piece.character.colour])
    more = f"+{len(pieces) - len(shown)}" if len(pieces) > len(shown) else ""
    cell.append(more, "bold")
    cell.append(" " * (CELL - 2 * len(shown) - len(more)))


def _names(text: Text, pieces: list[Any], none: str) -> None:
    if not pieces:
        text.append(none, "dim")
    for number, piece in enumerate(pieces):
        text.append(", " if number else "")
        text.append(
            f"{piece.character} ({st_picture.INITIALS[piece.character]})",
            TEAM_STYLE[piece.character.colour],
        )


def _count(number: int, what: str) -> str:
    return f"{number} {what}{'' if number == 1 else 's'}"


def _pile_sizes(subject: Any) -> tuple[int, int, int, int]:
    if hasattr(subject, "deck_size"):
        deck, bonus = subject.deck_size, subject.bonus_deck_size
    else:
        deck, bonus = len(subject.deck), len(subject.bonus_deck)
    return deck, len(subject.discard), bonus, len(subject.bonus_discard)


def _seat_line(subject: Any, seat: int, shown: Any) -> Text:
    acting = subject.to_act == seat
    text = Text("▶ " if acting else "  ", "bold")
    text.append(f"seat {seat} (", "bold" if acting else "")
    for number, colour in enumerate(seat_colours(subject.players, subject.options)[seat]):
        text.append("+" if number else "")
        text.append(str(colour), TEAM_STYLE[colour])
    text.append("): ")
    if shown.cards is None:
        text.append(_count(shown.card_count, "card") + " face down", "dim")
    else:
        for number, card in enumerate(shown.cards):
            text.append(" " if number else "")
            text.append(
                str(card), "bold magenta" if card.colour is None else TEAM_STYLE[card.colour]
            )
        if not shown.cards:
            text.append("no cards", "dim")
    text.append(" | ")
    if shown.bonus is None:
        text.append(_count(shown.bonus_count, "bonus card") + " face down", "dim")
    else:
        text.append(", ".join(str(kind) for kind in shown.bonus) or "no bonus cards", "magenta")
    if seat in subject.winners:
        text.append("  won", "bold green")
    return text


# -- Crash Course ---------------------------------------------------------------------------


KEY = (
    "S T K E characters, s b c r items (r + count: a ring stack), ? face down, "
    "↑↓ arrow spaces, ↰↱ corners, • a Flicky Bird to take, ┆ a Mega Jump"
)


def _crash_course(subject: Any) -> Text:
    lines = [
        _line((f"Crash Course · {subject.variant.value} · {subject.players} players", "bold")),
        _line(cc_picture.status(subject), (_also(cc_picture.drawn_words(subject)), "dim")),
        _line((cc_picture.viewer(subject), "dim")),
        _line(
            "The course, rearmost tile first, unrolled: lanes left to right are lines top to "
            "bottom, rows run left to right."
        ),
        *_course(subject),
        _line(("Key: ", "dim"), (KEY, "dim")),
    ]
    for shortcut in (*subject.shortcuts, *subject.shortcut_attempt):
        spec = subject.catalogue.shortcuts[shortcut.tile]
        where = f"({shortcut.x}, {shortcut.y})"
        lines.append(_line(f"Shortcut tile {spec.id} ({spec.kind}) at {where}"))
    pile = sum(subject.pile) if hasattr(subject, "pile") else subject.pile_size
    piles = f"{len(subject.tile_pile)}, {pile}, {sum(subject.discard)}"
    lines.append(_line(("Tile pile, item pile, discard: ", "bold"), piles))
    lines += [_board_line(subject, character) for character in subject.characters]
    return Text("\n").join(lines)


def _course(subject: Any) -> list[Text]:
    """The course unrolled in a box, a header over each tile, then the tiles by name."""
    course = subject.course
    if not course:
        return [_line("no tile laid yet")]
    standing = {c.position: c for c in subject.characters if c.position is not None}
    items = {item.space: item for item in subject.board}
    header, lanes = Text(" "), [Text() for _ in range(LANES)]
    for index, placed in enumerate(course):
        spec = subject.catalogue.tiles[placed.tile]
        turn = {"left": "↰", "right": "↱"}.get(effective_turn(spec, placed.reversed), "")
        before = course[index - 1] if index else placed
        jump = abs(placed.x - before.x) + abs(placed.y - before.y) > 1
        header.append(f"{index}{turn}{'' if placed.bird_taken else '•'}".ljust(3 * ROWS + 1))
        features = oriented_features(spec.rows, placed.reversed)
        for lane, line in enumerate(lanes):
            line.append(*(("┆", "bold magenta") if jump else ("│", "")))
            for row in range(ROWS):
                space = Space(index, row, lane)
                symbol, style = FEATURE_TEXT[features[row * LANES + lane]]
                line.append(symbol, style)
                _occupant(line, standing.get(space), items.get(space), space in subject.face_down)
    for line in lanes:
        line.append("│")
    tiles = ["─" * 3 * ROWS for _ in course]
    names = " · ".join(f"{n} {subject.catalogue.tiles[t.tile].id}" for n, t in enumerate(course))
    return [
        header,
        _line("┌" + "┬".join(tiles) + "┐"),
        *lanes,
        _line("└" + "┴".join(tiles) + "┘"),
        _line(("Tiles: ", "bold"), names),
    ]


def _also(words: str) -> str:
    return f" · {words}" if words else ""


def _occupant(text: Text, character: Any, item: Any, face_down: bool) -> None:
    """What stands on a space, in two characters: a character, an item, a face-down token."""
    symbol, style = " ", ""
    if character is not None:
        symbol, style = character.name.value[0].upper(), CHARACTER_STYLE[character.name.value]
    elif item is not None:
        count = str(item.count) if item.kind is ItemKind.RING else ""
        symbol, style = ITEM_LETTERS[item.kind] + count, "bold"
    elif face_down:
        symbol, style = "?", "bold blue"
    text.append(symbol.ljust(2)[:2], style)


def _board_line(subject: Any, character: Any) -> Text:
    acting = subject.to_act == character.owner and cc_picture.acting_character(subject) is character
    name = character_text(character.name)
    text = Text("▶ " if acting else "  ", "bold")
    text.append(name, CHARACTER_STYLE[character.name.value])
    where = "off the track" if character.position is None else str(character.position)
    text.append(f" (seat {character.owner}): {where}")
    if subject.variant.value != "beginner":
        text.append(" · damage ")
        text.append("■" * character.damage, "bold red")
        text.append("□" * (2 - character.damage))
    text.append(" · Rings ")
    text.append("●" * character.rings, "bold yellow")
    text.append("○" * (3 - character.rings))
    if character.power_up:
        text.append(" · Power-Up", "bold yellow")
    items = character.items
    count = len(items) if items is not None else character.item_count
    if items is None and count:
        text.append(f" · {_count(count, 'item')} face down", "dim")
    elif items:
        text.append(" · items: " + ", ".join(item_text(kind) for kind in items))
    if subject.variant.value != "beginner":
        birds, needed = subject.birds[character.owner], cc_picture.required_birds(subject)
        text.append(f" · Flicky Birds {birds}/{needed}", "cyan")
    if character.knocked_down:
        text.append(" · knocked down", "bold red")
    return text


_DRAWERS: dict[str, Callable[[Any], Text]] = {
    "sonic_rules.super_teams": _super_teams,
    "sonic_rules.crash_course": _crash_course,
}
"""Each game package's terminal picture, by package name (the package found for a state
through the game registry, as `sonic_rules.svg` finds it)."""
