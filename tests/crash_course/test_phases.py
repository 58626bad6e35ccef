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
    ("standard", 3, Options(turn_limit=6)),
    ("beginner", 4, Options(turn_limit=9)),
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


def _limits_ending_in_every_phase() -> list[tuple[str, int, int, int]]:
    """``(variant, players, limit, seed)`` games whose decision limit
    falls on a decision leaving the game in each phase a decision can leave it in: found
    by playing without the limit biting, noting after which decision each phase came."""
    wanted = {t.source for t in PHASES.transitions if t.trigger == "decision_limit_reached"}
    found: list[tuple[str, int, int, int]] = []
    configs = [("standard", 4), ("two-player", 2), ("beginner", 3), ("standard", 2)]
    for seed in range(200):
        if not wanted:
            break
        variant, players = configs[seed % len(configs)]
        rng = random.Random(seed)
        state = new_game(players, variant=variant, options=Options(decision_limit=10**6))
        while not state.is_over and wanted:
            decides = state.to_act is not CHANCE
            if decides:
                legal = legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            else:
                outcomes = chance_outcomes(state)
                action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            state = apply(state, action)
            if decides and state.phase in wanted:
                wanted.discard(state.phase)
                found.append((variant, players, state.decisions_made, seed))
    assert not wanted, f"no random game reached {wanted}"
    return found


def _secondary_win_after_a_lay() -> State:
    """CC-SECONDARY-WIN from the lay-tile phase: the movement that asked for a tile goes
    on over the new tile's edge (a Spring over two Crabmeats carried from the lifted
    tile) while the rearmost tile holds Tails. The same declared trigger as crossing the
    finish; the outcome says which."""
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
        # CC-OPT-DECISION-LIMIT ends a game in whatever phase a decision left it.
        for variant, players, limit, seed in _limits_ending_in_every_phase():
            start = new_game(players, variant=variant, options=Options(decision_limit=limit))
            _play_out(start, random.Random(seed))  # the game that found the limit
        finished = _secondary_win_after_a_lay()
        assert (recorded[-1].source, recorded[-1].dest) == (Phase.LAY_TILE, Phase.GAME_OVER)
        assert finished.outcome is not None
        assert finished.outcome.termination == "had to lift an occupied tile"
        taken.update(recorded)
    declared = set(PHASES.transitions)
    assert set(taken) <= declared
    assert [t for t in PHASES.transitions if not taken[t]] == []


def test_cc_proj_phase_initial_phase_per_variant() -> None:
    """CC-BEGINNER-SETUP, CC-DRAW, CC-OPT-OFFICIAL-DRAW: the Beginner game starts at set-up
    (its track dealt by chance), the others at the first turn's draw; with the official
    draw, or a Beginner course given, the new game has moved on to the first actions."""
    assert PHASES.initial_phase("beginner") is Phase.SETUP
    assert PHASES.initial_phase("standard") is Phase.DRAWING
    assert PHASES.initial_phase("two-player") is Phase.DRAWING
    assert new_game(2, variant="beginner").phase is Phase.SETUP
    assert new_game(2).phase is Phase.DRAWING
    assert new_game(2, variant="two-player").phase is Phase.DRAWING
    with PHASES.recording() as taken:
        official = new_game(2, options=Options(official_draw=True))
        given = new_game(2, variant="beginner", options=Options(beginner_course=_IN_ORDER))
    assert official.phase is Phase.ACTIONS and given.phase is Phase.ACTIONS
    assert [t.trigger for t in taken] == ["draw_is_an_action", "beginner_track_laid"]


def test_cc_proj_phase_to_act_comes_from_the_declaration() -> None:
    """CC-PROJ-PHASE: ``state.to_act`` is the declared actor of the phase."""
    state = new_game(3)
    assert state.to_act is CHANCE and state.turn == 0
    assert PHASES.to_act(state, state.phase) is CHANCE
    over = _secondary_win_after_a_lay()
    assert over.to_act is None and over.winners == (0,)
    assert over.outcome is not None and over.outcome.winners == (0,)
