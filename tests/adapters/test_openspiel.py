"""The OpenSpiel adapter: OpenSpiel's own random simulation test on every game, variant
and player count (and each bool option), plus what that test does not check: chance
probabilities, unique action strings, tensor shapes, hidden content kept hidden,
returns, serialization, parameters and the agents page's example.

Skipped without the extra (``pip install 'sonic-rules[openspiel]'``).
"""

from __future__ import annotations

import pickle
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

import sonic_rules  # noqa: E402
from sonic_rules.adapters import openspiel as adapter  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent.parent
GAMES = sonic_rules.games()
CONFIGURATIONS = [
    (adapter.short_name(game), variant, players)
    for game in GAMES
    for variant, players in game.configurations()
]
# Each bool option set, in each variant with its fewest players.
BOOL_OPTIONS = [
    (adapter.short_name(game), field.name)
    for game in GAMES
    for field in attrs.fields(game.Options)
    if type(field.default) is bool
]
# Option variations play shorter games: the turn limit ends them (nobody winning).
SHORT = 40


def _load(name: str, **params: Any) -> Any:
    return pyspiel.load_game(name, params)


@pytest.mark.parametrize(("name", "variant", "players"), CONFIGURATIONS)
def test_random_sim_test_with_serialization(name: str, variant: str, players: int) -> None:
    game = _load(name, variant=variant, players=players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "option"), BOOL_OPTIONS)
def test_random_sim_test_with_each_bool_option(name: str, option: str) -> None:
    for variant, counts in sonic_rules.game(_sonic_name(name)).variants.items():
        players = min(counts)
        game = _load(name, variant=variant, players=players, turn_limit=SHORT, **{option: True})
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _sonic_name(name: str) -> str:
    return next(game.name for game in GAMES if adapter.short_name(game) == name)


def _play(game: Any, seed: int, visit: Any = None) -> Any:
    """A random game; ``visit(state)`` at every node before it is left."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if visit is not None:
            visit(state)
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "variant", "players"), CONFIGURATIONS)
def test_nodes_chance_strings_and_tensors(name: str, variant: str, players: int) -> None:
    game = _load(name, variant=variant, players=players)
    shape = game.observation_tensor_shape()
    size = game.observation_tensor_size()

    def visit(state: Any) -> None:
        player = state.current_player()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert all(p > 0 for _, p in outcomes)
            actions = [a for a, _ in outcomes]
            assert max(actions) < game.max_chance_outcomes()
        else:
            actions = state.legal_actions()
            assert max(actions) < game.num_distinct_actions()
        assert actions == sorted(set(actions))
        strings = [state.action_to_string(player, a) for a in actions]
        assert len(set(strings)) == len(strings), strings
        for seat in range(players):
            assert len(state.observation_tensor(seat)) == size

    final = _play(game, seed=1, visit=visit)
    assert shape == [size]
    assert sorted(final.returns()) in ([-1.0] * (players - w) + [1.0] * w for w in (1, 2))


@pytest.mark.parametrize("name", [adapter.short_name(game) for game in GAMES])
def test_what_a_seat_cannot_tell_apart_leaves_its_observations_alike(name: str) -> None:
    """At the nodes of a random game, for a few pairs of actions: after two chance
    outcomes whose redacted events a seat cannot tell apart, the seat's observation
    string and tensor and its information state are the same (what it may not see stays
    unseen); whenever the seat's observation differs, so does its information state
    (perfect recall), and the acting seat always tells its own decisions apart. One game
    per variant, with its most players."""
    sonic = sonic_rules.game(_sonic_name(name))
    hidden = 0

    def redacted(state: Any, index: int, seat: int) -> list[str]:
        action = sonic.chance_from_index(state.sonic_state, index)
        after, events = sonic.step(state.sonic_state, action)
        return [sonic.event_to_json(e) for e in sonic.events_for(events, seat, after)]

    def visit(state: Any) -> None:
        nonlocal hidden
        chance = state.is_chance_node()
        actions = [o for o, _ in state.chance_outcomes()] if chance else state.legal_actions()
        picked = actions[:: max(1, len(actions) // 4)][:4]
        after = []
        for action in picked:
            child = state.clone()
            child.apply_action(action)
            after.append(child)
        for action, other in zip(picked[1:], after[1:], strict=True):
            first = after[0]
            for seat in range(state.num_players()):
                same_state = first.information_state_string(seat) == other.information_state_string(
                    seat
                )
                if first.observation_string(seat) != other.observation_string(seat):
                    assert not same_state
                if not chance:
                    assert not same_state or seat != state.current_player()
                elif redacted(state, picked[0], seat) == redacted(state, action, seat):
                    hidden += 1
                    assert same_state
                    assert first.observation_string(seat) == other.observation_string(seat)
                    assert first.observation_tensor(seat) == other.observation_tensor(seat)

    for variant, counts in sonic.variants.items():
        _play(_load(name, variant=variant, players=max(counts)), seed=2, visit=visit)
    assert hidden > 0


def game_players(name: str) -> int:
    return max(sonic_rules.game(_sonic_name(name)).variants[_default_variant(name)])


def _default_variant(name: str) -> str:
    return sonic_rules.game(_sonic_name(name)).default_variant


@pytest.mark.parametrize("name", [adapter.short_name(game) for game in GAMES])
def test_returns_winners_one_others_minus_one_unfinished_zero(name: str) -> None:
    sonic = sonic_rules.game(_sonic_name(name))
    game = _load(name)
    final = _play(game, seed=3)
    winners = set(final.sonic_state.winners)
    assert winners
    assert final.returns() == [1.0 if s in winners else -1.0 for s in range(game.num_players())]
    cut = _play(_load(name, turn_limit=2), seed=3)
    assert cut.sonic_state.is_over and not cut.sonic_state.winners
    assert cut.returns() == [0.0] * game.num_players()
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert sonic.max_game_length(cut.sonic_state) == _load(name, turn_limit=2).max_game_length()


@pytest.mark.parametrize("name", [adapter.short_name(game) for game in GAMES])
def test_serialization_keeps_state_and_information(name: str) -> None:
    sonic = sonic_rules.game(_sonic_name(name))
    game = _load(name, players=game_players(name))
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game_copy, copy = pyspiel.deserialize_game_and_state(text)
    assert str(game_copy) == str(game)
    assert sonic.to_json(copy.sonic_state) == sonic.to_json(state.sonic_state)
    assert copy.history() == state.history()
    for seat in range(game.num_players()):
        assert copy.information_state_string(seat) == state.information_state_string(seat)
    pickled = pickle.loads(pickle.dumps(state))
    assert type(pickled) is type(state)
    assert sonic.to_json(pickled.sonic_state) == sonic.to_json(state.sonic_state)
    assert pickled.information_state_string(0) == state.information_state_string(0)


def test_parameters_are_the_variant_players_and_options() -> None:
    for game in GAMES:
        spec = pyspiel.load_game(adapter.short_name(game)).get_type().parameter_specification
        assert spec["variant"] == game.default_variant
        assert spec["turn_limit"] == adapter.DEFAULT_LIMITS["turn_limit"]
        options = {f.name for f in attrs.fields(game.Options)}
        assert set(spec) - {"players", "variant"} <= options
        for field in attrs.fields(game.Options):
            if field.name in adapter.DEFAULT_LIMITS:
                assert spec[field.name] == adapter.DEFAULT_LIMITS[field.name]
            elif type(field.default) in (bool, int):
                assert spec[field.name] == field.default
    with pytest.raises(ValueError, match="turn_limit"):
        _load(adapter.short_name(GAMES[0]), turn_limit=0)
    with pytest.raises(ValueError, match="players"):
        _load(adapter.short_name(GAMES[0]), players=9)


def test_observers_for_the_information_state_and_the_spectator() -> None:
    game = _load(adapter.short_name(GAMES[0]), players=3)
    state = _play(game, seed=5, visit=None)
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None
    assert recall.string_from(state, 1) == state.information_state_string(1)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    public.set_from(state, 0)
    assert list(public.tensor) == GAMES[0].observation_tensor(state.sonic_state, None)
    assert public.string_from(state, 0) == public.string_from(state, 2)
    with pytest.raises(ValueError):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            )
        )


def test_import_without_pyspiel_names_the_extra() -> None:
    code = "import sys; sys.modules['pyspiel'] = None; import sonic_rules.adapters.openspiel"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode != 0
    assert "ImportError" in result.stderr
    assert "pip install 'sonic-rules[openspiel]'" in result.stderr


def test_agents_page_openspiel_example_runs() -> None:
    page = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", page, re.DOTALL) if "pyspiel" in b]
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/agents.md", "exec"), {})
