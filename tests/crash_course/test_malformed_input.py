"""Malformed or impossible input (junk actions, mutated JSON, bad catalogues, bad
movement frames) is refused with the library's errors, never a crash."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crash_course.cc_scenario_tiles import (
    COURSE,
    SCENARIO_TILES,
    assert_declared_change,
    scenario,
)
from forged import forge_fields
from sonic_rules import (
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    RulesError,
)
from sonic_rules.crash_course import (
    ACTION_TYPES,
    EndTurn,
    ItemKind,
    LayTile,
    Move,
    Options,
    Phase,
    PlaceItem,
    Space,
    UseShortcut,
    apply,
    chance_outcomes,
    from_json,
    legal_actions,
    new_game,
    to_json,
)

# ----- abilities --------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _sample_states() -> tuple[Any, ...]:
    """Reachable states in every phase, from seeded random walks of every variant."""
    found: dict[Phase, list[Any]] = {}
    configs = [(2, "standard", Options()), (3, "standard", Options(official_draw=True))]
    configs += [(2, "two-player", Options(set_back=True)), (3, "beginner", Options())]
    for seed, (players, variant, options) in enumerate(configs * 3):
        rng = random.Random(seed)
        state = new_game(players, variant=variant, options=options)
        for _ in range(1500):
            found.setdefault(state.phase, []).append(state)
            if state.is_over:
                break
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))])
    picked = []
    for states in found.values():
        picked.extend(states[:: max(1, len(states) // 6)][:6])
    return tuple(picked)


_scalars = st.one_of(
    st.integers(min_value=-3, max_value=12),
    st.sampled_from(list(ItemKind)),
    st.text(max_size=3),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False, width=16),
)
_spaces = st.builds(Space, _scalars, _scalars, _scalars) | st.builds(
    Space,
    st.integers(min_value=-1, max_value=9),
    st.integers(min_value=-1, max_value=3),
    st.integers(min_value=-1, max_value=3),
)
_values = _scalars | _spaces | st.tuples() | st.tuples(_scalars) | st.tuples(_scalars, _scalars)


def _junk_action(cls: type[Any]) -> st.SearchStrategy[Any]:
    # Forged past the constructor, which refuses wrong types at once: apply must too.
    fields = {field.name: _values for field in attrs.fields(cls)}
    return st.fixed_dictionaries(fields).map(lambda values: forge_fields(cls, **values))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(min_value=0, max_value=10**6),
    action=st.one_of(*(_junk_action(cls) for cls in ACTION_TYPES))
    | st.one_of(st.none(), st.integers(), st.text()),
)
def test_cc_proj_wrong_seat_junk_actions_never_crash(index: int, action: Any) -> None:
    """CC-PROJ-WRONG-SEAT, CC-PROJ-PHASE: any object given to apply is accepted only if
    legal, else refused with InvalidActionError or IllegalActionError; nothing else escapes."""
    states = _sample_states()
    state = states[index % len(states)]
    legal = legal_actions(state)
    try:
        new = apply(state, action)
    except (InvalidActionError, IllegalActionError):
        return
    assert action in legal
    assert_declared_change(state.phase, new.phase)


def test_cc_proj_phase_every_legal_action_applies_in_sampled_states() -> None:
    """CC-PROJ-PHASE: legal_actions and apply agree in every phase reached (chance too)."""
    phases = set()
    for state in _sample_states():
        phases.add(state.phase)
        for action in legal_actions(state):
            apply(state, action)
    assert {Phase.DRAWING, Phase.ACTIONS, Phase.LAY_TILE, Phase.REVEALING} <= phases


def test_cc_item_place_empty_space_with_junk_fields_is_invalid() -> None:
    """CC-ITEM-PLACE-EMPTY: a Space of strings is an InvalidActionError, not a TypeError."""
    state = scenario(2, course=COURSE, items={"sonic": ["spring"]})
    with pytest.raises(InvalidActionError):
        apply(state, PlaceItem(0, ItemKind.SPRING, Space("a", 0, 0)))  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        apply(state, UseShortcut(0, Space(0, None, 0)))  # type: ignore[arg-type]


# ----- robustness: mutated JSON ---------------------------------------------------------------


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(_leaves(value, (*path, key)))
    elif isinstance(data, list):
        for number, value in enumerate(data):
            found.extend(_leaves(value, (*path, number)))
    return found


_REPLACEMENTS = [0, 1, -1, 2, 3, 9, "x", None, [], {}, True, "ring", "enter", "advance",
                 "jump", "lay-tile", "revealing", "setup", "left", ".B^", "...", [0, 0, 0],
                 ["...", "...", "..."]]  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(min_value=0, max_value=10**6),
    choice=st.integers(min_value=0, max_value=10**6),
    replacement=st.sampled_from(_REPLACEMENTS),
)
def test_cc_from_json_mutations_are_refused_or_usable(
    index: int, choice: int, replacement: Any
) -> None:
    """from_json: a mutated state is refused with InvalidStateError, or it is a state every
    public function handles (legal actions all apply; no bare Python error escapes)."""
    states = _sample_states()
    data = json.loads(to_json(states[index % len(states)]))
    leaves = _leaves(data)
    path = leaves[choice % len(leaves)]
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = replacement
    try:
        state = from_json(json.dumps(data))
    except InvalidStateError:
        return
    _ = (state.to_act, state.is_over, state.winners)
    assert from_json(to_json(state)) == state
    chance_outcomes(state)
    for action in legal_actions(state)[:40]:
        try:
            apply(state, action)
        except RulesError as error:  # pragma: no cover - a disagreement is a failure
            raise AssertionError(f"{path}: legal {action} refused: {error}") from error


def test_cc_from_json_catalogue_is_checked_with_a_path() -> None:
    """CC-GEOMETRY: a state's custom tile catalogue is validated like load_tiles, with a
    path (the shipped one is saved by name and digest: see test_json)."""
    data = json.loads(to_json(new_game(2, tiles=SCENARIO_TILES)))
    data["catalogue"]["tiles"][2]["rows"][1] = ".."
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps(data))
    assert error.value.path == "$.catalogue.tiles[2].rows[1]"
    data = json.loads(to_json(new_game(2, tiles=SCENARIO_TILES)))
    data["catalogue"]["tiles"][1]["kind"] = "straight"
    with pytest.raises(InvalidStateError):
        from_json(json.dumps(data))


def test_cc_tile_lay_frames_are_validated() -> None:
    """CC-TILE-LAY: a loaded lay-tile position needs a character leaving the track."""
    state = scenario(2, course=COURSE, positions={"sonic": (2, 2, 1)})
    paused = apply(state, Move(0, 1))
    assert paused.phase is Phase.LAY_TILE
    data = json.loads(to_json(paused))
    data["motion"][-1]["kind"] = "enter"
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps(data))
    assert error.value.path.startswith("$.motion")
    data = json.loads(to_json(paused))
    data["motion"][-1]["lane"] = 7
    with pytest.raises(InvalidStateError):
        from_json(json.dumps(data))
    data = json.loads(to_json(paused))
    data["tile_pile"] = list(reversed(data["tile_pile"]))
    with pytest.raises(InvalidStateError):
        from_json(json.dumps(data))
    assert legal_actions(paused) == sorted(
        legal_actions(paused), key=lambda a: (a.tile, a.reversed)
    )
    assert isinstance(apply(paused, LayTile(0, paused.tile_pile[0], False)), type(paused))
    assert EndTurn(0) not in legal_actions(paused)
