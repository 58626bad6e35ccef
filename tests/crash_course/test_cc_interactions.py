"""Second audit: rule interactions, each built as a position and checked exactly.

Scenario tiles (see ``cc_scenario_tiles``), rows entry edge first, lanes left to right::

    start-line "..." "..." "*.."      star-buzz "*.B" "<.." "..."
    arrows-spikes ".^." "..>" "^.."   arrows-wide "<.." ".^." "..>"
    spike-run "^.." "..B" ".^."       corner-hive (left) "..." ".B." "^.."
    corner-spikes (right) "..^" "..." ".^."
"""

from __future__ import annotations

import json
from typing import Any

from crash_course.cc_scenario_tiles import COURSE, scenario, where
from sonic_rules.crash_course import (
    DropRings,
    EndTurn,
    Fix,
    ItemKind,
    LayTile,
    Move,
    Phase,
    PlaceItem,
    Space,
    State,
    UseBomb,
    UseBumper,
    UseMotobug,
    apply,
    from_json,
    legal_actions,
    load_tiles,
    step,
    to_json,
)
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.placement import draw_count


def dmg(state: State) -> tuple[int, ...]:
    return tuple(c.damage for c in state.characters)


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def tile_index(state: State, tile_id: str) -> int:
    return state.catalogue.index(tile_id)


# ----- pushes ----------------------------------------------------------------------------


def test_cc_push_chain_ends_on_spikes() -> None:
    """CC-PUSH-CHAIN: the last character of a chain is pushed onto spikes and hurt."""
    state = scenario(
        4,
        course=COURSE,
        positions={"sonic": (1, 0, 1), "tails": (1, 1, 1), "knuckles": (1, 2, 1)},
    )
    after, events = step(state, Move(0, 1))
    assert where(after, 0) == Space(1, 1, 1)
    assert where(after, 1) == Space(1, 2, 1)
    assert where(after, 2) == Space(2, 0, 1)  # spikes
    assert dmg(after) == (0, 0, 1, 0)
    assert [e.source for e in of(events, E.TookDamage)] == ["spikes"]
    assert after.phase is Phase.ACTIONS and after.actions_left == 2


def test_cc_push_onto_crabmeat_booster_spring_and_rings() -> None:
    """CC-PUSH: a pushed character resolves Crabmeat, Booster, Spring and a ring stack."""
    crab = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 0, 0), "tails": (1, 1, 0)},
        board={(1, 2, 0): "crabmeat"},
        rings={"tails": 2},
    )
    after = apply(crab, Move(0, 0))
    assert where(after, 1) == Space(1, 2, 0) and dmg(after) == (0, 1)
    # Tails was hurt by an item: his Rings drop on the tile behind (tile 0), he chooses.
    assert after.phase is Phase.RING_DROP and after.to_act == 1
    assert after.characters[1].rings == 0
    dropped = apply(after, DropRings(1, Space(0, 1, 1)))
    assert any(i.kind is ItemKind.RING and i.count == 2 for i in dropped.board)
    assert dropped.phase is Phase.ACTIONS and dropped.to_act == 0

    boost = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 0, 0), "tails": (1, 1, 0)},
        board={(1, 2, 0): "booster"},
    )
    after = apply(boost, Move(0, 0))
    assert where(after, 1) == Space(2, 1, 0)  # booster at (1,2,0) -> (2,0,0), (2,1,0)

    spring = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 0, 1), "tails": (1, 1, 1)},
        board={(1, 2, 1): "spring"},
    )
    after = apply(spring, Move(0, 1))
    # Spikes at (2,0,1) ahead of the Spring: Tails jumps them and lands on (2,1,1).
    assert where(after, 1) == Space(2, 1, 1) and dmg(after) == (0, 0)

    rings = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 0, 0), "tails": (1, 1, 0)},
        board={(1, 2, 0): "rings:2"},
        rings={"tails": 2},
    )
    after = apply(rings, Move(0, 0))
    # 2 + 2 Rings: the third is traded for a Power-Up at once, the fourth discarded.
    assert after.characters[1].power_up and after.characters[1].rings == 0
    assert not after.board


def test_cc_push_off_the_newest_tile_lays_a_tile_and_the_pushed_character_takes_the_bird() -> None:
    """CC-TILE-LAY, CC-FLICKY-NEW-TILE: the active player lays, the pushed one gets the bird."""
    state = scenario(2, course=COURSE, positions={"sonic": (2, 1, 1), "tails": (2, 2, 1)})
    paused = apply(state, Move(0, 1))
    assert paused.phase is Phase.LAY_TILE and paused.to_act == 0
    assert where(paused, 1) == Space(2, 2, 1)  # Tails waits at the edge
    spike_run = tile_index(state, "spike-run")
    after, events = step(paused, LayTile(0, spike_run, False))
    assert where(after, 1) == Space(3, 0, 1)
    assert where(after, 0) == Space(2, 2, 1)
    assert after.birds == (0, 1)
    assert [e.character.value for e in of(events, E.BirdGained)] == ["tails"]
    assert after.phase is Phase.ACTIONS and after.actions_left == 2


def test_cc_push_across_a_corner_keeps_the_lane() -> None:
    """CC-GEOMETRY: lanes are kept across a corner, for a push too."""
    state = scenario(
        2,
        course=["start-line", "star-buzz", "corner-hive", "spike-run"],
        positions={"sonic": (2, 1, 0), "tails": (2, 2, 2)},
    )
    after = apply(state, Move(0, 1))  # diagonal into (2,2,1): empty
    assert where(after, 0) == Space(2, 2, 1)
    pushed = apply(
        scenario(
            2,
            course=["start-line", "star-buzz", "corner-hive", "spike-run"],
            positions={"sonic": (2, 1, 1), "tails": (2, 2, 2)},
        ),
        Move(0, 2),
    )
    assert where(pushed, 0) == Space(2, 2, 2)
    assert where(pushed, 1) == Space(3, 0, 2)


# ----- boosters --------------------------------------------------------------------------


def test_cc_two_boosters_three_spaces_spikes_on_the_way_boost_goes_on() -> None:
    """CC-ITEM-BOOSTER, CC-SPIKES, CC-ABILITY-SONIC: 3 spaces, hurt by spikes, one bird."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (0, 2, 1)},
        board={(1, 0, 1): "booster", (1, 1, 1): "booster"},
    )
    after = apply(state, Move(0, 1))
    # (1,0,1) boost -> (1,1,1) boost -> (1,2,1), (2,0,1) spikes: stops after 2.
    assert where(after, 0) == Space(2, 0, 1)
    assert dmg(after) == (1, 0)
    assert after.birds == (1, 0)
    assert Move(0, 1) not in legal_actions(after)  # must fix first
    assert Fix(0) in legal_actions(after)

    spikes_mid = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 1, 1)},
        board={(1, 2, 1): "booster"},
    )
    after = apply(spikes_mid, Move(0, 1))
    # (1,2,1) booster -> (2,0,1) spikes (hurt) -> (2,1,1): the boost goes on.
    assert where(after, 0) == Space(2, 1, 1) and dmg(after) == (1, 0)


def test_cc_boost_ends_on_spring_or_crabmeat() -> None:
    """CC-ITEM-BOOSTER: a Crabmeat or a Spring ends the boost."""
    crab = scenario(
        2,
        course=COURSE,
        positions={"sonic": (0, 2, 0)},
        board={(1, 0, 0): "booster", (1, 1, 0): "crabmeat"},
    )
    after = apply(crab, Move(0, 0))
    assert where(after, 0) == Space(1, 1, 0) and dmg(after) == (1, 0)

    spring_idle = scenario(
        2,
        course=COURSE,
        positions={"sonic": (0, 2, 0)},
        board={(1, 0, 0): "booster", (1, 1, 0): "spring"},
    )
    after = apply(spring_idle, Move(0, 0))
    assert where(after, 0) == Space(1, 1, 0)  # nothing ahead: the Spring is ignored, boost over

    spring_jump = scenario(
        2,
        course=COURSE,
        positions={"sonic": (0, 2, 0), "tails": (1, 2, 0)},
        board={(1, 0, 0): "booster", (1, 1, 0): "spring"},
    )
    after = apply(spring_jump, Move(0, 0))
    assert where(after, 0) == Space(2, 0, 0)  # jumps Tails
    assert where(after, 1) == Space(1, 2, 0)


def test_cc_boost_leaves_the_newest_tile_then_goes_on() -> None:
    """CC-TILE-LAY: a boost that leaves the newest tile waits for the tile, then goes on."""
    state = scenario(2, course=COURSE, positions={"sonic": (2, 0, 1)}, board={(2, 1, 1): "booster"})
    paused = apply(state, Move(0, 1))
    assert paused.phase is Phase.LAY_TILE
    assert where(paused, 0) == Space(2, 2, 1)
    after = apply(paused, LayTile(0, tile_index(state, "arrows-wide"), False))
    assert where(after, 0) == Space(3, 0, 1)
    assert after.birds == (1, 0)
    assert after.actions_left == 2


def test_cc_boost_into_an_occupied_space_pushes() -> None:
    """CC-PUSH: a boosting character pushes, then the boost goes on (and pushes again)."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (0, 2, 0), "tails": (1, 1, 0)},
        board={(1, 0, 0): "booster"},
    )
    after, events = step(state, Move(0, 0))
    assert where(after, 0) == Space(1, 2, 0)
    assert where(after, 1) == Space(2, 0, 0)
    assert [e.character.value for e in of(events, E.Moved)] == [
        "sonic",
        "tails",
        "sonic",
        "tails",
        "sonic",
    ]


def test_cc_sonic_bird_only_in_his_own_move() -> None:
    """CC-ABILITY-SONIC: pushed by another onto two Boosters, Sonic gets no bird."""
    state = scenario(
        2,
        course=COURSE,
        positions={"tails": (0, 2, 1), "sonic": (1, 0, 1)},
        board={(1, 1, 1): "booster", (1, 2, 1): "booster"},
        active="tails",
    )
    after = apply(state, Move(1, 1))
    assert where(after, 0) == Space(2, 1, 1)  # 3 spaces: (1,2,1) then (2,0,1) spikes, (2,1,1)
    assert after.birds == (0, 0)


# ----- springs ---------------------------------------------------------------------------


def test_cc_spring_tails_over_four_obstacles() -> None:
    """CC-ITEM-SPRING, CC-ABILITY-TAILS: 4 ground obstacles, +2 for Tails."""
    state = scenario(
        4,
        course=COURSE,
        positions={"tails": (0, 2, 1), "knuckles": (1, 1, 1), "eggman": (1, 2, 1)},
        board={(1, 0, 1): "spring", (2, 1, 1): "crabmeat"},
        active="tails",
    )
    after = apply(state, Move(1, 1))
    assert where(after, 1) == Space(2, 2, 1)
    assert after.birds == (0, 2, 0, 0)
    assert dmg(after) == (0, 0, 0, 0)


def test_cc_spring_tails_over_three_obstacles() -> None:
    """CC-ABILITY-TAILS: 3 obstacles, +1."""
    state = scenario(
        4,
        course=COURSE,
        positions={"tails": (0, 2, 1), "knuckles": (1, 1, 1), "eggman": (1, 2, 1)},
        board={(1, 0, 1): "spring"},
        active="tails",
    )
    after = apply(state, Move(1, 1))
    assert where(after, 1) == Space(2, 1, 1)
    assert after.birds == (0, 1, 0, 0)


def test_cc_spring_lands_on_buzz_bomber() -> None:
    """CC-ITEM-SPRING, CC-BUZZ-BOMBER: the jump cannot pass a Buzz Bomber: hurt, it ends."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (0, 0, 2)},
        board={(0, 1, 2): "spring", (0, 2, 2): "crabmeat"},
    )
    after = apply(state, Move(0, 2))
    assert where(after, 0) == Space(1, 0, 2) and dmg(after) == (1, 0)


def test_cc_spring_lands_on_booster() -> None:
    """CC-ITEM-SPRING: landing on a Booster boosts."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 0, 0), "tails": (1, 2, 0)},
        board={(1, 1, 0): "spring", (2, 0, 0): "booster"},
    )
    after = apply(state, Move(0, 0))
    assert where(after, 0) == Space(2, 2, 0) and dmg(after) == (1, 0)  # boosted onto spikes


def test_cc_spring_jump_leaves_the_newest_tile() -> None:
    """CC-ITEM-SPRING, CC-TILE-LAY: the jump goes on onto the laid tile."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (2, 0, 0), "tails": (2, 2, 0)},
        board={(2, 1, 0): "spring"},
        damage={"tails": 0},
    )
    paused = apply(state, Move(0, 0))
    assert paused.phase is Phase.LAY_TILE
    after = apply(paused, LayTile(0, tile_index(state, "spike-run"), False))
    # spike-run row 0 lane 0 is spikes: jumped too; lands on (3,1,0).
    assert where(after, 0) == Space(3, 1, 0)
    assert dmg(after) == (0, 0) and after.birds == (1, 0)


# ----- damage ----------------------------------------------------------------------------


def test_cc_damage_cap_items_too() -> None:
    """CC-DAMAGE-CAP: at 2 damage nothing more, a Bomb neither; Rings are kept."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 0, 0), "tails": (1, 1, 0)},
        damage={"tails": 2},
        rings={"tails": 1},
        items={"sonic": ["bomb"]},
    )
    after = apply(state, UseBomb(0, 1))
    assert dmg(after) == (1, 2)
    assert after.characters[1].rings == 1


def test_cc_eggman_counts_each_character_once() -> None:
    """CC-ABILITY-EGGMAN: 2 hazard damage in Eggman's turn, per character, Eggman too."""
    state = scenario(
        4,
        course=COURSE,
        positions={"eggman": (1, 1, 1), "sonic": (1, 2, 1)},
        board={(2, 1, 1): "crabmeat"},
        active="eggman",
    )
    after = apply(state, Move(3, 1))  # Sonic pushed onto spikes (2,0,1)
    assert dmg(after)[0] == 1
    after = apply(after, Move(3, 1))  # Sonic pushed onto the Crabmeat (2,1,1)
    assert dmg(after)[0] == 2
    assert after.birds == (0, 0, 0, 1)
    # Eggman himself hurt twice with a fix between: counts too.
    own = scenario(
        4,
        course=COURSE,
        positions={"eggman": (1, 2, 1)},
        board={(2, 1, 1): "crabmeat"},
        active="eggman",
    )
    own = apply(own, Move(3, 1))
    own = apply(own, Fix(3))
    own = apply(own, Move(3, 1))
    assert dmg(own)[3] == 1
    assert own.birds == (0, 0, 0, 1)


def test_cc_eggman_motobug_does_not_count() -> None:
    """CC-ABILITY-EGGMAN: Motobug damage does not count."""
    state = scenario(
        4,
        course=COURSE,
        positions={"eggman": (1, 0, 1), "sonic": (1, 2, 1)},
        items={"eggman": ["motobug"]},
        active="eggman",
        damage={"sonic": 1},
    )
    after = apply(state, UseMotobug(3))
    assert dmg(after)[0] == 2 and after.birds == (0, 0, 0, 0)


# ----- items -----------------------------------------------------------------------------


def test_cc_motobug_around_a_corner_stopped_by_crabmeat() -> None:
    """CC-ITEM-MOTOBUG: along the lane around a corner, nearest first, Crabmeat stops it."""
    state = scenario(
        4,
        course=["start-line", "star-buzz", "corner-hive", "spike-run"],
        positions={
            "sonic": (1, 0, 0),
            "tails": (2, 1, 0),
            "knuckles": (3, 1, 0),
            "eggman": (3, 2, 1),
        },
        board={(3, 2, 0): "crabmeat"},
        items={"sonic": ["motobug"]},
    )
    after, events = step(state, UseMotobug(0))
    assert [e.character.value for e in of(events, E.TookDamage)] == ["tails", "knuckles"]
    assert dmg(after) == (0, 1, 1, 0)
    assert not after.board


def test_cc_bumper_onto_a_booster_boosts_forward() -> None:
    """CC-ITEM-BUMPER: the landing resolves; a Booster carries the character forward."""
    state = scenario(
        2,
        course=COURSE,
        positions={"tails": (1, 2, 0)},
        board={(1, 0, 0): "booster"},
        items={"sonic": ["bumper"]},
    )
    after = apply(state, UseBumper(0, 1))
    assert where(after, 1) == Space(1, 2, 0)  # back 2 onto the Booster, forward 2 again


def test_cc_bumper_never_off_the_back() -> None:
    """CC-ITEM-BUMPER: as far back as possible, then it stops."""
    state = scenario(2, course=COURSE, positions={"tails": (0, 1, 0)}, items={"sonic": ["bumper"]})
    after = apply(state, UseBumper(0, 1))
    assert where(after, 1) == Space(0, 0, 0)
    state = scenario(2, course=COURSE, positions={"tails": (0, 0, 0)}, items={"sonic": ["bumper"]})
    after = apply(state, UseBumper(0, 1))
    assert where(after, 1) == Space(0, 0, 0)
    assert ItemKind.BUMPER not in after.characters[0].items


def test_cc_bumper_over_buzz_bomber_stops_there() -> None:
    """CC-ITEM-BUMPER, CC-BUZZ-BOMBER: bounced over a Buzz Bomber: hurt, stops on it."""
    state = scenario(2, course=COURSE, positions={"tails": (1, 1, 2)}, items={"sonic": ["bumper"]})
    after = apply(state, UseBumper(0, 1))
    assert where(after, 1) == Space(1, 0, 2) and dmg(after) == (0, 1)
    state = scenario(2, course=COURSE, positions={"tails": (1, 2, 2)}, items={"sonic": ["bumper"]})
    after = apply(state, UseBumper(0, 1))
    assert where(after, 1) == Space(1, 0, 2) and dmg(after) == (0, 1)


def test_cc_ring_loss_no_tile_behind_discards() -> None:
    """CC-RING-LOSS: no tile behind: the Rings are discarded."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (0, 0, 0), "tails": (0, 2, 0)},
        rings={"tails": 2},
        items={"sonic": ["motobug"]},
    )
    after = apply(state, UseMotobug(0))
    assert after.characters[1].rings == 0 and after.phase is Phase.ACTIONS
    assert not after.board
    assert after.discard[ItemKind.RING.index] == 2


# ----- placement draw --------------------------------------------------------------------


def test_cc_placement_ties_at_the_back_share_the_higher_place() -> None:
    """CC-PLACEMENT: characters tied for last share the higher (middle) place: 2 draws."""
    state = scenario(
        3, course=COURSE, positions={"sonic": (1, 0, 0), "tails": (0, 1, 0), "knuckles": (0, 1, 2)}
    )
    assert draw_count(state, 0) == 1
    assert draw_count(state, 1) == 2
    assert draw_count(state, 2) == 2
    # Off the track: behind everyone, tied with each other.
    state = scenario(4, course=COURSE, positions={"sonic": (0, 0, 0)})
    assert draw_count(state, 0) == 1
    assert [draw_count(state, n) for n in (1, 2, 3)] == [2, 2, 2]
    # 2 characters on the same row: both first.
    state = scenario(2, course=COURSE, positions={"sonic": (0, 0, 0), "tails": (0, 0, 2)})
    assert draw_count(state, 0) == draw_count(state, 1) == 1


def test_cc_end_turn_passes_on() -> None:
    """CC-TURN-ORDER sanity for the new file."""
    state = scenario(2, course=COURSE, positions={"sonic": (0, 0, 0)}, actions_left=0)
    assert EndTurn(0) in legal_actions(state)


def test_cc_bumper_bounced_character_has_left_its_space() -> None:
    """CC-ITEM-BUMPER, CC-PROJ-BUMPER-PUSH: a bounced character is in the air.

    Bounced onto Knuckles, Tails pushes him forward onto a Booster that carries him
    through the space Tails left: Tails is no longer there, so he is neither pushed
    nor hurt by the spikes beyond it.
    """
    state = scenario(
        4,
        course=COURSE,
        positions={"tails": (1, 2, 1), "knuckles": (1, 0, 1)},
        board={(1, 1, 1): "booster"},
        items={"sonic": ["bumper"]},
    )
    after, events = step(state, UseBumper(0, 1))
    assert where(after, 1) == Space(1, 0, 1)
    assert where(after, 2) == Space(2, 0, 1)  # (1,1,1) booster -> (1,2,1), (2,0,1) spikes
    assert dmg(after) == (0, 0, 1, 0)
    assert [e.character.value for e in of(events, E.Moved)] == [
        "knuckles",
        "knuckles",
        "knuckles",
        "tails",
    ]


def test_cc_bumper_tile_laid_while_the_bounced_character_is_in_the_air() -> None:
    """CC-ITEM-BUMPER, CC-TILE-LAY, CC-ONE-PER-SPACE: the pushed Knuckles boosts through
    the space Tails left and off the newest tile; the paused state is valid (JSON round
    trip), and after the lay Tails lands on the spikes he was bounced onto."""
    state = scenario(
        4,
        course=COURSE,
        positions={"tails": (2, 2, 1), "knuckles": (2, 0, 1)},
        board={(2, 1, 1): "booster"},
        items={"sonic": ["bumper"]},
    )
    paused = apply(state, UseBumper(0, 1))
    assert paused.phase is Phase.LAY_TILE and paused.to_act == 0
    assert where(paused, 2) == Space(2, 2, 1)
    assert from_json(to_json(paused)) == paused
    after = apply(paused, LayTile(0, tile_index(state, "arrows-wide"), False))
    assert where(after, 1) == Space(2, 0, 1) and where(after, 2) == Space(3, 0, 1)
    assert dmg(after) == (0, 1, 0, 0)
    assert after.birds == (0, 0, 1, 0)
    assert after.phase is Phase.ACTIONS and after.to_act == 0


def _mega_jump_catalogue() -> Any:
    plain = {"kind": "straight", "turn": "straight", "rows": ["...", "...", "..."]}
    left = {"kind": "corner", "turn": "left", "rows": ["...", "...", "..."]}
    tiles = [
        {"id": "line", "kind": "start-line", "turn": "straight", "rows": ["...", "...", "..."]},
        {"id": "star", "kind": "start", "turn": "straight", "rows": ["..B", "<..", "..."]},
        {**left, "id": "c1"},
        {**left, "id": "c2"},
        {**left, "id": "c3"},
        {**plain, "id": "p"},
    ]
    shortcuts = [{"id": "tunnel", "kind": "tunnel"}]
    return load_tiles(json.dumps({"tiles": tiles, "shortcuts": shortcuts}))


def test_cc_mega_jump_push_across_and_bumper_back() -> None:
    """CC-MEGA-JUMP: pushed across the gap onto the facing row; bounced back across it."""
    state = scenario(
        2,
        tiles=_mega_jump_catalogue(),
        course=["line", "star", "c1", "c2", "c3", "p"],
        positions={"sonic": (4, 1, 1), "tails": (4, 2, 1)},
        items={"sonic": ["bumper"]},
    )
    assert (state.course[5].x, state.course[5].y) == (1, 1)  # across the star tile's side
    pushed = apply(state, Move(0, 1))
    assert where(pushed, 0) == Space(4, 2, 1) and where(pushed, 1) == Space(5, 0, 1)
    bounced = apply(pushed, UseBumper(0, 1))
    assert where(bounced, 1) == Space(4, 1, 1)  # over Sonic, back across the gap
    assert where(bounced, 0) == Space(4, 2, 1)


def test_cc_spring_lands_on_a_spring_and_jumps_again() -> None:
    """CC-ITEM-SPRING: landing on a Spring with an obstacle ahead launches again."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (0, 2, 0), "tails": (1, 1, 0)},
        board={(1, 0, 0): "spring", (1, 2, 0): "spring", (2, 0, 0): "crabmeat"},
    )
    after = apply(state, Move(0, 0))
    assert where(after, 0) == Space(2, 1, 0) and dmg(after) == (0, 0)


def test_cc_bomb_discards_ring_stacks_and_rings_drop_nowhere_when_the_tile_behind_is_full() -> None:
    """CC-ITEM-BOMB, CC-RING-LOSS: a ring stack on the bombed tile is discarded too; a
    bombed character whose tile behind has no empty space loses its Rings to the discard."""
    full = {(1, r, lane): "booster" for r in range(3) for lane in range(3) if (r, lane) != (0, 2)}
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (0, 0, 0), "tails": (2, 1, 0)},
        board={**full, (2, 2, 1): "rings:2"},
        rings={"tails": 1},
        items={"sonic": ["bomb"]},
    )
    after = apply(state, UseBomb(0, 2))
    assert dmg(after) == (0, 1)
    assert after.characters[1].rings == 0
    assert not any(item.space.tile == 2 for item in after.board)
    assert after.discard[ItemKind.RING.index] == 3
    assert after.phase is Phase.ACTIONS


def test_cc_proj_sonic_chain_each_combo_counts() -> None:
    """CC-PROJ-SONIC-CHAIN: three Boosters in a row within one Move are two combos: 2 birds."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (0, 1, 0)},
        board={(0, 2, 0): "booster", (1, 0, 0): "booster", (1, 1, 0): "booster"},
    )
    after = apply(state, Move(0, 0))
    # (0,2,0) boost -> (1,0,0) boost -> (1,1,0) boost -> (1,2,0), (2,0,0).
    assert where(after, 0) == Space(2, 0, 0)
    assert after.birds == (2, 0)


def test_cc_damage_cap_during_a_boost() -> None:
    """CC-DAMAGE-CAP, CC-ITEM-BOOSTER: at 2 damage a pushed character boosts over spikes
    unhurt, and a Crabmeat still ends its boost without hurting it."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 0, 1), "tails": (1, 1, 1)},
        damage={"tails": 2},
        board={(1, 2, 1): "booster", (2, 1, 1): "crabmeat"},
    )
    after, events = step(state, Move(0, 1))
    # Tails: (1,2,1) booster -> (2,0,1) spikes -> (2,1,1) Crabmeat: stops there.
    assert where(after, 1) == Space(2, 1, 1) and dmg(after) == (0, 2)
    assert not of(events, E.TookDamage)


def test_cc_eggman_bumper_over_buzz_bomber_counts() -> None:
    """CC-ABILITY-EGGMAN: a Buzz Bomber met by a Bumper bounce and a Crabmeat met by a
    push add up to 2 hazard damage for Knuckles in Eggman's turn: +1 for Eggman."""
    state = scenario(
        4,
        course=COURSE,
        positions={"eggman": (0, 1, 2), "knuckles": (1, 1, 2)},
        items={"eggman": ["bumper", "crabmeat"]},
        active="eggman",
    )
    state = apply(state, UseBumper(3, 2))  # onto the Buzz Bomber (1,0,2): hurt
    assert where(state, 2) == Space(1, 0, 2) and dmg(state)[2] == 1
    assert state.birds == (0, 0, 0, 0)
    state = apply(state, PlaceItem(3, ItemKind.CRABMEAT, Space(1, 1, 2)))
    state = apply(state, Move(3, 2))
    state = apply(state, Move(3, 2))  # pushes Knuckles onto the Crabmeat
    assert where(state, 3) == Space(1, 0, 2) and where(state, 2) == Space(1, 1, 2)
    assert dmg(state) == (0, 0, 2, 0)
    assert state.birds == (0, 0, 0, 1)


def test_cc_finish_by_a_push() -> None:
    """CC-FINISH: a pushed character whose player holds the birds crosses and wins."""
    state = scenario(
        2, course=COURSE, positions={"sonic": (2, 1, 1), "tails": (2, 2, 1)}, birds=[0, 10]
    )
    after = apply(state, Move(0, 1))
    assert after.is_over and after.winners == (1,)
    short = scenario(
        2, course=COURSE, positions={"sonic": (2, 1, 1), "tails": (2, 2, 1)}, birds=[0, 9]
    )
    assert apply(short, Move(0, 1)).phase is Phase.LAY_TILE
