"""Shortcut and course rules pinned by mutation testing (docs/testing.md).

Each test names the rules it holds exactly (``CC-SHORTCUT-*``, ``CC-TILE-*`` and their
neighbours): a change to the shortcut or track modules that the per-rule scenarios let
through now fails one of these. Positions are set up with `setup_position`, on the
shipped tiles or on catalogues written out here so the shapes they rely on are stated.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from sonic_rules import CHANCE, IllegalActionError, InvalidStateError
from sonic_rules.crash_course import (
    DrawItems,
    FinishShortcut,
    LayShortcutTile,
    LayTile,
    Move,
    PowerUpTurn,
    Space,
    State,
    UseBumper,
    UseShortcut,
    apply,
    chance_outcomes,
    legal_actions,
    load_tiles,
    new_game,
    setup_position,
    step,
)
from sonic_rules.crash_course import events as E

# Two corners from the star tile's right middle-row arrow to the next tile's.
PATH = [("tunnel-1", (1, 1), (3, 0)), ("tunnel-2", (1, 2), (2, 3))]
FIRST = LayShortcutTile(2, 0, 1, 1, 3, 0)
SECOND = LayShortcutTile(2, 1, 1, 2, 2, 3)


def _position(who: str = "knuckles", **kwargs: Any) -> State:
    """``who`` on the star tile's right middle-row arrow, on the shipped tiles."""
    kwargs.setdefault("course", ["start-line", "star-buzz", "arrows-buzz"])
    return setup_position(4, positions={who: (1, 1, 2)}, active=who, **kwargs)


def _events(state: State, *actions: Any) -> tuple[State, list[E.Event]]:
    seen: list[E.Event] = []
    for action in actions:
        state, events = step(state, action)
        seen.extend(events)
    return state, seen


def test_cc_ability_knuckles_laid_and_used_events() -> None:
    """CC-SHORTCUT-LAY-STEP, CC-SHORTCUT-USE, CC-ABILITY-KNUCKLES: each tile laid is
    announced with the layer and its id; using the path Knuckles gains a bird for the use
    and one per tile he laid for it, each with its reason."""
    state, events = _events(_position(), FIRST, SECOND, FinishShortcut(2))
    laid = [e for e in events if isinstance(e, E.ShortcutLaid)]
    assert [(str(e.character.value), e.tiles) for e in laid] == [
        ("knuckles", ("tunnel-1",)),
        ("knuckles", ("tunnel-2",)),
    ]
    state, events = step(state, UseShortcut(2, Space(2, 1, 2)))
    assert [e.why for e in events if isinstance(e, E.BirdGained)] == [
        "Knuckles used a shortcut",
        "Knuckles laid a shortcut tile",
        "Knuckles laid a shortcut tile",
    ]
    assert state.characters[2].position == Space(2, 1, 2)


def test_cc_shortcut_use_no_bird_for_others_and_counts_as_moving() -> None:
    """CC-SHORTCUT-USE, CC-ABILITY-KNUCKLES, CC-OPT-OFFICIAL-DRAW: another character using
    a shortcut gains no bird, and has moved: the official draw is no longer offered."""
    before = _position("sonic", shortcuts=PATH, options={"official_draw": True})
    assert DrawItems(0) in legal_actions(before)
    after, events = step(before, UseShortcut(0, Space(2, 1, 2)))
    assert not any(isinstance(e, E.BirdGained) for e in events)
    assert after.birds == before.birds
    assert after.characters[0].position == Space(2, 1, 2)
    assert DrawItems(0) not in legal_actions(after)
    with pytest.raises(IllegalActionError):
        apply(after, DrawItems(0))


def test_cc_ability_sonic_booster_chain_after_a_shortcut() -> None:
    """CC-SHORTCUT-USE, CC-ITEM-BOOSTER, CC-ABILITY-SONIC: taking a shortcut is part of
    Sonic's own move: landing on a Booster and boosting onto another one is a combo."""
    state = _position("sonic", shortcuts=PATH, board={(2, 1, 2): "booster", (2, 2, 2): "booster"})
    after, events = step(state, UseShortcut(0, Space(2, 1, 2)))
    whys = [e.why for e in events if isinstance(e, E.BirdGained)]
    assert "Sonic combined two Boosters" in whys
    assert after.birds[0] == state.birds[0] + whys.count("Sonic combined two Boosters")


SHIPPED_TRACK = [
    ("start-line", "start-line", "straight", ["...", "...", "*.."]),
    ("star-buzz", "start", "straight", ["*.B", "<.>", "<.>"]),
    ("arrows-spikes", "straight", "straight", ["<^>", "<.>", "<^>"]),
    ("arrows-buzz", "straight", "straight", ["<^>", "<.>", "<B>"]),
    ("corner-hive", "corner", "left", ["...", ".B.", "^.."]),
    ("corner-spikes", "corner", "right", ["..^", "...", ".^."]),
    ("corner-sweep", "corner", "left", ["...", "^..", "..^"]),
]


def _catalogue(shapes: list[list[str]], track: list[Any] | None = None) -> Any:
    """The shipped track tiles (unless ``track`` is given) and shortcut tiles
    ``short-0``, ``short-1``, ... allowing ``shapes``."""
    return load_tiles(
        json.dumps(
            {
                "tiles": [
                    {"id": tile_id, "kind": kind, "turn": turn, "rows": rows}
                    for tile_id, kind, turn, rows in (track or SHIPPED_TRACK)
                ],
                "shortcuts": [
                    {"id": f"short-{n}", "kind": "tunnel", "shapes": allowed}
                    for n, allowed in enumerate(shapes)
                ],
            }
        )
    )


BOTH = ["straight", "corner"]


def _lays(state: State) -> list[tuple[int, int, int, int, int]]:
    return [
        (a.tile, a.x, a.y, a.entry, a.exit)
        for a in legal_actions(state)
        if isinstance(a, LayShortcutTile)
    ]


def test_cc_shortcut_lay_step_only_tiles_that_leave_a_completable_path() -> None:
    """CC-SHORTCUT-LAY-STEP, CC-SHORTCUT-LAY, CC-PROJ-SHORTCUT-BENT: the two-corner path
    needs two tiles that may be laid as corners; with only one such tile in the supply
    no first tile is offered, with two each of them is, and a straight-only tile never is
    laid as a corner."""
    blocked = _position(tiles=_catalogue([BOTH, ["straight"], ["straight"]]))
    assert _lays(blocked) == []
    with pytest.raises(IllegalActionError) as error:
        apply(blocked, LayShortcutTile(2, 0, 1, 1, 3, 0))
    assert error.value.rule == "CC-SHORTCUT-LAY-STEP"
    open_ = _position(tiles=_catalogue([BOTH, ["corner"], ["straight"]]))
    assert _lays(open_) == [(0, 1, 1, 3, 0), (1, 1, 1, 3, 0)]
    partway = apply(open_, LayShortcutTile(2, 1, 1, 1, 3, 0))
    assert _lays(partway) == [(0, 1, 2, 2, 3)]


def test_cc_shortcut_lay_step_with_a_shortcut_already_laid() -> None:
    """CC-SHORTCUT-LAY-STEP, CC-SHORTCUT-JOIN: a shortcut laid elsewhere does not stop a new
    one: from the left arrow of the third tile two corners join the fourth tile's."""
    state = setup_position(
        4,
        tiles=_catalogue([BOTH] * 4),
        course=["start-line", "star-buzz", "arrows-buzz", "arrows-spikes"],
        shortcuts=[("short-0", (1, 1), (3, 0)), ("short-1", (1, 2), (2, 3))],
        positions={"knuckles": (2, 1, 0)},
        active="knuckles",
    )
    assert _lays(state) == [(2, -1, 2, 1, 0), (3, -1, 2, 1, 0)]
    state = apply(state, LayShortcutTile(2, 3, -1, 2, 1, 0))
    assert _lays(state) == [(2, -1, 3, 2, 1)]
    state = apply(state, LayShortcutTile(2, 2, -1, 3, 2, 1))
    state = apply(state, FinishShortcut(2))
    assert UseShortcut(2, Space(3, 1, 0)) in legal_actions(state)


def test_cc_shortcut_lay_step_past_a_shorter_path() -> None:
    """CC-SHORTCUT-LAY-STEP, CC-PROJ-SHORTCUT-BENT: laying straight on past the cell where
    a corner would close the path to the next tile, the path goes on to the tile after it;
    each step offers only the tiles allowing its shape and leaving tiles for the rest."""
    state = setup_position(
        4,
        tiles=_catalogue([["corner"], ["straight"], ["corner"]]),
        course=["start-line", "star-buzz", "arrows-buzz", "arrows-spikes"],
        positions={"knuckles": (1, 1, 2)},
        active="knuckles",
    )
    assert _lays(state) == [(0, 1, 1, 3, 0), (2, 1, 1, 3, 0)]
    state = apply(state, LayShortcutTile(2, 0, 1, 1, 3, 0))
    assert _lays(state) == [(1, 1, 2, 2, 0), (2, 1, 2, 2, 3)]
    state = apply(state, LayShortcutTile(2, 1, 1, 2, 2, 0))
    assert _lays(state) == [(2, 1, 3, 2, 3)]
    state = apply(state, LayShortcutTile(2, 2, 1, 3, 2, 3))
    assert legal_actions(state) == [FinishShortcut(2)]
    state = apply(state, FinishShortcut(2))
    assert UseShortcut(2, Space(3, 1, 2)) in legal_actions(state)


def test_cc_shortcut_lay_step_course_heading_south() -> None:
    """CC-SHORTCUT-LAY-STEP, CC-SHORTCUT-JOIN: on a course laid southwards the path to the
    tile behind is not offered, the one to the tile ahead is."""
    state = setup_position(
        4,
        tiles=_catalogue([BOTH] * 3),
        course=[("start-line", False, (0, 0), 2), "star-buzz", "arrows-buzz", "arrows-spikes"],
        positions={"knuckles": (2, 1, 2)},
        active="knuckles",
    )
    lays = _lays(state)
    assert lays and all(y <= -2 for _tile, _x, y, _entry, _exit in lays)
    assert {(x, y, entry, exit_) for _t, x, y, entry, exit_ in lays} == {(-1, -2, 1, 2)}
    state = apply(state, LayShortcutTile(2, *lays[0]))
    assert _lays(state) == [(1, -1, -3, 0, 1), (2, -1, -3, 0, 1)]


# A course that bends round so that the tenth tile, heading south, has an arrow facing
# the star tile's across three empty cells: the path is three straight shortcut tiles.
BEND_TRACK = [
    ("start-line", "start-line", "straight", ["...", "...", "*.."]),
    ("star", "start", "straight", ["...", "..>", "..."]),
    ("plain-1", "straight", "straight", ["...", "...", "..."]),
    ("plain-2", "straight", "straight", ["...", "...", "..."]),
    ("plain-3", "straight", "straight", ["...", "...", "..."]),
    ("plain-4", "straight", "straight", ["...", "...", "..."]),
    ("plain-5", "straight", "straight", ["...", "...", "..."]),
    ("bend-1", "corner", "right", ["...", "...", "..."]),
    ("bend-2", "corner", "right", ["...", "...", "..."]),
    ("target", "straight", "straight", ["...", "..>", "..."]),
]
BEND_COURSE = [
    "start-line",
    "star",
    "plain-1",
    "bend-1",
    "plain-2",
    "plain-3",
    "plain-4",
    "bend-2",
    "plain-5",
    "target",
]


@pytest.mark.parametrize("shapes", [BOTH, ["straight"]])
def test_cc_shortcut_lay_step_three_straight_tiles_far_across(shapes: list[str]) -> None:
    """CC-SHORTCUT-LAY, CC-SHORTCUT-LAY-STEP, CC-SHORTCUT-JOIN: an arrow ten fine points
    away, across three cells, is in reach of the three shortcut tiles: each is offered in
    turn, straight, until the path joins the target tile's arrow."""
    state = setup_position(
        4,
        tiles=_catalogue([shapes] * 3, BEND_TRACK),
        course=BEND_COURSE,
        positions={"knuckles": (1, 1, 2)},
        active="knuckles",
    )
    assert [(p.x, p.y, p.heading) for p in state.course][-1] == (4, 1, 2)
    assert _lays(state) == [(n, 1, 1, 3, 1) for n in range(3)]
    state = apply(state, LayShortcutTile(2, 2, 1, 1, 3, 1))
    assert _lays(state) == [(n, 2, 1, 3, 1) for n in range(2)]
    state = apply(state, LayShortcutTile(2, 0, 2, 1, 3, 1))
    assert _lays(state) == [(1, 3, 1, 3, 1)]
    state = apply(state, LayShortcutTile(2, 1, 3, 1, 3, 1))
    state, events = step(state, FinishShortcut(2))
    assert not any(isinstance(e, E.ShortcutReturned) for e in events)
    assert UseShortcut(2, Space(9, 1, 2)) in legal_actions(state)


# Round the front of the course, from the third tile's right arrow to its left one.
LOOP = [
    ("short-0", (1, 2), (3, 0)),
    ("short-1", (1, 3), (2, 3)),
    ("short-2", (0, 3), (1, 3)),
    ("short-3", (-1, 3), (1, 2)),
    ("short-4", (-1, 2), (0, 1)),
]


def _on_the_loop(who: str = "knuckles", **kwargs: Any) -> State:
    return setup_position(
        4,
        tiles=_catalogue([BOTH] * 5),
        course=["start-line", "star-buzz", "arrows-buzz"],
        positions={who: (2, 1, 2)},
        active=who,
        **kwargs,
    )


def test_cc_shortcut_join_not_to_an_arrow_level_with_the_start() -> None:
    """CC-SHORTCUT-LAY, CC-SHORTCUT-JOIN: a path round the front of the course to the arrow
    across the same row leads no further along: no tile of it is offered, and a laid one
    is not a shortcut to use."""
    assert _lays(_on_the_loop()) == []
    laid = _on_the_loop(shortcuts=LOOP)
    assert not any(isinstance(a, UseShortcut) for a in legal_actions(laid))
    with pytest.raises(IllegalActionError) as error:
        apply(laid, UseShortcut(2, Space(2, 1, 0)))
    assert error.value.rule == "CC-SHORTCUT-USE"


def test_cc_shortcut_lay_complete_refuses_a_path_level_with_the_start() -> None:
    """CC-SHORTCUT-LAY-COMPLETE: an attempt joining the arrow across the same row is not
    complete: finishing returns all its tiles."""
    state = _on_the_loop(phase="laying-shortcut", shortcut_attempt=LOOP)
    after, events = step(state, FinishShortcut(2))
    assert after.shortcuts == ()
    assert [e.tile_id for e in events if isinstance(e, E.ShortcutReturned)] == [
        f"short-{n}" for n in range(5)
    ]


def test_cc_mega_jump_over_a_shortcut_tile_ahead() -> None:
    """CC-MEGA-JUMP, CC-TILE-LAY: a shortcut tile in the cell straight ahead of the newest
    tile is jumped: the next tile goes in the first free cell along the line."""
    state = setup_position(
        4,
        tiles=_catalogue([BOTH] * 5),
        course=["start-line", "star-buzz", "arrows-buzz"],
        shortcuts=LOOP,
        positions={"sonic": (2, 2, 1)},
        active="sonic",
    )
    state = apply(state, Move(0, 1))
    state, events = step(state, LayTile(0, state.catalogue.index("corner-hive"), False))
    assert [e for e in events if isinstance(e, E.TileLaid)] == [
        E.TileLaid("corner-hive", 0, 4, False, True)
    ]
    assert (state.course[-1].x, state.course[-1].y) == (0, 4)


def test_cc_shortcut_join_only_from_a_middle_row_arrow() -> None:
    """CC-SHORTCUT-JOIN: a path leaves an arrow only at the midpoint of its tile's side, so
    from an arrow in the last row no shortcut tile is offered."""
    state = setup_position(
        4,
        course=["start-line", "star-buzz", "arrows-buzz", "arrows-spikes"],
        positions={"knuckles": (1, 2, 2)},
        active="knuckles",
    )
    assert _lays(state) == []


def test_cc_shortcut_use_path_laid_in_either_order() -> None:
    """CC-SHORTCUT-USE, CC-SHORTCUT-JOIN: a shortcut tile's path joins its two edges both
    ways: laid with its edges listed exit first, the path is still followed."""
    state = _position(shortcuts=[("tunnel-1", (1, 1), (0, 3)), ("tunnel-2", (1, 2), (3, 2))])
    assert UseShortcut(2, Space(2, 1, 2)) in legal_actions(state)
    after = apply(state, UseShortcut(2, Space(2, 1, 2)))
    assert after.characters[2].position == Space(2, 1, 2)


def test_cc_shortcut_use_not_from_an_arrow_in_the_last_row() -> None:
    """CC-SHORTCUT-JOIN, CC-SHORTCUT-USE: a laid path leaves only the middle-row arrow: from
    the arrow behind it, in the tile's last row, it is no shortcut."""
    state = setup_position(
        4,
        course=["start-line", "star-buzz", "arrows-buzz"],
        shortcuts=PATH,
        positions={"knuckles": (1, 2, 2)},
        active="knuckles",
    )
    assert not any(isinstance(a, UseShortcut) for a in legal_actions(state))


# Every shipped tile laid, the star tile rearmost: lifting it takes the arrow a shortcut
# starts from.
STAR_REARMOST = [
    ("star-buzz", False, (0, 1), 0),
    "arrows-buzz",
    "arrows-spikes",
    "corner-hive",
    "corner-spikes",
    "corner-sweep",
    "start-line",
]


def test_cc_tile_recycle_returns_shortcut_tiles_it_supported() -> None:
    """CC-TILE-RECYCLE, CC-SHORTCUT-RETURN, CC-TILE-LAY: with the pile empty the rearmost
    tile is lifted and laid at the front; the shortcut tiles joining its arrow go back to
    the supply, each announced by id."""
    state = setup_position(
        4,
        course=STAR_REARMOST,
        shortcuts=PATH,
        positions={"sonic": (6, 2, 1), "knuckles": (3, 1, 1)},
        active="sonic",
    )
    assert not state.tile_pile
    laying = apply(state, Move(0, 1))
    after, events = step(laying, LayTile(0, laying.course[0].tile, False))
    assert [e for e in events if isinstance(e, E.TileRecycled)] == [E.TileRecycled("star-buzz")]
    assert [e.tile_id for e in events if isinstance(e, E.ShortcutReturned)] == [
        "tunnel-1",
        "tunnel-2",
    ]
    assert after.shortcuts == ()


def test_cc_opt_set_back_to_a_free_space_of_the_new_rearmost_tile() -> None:
    """CC-OPT-SET-BACK, CC-PROJ-SETBACK-SPACE, CC-ONE-PER-SPACE: a character on the lifted
    tile goes to the new rearmost tile's first row, the lane nearest its own that no one
    stands on (Tails is on the middle lane there)."""
    state = setup_position(
        4,
        options={"set_back": True},
        course=STAR_REARMOST,
        positions={"sonic": (6, 2, 1), "knuckles": (0, 1, 1), "tails": (1, 0, 1)},
        active="sonic",
    )
    laying = apply(state, Move(0, 1))
    after, events = step(laying, LayTile(0, laying.course[0].tile, False))
    assert [e for e in events if isinstance(e, E.SetBack)] == [
        E.SetBack(after.characters[2].name, Space(0, 0, 0))
    ]
    assert after.characters[2].position == Space(0, 0, 0)
    assert after.characters[1].position == Space(0, 0, 1)
    assert not after.is_over


def test_cc_tile_lay_event_names_the_tile_and_no_mega_jump() -> None:
    """CC-TILE-LAY, CC-TILE-CHOICE, CC-MEGA-JUMP: laying the next tile straight ahead is
    announced with its id, cell, whether it is reversed and no Mega Jump."""
    state = setup_position(2, course=["start-line", "star-buzz"], positions={"sonic": (1, 2, 1)})
    laying = apply(state, Move(0, 1))
    _after, events = step(laying, LayTile(0, state.catalogue.index("arrows-spikes"), True))
    laid = [e for e in events if isinstance(e, E.TileLaid)]
    assert laid == [E.TileLaid("arrows-spikes", 0, 2, True, False)]
    assert laid[0].mega_jump is False and laid[0].reversed is True


def test_cc_item_bumper_back_across_the_tile_edge() -> None:
    """CC-ITEM-BUMPER: from the first row of the second tile the bumped character goes 2
    back in its lane, across the edge onto the rearmost tile."""
    state = setup_position(
        2,
        course=["start-line", "star-buzz", "arrows-spikes"],
        positions={"sonic": (2, 1, 1), "tails": (1, 0, 1)},
        items={"sonic": ["bumper"]},
    )
    after = apply(state, UseBumper(0, 1))
    assert after.characters[1].position == Space(0, 1, 1)


def test_cc_power_up_turn_flips_the_newest_tile() -> None:
    """CC-POWER-UP-TURN: the newest tile is turned round, announced by id; characters and
    items on it keep their physical spaces, the rest stay where they are."""
    state = setup_position(
        2,
        course=["start-line", "star-buzz", "arrows-spikes"],
        positions={"sonic": (2, 0, 0), "tails": (1, 1, 1)},
        power_ups=["sonic"],
        board={(2, 1, 0): "booster", (1, 0, 1): "spring"},
    )
    after, events = step(state, PowerUpTurn(0))
    assert [e for e in events if isinstance(e, E.TileTurned)] == [E.TileTurned("arrows-spikes")]
    assert after.course[2].reversed is True
    assert after.characters[0].position == Space(2, 2, 2)
    assert after.characters[1].position == Space(1, 1, 1)
    assert {item.space: item.kind.value for item in after.board} == {
        Space(2, 1, 2): "booster",
        Space(1, 0, 1): "spring",
    }
    assert Move(0, 1) in legal_actions(after)


@pytest.mark.parametrize("space", [(3, 0, 0), (1, 3, 0), (1, 0, 3)])
def test_cc_proj_off_course_board_item_refused(space: tuple[int, int, int]) -> None:
    """CC-ITEM-PLACE-EMPTY: items lie on spaces of the course; one past the newest tile,
    past the last row or past the last lane makes the position invalid."""
    with pytest.raises(InvalidStateError):
        setup_position(
            2,
            course=["start-line", "star-buzz", "arrows-spikes"],
            positions={"sonic": (2, 1, 1)},
            board={space: "booster"},
        )


def test_cc_proj_beginner_layout_face_down_slots() -> None:
    """CC-PROJ-BEGINNER-LAYOUT, CC-BEGINNER-SETUP: each tile's two face-down items go on
    the first two empty spaces of (1, left), (2, right), (1, right), (2, left), then in
    course order: on the corner with spikes at (1, left) and (2, right) they lie at
    (1, right) and (2, left)."""
    state = new_game(2, variant="beginner")
    while state.to_act == CHANCE:
        state = apply(state, chance_outcomes(state)[0][0])
    slots: dict[str, set[tuple[int, int]]] = {}
    for space in state.face_down:
        tile_id = state.catalogue.tiles[state.course[space.tile].tile].id
        slots.setdefault(tile_id, set()).add((space.row, space.lane))
    assert slots["corner-sweep"] == {(1, 2), (2, 0)}
    assert slots["corner-hive"] == {(1, 0), (2, 2)}
    assert all(len(found) == 2 for found in slots.values())


def test_cc_shortcut_join_a_path_never_crosses_its_own_cell() -> None:
    """CC-SHORTCUT-JOIN, CC-SHORTCUT-LAY-STEP: a path that could only reach an arrow by
    passing again through a cell it already fills is no path: after tiles heading away
    east then south no next tile is offered. Paths through cells of any coordinates are
    open: the first tile may lead north, east or south, and east of it north or east."""
    start = setup_position(
        4,
        tiles=_catalogue([BOTH] * 6),
        course=["start-line", "star-buzz", "arrows-buzz", "arrows-spikes"],
        positions={"knuckles": (2, 1, 2)},
        active="knuckles",
    )
    assert {lay[1:] for lay in _lays(start)} == {(1, 2, 3, 0), (1, 2, 3, 1), (1, 2, 3, 2)}
    east = apply(start, LayShortcutTile(2, 0, 1, 2, 3, 1))
    assert {lay[1:] for lay in _lays(east)} == {(2, 2, 3, 0), (2, 2, 3, 1)}
    state = setup_position(
        4,
        tiles=_catalogue([BOTH] * 6),
        course=["start-line", "star-buzz", "arrows-buzz", "arrows-spikes"],
        positions={"knuckles": (2, 1, 2)},
        active="knuckles",
        phase="laying-shortcut",
        shortcut_attempt=[("short-0", (1, 2), (3, 1)), ("short-1", (2, 2), (3, 2))],
    )
    assert _lays(state) == []
    assert legal_actions(state) == [FinishShortcut(2)]


def test_cc_shortcut_lay_arrows_read_from_the_position_catalogue() -> None:
    """CC-SHORTCUT-JOIN, CC-SHORTCUT-LAY: the same course on a catalogue whose next tile
    has no right-hand arrows offers no shortcut tile, where the shipped tiles do."""
    shipped = _position()
    assert _lays(shipped) == [(n, 1, 1, 3, 0) for n in range(3)]
    track = [
        (tile_id, kind, turn, ["<^.", "<..", "<B."] if tile_id == "arrows-buzz" else rows)
        for tile_id, kind, turn, rows in SHIPPED_TRACK
    ]
    other = _position(tiles=_catalogue([BOTH] * 3, track))
    assert other.course == shipped.course
    assert _lays(other) == []
    assert _lays(shipped) == [(n, 1, 1, 3, 0) for n in range(3)]


def test_cc_shortcut_lay_step_refused_where_a_laid_path_starts() -> None:
    """CC-SHORTCUT-LAY-STEP: from an arrow whose path is already laid to a track tile there
    is no open end: a tile laid elsewhere is refused, saying the path has met a track
    tile."""
    state = _position(shortcuts=PATH)
    with pytest.raises(IllegalActionError) as error:
        apply(state, LayShortcutTile(2, 2, 2, 1, 3, 0))
    assert error.value.rule == "CC-SHORTCUT-LAY-STEP"
    assert "the path has met a track tile" in str(error.value)
