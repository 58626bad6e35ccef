"""The built-in Crash Course players, and playing a whole game with them.

>>> from sonic_rules.crash_course import new_game
>>> result = play_game(new_game(2), [PLAYERS["greedy"](), PLAYERS["random"]()], seed=3)
>>> result.final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from sonic_rules.core.driver import GameDriver, GreedyPlayer, RandomPlayer
from sonic_rules.core.game import Player
from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course import engine
from sonic_rules.crash_course.actions import Action
from sonic_rules.crash_course.placement import progress
from sonic_rules.crash_course.shortcuts import arrows, on_arrow, walk
from sonic_rules.crash_course.state import Phase, State
from sonic_rules.crash_course.tiles import ROWS, effective_turn


def score(state: State, seat: int) -> float:
    """Greedy heuristic: winning, Flicky Birds, progress, others' damage, own health."""
    if state.is_over:
        return 1e6 if seat in state.winners else -1e6
    value = 0.0
    for character in state.characters:
        tile, row = progress(character.position)
        advance = (tile * ROWS + row + 1) + 2.0 * character.power_up + 0.5 * len(character.items)
        hurt = character.damage + (3 if character.knocked_down else 0)
        sign = 1.0 if character.owner == seat else -1.0 / max(1, state.players - 1)
        value += sign * (advance - 1.5 * hurt)
    for other, birds in enumerate(state.birds):
        weight = 10.0 if other == seat else -10.0 / max(1, state.players - 1)
        value += weight * min(birds, state.required_birds)
    return value


def greedy_player() -> GreedyPlayer[State, Action]:
    """The simple built-in bot: the action whose result `score` rates best."""
    return GreedyPlayer(score=score, step=engine.step)


def side_pairs(state: State) -> int:
    """How many arrow spaces are joined side by side to one further along."""
    found = arrows(state.catalogue, state.course)
    count = 0
    for space, _direction in found.values():
        joined = walk(state.course, state.shortcuts, space, found)
        if joined is not None and not joined[1] and progress(joined[0]) > progress(space):
            count += 1
    return count


_SHORTCUT_ACTIONS = (A.UseShortcut, A.LayShortcutTile)


def _shortcut_within(state: State, move: Any, more: int) -> bool:
    """After ``move`` (and up to ``more`` further Moves) a shortcut can be used or laid."""
    after = engine.apply(state, move)
    if after.phase is not Phase.ACTIONS or after.active != state.active:
        return False
    legal = engine.legal_actions(after)
    if any(isinstance(a, _SHORTCUT_ACTIONS) for a in legal):
        return True
    return more > 0 and any(
        _shortcut_within(after, a, more - 1) for a in legal if isinstance(a, A.Move)
    )


def _onto_arrow(state: State, move: Any) -> bool:
    after = engine.apply(state, move)
    position = after.characters[state.active].position
    return position is not None and on_arrow(after, position)


def _pick(options: Sequence[Any], rng: random.Random) -> Any:
    return options[rng.randrange(len(options))]


@attrs.define
class ShortcutPlayer:
    """A sparring partner that makes the shortcut rules happen; otherwise random.

    1. It takes a shortcut whenever it can, else lays one, tile by tile, and finishes it.
    2. Moving, it prefers a Move after which it can use or lay a shortcut, then one after
       which it could within one more Move, then a Move onto an arrow space.
    3. Laying a track tile, it prefers a placement that brings two straight tiles side by
       side with joined arrows, else one that keeps turning towards a U-turn (any corner
       after a straight tile, a corner turning the same way after a corner).
    """

    name: str = "shortcut"

    def choose(self, state: State, actions: Sequence[Any], rng: random.Random) -> Any:
        for kind in (A.UseShortcut, A.LayShortcutTile, A.FinishShortcut):
            options = [a for a in actions if isinstance(a, kind)]
            if options:
                return _pick(options, rng)
        if state.phase is Phase.ACTIONS:
            moves = [a for a in actions if isinstance(a, A.Move)]
            for more in (0, 1):
                good = [m for m in moves if _shortcut_within(state, m, more)]
                if good:
                    return _pick(good, rng)
            good = [m for m in moves if _onto_arrow(state, m)]
            if good:
                return _pick(good, rng)
        if state.phase is Phase.LAY_TILE:
            choice = self._lay(state, actions, rng)
            if choice is not None:
                return choice
        return _pick(actions, rng)

    @staticmethod
    def _lay(state: State, actions: Sequence[Any], rng: random.Random) -> Any:
        before = side_pairs(state)
        good = [a for a in actions if side_pairs(engine.apply(state, a)) > before]
        if good:
            return _pick(good, rng)
        tiles = state.catalogue.tiles
        newest = state.course[-1]
        turn = effective_turn(tiles[newest.tile], newest.reversed)
        corners = [a for a in actions if tiles[a.tile].turn != "straight"]
        if turn != "straight":
            corners = [a for a in corners if effective_turn(tiles[a.tile], a.reversed) == turn]
        return _pick(corners, rng) if corners else None


def shortcut_player() -> ShortcutPlayer:
    """The shortcut-seeking built-in player (`ShortcutPlayer`)."""
    return ShortcutPlayer()


PLAYERS: Mapping[str, Callable[[], Player[State, Action]]] = {
    "random": RandomPlayer,
    "greedy": greedy_player,
    "shortcut": shortcut_player,
}
"""The built-in players by name, each a factory: ``PLAYERS["greedy"]()``."""


play_game: GameDriver[State, Action] = GameDriver(engine, State, "a Crash Course State")
"""Play a Crash Course game to the end (`sonic_rules.core.driver.GameDriver`): one player
per seat, so a ``"two-player"`` game, whose seats play two characters each, takes 2."""
