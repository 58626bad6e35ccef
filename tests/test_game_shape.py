"""One shape for both games: the registry, the Game members, and what holds for every game.

These tests go through ``sonic_rules.game(name)`` only, so they hold every registered
game, variant and player count to the same contract:

- both packages export the same generic API;
- the phase declaration is the truth: every declared transition is taken in random play
  and no undeclared one ever is; who acts comes from it; the compiled table agrees with
  the ``transitions`` machine;
- legality is decided once: ``apply`` accepts an action exactly when ``legal_actions``
  lists it.
"""

from __future__ import annotations

import importlib
import itertools
import pathlib
import random
from typing import Any

import attrs
import pytest

import sonic_rules
from sonic_rules import CHANCE, IllegalActionError, RulesError
from sonic_rules.core.game import GAME_MEMBERS, Game, GameState, Outcome, game_from_package

GAMES = sonic_rules.games()
CONFIGS = [(g, variant, n) for g in GAMES for variant, n in g.configurations()]
CONFIG_IDS = [f"{g.name}-{variant}-{n}p" for g, variant, n in CONFIGS]

GENERIC_NAMES = {
    "ACTION_TYPES",
    "GAME",
    "PHASES",
    "PLAYERS",
    "RULES",
    "Action",
    "GreedyPlayer",
    "Options",
    "Phase",
    "RandomPlayer",
    "State",
    "action_from_json",
    "action_to_json",
    "apply",
    "chance_outcomes",
    "describe_action",
    "describe_state",
    "events",
    "from_json",
    "greedy_player",
    "legal_actions",
    "new_game",
    "play_game",
    "score",
    "setup_position",
    "step",
    "to_json",
    "validate_state",
}


def test_registry_lists_both_games_by_name() -> None:
    assert [g.name for g in GAMES] == ["super-teams", "crash-course"]
    assert sonic_rules.game_names() == ("super-teams", "crash-course")
    for g in GAMES:
        assert sonic_rules.game(g.name) is g
        assert isinstance(g, Game)


def test_registry_refuses_unknown_names_and_wrong_types() -> None:
    with pytest.raises(LookupError, match="super-teams"):
        sonic_rules.game("chess")
    with pytest.raises(TypeError, match="name"):
        sonic_rules.game(3)  # type: ignore[arg-type]


def test_the_convention_names_every_game_member_but_the_three_a_package_gives() -> None:
    named = {"name", "title", "variants"}
    assert set(GAME_MEMBERS) | named == {field.name for field in attrs.fields(Game)}
    assert not named & set(GAME_MEMBERS)


@pytest.mark.parametrize("g", GAMES, ids=[g.name for g in GAMES])
def test_every_game_member_is_the_one_its_module_holds(g: Game[Any, Any]) -> None:
    package = f"sonic_rules.{g.name.replace('-', '_')}"
    for member, where in GAME_MEMBERS.items():
        module, _, attribute = where.rpartition(".")
        held = getattr(importlib.import_module(f"{package}.{module}"), attribute)
        assert getattr(g, member) is held, member


def test_game_from_package_names_a_missing_module_or_member(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "half_a_game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "options.py").write_text("Options = object\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ImportError, match=r"half_a_game has no module state.*member State"):
        game_from_package("half_a_game", name="half", title="Half", variants={"standard": (2,)})
    (package / "state.py").write_text("")
    importlib.invalidate_caches()
    with pytest.raises(ImportError, match=r"half_a_game\.state has no State, the Game member"):
        game_from_package("half_a_game", name="half", title="Half", variants={"standard": (2,)})


@pytest.mark.parametrize("g", GAMES, ids=[g.name for g in GAMES])
def test_both_packages_export_the_generic_api(g: Game[Any, Any]) -> None:
    import importlib

    module = importlib.import_module(f"sonic_rules.{g.name.replace('-', '_')}")
    exported = set(module.__all__)
    missing = GENERIC_NAMES - exported
    assert not missing, f"{g.name} does not export {sorted(missing)}"
    for name in exported:
        assert hasattr(module, name), f"{g.name}.__all__ names a missing {name}"
    assert module.GAME is g
    assert g.PHASES is module.PHASES and g.RULES is module.RULES
    assert g.apply is module.apply and g.legal_actions is module.legal_actions


def test_both_packages_have_the_same_layout() -> None:
    import pkgutil

    import sonic_rules.crash_course as cc
    import sonic_rules.super_teams as st

    shared = {where.partition(".")[0] for where in GAME_MEMBERS.values()}
    for package in (st, cc):
        modules = {info.name for info in pkgutil.iter_modules(package.__path__)}
        assert shared <= modules, f"{package.__name__} lacks {sorted(shared - modules)}"


@pytest.mark.parametrize("g", GAMES, ids=[g.name for g in GAMES])
def test_compiled_phase_table_agrees_with_the_transitions_machine(g: Game[Any, Any]) -> None:
    phases = g.PHASES
    for (source, trigger), dest in phases.table.items():
        assert phases.machine_allows(source, trigger) is dest
    assert len(phases.table) == len({(t.source, t.trigger) for t in phases.transitions})
    for phase in phases.phases:
        assert phase in phases.specs


@pytest.mark.parametrize("g", GAMES, ids=[g.name for g in GAMES])
def test_new_games_start_in_the_declared_initial_phase(g: Game[Any, Any]) -> None:
    for variant, players in g.configurations():
        state = g.new_game(players, variant=variant)
        assert isinstance(state, GameState)
        assert state.phase is g.PHASES.initial_phase(variant)
        assert state.outcome is None and state.winners == () and not state.is_over


def _option_presets(g: Game[Any, Any]) -> list[dict[str, bool]]:
    """The default rules, then each on/off option of the game switched on alone."""
    flags = [f.name for f in attrs.fields(g.Options) if f.type in (bool, "bool")]
    return [{}, *({flag: True} for flag in flags)]


def _random_game(
    g: Game[Any, Any],
    variant: str,
    players: int,
    seed: int,
    visit: Any = None,
    options: dict[str, Any] | None = None,
    after: Any = None,
    log: list[Any] | None = None,
) -> Any:
    rng = random.Random(seed)
    state = g.new_game(players, variant=variant, options=options)
    for _ in range(5_000):
        if state.is_over:
            break
        if visit is not None:
            visit(state, rng)
        if state.to_act is CHANCE:
            outcomes = g.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(g.legal_actions(state))
        start = len(log) if log is not None else 0
        new_state = g.apply(state, action)
        if after is not None:
            after(state, new_state, start)
        state = new_state
    return state


@pytest.mark.parametrize("g", GAMES, ids=[g.name for g in GAMES])
def test_every_declared_transition_is_taken_and_no_other(g: Game[Any, Any]) -> None:
    """Random games of every variant, player count and on/off option take every declared
    transition; every phase change of every action is a chain of declared triggers."""
    with g.PHASES.recording() as log:

        def chained(before: Any, after: Any, start: int) -> None:
            chain = log[start:]
            if not chain:
                assert after.phase is before.phase, "a phase changed without a trigger"
                return
            assert chain[0].source is before.phase and chain[-1].dest is after.phase
            assert all(a.dest is b.source for a, b in itertools.pairwise(chain))

        for options in _option_presets(g):
            for variant, players in g.configurations():
                for seed in range(25):
                    final = _random_game(
                        g, variant, players, seed, options=options, after=chained, log=log
                    )
                    assert final.is_over
        # The turn limit ends games at the end of turns of every kind.
        for variant, players in g.configurations():
            for seed in range(25):
                limited = {"turn_limit": 1 + seed}
                final = _random_game(
                    g, variant, players, seed, options=limited, after=chained, log=log
                )
                assert final.is_over
    taken = {(t.trigger, t.source, t.dest) for t in log}
    # Crash Course's decision limit can end a game in rare phases; its own phase test
    # (tests/crash_course/test_phases.py) aims a limit at each of them.
    declared = {
        (t.trigger, t.source, t.dest)
        for t in g.PHASES.transitions
        if t.trigger != "decision_limit_reached"
    }
    never = sorted(f"{t}: {s.value} -> {d.value}" for t, s, d in declared - taken)
    assert not never, f"declared but never taken: {never}"


@pytest.mark.parametrize(("g", "variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_to_act_comes_from_the_declaration(g: Game[Any, Any], variant: str, players: int) -> None:
    def visit(state: Any, _: random.Random) -> None:
        assert state.to_act == g.PHASES.to_act(state, state.phase)
        if state.to_act is CHANCE:
            assert g.chance_outcomes(state)
        else:
            assert g.legal_actions(state)

    _random_game(g, variant, players, seed=7, visit=visit)


@pytest.mark.parametrize(("g", "variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_apply_accepts_an_action_iff_legal_actions_lists_it(
    g: Game[Any, Any], variant: str, players: int
) -> None:
    """Legality is decided once: ``apply`` and ``legal_actions`` never disagree.

    Candidates are the legal actions of this state and actions legal in earlier states
    (mostly illegal here: wrong phase, wrong seat, spent cards, moved characters).
    """
    pool: list[Any] = []
    checked = {"accepted": 0, "refused": 0}

    def visit(state: Any, rng: random.Random) -> None:
        legal = g.legal_actions(state)
        legal_set = set(legal)
        assert len(legal_set) == len(legal), "legal_actions lists an action twice"
        candidates = rng.sample(pool, min(len(pool), 12)) + rng.sample(legal, min(len(legal), 3))
        for action in candidates:
            if action in legal_set:
                after = g.apply(state, action)
                assert after is not state
                checked["accepted"] += 1
            else:
                with pytest.raises(IllegalActionError):
                    g.apply(state, action)
                checked["refused"] += 1
        pool.extend(legal[:5])
        if len(pool) > 400:
            del pool[:200]

    for seed in range(3):
        _random_game(g, variant, players, seed=100 + seed, visit=visit)
    assert checked["accepted"] > 50 and checked["refused"] > 50


@pytest.mark.parametrize(("g", "variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_finished_games_have_one_outcome(g: Game[Any, Any], variant: str, players: int) -> None:
    final = _random_game(g, variant, players, seed=3)
    assert final.is_over and final.to_act is None
    outcome = final.outcome
    assert isinstance(outcome, Outcome)
    assert outcome.winners == final.winners and outcome.winners
    assert outcome.termination
    assert all(0 <= seat < players for seat in outcome.winners)
    text = g.describe_state(final)
    assert "to play" not in text


@pytest.mark.parametrize("g", GAMES, ids=[g.name for g in GAMES])
def test_json_envelope_names_the_game_and_format(g: Game[Any, Any]) -> None:
    import json

    state = g.new_game(g.variants[g.default_variant][0])
    data = json.loads(g.to_json(state))
    assert data["game"] == g.name and type(data["format"]) is int
    assert g.from_json(g.to_json(state, indent=2)) == state
    other = next(o for o in GAMES if o is not g)
    with pytest.raises(RulesError, match=r"\$\.game"):
        g.from_json(other.to_json(other.new_game(2)))
    with pytest.raises(RulesError, match=r"\$\.format"):
        g.from_json(json.dumps({**data, "format": data["format"] + 1}))
    with pytest.raises(RulesError, match=r"\$\.format"):
        g.from_json(json.dumps({**data, "format": 0}))


@pytest.mark.parametrize("g", GAMES, ids=[g.name for g in GAMES])
def test_actions_are_tagged_in_kebab_case_and_unknown_types_are_refused(
    g: Game[Any, Any],
) -> None:
    import json

    state = _random_game(g, g.default_variant, 2, seed=1, visit=None)
    del state
    seen: set[type] = set()

    def visit(state: Any, _: random.Random) -> None:
        for action in g.legal_actions(state):
            if type(action) in seen:
                continue
            seen.add(type(action))
            text = g.action_to_json(action)
            tag = json.loads(text)["type"]
            assert tag == tag.lower() and "_" not in tag
            assert g.action_from_json(text) == action

    _random_game(g, g.default_variant, 2, seed=2, visit=visit)
    assert seen
    with pytest.raises(RulesError, match="known types"):
        g.action_from_json('{"type": "no-such-action"}')


@pytest.mark.parametrize("g", GAMES, ids=[g.name for g in GAMES])
def test_built_in_players_play_a_whole_game(g: Game[Any, Any]) -> None:
    assert {"random", "greedy"} <= set(g.players)
    for name in g.players:
        players = [g.player(name) for _ in range(2)]
        result = g.play_game(g.new_game(2), players, seed=5, max_actions=3_000)
        assert result.final.is_over or result.capped
    with pytest.raises(LookupError, match="random"):
        g.player("no-such-player")


# -- seat views and the action space, the same way for every game ---------------------------


@pytest.mark.parametrize(("g", "variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_views_and_action_space_through_the_game(
    g: Game[Any, Any], variant: str, players: int
) -> None:
    """Every game answers the seat-view and action-space members alike: the mask marks
    the legal actions' indices, each index names its action, the seat to act's view lists
    the same legal actions, tensors have the declared shape, events per seat keep their
    number and JSON round-trips."""
    seen: list[Any] = []

    def visit(state: Any, rng: random.Random) -> None:
        if rng.random() > 0.2:
            return
        seen.append(state)
        legal = g.legal_actions(state)
        mask = g.legal_mask(state)
        if state.to_act is CHANCE:
            indices = [g.chance_index(state, a) for a in legal]
            assert len(mask) == g.num_chance_outcomes(state)
            named = [g.chance_from_index(state, i) for i in indices]
        else:
            indices = [g.action_index(state, a) for a in legal]
            assert len(mask) == g.num_distinct_actions(state)
            named = [g.action_from_index(state, i) for i in indices]
            view = g.observe(state, state.to_act)
            assert g.legal_actions(view) == legal
            assert g.view_from_json(view.to_json()) == view
        assert named == legal
        assert sorted(i for i, on in enumerate(mask) if on) == sorted(indices)
        for seat in [None, *range(players)]:
            tensor = g.observation_tensor(state, seat)
            assert (len(tensor),) == tuple(g.observation_shape(state))
            assert sum(n for _, n in g.observation_layout(state)) == len(tensor)
            assert g.information_state(state, seat) == g.observe(state, seat).to_json()

    for seed in range(2):
        _random_game(g, variant, players, seed, visit=visit)
    assert seen
    state = seen[-1]
    assert g.action_table(state).startswith("| index |")
    assert g.max_game_length(state) is None and g.max_chance_nodes(state) is None


@pytest.mark.parametrize("g", GAMES, ids=[g.name for g in GAMES])
def test_events_per_seat_through_the_game(g: Game[Any, Any]) -> None:
    state = g.new_game(2)
    rng = random.Random(3)
    happened: list[Any] = []
    for _ in range(300):
        if state.is_over:
            break
        if state.to_act is CHANCE:
            outcomes = g.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(g.legal_actions(state))
        state, events = g.step(state, action)
        happened += events
    for seat in (None, 0, 1):
        seen = g.events_for(happened, seat, state)
        assert len(seen) == len(happened)
        assert [g.event_from_json(g.event_to_json(e)) for e in seen] == seen
    assert g.events_for(happened, None, state) != happened  # something was hidden


@pytest.mark.parametrize("g", GAMES, ids=[g.name for g in GAMES])
def test_a_limit_makes_the_game_length_bounded(g: Game[Any, Any]) -> None:
    """ST-OPT-TURN-LIMIT bounds a Super Teams game; Crash Course needs its decision limit
    (CC-OPT-DECISION-LIMIT): a turn limit alone bounds nothing there."""
    limits = [f.name for f in attrs.fields(g.Options) if f.name.endswith("_limit")]
    bounded = [
        name for name in limits if g.max_game_length(g.new_game(2, options={name: 50})) is not None
    ]
    assert len(bounded) == 1
    state = g.new_game(2, options={bounded[0]: 50})
    bound, chance = g.max_game_length(state), g.max_chance_nodes(state)
    assert bound is not None and chance is not None and bound >= 50
