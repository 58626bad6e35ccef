"""Play whole games: built-in players and a seeded driver.

Chance is resolved with a ``random.Random`` held here, outside the state: the same
seed gives the same game. Players see the state and the legal actions and return
one of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from sonic_rules.core.chance import CHANCE, sample_outcome
from sonic_rules.core.events import Event

S = TypeVar("S")
A = TypeVar("A")


@attrs.frozen
class Game:
    """What the driver and the CLI need of a game; each game module exports one as ``GAME``.

    ``score(state, seat)`` is a heuristic for the greedy player (higher is better for
    ``seat``); ``describe_action(action)`` gives a readable log line.
    """

    name: str
    legal_actions: Callable[[Any], list[Any]]
    step: Callable[[Any, Any], tuple[Any, list[Event]]]
    chance_outcomes: Callable[[Any], list[tuple[Any, float]]]
    score: Callable[[Any, int], float]
    describe_action: Callable[[Any], str] = str


class Player(Protocol):
    """Chooses one of ``actions`` for the seat to act in ``state``."""

    name: str

    def choose(self, state: Any, actions: Sequence[Any], rng: random.Random) -> Any: ...


@attrs.define
class RandomPlayer:
    """Picks uniformly among the legal actions."""

    name: str = "random"

    def choose(self, state: Any, actions: Sequence[Any], rng: random.Random) -> Any:
        return actions[rng.randrange(len(actions))]


@attrs.define
class GreedyPlayer:
    """One-ply look-ahead: the action whose result scores best for the acting seat.

    ``score(state, seat)`` comes from the game; ties are broken at random.
    """

    score: Callable[[Any, int], float]
    step: Callable[[Any, Any], tuple[Any, list[Event]]]
    name: str = "greedy"

    def choose(self, state: Any, actions: Sequence[Any], rng: random.Random) -> Any:
        seat = state.to_act
        best: list[Any] = []
        best_score = float("-inf")
        for action in actions:
            value = self.score(self.step(state, action)[0], seat)
            if value > best_score:
                best, best_score = [action], value
            elif value == best_score:
                best.append(action)
        return best[rng.randrange(len(best))]


@attrs.frozen
class Ply(Generic[A]):
    """One applied action and the events it caused; ``seat`` is ``None`` for chance."""

    seat: int | None
    action: A
    events: tuple[Event, ...]


@attrs.frozen
class PlayedGame(Generic[S, A]):
    """The result of :func:`play`: the final state and, when recorded, every ply."""

    final: S
    plies: tuple[Ply[A], ...]
    actions: int
    decisions: int
    capped: bool


def play(
    game: Game,
    state: Any,
    players: Sequence[Player],
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    record: bool = True,
    max_actions: int | None = None,
) -> PlayedGame[Any, Any]:
    """Play from ``state`` to the end: ``players[seat]`` decides for each seat.

    ``max_actions`` is a driver cap, not a rule: when reached the game stops
    unfinished and ``capped`` is true.
    """
    if rng is None:
        rng = random.Random(seed)
    plies: list[Ply[Any]] = []
    actions = decisions = 0
    while not state.is_over:
        if max_actions is not None and actions >= max_actions:
            return PlayedGame(state, tuple(plies), actions, decisions, True)
        to_act = state.to_act
        if to_act is CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
            seat = None
        else:
            legal = game.legal_actions(state)
            action = players[to_act].choose(state, legal, rng)
            seat = to_act
            decisions += 1
        state, events = game.step(state, action)
        actions += 1
        if record:
            plies.append(Ply(seat, action, tuple(events)))
    return PlayedGame(state, tuple(plies), actions, decisions, False)
