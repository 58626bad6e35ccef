"""Items, the turn and the draw, pinned by mutation testing (docs/testing.md).

Each test names the rules it holds exactly, down to the events the action reports: a
change to ``items``, ``turn`` or ``placement`` that the per-rule scenarios let through
(a mutant mutmut reported as surviving) fails one of these. Positions are set up with
``setup_position`` on the scenario tiles (``cc_scenario_tiles``).
"""

from __future__ import annotations

from crash_course.cc_scenario_tiles import COURSE, scenario
from sonic_rules.crash_course import (
    DrawItem,
    DropRings,
    EndTurn,
    Fix,
    ItemKind,
    PlaceItem,
    PowerUpHeal,
    PowerUpTurn,
    Space,
    UseBomb,
    UseBumper,
    UseMotobug,
    step,
)
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.state import CharacterName

SONIC = CharacterName.SONIC
TAILS = CharacterName.TAILS
KNUCKLES = CharacterName.KNUCKLES


def test_cc_item_motobug_reports_its_lane_hits_and_the_crabmeat_that_stops_it() -> None:
    """``CC-ITEM-MOTOBUG``: used along its lane, Tails hurt, a Crabmeat stops it
    (Knuckles beyond is spared); the Crabmeat and the Motobug are discarded."""
    state = scenario(
        3,
        course=COURSE,
        positions={"sonic": (1, 0, 1), "tails": (2, 0, 1), "knuckles": (2, 2, 1)},
        items={"sonic": ["motobug"]},
        board={(2, 1, 1): "crabmeat"},
    )
    after, events = step(state, UseMotobug(0))
    assert events == [
        E.ItemUsed(SONIC, ItemKind.MOTOBUG, "its lane"),
        E.TookDamage(TAILS, "a Motobug", 1),
        E.ItemDiscarded(ItemKind.CRABMEAT, 1, "stopped a Motobug"),
        E.ItemDiscarded(ItemKind.MOTOBUG, 1, "used"),
    ]
    assert after.characters[2].damage == 0
    assert after.turn_hazard_damage == (0, 0, 0)


def test_cc_ring_loss_motobug_hit_drops_the_rings_where_chosen() -> None:
    """``CC-ITEM-MOTOBUG``, ``CC-RING-LOSS``: both in the lane are hurt; Tails' 2 Rings
    land on the chosen space of the tile behind, reported with their count and space."""
    state = scenario(
        3,
        course=COURSE,
        positions={"sonic": (1, 0, 1), "tails": (2, 0, 1), "knuckles": (2, 2, 1)},
        rings={"tails": 2},
        items={"sonic": ["motobug"]},
    )
    after, events = step(state, UseMotobug(0))
    assert events == [
        E.ItemUsed(SONIC, ItemKind.MOTOBUG, "its lane"),
        E.TookDamage(TAILS, "a Motobug", 1),
        E.TookDamage(KNUCKLES, "a Motobug", 1),
        E.ItemDiscarded(ItemKind.MOTOBUG, 1, "used"),
    ]
    space = Space(1, 2, 2)
    _, events = step(after, DropRings(1, space))
    assert events == [E.RingsDropped(TAILS, 2, space)]


def test_cc_item_bomb_reports_the_tile_victims_and_the_items_it_clears() -> None:
    """``CC-ITEM-BOMB``: everyone on the tile hurt, every item on it discarded as
    bombed, the Bomb discarded as used; a Bomb is no hazard."""
    state = scenario(
        3,
        course=COURSE,
        positions={"sonic": (1, 0, 1), "tails": (2, 0, 1), "knuckles": (2, 2, 0)},
        items={"sonic": ["bomb"]},
        board={(2, 1, 1): "crabmeat", (2, 0, 2): "spring"},
    )
    after, events = step(state, UseBomb(0, 2))
    assert events == [
        E.ItemUsed(SONIC, ItemKind.BOMB, "tile 2"),
        E.TookDamage(TAILS, "a Bomb", 1),
        E.TookDamage(KNUCKLES, "a Bomb", 1),
        E.ItemDiscarded(ItemKind.SPRING, 1, "bombed"),
        E.ItemDiscarded(ItemKind.CRABMEAT, 1, "bombed"),
        E.ItemDiscarded(ItemKind.BOMB, 1, "used"),
    ]
    assert after.turn_hazard_damage == (0, 0, 0)


def test_cc_item_bumper_reports_its_target_and_the_discard() -> None:
    """``CC-ITEM-BUMPER``, ``CC-PROJ-BUMPER-PUSH``: the Bumper names its target and is
    discarded as used before the bounce lands."""
    state = scenario(
        3,
        course=COURSE,
        positions={"sonic": (2, 2, 1), "tails": (2, 0, 1)},
        items={"sonic": ["bumper"]},
    )
    _, events = step(state, UseBumper(0, 0))
    assert events[:2] == [
        E.ItemUsed(SONIC, ItemKind.BUMPER, "sonic"),
        E.ItemDiscarded(ItemKind.BUMPER, 1, "used"),
    ]


def test_cc_item_place_empty_reports_who_placed_what_where() -> None:
    """``CC-ITEM-PLACE-EMPTY``: the placed item is reported with its kind and space."""
    state = scenario(2, course=COURSE, positions={"sonic": (2, 2, 1)}, items={"sonic": ["spring"]})
    _, events = step(state, PlaceItem(0, ItemKind.SPRING, Space(2, 2, 2)))
    assert events == [E.ItemPlaced(SONIC, ItemKind.SPRING, Space(2, 2, 2))]


def test_cc_power_up_heal_and_cc_fix_damage_report_the_damage_left() -> None:
    """``CC-POWER-UP-HEAL``: the Power-Up is spent to heal; ``CC-FIX-DAMAGE``: an action
    fixes one more; each reports the damage left."""
    state = scenario(
        2, course=COURSE, positions={"sonic": (2, 2, 1)}, power_ups=["sonic"], damage={"sonic": 2}
    )
    after, events = step(state, PowerUpHeal(0))
    assert events == [E.PowerUpSpent(SONIC, "heal"), E.Fixed(SONIC, 1)]
    _, events = step(after, Fix(0))
    assert events == [E.Fixed(SONIC, 0)]


def test_cc_power_up_turn_reports_the_power_up_spent() -> None:
    """``CC-POWER-UP-TURN``: the Power-Up is spent to turn the newest tile."""
    state = scenario(2, course=COURSE, positions={"sonic": (2, 2, 1)}, power_ups=["sonic"])
    _, events = step(state, PowerUpTurn(0))
    assert events == [
        E.PowerUpSpent(SONIC, "turn the newest tile"),
        E.TileTurned("arrows-spikes"),
    ]


def test_cc_power_up_gain_and_cc_ring_limit_in_a_draw() -> None:
    """``CC-TURN-ORDER``, ``CC-DRAW-RINGS``, ``CC-POWER-UP-GAIN``, ``CC-RING-LIMIT``:
    Sonic, last with 2 Rings, draws 3: the first Ring makes 3, traded for a Power-Up; the
    second is over the limit and discarded; the Booster is kept."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 0, 0), "tails": (2, 2, 1)},
        rings={"sonic": 2},
        actions_left=0,
        active="tails",
    )
    state, events = step(state, EndTurn(1))
    assert events == [E.TurnEnded(TAILS, SONIC)]
    drew = []
    for kind in (ItemKind.RING, ItemKind.RING, ItemKind.BOOSTER):
        state, events = step(state, DrawItem(0, kind))
        drew += events
    assert drew == [
        E.Drew(SONIC, ItemKind.RING),
        E.Drew(SONIC, ItemKind.RING),
        E.Drew(SONIC, ItemKind.BOOSTER),
        E.ItemKept(SONIC, ItemKind.RING),
        E.ItemDiscarded(ItemKind.RING, 3, "traded for a Power-Up"),
        E.PowerUpGained(SONIC),
        E.ItemDiscarded(ItemKind.RING, 1, "ring limit"),
        E.ItemKept(SONIC, ItemKind.BOOSTER),
    ]
    assert state.characters[0].power_up
    assert state.characters[0].rings == 0
