"""Track tiles, birds, recycling, shortcuts, Mega Jumps, finish, abilities and variants."""

from __future__ import annotations

import json

import pytest

from crash_course.cc_scenario_tiles import ALL, COURSE, scenario, where
from sonic_rules import CHANCE, IllegalActionError, InvalidStateError
from sonic_rules.crash_course import (
    Character,
    DealTile,
    EndTurn,
    FinishShortcut,
    ItemKind,
    LayShortcutTile,
    LayTile,
    Move,
    Options,
    Phase,
    Recover,
    RevealItem,
    Space,
    UseShortcut,
    apply,
    legal_actions,
    load_tiles,
    new_game,
    step,
)
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.tiles import effective_turn, oriented_features


def _catalogue(*extra: dict[str, object]):
    tiles = [
        {"id": "line", "kind": "start-line", "turn": "straight", "rows": ["...", "...", "..."]},
        {"id": "star", "kind": "start", "turn": "straight", "rows": ["..B", "<..", "..."]},
        *extra,
    ]
    shortcuts = [{"id": "tunnel", "kind": "tunnel"}, {"id": "loop", "kind": "loop"}]
    return load_tiles(json.dumps({"tiles": tiles, "shortcuts": shortcuts}))


LEFT = {"kind": "corner", "turn": "left", "rows": ["...", "...", "..."]}
PLAIN = {"kind": "straight", "turn": "straight", "rows": ["...", "...", "..."]}
BACK = {"kind": "straight", "turn": "straight", "rows": ["...", "<..", "..."]}


def test_cc_geometry_and_tile_orientation() -> None:
    """CC-GEOMETRY, CC-TILE-ORIENTATION: reversing turns rows, lanes, arrows and corners."""
    rows = ("<..", ".^.", "..>")
    assert oriented_features(rows, False)[0] == "<"
    flipped = oriented_features(rows, True)
    assert flipped[0] == "<" and flipped[8] == ">" and flipped[4] == "^"
    assert oriented_features(("<..", "...", "..."), True)[8] == ">"
    spec = _catalogue({**LEFT, "id": "c"}).tiles[2]
    assert effective_turn(spec, False) == "left" and effective_turn(spec, True) == "right"


def test_cc_tile_lay_mid_boost_rulebook_example() -> None:
    """CC-TILE-LAY, CC-FLICKY-NEW-TILE: Knuckles pushed onto a Booster, a tile laid mid-boost."""
    state = scenario(
        4,
        course=COURSE,
        positions={"sonic": (2, 0, 1), "knuckles": (2, 1, 1)},
        board={(2, 2, 1): "booster"},
    )
    state = apply(state, Move(0, 1))
    assert state.phase is Phase.LAY_TILE and state.to_act == 0  # Sonic, the active player, lays
    assert where(state, 2) == Space(2, 2, 1)
    state = apply(state, LayTile(0, 3, False))
    assert where(state, 2) == Space(3, 1, 1)  # finished the boost on the new tile
    assert state.birds == (0, 0, 1, 0) and where(state, 0) == Space(2, 1, 1)
    assert state.phase is Phase.ACTIONS


def test_cc_tile_choice_and_course_continuous() -> None:
    """CC-TILE-CHOICE, CC-COURSE-CONTINUOUS: any pile tile, either way; entry meets exit."""
    state = scenario(2, course=COURSE, positions={"sonic": (2, 2, 1)})
    state = apply(state, Move(0, 1))
    choices = legal_actions(state)
    assert choices == [LayTile(0, t, r) for t in (3, 4, 5, 6) for r in (False, True)]
    with pytest.raises(IllegalActionError) as error:
        apply(state, LayTile(0, 2, False))
    assert error.value.rule == "CC-TILE-CHOICE"
    laid = apply(state, LayTile(0, 5, True))  # corner-hive reversed turns right
    newest = laid.course[-1]
    assert (newest.x, newest.y, newest.heading) == (0, 3, 0)
    built = scenario(2, course=[*COURSE, ("corner-hive", True), "arrows-wide"])
    assert (built.course[-1].x, built.course[-1].y, built.course[-1].heading) == (1, 3, 1)


def test_cc_flicky_new_tile_only_first() -> None:
    """CC-FLICKY-NEW-TILE: the first character onto the new tile gains the bird, once."""
    state = scenario(2, course=COURSE, positions={"sonic": (2, 2, 1), "tails": (2, 1, 1)})
    state = apply(apply(state, Move(0, 1)), LayTile(0, 3, False))
    assert state.birds == (1, 0)
    state = apply(state, Move(0, 0))
    assert state.birds == (1, 0)


def test_cc_tile_recycle_rulebook_example() -> None:
    """CC-TILE-RECYCLE: pile empty: the rearmost tile goes to the front, items and all."""
    state = scenario(
        2,
        course=ALL,
        positions={"sonic": (6, 2, 1), "tails": (3, 0, 0)},
        board={(0, 1, 1): "spring"},
    )
    state = apply(state, Move(0, 1))
    assert state.phase is Phase.LAY_TILE
    assert legal_actions(state) == [
        LayTile(0, state.course[0].tile, False),
        LayTile(0, state.course[0].tile, True),
    ]
    state, events = step(state, LayTile(0, state.course[0].tile, True))
    assert any(isinstance(e, E.TileRecycled) for e in events)
    assert state.catalogue.tiles[state.course[-1].tile].id == "start-line"
    assert where(state, 0) == Space(6, 0, 1) and state.birds == (1, 0)
    assert where(state, 1) == Space(2, 0, 0)
    assert state.board[0].space == Space(6, 1, 1)  # turned with the tile (reversed: 2-1, 2-1)


def test_cc_secondary_win_and_set_back_option() -> None:
    """CC-SECONDARY-WIN, CC-OPT-SET-BACK, CC-PROJ-SETBACK-SPACE."""
    position = {"sonic": (6, 2, 1), "tails": (0, 1, 2)}
    state = scenario(2, course=ALL, positions=position)
    won = apply(state, Move(0, 1))
    assert won.is_over and won.winners == (0,)
    kept = scenario(2, course=ALL, positions=position, options=Options(set_back=True))
    kept = apply(kept, Move(0, 1))
    assert kept.phase is Phase.LAY_TILE
    kept, events = step(kept, LayTile(0, kept.course[0].tile, False))
    assert where(kept, 1) == Space(0, 0, 2) and any(isinstance(e, E.SetBack) for e in events)
    assert not kept.is_over


def test_cc_mega_jump_lays_across_and_steps_over() -> None:
    """CC-MEGA-JUMP: a taken cell is jumped; leaving the tile lands across, as one step."""
    catalogue = _catalogue(
        {**LEFT, "id": "c1"}, {**LEFT, "id": "c2"}, {**LEFT, "id": "c3"}, {**PLAIN, "id": "p"}
    )
    state = scenario(
        2,
        tiles=catalogue,
        course=["line", "star", "c1", "c2", "c3"],
        positions={"sonic": (4, 2, 1)},
    )
    state = apply(state, Move(0, 1))
    state, events = step(state, LayTile(0, 5, False))
    laid = next(e for e in events if isinstance(e, E.TileLaid))
    assert laid.mega_jump and (laid.x, laid.y) == (1, 1)
    assert where(state, 0) == Space(5, 0, 1) and state.actions_left == 2


def _shortcut_game(active: str = "knuckles"):
    catalogue = _catalogue(
        {**LEFT, "id": "c1"}, {**PLAIN, "id": "p"}, {**LEFT, "id": "c2"}, {**BACK, "id": "back"}
    )
    return scenario(
        4,
        tiles=catalogue,
        course=["line", "star", "c1", "p", "c2", "back"],
        positions={active: (1, 1, 0)},
        active=active,
    )


def test_cc_shortcut_lay_and_use_with_knuckles() -> None:
    """CC-SHORTCUT-LAY, CC-SHORTCUT-LAY-STEP, CC-SHORTCUT-LAY-COMPLETE, CC-SHORTCUT-USE,
    CC-SHORTCUT-JOIN, CC-PROJ-SHORTCUT-BENT, CC-ABILITY-KNUCKLES: one tile, laid straight
    (the cell (-1, 1), entered from the east, left to the west), bridges the gap;
    Knuckles gains 1 + 1."""
    state = _shortcut_game()
    lays = [a for a in legal_actions(state) if isinstance(a, LayShortcutTile)]
    assert lays == [LayShortcutTile(2, 0, -1, 1, 1, 3), LayShortcutTile(2, 1, -1, 1, 1, 3)]
    assert not any(isinstance(a, UseShortcut) for a in legal_actions(state))
    state = apply(state, LayShortcutTile(2, 1, -1, 1, 1, 3))
    assert state.phase is Phase.LAYING_SHORTCUT and state.shortcuts == ()
    assert [(s.tile, s.x, s.y, s.ends) for s in state.shortcut_attempt] == [(1, -1, 1, (1, 3))]
    assert legal_actions(state) == [FinishShortcut(2)]  # complete: nothing more to lay
    state = apply(state, FinishShortcut(2))
    assert state.phase is Phase.ACTIONS and state.shortcut_attempt == ()
    assert [(s.x, s.y) for s in state.shortcuts] == [(-1, 1)]
    assert UseShortcut(2, Space(5, 1, 0)) in legal_actions(state)
    state = apply(state, UseShortcut(2, Space(5, 1, 0)))
    assert where(state, 2) == Space(5, 1, 0) and state.actions_left == 2
    assert state.birds[2] == 2
    with pytest.raises(IllegalActionError) as error:
        apply(state, UseShortcut(2, Space(1, 1, 0)))
    assert error.value.rule == "CC-SHORTCUT-USE"


def test_cc_shortcut_side_by_side_and_not_backwards() -> None:
    """CC-SHORTCUT-JOIN: arrows facing across side-by-side tiles; only further along."""
    catalogue = _catalogue({**LEFT, "id": "c1"}, {**LEFT, "id": "c2"}, {**BACK, "id": "back"})
    state = scenario(
        2,
        tiles=catalogue,
        course=["line", "star", "c1", "c2", "back"],
        positions={"sonic": (1, 1, 0)},
    )
    assert [a for a in legal_actions(state) if isinstance(a, UseShortcut)] == [
        __import__("sonic_rules.crash_course", fromlist=["UseShortcut"]).UseShortcut(
            0, Space(4, 1, 0)
        )
    ]
    assert not any(isinstance(a, LayShortcutTile) for a in legal_actions(state))
    back = scenario(
        2,
        tiles=catalogue,
        course=["line", "star", "c1", "c2", "back"],
        positions={"sonic": (4, 1, 0)},
    )
    assert not any(isinstance(a, UseShortcut) for a in legal_actions(back))


def test_cc_shortcut_return_when_a_tile_moves() -> None:
    """CC-SHORTCUT-RETURN: turning the joined tile breaks the shortcut; the tile returns."""
    state = apply(_shortcut_game(), LayShortcutTile(2, 0, -1, 1, 1, 3))
    state = apply(state, FinishShortcut(2))
    state = __import__("attrs").evolve(
        state,
        characters=tuple(
            __import__("attrs").evolve(c, power_up=True) if n == 2 else c
            for n, c in enumerate(state.characters)
        ),
    )
    from sonic_rules.crash_course import PowerUpTurn

    state, events = step(state, PowerUpTurn(2))
    assert state.shortcuts == () and any(isinstance(e, E.ShortcutReturned) for e in events)


def test_cc_finish_with_enough_birds_and_birds_needed() -> None:
    """CC-FINISH, CC-FINISH-BIRDS: leaving the newest tile with the birds wins."""
    assert [new_game(n).required_birds for n in (2, 3, 4)] == [10, 7, 5]
    short = scenario(3, course=COURSE, positions={"sonic": (2, 2, 1)}, birds=[6, 0, 0])
    assert apply(short, Move(0, 1)).phase is Phase.LAY_TILE
    ready = scenario(3, course=COURSE, positions={"sonic": (2, 2, 1)}, birds=[7, 0, 0])
    state = apply(ready, Move(0, 1))
    assert state.is_over and state.winners == (0,) and state.to_act is None
    assert legal_actions(state) == []
    with pytest.raises(IllegalActionError) as error:
        apply(state, EndTurn(0))
    assert error.value.rule == "CC-FINISH"


def test_cc_ability_eggman_two_hazard_damage() -> None:
    """CC-ABILITY-EGGMAN: a character taking 2 hazard damage in Eggman's turn: +1."""
    state = scenario(
        4,
        course=COURSE,
        positions={"eggman": (1, 2, 1), "sonic": (2, 0, 0)},
        board={(1, 0, 0): "crabmeat"},
        active="eggman",
    )
    state = apply(state, Move(3, 1))  # spikes: 1
    state = apply(state, __import__("sonic_rules.crash_course", fromlist=["Fix"]).Fix(3))
    state = scenario(
        4,
        course=COURSE,
        positions={"eggman": (1, 2, 1), "sonic": (2, 0, 0)},
        board={(2, 1, 1): "crabmeat"},
        active="eggman",
    )
    state = apply(state, Move(3, 1))
    assert state.birds[3] == 0
    state = apply(state, __import__("sonic_rules.crash_course", fromlist=["Fix"]).Fix(3))
    state = apply(state, Move(3, 1))  # onto the Crabmeat: 2 hazard damage this turn
    assert state.birds[3] == 1


def test_cc_two_player_characters_order_and_birds() -> None:
    """CC-TWO-PLAYER-CHARACTERS, CC-TWO-PLAYER-ORDER, CC-TWO-PLAYER-BIRDS."""
    state = new_game(2, variant="two-player")
    assert [(c.name, c.owner) for c in state.characters] == [
        (Character.SONIC, 0),
        (Character.TAILS, 1),
        (Character.KNUCKLES, 0),
        (Character.EGGMAN, 1),
    ]
    assert state.required_birds == 7
    seats = []
    position = scenario(2, variant="two-player", actions_left=0)
    for _ in range(4):
        seats.append(position.to_act)
        position = apply(position, EndTurn(position.to_act))
        position = __import__("attrs").evolve(
            position, phase=Phase.ACTIONS, actions_left=0, draws_left=0
        )
    assert seats == [0, 1, 0, 1]
    ready = scenario(
        2,
        variant="two-player",
        course=COURSE,
        positions={"knuckles": (2, 2, 1)},
        birds=[7, 0],
        active="knuckles",
    )
    assert apply(ready, Move(0, 1)).winners == (0,)
    with pytest.raises(InvalidStateError):
        new_game(3, variant="two-player")


def _beginner_ready():
    """A Beginner game dealt in catalogue order (the starting tiles first)."""
    state = new_game(2, variant="beginner")
    assert state.phase is Phase.SETUP and state.course == ()
    for tile in range(7):
        state = apply(state, DealTile(tile))
    return state


def _enter_revealing(state, action, kind: ItemKind):
    """Apply ``action``; it must stop on a face-down token, which turns out a ``kind``."""
    state = apply(state, action)
    assert state.phase is Phase.REVEALING and state.to_act is CHANCE
    return step(state, RevealItem(kind))


def test_cc_beginner_setup_and_layout() -> None:
    """CC-BEGINNER-SETUP, CC-PROJ-BEGINNER-LAYOUT, CC-BEGINNER-NO-EXTRAS."""
    state = _beginner_ready()
    assert state.phase is Phase.ACTIONS and len(state.course) == 7 and state.tile_pile == ()
    assert state.board == () and len(state.face_down) == 14
    assert {space.tile for space in state.face_down} == set(range(7))
    assert state.face_down[0] == Space(0, 1, 0) and state.face_down[1] == Space(0, 2, 2)
    assert sum(state.box) == 30 and sum(state.pile) == 30 and state.required_birds == 10
    assert all(type(a) in (Move, EndTurn) for a in legal_actions(state))


def test_cc_beginner_move_items_and_skip() -> None:
    """CC-BEGINNER-MOVE, CC-BEGINNER-ITEMS, CC-BEGINNER-SKIP, CC-PROJ-BEGINNER-KNOCKED,
    CC-PROJ-BEGINNER-RINGS."""
    state = _beginner_ready()
    assert EndTurn(0) in legal_actions(state)  # up to 3 moves: may stop early
    state = apply(state, Move(0, 0))
    state, events = _enter_revealing(state, Move(0, 0), ItemKind.RING)  # row 1 left
    assert state.characters[0].rings == 1 and any(isinstance(e, E.ItemRevealed) for e in events)
    assert Space(0, 1, 0) not in state.face_down and state.board == ()
    state = apply(state, Move(0, 1))
    state = apply(state, EndTurn(0))
    state = apply(state, Move(1, 2))
    state = apply(state, Move(1, 2))
    state, events = _enter_revealing(state, Move(1, 2), ItemKind.CRABMEAT)  # row 2 right
    crab = next(item for item in state.board if item.space == Space(0, 2, 2))
    assert state.characters[1].knocked_down and crab.kind is ItemKind.CRABMEAT
    assert not any(isinstance(a, Move) for a in legal_actions(state))
    state = apply(state, EndTurn(1))
    state = apply(state, Move(0, 0))
    state = apply(state, EndTurn(0))
    assert state.active == 0  # Tails skipped his turn
    assert not state.characters[1].knocked_down


def test_cc_beginner_recovery_with_a_ring() -> None:
    """CC-BEGINNER-SKIP: with a Ring the player may discard it at once to stay up."""
    state = _beginner_ready()
    state = apply(state, Move(0, 0))
    state, _ = _enter_revealing(state, Move(0, 0), ItemKind.RING)  # takes the Ring
    state = apply(state, Move(0, 1))
    state = apply(state, EndTurn(0))
    state = apply(state, EndTurn(1))
    state = apply(state, Move(0, 2))  # onto the Buzz Bomber of tile 1
    assert state.phase is Phase.RECOVERY and state.to_act == 0
    assert legal_actions(state) == [Recover(0, False), Recover(0, True)]
    up = apply(state, Recover(0, True))
    assert not up.characters[0].knocked_down and up.characters[0].rings == 0
    down = apply(state, Recover(0, False))
    assert down.characters[0].knocked_down and down.characters[0].rings == 1


def test_cc_beginner_finish_first_off_the_last_tile() -> None:
    """CC-BEGINNER-FINISH: no birds needed; the first off the finish tile wins."""
    state = scenario(
        2, variant="beginner", course=ALL, positions={"tails": (6, 2, 1)}, active="tails"
    )
    state = apply(state, Move(1, 1))
    assert state.winners == (1,)
