"""Legality, decided once: one function per action type, shared by ``step`` and
``legal_actions``.

Each ``check_*`` function raises the `IllegalActionError`
that names the broken rule, or returns. ``step`` calls it before applying an action;
``legal_actions`` lists candidate actions and keeps those the same function accepts.
Where many candidates differ only in a value a helper enumerated (the empty spaces an
item may go on, the tiles a Bomb may hit, the next shortcut tiles), one of them is
checked and the helper's list is kept whole.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from sonic_rules.core.errors import IllegalActionError, InvalidActionError
from sonic_rules.core.interning import made_once
from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course.items import drop_spaces
from sonic_rules.crash_course.phases import PHASES
from sonic_rules.crash_course.shortcuts import (
    arrow_position,
    free_shortcut_tiles,
    on_arrow,
    open_end,
    shortcut_steps,
    shortcut_uses,
)
from sonic_rules.crash_course.state import (
    KINDS,
    PLACED_KINDS,
    Character,
    ItemKind,
    Phase,
    Space,
    State,
    Variant,
)
from sonic_rules.crash_course.tiles import LANES, ROWS
from sonic_rules.crash_course.track import (
    TrackView,
    empty_spaces_in,
    empty_spaces_of,
    is_empty,
    on_course,
)

# Enum members read on every action, as module constants: on Python 3.11 reading a
# member off its class (``Phase.ACTIONS``) goes through ``EnumType.__getattr__``, several
# times slower than reading a global.
_ACTIONS = Phase.ACTIONS
_BEGINNER = Variant.BEGINNER
_BOMB = ItemKind.BOMB
_BUMPER = ItemKind.BUMPER
_DRAWING = Phase.DRAWING
_DRAW_CHOICE = Phase.DRAW_CHOICE
_GAME_OVER = Phase.GAME_OVER
_KEEP_CHOICE = Phase.KEEP_CHOICE
_LAYING_SHORTCUT = Phase.LAYING_SHORTCUT
_LAY_TILE = Phase.LAY_TILE
_MOTOBUG = ItemKind.MOTOBUG
_REVEALING = Phase.REVEALING
_RING_DROP = Phase.RING_DROP
_SETUP = Phase.SETUP
Act = TypeVar("Act")


# ----- the shape of an action and who may take it ------------------------------------------


def check_fields(action: Any) -> None:
    """``InvalidActionError`` unless ``action`` is a well-formed Crash Course action.

    The type must be exactly one of `ACTION_TYPES`: a subclass is refused, so the
    handler tables never meet a type they do not list. The fields are checked again
    (`check_field_types`): an action can be forged past its constructor.
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


def _seat_in_phase(state: State, action: Any) -> None:
    """The declared phase takes this action (``CC-PROJ-PHASE``, ``CC-FINISH``), from
    the seat to act (``CC-PROJ-WRONG-SEAT``)."""
    PHASES.check_action(state.phase, action)
    if action.seat != state.to_act:
        raise IllegalActionError(
            "CC-PROJ-WRONG-SEAT", f"seat {state.to_act} is to act, not seat {action.seat}"
        )


def _chance_outcome(state: State, action: Any, rule: str) -> None:
    """A chance outcome is one `chance_outcomes` offers."""
    PHASES.check_action(state.phase, action)
    if all(action != outcome for outcome, _ in chance_outcomes(state)):
        raise IllegalActionError(rule, f"{action} is not a possible outcome here")


def _own_items(state: State, action: Any) -> Character:
    """``CC-PROJ-ITEMS-OWN-TURN``: only the active character, in its actions phase, uses
    its own items and Power-Up (not another seat, not during a draw, lay or drop).

    Beginner: there are none (``CC-BEGINNER-NO-EXTRAS``). Returns the active character.
    """
    if state.phase is _GAME_OVER:
        PHASES.check_action(state.phase, action)
    if state.phase is not _ACTIONS or action.seat != state.to_act:
        raise IllegalActionError(
            "CC-PROJ-ITEMS-OWN-TURN",
            "items and Power-Ups are used by the active character during its actions",
        )
    if state.variant is _BEGINNER:
        raise IllegalActionError(
            "CC-BEGINNER-NO-EXTRAS", "no items or Power-Ups in the Beginner game"
        )
    return state.characters[state.active]


def _check_damage_first(state: State) -> None:
    """``CC-DAMAGE-FIRST``: while the active character has damage its player only fixes it
    (Fix, or a Power-Up spent on it): no item, Power-Up turn or official-draw Draw.

    With ``CC-OPT-DAMAGE-BARS-ONLY-MOVES`` only moving is barred (`_check_may_move`).
    Shortcuts need a Move now, so damage bars them under both readings.
    """
    if state.characters[state.active].damage and not state.options.damage_bars_only_moves:
        raise IllegalActionError(
            "CC-DAMAGE-FIRST", "fix all damage before doing anything else this turn"
        )


def _held(character: Character, kind: ItemKind) -> None:
    if kind not in character.items:
        raise IllegalActionError("CC-HOLD-LIMIT", f"no {kind.value} held")


# ----- chance ------------------------------------------------------------------------------


@functools.cache
def _draw_items(seat: int) -> tuple[A.DrawItem, ...]:
    """Each kind's draw by ``seat``, in `KINDS` order (chance outcomes are made once)."""
    return tuple(A.DrawItem(seat, kind) for kind in KINDS)


_REVEALS = tuple(A.RevealItem(kind) for kind in KINDS)


@functools.cache
def _deal(tile: int) -> A.DealTile:
    return A.DealTile(tile)


_BY_INDEX = operator.attrgetter("index")

_made = made_once(10_000)
"""``_made(kind, *fields)``: the actions `legal_actions` lists, one object for the same
fields (frozen values, so one object serves every list that holds it)."""


@functools.cache
def _turn_basics(seat: int) -> tuple[A.DrawItems, A.Fix, tuple[A.Move, ...], A.EndTurn]:
    """The actions phase's plain actions of ``seat`` (made once)."""
    moves = tuple(A.Move(seat, lane) for lane in range(LANES))
    return A.DrawItems(seat), A.Fix(seat), moves, A.EndTurn(seat)


def chance_outcomes(state: State) -> list[tuple[A.Action, float]]:
    """At a chance node, each distinct outcome with its probability."""
    if state.phase is _DRAWING:
        seat = state.characters[state.active].owner
        total = sum(state.pile)
        return [
            (draw, count / total)
            for draw, count in zip(_draw_items(seat), state.pile, strict=True)
            if count
        ]
    if state.phase is _SETUP:
        # CC-BEGINNER-SETUP, CC-PROJ-BEGINNER-RANDOM-TRACK: the next tile of a random order,
        # each tile left equally likely.
        tiles = sorted(state.tile_pile)
        return [(_deal(tile), 1 / len(tiles)) for tile in tiles]
    if state.phase is _REVEALING:
        # CC-BEGINNER-ITEMS, CC-PROJ-BEGINNER-HIDDEN: a face-down token is any token nobody
        # has seen yet (in the box or face down), each equally likely.
        total = sum(state.pile)
        return [
            (reveal, count / total)
            for reveal, count in zip(_REVEALS, state.pile, strict=True)
            if count
        ]
    return []


def check_draw_item(state: State, action: A.DrawItem) -> None:
    """Chance: a token kind left in the pile (``CC-DRAW``)."""
    _chance_outcome(state, action, "CC-DRAW")


def check_deal_tile(state: State, action: A.DealTile) -> None:
    """Chance: a track tile not dealt yet (``CC-BEGINNER-SETUP``)."""
    _chance_outcome(state, action, "CC-BEGINNER-SETUP")


def check_reveal_item(state: State, action: A.RevealItem) -> None:
    """Chance: a token kind nobody has seen yet (``CC-BEGINNER-ITEMS``)."""
    _chance_outcome(state, action, "CC-BEGINNER-ITEMS")


# ----- the draw ---------------------------------------------------------------------------


def check_discard_to_draw(state: State, action: A.DiscardToDraw) -> None:
    """A full hand discards one of its items to draw (``CC-DRAW-FULL-HAND``)."""
    _seat_in_phase(state, action)
    if action.kind not in state.characters[state.active].items:
        raise IllegalActionError("CC-DRAW-FULL-HAND", f"no {action.kind.value} held to discard")


def check_skip_draw(state: State, action: A.SkipDraw) -> None:
    """Not with the official draw, where the action is spent already."""
    _seat_in_phase(state, action)
    if state.options.official_draw:
        raise IllegalActionError(
            "CC-PROJ-OFFICIAL-DRAW-FULL-HAND",
            "the action is spent on drawing: discard an item, then draw",
        )


def check_keep_item(state: State, action: A.KeepItem) -> None:
    """One of the kinds drawn (``CC-DRAW``)."""
    _seat_in_phase(state, action)
    if action.kind not in state.drawn:
        raise IllegalActionError("CC-DRAW", f"no {action.kind.value} was drawn")


def check_draw_items(state: State, action: A.DrawItems) -> None:
    """Official draw: an action, after fixing and before moving (``CC-OPT-OFFICIAL-DRAW``)."""
    _seat_in_phase(state, action)
    if not state.options.official_draw or state.variant is _BEGINNER:
        raise IllegalActionError("CC-DRAW", "the draw happens at the start of the turn")
    _check_damage_first(state)
    character = state.characters[state.active]
    if character.damage or state.moved_this_turn or state.actions_left <= 0:
        raise IllegalActionError("CC-OPT-OFFICIAL-DRAW", "draw after fixing and before moving")


# ----- the turn's actions -------------------------------------------------------------------


def _no_actions_left() -> IllegalActionError:
    return IllegalActionError("CC-TURN-ACTIONS", "no actions left this turn")


def check_fix(state: State, action: A.Fix) -> None:
    """An action removes a damage token (``CC-FIX-DAMAGE``, ``CC-TURN-ACTIONS``)."""
    _seat_in_phase(state, action)
    if not state.characters[state.active].damage:
        raise IllegalActionError("CC-FIX-DAMAGE", "there is no damage to fix")
    if state.actions_left <= 0:
        raise _no_actions_left()


def _check_may_move(state: State) -> None:
    """An action left, no damage (``CC-FIX-BEFORE-MOVE``), not lying down."""
    character = state.characters[state.active]
    if state.actions_left <= 0:
        raise _no_actions_left()
    if character.damage:
        raise IllegalActionError("CC-FIX-BEFORE-MOVE", "fix all damage before moving")
    if character.knocked_down:
        raise IllegalActionError("CC-PROJ-BEGINNER-KNOCKED", "a character lying down cannot move")


def may_move(state: State) -> bool:
    """The active character may still move this turn (see `_check_may_move`)."""
    character = state.characters[state.active]
    return not (state.actions_left <= 0 or character.damage or character.knocked_down)


def check_move(state: State, action: A.Move) -> None:
    """Onto a lane of the first tile (``CC-FIRST-ENTRY``), else ahead or diagonally one
    lane (``CC-MOVE-FORWARD``)."""
    _seat_in_phase(state, action)
    _check_may_move(state)
    position = state.characters[state.active].position
    if position is None:
        if not 0 <= action.lane < LANES:
            raise IllegalActionError("CC-FIRST-ENTRY", "enter one of the three lanes")
    elif abs(action.lane - position.lane) > 1 or not 0 <= action.lane < LANES:
        raise IllegalActionError("CC-MOVE-FORWARD", "step ahead or diagonally one lane")


def _check_shortcuts_allowed(state: State, action: Any) -> None:
    _seat_in_phase(state, action)
    _check_may_move(state)
    if state.variant is _BEGINNER:
        raise IllegalActionError("CC-BEGINNER-NO-EXTRAS", "no shortcuts in the Beginner game")


def check_use_shortcut(state: State, action: A.UseShortcut) -> None:
    """A laid path from the active character's arrow space, forward (``CC-SHORTCUT-USE``)."""
    _check_shortcuts_allowed(state, action)
    if action not in shortcut_uses(state):
        raise IllegalActionError("CC-SHORTCUT-USE", "no shortcut joins this space to that one")


def check_lay_shortcut_tile(state: State, action: A.LayShortcutTile) -> None:
    """From an arrow space with a Move possible (``CC-SHORTCUT-LAY``), a free tile in the
    one cell the path's open end points into, joining its entry edge to another edge its
    shape allows, on a path that can still be completed (``CC-SHORTCUT-LAY-STEP``)."""
    _check_shortcuts_allowed(state, action)
    position = state.characters[state.active].position
    if position is None or not on_arrow(state, position):
        raise IllegalActionError("CC-SHORTCUT-LAY", "the active character is not on an arrow space")
    step = "CC-SHORTCUT-LAY-STEP"
    if action.tile not in free_shortcut_tiles(state):
        raise IllegalActionError(step, f"shortcut tile {action.tile} is not in the supply")
    if not (0 <= action.entry < 4 and 0 <= action.exit < 4) or action.entry == action.exit:
        raise IllegalActionError(step, "a shortcut tile joins two different edges (0..3)")
    taken = {(p.x, p.y) for p in state.course}
    taken.update((s.x, s.y) for s in (*state.shortcuts, *state.shortcut_attempt))
    if (action.x, action.y) in taken:
        raise IllegalActionError(step, f"cell ({action.x}, {action.y}) is taken")
    end = open_end(state)
    if end is None:
        raise IllegalActionError(step, "the path has met a track tile: finish it")
    if (action.x, action.y, action.entry) != end:
        raise IllegalActionError(
            step, f"the path goes on into cell ({end[0]}, {end[1]}), entering by edge {end[2]}"
        )
    if action not in shortcut_steps(state):
        raise IllegalActionError(
            step, "no shortcut to an arrow space further along can be completed this way"
        )


def check_finish_shortcut(state: State, action: A.FinishShortcut) -> None:
    """In the attempt, by its player, complete or not (``CC-SHORTCUT-LAY-COMPLETE``)."""
    _seat_in_phase(state, action)


def may_end_turn(state: State) -> bool:
    """``CC-PROJ-END-TURN`` (Beginner: ``CC-BEGINNER-MOVE``, any time).

    With damage and an action left, Fix is possible, so the turn goes on; with damage and
    no action left it may end (``CC-DAMAGE-FIRST``).
    """
    if state.variant is _BEGINNER or state.actions_left <= 0:
        return True
    character = state.characters[state.active]
    return not character.damage and not may_move(state)


def check_end_turn(state: State, action: A.EndTurn) -> None:
    """Once no action is left or none can be done (``CC-PROJ-END-TURN``)."""
    _seat_in_phase(state, action)
    if not may_end_turn(state):
        raise IllegalActionError("CC-TURN-ACTIONS", f"{state.actions_left} action(s) still to do")


# ----- items and Power-Ups ------------------------------------------------------------------


def _check_placeable(state: State, action: A.PlaceItem) -> None:
    """Everything about placing but the space."""
    character = _own_items(state, action)
    _check_damage_first(state)
    _held(character, action.kind)
    if action.kind not in PLACED_KINDS:
        raise IllegalActionError(
            "CC-ITEM-PLACE-EMPTY", f"a {action.kind.value} is not placed on the track"
        )


def check_place_item(state: State, action: A.PlaceItem) -> None:
    """A Spring, Booster or Crabmeat held, on an empty space (``CC-ITEM-PLACE-EMPTY``)."""
    _check_placeable(state, action)
    if not on_course(state, action.space) or not is_empty(TrackView(state), action.space):
        raise IllegalActionError("CC-ITEM-PLACE-EMPTY", f"{action.space} is not an empty space")


def check_use_motobug(state: State, action: A.UseMotobug) -> None:
    """A Motobug held, by a character in a lane (``CC-PROJ-MOTOBUG-ON-TRACK``)."""
    character = _own_items(state, action)
    _check_damage_first(state)
    _held(character, _MOTOBUG)
    if character.position is None:
        raise IllegalActionError(
            "CC-PROJ-MOTOBUG-ON-TRACK", "a character off the track has no lane"
        )


def check_use_bomb(state: State, action: A.UseBomb) -> None:
    """A Bomb held, on a tile of the course (``CC-ITEM-BOMB``)."""
    character = _own_items(state, action)
    _check_damage_first(state)
    _held(character, _BOMB)
    if not 0 <= action.tile < len(state.course):
        raise IllegalActionError("CC-ITEM-BOMB", "choose a tile of the course")


def check_use_bumper(state: State, action: A.UseBumper) -> None:
    """A Bumper held, at a character on the track (``CC-ITEM-BUMPER``)."""
    character = _own_items(state, action)
    _check_damage_first(state)
    _held(character, _BUMPER)
    if (
        not 0 <= action.target < len(state.characters)
        or state.characters[action.target].position is None
    ):
        raise IllegalActionError("CC-ITEM-BUMPER", "choose a character on the track")


def _power_up(state: State, action: Any) -> Character:
    character = _own_items(state, action)
    if not character.power_up:
        raise IllegalActionError("CC-POWER-UP-GAIN", "no Power-Up token held")
    return character


def check_power_up_heal(state: State, action: A.PowerUpHeal) -> None:
    """The Power-Up, spent on a damaged character (``CC-POWER-UP-HEAL``); allowed while
    damaged (``CC-DAMAGE-FIRST``)."""
    if not _power_up(state, action).damage:
        raise IllegalActionError("CC-POWER-UP-HEAL", "there is no damage to remove")


def check_power_up_turn(state: State, action: A.PowerUpTurn) -> None:
    """The Power-Up, spent to turn the newest tile (``CC-POWER-UP-TURN``), not while
    damaged (``CC-DAMAGE-FIRST``)."""
    _power_up(state, action)
    _check_damage_first(state)


# ----- laying a tile and owed decisions -----------------------------------------------------


def tile_choices(state: State) -> list[int]:
    """The tiles the active player may lay: the pile, or else the rearmost tile."""
    return sorted(state.tile_pile) or [state.course[0].tile]


def check_lay_tile(state: State, action: A.LayTile) -> None:
    """A tile from the pile, or the rearmost once it is empty (``CC-TILE-CHOICE``)."""
    _seat_in_phase(state, action)
    if action.tile not in tile_choices(state):
        raise IllegalActionError("CC-TILE-CHOICE", f"tile {action.tile} is not available to lay")


def ring_drop_spaces(state: State) -> list[Space]:
    """Where the owed ring stack may land (``CC-RING-LOSS``)."""
    owed = state.pending[0]
    return drop_spaces(TrackView(state), state.characters[owed.character].position)


def check_drop_rings(state: State, action: A.DropRings) -> None:
    """An empty space of the tile behind (``CC-RING-LOSS``)."""
    _seat_in_phase(state, action)
    if action.space not in ring_drop_spaces(state):
        raise IllegalActionError(
            "CC-RING-LOSS", f"{action.space} is not an empty space of the tile behind"
        )


def check_recover(state: State, action: A.Recover) -> None:
    """Beginner: spend a Ring or not; either is allowed (``CC-PROJ-BEGINNER-KNOCKED``)."""
    _seat_in_phase(state, action)


CHECKS: dict[type, Callable[[State, Any], None]] = {
    A.DrawItem: check_draw_item,
    A.DealTile: check_deal_tile,
    A.RevealItem: check_reveal_item,
    A.DiscardToDraw: check_discard_to_draw,
    A.SkipDraw: check_skip_draw,
    A.KeepItem: check_keep_item,
    A.DrawItems: check_draw_items,
    A.Fix: check_fix,
    A.Move: check_move,
    A.UseShortcut: check_use_shortcut,
    A.LayShortcutTile: check_lay_shortcut_tile,
    A.FinishShortcut: check_finish_shortcut,
    A.PlaceItem: check_place_item,
    A.UseMotobug: check_use_motobug,
    A.UseBomb: check_use_bomb,
    A.UseBumper: check_use_bumper,
    A.PowerUpHeal: check_power_up_heal,
    A.PowerUpTurn: check_power_up_turn,
    A.EndTurn: check_end_turn,
    A.LayTile: check_lay_tile,
    A.DropRings: check_drop_rings,
    A.Recover: check_recover,
}
"""The legality function of each action type."""


def check(state: State, action: Any) -> None:
    """Raise the error that explains why ``action`` is not legal in ``state``, or return."""
    check_fields(action)
    CHECKS[type(action)](state, action)


# ----- listing the legal actions ------------------------------------------------------------


def _accepted(state: State, candidates: list[Act]) -> list[Act]:
    """The candidates their legality function accepts."""
    kept = []
    for action in candidates:
        try:
            CHECKS[type(action)](state, action)
        except IllegalActionError:
            continue
        kept.append(action)
    return kept


def _all_or_none(state: State, candidates: list[Act]) -> list[Act]:
    """Candidates differing only in a value a rule's own helper enumerated: one checked."""
    return candidates if candidates and _accepted(state, candidates[:1]) else []


def legal_actions(state: State) -> list[A.Action]:
    """Every legal action, in the canonical order of `action_key`."""
    phase = state.phase
    if phase is _GAME_OVER:
        return []
    if phase is _DRAWING or phase is _SETUP or phase is _REVEALING:
        return [action for action, _ in chance_outcomes(state)]
    if phase is _ACTIONS:
        return _turn_actions(state)
    seat = state.to_act
    assert isinstance(seat, int)
    candidates: list[Any]
    if phase is _DRAW_CHOICE:
        kinds = sorted(set(state.characters[state.active].items), key=_BY_INDEX)
        candidates = [
            *(_made(A.DiscardToDraw, seat, kind) for kind in kinds),
            _made(A.SkipDraw, seat),
        ]
    elif phase is _KEEP_CHOICE:
        kinds = sorted(set(state.drawn), key=_BY_INDEX)
        candidates = [_made(A.KeepItem, seat, kind) for kind in kinds]
        if _TAKEN[phase]:  # check_keep_item: the seat to act keeps a kind it drew
            return candidates
    elif phase is _LAY_TILE:
        tiles = tile_choices(state)
        candidates = [
            _made(A.LayTile, seat, tile, flip) for tile in tiles for flip in (False, True)
        ]
        if _TAKEN[phase]:  # check_lay_tile: the seat to act lays one of tile_choices
            return candidates
    elif phase is _LAYING_SHORTCUT:
        steps = _all_or_none(state, shortcut_steps(state))
        return [*steps, *_accepted(state, [_made(A.FinishShortcut, seat)])]
    elif phase is _RING_DROP:
        spaces = ring_drop_spaces(state)
        return _all_or_none(state, [_made(A.DropRings, seat, space) for space in spaces])
    else:
        candidates = [_made(A.Recover, seat, False), _made(A.Recover, seat, True)]
    return _accepted(state, candidates)


_TAKEN = {
    phase: kind in PHASES.specs[phase].accepts
    for phase, kind in ((Phase.KEEP_CHOICE, A.KeepItem), (Phase.LAY_TILE, A.LayTile))
}
"""Whether the phase takes the action type `legal_actions` lists for it; then every
candidate it lists passes its legality function by construction (else each is asked)."""


_TURN_TYPES = (
    A.DrawItems,
    A.Fix,
    A.Move,
    A.PlaceItem,
    A.UseMotobug,
    A.UseBomb,
    A.UseBumper,
    A.PowerUpHeal,
    A.PowerUpTurn,
    A.EndTurn,
)
_DECIDED = all(kind in PHASES.specs[_ACTIONS].accepts for kind in _TURN_TYPES)
"""The actions phase takes every type `_turn_actions` decides without its legality
function (else they all go through it)."""


def _turn_actions(state: State) -> list[Any]:
    """`turn_actions_by_checks`, the same list, with each legality function's answer
    worked out from the state instead of asked of it (no error raised per candidate).

    In the actions phase the candidates are the active character's owner's, the seat to
    act, of types the phase takes: what is left of each check is written out here.
    """
    if not _DECIDED:
        return turn_actions_by_checks(state)
    character = state.characters[state.active]
    seat = character.owner
    draw_items, fix, moves, end_turn = _turn_basics(seat)
    damage = character.damage
    left = state.actions_left > 0
    result: list[Any] = []
    # check_draw_items (CC-DRAW, CC-DAMAGE-FIRST, CC-OPT-OFFICIAL-DRAW)
    if (
        state.options.official_draw
        and state.variant is not _BEGINNER
        and not damage
        and not state.moved_this_turn
        and left
    ):
        result.append(draw_items)
    if damage and left:  # check_fix
        result.append(fix)
    moving = left and not damage and not character.knocked_down  # _check_may_move
    if moving:
        position = character.position
        for lane, move in enumerate(moves):  # check_move
            if position is None or abs(lane - position.lane) <= 1:
                result.append(move)
    # Off an arrow space there are no shortcut uses or steps (as both find).
    if state.variant is not _BEGINNER and moving and arrow_position(state) is not None:
        result += _accepted(state, shortcut_uses(state))
        result += _all_or_none(state, shortcut_steps(state))
    if state.variant is not _BEGINNER:  # _own_items (CC-BEGINNER-NO-EXTRAS)
        result += _decided_item_actions(state, character)
    if may_end_turn(state):  # check_end_turn
        result.append(end_turn)
    return result


def _decided_item_actions(state: State, character: Character) -> list[Any]:
    """`_item_actions` outside the Beginner game, its checks worked out (see
    `_turn_actions`)."""
    seat = character.owner
    # _check_damage_first: with damage only a fix (or a Power-Up spent on it).
    free = not character.damage or state.options.damage_bars_only_moves
    result: list[Any] = []
    if free and character.items:
        kinds = sorted(set(character.items), key=_BY_INDEX)
        placeable = [kind for kind in kinds if kind in PLACED_KINDS]
        if placeable:
            spaces = empty_spaces_in(state, range(len(state.course)))
            # check_place_item of the first space: held, placeable, empty (all are).
            for kind in placeable:
                result += _place_items(seat, kind, spaces)
        if _MOTOBUG in kinds and character.position is not None:
            result.append(_made(A.UseMotobug, seat))
        if _BOMB in kinds:
            result += [_made(A.UseBomb, seat, tile) for tile in range(len(state.course))]
        if _BUMPER in kinds:
            result += [
                _made(A.UseBumper, seat, target)
                for target, other in enumerate(state.characters)
                if other.position is not None
            ]
    if character.power_up:
        if character.damage:  # check_power_up_heal
            result.append(_made(A.PowerUpHeal, seat))
        if free:  # check_power_up_turn
            result.append(_made(A.PowerUpTurn, seat))
    return result


_PLACE_ITEMS: dict[tuple[int, ItemKind], dict[tuple[int, int, int], A.PlaceItem]] = {}
"""Each `PlaceItem` listed so far, by seat and kind, then by its space's fields: frozen
values, so one object serves every list that holds it."""
_MAX_PLACE_ITEMS = 4096


def _place_items(
    seat: int, kind: ItemKind, spaces: list[tuple[tuple[int, int, int], Space]]
) -> list[A.PlaceItem]:
    """``[A.PlaceItem(seat, kind, space) for space in spaces]``, each made once."""
    made = _PLACE_ITEMS.get((seat, kind))
    if made is None or len(made) > _MAX_PLACE_ITEMS:
        made = _PLACE_ITEMS[seat, kind] = {}
    result = []
    for fields, space in spaces:
        action = made.get(fields)
        if action is None:
            action = made[fields] = A.PlaceItem(seat, kind, space)
        result.append(action)
    return result


def turn_actions_by_checks(state: State) -> list[Any]:
    """The actions phase's legal actions, each candidate asked of its legality function:
    the reference `_turn_actions` gives the same list as."""
    character = state.characters[state.active]
    seat = character.owner
    result: list[Any] = _accepted(
        state, [A.DrawItems(seat), A.Fix(seat), *(A.Move(seat, lane) for lane in range(LANES))]
    )
    if state.variant is not _BEGINNER and may_move(state):
        result += _accepted(state, shortcut_uses(state))
        result += _all_or_none(state, shortcut_steps(state))
    result += _item_actions(state, character)
    result += _accepted(state, [A.EndTurn(seat)])
    return result


def _item_actions(state: State, character: Character) -> list[Any]:
    seat = character.owner
    kinds = sorted(set(character.items), key=lambda k: k.index)
    result: list[Any] = []
    placeable = [kind for kind in kinds if kind in PLACED_KINDS]
    if placeable:
        spaces = empty_spaces_of(TrackView(state), range(len(state.course)))
        for kind in placeable:
            result += _all_or_none(state, [A.PlaceItem(seat, kind, space) for space in spaces])
    if _MOTOBUG in kinds:
        result += _accepted(state, [A.UseMotobug(seat)])
    if _BOMB in kinds:
        result += _all_or_none(state, [A.UseBomb(seat, tile) for tile in range(len(state.course))])
    if _BUMPER in kinds:
        bumps = [A.UseBumper(seat, target) for target in range(len(state.characters))]
        result += _accepted(state, bumps)
    if character.power_up:
        result += _accepted(state, [A.PowerUpHeal(seat), A.PowerUpTurn(seat)])
    return result
