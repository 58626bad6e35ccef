"""The PettingZoo adapter: PettingZoo's own API and seed tests on every game, variant and
player count, whole random games through the masks, the rewards convention, and a
seat's observation blind to what it may not see. Skipped without the extra."""

from __future__ import annotations

import functools
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

import sonic_rules
from sonic_rules import IllegalActionError, InvalidActionError
from sonic_rules.adapters import pettingzoo as adapter
from sonic_rules.core.game import Game, GameState

ROOT = Path(__file__).resolve().parents[2]

CONFIGURATIONS = [
    pytest.param(game, variant, players, id=f"{game.name}-{variant}-{players}")
    for game in sonic_rules.games()
    for variant, players in game.configurations()
]

GAMES = pytest.mark.parametrize("game", sonic_rules.games(), ids=lambda game: game.name)

# PettingZoo's api_test warns about every Dict observation (observations with an action
# mask) unless the environment is one of PettingZoo's own classic games, named in a list.
DICT_OBSERVATION_WARNINGS = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


def _env(game: Game[Any, Any], variant: str, players: int, **options: Any) -> Any:
    return adapter.env(game.name, variant=variant, players=players, **options)


@pytest.mark.filterwarnings(*DICT_OBSERVATION_WARNINGS)
@pytest.mark.parametrize(("game", "variant", "players"), CONFIGURATIONS)
def test_pettingzoo_api_test(game: Game[Any, Any], variant: str, players: int) -> None:
    api_test(_env(game, variant, players), num_cycles=15)


@pytest.mark.parametrize(("game", "variant", "players"), CONFIGURATIONS)
def test_pettingzoo_seed_test(game: Game[Any, Any], variant: str, players: int) -> None:
    seed_test(functools.partial(_env, game, variant, players), num_cycles=15)


@pytest.mark.parametrize(("game", "variant", "players"), CONFIGURATIONS)
def test_a_random_game_through_the_masks(game: Game[Any, Any], variant: str, players: int) -> None:
    env = _env(game, variant, players)
    env.reset(seed=players)
    rng = np.random.default_rng(players)
    final: dict[str, float] = {}
    decisions = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        state: GameState = env.unwrapped.game_state
        assert not truncation
        assert all(isinstance(sentence, str) for sentence in info["events"])
        if termination:
            final[agent] = reward
            env.step(None)
            continue
        assert state.to_act == int(agent.removeprefix("seat_"))
        assert env.observation_space(agent).contains(observation)
        mask = observation["action_mask"]
        assert mask.tolist() == [int(legal) for legal in game.legal_mask(state)]
        assert mask.any()
        assert observation["observation"].tolist() == pytest.approx(
            game.observation_tensor(state, state.to_act)
        )
        env.step(int(rng.choice(np.flatnonzero(mask))))
        decisions += 1
    state = env.unwrapped.game_state
    assert state.is_over and state.winners and env.agents == []
    assert final == {
        f"seat_{seat}": adapter.WIN_REWARD if seat in state.winners else adapter.LOSS_REWARD
        for seat in range(players)
    }
    limit = game.max_game_length(state)
    assert limit is None or decisions <= limit


def _limits() -> list[Any]:
    return [
        pytest.param(game, limit, id=f"{game.name}-{limit}")
        for game in sonic_rules.games()
        for limit in ("turn_limit", "decision_limit")
        if limit in attrs.fields_dict(game.Options)
    ]


@pytest.mark.parametrize(("game", "limit"), _limits())
def test_a_game_ended_by_a_limit_rewards_nobody_and_is_no_truncation(
    game: Game[Any, Any], limit: str
) -> None:
    env = adapter.env(game.name, **{limit: 3})
    env.reset(seed=7)
    rng = random.Random(7)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        assert not truncation
        if termination:
            final[agent] = reward
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert env.unwrapped.game_state.winners == ()
    assert final == dict.fromkeys(env.possible_agents, adapter.UNFINISHED_REWARD)


def _swap_a_hidden_card(state: Any, seat: int) -> Any | None:
    """Super Teams: another seat's card swapped with a deck card of another kind."""
    other = (seat + 1) % state.players
    if not state.hands[other]:
        return None
    card = state.hands[other][0]
    deck = list(state.deck)
    swap = next((i for i, candidate in enumerate(deck) if candidate != card), None)
    if swap is None:
        return None
    hands = list(state.hands)
    hands[other] = (deck[swap], *hands[other][1:])
    deck[swap] = card
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(deck))


def _swap_a_hidden_item(state: Any, seat: int) -> Any | None:
    """Crash Course: another seat's held item swapped with a pile token of another kind
    (never a Ring: Rings are public)."""
    from sonic_rules.crash_course.state import KINDS, ItemKind

    for number, character in enumerate(state.characters):
        if character.owner == seat or not character.items:
            continue
        held = character.items[0]
        pile = list(state.pile)
        kind = next(
            (
                k
                for k, count in zip(KINDS, pile, strict=True)
                if count and k not in (held, ItemKind.RING)
            ),
            None,
        )
        if kind is None:
            continue
        pile[held.index] += 1
        pile[kind.index] -= 1
        characters = list(state.characters)
        characters[number] = attrs.evolve(character, items=(kind, *character.items[1:]))
        return attrs.evolve(state, characters=tuple(characters), pile=tuple(pile))
    return None


@GAMES
def test_a_seat_observation_ignores_what_it_may_not_see(game: Game[Any, Any]) -> None:
    swap = {"super-teams": _swap_a_hidden_card, "crash-course": _swap_a_hidden_item}[game.name]
    env = adapter.env(game.name, players=3)
    env.reset(seed=3)
    rng = random.Random(3)
    checked = 0
    for agent in env.agent_iter(400):
        observation, _, termination, _, _ = env.last()
        if termination:
            break
        state = env.unwrapped.game_state
        seat = state.to_act
        changed = swap(state, seat)
        if changed is not None:
            before = env.observe(agent)
            env.unwrapped.game_state = changed
            after = env.observe(agent)
            np.testing.assert_array_equal(before["observation"], after["observation"])
            np.testing.assert_array_equal(before["action_mask"], after["action_mask"])
            env.unwrapped.game_state = state
            checked += 1
        env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert checked > 10


@GAMES
def test_every_option_is_a_keyword_and_nothing_else_is(game: Game[Any, Any]) -> None:
    defaults = {
        field.name: field.default.factory()
        if isinstance(field.default, attrs.Factory)
        else field.default
        for field in attrs.fields(game.Options)
    }
    env = adapter.env(game.name, **defaults)
    assert env.unwrapped.game_state == adapter.env(game.name).unwrapped.game_state
    env.reset(seed=1)
    with pytest.raises(TypeError, match="no option colour; known: "):
        adapter.env(game.name, colour="blue")


def test_each_game_works_with_no_argument() -> None:
    for build in (adapter.super_teams_env, adapter.crash_course_env):
        env = build()
        env.reset()
        assert env.possible_agents == ["seat_0", "seat_1"]
        assert env.agent_selection in env.possible_agents


@GAMES
def test_an_illegal_or_unknown_index_is_refused_and_changes_nothing(game: Game[Any, Any]) -> None:
    env = adapter.env(game.name)
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    state = env.unwrapped.game_state
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match=f"index {illegal}"):
        env.step(illegal)
    with pytest.raises(InvalidActionError, match=f"index {len(mask)}"):
        env.step(len(mask))
    assert env.unwrapped.game_state == state and env.agent_selection == agent
    env.step(np.int64(np.flatnonzero(mask)[0]))
    assert env.unwrapped.game_state != state


@GAMES
def test_render_ansi_is_the_spectators_view(game: Game[Any, Any]) -> None:
    env = adapter.env(game.name, render_mode="ansi")
    env.reset(seed=5)
    state = env.unwrapped.game_state
    assert env.render() == game.observe(state, None).describe()
    with pytest.raises(ValueError, match="render_mode"):
        adapter.env(game.name, render_mode="human")


@GAMES
def test_infos_carry_each_seats_redacted_events_since_its_last_decision(
    game: Game[Any, Any],
) -> None:
    env = adapter.env(game.name, players=3)
    env.reset(seed=11)
    # The environment's chance, as documented: random.Random(seed) over the outcomes.
    rng, state, events = random.Random(11), game.new_game(3), []
    while state.to_act is sonic_rules.CHANCE:
        outcomes, weights = zip(*game.chance_outcomes(state), strict=True)
        state, caused = game.step(state, rng.choices(outcomes, weights)[0])
        events += caused
    assert state == env.unwrapped.game_state
    for seat, agent in enumerate(env.possible_agents):
        seen = game.events_for(events, seat, state)
        assert env.infos[agent]["events"] == [event.describe() for event in seen]
    agent, seat = env.agent_selection, state.to_act
    waiting = env.possible_agents[(seat + 1) % 3]
    before = list(env.infos[waiting]["events"])
    index = int(np.flatnonzero(env.observe(agent)["action_mask"])[0])
    state, events = game.step(state, game.action_from_index(state, index))
    while state.to_act is sonic_rules.CHANCE:
        outcomes, weights = zip(*game.chance_outcomes(state), strict=True)
        state, caused = game.step(state, rng.choices(outcomes, weights)[0])
        events += caused
    env.step(index)
    assert state == env.unwrapped.game_state
    seen = [event.describe() for event in game.events_for(events, seat, state)]
    assert env.infos[agent]["events"] == seen
    if waiting != env.agent_selection:
        seen = game.events_for(events, (seat + 1) % 3, state)
        assert env.infos[waiting]["events"] == before + [event.describe() for event in seen]


def test_importing_without_the_extra_says_what_to_install() -> None:
    code = "import sys; sys.modules['pettingzoo'] = None; import sonic_rules.adapters.pettingzoo"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode != 0
    assert "pip install 'sonic-rules[pettingzoo]'" in result.stderr


def test_the_agents_page_pettingzoo_example_runs() -> None:
    text = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    blocks = [
        block
        for block in re.findall(r"```python\n(.*?)```", text, re.DOTALL)
        if "pettingzoo" in block
    ]
    assert len(blocks) == 1
    exec(compile(blocks[0], "docs/agents.md", "exec"), {})
