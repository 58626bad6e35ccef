"""Crash Course in words: a state as a short text picture, an action as a sentence.

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
    space_text,
)
from sonic_rules.crash_course.state import Character, ItemKind, Phase, Space, State
from sonic_rules.crash_course.tiles import LANES, ROWS
from sonic_rules.crash_course.track import features_of

_ITEM_LETTERS = {
    ItemKind.SPRING: "s",
    ItemKind.BOOSTER: "b",
    ItemKind.CRABMEAT: "c",
    ItemKind.RING: "r",
}


def _acting(state: State) -> Character:
    """The character whose decision it is: in the ring-drop and recovery phases the one
    owing the decision, else the active one (as :data:`.phases.PHASES` declares)."""
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
        winners = listing([_seat_text(state, seat) for seat in outcome.winners])
        verb = "wins" if len(outcome.winners) == 1 else "win"
        return f"game over: {winners} {verb} ({outcome.termination})"
    name = character_text(_acting(state).name)
    if state.to_act is CHANCE:
        return f"{state.phase.value}: chance decides ({possessive(name)} turn)"
    if state.phase is not Phase.ACTIONS:
        return f"{state.phase.value}: {name} to play"
    left = "1 action" if state.actions_left == 1 else f"{state.actions_left} actions"
    return f"{state.phase.value}: {name} to play, {left} left"


def _track(state: State) -> list[str]:
    """One line per course tile, the front first; characters by initial, items by letter."""
    at = {c.position: c.name.value[0].upper() for c in state.characters if c.position}
    items = {item.space: _ITEM_LETTERS[item.kind] for item in state.board}
    items.update((space, "?") for space in state.face_down)
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
        tile = state.catalogue.tiles[state.course[index].tile].id
        lines.append(f"{index:2d} {' | '.join(rows)}  {tile}")
    return lines


def _board(character: Character) -> str:
    where = "off the track" if character.position is None else space_text(character.position)
    held = listing([item_text(kind) for kind in character.items]) or "no items"
    parts = [
        where,
        f"{character.damage} damage",
        held,
        items_text(ItemKind.RING, character.rings),
    ]
    if character.power_up:
        parts.append("the Power-Up")
    if character.knocked_down:
        parts.append("knocked down")
    return f"{character_text(character.name)} (seat {character.owner}): {', '.join(parts)}"


def describe_state(state: State) -> str:
    """A short text picture: who acts (or who won), one line per tile, then the boards."""
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Crash Course State, got {type(state).__name__}")
    lines = [
        f"Crash Course ({state.variant.value}, {state.players} players) - {_status(state)}",
        *_track(state),
        *(_board(character) for character in state.characters),
        "Flicky Birds: "
        + ", ".join(f"seat {seat} {birds}" for seat, birds in enumerate(state.birds))
        + f" ({state.required_birds} needed to finish)",
    ]
    return "\n".join(lines)


class _StateWording:
    """Action labels worded from a state: the acting character and tiles by name."""

    def __init__(self, state: State) -> None:
        self.state = state

    def seat(self, seat: object) -> str:
        acting = _acting(self.state)
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
