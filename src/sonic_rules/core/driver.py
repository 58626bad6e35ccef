"""Play whole games: the built-in random and greedy players and a seeded driver.

Chance is resolved with a ``random.Random`` held here, outside the state: the same
seed gives the same game. Players see the state and the legal actions and return
one of them. The driver takes a `Game` and works the
same for both games; each game's ``play_game`` is a `GameDriver` of its engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

import attrs

from sonic_rules.core.chance import CHANCE, sample_outcome
from sonic_rules.core.errors import InvalidActionError, StateTypeError
from sonic_rules.core.events import Event
from sonic_rules.core.game import GameState, PlayedGame, Player, Ply

S = TypeVar("S", bound=GameState)
A = TypeVar("A")
T = TypeVar("T")


class Playable(Protocol[S, A]):
    """What the driver needs of a game: a `Game`, or a game's engine module."""

    @property
    def legal_actions(self) -> Callable[[S], list[A]]: ...

    @property
    def chance_outcomes(self) -> Callable[[S], list[tuple[A, float]]]: ...

    @property
    def step(self) -> Callable[[S, A], tuple[S, list[Event]]]: ...


@attrs.define
class RandomPlayer:
    """Picks uniformly among the legal actions."""

    name: str = "random"

    def choose(self, state: object, actions: Sequence[T], rng: random.Random) -> T:
        return actions[rng.randrange(len(actions))]


@attrs.define
class GreedyPlayer(Generic[S, A]):
    """One-ply look-ahead: the action whose result scores best for the acting seat.

    ``score(state, seat)`` is the game's heuristic (higher is better for ``seat``);
    ties are broken at random.
    """

    score: Callable[[S, int], float]
    step: Callable[[S, A], tuple[S, list[Event]]]
    name: str = "greedy"

    def choose(self, state: S, actions: Sequence[A], rng: random.Random) -> A:
        seat = state.to_act
        assert isinstance(seat, int)
        best: list[A] = []
        best_score = float("-inf")
        for action in actions:
            value = self.score(self.step(state, action)[0], seat)
            if value > best_score:
                best, best_score = [action], value
            elif value == best_score:
                best.append(action)
        return best[rng.randrange(len(best))]


def play(
    game: Playable[S, A],
    state: S,
    players: Sequence[Player[S, A]],
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    record: bool = True,
    max_actions: int | None = None,
) -> PlayedGame[S, A]:
    """Play from ``state`` to the end: ``players[seat]`` decides for each seat.

    ``max_actions`` is a driver cap, not a rule: when reached the game stops
    unfinished and ``capped`` is true.
    """
    if not isinstance(state, GameState):
        raise TypeError(
            f"play_game() argument 'state' must be a game state, not {type(state).__name__}"
        )
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise TypeError(
            f"play_game() argument 'players' must be a sequence of players (one per seat), "
            f"not {type(players).__name__}"
        )
    if len(players) != state.players:
        raise InvalidActionError(
            f"this game has {state.players} seats: give one player per seat, not {len(players)}"
        )
    if max_actions is not None and (type(max_actions) is not int or max_actions < 0):
        raise InvalidActionError(f"max_actions must be a whole number >= 0, got {max_actions!r}")
    if rng is None:
        rng = random.Random(seed)
    plies: list[Ply[A]] = []
    actions = decisions = 0
    while not state.is_over:
        if max_actions is not None and actions >= max_actions:
            return PlayedGame(state, tuple(plies), actions, decisions, True)
        to_act = state.to_act
        seat: int | None
        if to_act is CHANCE:
            action: A = sample_outcome(game.chance_outcomes(state), rng)
            seat = None
        else:
            assert isinstance(to_act, int)
            legal = game.legal_actions(state)
            action = players[to_act].choose(state, legal, rng)
            seat = to_act
            decisions += 1
        state, events = game.step(state, action)
        actions += 1
        if record:
            plies.append(Ply(seat, action, tuple(events)))
    return PlayedGame(state, tuple(plies), actions, decisions, False)


class GameDriver(Generic[S, A]):
    """A game's ``play_game``: `play` with the game's ``engine``, for states of
    ``state_type`` only (``what`` names them in a refusal: ``"a Super Teams State"``)."""

    def __init__(self, engine: Playable[S, A], state_type: type[S], what: str) -> None:
        self._engine = engine
        self._state_type = state_type
        self._what = what

    def __call__(
        self,
        state: S,
        players: Sequence[Player[S, A]],
        *,
        seed: int | None = None,
        record: bool = True,
        max_actions: int | None = None,
    ) -> PlayedGame[S, A]:
        """Play ``state`` to the end, ``players[seat]`` deciding; chance uses
        ``Random(seed)``.

        One player per seat (a game's seats, not its characters): another number is
        refused with an `InvalidActionError`. ``max_actions`` caps the game (a driver
        setting, never a rule): the result is then ``capped`` and unfinished. A ``state``
        that is not one of this game's raises `StateTypeError`.
        """
        if not isinstance(state, self._state_type):
            raise StateTypeError(
                f"play_game() argument 'state' must be {self._what}, not {type(state).__name__}"
            )
        return play(self._engine, state, players, seed=seed, record=record, max_actions=max_actions)

    def __repr__(self) -> str:
        return f"<play_game for {self._what}>"
