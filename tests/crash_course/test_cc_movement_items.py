"""Movement, pushes, hazards, items, Rings and Power-Ups, with the rulebook examples."""

from __future__ import annotations

import pytest

from crash_course.cc_scenario_tiles import COURSE, scenario, where
from sonic_rules import IllegalActionError
from sonic_rules.crash_course import (
    DropRings,
    Fix,
    ItemKind,
    LayTile,
    Move,
    Phase,
    PlaceItem,
    PowerUpHeal,
    PowerUpTurn,
    Space,
    UseBomb,
    UseBumper,
    UseMotobug,
    apply,
    legal_actions,
    step,
)
from sonic_rules.crash_course import events as E

# start-line: all plain; star-buzz: "*.B", "<..", "..."; arrows-spikes: ".^.", "..>", "^.."


def test_cc_move_forward_same_lane_or_diagonal() -> None:
    """CC-MOVE-FORWARD: ahead or diagonally; never two lanes over."""
    state = scenario(2, course=COURSE, positions={"sonic": (0, 1, 0)})
    moves = [a for a in legal_actions(state) if isinstance(a, Move)]
    assert moves == [Move(0, 0), Move(0, 1)]
    assert where(apply(state, Move(0, 1)), 0) == Space(0, 2, 1)
    with pytest.raises(IllegalActionError) as error:
        apply(state, Move(0, 2))
    assert error.value.rule == "CC-MOVE-FORWARD"


def test_cc_push_and_push_chain_rulebook_example() -> None:
    """CC-PUSH, CC-PUSH-CHAIN, CC-ONE-PER-SPACE: Sonic -> Knuckles -> Eggman -> Booster."""
    state = scenario(
        4,
        course=COURSE,
        positions={"sonic": (1, 0, 0), "knuckles": (1, 1, 0), "eggman": (1, 2, 0)},
        board={(2, 0, 0): "booster"},
    )
    state = apply(state, Move(0, 0))
    assert where(state, 0) == Space(1, 1, 0)
    assert where(state, 2) == Space(1, 2, 0)
    # Eggman was pushed onto the Booster and went 2 on, onto spikes.
    assert where(state, 3) == Space(2, 2, 0) and state.characters[3].damage == 1
    # Sonic moves again: Knuckles is pushed onto the Booster, boosts into Eggman,
    # who is pushed off the newest tile: Sonic (the active player) lays the next tile.
    state = apply(state, Move(0, 0))
    assert state.phase is Phase.LAY_TILE and state.to_act == 0
    state, events = step(state, LayTile(0, 3, False))
    assert where(state, 3) == Space(3, 0, 0) and state.birds[3] == 1
    assert where(state, 2) == Space(2, 2, 0) and where(state, 0) == Space(1, 2, 0)
    positions = [c.position for c in state.characters if c.position is not None]
    assert len(positions) == len(set(positions))
    assert any(isinstance(e, E.BirdGained) for e in events)


def test_cc_rulebook_example_sonic_fixes_then_boosts_onto_spikes() -> None:
    """CC-ITEM-BOOSTER, CC-SPIKES, CC-FIX-BEFORE-MOVE: the Fix Damage example."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 2, 1)},
        damage={"sonic": 1},
        board={(2, 0, 0): "booster"},
    )
    with pytest.raises(IllegalActionError):
        apply(state, Move(0, 0))
    state = apply(state, Fix(0))
    state, events = step(state, Move(0, 0))  # Booster, then 2 on: row 2 left has spikes
    assert where(state, 0) == Space(2, 2, 0)
    assert state.characters[0].damage == 1
    assert [type(e) for e in events].count(E.TookDamage) == 1
    state = apply(state, Fix(0))
    assert state.characters[0].damage == 0 and state.actions_left == 0


def test_cc_item_booster_two_in_a_row_is_three_spaces() -> None:
    """CC-ITEM-BOOSTER: the second Booster restarts the boost: 3 spaces in all."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 0, 1)},
        board={(1, 1, 1): "booster", (1, 2, 1): "booster"},
        active="sonic",
    )
    state = apply(state, Move(0, 1))
    assert where(state, 0) == Space(2, 1, 1)  # 1 + 1 (first boost) + 2 (second) = rows 1..4


def test_cc_ability_sonic_combo_bird() -> None:
    """CC-ABILITY-SONIC: a Booster carrying Sonic onto a second Booster: +1 Flicky Bird."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 0, 1)},
        board={(1, 1, 1): "booster", (1, 2, 1): "booster"},
    )
    assert apply(state, Move(0, 1)).birds[0] == 1
    tails_first = scenario(
        2,
        course=COURSE,
        positions={"tails": (1, 0, 1)},
        board={(1, 1, 1): "booster", (1, 2, 1): "booster"},
        active="tails",
    )
    assert apply(tails_first, Move(1, 1)).birds[1] == 0


def test_cc_spikes_and_damage_cap() -> None:
    """CC-SPIKES, CC-DAMAGE-CAP: spikes hurt; never more than 2 damage."""
    state = scenario(2, course=COURSE, positions={"sonic": (1, 2, 1)})
    state = apply(state, Move(0, 1))
    assert state.characters[0].damage == 1
    capped = scenario(
        2, course=COURSE, positions={"tails": (1, 2, 1), "sonic": (1, 1, 1)}, damage={"tails": 2}
    )
    capped = apply(capped, Move(0, 1))  # pushes Tails onto the spikes
    assert where(capped, 1) == Space(2, 0, 1) and capped.characters[1].damage == 2
    assert capped.damage_supply == 10


def test_cc_buzz_bomber_only_hurts_jumps() -> None:
    """CC-BUZZ-BOMBER: stepping onto it is harmless; a Bumper over it stops there, hurt."""
    state = scenario(2, course=COURSE, positions={"sonic": (1, 1, 1)})
    state = apply(state, Move(0, 2))  # row 2 right is plain; go back to check the bomber
    step_on = scenario(2, course=COURSE, positions={"sonic": (0, 2, 2)})
    step_on = apply(step_on, Move(0, 2))
    assert where(step_on, 0) == Space(1, 0, 2) and step_on.characters[0].damage == 0
    bumped = scenario(2, course=COURSE, positions={"tails": (1, 1, 2)}, items={"sonic": ["bumper"]})
    bumped = apply(bumped, UseBumper(0, 1))
    assert where(bumped, 1) == Space(1, 0, 2) and bumped.characters[1].damage == 1


def test_cc_item_place_empty() -> None:
    """CC-ITEM-PLACE-EMPTY: only on spaces without item, spikes, Buzz Bomber or character."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (0, 0, 0)},
        items={"sonic": ["spring"]},
        board={(0, 1, 0): "booster"},
    )
    spaces = {a.space for a in legal_actions(state) if isinstance(a, PlaceItem)}
    for taken in (Space(0, 0, 0), Space(0, 1, 0), Space(1, 0, 2), Space(2, 0, 1)):
        assert taken not in spaces
        with pytest.raises(IllegalActionError) as error:
            apply(state, PlaceItem(0, ItemKind.SPRING, taken))
        assert error.value.rule == "CC-ITEM-PLACE-EMPTY"
    assert len(spaces) == 27 - 1 - 1 - 1 - 2
    placed = apply(state, PlaceItem(0, ItemKind.SPRING, Space(2, 2, 2)))
    assert placed.characters[0].items == () and placed.actions_left == 3


def test_cc_proj_items_own_turn() -> None:
    """CC-PROJ-ITEMS-OWN-TURN: only the active character uses items, in its actions phase."""
    state = scenario(2, course=COURSE, items={"tails": ["spring"]})
    with pytest.raises(IllegalActionError) as error:
        apply(state, PlaceItem(1, ItemKind.SPRING, Space(2, 2, 2)))
    assert error.value.rule == "CC-PROJ-ITEMS-OWN-TURN"
    with pytest.raises(IllegalActionError) as error:
        apply(state, PlaceItem(0, ItemKind.SPRING, Space(2, 2, 2)))
    assert error.value.rule == "CC-HOLD-LIMIT"
    # Sonic's own turn, but a tile to lay first: no item or Power-Up in between.
    laying = scenario(
        2,
        course=COURSE,
        positions={"sonic": (2, 2, 0)},
        items={"sonic": ["spring", "bomb"]},
        power_ups=["sonic"],
    )
    laying = apply(laying, Move(0, 0))
    assert laying.phase is Phase.LAY_TILE and laying.to_act == 0
    for action in (
        PlaceItem(0, ItemKind.SPRING, Space(1, 1, 1)),
        UseBomb(0, 1),
        PowerUpTurn(0),
    ):
        assert action not in legal_actions(laying)
        with pytest.raises(IllegalActionError) as error:
            apply(laying, action)
        assert error.value.rule == "CC-PROJ-ITEMS-OWN-TURN"


def test_cc_item_motobug_nearest_first_stopped_by_crabmeat() -> None:
    """CC-ITEM-MOTOBUG: characters ahead in the lane hurt; a Crabmeat stops it, both go."""
    state = scenario(
        4,
        course=COURSE,
        positions={
            "sonic": (0, 0, 1),
            "tails": (0, 2, 1),
            "knuckles": (1, 1, 1),
            "eggman": (2, 2, 1),
        },
        items={"sonic": ["motobug"]},
        board={(2, 1, 1): "crabmeat"},
    )
    state, events = step(state, UseMotobug(0))
    hurt = [e.character.value for e in events if isinstance(e, E.TookDamage)]
    assert hurt == ["tails", "knuckles"]
    assert state.characters[3].damage == 0 and state.board == ()
    assert state.discard[ItemKind.MOTOBUG.index] == 1
    assert state.discard[ItemKind.CRABMEAT.index] == 1


def test_cc_proj_motobug_on_track() -> None:
    """CC-PROJ-MOTOBUG-ON-TRACK: a character off the track has no lane for a Motobug."""
    state = scenario(2, items={"sonic": ["motobug"]})
    assert UseMotobug(0) not in legal_actions(state)
    with pytest.raises(IllegalActionError) as error:
        apply(state, UseMotobug(0))
    assert error.value.rule == "CC-PROJ-MOTOBUG-ON-TRACK"


def test_cc_item_bomb_hurts_everyone_on_the_tile_and_clears_items() -> None:
    """CC-ITEM-BOMB: the user too; every item on the tile is discarded."""
    state = scenario(
        3,
        course=COURSE,
        positions={"sonic": (1, 0, 0), "tails": (1, 2, 2), "knuckles": (2, 0, 0)},
        items={"sonic": ["bomb"]},
        board={(1, 1, 1): "spring", (2, 1, 1): "booster"},
    )
    state = apply(state, UseBomb(0, 1))
    assert [c.damage for c in state.characters] == [1, 1, 0]
    assert [item.space for item in state.board] == [Space(2, 1, 1)]


def test_cc_item_bumper_two_back_and_first_row_limit() -> None:
    """CC-ITEM-BUMPER: 2 spaces back skipping what lies between; never behind the first row."""
    state = scenario(
        2,
        course=COURSE,
        positions={"tails": (2, 1, 0), "sonic": (0, 1, 1)},
        items={"sonic": ["bumper", "bumper"]},
        board={(2, 0, 0): "crabmeat"},
    )
    state = apply(state, UseBumper(0, 1))
    assert where(state, 1) == Space(1, 2, 0) and state.characters[1].damage == 0
    state = apply(state, UseBumper(0, 0))
    assert where(state, 0) == Space(0, 0, 1)


def test_cc_proj_bumper_push() -> None:
    """CC-PROJ-BUMPER-PUSH: landing on a character pushes it forward."""
    state = scenario(
        2,
        course=COURSE,
        positions={"tails": (2, 1, 0), "sonic": (1, 2, 0)},
        items={"sonic": ["bumper"]},
    )
    state = apply(state, UseBumper(0, 1))
    assert where(state, 1) == Space(1, 2, 0) and where(state, 0) == Space(2, 0, 0)


def test_cc_item_spring_jumps_ground_obstacles() -> None:
    """CC-ITEM-SPRING: over spikes, Crabmeat and characters to the first free space."""
    state = scenario(
        3,
        course=COURSE,
        positions={"sonic": (1, 1, 0), "tails": (2, 0, 0)},
        board={(1, 2, 0): "spring", (2, 1, 0): "crabmeat"},
    )
    state = apply(state, Move(0, 0))
    # row 2 left holds spikes: Tails, Crabmeat and spikes are jumped; then the next tile.
    assert state.phase is Phase.LAY_TILE
    state = apply(state, LayTile(0, 4, False))  # spike-run: row 0 left has spikes
    assert where(state, 0) == Space(3, 1, 0) and state.characters[0].damage == 0
    plain = scenario(2, course=COURSE, positions={"sonic": (1, 0, 1)}, board={(1, 1, 1): "spring"})
    assert where(apply(plain, Move(0, 1)), 0) == Space(1, 1, 1)


def test_cc_ability_tails_spring_bonus() -> None:
    """CC-ABILITY-TAILS: Tails jumping 4 obstacles gains 2 Flicky Birds."""
    state = scenario(
        3,
        course=COURSE,
        positions={"tails": (1, 1, 0), "sonic": (2, 0, 0)},
        board={(1, 2, 0): "spring", (2, 1, 0): "crabmeat"},
        active="tails",
    )
    state = apply(state, Move(1, 0))
    state = apply(state, LayTile(1, 4, False))
    assert state.birds[1] == 2 + 1  # 4 obstacles (+2); first onto the new tile (+1)


def test_cc_proj_spring_edge() -> None:
    """CC-PROJ-SPRING-EDGE: a Spring on the newest tile's last row does nothing."""
    state = scenario(2, course=COURSE, positions={"sonic": (2, 1, 2)}, board={(2, 2, 2): "spring"})
    state = apply(state, Move(0, 2))
    assert where(state, 0) == Space(2, 2, 2) and state.phase is Phase.ACTIONS


def test_cc_item_crabmeat_hurts_and_ends_boost() -> None:
    """CC-ITEM-CRABMEAT: 1 damage and the boost ends; the Crabmeat stays."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 0, 1)},
        board={(1, 1, 1): "booster", (1, 2, 1): "crabmeat"},
    )
    state = apply(state, Move(0, 1))
    assert where(state, 0) == Space(1, 2, 1) and state.characters[0].damage == 1
    assert any(item.kind is ItemKind.CRABMEAT for item in state.board)


def test_cc_ring_loss_drop_choice_and_timing() -> None:
    """CC-RING-LOSS, CC-PROJ-RING-DROP-TIMING: item damage drops Rings behind; the owner chooses."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (2, 0, 1), "tails": (2, 2, 1)},
        rings={"tails": 2},
        items={"sonic": ["motobug"]},
    )
    state = apply(state, UseMotobug(0))
    assert state.phase is Phase.RING_DROP and state.to_act == 1
    assert state.characters[1].rings == 0 and state.pending[0].rings == 2
    drops = legal_actions(state)
    assert all(isinstance(a, DropRings) and a.space.tile == 1 for a in drops)
    assert Space(1, 0, 2) not in {a.space for a in drops}  # the Buzz Bomber space
    state = apply(state, DropRings(1, Space(1, 1, 1)))
    assert state.phase is Phase.ACTIONS and state.to_act == 0
    assert state.board[0].count == 2


def test_cc_proj_ring_drop_timing_behind_the_final_space() -> None:
    """CC-PROJ-RING-DROP-TIMING: "behind" is measured once the action has resolved.

    Sonic's boost pushes Tails onto a Crabmeat (Tails is hurt on tile 1, its Rings leave
    at once), then pushes Tails again onto tile 2: the stack goes on tile 1, the tile
    behind where Tails ends up, not on tile 0.
    """
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (0, 2, 0), "tails": (1, 1, 0)},
        rings={"tails": 2},
        board={(1, 0, 0): "booster", (1, 2, 0): "crabmeat"},
    )
    state, events = step(state, Move(0, 0))
    hurt = [e for e in events if isinstance(e, E.TookDamage) and e.character.value == "tails"]
    assert len(hurt) == 1 and hurt[0].source == "a Crabmeat"
    assert where(state, 1) == Space(2, 0, 0) and where(state, 0) == Space(1, 2, 0)
    assert state.phase is Phase.RING_DROP and state.pending[0].rings == 2
    assert state.characters[1].rings == 0
    drops = {a.space for a in legal_actions(state)}
    assert drops and all(space.tile == 1 for space in drops)
    state = apply(state, DropRings(1, min(drops)))
    assert any(item.kind is ItemKind.RING and item.count == 2 for item in state.board)


def test_cc_proj_no_damage_no_loss_and_power_up_keeps_rings() -> None:
    """CC-PROJ-NO-DAMAGE-NO-LOSS: a character at 2 damage keeps its Rings."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (2, 0, 1), "tails": (2, 2, 1)},
        rings={"tails": 2},
        damage={"tails": 2},
        items={"sonic": ["motobug"]},
    )
    state = apply(state, UseMotobug(0))
    assert state.phase is Phase.ACTIONS and state.characters[1].rings == 2


def test_cc_ring_stack_taken_and_excess_discarded() -> None:
    """CC-RING-STACK, CC-PROJ-RING-STACK-EXCESS, CC-POWER-UP-GAIN, CC-RING-LIMIT."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 0, 1)},
        rings={"sonic": 1},
        board={(1, 1, 1): "rings:3"},
    )
    state = apply(state, Move(0, 1))
    sonic = state.characters[0]
    assert sonic.power_up and sonic.rings == 0 and state.board == ()
    assert state.discard[ItemKind.RING.index] == 4  # 3 traded, 1 over the limit


def test_cc_item_ring_held_apart_from_items() -> None:
    """CC-ITEM-RING: Rings do not count against the 2 items."""
    state = scenario(2, items={"sonic": ["bomb", "spring"]}, rings={"sonic": 2})
    assert len(state.characters[0].items) == 2 and state.characters[0].rings == 2


def test_cc_power_up_heal_and_turn() -> None:
    """CC-POWER-UP-HEAL, CC-POWER-UP-TURN: remove a damage; turn the newest tile round."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (2, 0, 1), "tails": (2, 1, 0)},
        damage={"sonic": 1},
        power_ups=["sonic"],
        board={(2, 2, 2): "spring"},
    )
    healed = apply(state, PowerUpHeal(0))
    assert healed.characters[0].damage == 0 and not healed.characters[0].power_up
    turned = apply(apply(state, Fix(0)), PowerUpTurn(0))  # not while damaged: CC-DAMAGE-FIRST
    assert turned.course[2].reversed and not turned.characters[0].power_up
    assert where(turned, 0) == Space(2, 2, 1) and where(turned, 1) == Space(2, 1, 2)
    assert turned.board[0].space == Space(2, 0, 0)
    with pytest.raises(IllegalActionError) as error:
        apply(turned, PowerUpTurn(0))
    assert error.value.rule == "CC-POWER-UP-GAIN"
