"""The Crash Course referee: legal actions, chance outcomes and applying an action.

``step`` checks the action with its legality function (`legality`), copies the
frozen state into a `Draft`, runs the action's handler from the table
below on it and freezes the result, so the caller's state is never touched. Handlers
live with their game concept: the draw in `placement`, the turn in `turn`,
movement in `movement`, items in `items`, shortcuts in `shortcuts`,
the course in `track`. An action that moves or hurts a character ends by
resolving the movement stack and the decisions it leaves owed (`movement.resolve`).
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable
from typing import Any

from sonic_rules.core.errors import DEEP_ERRORS, InvalidStateError, RulesError
from sonic_rules.core.events import Event
from sonic_rules.core.registry import name_malformed
from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course import items, placement, shortcuts, turn
from sonic_rules.crash_course import legality as L
from sonic_rules.crash_course.movement import move, resolve
from sonic_rules.crash_course.state import Draft, State
from sonic_rules.crash_course.track import lay_tile
from sonic_rules.crash_course.views import View, legal_actions_for_view


def _require_state(state: object) -> None:
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Crash Course State, got {type(state).__name__}")


_Listed = tuple[State, tuple[A.Action, ...]]
_listed: _Listed | None = None
"""The last state whose legal actions (or chance outcomes) were listed, and the action
objects listed (kept alive with it)."""


def _remember(state: State, actions: tuple[A.Action, ...]) -> None:
    global _listed  # one value, replaced whole
    _listed = (state, actions)


_is, _repeat = operator.is_, itertools.repeat


def _was_listed(state: State, action: object) -> bool:
    """``action`` is one of the very objects just listed as legal in this very ``state``:
    its legality function accepted it then, and would again (both are frozen values)."""
    listed = _listed
    return listed is not None and listed[0] is state and any(map(_is, listed[1], _repeat(action)))


def legal_actions(state: State | View) -> list[A.Action]:
    """Every legal action, in the canonical order of `action_key`.

    Given a `View` (`views.observe`), the viewer's legal actions, the same list: only
    the seat to act may ask (`views.legal_actions_for_view`).
    """
    if type(state) is not State:
        if isinstance(state, View):
            return legal_actions_for_view(state)
        _require_state(state)
    try:
        actions = L.legal_actions(state)
    except RulesError:
        raise
    except DEEP_ERRORS:
        name_malformed("crash-course", state)
        raise
    _remember(state, tuple(actions))
    return actions


def chance_outcomes(state: State) -> list[tuple[A.Action, float]]:
    """At a chance node, each distinct outcome with probability count / total."""
    if type(state) is not State:
        _require_state(state)
    try:
        outcomes = L.chance_outcomes(state)
    except RulesError:
        raise
    except DEEP_ERRORS:
        name_malformed("crash-course", state)
        raise
    _remember(state, tuple(map(operator.itemgetter(0), outcomes)))
    return outcomes


def step(state: State, action: A.Action) -> tuple[State, list[Event]]:
    """Apply ``action``; return the new state and what happened. ``state`` is untouched.

    The action is checked by its legality function unless it is one of the objects
    `legal_actions` or `chance_outcomes` just listed for this state (accepted then).
    """
    if type(state) is not State:
        _require_state(state)
    try:
        if not _was_listed(state, action):
            L.check(state, action)
        draft = Draft(state)
        handler, then_resolve = HANDLERS[type(action)]
        handler(draft, action)
        if then_resolve:
            resolve(draft)
        if not isinstance(action, CHANCE_TYPES):
            turn.decision_made(draft)
        return draft.freeze(), draft.events
    except RulesError:
        raise
    except DEEP_ERRORS:
        name_malformed("crash-course", state)
        raise


def apply(state: State, action: A.Action) -> State:
    """Apply ``action`` and return the new state (see `step`)."""
    return step(state, action)[0]


def _lay_tile(d: Draft, action: A.LayTile) -> None:
    """``CC-TILE-LAY``; lifting the rearmost tile may strand shortcuts (``CC-SHORTCUT-RETURN``)."""
    if lay_tile(d, action.tile, action.reversed):
        shortcuts.return_shortcuts(d)


def _power_up_turn(d: Draft, action: A.PowerUpTurn) -> None:
    """``CC-POWER-UP-TURN``; a turned tile may strand shortcuts (``CC-SHORTCUT-RETURN``)."""
    items.power_up_turn(d, action)
    shortcuts.return_shortcuts(d)


CHANCE_TYPES = (A.DrawItem, A.DealTile, A.RevealItem)
"""The chance outcomes; every other action is a seat's decision."""

Handler = Callable[[Draft, Any], None]

HANDLERS: dict[type, tuple[Handler, bool]] = {
    A.DrawItem: (placement.draw_item, False),
    A.DealTile: (turn.deal_tile, False),
    A.RevealItem: (items.reveal_item, True),
    A.DiscardToDraw: (placement.discard_to_draw, False),
    A.SkipDraw: (placement.skip_draw, False),
    A.KeepItem: (placement.keep_item, False),
    A.DrawItems: (placement.draw_items, False),
    A.Fix: (turn.fix, False),
    A.Move: (move, True),
    A.UseShortcut: (shortcuts.use_shortcut, True),
    A.LayShortcutTile: (shortcuts.lay_shortcut_tile, False),
    A.FinishShortcut: (shortcuts.finish_shortcut, False),
    A.PlaceItem: (items.place_item, False),
    A.UseMotobug: (items.use_motobug, True),
    A.UseBomb: (items.use_bomb, True),
    A.UseBumper: (items.use_bumper, True),
    A.PowerUpHeal: (items.power_up_heal, False),
    A.PowerUpTurn: (_power_up_turn, False),
    A.EndTurn: (turn.end_turn, False),
    A.LayTile: (_lay_tile, True),
    A.DropRings: (items.drop_rings, True),
    A.Recover: (items.recover, True),
}
"""Each action type's handler, and whether movement and owed decisions resolve after it."""
