"""Items, the turn and the draw, pinned by mutation testing (docs/testing.md).

Each test names the rules it holds exactly, down to the events the action reports: a
change to ``items``, ``turn`` or ``placement`` that the per-rule scenarios let through
(a mutant mutmut reported as surviving) fails one of these. Positions are set up with
``setup_position`` on the scenario tiles (``cc_scenario_tiles``).
"""

from __future__ import annotations

from crash_course.cc_scenario_tiles import ALL, COURSE, SCENARIO_TILES, scenario
from sonic_rules.crash_course import (
    DealTile,
    DiscardToDraw,
    DrawItem,
    DropRings,
    EndTurn,
    Fix,
    ItemKind,
    KeepItem,
    Move,
    Options,
    Phase,
    PlaceItem,
    PowerUpHeal,
    PowerUpTurn,
    Recover,
    RevealItem,
    SkipDraw,
    Space,
    UseBomb,
    UseBumper,
    UseMotobug,
    legal_actions,
    new_game,
    setup_position,
    step,
)
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.state import Character

SONIC = Character.SONIC
TAILS = Character.TAILS
KNUCKLES = Character.KNUCKLES
EGGMAN = Character.EGGMAN


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


def test_cc_ring_limit_a_power_up_holder_discards_every_ring_drawn() -> None:
    """``CC-RING-LIMIT``, ``CC-DRAW-RINGS``: with a Power-Up held, each of 3 Rings drawn
    is discarded, one by one."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (2, 0, 1), "tails": (2, 2, 1)},
        actions_left=0,
        active="tails",
        power_ups=["sonic"],
    )
    state, _ = step(state, EndTurn(1))
    drew = []
    for _ in range(3):
        state, events = step(state, DrawItem(0, ItemKind.RING))
        drew += events
    assert drew[3:] == [
        E.ItemKept(SONIC, ItemKind.RING),
        *[E.ItemDiscarded(ItemKind.RING, 1, "ring limit")] * 3,
    ]
    assert state.characters[0].rings == 0


def test_cc_proj_beginner_rings_three_is_the_limit() -> None:
    """``CC-PROJ-BEGINNER-RINGS``, ``CC-RING-STACK``: a Beginner character holding 3 Rings
    takes a stack of 1 and discards it (no Power-Up there)."""
    state = scenario(
        2,
        variant="beginner",
        course=ALL,
        positions={"sonic": (1, 2, 0)},
        rings={"sonic": 3},
        board={(2, 0, 0): "rings:1"},
    )
    after, events = step(state, Move(0, 0))
    assert events[1:] == [
        E.RingsTaken(SONIC, 1),
        E.ItemDiscarded(ItemKind.RING, 1, "ring limit"),
    ]
    assert after.characters[0].rings == 3


def test_cc_ability_eggman_the_last_bird_of_the_supply() -> None:
    """``CC-ABILITY-EGGMAN``, ``CC-FLICKY-NEW-TILE``, ``CC-COMPONENTS``: Knuckles' second
    hazard damage of Eggman's turn (a Buzz Bomber met by a Bumper bounce) gains Eggman's
    seat the last bird of the supply."""
    state = scenario(
        4,
        course=COURSE,
        positions={"eggman": (0, 1, 2), "knuckles": (1, 1, 2)},
        items={"eggman": ["bumper"]},
        active="eggman",
        hazard_damage={"knuckles": 1},
        birds=[22, 0, 0, 1],
    )
    after, events = step(state, UseBumper(3, 2))
    assert events[-2:] == [
        E.TookDamage(KNUCKLES, "a Buzz Bomber", 1),
        E.BirdGained(EGGMAN, 3, "Eggman's ability"),
    ]
    assert after.birds == (22, 0, 0, 2)


def test_cc_ring_loss_no_room_behind_the_start_discards_the_rings() -> None:
    """``CC-RING-LOSS``, ``CC-COMPONENTS``: hurt on the start tile, with no tile behind,
    Tails' Rings are reported dropped nowhere and go to the discard pile."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (0, 0, 1), "tails": (0, 2, 1)},
        rings={"tails": 2},
        items={"sonic": ["motobug"]},
    )
    after, events = step(state, UseMotobug(0))
    assert events[-2:] == [
        E.RingsDropped(TAILS, 2, None),
        E.ItemDiscarded(ItemKind.RING, 2, "no room for the ring stack"),
    ]
    assert after.phase is Phase.ACTIONS


def test_cc_beginner_skip_knocked_down_then_recovered_with_a_ring() -> None:
    """``CC-BEGINNER-SKIP``, ``CC-PROJ-BEGINNER-KNOCKED``: spikes knock Sonic down (no
    damage token); he spends his Ring to get up, reported with the Ring discarded."""
    state = scenario(
        3, variant="beginner", course=ALL, positions={"sonic": (1, 2, 1)}, rings={"sonic": 1}
    )
    down, events = step(state, Move(0, 1))
    assert events[1:] == [E.KnockedDown(SONIC, "spikes")]
    assert down.phase is Phase.RECOVERY
    assert legal_actions(down) == [Recover(0, False), Recover(0, True)]
    up, events = step(down, Recover(0, True))
    assert events == [
        E.ItemDiscarded(ItemKind.RING, 1, "spent to get up"),
        E.Recovered(SONIC, True),
    ]
    assert up.phase is Phase.ACTIONS
    assert not up.characters[0].knocked_down and up.characters[0].rings == 0


def test_cc_beginner_skip_a_lying_character_misses_its_turn_in_seat_order() -> None:
    """``CC-BEGINNER-SKIP``, ``CC-TURN-ORDER``: of 3, Tails (next) lies down: he gets up
    without a Ring and misses his turn, which passes on to Knuckles."""
    state = scenario(
        3,
        variant="beginner",
        course=ALL,
        positions={"sonic": (1, 2, 1), "tails": (2, 2, 1), "knuckles": (3, 0, 0)},
        knocked_down=["tails"],
        actions_left=0,
    )
    after, events = step(state, EndTurn(0))
    assert events == [
        E.TurnEnded(SONIC, TAILS),
        E.TurnSkipped(TAILS),
        E.Recovered(TAILS, False),
    ]
    assert after.active == 2
    assert not after.characters[1].knocked_down


def test_cc_beginner_items_the_revealed_token_is_reported_where_it_lay() -> None:
    """``CC-BEGINNER-ITEMS``: the face-down token entered turns up, reported by kind and
    space."""
    state = new_game(2, variant="beginner", tiles=SCENARIO_TILES)
    for tile in range(7):
        state = step(state, DealTile(tile))[0]
    state = step(state, Move(0, 0))[0]
    state = step(state, Move(0, 0))[0]
    assert state.phase is Phase.REVEALING
    _, events = step(state, RevealItem(ItemKind.RING))
    assert events[0] == E.ItemRevealed(ItemKind.RING, Space(0, 1, 0))


def test_cc_proj_beginner_random_track_each_dealt_tile_is_reported_as_laid() -> None:
    """``CC-BEGINNER-SETUP``, ``CC-PROJ-BEGINNER-RANDOM-TRACK``: each dealt tile is laid
    as printed after the one before (never reversed, no Mega Jump), the corner turning
    the last one aside."""
    state = new_game(3, variant="beginner", tiles=SCENARIO_TILES)
    laid = []
    for tile in range(7):
        state, events = step(state, DealTile(tile))
        laid += events
    assert laid == [
        E.TileLaid("start-line", 0, 0, False, False),
        E.TileLaid("star-buzz", 0, 1, False, False),
        E.TileLaid("arrows-spikes", 0, 2, False, False),
        E.TileLaid("arrows-wide", 0, 3, False, False),
        E.TileLaid("spike-run", 0, 4, False, False),
        E.TileLaid("corner-hive", 0, 5, False, False),
        E.TileLaid("corner-spikes", -1, 5, False, False),
    ]
    assert state.phase is Phase.ACTIONS


def test_cc_beginner_finish_reports_the_winning_seat_and_why() -> None:
    """``CC-BEGINNER-FINISH``: the first off the finish tile wins, reported by seat."""
    state = scenario(
        2, variant="beginner", course=ALL, positions={"tails": (6, 2, 1)}, active="tails"
    )
    after, events = step(state, Move(1, 1))
    assert events == [E.Won(1, "first off the finish tile")]
    assert after.winners == (1,)


def test_cc_opt_decision_limit_discards_the_rings_still_owed() -> None:
    """``CC-OPT-DECISION-LIMIT``, ``CC-RING-LOSS``, ``CC-COMPONENTS``: the game ends with
    Tails' Rings held back for a drop; they go to the discard pile."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (2, 0, 1), "tails": (2, 2, 1)},
        rings={"tails": 2},
        items={"sonic": ["motobug"]},
        options=Options(decision_limit=5),
        decisions_made=4,
    )
    after, events = step(state, UseMotobug(0))
    assert events[-2:] == [
        E.ItemDiscarded(ItemKind.RING, 2, "dropped as the game ended"),
        E.DecisionLimitReached(5),
    ]
    assert after.is_over and after.pending == ()
    assert sum(after.discard) == 3


def test_cc_opt_turn_limit_below_the_limit_the_next_turn_begins() -> None:
    """``CC-OPT-TURN-LIMIT``, ``CC-TURN-ORDER``: a turn ending below the limit is counted
    and the next character's turn begins with its draw."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (2, 0, 1), "tails": (2, 2, 1)},
        options=Options(turn_limit=5),
        turns_played=2,
        actions_left=0,
    )
    after, events = step(state, EndTurn(0))
    assert events == [E.TurnEnded(SONIC, TAILS)]
    assert after.active == 1 and after.turns_played == 3
    assert after.phase is Phase.DRAWING and not after.is_over


def test_cc_draw_full_hand_discard_and_skip_are_reported() -> None:
    """``CC-DRAW-FULL-HAND``: a full hand discards an item to draw (reported why) or
    skips the draw (reported as skipped)."""
    state = setup_position(2, items={"tails": ["bomb", "spring"]}, actions_left=0)
    full, _ = step(state, EndTurn(0))
    _, events = step(full, DiscardToDraw(1, ItemKind.BOMB))
    assert events == [E.ItemDiscarded(ItemKind.BOMB, 1, "to make room for the draw")]
    skipped, events = step(full, SkipDraw(1))
    assert events == [E.DrawSkipped(TAILS)]
    assert skipped.phase is Phase.ACTIONS


def test_cc_draw_return_the_tokens_not_kept_are_counted_back() -> None:
    """``CC-DRAW``, ``CC-DRAW-RETURN``: of Booster, Spring, Booster drawn, the Spring is
    kept and the 2 others go back to the pile."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (2, 0, 1), "tails": (2, 2, 1)},
        actions_left=0,
        active="tails",
    )
    state, _ = step(state, EndTurn(1))
    for kind in (ItemKind.BOOSTER, ItemKind.SPRING, ItemKind.BOOSTER):
        state, _ = step(state, DrawItem(0, kind))
    after, events = step(state, KeepItem(0, ItemKind.SPRING))
    assert events == [E.ItemKept(SONIC, ItemKind.SPRING), E.ItemsReturned(2)]
    assert after.characters[0].items == (ItemKind.SPRING,)


_ALL_BUT_SOME = {
    "ring": 10,
    "booster": 10,
    "spring": 10,
    "crabmeat": 10,
    "bomb": 5,
    "bumper": 5,
}


def test_cc_pile_reshuffle_only_when_the_pile_is_short() -> None:
    """``CC-PILE-RESHUFFLE``, ``CC-PLACEMENT``: last of 2, Sonic draws 3; a pile of
    exactly 3 is not reshuffled, a pile of 2 takes the 58 discarded back first."""

    def turn_to_sonic(motobugs_discarded: int) -> tuple[list[E.Event], tuple[int, ...]]:
        state = scenario(
            2,
            course=COURSE,
            positions={"sonic": (2, 0, 1), "tails": (2, 2, 1)},
            actions_left=0,
            active="tails",
            discard={**_ALL_BUT_SOME, "motobug": motobugs_discarded},
        )
        after, events = step(state, EndTurn(1))
        assert after.draws_left == 3
        return events, after.pile

    events, pile = turn_to_sonic(7)
    assert events == [E.TurnEnded(TAILS, SONIC)]
    assert sum(pile) == 3
    events, pile = turn_to_sonic(8)
    assert events == [E.TurnEnded(TAILS, SONIC), E.PileReshuffled(58)]
    assert sum(pile) == 60


def test_cc_proj_beginner_knocked_two_recoveries_are_asked_in_turn() -> None:
    """``CC-PROJ-BEGINNER-KNOCKED``, ``CC-PUSH``: Sonic steps onto spikes, pushing Tails
    onto a Crabmeat; both lie down holding Rings, so Tails (hurt first) is asked, then
    Sonic, the game staying in the recovery phase between the two."""
    state = scenario(
        2,
        variant="beginner",
        course=ALL,
        positions={"sonic": (1, 2, 1), "tails": (2, 0, 1)},
        rings={"sonic": 1, "tails": 2},
        board={(2, 1, 1): "crabmeat"},
    )
    down, events = step(state, Move(0, 1))
    assert [event for event in events if isinstance(event, E.KnockedDown)] == [
        E.KnockedDown(TAILS, "a Crabmeat"),
        E.KnockedDown(SONIC, "spikes"),
    ]
    assert down.phase is Phase.RECOVERY and down.to_act == 1
    tails_up, events = step(down, Recover(1, True))
    assert events == [
        E.ItemDiscarded(ItemKind.RING, 1, "spent to get up"),
        E.Recovered(TAILS, True),
    ]
    assert tails_up.phase is Phase.RECOVERY and tails_up.to_act == 0
    assert legal_actions(tails_up) == [Recover(0, False), Recover(0, True)]
    sonic_down, events = step(tails_up, Recover(0, False))
    assert events == []
    assert sonic_down.phase is Phase.ACTIONS and sonic_down.characters[0].knocked_down
    assert sonic_down.characters[0].rings == 1
