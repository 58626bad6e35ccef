"""Set-up, the turn, placement and the item draw."""

from __future__ import annotations

import attrs
import pytest

from sonic_rules import CHANCE, IllegalActionError, InvalidStateError
from sonic_rules.crash_course import (
    RULES,
    Character,
    DiscardToDraw,
    DrawItem,
    DrawItems,
    EndTurn,
    Fix,
    ItemKind,
    KeepItem,
    Move,
    Options,
    Phase,
    SkipDraw,
    Space,
    apply,
    default_catalogue,
    legal_actions,
    new_game,
    setup_position,
    step,
)
from sonic_rules.crash_course.placement import draw_count
from sonic_rules.crash_course.state import TOTAL_ITEMS

COURSE = ["start-line", "star-buzz", "arrows-spikes"]


def test_rule_book_is_complete_and_sourced() -> None:
    """Every rule has a title, plain text and a known source."""
    assert len(RULES) >= 80
    for rule in RULES:
        assert rule.id.startswith("CC-") and rule.title and rule.text
        assert rule.source in {"rulebook", "ruling", "project", "option"}
    assert {r.source for r in RULES if r.id.startswith("CC-OPT-")} == {"option"}
    assert {r.source for r in RULES if r.id.startswith("CC-PROJ-")} == {"project"}


def test_cc_components_counted_in_a_new_game() -> None:
    """CC-COMPONENTS: 60 items, 24 birds, 12 damage, 4 Power-Ups, 7 + 3 tiles."""
    state = new_game(4)
    assert state.item_total() == TOTAL_ITEMS
    assert state.bird_supply == 24 and state.damage_supply == 12 and state.power_up_supply == 4
    catalogue = default_catalogue()
    assert len(catalogue.tiles) == 7 and len(catalogue.shortcuts) == 3


def test_cc_setup_start_tiles_and_characters_off_track() -> None:
    """CC-SETUP: the starting line, then the star tile with a Buzz Bomber in the right lane."""
    state = new_game(3)
    tiles = [state.catalogue.tiles[p.tile] for p in state.course]
    assert [t.kind for t in tiles] == ["start-line", "start"]
    assert not any(f in "".join(tiles[0].rows) for f in "^B<>")
    assert any(row[2] == "B" for row in tiles[1].rows)
    assert all(c.position is None for c in state.characters)
    assert len(state.tile_pile) == 5


def test_cc_proj_first_player_and_turn_order() -> None:
    """CC-PROJ-FIRST-PLAYER, CC-TURN-ORDER: seat 0 starts, then seat 1."""
    state = new_game(3)
    assert state.phase is Phase.DRAWING and state.to_act is CHANCE and state.active == 0
    state = setup_position(3, active="sonic", actions_left=0)
    state = apply(state, EndTurn(0))
    assert state.active == 1 and state.characters[1].owner == 1


def test_cc_proj_characters_option() -> None:
    """CC-PROJ-CHARACTERS: default order, or Options.characters; a bad roster is refused."""
    assert [c.name for c in new_game(2).characters] == [Character.SONIC, Character.TAILS]
    chosen = Options(characters=(Character.EGGMAN, Character.KNUCKLES))
    assert new_game(2, options=chosen).characters[0].name is Character.EGGMAN
    with pytest.raises(InvalidStateError):
        new_game(2, options=Options(characters=(Character.SONIC, Character.SONIC)))
    with pytest.raises(InvalidStateError):
        new_game(5)


def test_cc_turn_actions_exactly_three_then_end() -> None:
    """CC-TURN-ACTIONS, CC-PROJ-END-TURN: three actions, then only ending the turn."""
    state = setup_position(2, active="sonic")
    with pytest.raises(IllegalActionError) as error:
        apply(state, EndTurn(0))
    assert error.value.rule == "CC-TURN-ACTIONS"
    for lane in (1, 1, 1):
        state = apply(state, Move(0, lane))
    assert state.actions_left == 0
    assert legal_actions(state) == [EndTurn(0)]
    with pytest.raises(IllegalActionError) as error:
        apply(state, Move(0, 1))
    assert error.value.rule == "CC-TURN-ACTIONS"


def test_cc_fix_damage_and_fix_before_move() -> None:
    """CC-FIX-DAMAGE, CC-FIX-BEFORE-MOVE: a damaged character fixes before moving."""
    state = setup_position(2, positions={"sonic": (1, 0, 0)}, damage={"sonic": 2})
    assert not any(isinstance(a, Move) for a in legal_actions(state))
    with pytest.raises(IllegalActionError) as error:
        apply(state, Move(0, 0))
    assert error.value.rule == "CC-FIX-BEFORE-MOVE"
    state = apply(apply(state, Fix(0)), Fix(0))
    assert state.characters[0].damage == 0 and state.actions_left == 1
    assert Move(0, 0) in legal_actions(state)
    with pytest.raises(IllegalActionError) as error:
        apply(state, Fix(0))
    assert error.value.rule == "CC-FIX-DAMAGE"


def test_cc_first_entry_any_of_three_spaces() -> None:
    """CC-FIRST-ENTRY: off the track, enter any lane of the first tile's entry row."""
    state = setup_position(2)
    assert [a for a in legal_actions(state) if isinstance(a, Move)] == [
        Move(0, 0),
        Move(0, 1),
        Move(0, 2),
    ]
    for lane in range(3):
        assert apply(state, Move(0, lane)).characters[0].position == Space(0, 0, lane)


def test_cc_proj_wrong_seat_and_phase() -> None:
    """CC-PROJ-WRONG-SEAT, CC-PROJ-PHASE: the wrong seat or the wrong phase is refused."""
    state = setup_position(2)
    with pytest.raises(IllegalActionError) as error:
        apply(state, Move(1, 0))
    assert error.value.rule == "CC-PROJ-WRONG-SEAT"
    with pytest.raises(IllegalActionError) as error:
        apply(state, SkipDraw(0))
    assert error.value.rule == "CC-PROJ-PHASE"


def test_cc_placement_and_draw_counts() -> None:
    """CC-PLACEMENT, CC-DRAW: first 1, last 3, between 2; ties share; all tied all first."""
    state = setup_position(
        4, course=COURSE, positions={"sonic": (2, 0, 0), "tails": (1, 2, 0), "knuckles": (1, 2, 1)}
    )
    assert draw_count(state, 0) == 1
    assert draw_count(state, 1) == draw_count(state, 2) == 2  # tied, sharing the higher place
    assert draw_count(state, 3) == 3  # off the track: behind everyone
    assert all(draw_count(new_game(4), n) == 1 for n in range(4))


def _drawing(state, count: int):
    return attrs.evolve(state, draws_left=count, phase=Phase.DRAWING)


def test_cc_draw_rings_and_unkept_items_return() -> None:
    """CC-DRAW-RINGS, CC-DRAW-RETURN: Rings kept besides; unkept items back into the pile."""
    state = _drawing(setup_position(2, positions={"sonic": (0, 0, 0), "tails": (1, 0, 0)}), 3)
    pile_before = state.pile
    for kind in (ItemKind.RING, ItemKind.BOOSTER, ItemKind.SPRING):
        state = apply(state, DrawItem(0, kind))
    assert state.phase is Phase.KEEP_CHOICE
    assert legal_actions(state) == [KeepItem(0, ItemKind.SPRING), KeepItem(0, ItemKind.BOOSTER)]
    state = apply(state, KeepItem(0, ItemKind.BOOSTER))
    sonic = state.characters[0]
    assert sonic.items == (ItemKind.BOOSTER,) and sonic.rings == 1
    assert state.pile[ItemKind.SPRING.index] == pile_before[ItemKind.SPRING.index]
    assert state.pile[ItemKind.BOOSTER.index] == pile_before[ItemKind.BOOSTER.index] - 1
    assert state.phase is Phase.ACTIONS


def test_cc_hold_limit_and_full_hand_choice() -> None:
    """CC-HOLD-LIMIT, CC-DRAW-FULL-HAND: with 2 items, discard one to draw, or skip."""
    state = setup_position(2, items={"tails": ["bomb", "spring"]}, actions_left=0)
    state = apply(state, EndTurn(0))
    assert state.phase is Phase.DRAW_CHOICE and state.to_act == 1
    assert legal_actions(state) == [
        DiscardToDraw(1, ItemKind.BOMB),
        DiscardToDraw(1, ItemKind.SPRING),
        SkipDraw(1),
    ]
    skipped = apply(state, SkipDraw(1))
    assert skipped.phase is Phase.ACTIONS and len(skipped.characters[1].items) == 2
    drawing = apply(state, DiscardToDraw(1, ItemKind.BOMB))
    assert drawing.phase is Phase.DRAWING and drawing.characters[1].items == (ItemKind.SPRING,)
    assert drawing.discard[ItemKind.BOMB.index] == 1
    kept = apply(drawing, DrawItem(1, ItemKind.MOTOBUG))
    assert len(kept.characters[1].items) == 2


def test_cc_pile_reshuffle_when_pile_runs_short() -> None:
    """CC-PILE-RESHUFFLE: the discard pile is shuffled into a pile that cannot supply."""
    state = setup_position(2, positions={"sonic": (1, 0, 0)}, actions_left=0)
    pile = list(state.pile)
    discard = [0] * 7
    for kind in ItemKind:
        discard[kind.index], pile[kind.index] = pile[kind.index], 0
    pile[ItemKind.RING.index], discard[ItemKind.RING.index] = 1, discard[ItemKind.RING.index] - 1
    state = attrs.evolve(state, pile=tuple(pile), discard=tuple(discard))
    state, events = step(state, EndTurn(0))  # Tails is last: draws 3, only 1 in the pile
    assert any(type(e).__name__ == "PileReshuffled" for e in events)
    assert sum(state.discard) == 0 and state.draws_left == 3


def test_cc_opt_official_draw_is_an_action_before_moving() -> None:
    """CC-OPT-OFFICIAL-DRAW: no free draw; drawing costs an action, after fixing, before moving."""
    state = new_game(2, options=Options(official_draw=True))
    assert state.phase is Phase.ACTIONS and DrawItems(0) in legal_actions(state)
    drawing = apply(state, DrawItems(0))
    assert drawing.phase is Phase.DRAWING and drawing.actions_left == 2
    moved = apply(state, Move(0, 1))
    assert DrawItems(0) not in legal_actions(moved)
    with pytest.raises(IllegalActionError) as error:
        apply(moved, DrawItems(0))
    assert error.value.rule == "CC-OPT-OFFICIAL-DRAW"
    with pytest.raises(IllegalActionError) as error:
        apply(setup_position(2), DrawItems(0))
    assert error.value.rule == "CC-DRAW"


def test_cc_proj_official_draw_full_hand_must_discard() -> None:
    """CC-PROJ-OFFICIAL-DRAW-FULL-HAND: a spent Draw action with 2 items held is a discard
    and a draw; no SkipDraw wastes it. Not taking the action is how one skips."""
    options = Options(official_draw=True)
    state = setup_position(2, options=options, items={"sonic": ["bomb", "spring"]})
    legal = legal_actions(state)
    assert DrawItems(0) in legal and SkipDraw(0) not in legal
    choice = apply(state, DrawItems(0))
    assert choice.phase is Phase.DRAW_CHOICE and choice.actions_left == 2
    assert legal_actions(choice) == [
        DiscardToDraw(0, ItemKind.BOMB),
        DiscardToDraw(0, ItemKind.SPRING),
    ]
    with pytest.raises(IllegalActionError) as error:
        apply(choice, SkipDraw(0))
    assert error.value.rule == "CC-PROJ-OFFICIAL-DRAW-FULL-HAND"
    drawing = apply(choice, DiscardToDraw(0, ItemKind.SPRING))
    assert drawing.phase is Phase.DRAWING and drawing.characters[0].items == (ItemKind.BOMB,)
    drawn = apply(drawing, DrawItem(0, ItemKind.MOTOBUG))
    assert drawn.phase is Phase.ACTIONS and len(drawn.characters[0].items) == 2
    # Repeatable: with actions left and no move yet, the full hand may draw again.
    assert drawn.actions_left == 2 and DrawItems(0) in legal_actions(drawn)
    # The default draw keeps the choice to skip (CC-DRAW-FULL-HAND).
    plain = apply(
        setup_position(2, items={"tails": ["bomb", "spring"]}, actions_left=0), EndTurn(0)
    )
    assert SkipDraw(1) in legal_actions(plain)
