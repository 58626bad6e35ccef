"""The Crash Course referee, declared for the one engine (`sonic_rules.core.engine`).

Per phase the lister of its legal actions and of its chance outcomes (`legality`), the
check that refuses an action naming the rule it breaks, and per action type its handler,
living with its game concept: the draw in `placement`, the turn in `turn`, movement in
`movement`, items in `items`, shortcuts in `shortcuts`, the course in `track`. After
every handler, an action that moves or hurts a character resolves the movement stack
and the decisions it leaves owed (`movement.resolve`), and a seat's decision is counted
(`turn.decision_made`).
"""

from __future__ import annotations

from sonic_rules.core.engine import Engine, Rules
from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course import items, legality, placement, shortcuts, turn
from sonic_rules.crash_course.draft import Draft
from sonic_rules.crash_course.movement import move, resolve
from sonic_rules.crash_course.state import State
from sonic_rules.crash_course.track import lay_tile
from sonic_rules.crash_course.views import View, legal_actions_for_view


def _lay_tile(d: Draft, action: A.LayTile) -> None:
    """``CC-TILE-LAY``; lifting the rearmost tile may strand shortcuts (``CC-SHORTCUT-RETURN``)."""
    if lay_tile(d, action.tile, action.reversed):
        shortcuts.return_shortcuts(d)


def _power_up_turn(d: Draft, action: A.PowerUpTurn) -> None:
    """``CC-POWER-UP-TURN``; a turned tile may strand shortcuts (``CC-SHORTCUT-RETURN``)."""
    items.power_up_turn(d, action)
    shortcuts.return_shortcuts(d)


RESOLVING = frozenset(
    {
        A.RevealItem,
        A.Move,
        A.UseShortcut,
        A.UseMotobug,
        A.UseBomb,
        A.UseBumper,
        A.LayTile,
        A.DropRings,
        A.Recover,
    }
)
"""The action types after which movement and owed decisions resolve."""
CHANCE_TYPES = frozenset({A.DrawItem, A.DealTile, A.RevealItem})
"""The chance outcomes; every other action is a seat's decision."""


def _after(d: Draft, action: A.Action) -> None:
    kind = type(action)
    if kind in RESOLVING:
        resolve(d)
    if kind not in CHANCE_TYPES:
        turn.decision_made(d)


DECLARATION = Rules(
    game="crash-course",
    title="Crash Course",
    state_type=State,
    draft_type=Draft,
    listers=legality.LISTERS,
    chance=legality.CHANCE,
    handlers={
        A.DrawItem: placement.draw_item,
        A.DealTile: turn.deal_tile,
        A.RevealItem: items.reveal_item,
        A.DiscardToDraw: placement.discard_to_draw,
        A.SkipDraw: placement.skip_draw,
        A.KeepItem: placement.keep_item,
        A.DrawItems: placement.draw_items,
        A.Fix: turn.fix,
        A.Move: move,
        A.UseShortcut: shortcuts.use_shortcut,
        A.LayShortcutTile: shortcuts.lay_shortcut_tile,
        A.FinishShortcut: shortcuts.finish_shortcut,
        A.PlaceItem: items.place_item,
        A.UseMotobug: items.use_motobug,
        A.UseBomb: items.use_bomb,
        A.UseBumper: items.use_bumper,
        A.PowerUpHeal: items.power_up_heal,
        A.PowerUpTurn: _power_up_turn,
        A.EndTurn: turn.end_turn,
        A.LayTile: _lay_tile,
        A.DropRings: items.drop_rings,
        A.Recover: items.recover,
    },
    check=legality.check,
    after=_after,
    view_type=View,
    view_lister=legal_actions_for_view,
)
"""Crash Course, declared for the engine."""

ENGINE: Engine[State, A.Action] = Engine(DECLARATION)

legal_actions = ENGINE.legal_actions
chance_outcomes = ENGINE.chance_outcomes
step = ENGINE.step
apply = ENGINE.apply
