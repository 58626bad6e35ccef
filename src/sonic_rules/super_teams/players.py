"""The built-in Super Teams players, and playing a whole game with them.

>>> from sonic_rules.super_teams import new_game
>>> result = play_game(new_game(2), [PLAYERS["greedy"](), PLAYERS["random"]()], seed=3)
>>> result.final.is_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from sonic_rules.core.driver import GameDriver, GreedyPlayer, RandomPlayer
from sonic_rules.core.game import Player
from sonic_rules.super_teams import engine
from sonic_rules.super_teams.actions import Action
from sonic_rules.super_teams.state import State


def score(state: State, seat: int) -> float:
    """A heuristic for the greedy bot: the seat's side's progress against the best rival's."""
    if state.is_over:
        return 1e6 if seat in state.winners else -1e6
    finish = len(state.board)

    def progress(side: int) -> float:
        total = 0.0
        for colour in state.side_colours(side):
            for character in colour.characters:
                position = state.piece(character).position
                total += finish * 1.5 if position >= finish else position
        return total / len(state.side_colours(side))

    mine = state.side_of(seat)
    rivals = [progress(side) for side in range(state.sides) if side != mine]
    return progress(mine) - max(rivals) + 0.5 * len(state.bonus_hands[seat])


def greedy_player() -> GreedyPlayer[State, Action]:
    """The simple built-in bot: the action that most advances its side right now."""
    return GreedyPlayer(score=score, step=engine.step)


PLAYERS: Mapping[str, Callable[[], Player[State, Action]]] = {
    "random": RandomPlayer,
    "greedy": greedy_player,
}
"""The built-in players by name, each a factory: ``PLAYERS["greedy"]()``."""


play_game: GameDriver[State, Action] = GameDriver(engine, State, "a Super Teams State")
"""Play a Super Teams game to the end (`sonic_rules.core.driver.GameDriver`)."""
