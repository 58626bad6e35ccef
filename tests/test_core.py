"""The game-agnostic core: errors, chance, the phase machine, strict JSON."""

from __future__ import annotations

import enum
import pickle
import random

import attrs
import pytest

from sonic_rules import (
    CHANCE,
    BoardError,
    IllegalActionError,
    InvalidStateError,
    crash_course,
    super_teams,
)
from sonic_rules.core.chance import sample_outcome
from sonic_rules.core.phases import PhaseMachine, PhaseSpec, UndeclaredTransitionError
from sonic_rules.core.serialization import make_converter, structure_or_raise


class Colour(enum.StrEnum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Thing:
    count: int
    ratio: float
    name: str
    flag: bool
    colour: Colour
    tags: tuple[int, ...] = ()


def test_strict_hooks_refuse_lossy_or_mistyped_values() -> None:
    converter = make_converter()
    good = {"count": 3, "ratio": 2, "name": "x", "flag": True, "colour": "red", "tags": [1]}
    thing = structure_or_raise(converter, good, Thing)
    assert thing == Thing(3, 2.0, "x", True, Colour.RED, (1,))
    assert thing.colour is Colour.RED  # a StrEnum is not handed back as a plain str
    for field, bad in [
        ("count", 3.7),
        ("count", "3"),
        ("count", True),
        ("ratio", "1"),
        ("name", 5),
        ("flag", 1),
        ("colour", "green"),
        ("tags", "12"),
        ("tags", {"a": 1}),
        ("tags", [1.5]),
    ]:
        data = {**good, field: bad}
        with pytest.raises(InvalidStateError) as error:
            structure_or_raise(converter, data, Thing)
        assert error.value.path.startswith(f"$.{field}"), (field, error.value)
    with pytest.raises(InvalidStateError, match="extra fields"):
        structure_or_raise(converter, {**good, "more": 1}, Thing)
    missing = dict(good)
    del missing["name"]
    with pytest.raises(InvalidStateError, match="required field missing") as error:
        structure_or_raise(converter, missing, Thing)
    assert error.value.path == "$.name"


def test_phase_enums_survive_json_as_members() -> None:
    state = super_teams.from_json(super_teams.to_json(super_teams.new_game(2)))
    assert state.phase is super_teams.Phase.DEAL and state.phase == "deal"
    course = crash_course.from_json(crash_course.to_json(crash_course.new_game(2)))
    assert course.phase is crash_course.Phase(course.phase.value)


class Light(enum.Enum):
    RED = "red"
    GREEN = "green"
    AMBER = "amber"


class Go:
    pass


class Slow:
    pass


def _lights() -> PhaseMachine[Light]:
    return PhaseMachine(
        "lights",
        Light,
        [
            PhaseSpec(Light.RED, lambda state: 0, "the driver", (Go,), "GO-ON-RED"),
            PhaseSpec(Light.GREEN, CHANCE, "chance", (Slow,), "SLOW-ON-GREEN"),
            PhaseSpec(Light.AMBER, None, "nobody", (), "AMBER-STOPS"),
        ],
        [("go", Light.RED, Light.GREEN), ("slow", Light.GREEN, Light.AMBER)],
        Light.RED,
    )


def test_phase_machine_goes_only_by_declared_triggers_and_draws_mermaid() -> None:
    machine = _lights()
    assert machine.goto(Light.RED, "go") is Light.GREEN
    with pytest.raises(UndeclaredTransitionError, match="slow"):
        machine.goto(Light.RED, "slow")
    with pytest.raises(UndeclaredTransitionError):
        machine.goto(Light.AMBER, "go")
    diagram = machine.to_mermaid()
    assert "stateDiagram-v2" in diagram and "red --> green: go" in diagram
    assert "[*] --> red" in diagram
    assert "| `red` | the driver | `Go` | `GO-ON-RED` |" in machine.to_markdown()


def test_phase_machine_declares_who_acts_and_refuses_other_phases_actions() -> None:
    machine = _lights()
    assert machine.to_act(object(), Light.RED) == 0
    assert machine.to_act(object(), Light.GREEN) is CHANCE
    assert machine.to_act(object(), Light.AMBER) is None
    machine.check_action(Light.RED, Go())
    with pytest.raises(IllegalActionError) as error:
        machine.check_action(Light.RED, Slow())
    assert error.value.rule == "GO-ON-RED" and "Slow" in error.value.message
    assert machine.accepting(Slow) == (Light.GREEN,)


def test_phase_machine_records_taken_transitions_and_refuses_bad_declarations() -> None:
    machine = _lights()
    with machine.recording() as taken:
        machine.goto(Light.RED, "go")
    machine.goto(Light.GREEN, "slow")  # not recorded: outside the block
    assert [(t.trigger, t.source, t.dest) for t in taken] == [("go", Light.RED, Light.GREEN)]
    with pytest.raises(ValueError, match="without a declaration"):
        PhaseMachine("x", Light, [], [], Light.RED)
    specs = list(machine.specs.values())
    with pytest.raises(ValueError, match="two destinations"):
        PhaseMachine(
            "x",
            Light,
            specs,
            [("go", Light.RED, Light.GREEN), ("go", Light.RED, Light.AMBER)],
            Light.RED,
        )
    assert machine.initial_phase() is Light.RED


@pytest.mark.parametrize("machine", [super_teams.PHASES, crash_course.PHASES])
def test_game_machines_cover_every_phase(machine: PhaseMachine[enum.Enum]) -> None:
    reached = {t.source for t in machine.transitions} | {t.dest for t in machine.transitions}
    assert reached == set(machine.phases)


def test_chance_sentinel_and_sampling() -> None:
    assert repr(CHANCE) == "CHANCE" and str(CHANCE) == "chance"
    assert pickle.loads(pickle.dumps(CHANCE)) is CHANCE
    rng = random.Random(0)
    counts = {"a": 0, "b": 0}
    for _ in range(4000):
        counts[sample_outcome([("a", 0.25), ("b", 0.75)], rng)] += 1
    assert 800 < counts["a"] < 1200
    with pytest.raises(ValueError):
        sample_outcome([], rng)


def test_errors_keep_their_details_and_pickle() -> None:
    error = IllegalActionError("ST-WIN", "the game is over")
    assert error.rule == "ST-WIN" and "[ST-WIN]" in str(error)
    again = pickle.loads(pickle.dumps(error))
    assert again.rule == "ST-WIN" and again.message == "the game is over"
    state_error = pickle.loads(pickle.dumps(InvalidStateError("bad", "$.x")))
    assert state_error.path == "$.x"
    board_error = pickle.loads(pickle.dumps(BoardError("bad token", "token 3")))
    assert board_error.where == "token 3"
