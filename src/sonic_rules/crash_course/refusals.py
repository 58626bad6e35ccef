"""Why an action is refused: the rule it breaks, worked out only once it is refused.

`legality.check` asks one of these functions only for an action its phase's lister did
not list, so the action breaks some rule: each function goes through what the action
type needs, in order, and raises the `IllegalActionError` of the first thing that
fails. The last of them is the one left when all before it hold, so it is raised
without being asked again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from sonic_rules.core.errors import IllegalActionError
from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course.phases import PHASES
from sonic_rules.crash_course.shortcuts import free_shortcut_tiles, on_arrow, open_end
from sonic_rules.crash_course.state import (
    ACTIONS,
    BEGINNER,
    BOMB,
    BUMPER,
    GAME_OVER,
    MOTOBUG,
    PLACED_KINDS,
    ItemKind,
    Piece,
    State,
)

# ----- who may act, and when -----------------------------------------------------------------


def _wrong_seat(state: State, action: Any) -> IllegalActionError:
    return IllegalActionError(
        "CC-PROJ-WRONG-SEAT", f"seat {state.to_act} is to act, not seat {action.seat}"
    )


def _seat_in_phase(state: State, action: Any) -> None:
    """The declared phase takes this action (``CC-PROJ-PHASE``, ``CC-FINISH``), from
    the seat to act (``CC-PROJ-WRONG-SEAT``)."""
    PHASES.check_action(state.phase, action)
    if action.seat != state.to_act:
        raise _wrong_seat(state, action)


def _not_in_phase_or_seat(state: State, action: Any) -> NoReturn:
    """An action its phase always lists for the seat to act: the phase or the seat."""
    PHASES.check_action(state.phase, action)
    raise _wrong_seat(state, action)


def _not_an_outcome(state: State, action: Any, rule: str) -> NoReturn:
    """A chance outcome is one `chance_outcomes` offers."""
    PHASES.check_action(state.phase, action)
    raise IllegalActionError(rule, f"{action} is not a possible outcome here")


def _own_items(state: State, action: Any) -> Piece:
    """``CC-PROJ-ITEMS-OWN-TURN``: only the active character, in its actions phase, uses
    its own items and Power-Up (not another seat, not during a draw, lay or drop).

    Beginner: there are none (``CC-BEGINNER-NO-EXTRAS``). Returns the active character.
    """
    if state.phase is GAME_OVER:
        PHASES.check_action(state.phase, action)
    if state.phase is not ACTIONS or action.seat != state.to_act:
        raise IllegalActionError(
            "CC-PROJ-ITEMS-OWN-TURN",
            "items and Power-Ups are used by the active character during its actions",
        )
    if state.variant is BEGINNER:
        raise IllegalActionError(
            "CC-BEGINNER-NO-EXTRAS", "no items or Power-Ups in the Beginner game"
        )
    return state.characters[state.active]


def _damage_first() -> IllegalActionError:
    return IllegalActionError(
        "CC-DAMAGE-FIRST", "fix all damage before doing anything else this turn"
    )


def _check_damage_first(state: State) -> None:
    """``CC-DAMAGE-FIRST``: while the active character has damage its player only fixes it
    (Fix, or a Power-Up spent on it): no item, Power-Up turn or official-draw Draw.

    With ``CC-OPT-DAMAGE-BARS-ONLY-MOVES`` only moving is barred (`_check_may_move`).
    Shortcuts need a Move now, so damage bars them under both readings.
    """
    if state.characters[state.active].damage and not state.options.damage_bars_only_moves:
        raise _damage_first()


def _held(character: Piece, kind: ItemKind) -> None:
    if kind not in character.items:
        raise IllegalActionError("CC-HOLD-LIMIT", f"no {kind.value} held")


def _no_actions_left() -> IllegalActionError:
    return IllegalActionError("CC-TURN-ACTIONS", "no actions left this turn")


def _check_may_move(state: State) -> None:
    """An action left, no damage (``CC-FIX-BEFORE-MOVE``), not lying down."""
    character = state.characters[state.active]
    if state.actions_left <= 0:
        raise _no_actions_left()
    if character.damage:
        raise IllegalActionError("CC-FIX-BEFORE-MOVE", "fix all damage before moving")
    if character.knocked_down:
        raise IllegalActionError("CC-PROJ-BEGINNER-KNOCKED", "a character lying down cannot move")


# ----- chance and the draw -----------------------------------------------------------------


def refuse_draw_item(state: State, action: A.DrawItem) -> NoReturn:
    """Chance: a token kind left in the pile (``CC-DRAW``)."""
    _not_an_outcome(state, action, "CC-DRAW")


def refuse_deal_tile(state: State, action: A.DealTile) -> NoReturn:
    """Chance: a track tile not dealt yet (``CC-BEGINNER-SETUP``)."""
    _not_an_outcome(state, action, "CC-BEGINNER-SETUP")


def refuse_reveal_item(state: State, action: A.RevealItem) -> NoReturn:
    """Chance: a token kind nobody has seen yet (``CC-BEGINNER-ITEMS``)."""
    _not_an_outcome(state, action, "CC-BEGINNER-ITEMS")


def refuse_discard_to_draw(state: State, action: A.DiscardToDraw) -> NoReturn:
    """A full hand discards one of its items to draw (``CC-DRAW-FULL-HAND``)."""
    _seat_in_phase(state, action)
    raise IllegalActionError("CC-DRAW-FULL-HAND", f"no {action.kind.value} held to discard")


def refuse_skip_draw(state: State, action: A.SkipDraw) -> NoReturn:
    """Not with the official draw, where the action is spent already."""
    _seat_in_phase(state, action)
    raise IllegalActionError(
        "CC-PROJ-OFFICIAL-DRAW-FULL-HAND",
        "the action is spent on drawing: discard an item, then draw",
    )


def refuse_keep_item(state: State, action: A.KeepItem) -> NoReturn:
    """One of the kinds drawn (``CC-DRAW``)."""
    _seat_in_phase(state, action)
    raise IllegalActionError("CC-DRAW", f"no {action.kind.value} was drawn")


def refuse_draw_items(state: State, action: A.DrawItems) -> NoReturn:
    """Official draw: an action, after fixing and before moving (``CC-OPT-OFFICIAL-DRAW``)."""
    _seat_in_phase(state, action)
    if not state.options.official_draw or state.variant is BEGINNER:
        raise IllegalActionError("CC-DRAW", "the draw happens at the start of the turn")
    _check_damage_first(state)
    raise IllegalActionError("CC-OPT-OFFICIAL-DRAW", "draw after fixing and before moving")


# ----- the turn's actions -------------------------------------------------------------------


def refuse_fix(state: State, action: A.Fix) -> NoReturn:
    """An action removes a damage token (``CC-FIX-DAMAGE``, ``CC-TURN-ACTIONS``)."""
    _seat_in_phase(state, action)
    if not state.characters[state.active].damage:
        raise IllegalActionError("CC-FIX-DAMAGE", "there is no damage to fix")
    raise _no_actions_left()


def refuse_move(state: State, action: A.Move) -> NoReturn:
    """Onto a lane of the first tile (``CC-FIRST-ENTRY``), else ahead or diagonally one
    lane (``CC-MOVE-FORWARD``)."""
    _seat_in_phase(state, action)
    _check_may_move(state)
    if state.characters[state.active].position is None:
        raise IllegalActionError("CC-FIRST-ENTRY", "enter one of the three lanes")
    raise IllegalActionError("CC-MOVE-FORWARD", "step ahead or diagonally one lane")


def _check_shortcuts_allowed(state: State, action: Any) -> None:
    _seat_in_phase(state, action)
    _check_may_move(state)
    if state.variant is BEGINNER:
        raise IllegalActionError("CC-BEGINNER-NO-EXTRAS", "no shortcuts in the Beginner game")


def refuse_use_shortcut(state: State, action: A.UseShortcut) -> NoReturn:
    """A laid path from the active character's arrow space, forward (``CC-SHORTCUT-USE``)."""
    _check_shortcuts_allowed(state, action)
    raise IllegalActionError("CC-SHORTCUT-USE", "no shortcut joins this space to that one")


def refuse_lay_shortcut_tile(state: State, action: A.LayShortcutTile) -> NoReturn:
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
    raise IllegalActionError(
        step, "no shortcut to an arrow space further along can be completed this way"
    )


def refuse_finish_shortcut(state: State, action: A.FinishShortcut) -> NoReturn:
    """In the attempt, by its player, complete or not (``CC-SHORTCUT-LAY-COMPLETE``)."""
    _not_in_phase_or_seat(state, action)


def refuse_end_turn(state: State, action: A.EndTurn) -> NoReturn:
    """Once no action is left or none can be done (``CC-PROJ-END-TURN``)."""
    _seat_in_phase(state, action)
    raise IllegalActionError("CC-TURN-ACTIONS", f"{state.actions_left} action(s) still to do")


# ----- items and Power-Ups ------------------------------------------------------------------


def refuse_place_item(state: State, action: A.PlaceItem) -> NoReturn:
    """A Spring, Booster or Crabmeat held, on an empty space (``CC-ITEM-PLACE-EMPTY``)."""
    character = _own_items(state, action)
    _check_damage_first(state)
    _held(character, action.kind)
    if action.kind not in PLACED_KINDS:
        raise IllegalActionError(
            "CC-ITEM-PLACE-EMPTY", f"a {action.kind.value} is not placed on the track"
        )
    raise IllegalActionError("CC-ITEM-PLACE-EMPTY", f"{action.space} is not an empty space")


def refuse_use_motobug(state: State, action: A.UseMotobug) -> NoReturn:
    """A Motobug held, by a character in a lane (``CC-PROJ-MOTOBUG-ON-TRACK``)."""
    character = _own_items(state, action)
    _check_damage_first(state)
    _held(character, MOTOBUG)
    raise IllegalActionError("CC-PROJ-MOTOBUG-ON-TRACK", "a character off the track has no lane")


def refuse_use_bomb(state: State, action: A.UseBomb) -> NoReturn:
    """A Bomb held, on a tile of the course (``CC-ITEM-BOMB``)."""
    character = _own_items(state, action)
    _check_damage_first(state)
    _held(character, BOMB)
    raise IllegalActionError("CC-ITEM-BOMB", "choose a tile of the course")


def refuse_use_bumper(state: State, action: A.UseBumper) -> NoReturn:
    """A Bumper held, at a character on the track (``CC-ITEM-BUMPER``)."""
    character = _own_items(state, action)
    _check_damage_first(state)
    _held(character, BUMPER)
    raise IllegalActionError("CC-ITEM-BUMPER", "choose a character on the track")


def _power_up(state: State, action: Any) -> None:
    if not _own_items(state, action).power_up:
        raise IllegalActionError("CC-POWER-UP-GAIN", "no Power-Up token held")


def refuse_power_up_heal(state: State, action: A.PowerUpHeal) -> NoReturn:
    """The Power-Up, spent on a damaged character (``CC-POWER-UP-HEAL``); allowed while
    damaged (``CC-DAMAGE-FIRST``)."""
    _power_up(state, action)
    raise IllegalActionError("CC-POWER-UP-HEAL", "there is no damage to remove")


def refuse_power_up_turn(state: State, action: A.PowerUpTurn) -> NoReturn:
    """The Power-Up, spent to turn the newest tile (``CC-POWER-UP-TURN``), not while
    damaged (``CC-DAMAGE-FIRST``)."""
    _power_up(state, action)
    raise _damage_first()


# ----- laying a tile and owed decisions -----------------------------------------------------


def refuse_lay_tile(state: State, action: A.LayTile) -> NoReturn:
    """A tile from the pile, or the rearmost once it is empty (``CC-TILE-CHOICE``)."""
    _seat_in_phase(state, action)
    raise IllegalActionError("CC-TILE-CHOICE", f"tile {action.tile} is not available to lay")


def refuse_drop_rings(state: State, action: A.DropRings) -> NoReturn:
    """An empty space of the tile behind (``CC-RING-LOSS``)."""
    _seat_in_phase(state, action)
    raise IllegalActionError(
        "CC-RING-LOSS", f"{action.space} is not an empty space of the tile behind"
    )


def refuse_recover(state: State, action: A.Recover) -> NoReturn:
    """Beginner: spend a Ring or not; either is allowed (``CC-PROJ-BEGINNER-KNOCKED``)."""
    _not_in_phase_or_seat(state, action)


REFUSALS: dict[type, Callable[[State, Any], NoReturn]] = {
    A.DrawItem: refuse_draw_item,
    A.DealTile: refuse_deal_tile,
    A.RevealItem: refuse_reveal_item,
    A.DiscardToDraw: refuse_discard_to_draw,
    A.SkipDraw: refuse_skip_draw,
    A.KeepItem: refuse_keep_item,
    A.DrawItems: refuse_draw_items,
    A.Fix: refuse_fix,
    A.Move: refuse_move,
    A.UseShortcut: refuse_use_shortcut,
    A.LayShortcutTile: refuse_lay_shortcut_tile,
    A.FinishShortcut: refuse_finish_shortcut,
    A.PlaceItem: refuse_place_item,
    A.UseMotobug: refuse_use_motobug,
    A.UseBomb: refuse_use_bomb,
    A.UseBumper: refuse_use_bumper,
    A.PowerUpHeal: refuse_power_up_heal,
    A.PowerUpTurn: refuse_power_up_turn,
    A.EndTurn: refuse_end_turn,
    A.LayTile: refuse_lay_tile,
    A.DropRings: refuse_drop_rings,
    A.Recover: refuse_recover,
}
"""Each action type's refusal: the rule an action of that type breaks when it is not
among the legal actions."""
