"""The built-in Crash Course players, and playing a whole game with them.

>>> from sonic_rules.crash_course import new_game
>>> result = play_game(new_game(2), [PLAYERS["greedy"](), PLAYERS["random"]()], seed=3)
>>> result.final.is_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from sonic_rules.core.driver import GreedyPlayer, RandomPlayer, play
from sonic_rules.core.errors import InvalidActionError, InvalidStateError
from sonic_rules.core.game import PlayedGame, Player
from sonic_rules.crash_course import engine
from sonic_rules.crash_course.actions import Action
from sonic_rules.crash_course.placement import progress
from sonic_rules.crash_course.state import State
from sonic_rules.crash_course.tiles import ROWS


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


def greedy_player() -> GreedyPlayer:
    """The simple built-in bot: the action whose result :func:`score` rates best."""
    return GreedyPlayer(score=score, step=engine.step)


PLAYERS: Mapping[str, Callable[[], Player[State]]] = {
    "random": RandomPlayer,
    "greedy": greedy_player,
}
"""The built-in players by name, each a factory: ``PLAYERS["greedy"]()``."""


def play_game(
    state: State,
    players: Sequence[Player[State]],
    *,
    seed: int | None = None,
    record: bool = True,
    max_actions: int | None = None,
) -> PlayedGame[State, Action]:
    """Play ``state`` to the end, ``players[seat]`` deciding; chance uses ``Random(seed)``.

    One player per seat: a 2-player game (the ``"two-player"`` variant included, whose
    seats each play two characters) takes 2. Another number is refused with an
    :class:`~sonic_rules.core.errors.InvalidActionError`. ``max_actions`` caps the game
    (a driver setting, never a rule): the result is then ``capped`` and unfinished.
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Crash Course State, got {type(state).__name__}")
    if len(players) != state.players:
        raise InvalidActionError(
            f"this game has {state.players} seats: give one player per seat, not {len(players)}"
        )
    return play(engine, state, players, seed=seed, record=record, max_actions=max_actions)
