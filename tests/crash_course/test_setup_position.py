"""setup_position: any position from readable arguments, equal to the same position reached
by play; position_kwargs gives the arguments back; impossible positions name the keyword."""

from __future__ import annotations

from typing import Any

import pytest

from crash_course.cc_scenario_tiles import ALL, COURSE, SCENARIO_TILES, scenario
from sonic_rules import InvalidStateError
from sonic_rules.crash_course import (
    DrawItem,
    EndTurn,
    FinishShortcut,
    ItemKind,
    LayShortcutTile,
    Move,
    Phase,
    Recover,
    RevealItem,
    UseMotobug,
    Variant,
    apply,
    from_json,
    legal_actions,
    new_game,
    position_kwargs,
    setup_position,
    to_json,
)


def _same(built: Any, played: Any) -> None:
    assert built == played
    assert legal_actions(built) == legal_actions(played)
    assert setup_position(**position_kwargs(played)) == played


# ----- every phase, by hand and by play ------------------------------------------------------


def test_a_new_game_is_the_first_draw_set_up_by_hand() -> None:
    """CC-DRAW: everyone tied at the start is first and draws 1."""
    _same(setup_position(2, phase="drawing", draws_left=1), new_game(2))


def test_a_draw_under_way_and_the_keep_choice() -> None:
    """CC-DRAW, CC-DRAW-RINGS: last of two draws 3; a Ring is kept at once, then a choice."""
    drawing = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 2, 1)},
        active="tails",
        phase="drawing",
        draws_left=3,
    )
    one = apply(drawing, DrawItem(1, ItemKind.BOMB))
    two = apply(one, DrawItem(1, ItemKind.RING))
    _same(
        scenario(
            2,
            course=COURSE,
            positions={"sonic": (1, 2, 1)},
            active="tails",
            phase="drawing",
            draws_left=1,
            drawn=["bomb", "ring"],
        ),
        two,
    )
    choice = apply(two, DrawItem(1, ItemKind.SPRING))
    assert choice.phase is Phase.KEEP_CHOICE
    _same(
        scenario(
            2,
            course=COURSE,
            positions={"sonic": (1, 2, 1)},
            active="tails",
            phase="keep-choice",
            drawn=["bomb", "spring"],
            rings={"tails": 1},
        ),
        choice,
    )


def test_the_draw_choice_of_a_full_hand() -> None:
    """CC-DRAW-FULL-HAND: the turn passes to Tails, who holds 2 items."""
    played = apply(
        scenario(2, course=COURSE, items={"tails": ["bomb", "spring"]}, actions_left=0),
        EndTurn(0),
    )
    built = scenario(
        2,
        course=COURSE,
        items={"tails": ["spring", "bomb"]},
        active="tails",
        phase="draw-choice",
    )
    _same(built, played)


def test_a_movement_waiting_for_a_tile() -> None:
    """CC-TILE-LAY: Sonic steps off the newest tile; the step waits in the lay-tile phase."""
    played = apply(scenario(2, course=COURSE, positions={"sonic": (2, 2, 1)}), Move(0, 1))
    assert played.phase is Phase.LAY_TILE
    built = scenario(
        2,
        course=COURSE,
        positions={"sonic": (2, 2, 1)},
        phase="lay-tile",
        actions_left=2,
        moved_this_turn=True,
        motion=[
            {
                "kind": "advance",
                "character": 0,
                "how": "step",
                "remaining": 1,
                "lane": 1,
                "by_move": True,
            }
        ],
    )
    _same(built, played)


def test_rings_owed_after_item_damage() -> None:
    """CC-ITEM-MOTOBUG, CC-RING-LOSS: Tails is hit with 2 Rings; they wait to be dropped."""
    played = apply(
        scenario(
            2,
            course=COURSE,
            positions={"sonic": (1, 0, 1), "tails": (2, 0, 1)},
            items={"sonic": ["motobug"]},
            rings={"tails": 2},
        ),
        UseMotobug(0),
    )
    assert played.phase is Phase.RING_DROP
    built = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 0, 1), "tails": (2, 0, 1)},
        damage={"tails": 1},
        discard={"motobug": 1},
        phase="ring-drop",
        pending=[("ring-drop", "tails", 2)],
    )
    _same(built, played)


def _beginner(**kwargs: Any) -> Any:
    return scenario(2, variant="beginner", course=ALL, **kwargs)


def test_a_beginner_reveal_and_recovery() -> None:
    """CC-BEGINNER-ITEMS, CC-PROJ-BEGINNER-KNOCKED: a face-down token turns up as it is
    entered; a Crabmeat knocks Sonic down, and he may spend a Ring to get up."""
    start = _beginner(positions={"sonic": (0, 0, 1)}, face_down=[(0, 1, 1)], rings={"sonic": 1})
    revealing = apply(start, Move(0, 1))
    built = _beginner(
        positions={"sonic": (0, 0, 1)},
        face_down=[(0, 1, 1)],
        rings={"sonic": 1},
        phase="revealing",
        actions_left=2,
        moved_this_turn=True,
        motion=[
            {
                "kind": "enter",
                "character": 0,
                "how": "step",
                "space": {"tile": 0, "row": 1, "lane": 1},
                "by_move": True,
            }
        ],
    )
    _same(built, revealing)
    knocked = apply(revealing, RevealItem(ItemKind.CRABMEAT))
    assert knocked.phase is Phase.RECOVERY
    built = _beginner(
        positions={"sonic": (0, 1, 1)},
        board={(0, 1, 1): "crabmeat"},
        rings={"sonic": 1},
        knocked_down=["sonic"],
        phase="recovery",
        actions_left=2,
        moved_this_turn=True,
        pending=[("recovery", "sonic")],
    )
    _same(built, knocked)
    _same(
        _beginner(
            positions={"sonic": (0, 1, 1)},
            board={(0, 1, 1): "crabmeat"},
            discard={"ring": 1},
            actions_left=2,
            moved_this_turn=True,
        ),
        apply(knocked, Recover(0, True)),
    )


def test_a_beginner_track_being_dealt() -> None:
    """CC-BEGINNER-SETUP: the set-up phase with two tiles dealt."""
    state = setup_position(
        2,
        variant="beginner",
        phase="setup",
        course=["start-line", "star-buzz"],
        tiles=SCENARIO_TILES,
    )
    assert state.tile_pile == (2, 3, 4, 5, 6) and state.phase is Phase.SETUP
    assert setup_position(**position_kwargs(state)) == state


def test_a_finished_game() -> None:
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (2, 2, 1)},
        birds=[10, 0],
        phase="game-over",
        winners=[0],
        termination="crossed the finish line",
    )
    assert state.winners == (0,) and state.outcome is not None
    assert setup_position(**position_kwargs(state)) == state


# Tile 1's left arrow (row 1) and the reversed tile 2's left arrow (row 1) are joined by a
# path west of the course, round two corners: (-1, 1) east to north, (-1, 2) south to east.
_ARROWS = ["start-line", "star-buzz", ("arrows-spikes", True)]
_PATH = [("tunnel-1", (-1, 1), (1, 0)), ("tunnel-2", (-1, 2), (2, 1))]


def test_a_shortcut_laid_one_tile_at_a_time() -> None:
    """CC-SHORTCUT-LAY-STEP, CC-SHORTCUT-LAY-COMPLETE, CC-PROJ-SHORTCUT-BENT: the attempt
    under way, then the finished path, as set up by hand."""
    start = scenario(2, course=_ARROWS, positions={"sonic": (1, 1, 0)})
    first = apply(start, LayShortcutTile(0, 0, -1, 1, 1, 0))
    assert first.phase is Phase.LAYING_SHORTCUT
    _same(
        scenario(
            2,
            course=_ARROWS,
            positions={"sonic": (1, 1, 0)},
            phase="laying-shortcut",
            shortcut_attempt=_PATH[:1],
        ),
        first,
    )
    done = apply(apply(first, LayShortcutTile(0, 1, -1, 2, 2, 1)), FinishShortcut(0))
    _same(
        scenario(
            2,
            course=_ARROWS,
            positions={"sonic": (1, 1, 0)},
            shortcuts=_PATH,
            laid_this_turn=["tunnel-1", "tunnel-2"],
        ),
        done,
    )
    assert position_kwargs(done)["shortcuts"] == _PATH


def test_a_shortcut_must_join_two_arrow_spaces() -> None:
    """CC-SHORTCUT-JOIN: half a path joins nothing; an attempt leads on from the arrow."""
    with pytest.raises(InvalidStateError) as error:
        scenario(2, course=_ARROWS, shortcuts=_PATH[:1])
    assert error.value.path == "$.shortcuts[0]"
    with pytest.raises(InvalidStateError) as error:
        scenario(2, course=_ARROWS, shortcuts=[_PATH[0], ("loop", (-1, 2), (2, 0))])
    assert error.value.path == "$.shortcuts[0]"
    with pytest.raises(InvalidStateError) as error:
        scenario(
            2,
            course=_ARROWS,
            positions={"sonic": (1, 1, 0)},
            phase="laying-shortcut",
            shortcut_attempt=_PATH[1:],
        )
    assert error.value.path == "$.shortcut_attempt"
    with pytest.raises(InvalidStateError) as error:
        scenario(2, course=_ARROWS, shortcut_attempt=_PATH[:1])
    assert error.value.path == "$.shortcut_attempt"
    with pytest.raises(InvalidStateError) as error:
        scenario(2, course=_ARROWS, shortcuts=[("bridge", (-1, 1), (1, 0))])
    assert error.value.path == "$.shortcuts[0]"


# ----- the rest of the table -----------------------------------------------------------------


def test_a_course_with_a_mega_jump_and_lifted_tiles() -> None:
    """CC-MEGA-JUMP, CC-TILE-RECYCLE: a tile's cell and the rearmost tile's heading."""
    course = [
        ("arrows-wide", False, (0, 2), 1),
        ("corner-hive", False),
        ("spike-run", False, (1, 5)),
    ]
    state = scenario(2, course=course)
    assert [(p.x, p.y, p.heading) for p in state.course] == [(0, 2, 1), (1, 2, 1), (1, 5, 0)]
    assert position_kwargs(state)["course"] == course
    with pytest.raises(InvalidStateError) as error:
        scenario(2, course=[("arrows-wide", False), ("corner-hive", False, (4, 4))])
    assert error.value.path == "$.course[1]"


def test_tokens_everywhere_add_up() -> None:
    """CC-COMPONENTS: what is not placed, held, drawn or discarded is in the pile."""
    state = scenario(
        3,
        course=COURSE,
        positions={"sonic": (1, 1, 1), "tails": (2, 0, 0)},
        board={(1, 1, 1): "spring", (2, 1, 0): "rings:3", (0, 1, 2): "crabmeat"},
        items={"knuckles": ["bomb"]},
        discard={"bomb": 2, "ring": 4},
        hazard_damage={"tails": 1},
        damage={"tails": 1},
    )
    assert state.pile[ItemKind.BOMB.index] == 2 and state.pile[ItemKind.RING.index] == 3
    assert state.item_total() == 60
    kwargs = position_kwargs(state)
    assert kwargs["board"][(2, 1, 0)] == "rings:3" and kwargs["board"][(1, 1, 1)] == "spring"
    assert kwargs["hazard_damage"] == {"tails": 1}
    assert setup_position(**kwargs) == state == from_json(to_json(state))


def test_position_kwargs_leaves_out_defaults() -> None:
    assert position_kwargs(new_game(3, options={"set_back": True})) == {
        "players": 3,
        "variant": "standard",
        "options": {"set_back": True},
        "course": [("start-line", False), ("star-buzz", False)],
        "phase": "drawing",
        "active": "sonic",
        "draws_left": 1,
    }
    assert position_kwargs(scenario(2, course=COURSE))["tiles"] is SCENARIO_TILES


# ----- what cannot be set up -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "path"),
    [
        ({"positions": {"sonic": (1, 1, 1), "tails": (1, 1, 1)}}, "$.positions.tails"),
        ({"positions": {"sonic": (9, 1, 1)}}, "$.positions.sonic"),
        ({"positions": {"sonic": (1, 1)}}, "$.positions.sonic"),
        ({"positions": {"amy": (1, 1, 1)}}, "$.positions.amy"),
        ({"damage": {"sonic": 3}}, "$.damage.sonic"),
        ({"rings": {"tails": 4}}, "$.rings.tails"),
        ({"items": {"sonic": ["bomb", "spring", "bumper"]}}, "$.items.sonic"),
        ({"items": {"sonic": ["banana"]}}, "$.items.sonic"),
        ({"actions_left": 4}, "$.actions_left"),
        ({"birds": [-1, 0]}, "$.birds"),
        ({"birds": [20, 5]}, "$.birds"),
        ({"hazard_damage": {"sonic": -1}}, "$.hazard_damage"),
        ({"board": {(1, 0, 2): "spring"}}, "$.board[(1, 0, 2)]"),
        ({"board": {(2, 1, 1): "rings:11"}}, "$.pile"),
        ({"discard": {"bomb": 6}}, "$.pile"),
        ({"course": ["start-line", "nope"]}, "$.course[1]"),
        ({"course": ["start-line", "start-line"]}, "$.course"),
        ({"new_tiles": [5]}, "$.new_tiles"),
        ({"phase": "lunch"}, "$.phase"),
        ({"phase": "ring-drop"}, "$.pending"),
        ({"phase": "keep-choice"}, "$.drawn"),
        ({"phase": "keep-choice", "drawn": ["bomb", "ring"]}, "$.drawn"),
        ({"phase": "drawing"}, "$.draws_left"),
        ({"phase": "drawing", "draws_left": 2, "drawn": ["bomb", "bomb"]}, "$.drawn"),
        ({"phase": "draw-choice"}, "$.items.sonic"),
        ({"phase": "lay-tile"}, "$.motion"),
        ({"phase": "revealing"}, "$.motion"),
        ({"phase": "game-over"}, "$.winners"),
        ({"draws_left": 2}, "$.draws_left"),
        ({"pending": [("ring-drop", "tails", 2)]}, "$.pending[0]"),
        ({"phase": "ring-drop", "pending": [("ring-drop", "tails", 0)]}, "$.pending[0]"),
        ({"phase": "ring-drop", "pending": [("recovery", "tails")]}, "$.pending"),
        ({"knocked_down": ["sonic"]}, "$.knocked_down.sonic"),
        ({"winners": [0]}, "$.winners"),
        ({"laid_this_turn": ["bridge"]}, "$.laid_this_turn[0]"),
        ({"motion": [{"kind": "hop", "character": 0, "how": "step"}]}, "$.motion[0].kind"),
    ],
)
def test_an_impossible_position_names_the_keyword(kwargs: dict[str, Any], path: str) -> None:
    with pytest.raises(InvalidStateError) as error:
        scenario(2, **{"course": COURSE, **kwargs})
    assert error.value.path == path


def test_what_only_the_beginner_game_has() -> None:
    with pytest.raises(InvalidStateError) as error:
        scenario(2, course=COURSE, face_down=[(1, 1, 1)])
    assert error.value.path == "$.face_down"
    with pytest.raises(InvalidStateError) as error:
        _beginner(face_down=[(1, 0, 2)])
    assert error.value.path == "$.face_down[(1, 0, 2)]"
    with pytest.raises(InvalidStateError) as error:
        _beginner(items={"sonic": ["bomb"]})
    assert error.value.path == "$.pile"
    with pytest.raises(InvalidStateError) as error:
        _beginner(phase="drawing", draws_left=1)
    assert error.value.path == "$.phase"


@pytest.mark.parametrize(
    ("kwargs", "parameter"),
    [
        ({"positions": 5}, "positions"),
        ({"positions": {"sonic": "tile 1"}}, "positions"),
        ({"damage": {"sonic": "2"}}, "damage"),
        ({"rings": {"sonic": 1.0}}, "rings"),
        ({"items": {"sonic": "bomb"}}, "items"),
        ({"power_ups": "sonic"}, "power_ups"),
        ({"course": "start-line"}, "course"),
        ({"course": [("start-line", "no")]}, "course"),
        ({"board": [(1, 1, 1)]}, "board"),
        ({"actions_left": "3"}, "actions_left"),
        ({"moved_this_turn": 1}, "moved_this_turn"),
        ({"phase": 3}, "phase"),
        ({"drawn": "bomb"}, "drawn"),
        ({"pending": [("ring-drop", "tails", "2")]}, "pending"),
        ({"active": 0}, "active"),
        ({"winners": 0}, "winners"),
        ({"termination": None}, "termination"),
        ({"shortcuts": [("tunnel-1", (-1, 1))]}, "shortcuts"),
        ({"shortcut_attempt": [("tunnel-1", "west", (1, 0))]}, "shortcut_attempt"),
    ],
)
def test_a_wrong_type_names_the_parameter(kwargs: dict[str, Any], parameter: str) -> None:
    with pytest.raises(TypeError, match=parameter):
        scenario(2, course=COURSE, **kwargs)


def test_players_and_variant_of_a_wrong_type() -> None:
    with pytest.raises(TypeError, match="players"):
        setup_position("2")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="variant"):
        setup_position(2, variant=None)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError) as error:
        setup_position(5)
    assert error.value.path == "$.players"
    assert setup_position(2, variant=Variant.BEGINNER) == setup_position(2, variant="beginner")
