"""OpenSpiel games for both Sonic games: ``pyspiel.load_game("sonic_super_teams")``.

Importing this module registers every game of `sonic_rules.games` with ``pyspiel``
as a Python game named ``sonic_`` plus the game's name with underscores:
``sonic_super_teams`` and ``sonic_crash_course``. It works through `Game`
alone, so a new game would be registered the same way.

```python
import pyspiel
import sonic_rules.adapters.openspiel  # registers the games

game = pyspiel.load_game("sonic_super_teams(players=3)")
```

Needs the extra: ``pip install 'sonic-rules[openspiel]'``.

Game type: sequential, explicit stochastic (every chance node lists its outcomes with
their probabilities), imperfect information, terminal rewards, general-sum.

Parameters:

- ``players`` (default: the default variant's smallest player count) and ``variant``
  (default: the game's default variant).
- Every rules option of the game's ``Options`` whose value is a bool or an int, under
  the option's own name and with its default (Super Teams: ``first_player``,
  ``partner_second_bonus``; Crash Course: ``official_draw``, ``set_back``,
  ``damage_bars_only_moves``, ``literal_secondary_win``, ``open_items``).
- The limits, for the games whose ``Options`` have them: ``turn_limit`` (the game ends
  unfinished, nobody winning, after this many turns) and ``decision_limit`` (the same
  after this many decisions, chance apart: Crash Course's, since in its rules a turn
  can hold any number of decisions). OpenSpiel needs a finite ``max_game_length``, and
  the rules have none without a limit, so the adapter always sets them:
  `DEFAULT_LIMITS`, 300 turns and 3,000 decisions. Random play (a uniform choice among
  the legal actions, as OpenSpiel's ``random_sim_test`` plays) never came near them:
  over 1,000 random games per game, variant and player count with the default options,
  the longest Super Teams game took 141 turns (2 players; median 117) and 319
  decisions, the longest Crash Course game 87 turns (Beginner, 4 players; 75 in the
  standard game) and 453 decisions. Each limit is a whole number from 1 to `MAX_LIMIT`
  (100,000,000), so that every count the adapter hands OpenSpiel fits its 32-bit
  integers; anything else is a ``ValueError`` naming the parameter and its bounds.
- Options that are not a bool or an int keep their defaults (OpenSpiel's parameters
  cannot express them): Super Teams' ``bonus_split`` and ``colours``, Crash Course's
  ``characters`` and ``beginner_course``.

Returns: +1 to each winner, -1 to every other seat; 0 to everyone when a limit ends
the game with nobody winning (and before the end). The winners are the game's own
``winners``: one seat, or a team of two in 4-player Super Teams. Two-seat
configurations and 4-player Super Teams are in fact zero-sum, but a 3-player game with
one winner sums to -1, and OpenSpiel's utility type belongs to the game, not to one
configuration: so ``GENERAL_SUM``, utilities from -1 to 1.

Actions are the game's fixed index space (``Game.num_distinct_actions``, the action
index table in the docs); chance outcomes are ``Game.chance_index`` indices, up to
``Game.num_chance_outcomes``. An action's string is the game's description of it with
its index (``"seat 0 plays blue-3 on Sonic (#32)"``), unique at every node.

Observations (``make_py_observer``):

- The default observation (not perfect recall): the tensor is
  ``Game.observation_tensor`` (shape ``Game.observation_shape``), the string
  ``Game.information_state``, the seat's current view as canonical JSON. A public
  observer (``private_info`` ``NONE``) sees the spectator's view.
- The information state (perfect recall) is a string only: the seat's current view,
  then one line per action applied so far, each naming who acted (the seat's own
  decisions with their index), the events as ``Game.events_for`` shows them to the
  seat, and a digest (BLAKE2b, 128 bits) of the seat's view after the action. The
  digest is what makes it perfect recall: events do not report everything a seat sees
  change (a Crash Course character's move into a lane reports none, yet the view shows
  it), so the string identifies the whole sequence of the seat's views, not only what
  its events said.
  There is no information-state tensor: a fixed-size tensor cannot hold an unbounded
  history, and the Markov view tensor would merge information sets that perfect recall
  keeps apart.

States serialize as OpenSpiel does for Python games (the pickled attributes beside the
action history); the game state inside pickles as the library's state JSON
(``Game.to_json``), and cloning shares the immutable state instead of copying it.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import attrs

try:
    import numpy as np
    import pyspiel
except ImportError as error:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "sonic_rules.adapters.openspiel needs OpenSpiel: pip install 'sonic-rules[openspiel]'"
    ) from error

import sonic_rules
from sonic_rules.core.boundary import check_whole_number
from sonic_rules.core.chance import CHANCE
from sonic_rules.core.errors import RulesError
from sonic_rules.core.game import Game, GameState

__all__ = [
    "DEFAULT_LIMITS",
    "INT32_MAX",
    "MAX_LIMIT",
    "SonicGame",
    "SonicState",
    "register",
    "short_name",
]

DEFAULT_LIMITS: dict[str, int] = {"turn_limit": 300, "decision_limit": 3000}
"""The adapter's limits when none is given, for the games that have them (see the
module's docstring)."""
MAX_LIMIT = 100_000_000
"""The largest ``turn_limit`` or ``decision_limit`` the adapter takes: with it the bounds
it hands OpenSpiel (game length, chance nodes) stay within OpenSpiel's 32-bit integers."""
INT32_MAX = 2**31 - 1
"""The largest number OpenSpiel takes for a count (an ``int`` in C++)."""

T = TypeVar("T")


class _Shared(Generic[T]):
    """An immutable value in a state's attributes: a clone shares it (OpenSpiel clones a
    Python state by deep-copying its attributes), pickling writes ``reduce(value)``.

    OpenSpiel's tests and algorithms ask a node the same questions many times (legal
    actions, chance outcomes, each seat's view), so `answer` keeps the answers beside the
    value they were computed from.
    """

    __slots__ = ("answers", "reduce", "value")

    def __init__(self, value: T, reduce: Callable[[T], tuple[Any, ...]] | None = None) -> None:
        self.value = value
        self.reduce = reduce
        self.answers: dict[object, Any] = {}

    def answer(self, question: object, compute: Callable[[T], Any]) -> Any:
        """``compute(value)``, computed once per ``question``."""
        if question not in self.answers:
            self.answers[question] = compute(self.value)
        return self.answers[question]

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared[T]:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        if self.reduce is None:
            return (_Shared, (self.value,))
        return self.reduce(self.value)


def _state_from_json(game_name: str, text: str) -> _Shared[GameState]:
    """Unpickle a state pickled by `_reducer` (the library's state JSON)."""
    sonic = sonic_rules.game(game_name)
    return _Shared(sonic.from_json(text), _reducer(sonic))


def _reducer(sonic: Game[Any, Any]) -> Callable[[GameState], tuple[Any, ...]]:
    def reduce(state: GameState) -> tuple[Any, ...]:
        return (_state_from_json, (sonic.name, sonic.to_json(state)))

    return reduce


def short_name(sonic: Game[Any, Any]) -> str:
    """The name OpenSpiel knows ``sonic`` by: ``sonic_super_teams``, ``sonic_crash_course``."""
    return "sonic_" + sonic.name.replace("-", "_")


def _option_parameters(sonic: Game[Any, Any]) -> dict[str, bool | int]:
    """The options OpenSpiel parameters can carry (bool or int), with their defaults."""
    parameters: dict[str, bool | int] = {}
    for field in attrs.fields(sonic.Options):
        if field.name in DEFAULT_LIMITS:
            parameters[field.name] = DEFAULT_LIMITS[field.name]
        elif type(field.default) in (bool, int):
            parameters[field.name] = field.default
    return parameters


def _game_type(sonic: Game[Any, Any]) -> Any:
    counts = [n for _, n in sonic.configurations()]
    default_players = min(sonic.variants[sonic.default_variant])
    return pyspiel.GameType(
        short_name=short_name(sonic),
        long_name=sonic.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": default_players,
            "variant": sonic.default_variant,
            **_option_parameters(sonic),
        },
    )


class SonicGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type stubs
    """One configuration of a sonic_rules game as an OpenSpiel game.

    Subclassed once per registered game by `register`, which sets ``sonic`` (the
    `Game`) and ``state_class``.
    """

    sonic: ClassVar[Game[Any, Any]]
    state_class: ClassVar[type[SonicState]]
    game_type: ClassVar[Any]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**self.game_type.parameter_specification, **(params or {})}
        sonic = self.sonic
        options = {name: given[name] for name in _option_parameters(sonic)}
        try:
            for limit in DEFAULT_LIMITS.keys() & options.keys():
                check_whole_number(options[limit], limit, 1, MAX_LIMIT)
            initial = sonic.new_game(
                given["players"], variant=given["variant"], options=sonic.Options(**options)
            )
        except RulesError as error:
            raise ValueError(f"{short_name(sonic)}: {error}") from error
        self.initial: GameState = initial
        self.max_chance_nodes: int = _bound(sonic.max_chance_nodes(initial), "chance nodes")
        info = pyspiel.GameInfo(
            num_distinct_actions=_bound(sonic.num_distinct_actions(initial), "actions"),
            max_chance_outcomes=_bound(sonic.num_chance_outcomes(initial), "chance outcomes"),
            num_players=initial.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=_bound(sonic.max_game_length(initial), "decisions"),
        )
        super().__init__(self.game_type, info, given)

    def new_initial_state(self) -> SonicState:
        """The game's opening: a chance node (the deal) or the first seat's decision."""
        return self.state_class(self)

    def max_chance_nodes_in_history(self) -> int:
        """The game's own bound on chance nodes (``Game.max_chance_nodes``)."""
        return self.max_chance_nodes

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SonicObserver:
        """The observer for ``iig_obs_type`` (default: the seat's current view)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return SonicObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


def _bound(value: int | None, what: str) -> int:
    """A count handed to OpenSpiel, checked to fit its 32-bit integers."""
    if value is None:  # a game whose limits the adapter does not know
        limits = ", ".join(DEFAULT_LIMITS)
        raise ValueError(f"the game has no bound on its {what}: it needs a limit ({limits})")
    if not 0 <= value <= INT32_MAX:
        raise ValueError(
            f"the game's bound on its {what}, {value:,}, is over OpenSpiel's {INT32_MAX:,}"
        )
    return value


def _view_string(sonic: Game[Any, Any], state: _Shared[Any], seat: int | None) -> str:
    """``sonic.information_state`` of the shared state for ``seat``, computed once."""
    return str(state.answer(("view", seat), lambda value: sonic.information_state(value, seat)))


def _viewers(players: int) -> list[int | None]:
    """Every seat, then the spectator (``None``)."""
    return [*range(players), None]


class SonicState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type stubs
    """An OpenSpiel state holding a sonic_rules state and each seat's history.

    Its attributes are what OpenSpiel clones and serializes: the library state (shared
    by clones, pickled as its JSON) and, per seat, the lines of its perfect-recall
    information state.
    """

    sonic: ClassVar[Game[Any, Any]]

    def __init__(self, game: SonicGame) -> None:
        super().__init__(game)
        self._state = _Shared(game.initial, _reducer(self.sonic))
        self._seen: _Shared[tuple[tuple[str, ...], ...]] = _Shared(
            tuple(() for _ in _viewers(game.initial.players))
        )

    @property
    def sonic_state(self) -> Any:
        """The sonic_rules state this OpenSpiel state holds."""
        return self._state.value

    def current_player(self) -> int:
        to_act = self._state.value.to_act
        if to_act is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if to_act is CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return int(to_act)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._state.answer("legal", self._legal))

    def _legal(self, state: GameState) -> tuple[int, ...]:
        return tuple(index for index, legal in enumerate(self.sonic.legal_mask(state)) if legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self._state.answer("chance", self._chance))

    def _chance(self, state: GameState) -> tuple[tuple[int, float], ...]:
        outcomes = self.sonic.chance_outcomes(state)
        return tuple(sorted((self.sonic.chance_index(state, a), p) for a, p in outcomes))

    def view_string(self, seat: int | None) -> str:
        """``Game.information_state`` of the state for ``seat`` (``None``: the spectator)."""
        return _view_string(self.sonic, self._state, seat)

    def observation(self, seat: int | None) -> list[float]:
        """``Game.observation_tensor`` of the state for ``seat`` (``None``: the spectator)."""
        tensor: list[float] = self._state.answer(
            ("tensor", seat), lambda state: self.sonic.observation_tensor(state, seat)
        )
        return tensor

    def _decode(self, index: int) -> Any:
        state = self._state.value
        if state.to_act is CHANCE:
            return self.sonic.chance_from_index(state, index)
        return self.sonic.action_from_index(state, index)

    def _apply_action(self, index: int) -> None:
        sonic, state = self.sonic, self._state.value
        actor = state.to_act
        after, events = sonic.step(state, self._decode(index))
        shared = _Shared(after, _reducer(sonic))
        lines = []
        for seat, seen in zip(_viewers(state.players), self._seen.value, strict=True):
            shown = sonic.events_for(events, seat, after)
            what = ", ".join(sonic.event_to_json(event) for event in shown)
            if actor is CHANCE:
                who = "chance"
            elif actor == seat:
                who = f"seat {actor} chose #{index}"
            else:
                who = f"seat {actor}"
            digest = hashlib.blake2b(
                _view_string(sonic, shared, seat).encode(), digest_size=16
            ).hexdigest()
            lines.append((*seen, f"{who}: [{what}] view {digest}"))
        self._state = shared
        self._seen = _Shared(tuple(lines))

    def _action_to_string(self, player: int, index: int) -> str:
        try:
            action = self._decode(index)
        except RulesError:
            return f"action #{index}"
        return f"{self.sonic.describe_action(action, self._state.value)} (#{index})"

    def is_terminal(self) -> bool:
        return bool(self._state.value.is_over)

    def returns(self) -> list[float]:
        state = self._state.value
        winners = set(state.winners)
        if not state.is_over or not winners:
            return [0.0] * state.players
        return [1.0 if seat in winners else -1.0 for seat in range(state.players)]

    def information_lines(self, seat: int | None) -> Sequence[str]:
        """``seat``'s history (``None``: the spectator's): one line per action applied
        (see the module docstring)."""
        return self._seen.value[-1 if seat is None else seat]

    def __str__(self) -> str:
        return str(self._state.answer("describe", self.sonic.describe_state))


class SonicObserver:
    """OpenSpiel's Python observer: ``tensor`` and ``dict`` after ``set_from``, and
    ``string_from`` (see the module docstring for what each observation holds)."""

    def __init__(self, game: SonicGame, iig_obs_type: Any) -> None:
        if not iig_obs_type.public_info:
            raise ValueError("an observation without the public information is not supported")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observation of every seat's private information is not supported")
        self.sonic = game.sonic
        self.spectator = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor: Any = None
        self.dict: dict[str, Any] = {}
        if not self.perfect_recall:
            shape = tuple(self.sonic.observation_shape(game.initial))
            self.tensor = np.zeros(math.prod(shape), np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}

    def _seat(self, player: int) -> int | None:
        return None if self.spectator else player

    def set_from(self, state: SonicState, player: int) -> None:
        """Write the observation of ``state`` by ``player`` into ``tensor``."""
        if self.tensor is None:
            raise ValueError("the perfect-recall information state has no tensor")
        self.tensor[:] = state.observation(self._seat(player))

    def string_from(self, state: SonicState, player: int) -> str:
        """The observation of ``state`` by ``player`` as a string."""
        view = state.view_string(self._seat(player))
        if not self.perfect_recall:
            return view
        return "\n".join((view, *state.information_lines(self._seat(player))))


def register(sonic: Game[Any, Any]) -> str:
    """Register ``sonic`` with ``pyspiel`` under `short_name` and return the name."""
    game_type = _game_type(sonic)
    this = sonic

    class RegisteredState(SonicState):
        sonic = this

    class RegisteredGame(SonicGame):
        sonic = this
        state_class = RegisteredState

    RegisteredGame.game_type = game_type
    for cls, suffix in ((RegisteredState, "State"), (RegisteredGame, "Game")):
        cls.__qualname__ = cls.__name__ = _class_name(sonic, suffix)
        globals()[cls.__name__] = cls  # where pickle looks a class up
    pyspiel.register_game(game_type, RegisteredGame)
    return str(game_type.short_name)


def _class_name(sonic: Game[Any, Any], suffix: str) -> str:
    return "".join(word.title() for word in sonic.name.split("-")) + suffix


def _register_all() -> None:
    for sonic in sonic_rules.games():
        register(sonic)


_register_all()
