"""The compiled phase table is the declaration: the hot path reads only compiled tables.

`PhaseMachine` compiles the declared transitions into ``table`` (source and trigger to
destination) and the declared actors into ``actors``; these tests hold both to the
declaration and to the ``transitions`` machine built from it.
"""

from __future__ import annotations

from sonic_rules.core.chance import CHANCE
from sonic_rules.super_teams import PHASES, Phase, new_game


def test_the_table_holds_exactly_the_declared_transitions() -> None:
    declared = {(t.source, t.trigger): t.dest for t in PHASES.transitions}
    assert PHASES.table == declared


def test_the_table_agrees_with_the_transitions_machine_for_every_phase_and_trigger() -> None:
    triggers = {t.trigger for t in PHASES.transitions}
    for source in Phase:
        for trigger in triggers:
            assert PHASES.table.get((source, trigger)) is PHASES.machine_allows(source, trigger)


def test_the_compiled_actors_are_the_declared_actors() -> None:
    assert set(PHASES.actors) == set(Phase)
    for phase, spec in PHASES.specs.items():
        assert PHASES.actors[phase] is spec.actor


def test_to_act_reads_the_compiled_actor() -> None:
    state = new_game(3)
    assert PHASES.to_act(state, Phase.DEAL) is CHANCE
    assert PHASES.to_act(state, Phase.GAME_OVER) is None
    assert PHASES.to_act(state, Phase.PLAY) == state.turn
