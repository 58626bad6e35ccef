"""Crash Course in words: a state as a player at the table sees it, an action as a sentence.

>>> from sonic_rules.crash_course import UseBumper, new_game
>>> describe_action(UseBumper(0, 1))
'seat 0 bumps character 1'
>>> describe_action(UseBumper(0, 1), new_game(2))
'Sonic bumps Tails'
"""

from __future__ import annotations

from sonic_rules.core.chance import CHANCE
from sonic_rules.core.errors import InvalidActionError, InvalidStateError
from sonic_rules.crash_course.actions import ACTION_TYPES, BY_NUMBER, Action
from sonic_rules.crash_course.events import (
    character_text,
    item_text,
    items_text,
    listing,
    possessive,
)
from sonic_rules.crash_course.state import (
    KINDS,
    BoardItem,
    ItemKind,
    Pending,
    PendingKind,
    Phase,
    Piece,
    PlacedShortcut,
    Space,
    State,
    Variant,
    sees_held_items,
)
from sonic_rules.crash_course.tiles import LANE_NAMES, LANES, ROWS
from sonic_rules.crash_course.track import features_of

_ITEM_LETTERS = {
    ItemKind.SPRING: "s",
    ItemKind.BOOSTER: "b",
    ItemKind.CRABMEAT: "c",
    ItemKind.RING: "r",
}
_EDGES = ("north", "east", "south", "west")


def acting_character(state: State) -> Piece:
    """The character whose decision it is: in the ring-drop and recovery phases the one
    owing the decision, else the active one (as `phases.PHASES` declares)."""
    if state.pending and state.phase in (Phase.RING_DROP, Phase.RECOVERY):
        return state.characters[state.pending[0].character]
    return state.characters[state.active]


def _seat_text(state: State, seat: int) -> str:
    """``"seat 1 (Tails)"``; a 2-player seat names both its characters."""
    names = [character_text(c.name) for c in state.characters if c.owner == seat]
    return f"seat {seat} ({listing(names)})"


def _status(state: State) -> str:
    """``"actions: Sonic to play, 3 actions left"``, or who won and how."""
    outcome = state.outcome
    if outcome is not None:
        winners = listing([_seat_text(state, seat) for seat in outcome.winners]) or "nobody"
        verb = "wins" if len(outcome.winners) <= 1 else "win"
        return f"game over: {winners} {verb} ({outcome.termination})"
    name = character_text(acting_character(state).name)
    if state.to_act is CHANCE:
        return f"{state.phase.value}: chance decides ({possessive(name)} turn)"
    if state.phase is not Phase.ACTIONS:
        return f"{state.phase.value}: {name} to play"
    left = "1 action" if state.actions_left == 1 else f"{state.actions_left} actions"
    return f"{state.phase.value}: {name} to play, {left} left"


def _tile_id(state: State, index: int) -> str:
    return state.catalogue.tiles[state.course[index].tile].id


def _space_name(state: State, space: Space) -> str:
    """``"star-buzz row 1 left"``: the tile by its id, which stays when tiles are lifted."""
    return f"{_tile_id(state, space.tile)} row {space.row} {LANE_NAMES[space.lane]}"


def _track(state: State) -> list[str]:
    """One line per course tile, the front first, each row from the front edge:
    characters by initial, items by letter, ``?`` for a face-down token."""
    at = {c.position: c.name.value[0].upper() for c in state.characters if c.position}
    items = {item.space: _ITEM_LETTERS[item.kind] for item in state.board}
    items.update((space, "?") for space in state.face_down)
    width = max((len(_tile_id(state, n)) for n in range(len(state.course))), default=0)
    lines = []
    for index in reversed(range(len(state.course))):
        features = features_of(state, index)
        rows = []
        for row in reversed(range(ROWS)):
            cells = ""
            for lane in range(LANES):
                space = Space(index, row, lane)
                cells += at.get(space) or items.get(space) or features[row * LANES + lane]
            rows.append(cells)
        placed = state.course[index]
        notes = ["reversed"] if placed.reversed else []
        if not placed.bird_taken:
            notes.append("its Flicky Bird still to take")
        suffix = f"  ({', '.join(notes)})" if notes else ""
        lines.append(f"  {_tile_id(state, index):<{width}}  {' | '.join(rows)}{suffix}")
    if not lines:
        return ["Course: no tiles laid yet"]
    legend = "rows front first; S T K E characters, s b c r items, ? face down"
    return [f"Course, the front tile first ({legend}):", *lines]


def _on_track(state: State) -> str:
    """Every item on the track with where it lies, including those under a character."""
    standing = {c.position: character_text(c.name) for c in state.characters if c.position}
    things = [(item.space, _board_item(item)) for item in state.board]
    things += [(space, "a face-down token") for space in state.face_down]
    described = []
    for space, what in sorted(things):
        under = f", under {standing[space]}" if space in standing else ""
        described.append(f"{what} on {_space_name(state, space)}{under}")
    return "On the track: " + ("; ".join(described) or "no items")


def _board_item(item: BoardItem) -> str:
    if item.kind is ItemKind.RING:
        return f"a stack of {items_text(ItemKind.RING, item.count)}"
    return f"a {item_text(item.kind)}"


def _shortcut_lines(state: State) -> list[str]:
    """Shortcut tiles laid, and those of an attempt under way, by id, cell and edges."""

    def placed(group: tuple[PlacedShortcut, ...]) -> str:
        return "; ".join(
            f"{state.catalogue.shortcuts[s.tile].id} at ({s.x}, {s.y}), "
            f"{_EDGES[s.ends[0]]} to {_EDGES[s.ends[1]]}"
            for s in group
        )

    lines = []
    if state.shortcuts:
        lines.append(f"Shortcut tiles: {placed(state.shortcuts)}")
    if state.shortcut_attempt:
        lines.append(f"Shortcut being laid: {placed(state.shortcut_attempt)}")
    return lines


def _board(state: State, character: Piece, seat: int | None) -> str:
    """A character board: where, damage, items (a count for another seat's), Rings."""
    where = (
        "off the track" if character.position is None else _space_name(state, character.position)
    )
    held = [f"a {item_text(kind)}" for kind in character.items]
    if not held:
        items = "no items"
    elif seat is not None and not sees_held_items(state.options, character.owner, seat):
        items = f"holds {len(held)} item{'' if len(held) == 1 else 's'}"
    else:
        items = f"holds {listing(held)}"
    parts = [where, f"{character.damage} damage", items, items_text(ItemKind.RING, character.rings)]
    if state.variant is Variant.BEGINNER:
        del parts[1]  # no damage tokens: a hurt character is knocked down
    if character.power_up:
        parts.append("the Power-Up")
    if character.knocked_down:
        parts.append("knocked down")
    return f"{character_text(character.name)} (seat {character.owner}): {', '.join(parts)}"


def _birds(state: State) -> str:
    needed = state.required_birds
    seats = ", ".join(f"seat {n} {birds} of {needed}" for n, birds in enumerate(state.birds))
    return f"Flicky Birds: {seats} ({state.bird_supply} in the supply)"


def _counted(counts: tuple[int, ...]) -> str:
    return listing([items_text(kind, counts[kind.index]) for kind in KINDS if counts[kind.index]])


def _piles(state: State, seat: int | None) -> str:
    """The tile pile (its tiles are chosen from: public), the item pile, the discard."""
    tiles = [state.catalogue.tiles[tile].id for tile in state.tile_pile]
    tile_pile = f"{len(tiles)} track tiles" + (f" ({', '.join(tiles)})" if tiles else "")
    item_pile = f"{sum(state.pile)} item tokens"
    if seat is None and any(state.pile):
        item_pile += f" ({_counted(state.pile)})"
    discard = _counted(state.discard) or "empty"
    return f"Tile pile: {tile_pile}; item pile: {item_pile}; discard: {discard}"


def _turn(state: State, seat: int | None) -> list[str]:
    """What the phase waits for and who owes it, and what this turn has counted so far."""
    lines = []
    waiting = _waiting(state, seat)
    if waiting:
        lines.append(f"Now: {waiting}")
    for owed in state.pending[1 if state.phase in (Phase.RING_DROP, Phase.RECOVERY) else 0 :]:
        lines.append(f"Then: {_owed(state, owed)}")
    if state.phase is not Phase.GAME_OVER:
        names = [character_text(c.name) for c in state.characters]
        counted = [
            f"{names[n]} {count}" for n, count in enumerate(state.turn_hazard_damage) if count
        ]
        if counted:
            lines.append(f"Hazard damage this turn: {', '.join(counted)}")
        if state.turn_laid_shortcuts:
            laid = [state.catalogue.shortcuts[tile].id for tile in state.turn_laid_shortcuts]
            lines.append(f"Shortcut tiles laid this turn: {', '.join(laid)}")
        if state.moved_this_turn:
            lines.append(
                f"{character_text(state.characters[state.active].name)} has moved this turn"
            )
    return lines


def _owed(state: State, owed: Pending) -> str:
    character = state.characters[owed.character]
    who = f"{character_text(character.name)} (seat {character.owner})"
    if owed.kind is PendingKind.RING_DROP:
        return f"{who} drops {items_text(ItemKind.RING, owed.rings)} on the tile behind"
    return f"{who} may spend a Ring to get up"


def _waiting(state: State, seat: int | None) -> str:
    """The decision or chance event the phase waits for."""
    active = state.characters[state.active]
    name = character_text(active.name)
    phase = state.phase
    if phase is Phase.SETUP:
        return f"chance deals the next of {len(state.tile_pile)} track tiles"
    if phase is Phase.DRAW_CHOICE:
        return f"{possessive(name)} hand is full: discard an item to draw, or skip the draw"
    if phase in (Phase.DRAWING, Phase.KEEP_CHOICE):
        return _draw(state, seat)
    if phase in (Phase.RING_DROP, Phase.RECOVERY):
        return _owed(state, state.pending[0])
    if phase is Phase.LAY_TILE:
        mover = character_text(state.characters[state.motion[-1].character].name)
        return f"{name} lays the next track tile: {mover} is leaving the newest tile"
    if phase is Phase.REVEALING:
        entering = state.motion[-1]
        assert entering.space is not None
        who = character_text(state.characters[entering.character].name)
        return (
            f"the face-down token on {_space_name(state, entering.space)} turns up as {who} enters"
        )
    if phase is Phase.LAYING_SHORTCUT:
        return f"{name} lays the shortcut tile by tile: the next tile, or finish"
    return ""


def _draw(state: State, seat: int | None) -> str:
    """The draw under way; the tokens drawn are seen by their drawer only."""
    name = character_text(state.characters[state.active].name)
    if seat is None or seat == state.characters[state.active].owner:
        drawn = listing([item_text(kind) for kind in state.drawn])
    else:
        drawn = _tokens(len(state.drawn)).strip()
    if state.phase is Phase.KEEP_CHOICE:
        return f"{name} keeps one of {drawn} drawn; the others go back"
    so_far = f" (drawn so far: {drawn})" if state.drawn else ""
    return f"chance draws {_tokens(state.draws_left, 'more ')}for {name}{so_far}"


def _tokens(count: int, more: str = "") -> str:
    return f"{count} {more}token{'' if count == 1 else 's'} "


def describe_state(state: State, seat: int | None = None) -> str:
    """What a player at the table sees, as text: who acts (or who won and how), the
    course tile by tile (named by tile id), the items on it, the shortcut tiles, every
    character board, the Flicky Birds, the piles and the discard, and what the phase
    waits for and who owes it.

    With ``seat=None`` it shows everything; with a seat number, only what that seat sees
    (the rulings' "What each seat may see"): another seat's held items and the tokens
    another seat draws are counted, not named, and the item pile's content is not shown.
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Crash Course State, got {type(state).__name__}")
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.players):
        raise TypeError(f"seat must be None or a seat number 0..{state.players - 1}, not {seat!r}")
    view = "" if seat is None else f", as seat {seat} sees it"
    lines = [
        f"Crash Course ({state.variant.value}, {state.players} players{view}) - {_status(state)}",
        *_track(state),
        _on_track(state),
        *_shortcut_lines(state),
        *(_board(state, character, seat) for character in state.characters),
        *([] if state.variant is Variant.BEGINNER else [_birds(state)]),
        _piles(state, seat),
        *_turn(state, seat),
    ]
    return "\n".join(lines)


class _StateWording:
    """Action labels worded from a state: the acting character and tiles by name."""

    def __init__(self, state: State) -> None:
        self.state = state

    def seat(self, seat: object) -> str:
        acting = acting_character(self.state)
        if type(seat) is int and acting.owner == seat:
            return character_text(acting.name)
        return BY_NUMBER.seat(seat)

    def character(self, number: object) -> str:
        characters = self.state.characters
        if type(number) is int and 0 <= number < len(characters):
            return character_text(characters[number].name)
        return BY_NUMBER.character(number)

    def track_tile(self, tile: object) -> str:
        tiles = self.state.catalogue.tiles
        if type(tile) is int and 0 <= tile < len(tiles):
            return f"tile {tiles[tile].id}"
        return BY_NUMBER.track_tile(tile)

    def shortcut_tile(self, tile: object) -> str:
        shortcuts = self.state.catalogue.shortcuts
        if type(tile) is int and 0 <= tile < len(shortcuts):
            return f"shortcut tile {shortcuts[tile].id}"
        return BY_NUMBER.shortcut_tile(tile)


def describe_action(action: Action, state: State | None = None) -> str:
    """An action as a sentence: ``seat 0 bumps character 1``.

    Given the ``state`` the action is taken in, it names the acting character and the
    characters and tiles it refers to: ``Sonic bumps Tails``.
    """
    if type(action) not in ACTION_TYPES:
        raise InvalidActionError(f"not a Crash Course action: {action!r}")
    if state is None:
        return action.label(BY_NUMBER)
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Crash Course State, got {type(state).__name__}")
    return action.label(_StateWording(state))
