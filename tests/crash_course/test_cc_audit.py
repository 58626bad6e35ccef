"""Audit findings: each test names the rule it pins down (written failing, then fixed)."""

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
    ALL,
    COURSE,
    SCENARIO_TILES,
    assert_declared_change,
    scenario,
)
from sonic_rules import (
    CHANCE,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    RulesError,
)
from sonic_rules.crash_course import (
    ACTION_TYPES,
    DealTile,
    DrawItem,
    EndTurn,
    ItemKind,
    LayTile,
    Move,
    Options,
    Phase,
    PlaceItem,
    RevealItem,
    Space,
    UseBumper,
    UseShortcut,
    apply,
    chance_outcomes,
    from_json,
    legal_actions,
    new_game,
    step,
    to_json,
)
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.track import features_of

# ----- abilities --------------------------------------------------------------------------


def test_cc_ability_sonic_needs_his_own_move_action() -> None:
    """CC-ABILITY-SONIC: a Bumper onto two Boosters is not 'one move action'."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 2, 1)},
        items={"sonic": ["bumper"]},
        board={(1, 0, 1): "booster", (1, 1, 1): "booster"},
    )
    bumped = apply(state, UseBumper(0, 0))
    assert bumped.characters[0].position == Space(2, 0, 1)  # boosted 3 in all
    assert bumped.birds == (0, 0)
    # The same two Boosters taken by a Move do earn the bird.
    stepping = scenario(
        2, course=COURSE, positions={"sonic": (0, 2, 1)}, board={(1, 0, 1): "booster"}
    )
    stepping = attrs.evolve(
        stepping,
        board=(*stepping.board, attrs.evolve(stepping.board[0], space=Space(1, 1, 1))),
        pile=tuple(
            n - (k is ItemKind.BOOSTER) for n, k in zip(stepping.pile, ItemKind, strict=True)
        ),
    )
    moved, events = step(stepping, Move(0, 1))
    assert moved.birds == (1, 0)
    assert any(isinstance(e, E.BirdGained) and "Booster" in e.why for e in events)


def test_cc_beginner_no_extras_no_ability_birds() -> None:
    """CC-BEGINNER-NO-EXTRAS: Sonic's two-Booster combo earns nothing in the Beginner game."""
    state = scenario(
        2,
        variant="beginner",
        course=ALL,
        positions={"sonic": (0, 0, 1)},
        board={(0, 1, 1): "booster", (0, 2, 1): "booster"},
    )
    moved = apply(state, Move(0, 1))
    assert moved.characters[0].position == Space(1, 1, 1)
    assert moved.birds == (0, 0) and moved.bird_supply == 24


# ----- chance outcomes must be possible -----------------------------------------------------


def test_cc_draw_outcome_must_be_in_the_pile_and_for_the_drawer() -> None:
    """CC-DRAW: a drawn token must be in the pile and drawn by the active seat."""
    state = new_game(2)
    assert state.phase is Phase.DRAWING
    emptied = attrs.evolve(
        state,
        pile=tuple(
            0 if k is ItemKind.BOMB else n for n, k in zip(state.pile, ItemKind, strict=True)
        ),
        discard=tuple(5 if k is ItemKind.BOMB else 0 for k in ItemKind),
    )
    for bad in (DrawItem(0, ItemKind.BOMB), DrawItem(1, ItemKind.RING)):
        with pytest.raises(IllegalActionError) as error:
            apply(emptied, bad)
        assert error.value.rule == "CC-DRAW"
    assert DrawItem(0, ItemKind.RING) in legal_actions(emptied)


# ----- Beginner track order ----------------------------------------------------------------


def test_cc_beginner_setup_random_order_is_chance() -> None:
    """CC-BEGINNER-SETUP, CC-PROJ-BEGINNER-RANDOM-TRACK: each next tile is a chance node."""
    state = new_game(3, variant="beginner")
    assert state.to_act is CHANCE and state.phase is Phase.SETUP
    outcomes = chance_outcomes(state)
    assert [a for a, _ in outcomes] == [DealTile(n) for n in range(7)]
    assert all(p == pytest.approx(1 / 7) for _, p in outcomes)
    order = [5, 2, 6, 0, 3, 1, 4]
    for tile in order:
        state = apply(state, DealTile(tile))
        if state.phase is Phase.SETUP:
            with pytest.raises(IllegalActionError) as error:
                apply(state, DealTile(tile))  # already laid
            assert error.value.rule == "CC-BEGINNER-SETUP"
    assert [placed.tile for placed in state.course] == order
    assert state.phase is Phase.ACTIONS and len(state.face_down) == 14
    cells = {(placed.x, placed.y) for placed in state.course}
    assert len(cells) == 7  # every tile on its own cell
    assert from_json(to_json(state)) == state


def test_cc_beginner_setup_given_order_option() -> None:
    """CC-BEGINNER-SETUP: Options.beginner_course lays the table's own order at once."""
    given = (
        ("spike-run", False),
        ("corner-hive", True),
        *((t, False) for t in ALL if t not in ("spike-run", "corner-hive")),
    )
    state = new_game(
        2, variant="beginner", tiles=SCENARIO_TILES, options=Options(beginner_course=given)
    )
    assert state.phase is Phase.ACTIONS and state.to_act == 0
    ids = [state.catalogue.tiles[placed.tile].id for placed in state.course]
    assert ids == [tile for tile, _ in given] and state.course[1].reversed
    assert from_json(to_json(state)) == state
    for bad in ((("spike-run", False),), (*given[:-1], ("nope", False))):
        with pytest.raises(InvalidStateError) as error:
            new_game(
                2, variant="beginner", tiles=SCENARIO_TILES, options=Options(beginner_course=bad)
            )
        assert error.value.path.startswith("$.options.beginner_course")
    with pytest.raises(InvalidStateError):
        new_game(2, tiles=SCENARIO_TILES, options=Options(beginner_course=given))


# ----- Beginner face-down tokens are hidden ------------------------------------------------


def test_cc_beginner_items_hidden_until_revealed() -> None:
    """CC-BEGINNER-ITEMS, CC-PROJ-BEGINNER-HIDDEN: no kind is stored for a face-down token;
    entering one is a chance node over every token nobody has seen yet."""
    state = scenario(
        2,
        variant="beginner",
        course=ALL,
        positions={"sonic": (0, 0, 1)},
        face_down=[(0, 1, 1), (0, 2, 1)],
        board={(0, 0, 0): "crabmeat"},
    )
    text = to_json(state)
    assert "face_down" in text and state.board == (attrs.evolve(state.board[0]),)
    paused = apply(state, Move(0, 1))
    assert paused.phase is Phase.REVEALING and paused.to_act is CHANCE
    assert paused.characters[0].position == Space(0, 0, 1)  # not yet stepped in
    outcomes = dict(chance_outcomes(paused))
    assert outcomes == {
        RevealItem(ItemKind.BOOSTER): pytest.approx(10 / 29),
        RevealItem(ItemKind.CRABMEAT): pytest.approx(9 / 29),
        RevealItem(ItemKind.RING): pytest.approx(10 / 29),
    }
    with pytest.raises(IllegalActionError) as error:
        apply(paused, RevealItem(ItemKind.SPRING))
    assert error.value.rule == "CC-BEGINNER-ITEMS"
    assert from_json(to_json(paused)) == paused
    # A Booster: the boost carries Sonic on to the next face-down token, another reveal.
    boosted, events = step(paused, RevealItem(ItemKind.BOOSTER))
    assert boosted.phase is Phase.REVEALING and boosted.characters[0].position == Space(0, 1, 1)
    assert any(isinstance(e, E.ItemRevealed) for e in events)
    assert_declared_change(paused.phase, boosted.phase)
    done = apply(boosted, RevealItem(ItemKind.RING))
    assert done.phase is Phase.ACTIONS and done.characters[0].position == Space(1, 0, 1)
    assert done.characters[0].rings == 1 and done.face_down == ()
    assert done.item_total() == 60


# ----- tile data ----------------------------------------------------------------------------


def test_cc_setup_starting_tiles_star_spaces_touch() -> None:
    """CC-SETUP: the two starting tiles are laid with their star spaces touching."""
    state = new_game(2)
    line, star = features_of(state, 0), features_of(state, 1)
    touching = [lane for lane in range(3) if line[6 + lane] == "*" and star[lane] == "*"]
    assert touching, "the starting line's exit row and the star tile's entry row share a star"
    assert not any(f in "^B<>" for f in line)
    assert star[2] == "B" or star[5] == "B" or star[8] == "B"


# ----- robustness: junk actions --------------------------------------------------------------


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
    return st.builds(cls, **{field.name: _values for field in attrs.fields(cls)})


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
