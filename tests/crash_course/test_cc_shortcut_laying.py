"""Shortcuts laid one tile at a time on the shipped tiles: bent tiles, the laying-shortcut
phase, finishing or refusing a path, bad input, JSON and the shortcut-seeking player."""

from __future__ import annotations

import json
import random

import attrs
import pytest

from sonic_rules import CHANCE, IllegalActionError, InvalidStateError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.crash_course import (
    PLAYERS,
    EndTurn,
    FinishShortcut,
    LayShortcutTile,
    Move,
    Phase,
    Space,
    State,
    UseShortcut,
    apply,
    chance_outcomes,
    from_json,
    legal_actions,
    load_tiles,
    new_game,
    play_game,
    setup_position,
    step,
    to_json,
    validate_state,
)
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.tiles import default_catalogue, shortcut_shape

FIRST = LayShortcutTile(2, 0, 1, 1, 3, 0)  # beside the star tile's right arrow, bent north
SECOND = LayShortcutTile(2, 1, 1, 2, 2, 3)  # then bent west, into the next tile's arrow


def _in_a_row() -> State:
    """Knuckles on the star tile's right middle-row arrow; the next straight tile's arrow
    on the same side is joined by two corners through the cells (1, 1) and (1, 2)."""
    return setup_position(
        4,
        course=["start-line", "star-buzz", "arrows-buzz"],
        positions={"knuckles": (1, 1, 2)},
        active="knuckles",
    )


def _shortcut_actions(state: State) -> list[object]:
    return [a for a in legal_actions(state) if isinstance(a, LayShortcutTile | UseShortcut)]


def test_cc_proj_shortcut_bent_two_corners_and_knuckles() -> None:
    """CC-PROJ-SHORTCUT-BENT, CC-SHORTCUT-LAY-STEP, CC-SHORTCUT-LAY-COMPLETE,
    CC-ABILITY-KNUCKLES: two tiles laid as corners join two straight tiles in a row; at
    each step the one cell the open end points into, any free tile; Knuckles scores 1 per
    tile laid for the shortcut and 1 for using it."""
    state = _in_a_row()
    assert _shortcut_actions(state) == [attrs.evolve(FIRST, tile=t) for t in range(3)]
    state, events = step(state, FIRST)
    assert state.phase is Phase.LAYING_SHORTCUT and state.to_act == 2
    assert any(isinstance(e, E.ShortcutLaid) for e in events)
    assert legal_actions(state) == [
        attrs.evolve(SECOND, tile=1),
        attrs.evolve(SECOND, tile=2),
        FinishShortcut(2),
    ]
    state = apply(state, SECOND)
    assert legal_actions(state) == [FinishShortcut(2)]
    state = apply(state, FinishShortcut(2))
    assert state.phase is Phase.ACTIONS and state.actions_left == 3
    assert [(s.tile, s.x, s.y, s.ends) for s in state.shortcuts] == [
        (0, 1, 1, (3, 0)),
        (1, 1, 2, (2, 3)),
    ]
    assert [shortcut_shape(*s.ends) for s in state.shortcuts] == ["corner", "corner"]
    state = apply(state, UseShortcut(2, Space(2, 1, 2)))
    assert state.characters[2].position == Space(2, 1, 2) and state.birds[2] == 3


def test_cc_shortcut_lay_complete_refuses_an_incomplete_path() -> None:
    """CC-SHORTCUT-LAY-COMPLETE: finishing with an incomplete path is refused: the tiles
    laid in the attempt return and the turn goes on as before it."""
    before = _in_a_row()
    partway = apply(before, FIRST)
    refused, events = step(partway, FinishShortcut(2))
    assert refused == before
    assert [e.tile_id for e in events if isinstance(e, E.ShortcutReturned)] == ["tunnel-1"]
    assert not any(isinstance(e, E.ShortcutLaid) for e in events)


def _refused(state: State, action: object, rule: str) -> str:
    text = to_json(state)
    with pytest.raises(IllegalActionError) as error:
        apply(state, action)
    assert error.value.rule == rule
    assert to_json(state) == text  # the state is unchanged
    return str(error.value)


def test_cc_shortcut_lay_step_bad_input() -> None:
    """CC-SHORTCUT-LAY, CC-SHORTCUT-LAY-STEP, CC-PROJ-PHASE, CC-PROJ-WRONG-SEAT: a tile off
    an arrow, in a taken cell, not joining the path's open end, that cannot be completed,
    not free, or joining one edge to itself is refused with a rule id and a reason."""
    state = _in_a_row()
    off_arrow = setup_position(
        4,
        course=["start-line", "star-buzz", "arrows-buzz"],
        positions={"knuckles": (1, 0, 1)},
        active="knuckles",
    )
    assert "arrow" in _refused(off_arrow, FIRST, "CC-SHORTCUT-LAY")
    assert "taken" in _refused(state, attrs.evolve(FIRST, x=0, y=1), "CC-SHORTCUT-LAY-STEP")
    assert "(1, 1)" in _refused(state, attrs.evolve(FIRST, x=2, y=1), "CC-SHORTCUT-LAY-STEP")
    _refused(state, attrs.evolve(FIRST, entry=1, exit=0), "CC-SHORTCUT-LAY-STEP")
    _refused(state, attrs.evolve(FIRST, exit=1), "CC-SHORTCUT-LAY-STEP")  # leads nowhere
    _refused(state, attrs.evolve(FIRST, exit=3), "CC-SHORTCUT-LAY-STEP")
    _refused(state, attrs.evolve(FIRST, tile=7), "CC-SHORTCUT-LAY-STEP")
    partway = apply(state, FIRST)
    assert "supply" in _refused(partway, attrs.evolve(SECOND, tile=0), "CC-SHORTCUT-LAY-STEP")
    _refused(partway, attrs.evolve(SECOND, x=1, y=3), "CC-SHORTCUT-LAY-STEP")
    _refused(partway, attrs.evolve(SECOND, exit=1), "CC-SHORTCUT-LAY-STEP")
    # Wrong phase, wrong seat.
    _refused(state, FinishShortcut(2), "CC-PROJ-PHASE")
    _refused(state, attrs.evolve(FIRST, seat=0), "CC-PROJ-WRONG-SEAT")
    _refused(partway, FinishShortcut(1), "CC-PROJ-WRONG-SEAT")
    paused = setup_position(2, course=["start-line", "star-buzz"], positions={"sonic": (1, 2, 1)})
    paused = apply(paused, Move(0, 1))
    assert paused.phase is Phase.LAY_TILE
    _refused(paused, attrs.evolve(FIRST, seat=0), "CC-PROJ-PHASE")


def test_cc_shortcut_lay_step_nothing_else_until_finished() -> None:
    """CC-SHORTCUT-LAY-STEP: while laying a shortcut only the next tile or finishing."""
    partway = apply(_in_a_row(), FIRST)
    _refused(partway, Move(2, 2), "CC-PROJ-PHASE")
    _refused(partway, EndTurn(2), "CC-PROJ-PHASE")
    _refused(partway, UseShortcut(2, Space(2, 1, 2)), "CC-PROJ-PHASE")
    assert {type(a) for a in legal_actions(partway)} == {LayShortcutTile, FinishShortcut}


def test_cc_shortcut_lay_step_json_and_validation() -> None:
    """CC-SHORTCUT-LAY-STEP, CC-PROJ-SHORTCUT-BENT: an attempt under way and bent tiles
    survive JSON; a state with an attempt outside the phase, a tile joining one edge to
    itself or a shape its tile does not allow is refused."""
    partway = apply(_in_a_row(), FIRST)
    data = json.loads(to_json(partway))
    assert data["shortcut_attempt"] == [{"tile": 0, "x": 1, "y": 1, "ends": [3, 0]}]
    assert from_json(to_json(partway)) == partway
    done = apply(apply(partway, SECOND), FinishShortcut(2))
    assert from_json(to_json(done)) == done
    with pytest.raises(InvalidStateError, match="attempt"):
        validate_state(attrs.evolve(partway, phase=Phase.ACTIONS))
    astray = attrs.evolve(partway.shortcut_attempt[0], x=5, y=5)
    with pytest.raises(InvalidStateError, match="path from the active character"):
        validate_state(attrs.evolve(partway, shortcut_attempt=(astray,)))
    with pytest.raises(InvalidStateError, match="two different edges"):
        validate_state(
            attrs.evolve(done, shortcuts=(attrs.evolve(done.shortcuts[0], ends=(1, 1)),))
        )
    catalogue = default_catalogue()
    straight_only = attrs.evolve(
        catalogue,
        shortcuts=tuple(attrs.evolve(s, shapes=("straight",)) for s in catalogue.shortcuts),
        name="custom",
    )
    with pytest.raises(InvalidStateError, match="corner"):
        validate_state(attrs.evolve(done, catalogue=straight_only))


def test_cc_proj_shortcut_bent_catalogue_shapes(tmp_path) -> None:
    """CC-PROJ-SHORTCUT-BENT: the shipped shortcut tiles bend or run straight; a catalogue
    may restrict a tile to one shape (then no corner path is offered) or omit shapes."""
    assert {s.shapes for s in default_catalogue().shortcuts} == {("straight", "corner")}
    data = default_catalogue().to_data()
    for shortcut in data["shortcuts"]:
        shortcut["shapes"] = ["straight"]
    path = tmp_path / "tiles.json"
    path.write_text(json.dumps(data))
    state = setup_position(
        4,
        course=["start-line", "star-buzz", "arrows-buzz"],
        positions={"knuckles": (1, 1, 2)},
        active="knuckles",
        tiles=load_tiles(path),
    )
    assert _shortcut_actions(state) == []
    for shortcut in data["shortcuts"]:
        del shortcut["shapes"]
    path.write_text(json.dumps(data))
    assert {s.shapes for s in load_tiles(path).shortcuts} == {("straight", "corner")}
    data["shortcuts"][0]["shapes"] = ["wiggly"]
    path.write_text(json.dumps(data))
    with pytest.raises(Exception, match="wiggly"):
        load_tiles(path)


def test_cc_shortcut_seeking_player_lays_and_uses_shortcuts() -> None:
    """CC-SHORTCUT-LAY, CC-SHORTCUT-USE: the built-in shortcut-seeking player plays whole
    games and lays and uses shortcuts in some of them."""
    laid = used = 0
    for seed in range(6):
        players = [PLAYERS["shortcut"]() for _ in range(4)]
        result = play_game(new_game(4), players, seed=seed)
        assert result.final.is_over
        actions = [ply.action for ply in result.plies]
        laid += any(isinstance(a, FinishShortcut) for a in actions)
        used += any(isinstance(a, UseShortcut) for a in actions)
    assert laid >= 2 and used >= 2


def test_cc_shortcut_lay_step_random_play_starts_and_finishes_attempts() -> None:
    """CC-SHORTCUT-LAY-STEP, CC-SHORTCUT-LAY-COMPLETE: uniformly random players start
    shortcuts, finish some complete and have some refused."""
    outcomes = {"finished": 0, "refused": 0}
    for seed in range(20):
        rng = random.Random(seed)
        state = new_game(4)
        while not state.is_over:
            if state.to_act is CHANCE:
                action = sample_outcome(chance_outcomes(state), rng)
            else:
                legal = legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            after = apply(state, action)
            if isinstance(action, FinishShortcut):
                outcomes["finished" if after.shortcuts != state.shortcuts else "refused"] += 1
            state = after
    assert outcomes["finished"] and outcomes["refused"]


def test_cc_shortcut_lay_step_apply_iff_listed() -> None:
    """CC-SHORTCUT-LAY-STEP, CC-SHORTCUT-LAY-COMPLETE: around an attempt, ``apply``
    accepts a shortcut tile or a finish exactly when ``legal_actions`` lists it."""
    start = _in_a_row()
    partway = apply(start, FIRST)
    complete = apply(partway, SECOND)
    for state in (start, partway, complete):
        legal = legal_actions(state)
        candidates = [
            LayShortcutTile(seat, tile, x, y, entry, exit_)
            for seat in (0, 2)
            for tile in range(3)
            for x in range(3)
            for y in range(4)
            for entry in range(4)
            for exit_ in range(4)
        ]
        for action in [*candidates, FinishShortcut(2), FinishShortcut(0)]:
            try:
                apply(state, action)
            except IllegalActionError:
                assert action not in legal
            else:
                assert action in legal
