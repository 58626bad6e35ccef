"""PettingZoo environments for both games (the extra: ``pip install 'sonic-rules[pettingzoo]'``).

>>> from sonic_rules.adapters.pettingzoo import super_teams_env
>>> env = super_teams_env(players=3)
>>> env.reset(seed=1)
>>> env.agent_selection, int(env.action_space("seat_0").n)
('seat_0', 208)

`super_teams_env` and `crash_course_env` build an AEC environment (`SonicRulesEnv`,
wrapped as PettingZoo's classic games are, in its order-enforcing wrapper); `env`
builds either by the game's name. Every keyword is optional: ``players`` (the
variant's smallest count by default), ``variant`` (the game's default), every field
of the game's ``Options`` by name (``turn_limit=200``, ``open_items=True``, ...),
and ``render_mode`` (``None`` or ``"ansi"``).

- Agents are the seats, ``"seat_0"``, ``"seat_1"``, ...; the agent selected is always
  the seat the rules ask (decisions out of turn included), never a fixed rotation.
- Actions are the game's fixed decision indices: ``Discrete(num_distinct_actions)``.
  An index out of range raises ``InvalidActionError``, an index the rules forbid
  here ``IllegalActionError`` naming the index and the rule (nothing changes: the
  same index may be tried again); a seat is never penalised for it.
- Observations are dicts: ``"observation"``, the seat's own `observation_tensor`
  as float32 (built from its view alone: other seats' secrets stay secret), declared
  unbounded: counts such as the turns played have no maximum without a limit, and
  some entries are signed (Crash Course places tiles by their cell offset from the
  rearmost tile); ``"action_mask"``, int8, the `legal_mask` for the seat to
  act and all zeros for every other seat.
- Chance (deals, draws) is resolved inside the environment from the outcomes'
  probabilities by a `random.Random` that ``reset(seed=...)`` seeds: the same seed
  and the same decisions give the same game.
- Rewards come once, when the game ends: +1 to each winner and -1 to every other
  seat; a game ended unfinished by one of its limits (the options ``turn_limit`` and,
  in Crash Course, ``decision_limit``), which nobody wins, gives 0 to every seat.
  Every seat is then terminated. Truncation never happens: a limit is a rule the
  game's options set, not a cut by the environment. Without limits a game has no
  bounded length (`max_game_length` is ``None``): set one for a fixed horizon.
- ``infos[agent]["events"]`` lists, as sentences, the events the seat has seen
  since its last decision (its own decision's included), redacted by `events_for`.
- ``render()`` with ``render_mode="ansi"`` returns the spectator's view of the
  position as text (no hand, no held item).
- ``env.unwrapped.game_state`` is the referee's full state (for evaluation and tests,
  never for an agent: it holds every secret).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        "sonic_rules.adapters.pettingzoo needs PettingZoo and Gymnasium: "
        "pip install 'sonic-rules[pettingzoo]'"
    ) from error

import sonic_rules
from sonic_rules.core.chance import CHANCE
from sonic_rules.core.events import Event
from sonic_rules.core.game import Game, GameState

WIN_REWARD = 1.0
LOSS_REWARD = -1.0
UNFINISHED_REWARD = 0.0


class SonicRulesEnv(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """One game of ``game`` as a PettingZoo AEC environment (see the module's notes).

    ``options`` are the game's ``Options`` fields by name; an unknown name raises
    ``TypeError`` naming the known ones. Bad ``players`` or ``variant`` values raise
    the game's own error when the environment is built, not at the first reset.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        *,
        players: int | None = None,
        variant: str | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        known = [field.name for field in attrs.fields(game.Options)]
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise TypeError(
                f"{game.name} has no option {', '.join(unknown)}; known: {', '.join(known)}"
            )
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        variant = game.default_variant if variant is None else variant
        counts = game.variants.get(variant)
        if players is None and counts:
            players = min(counts)
        self.game = game
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"sonic_{game.name.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self._initial: GameState = game.new_game(
            players, variant=variant, options=game.Options(**options)
        )
        self.game_state: GameState = self._initial
        self.possible_agents = [f"seat_{seat}" for seat in range(self._initial.players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._num_actions: int = game.num_distinct_actions(self._initial)
        shape = tuple(game.observation_shape(self._initial))
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=-np.inf, high=np.inf, shape=shape, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(self._num_actions,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self._num_actions) for agent in self.possible_agents
        }
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` seeds the chance outcomes (``None``: carry on with the
        generator as it is). ``options`` is PettingZoo's reset argument and unused: the
        game's options are fixed when the environment is built."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {"events": []} for agent in self.agents}
        self._skip_agent_selection = None
        self.game_state, events = self._resolve_chance(self._initial)
        self._tell(events)
        self.agent_selection = self.possible_agents[0]
        self._select_next()

    def step(self, action: Any) -> None:
        """Apply the selected seat's decision index ``action``, then chance until a seat
        must decide or the game is over (``None`` for a terminated seat, as PettingZoo
        asks)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = int(action) if isinstance(action, np.integer) else action
        decision = self.game.action_from_index(self.game_state, index)
        state, events = self.game.step(self.game_state, decision)
        self.game_state, chance_events = self._resolve_chance(state)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos[agent] = {"events": []}
        self._tell([*events, *chance_events])
        self._select_next()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s observation: its own view as a tensor, and its action mask."""
        seat = self._seats[agent]
        state = self.game_state
        observation = np.asarray(self.game.observation_tensor(state, seat), dtype=np.float32)
        mask = np.zeros(self._num_actions, dtype=np.int8)
        if state.to_act == seat:
            mask[:] = self.game.legal_mask(state)
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        """The spectator's view as text (``render_mode="ansi"``); ``None`` otherwise."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode ('ansi')")
            return None
        text: str = self.game.observe(self.game_state, None).describe()
        return text

    def close(self) -> None:
        """Nothing to release."""

    def _resolve_chance(self, state: GameState) -> tuple[GameState, list[Event]]:
        events: list[Event] = []
        while state.to_act is CHANCE:
            outcomes, weights = zip(*self.game.chance_outcomes(state), strict=True)
            state, caused = self.game.step(state, self._rng.choices(outcomes, weights)[0])
            events += caused
        return state, events

    def _tell(self, events: Sequence[Event]) -> None:
        """Add to each seat's ``infos`` the events as that seat sees them."""
        for agent in self.agents:
            seen = self.game.events_for(events, self._seats[agent], self.game_state)
            self.infos[agent]["events"] += [event.describe() for event in seen]

    def _select_next(self) -> None:
        """Select the seat the rules ask for; once the game is over, reward and
        terminate every seat."""
        state = self.game_state
        to_act = state.to_act
        if isinstance(to_act, int):
            self.agent_selection = self.possible_agents[to_act]
            return
        winners = set(state.winners)
        for agent, seat in self._seats.items():
            if not winners:
                self.rewards[agent] = UNFINISHED_REWARD
            else:
                self.rewards[agent] = WIN_REWARD if seat in winners else LOSS_REWARD
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._deads_step_first()


def env(game_name: str, **options: Any) -> AECEnv:
    """An environment for the game named ``game_name`` (``"super-teams"``,
    ``"crash-course"``); the keywords are `SonicRulesEnv`'s."""
    return wrappers.OrderEnforcingWrapper(SonicRulesEnv(sonic_rules.game(game_name), **options))


def super_teams_env(**options: Any) -> AECEnv:
    """A Sonic Super Teams environment (2 players and the default rules when no
    keyword is given)."""
    return env("super-teams", **options)


def crash_course_env(**options: Any) -> AECEnv:
    """A Crash Course environment (2 players, the standard variant and the default
    rules when no keyword is given)."""
    return env("crash-course", **options)
