"""The shipped tile catalogue (a reconstruction): its facts, and that its shortcuts and
Mega Jumps are reachable (constructed positions, then seeded random play)."""

from __future__ import annotations

import random

import pytest

from sonic_rules import CHANCE
from sonic_rules.core.chance import sample_outcome
from sonic_rules.crash_course import (
    FinishShortcut,
    LayShortcutTile,
    LayTile,
    Move,
    Space,
    UseShortcut,
    apply,
    chance_outcomes,
    default_catalogue,
    legal_actions,
    new_game,
    setup_position,
    step,
)
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.tiles import oriented_features


def _cells(state) -> list[tuple[int, int, int]]:
    return [(placed.x, placed.y, placed.heading) for placed in state.course]


def test_cc_default_catalogue_facts() -> None:
    """CC-COMPONENTS, CC-GEOMETRY, CC-SETUP: 2 starting tiles, straights, corners; arrow
    spaces on most straight tiles, facing out on both sides whichever way a tile is laid."""
    catalogue = default_catalogue()
    kinds = [spec.kind for spec in catalogue.tiles]
    assert len(kinds) == 7 and kinds.count("start-line") == kinds.count("start") == 1
    assert kinds.count("straight") == 2 and kinds.count("corner") == 3
    assert [s.kind for s in catalogue.shortcuts] == ["tunnel", "tunnel", "loop"]
    straight = [spec for spec in catalogue.tiles if spec.turn == "straight"]
    with_arrows = [spec for spec in straight if any(c in "<>" for c in "".join(spec.rows))]
    assert len(with_arrows) * 2 > len(straight)  # "most straight Track Tiles"
    for spec in with_arrows:
        assert spec.rows[1][0] == "<" and spec.rows[1][2] == ">"
        for reversed_ in (False, True):
            assert oriented_features(spec.rows, reversed_)[3:6:2] == ("<", ">")
    line, star = catalogue.tiles[0], catalogue.tiles[1]
    assert not any(c in "^B<>" for c in "".join(line.rows)) and line.rows[2][0] == "*"
    assert star.rows[0][0] == "*" and any(row[2] == "B" for row in star.rows)


@pytest.mark.parametrize(
    ("corners", "lane", "cell"),
    [
        ((("corner-hive", True), ("corner-sweep", True)), 2, (1, 1, 2)),  # U-turn right
        ((("corner-hive", False), ("corner-sweep", False)), 0, (-1, 1, 2)),  # U-turn left
    ],
)
@pytest.mark.parametrize("straight", [("arrows-spikes", False), ("arrows-buzz", True)])
def test_cc_default_side_by_side_shortcut(corners, lane, cell, straight) -> None:
    """CC-SHORTCUT-JOIN, CC-SHORTCUT-USE: on the shipped tiles, two corners turning the
    same way bring a straight tile alongside the star tile; their arrows face each other
    whichever way the straight tile was laid."""
    state = setup_position(
        2, course=["start-line", "star-buzz", *corners, straight], positions={"sonic": (1, 1, lane)}
    )
    assert _cells(state)[-1] == cell  # side by side with the star tile at (0, 1), heading south
    target = Space(4, 1, lane)
    assert [a for a in legal_actions(state) if isinstance(a, UseShortcut)] == [
        UseShortcut(0, target)
    ]
    assert not any(isinstance(a, LayShortcutTile) for a in legal_actions(state))
    state = apply(state, UseShortcut(0, target))
    assert state.characters[0].position == target and state.actions_left == 2
    # The other side lane of the star tile points into empty cells: nothing joins it.
    other = setup_position(
        2,
        course=["start-line", "star-buzz", *corners, straight],
        positions={"sonic": (1, 1, 2 - lane)},
    )
    actions = legal_actions(other)
    assert not any(isinstance(a, UseShortcut | LayShortcutTile) for a in actions)


def test_cc_default_shortcut_tiles_bridge_a_gap() -> None:
    """CC-SHORTCUT-LAY, CC-SHORTCUT-JOIN, CC-SHORTCUT-USE: a straight tile between two
    right turns leaves one empty cell between the star tile and the next straight tile;
    one shortcut tile bridges it."""
    course = ["start-line", "star-buzz", ("corner-hive", True), "arrows-buzz"]
    course += ["corner-spikes", "arrows-spikes"]
    state = setup_position(3, course=course, positions={"sonic": (1, 1, 2)})
    assert _cells(state)[-1] == (2, 1, 2)  # the gap is the cell (1, 1)
    assert not any(isinstance(a, UseShortcut) for a in legal_actions(state))
    lays = [a for a in legal_actions(state) if isinstance(a, LayShortcutTile)]
    # Across the gap (west edge to east edge), or bent north to the straight just after
    # the first corner (CC-PROJ-SHORTCUT-BENT); any of the three tiles.
    assert {(a.x, a.y, a.entry, a.exit) for a in lays} == {(1, 1, 3, 1), (1, 1, 3, 0)}
    assert sorted(a.tile for a in lays if a.exit == 1) == [0, 1, 2]
    state = apply(state, LayShortcutTile(0, 2, 1, 1, 3, 1))
    state = apply(state, FinishShortcut(0))
    assert [(s.tile, s.x, s.y, s.ends) for s in state.shortcuts] == [(2, 1, 1, (3, 1))]
    state = apply(state, UseShortcut(0, Space(5, 1, 2)))
    assert state.characters[0].position == Space(5, 1, 2) and state.actions_left == 2


def test_cc_default_mega_jump() -> None:
    """CC-MEGA-JUMP, CC-TILE-LAY: three right turns head the track into the star tile's
    side; the next tile goes in the first free cell across, and leaving the corner lands
    on its entry row as one step."""
    course = ["start-line", "star-buzz", ("corner-hive", True), ("corner-sweep", True)]
    state = setup_position(2, course=[*course, "corner-spikes"], positions={"sonic": (4, 2, 1)})
    assert _cells(state)[-1] == (1, 1, 2)  # turning right again: heading west, into (0, 1)
    state = apply(state, Move(0, 1))
    state, events = step(state, LayTile(0, default_catalogue().index("arrows-spikes"), False))
    laid = next(e for e in events if isinstance(e, E.TileLaid))
    assert laid.mega_jump and (laid.x, laid.y) == (-1, 1)
    assert state.characters[0].position == Space(5, 0, 1) and state.actions_left == 2
    assert state.birds == (1, 0)


def test_cc_default_tiles_mechanics_in_random_play() -> None:
    """CC-MEGA-JUMP, CC-SHORTCUT-USE: seeded random 3-player games on the shipped tiles
    see Mega Jumps and a usable shortcut (regression guard on the reconstruction)."""
    mega_jumps = usable = 0
    for seed in range(100):
        if mega_jumps >= 3 and usable >= 1:
            break
        rng = random.Random(seed)
        state = new_game(3)
        while not state.is_over:
            if state.to_act is CHANCE:
                action = sample_outcome(chance_outcomes(state), rng)
            else:
                legal = legal_actions(state)
                usable += any(isinstance(a, UseShortcut) for a in legal)
                action = legal[rng.randrange(len(legal))]
            state, events = step(state, action)
            mega_jumps += any(isinstance(e, E.TileLaid) and e.mega_jump for e in events)
    assert mega_jumps >= 3 and usable >= 1
