"""Crash Course states built by hand with values of the wrong Python type.

`validate_state` and `to_json` refuse each with an `InvalidStateError` naming the
path of the first wrong value; nothing else (AttributeError, TypeError...) comes out.
"""

from __future__ import annotations

import contextlib
import functools
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sonic_rules
from forged import WRONG_VALUES, random_path, records_in, replaced
from sonic_rules.core.chance import CHANCE
from sonic_rules.core.errors import InvalidStateError
from sonic_rules.core.interning import IdentityMemo
from sonic_rules.crash_course import from_json, to_json, validate_state
from sonic_rules.crash_course.state import (
    BoardItem,
    Frame,
    FrameKind,
    How,
    ItemKind,
    Pending,
    Piece,
    PlacedShortcut,
    Space,
    State,
)
from sonic_rules.crash_course.validate import characters, course
from sonic_rules.crash_course.validate.shapes import STATE

GAME = sonic_rules.game("crash-course")


def _played(players: int, variant: str, seed: int, steps: int) -> list[State]:
    """The states of a seeded random game."""
    rng = random.Random(seed)
    state = GAME.new_game(players, variant=variant)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        if state.to_act is CHANCE:
            outcomes = GAME.chance_outcomes(state)
            state = GAME.apply(state, rng.choices(outcomes, [p for _, p in outcomes])[0][0])
        else:
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        states.append(state)
    return states


@functools.cache
def _states() -> tuple[State, ...]:
    states: list[State] = []
    for number, (players, variant) in enumerate(
        [(3, "standard"), (2, "two-player"), (4, "beginner"), (2, "standard")]
    ):
        states += _played(players, variant, seed=number, steps=80)[::4]
    return tuple(states)


@functools.cache
def _base() -> State:
    """A standard game with items on the board and characters on the track."""
    for state in _played(3, "standard", seed=7, steps=200):
        if state.board and all(c.position for c in state.characters) and not state.is_over:
            return state
    raise AssertionError("no such state in the game")


def _character(number: int, **changes: Any) -> Callable[[State], State]:
    def change(state: State) -> State:
        characters = list(state.characters)
        characters[number] = attrs.evolve(characters[number], **changes)
        return attrs.evolve(state, characters=tuple(characters))

    return change


def _fields(**changes: Any) -> Callable[[State], State]:
    return lambda state: attrs.evolve(state, **changes)


def _options(**changes: Any) -> Callable[[State], State]:
    return lambda state: attrs.evolve(state, options=attrs.evolve(state.options, **changes))


def _course(number: int, **changes: Any) -> Callable[[State], State]:
    def change(state: State) -> State:
        course = list(state.course)
        course[number] = attrs.evolve(course[number], **changes)
        return attrs.evolve(state, course=tuple(course))

    return change


def _bare_character(state: State) -> State:
    character = object.__new__(Piece)
    return attrs.evolve(state, characters=(character, *state.characters[1:]))


FORGED: list[tuple[str, Callable[[State], State], str]] = [
    ("options list", _fields(options=[]), "$.options"),
    ("options flag int", _options(official_draw=1), "$.options.official_draw"),
    ("turn limit float", _options(turn_limit=1.5), "$.options.turn_limit"),
    ("characters named by str", _options(characters=("sonic",)), "$.options.characters[0]"),
    ("beginner course short", _options(beginner_course=(("a",),)), "$.options.beginner_course[0]"),
    ("beginner course list", _options(beginner_course=[]), "$.options.beginner_course"),
    ("catalogue str", _fields(catalogue="default"), "$.catalogue"),
    ("players float", _fields(players=2.0), "$.players"),
    ("variant str", _fields(variant="standard"), "$.variant"),
    ("characters list", _fields(characters=[1]), "$.characters"),
    ("character int", _fields(characters=(1,)), "$.characters[0]"),
    ("character bare", _bare_character, "$.characters[0].name"),
    ("character name str", _character(0, name="sonic"), "$.characters[0].name"),
    ("items list", _character(0, items=[]), "$.characters[0].items"),
    ("items str", _character(1, items=(ItemKind.SPRING, "ring")), "$.characters[1].items[1]"),
    ("position tuple", _character(0, position=(0, 1, 0)), "$.characters[0].position"),
    ("position float", _character(2, position=Space(0, 1.0, 0)), "$.characters[2].position.row"),
    ("damage None", _character(0, damage=None), "$.characters[0].damage"),
    ("power-up int", _character(1, power_up=0), "$.characters[1].power_up"),
    ("birds list", _fields(birds=[0, 0, 0]), "$.birds"),
    ("pile None", _fields(pile=None), "$.pile"),
    ("discard float", _fields(discard=(0, 0, 1.0, 0, 0, 0, 0)), "$.discard[2]"),
    ("bird supply str", _fields(bird_supply="24"), "$.bird_supply"),
    ("course int", _fields(course=(5,)), "$.course[0]"),
    ("heading float", _course(1, heading=1.0), "$.course[1].heading"),
    ("reversed None", _course(0, reversed=None), "$.course[0].reversed"),
    ("tile pile str", _fields(tile_pile=("x",)), "$.tile_pile[0]"),
    (
        "shortcut ends list",
        _fields(shortcuts=(PlacedShortcut(0, 9, 9, [0, 2]),)),  # type: ignore[arg-type]
        "$.shortcuts[0].ends",
    ),
    ("board list", _fields(board=[1]), "$.board"),
    (
        "board kind str",
        _fields(board=(BoardItem(Space(0, 0, 0), "spring"),)),  # type: ignore[arg-type]
        "$.board[0].kind",
    ),
    (
        "board space None",
        _fields(board=(BoardItem(None, ItemKind.RING),)),  # type: ignore[arg-type]
        "$.board[0].space",
    ),
    ("face-down tuple", _fields(face_down=((0, 0, 0),)), "$.face_down[0]"),
    ("phase str", _fields(phase="actions"), "$.phase"),
    ("active bool", _fields(active=True), "$.active"),
    ("moved int", _fields(moved_this_turn=0), "$.moved_this_turn"),
    ("drawn str", _fields(drawn=("ring",)), "$.drawn[0]"),
    (
        "frame how str",
        _fields(motion=(Frame(FrameKind.ADVANCE, 0, "step"),)),  # type: ignore[arg-type]
        "$.motion[0].how",
    ),
    (
        "frame space tuple",
        _fields(motion=(Frame(FrameKind.ENTER, 0, How.STEP, (0, 0, 0)),)),  # type: ignore[arg-type]
        "$.motion[0].space",
    ),
    (
        "pending kind str",
        _fields(pending=(Pending("ring-drop", 0, 1),)),  # type: ignore[arg-type]
        "$.pending[0].kind",
    ),
    ("hazard list", _fields(turn_hazard_damage=[0, 0, 0]), "$.turn_hazard_damage"),
    ("won by None", _fields(won_by=(None,)), "$.won_by[0]"),
    ("termination None", _fields(termination=None), "$.termination"),
    ("attempt None", _fields(shortcut_attempt=None), "$.shortcut_attempt"),
    ("turns played float", _fields(turns_played=1.5), "$.turns_played"),
]


@pytest.mark.parametrize(
    ("forge", "path"), [(forge, path) for _, forge, path in FORGED], ids=[n for n, _, _ in FORGED]
)
def test_forged_state_is_refused_naming_where(forge: Callable[[State], State], path: str) -> None:
    state = forge(_base())
    with pytest.raises(InvalidStateError) as checked:
        validate_state(state)
    assert checked.value.path == path
    for indent in (None, 2):
        with pytest.raises(InvalidStateError) as written:
            to_json(state, indent=indent)
        assert written.value.path == path


def test_a_forged_value_keeps_the_rules_own_message() -> None:
    # The type checks word what the rule checks already said of such values.
    state = _base()
    with pytest.raises(InvalidStateError, match=r"players must be 2, 3 or 4, not 2\.0"):
        validate_state(attrs.evolve(state, players=2.0))
    with pytest.raises(InvalidStateError, match="must be a whole number, 1 or more"):
        validate_state(attrs.evolve(state, options=attrs.evolve(state.options, turn_limit=1.5)))
    with pytest.raises(InvalidStateError, match=r"expected an int, got float 1\.0"):
        validate_state(_course(1, heading=1.0)(state))


def test_the_shape_names_every_field_in_order() -> None:
    records = records_in(STATE)
    for record in records:
        assert record.kind is not None
        fields = [f.name for f in attrs.fields(record.kind)]
        assert [name for name, _ in record.fields] == fields, record.kind
    assert {record.kind for record in records} >= {State, Piece, Space, Frame, Pending}


def test_states_of_games_and_their_json_pass() -> None:
    for state in _states():
        validate_state(state)
        assert to_json(from_json(to_json(state))) == to_json(state)


_WRONG: list[Any] = [
    *WRONG_VALUES,
    Space(0, 0, 0),
    ItemKind.RING,
    (ItemKind.RING, "ring"),
]
"""Replacement values: for each field most are of the wrong type."""


@st.composite
def _forged(draw: st.DrawFn) -> State:
    state = draw(st.sampled_from(_states()))
    path = random_path(state, draw)
    if path[0] == "catalogue":
        path = path[:1]  # the catalogue's insides are checked as the tile files are
    return replaced(state, path, draw(st.sampled_from(_WRONG)))  # type: ignore[no-any-return]


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_forged())
def test_a_forged_state_raises_only_invalid_state(state: State) -> None:
    with contextlib.suppress(InvalidStateError):
        validate_state(state)
    for indent in (None, 2):
        with contextlib.suppress(InvalidStateError):
            to_json(state, indent=indent)


def _memories() -> list[IdentityMemo]:
    """Every memory of the checks of a state."""
    return [
        *(
            memo
            for module in (characters, course)
            for memo in vars(module).values()
            if isinstance(memo, IdentityMemo)
        ),
        *STATE.memories.values(),
    ]


def test_a_refused_state_leaves_nothing_behind() -> None:
    state = _base()
    # Parts met for the first time: new objects, equal to the state's.
    fresh = attrs.evolve(
        state,
        characters=tuple(list(state.characters)),
        course=tuple(list(state.course)),
        board=tuple(list(state.board)),
    )
    sizes = [len(memo) for memo in _memories()]
    with pytest.raises(InvalidStateError, match="between 0 and 3 actions"):
        validate_state(attrs.evolve(fresh, actions_left=7))  # refused by the last checks
    assert [len(memo) for memo in _memories()] == sizes
    validate_state(fresh)
    assert [len(memo) for memo in _memories()] != sizes
