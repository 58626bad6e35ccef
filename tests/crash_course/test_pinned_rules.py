"""Rules pinned by mutation testing (docs/testing.md).

Each test here names the rule it holds exactly: a change to the rules modules that the
per-rule scenarios let through (a mutant mutmut reported as surviving) now fails one of
these. Positions are set up with `setup_position`, as in the other rule tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from crash_course.cc_scenario_tiles import COURSE, scenario, where
from sonic_rules import IllegalActionError, InvalidStateError
from sonic_rules.crash_course import (
    Action,
    DiscardToDraw,
    DrawItem,
    DrawItems,
    DropRings,
    EndTurn,
    Fix,
    ItemKind,
    KeepItem,
    LayShortcutTile,
    Move,
    Options,
    PlaceItem,
    PowerUpHeal,
    SkipDraw,
    Space,
    State,
    UseBomb,
    UseBumper,
    UseMotobug,
    UseShortcut,
    apply,
    chance_outcomes,
    legal_actions,
    observe,
    setup_position,
    step,
    to_json,
)

# Knuckles (seat 2 of 4) on the star tile's right middle-row arrow: two shortcut tiles,
# bent, join it to the next tile's arrow (as in test_cc_shortcut_laying).
FIRST = LayShortcutTile(2, 0, 1, 1, 3, 0)
SECOND = LayShortcutTile(2, 1, 1, 2, 2, 3)


def _knuckles_on_an_arrow() -> State:
    return setup_position(
        4,
        course=["start-line", "star-buzz", "arrows-buzz"],
        positions={"knuckles": (1, 1, 2)},
        active="knuckles",
    )


def _knuckles_off_the_arrows() -> State:
    return setup_position(
        4,
        course=["start-line", "star-buzz", "arrows-buzz"],
        positions={"knuckles": (1, 0, 1)},
        active="knuckles",
    )


def _full_hand_draw() -> State:
    """Tails, holding two items, may discard one to draw (the default draw)."""
    state = setup_position(2, items={"tails": ["bomb", "spring"]}, actions_left=0)
    return apply(state, EndTurn(0))


def _official_full_hand_draw() -> State:
    """Sonic, holding two items, has spent an action on the official draw."""
    options = Options(official_draw=True)
    state = setup_position(2, options=options, items={"sonic": ["bomb", "spring"]})
    return apply(state, DrawItems(0))


def _keep_choice() -> State:
    """Sonic has drawn a Ring, a Booster and a Spring and chooses which item to keep."""
    state = setup_position(
        2, positions={"sonic": (0, 0, 0), "tails": (1, 0, 0)}, phase="drawing", draws_left=3
    )
    for kind in (ItemKind.RING, ItemKind.BOOSTER, ItemKind.SPRING):
        state = apply(state, DrawItem(0, kind))
    return state


def _ring_drop() -> State:
    """Sonic's Motobug has hit Tails, who drops 2 Rings on the tile behind."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (2, 0, 1), "tails": (2, 2, 1)},
        rings={"tails": 2},
        items={"sonic": ["motobug"]},
    )
    return apply(state, UseMotobug(0))


def _on_course(**kwargs: Any) -> State:
    """Sonic on the left lane of the second tile, to act with 3 actions."""
    return setup_position(2, positions={"sonic": (1, 0, 0)}, **kwargs)


def _official(**kwargs: Any) -> State:
    """Sonic on the course, with the official draw."""
    options = Options(official_draw=True)
    return setup_position(2, options=options, positions={"sonic": (1, 0, 0)}, **kwargs)


def _step_rule(message: str) -> tuple[str, str]:
    return ("CC-SHORTCUT-LAY-STEP", message)


REFUSALS: list[tuple[Callable[[], State], Action, str, str]] = [
    (
        _full_hand_draw,
        DiscardToDraw(1, ItemKind.BOOSTER),
        "CC-DRAW-FULL-HAND",
        "no booster held to discard",
    ),
    (
        _official_full_hand_draw,
        SkipDraw(0),
        "CC-PROJ-OFFICIAL-DRAW-FULL-HAND",
        "the action is spent on drawing: discard an item, then draw",
    ),
    (
        lambda: setup_position(2, variant="beginner", positions={"sonic": (1, 1, 0)}),
        UseShortcut(0, Space(2, 1, 0)),
        "CC-BEGINNER-NO-EXTRAS",
        "no shortcuts in the Beginner game",
    ),
    (
        _knuckles_on_an_arrow,
        UseShortcut(2, Space(2, 1, 2)),
        "CC-SHORTCUT-USE",
        "no shortcut joins this space to that one",
    ),
    (
        _knuckles_off_the_arrows,
        FIRST,
        "CC-SHORTCUT-LAY",
        "the active character is not on an arrow space",
    ),
    (
        _knuckles_on_an_arrow,
        attrs.evolve(FIRST, entry=4),
        *_step_rule("a shortcut tile joins two different edges (0..3)"),
    ),
    (
        _knuckles_on_an_arrow,
        attrs.evolve(FIRST, exit=4),
        *_step_rule("a shortcut tile joins two different edges (0..3)"),
    ),
    (
        _knuckles_on_an_arrow,
        attrs.evolve(FIRST, exit=3),
        *_step_rule("a shortcut tile joins two different edges (0..3)"),
    ),
    (
        _knuckles_on_an_arrow,
        attrs.evolve(FIRST, entry=0, exit=1),
        *_step_rule("the path goes on into cell (1, 1), entering by edge 3"),
    ),
    (
        lambda: apply(_knuckles_on_an_arrow(), FIRST),
        attrs.evolve(SECOND, y=3),
        *_step_rule("the path goes on into cell (1, 2), entering by edge 2"),
    ),
    (
        lambda: apply(apply(_knuckles_on_an_arrow(), FIRST), SECOND),
        LayShortcutTile(2, 2, 5, 5, 0, 1),
        *_step_rule("the path has met a track tile: finish it"),
    ),
    (
        _knuckles_on_an_arrow,
        attrs.evolve(FIRST, exit=1),
        *_step_rule("no shortcut to an arrow space further along can be completed this way"),
    ),
    (
        lambda: setup_position(
            2, items={"sonic": ["bumper"]}, positions={"sonic": (1, 0, 0), "tails": (1, 1, 1)}
        ),
        UseBumper(0, 2),
        "CC-ITEM-BUMPER",
        "choose a character on the track",
    ),
    (_keep_choice, KeepItem(0, ItemKind.BOMB), "CC-DRAW", "no bomb was drawn"),
    (_on_course, Fix(0), "CC-FIX-DAMAGE", "there is no damage to fix"),
    (
        lambda: _on_course(damage={"sonic": 1}, options={"damage_bars_only_moves": True}),
        Move(0, 0),
        "CC-FIX-BEFORE-MOVE",
        "fix all damage before moving",
    ),
    (
        lambda: _on_course(variant="beginner", knocked_down=["sonic"]),
        Move(0, 0),
        "CC-PROJ-BEGINNER-KNOCKED",
        "a character lying down cannot move",
    ),
    (_on_course, Move(0, 2), "CC-MOVE-FORWARD", "step ahead or diagonally one lane"),
    (
        lambda: setup_position(2, positions={"sonic": (1, 0, 2)}),
        Move(0, 3),
        "CC-MOVE-FORWARD",
        "step ahead or diagonally one lane",
    ),
    (lambda: setup_position(2), Move(0, 3), "CC-FIRST-ENTRY", "enter one of the three lanes"),
    (_on_course, Move(1, 0), "CC-PROJ-WRONG-SEAT", "seat 0 is to act, not seat 1"),
    (_on_course, EndTurn(0), "CC-TURN-ACTIONS", "3 action(s) still to do"),
    (
        lambda: setup_position(
            2, items={"tails": ["bumper"]}, positions={"sonic": (1, 0, 0), "tails": (1, 1, 1)}
        ),
        UseBumper(1, 0),
        "CC-PROJ-ITEMS-OWN-TURN",
        "items and Power-Ups are used by the active character during its actions",
    ),
    (
        lambda: setup_position(2, variant="beginner", positions={"sonic": (1, 1, 0)}),
        UseBumper(0, 1),
        "CC-BEGINNER-NO-EXTRAS",
        "no items or Power-Ups in the Beginner game",
    ),
    (
        lambda: setup_position(
            2,
            items={"sonic": ["bumper"]},
            damage={"sonic": 1},
            positions={"sonic": (1, 0, 0), "tails": (1, 1, 1)},
        ),
        UseBumper(0, 1),
        "CC-DAMAGE-FIRST",
        "fix all damage before doing anything else this turn",
    ),
    (
        lambda: setup_position(2, positions={"sonic": (1, 0, 0), "tails": (1, 1, 1)}),
        UseBumper(0, 1),
        "CC-HOLD-LIMIT",
        "no bumper held",
    ),
    (
        lambda: setup_position(2, phase="drawing", draws_left=1, positions={"sonic": (1, 0, 0)}),
        DrawItem(1, ItemKind.BOMB),
        "CC-DRAW",
        "seat 1 draws a Bomb is not a possible outcome here",
    ),
    (
        lambda: setup_position(2, positions={"sonic": (1, 0, 0)}),
        DrawItems(0),
        "CC-DRAW",
        "the draw happens at the start of the turn",
    ),
    (
        lambda: apply(_official(), Move(0, 0)),
        DrawItems(0),
        "CC-OPT-OFFICIAL-DRAW",
        "draw after fixing and before moving",
    ),
    (
        lambda: _official(actions_left=0),
        DrawItems(0),
        "CC-OPT-OFFICIAL-DRAW",
        "draw after fixing and before moving",
    ),
    (
        lambda: setup_position(2, positions={"sonic": (1, 0, 0)}, actions_left=0),
        Move(0, 1),
        "CC-TURN-ACTIONS",
        "no actions left this turn",
    ),
    (
        lambda: setup_position(2, items={"sonic": ["bomb"]}, positions={"sonic": (1, 0, 0)}),
        PlaceItem(0, ItemKind.BOMB, Space(1, 2, 2)),
        "CC-ITEM-PLACE-EMPTY",
        "a bomb is not placed on the track",
    ),
    (
        lambda: setup_position(2, items={"sonic": ["spring"]}, positions={"sonic": (1, 0, 0)}),
        PlaceItem(0, ItemKind.SPRING, Space(1, 0, 0)),
        "CC-ITEM-PLACE-EMPTY",
        "tile 1 row 0 left is not an empty space",
    ),
    (
        lambda: setup_position(2, items={"sonic": ["motobug"]}),
        UseMotobug(0),
        "CC-PROJ-MOTOBUG-ON-TRACK",
        "a character off the track has no lane",
    ),
    (
        lambda: setup_position(2, items={"sonic": ["bomb"]}, positions={"sonic": (1, 0, 0)}),
        UseBomb(0, 2),
        "CC-ITEM-BOMB",
        "choose a tile of the course",
    ),
    (
        _ring_drop,
        DropRings(1, Space(1, 0, 2)),
        "CC-RING-LOSS",
        "tile 1 row 0 right is not an empty space of the tile behind",
    ),
    (
        lambda: setup_position(2, positions={"sonic": (1, 0, 0)}),
        PowerUpHeal(0),
        "CC-POWER-UP-GAIN",
        "no Power-Up token held",
    ),
    (
        lambda: setup_position(2, positions={"sonic": (1, 0, 0)}, power_ups=["sonic"]),
        PowerUpHeal(0),
        "CC-POWER-UP-HEAL",
        "there is no damage to remove",
    ),
]


@pytest.mark.parametrize(
    ("make", "action", "rule", "message"),
    REFUSALS,
    ids=[f"{case[2]}-{number}" for number, case in enumerate(REFUSALS)],
)
def test_cc_every_refusal_names_its_rule_and_says_why(
    make: Callable[[], State], action: Action, rule: str, message: str
) -> None:
    """CC-DRAW-FULL-HAND, CC-PROJ-OFFICIAL-DRAW-FULL-HAND, CC-BEGINNER-NO-EXTRAS,
    CC-SHORTCUT-USE, CC-SHORTCUT-LAY, CC-SHORTCUT-LAY-STEP, CC-ITEM-BUMPER,
    CC-POWER-UP-GAIN, CC-POWER-UP-HEAL, CC-DRAW, CC-ITEM-BOMB, CC-RING-LOSS,
    CC-PROJ-ITEMS-OWN-TURN, CC-DAMAGE-FIRST, CC-HOLD-LIMIT, CC-OPT-OFFICIAL-DRAW,
    CC-TURN-ACTIONS, CC-ITEM-PLACE-EMPTY, CC-PROJ-MOTOBUG-ON-TRACK, CC-FIX-DAMAGE,
    CC-FIX-BEFORE-MOVE, CC-PROJ-BEGINNER-KNOCKED, CC-MOVE-FORWARD, CC-FIRST-ENTRY,
    CC-PROJ-WRONG-SEAT: each illegal action is
    refused with its rule's id and a message that says what is wrong (edges 0 to 3
    exactly, the cell the path goes on into), the state unchanged."""
    state = make()
    before = to_json(state)
    with pytest.raises(IllegalActionError) as raised:
        apply(state, action)
    assert (raised.value.rule, str(raised.value)) == (rule, f"[{rule}] {message}")
    assert to_json(state) == before


def test_cc_proj_wrong_seat_legal_actions_of_a_view_are_the_seat_to_acts() -> None:
    """CC-PROJ-WRONG-SEAT: `legal_actions` given the view of the seat to act lists that
    seat's actions; another seat's view has none to list."""
    state = setup_position(2, positions={"sonic": (1, 0, 0)})
    assert legal_actions(observe(state, 0)) == legal_actions(state)
    assert Move(0, 1) in legal_actions(observe(state, 0))
    with pytest.raises(InvalidStateError):
        legal_actions(observe(state, 1))


def test_cc_proj_wrong_seat_anything_but_a_state_is_refused_naming_its_type() -> None:
    """CC-PROJ-WRONG-SEAT: the referee decides from a whole state; anything else is
    refused, naming what it was given."""
    with pytest.raises(InvalidStateError) as raised:
        step("a state", EndTurn(0))  # type: ignore[arg-type]
    assert str(raised.value) == "$: expected a Crash Course State, got str"


def test_cc_draw_each_kind_drawn_in_proportion_to_the_pile() -> None:
    """CC-DRAW: a token is drawn blind from the pile: each kind's chance is its share."""
    state = setup_position(2, phase="drawing", draws_left=1, positions={"sonic": (1, 0, 0)})
    total = sum(state.pile)
    assert chance_outcomes(state) == [
        (DrawItem(0, kind), count / total)
        for kind, count in zip(ItemKind, state.pile, strict=True)
        if count
    ]


@pytest.mark.parametrize("actions_left", [1, 2, 3])
def test_cc_turn_actions_the_last_action_may_still_move_or_draw(actions_left: int) -> None:
    """CC-TURN-ACTIONS, CC-OPT-OFFICIAL-DRAW: while one action is left the character may
    still move, or (official draw) draw; with none left neither."""
    state = _official(actions_left=actions_left)
    assert Move(0, 1) in legal_actions(state) and DrawItems(0) in legal_actions(state)
    spent = _official(actions_left=0)
    assert legal_actions(spent) == [EndTurn(0)]


def test_cc_proj_items_own_turn_every_item_held_is_offered_with_the_moves() -> None:
    """CC-PROJ-ITEMS-OWN-TURN, CC-ITEM-BOMB, CC-ITEM-BUMPER, CC-ITEM-PLACE-EMPTY: the active
    character's moves and each use of every item it holds are all listed."""
    two = {"sonic": (1, 0, 0), "tails": (1, 1, 1)}
    state = setup_position(2, items={"sonic": ["bumper", "bomb"]}, positions=two)
    assert legal_actions(state) == [
        Move(0, 0),
        Move(0, 1),
        UseBomb(0, 0),
        UseBomb(0, 1),
        UseBumper(0, 0),
        UseBumper(0, 1),
    ]
    for held, offered in [
        (["spring", "motobug"], {"Move", "PlaceItem-spring", "UseMotobug"}),
        (["spring", "booster"], {"Move", "PlaceItem-spring", "PlaceItem-booster"}),
        (["motobug", "bomb"], {"Move", "UseMotobug", "UseBomb"}),
    ]:
        legal = legal_actions(setup_position(2, items={"sonic": held}, positions=two))
        kinds = {
            type(a).__name__ + (f"-{a.kind.value}" if isinstance(a, PlaceItem) else "")
            for a in legal
        }
        assert kinds == offered, held


def test_cc_ability_tails_only_tails_gains_for_jumping_obstacles() -> None:
    """CC-ABILITY-TAILS, CC-ITEM-SPRING: Sonic jumping the same four obstacles from a
    Spring lands in the same place but gains nothing; the bonus is Tails's alone."""
    state = scenario(
        4,
        course=COURSE,
        positions={"sonic": (0, 2, 1), "knuckles": (1, 1, 1), "eggman": (1, 2, 1)},
        board={(1, 0, 1): "spring", (2, 1, 1): "crabmeat"},
        active="sonic",
    )
    after = apply(state, Move(0, 1))
    assert where(after, 0) == Space(2, 2, 1)
    assert after.birds == (0, 0, 0, 0)


def test_cc_ring_loss_spikes_are_no_item_so_the_rings_stay() -> None:
    """CC-RING-LOSS, CC-SPIKES: damage from spikes is not damage from an item, so the
    character keeps its Rings and nobody is asked to drop them."""
    state = scenario(
        2, course=COURSE, positions={"sonic": (1, 2, 1), "tails": (0, 0, 0)}, rings={"sonic": 2}
    )
    after = apply(state, Move(0, 1))
    assert where(after, 0) == Space(2, 0, 1)
    assert after.characters[0].damage == 1
    assert after.characters[0].rings == 2 and after.pending == ()
