"""The declared phase machine is the truth: seeded random games of every variant take
every declared transition, start in the variant's declared initial phase, and never
take an undeclared one (``PHASES.goto`` would raise ``UndeclaredTransitionError``)."""

from __future__ import annotations

import random
from collections import Counter

from crash_course.cc_scenario_tiles import ALL, scenario
from sonic_rules import CHANCE
from sonic_rules.core.phases import Transition
from sonic_rules.crash_course import (
    PHASES,
    LayTile,
    Move,
    Options,
    Phase,
    State,
    apply,
    chance_outcomes,
    default_catalogue,
    legal_actions,
    new_game,
    setup_position,
)

_CATALOGUE = default_catalogue()
_IN_ORDER = tuple((tile.id, False) for tile in _CATALOGUE.tiles)

CONFIGS: list[tuple[str, int, Options]] = [
    ("standard", 2, Options()),
    ("standard", 3, Options()),
    ("standard", 4, Options()),
    ("two-player", 2, Options()),
    ("beginner", 2, Options()),
    ("beginner", 3, Options()),
    ("beginner", 4, Options()),
    ("standard", 3, Options(official_draw=True)),
    ("standard", 2, Options(set_back=True)),
    ("beginner", 2, Options(beginner_course=_IN_ORDER)),
]
"""Every variant and player count, the official-draw and set-back options, and a
Beginner game with its course given."""


def _play_out(state: State, rng: random.Random) -> State:
    while not state.is_over:
        if state.to_act is CHANCE:
            outcomes = chance_outcomes(state)
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = apply(state, action)
    return state


def _full_course_position(seed: int) -> State:
    """Every tile laid, the pile empty: each lay lifts the rearmost tile (CC-TILE-RECYCLE)."""
    players = 2 + seed % 3
    line, star = _CATALOGUE.start_tiles()
    ids = [tile.id for tile in _CATALOGUE.tiles]
    order = [ids[line], ids[star]] + [i for n, i in enumerate(ids) if n not in (line, star)]
    front = len(ids) - 1
    names = ["sonic", "tails", "knuckles", "eggman"][:players]
    positions = {
        name: (0 if n == 0 else front - n % 2, n % 3, n % 3) for n, name in enumerate(names)
    }
    return setup_position(players, course=order, positions=positions)


def _secondary_win_after_a_lay() -> State:
    """CC-SECONDARY-WIN from the lay-tile phase: the movement that asked for a tile goes
    on over the new tile's edge (a Spring over two Crabmeats carried from the lifted
    tile) while the rearmost tile holds Tails."""
    state = scenario(
        2,
        course=ALL,
        positions={"sonic": (len(ALL) - 1, 2, 1), "tails": (1, 0, 0)},
        board={(0, 0, 1): "spring", (0, 1, 1): "crabmeat", (0, 2, 1): "crabmeat"},
    )
    assert state.tile_pile == ()
    paused = apply(state, Move(0, 1))
    assert paused.phase is Phase.LAY_TILE
    tile = legal_actions(paused)[0]
    assert isinstance(tile, LayTile)
    return apply(paused, tile)


def test_cc_proj_phase_every_declared_transition_is_taken_and_no_other() -> None:
    """CC-PROJ-PHASE: the phase machine as declared is the machine the engine runs."""
    taken: Counter[Transition[Phase]] = Counter()
    with PHASES.recording() as recorded:
        for variant, players, options in CONFIGS:
            for seed in range(30):
                start = len(recorded)
                state = new_game(players, variant=variant, options=options)
                # A new game is in, or has left, the variant's declared initial phase.
                first = recorded[start].source if len(recorded) > start else state.phase
                assert first is PHASES.initial_phase(variant)
                _play_out(state, random.Random(seed))
        for seed in range(60):
            _play_out(_full_course_position(seed), random.Random(seed))
        finished = _secondary_win_after_a_lay()
        assert finished.outcome is not None
        assert finished.outcome.termination == "had to lift an occupied tile"
        taken.update(recorded)
    declared = set(PHASES.transitions)
    assert set(taken) <= declared
    assert [t for t in PHASES.transitions if not taken[t]] == []


def test_cc_proj_phase_initial_phase_per_variant() -> None:
    """CC-BEGINNER-SETUP: the Beginner game starts at set-up, the others in the actions
    phase (the first turn's draw follows at once)."""
    assert PHASES.initial_phase("beginner") is Phase.SETUP
    assert PHASES.initial_phase("standard") is Phase.ACTIONS
    assert PHASES.initial_phase("two-player") is Phase.ACTIONS
    assert new_game(2, variant="beginner").phase is Phase.SETUP
    given = new_game(2, variant="beginner", options=Options(beginner_course=_IN_ORDER))
    assert given.phase is Phase.ACTIONS
    assert new_game(2).phase is Phase.DRAWING


def test_cc_proj_phase_to_act_comes_from_the_declaration() -> None:
    """CC-PROJ-PHASE: ``state.to_act`` is the declared actor of the phase."""
    state = new_game(3)
    assert state.to_act is CHANCE and state.turn == 0
    assert PHASES.to_act(state, state.phase) is CHANCE
    over = _secondary_win_after_a_lay()
    assert over.to_act is None and over.winners == (0,)
    assert over.outcome is not None and over.outcome.winners == (0,)
