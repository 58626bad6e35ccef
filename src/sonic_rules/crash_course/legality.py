"""Legality, decided once: each phase's lister builds exactly its legal actions.

`LISTERS` gives, per phase, the function listing the legal actions by construction
(at a chance node, the possible outcomes, which `CHANCE` lists with their
probabilities). Nothing else decides legality: `check` accepts an action exactly when
it is one of those listed, and only for one that is not does it work out the rule it
breaks (`refusals`), so a refusal names the same rule whichever way it is reached.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import attrs

from sonic_rules.core.errors import InvalidActionError
from sonic_rules.core.interning import Groups, made_once
from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course.items import drop_spaces
from sonic_rules.crash_course.refusals import REFUSALS
from sonic_rules.crash_course.shortcuts import arrow_position, shortcut_steps, shortcut_uses
from sonic_rules.crash_course.state import (
    ACTIONS,
    BEGINNER,
    BOMB,
    BUMPER,
    DRAW_CHOICE,
    DRAWING,
    KEEP_CHOICE,
    KINDS,
    LAY_TILE,
    LAYING_SHORTCUT,
    MOTOBUG,
    PLACED_KINDS,
    RECOVERY,
    REVEALING,
    RING_DROP,
    SETUP,
    ItemKind,
    Phase,
    Piece,
    Space,
    State,
)
from sonic_rules.crash_course.tiles import LANES, ROWS
from sonic_rules.crash_course.track import Fields, TrackView, empty_spaces_in

Lister = Callable[[State], list[Any]]
ChanceLister = Callable[[State], list[tuple[Any, float]]]

_made = made_once(10_000, "crash-course listed actions")
"""``_made(kind, *fields)``: the actions the listers list, one object for the same fields
(frozen values, so one object serves every list that holds it)."""

_BY_INDEX = operator.attrgetter("index")


def _seat(state: State) -> int:
    """The seat to act in a phase where a seat decides (the declared actor)."""
    seat = state.to_act
    assert isinstance(seat, int)
    return seat


# ----- chance ------------------------------------------------------------------------------


def _draw_items(seat: int) -> tuple[A.DrawItem, ...]:
    """Each kind's draw by ``seat``, in `KINDS` order."""
    return tuple(A.DrawItem(seat, kind) for kind in KINDS)


_REVEALS = tuple(A.RevealItem(kind) for kind in KINDS)


def _draws(state: State) -> list[tuple[Any, float]]:
    """``CC-DRAW``: a token from the pile, each kind by its share of the pile."""
    draws = _made(_draw_items, state.characters[state.active].owner)
    total = sum(state.pile)
    return [(draw, count / total) for draw, count in zip(draws, state.pile, strict=True) if count]


def _deals(state: State) -> list[tuple[Any, float]]:
    """``CC-BEGINNER-SETUP``, ``CC-PROJ-BEGINNER-RANDOM-TRACK``: the next tile of a random
    order, each tile left equally likely."""
    tiles = sorted(state.tile_pile)
    return [(_made(A.DealTile, tile), 1 / len(tiles)) for tile in tiles]


def _reveals(state: State) -> list[tuple[Any, float]]:
    """``CC-BEGINNER-ITEMS``, ``CC-PROJ-BEGINNER-HIDDEN``: a face-down token is any token
    nobody has seen yet (in the box or face down), each equally likely."""
    total = sum(state.pile)
    return [
        (reveal, count / total) for reveal, count in zip(_REVEALS, state.pile, strict=True) if count
    ]


CHANCE: dict[Phase, ChanceLister] = {DRAWING: _draws, SETUP: _deals, REVEALING: _reveals}
"""Each chance phase's outcomes with their probabilities."""


def chance_outcomes(state: State) -> list[tuple[A.Action, float]]:
    """At a chance node, each distinct outcome with its probability; else none."""
    lister = CHANCE.get(state.phase)
    return [] if lister is None else lister(state)


def _outcomes(lister: ChanceLister) -> Lister:
    """A chance phase's legal actions: its outcomes."""
    return lambda state: [outcome for outcome, _ in lister(state)]


# ----- the draw -----------------------------------------------------------------------------


def _draw_choice(state: State) -> list[Any]:
    """``CC-DRAW-FULL-HAND``: discard a held kind to draw, or skip the draw (not with the
    official draw, where the action is spent already: ``CC-PROJ-OFFICIAL-DRAW-FULL-HAND``)."""
    seat = _seat(state)
    kinds = sorted(set(state.characters[state.active].items), key=_BY_INDEX)
    listed: list[Any] = [_made(A.DiscardToDraw, seat, kind) for kind in kinds]
    if not state.options.official_draw:
        listed.append(_made(A.SkipDraw, seat))
    return listed


def _keep_choice(state: State) -> list[Any]:
    """``CC-DRAW``: keep one of the kinds drawn."""
    seat = _seat(state)
    return [_made(A.KeepItem, seat, kind) for kind in sorted(set(state.drawn), key=_BY_INDEX)]


# ----- the turn's actions ---------------------------------------------------------------------


def may_move(state: State) -> bool:
    """The active character may still move this turn: an action left, no damage
    (``CC-FIX-BEFORE-MOVE``), not lying down (``CC-PROJ-BEGINNER-KNOCKED``)."""
    character = state.characters[state.active]
    return not (state.actions_left <= 0 or character.damage or character.knocked_down)


def _turn_basics(seat: int) -> tuple[A.DrawItems, A.Fix, tuple[A.Move, ...], A.EndTurn]:
    """The actions phase's plain actions of ``seat``."""
    moves = tuple(A.Move(seat, lane) for lane in range(LANES))
    return A.DrawItems(seat), A.Fix(seat), moves, A.EndTurn(seat)


def _turn(state: State) -> list[Any]:
    """``CC-TURN-ACTIONS``: the actions phase's legal actions, in `A.action_key` order."""
    seat = state.to_act
    assert isinstance(seat, int)
    character = state.characters[state.active]
    draw_items, fix, moves, end_turn = _made(_turn_basics, seat)
    damage = character.damage
    left = state.actions_left > 0
    listed: list[Any] = []
    # CC-OPT-OFFICIAL-DRAW: an action, after fixing and before moving (CC-DRAW, CC-DAMAGE-FIRST).
    official = state.options.official_draw and state.variant is not BEGINNER
    if official and not damage and not state.moved_this_turn and left:
        listed.append(draw_items)
    if damage and left:  # CC-FIX-DAMAGE
        listed.append(fix)
    moving = may_move(state)
    if moving:
        position = character.position
        for lane, move in enumerate(moves):  # CC-FIRST-ENTRY, CC-MOVE-FORWARD
            if position is None or abs(lane - position.lane) <= 1:
                listed.append(move)
    if state.variant is not BEGINNER:  # CC-BEGINNER-NO-EXTRAS: no shortcuts, items, Power-Ups
        if moving and arrow_position(state) is not None:  # CC-SHORTCUT-USE, CC-SHORTCUT-LAY
            listed += shortcut_uses(state)
            listed += shortcut_steps(state)
        listed += _item_actions(state, character, seat)
    # CC-PROJ-END-TURN (Beginner: CC-BEGINNER-MOVE, any time): once no action is left or
    # none can be done; with damage and an action left, Fix is possible (CC-DAMAGE-FIRST).
    if state.variant is BEGINNER or not left or not (damage or moving):
        listed.append(end_turn)
    return listed


def _item_actions(state: State, character: Piece, seat: int) -> list[Any]:
    """The items and Power-Ups the active character may use (``CC-PROJ-ITEMS-OWN-TURN``)."""
    # CC-DAMAGE-FIRST: with damage only a fix (or a Power-Up spent on it).
    free = not character.damage or state.options.damage_bars_only_moves
    listed: list[Any] = []
    if free and character.items:
        kinds = sorted(set(character.items), key=_BY_INDEX)
        placeable = [kind for kind in kinds if kind in PLACED_KINDS]
        if placeable:  # CC-ITEM-PLACE-EMPTY
            spaces = empty_spaces_in(state, range(len(state.course)))
            for kind in placeable:
                listed += _placings(seat, kind, spaces)
        if MOTOBUG in kinds and character.position is not None:  # CC-PROJ-MOTOBUG-ON-TRACK
            listed.append(_made(A.UseMotobug, seat))
        if BOMB in kinds:  # CC-ITEM-BOMB
            listed += [_made(A.UseBomb, seat, tile) for tile in range(len(state.course))]
        if BUMPER in kinds:  # CC-ITEM-BUMPER
            listed += [
                _made(A.UseBumper, seat, target)
                for target, other in enumerate(state.characters)
                if other.position is not None
            ]
    if character.power_up:  # CC-POWER-UP-GAIN
        if character.damage:  # CC-POWER-UP-HEAL
            listed.append(_made(A.PowerUpHeal, seat))
        if free:  # CC-POWER-UP-TURN
            listed.append(_made(A.PowerUpTurn, seat))
    return listed


_PLACINGS = Groups(4096, "crash-course item placings")
"""The `PlaceItem` actions listed so far, by seat and kind, then by their space's fields."""


def _placings(seat: int, kind: ItemKind, spaces: list[tuple[Fields, Space]]) -> list[Any]:
    """``seat`` placing ``kind`` on each of ``spaces`` (each action made once)."""
    made = _PLACINGS.table(seat, kind)
    listed = []
    for fields, space in spaces:
        action = made.get(fields)
        if action is None:
            action = made[fields] = A.PlaceItem(seat, kind, space)
        listed.append(action)
    return listed


# ----- laying a tile, a shortcut, and owed decisions ---------------------------------------------


def tile_choices(state: State) -> list[int]:
    """``CC-TILE-CHOICE``: the tiles the active player may lay: the pile, or else the
    rearmost tile."""
    return sorted(state.tile_pile) or [state.course[0].tile]


def _lay_tile(state: State) -> list[Any]:
    """``CC-TILE-LAY``: one of `tile_choices`, as printed or reversed."""
    seat = _seat(state)
    return [
        _made(A.LayTile, seat, tile, flip) for tile in tile_choices(state) for flip in (False, True)
    ]


def _laying_shortcut(state: State) -> list[Any]:
    """``CC-SHORTCUT-LAY-STEP``: the next tile of the path, while a Move is possible
    (``CC-SHORTCUT-LAY``); or finish, complete or not (``CC-SHORTCUT-LAY-COMPLETE``)."""
    seat = _seat(state)
    steps = shortcut_steps(state) if state.variant is not BEGINNER and may_move(state) else []
    return [*steps, _made(A.FinishShortcut, seat)]


def ring_drop_spaces(state: State) -> list[Space]:
    """Where the owed ring stack may land (``CC-RING-LOSS``)."""
    owed = state.pending[0]
    return drop_spaces(TrackView(state), state.characters[owed.character].position)


def _ring_drop(state: State) -> list[Any]:
    """``CC-RING-LOSS``: an empty space of the tile behind."""
    seat = _seat(state)
    return [_made(A.DropRings, seat, space) for space in ring_drop_spaces(state)]


def _recovery(state: State) -> list[Any]:
    """``CC-PROJ-BEGINNER-KNOCKED``: spend a Ring to get up, or not."""
    seat = _seat(state)
    return [_made(A.Recover, seat, False), _made(A.Recover, seat, True)]


LISTERS: dict[Phase, Lister] = {
    SETUP: _outcomes(_deals),
    DRAW_CHOICE: _draw_choice,
    DRAWING: _outcomes(_draws),
    KEEP_CHOICE: _keep_choice,
    ACTIONS: _turn,
    REVEALING: _outcomes(_reveals),
    LAY_TILE: _lay_tile,
    LAYING_SHORTCUT: _laying_shortcut,
    RING_DROP: _ring_drop,
    RECOVERY: _recovery,
}
"""Each phase's lister of its legal actions (the game over lists none)."""


def legal_actions(state: State) -> list[A.Action]:
    """Every legal action, in the canonical order of `A.action_key`."""
    lister = LISTERS.get(state.phase)
    return [] if lister is None else lister(state)


# ----- checking an action --------------------------------------------------------------------


def check_fields(action: Any) -> None:
    """``InvalidActionError`` unless ``action`` is a well-formed Crash Course action.

    The type must be exactly one of `A.ACTION_TYPES`: a subclass is refused, so the
    handler tables never meet a type they do not list. The fields are checked again
    (`A.check_field_types`): an action can be forged past its constructor.
    """
    kind = type(action)
    if kind not in A.ACTION_TYPES:
        raise InvalidActionError(f"not a Crash Course action: {action!r}")
    A.check_field_types(action)
    for field in attrs.fields(kind):
        value = getattr(action, field.name)
        if type(value) is Space and not (0 <= value.row < ROWS and 0 <= value.lane < LANES):
            # A row or lane outside the tile is no space at all (its name would not print).
            raise InvalidActionError(
                f"{kind.__name__}.{field.name} must be a Space of ints, "
                f"with row and lane 0 to {LANES - 1}"
            )


def check(state: State, action: Any) -> None:
    """Return if ``action`` is legal in ``state`` (one of `legal_actions`); else raise
    the `IllegalActionError` naming the rule it breaks (or the error for a malformed
    action)."""
    check_fields(action)
    kind = type(action)
    if action in [listed for listed in legal_actions(state) if type(listed) is kind]:
        return
    REFUSALS[kind](state, action)
