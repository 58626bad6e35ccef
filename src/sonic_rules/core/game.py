"""One shape for both games: the `Game` each game package exports as ``GAME``.

Everything that works for any game (the CLI, the driver, records, adapters, pictures)
takes a `Game` and calls its members; it never asks which game it holds.
Reach a game by name through `sonic_rules.game` (see `registry`).

A game package builds its `Game` with `game_from_package`: both packages have the same
modules, so each member is read from the module that holds it (`GAME_MEMBERS`).
"""

from __future__ import annotations

import enum
import importlib
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import ModuleType
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import attrs

from sonic_rules.core.chance import ChanceType
from sonic_rules.core.events import Event
from sonic_rules.core.notation import Notation
from sonic_rules.core.phases import PhaseMachine
from sonic_rules.core.rules import RuleBook


@attrs.frozen
class Outcome:
    """How a finished game ended: the winning ``winners`` seats and the ``termination``.

    ``termination`` is a short phrase a person reads ("all of its characters crossed
    the finish line", "lifted a tile with a rival on it").
    """

    winners: tuple[int, ...]
    termination: str


@runtime_checkable
class GameState(Protocol):
    """What every state of every game answers, whatever the game.

    ``to_act`` is a seat, `CHANCE`, or ``None`` once the game is
    over; ``turn`` is the seat whose turn it is (the one the turn order reached, even
    while another seat owes a decision); ``winners`` is empty until the game is over;
    ``outcome`` is ``None`` until then.
    """

    @property
    def to_act(self) -> int | ChanceType | None: ...

    @property
    def phase(self) -> enum.Enum: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def turn(self) -> int: ...

    @property
    def players(self) -> int: ...


S = TypeVar("S", bound=GameState)
A = TypeVar("A")
S_contra = TypeVar("S_contra", bound=GameState, contravariant=True)


A_contra = TypeVar("A_contra", contravariant=True)


class DescribeAction(Protocol[A_contra, S_contra]):
    """``describe_action(action, state=None)``: the action as a sentence; given the state
    it is taken in, with the names the action alone does not carry."""

    def __call__(self, action: A_contra, state: S_contra | None = None, /) -> str: ...


class Player(Protocol[S_contra, A]):
    """A built-in or user player: chooses one of ``actions`` for the seat to act."""

    @property
    def name(self) -> str: ...

    def choose(self, state: S_contra, actions: Sequence[A], rng: random.Random) -> A: ...


@attrs.frozen
class Ply(Generic[A]):
    """One applied action and the events it caused; ``seat`` is ``None`` for chance."""

    seat: int | None
    action: A
    events: tuple[Event, ...]


@attrs.frozen
class PlayedGame(Generic[S, A]):
    """The result of a played game: the final state and, when recorded, every ply.

    ``actions`` counts every applied action, chance included; ``decisions`` only the
    seats' choices. ``capped`` is true when the driver's ``max_actions`` stopped the game
    unfinished (a driver setting, never a rule).
    """

    final: S
    plies: tuple[Ply[A], ...]
    actions: int
    decisions: int
    capped: bool


@runtime_checkable
class SeatView(Protocol):
    """What every game's seat view answers (``Game.observe``): the seat it is for
    (``None``: a spectator), who acts, strict JSON and a text description."""

    @property
    def seat(self) -> int | None: ...

    @property
    def to_act(self) -> int | ChanceType | None: ...

    @property
    def is_over(self) -> bool: ...

    def to_json(self, indent: int | None = None) -> str: ...

    def describe(self) -> str: ...


@attrs.frozen(kw_only=True)
class Game(Generic[S, A]):
    """A game, reached the same way whichever game it is.

    ``variants`` maps each variant's name to its allowed player counts (the first
    variant is the default). The callables are the game package's own module-level
    functions: ``GAME.apply`` is ``super_teams.apply``. ``players`` maps each built-in
    player's name to a factory (``GAME.players["greedy"]()``).

    What each seat may see: ``observe(state, seat)`` (a `SeatView`; ``seat`` ``None``
    for a spectator), ``view_from_json``, ``events_for(events, seat, state)`` and the
    events' JSON (``event_to_json``, ``event_from_json``); ``legal_actions`` also takes
    the view of the seat to act.

    The fixed action space (every function takes the state the action is taken in; the
    sizes depend only on the game's configuration): ``num_distinct_actions``,
    ``action_index``, ``action_from_index``, ``legal_mask`` (chance indices at a chance
    node), ``num_chance_outcomes``, ``chance_index``, ``chance_from_index``,
    ``max_game_length`` and ``max_chance_nodes`` (proven bounds on a whole game's
    decisions and chance nodes, ``None`` when the options set no limit), and
    ``action_table`` (the layout as a markdown table). For agents:
    ``observation_layout``, ``observation_shape``, ``observation_tensor(state, seat)``
    (a flat list of floats built from the seat's view) and ``information_state(state,
    seat)`` (a string equal exactly for the states the seat cannot tell apart).

    Game records (`sonic_rules.records`): ``notation``, the game's header fields and
    action notation (`sonic_rules.core.notation.Notation`).
    """

    name: str
    title: str
    variants: Mapping[str, tuple[int, ...]]
    Options: type
    State: type[S]
    action_types: tuple[type, ...]
    new_game: Callable[..., S]
    legal_actions: Callable[[S], list[A]]
    apply: Callable[[S, A], S]
    step: Callable[[S, A], tuple[S, list[Event]]]
    chance_outcomes: Callable[[S], list[tuple[A, float]]]
    setup_position: Callable[..., S]
    validate_state: Callable[[S], None]
    to_json: Callable[..., str]
    from_json: Callable[[str | bytes], S]
    action_to_json: Callable[[A], str]
    action_from_json: Callable[[str | bytes], A]
    describe_state: Callable[[S], str]
    describe_action: DescribeAction[A, S]
    RULES: RuleBook
    PHASES: PhaseMachine[Any]
    players: Mapping[str, Callable[[], Player[S, A]]]
    play_game: Callable[..., PlayedGame[S, A]]
    observe: Callable[[S, int | None], SeatView]
    view_from_json: Callable[[str | bytes], SeatView]
    events_for: Callable[[Iterable[Event], int | None, S], list[Event]]
    event_to_json: Callable[[Event], str]
    event_from_json: Callable[[str | bytes], Event]
    num_distinct_actions: Callable[[S], int]
    num_chance_outcomes: Callable[[S], int]
    action_index: Callable[[S, A], int]
    action_from_index: Callable[[S, int], A]
    chance_index: Callable[[S, A], int]
    chance_from_index: Callable[[S, int], A]
    legal_mask: Callable[[S], list[bool]]
    max_game_length: Callable[[S], int | None]
    max_chance_nodes: Callable[[S], int | None]
    action_table: Callable[[S], str]
    observation_layout: Callable[[S], list[tuple[str, int]]]
    observation_shape: Callable[[S], tuple[int, ...]]
    observation_tensor: Callable[[S, int | None], list[float]]
    information_state: Callable[[S, int | None], str]
    notation: Notation[S, A]

    @property
    def default_variant(self) -> str:
        """The variant `new_game` plays when none is named."""
        return next(iter(self.variants))

    def configurations(self) -> list[tuple[str, int]]:
        """Every ``(variant, players)`` pair the game can be played with."""
        return [(variant, n) for variant, counts in self.variants.items() for n in counts]

    def player(self, name: str) -> Player[S, A]:
        """A new built-in player by name (``"random"``, ``"greedy"``, ...)."""
        factory = self.players.get(name)
        if factory is None:
            known = ", ".join(self.players)
            raise LookupError(f"{self.name} has no built-in player {name!r}; known: {known}")
        return factory()

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


GAME_MEMBERS: Mapping[str, str] = {
    "Options": "options.Options",
    "State": "state.State",
    "action_types": "actions.ACTION_TYPES",
    "new_game": "setup.new_game",
    "legal_actions": "engine.legal_actions",
    "apply": "engine.apply",
    "step": "engine.step",
    "chance_outcomes": "engine.chance_outcomes",
    "setup_position": "setup.setup_position",
    "validate_state": "validate.validate_state",
    "to_json": "serialize.to_json",
    "from_json": "serialize.from_json",
    "action_to_json": "serialize.action_to_json",
    "action_from_json": "serialize.action_from_json",
    "describe_state": "describe.describe_state",
    "describe_action": "describe.describe_action",
    "RULES": "rules.RULES",
    "PHASES": "phases.PHASES",
    "players": "players.PLAYERS",
    "play_game": "players.play_game",
    "observe": "views.observe",
    "view_from_json": "views.view_from_json",
    "events_for": "views.events_for",
    "event_to_json": "events.event_to_json",
    "event_from_json": "events.event_from_json",
    "num_distinct_actions": "action_space.num_distinct_actions",
    "num_chance_outcomes": "action_space.num_chance_outcomes",
    "action_index": "action_space.action_index",
    "action_from_index": "action_space.action_from_index",
    "chance_index": "action_space.chance_index",
    "chance_from_index": "action_space.chance_from_index",
    "legal_mask": "action_space.legal_mask",
    "max_game_length": "action_space.max_game_length",
    "max_chance_nodes": "action_space.max_chance_nodes",
    "action_table": "action_space.action_table",
    "observation_layout": "observation.observation_layout",
    "observation_shape": "observation.observation_shape",
    "observation_tensor": "observation.observation_tensor",
    "information_state": "observation.information_state",
    "notation": "notation.NOTATION",
}
"""Where a game package holds each `Game` member: ``"module.NAME"`` inside the package
(every member but ``name``, ``title`` and ``variants``, which the package names)."""


def game_from_package(
    package: str | ModuleType,
    *,
    name: str,
    title: str,
    variants: Mapping[str, tuple[int, ...]],
) -> Game[Any, Any]:
    """The `Game` of the game package ``package`` (its name, or the module itself), each
    member read from the package's module that holds it (`GAME_MEMBERS`).

    A member the package does not have raises ``ImportError`` naming the member and
    where it was looked for.
    """
    prefix = package if isinstance(package, str) else package.__name__
    members = {member: _member(prefix, member, where) for member, where in GAME_MEMBERS.items()}
    return Game(name=name, title=title, variants=variants, **members)


def _member(package: str, member: str, where: str) -> Any:
    module_name, _, attribute = where.rpartition(".")
    full_name = f"{package}.{module_name}"
    try:
        module = importlib.import_module(full_name)
    except ModuleNotFoundError as error:
        if error.name != full_name:
            raise  # the module exists and lacks one of its own imports
        raise ImportError(
            f"the game package {package} has no module {module_name}, which holds the "
            f"Game member {member} ({attribute})",
            name=full_name,
        ) from None
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise ImportError(
            f"{full_name} has no {attribute}, the Game member {member}", name=full_name
        ) from None
