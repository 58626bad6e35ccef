"""Damage first: a damaged character's player may only fix the damage (``CC-DAMAGE-FIRST``),
or, as an option, is only barred from moving (``CC-OPT-DAMAGE-BARS-ONLY-MOVES``)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from crash_course.cc_scenario_tiles import COURSE, scenario
from sonic_rules import CHANCE, IllegalActionError
from sonic_rules.crash_course import (
    DrawItems,
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
    Space,
    State,
    UseBomb,
    UseBumper,
    UseMotobug,
    UseShortcut,
    apply,
    chance_outcomes,
    from_json,
    legal_actions,
    load_tiles,
    new_game,
    to_json,
)

ONLY_MOVES = Options(damage_bars_only_moves=True)

# Each free action a damaged Sonic might take, with the item it needs (Power-Up: none).
FREE_ACTIONS: list[tuple[Any, str | None]] = [
    (PlaceItem(0, ItemKind.SPRING, Space(2, 1, 0)), "spring"),
    (UseMotobug(0), "motobug"),
    (UseBomb(0, 1), "bomb"),
    (UseBumper(0, 1), "bumper"),
    (PowerUpTurn(0), None),
]


def _damaged(
    item: str | None, options: Options | dict[str, bool] | None = None, **kwargs: Any
) -> State:
    """Sonic on the third tile with 1 damage, the item held and his Power-Up."""
    kwargs.setdefault("positions", {"sonic": (2, 0, 1), "tails": (1, 2, 1)})
    return scenario(
        2,
        course=COURSE,
        damage={"sonic": 1},
        items={"sonic": [item]} if item else None,
        power_ups=["sonic"],
        options=options,
        **kwargs,
    )


def _refused(state: State, action: Any, rule: str) -> None:
    """``action`` is refused naming ``rule``, is not listed, and leaves ``state`` as it was."""
    before = to_json(state)
    with pytest.raises(IllegalActionError) as error:
        apply(state, action)
    assert error.value.rule == rule
    assert action not in legal_actions(state)
    assert to_json(state) == before


@pytest.mark.parametrize(("action", "item"), FREE_ACTIONS)
def test_cc_damage_first_bars_items_and_power_up_turn(action: Any, item: str | None) -> None:
    """CC-DAMAGE-FIRST: with damage on, only Fix and a Power-Up spent on the damage."""
    state = _damaged(item)
    _refused(state, action, "CC-DAMAGE-FIRST")
    assert legal_actions(state) == [Fix(0), PowerUpHeal(0)]
    fixed = apply(state, Fix(0))
    assert action in legal_actions(fixed)
    healed = apply(state, PowerUpHeal(0))  # free: the actions are all still there
    assert healed.actions_left == 3 and healed.characters[0].damage == 0
    assert legal_actions(healed)[:1] == [Move(0, 0)]
    if item is not None:
        assert action in legal_actions(healed)


@pytest.mark.parametrize(("action", "item"), FREE_ACTIONS)
def test_cc_opt_damage_bars_only_moves_allows_items(action: Any, item: str | None) -> None:
    """CC-OPT-DAMAGE-BARS-ONLY-MOVES, CC-FIX-BEFORE-MOVE: items and Power-Ups with damage on;
    moving is still barred."""
    state = _damaged(item, ONLY_MOVES)
    assert action in legal_actions(state)
    apply(state, action)
    _refused(state, Move(0, 1), "CC-FIX-BEFORE-MOVE")


def test_cc_damage_first_mid_turn_damage_is_fixed_first() -> None:
    """CC-DAMAGE-FIRST, CC-SPIKES: spikes entered mid-turn bar the Bumper until fixed."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 2, 1), "tails": (1, 0, 0)},
        items={"sonic": ["bumper"]},
    )
    assert UseBumper(0, 1) in legal_actions(state)
    hurt = apply(state, Move(0, 1))  # (2, 0, 1) is spikes
    assert hurt.characters[0].damage == 1 and hurt.actions_left == 2
    _refused(hurt, UseBumper(0, 1), "CC-DAMAGE-FIRST")
    assert legal_actions(hurt) == [Fix(0)]
    fixed = apply(hurt, Fix(0))
    assert UseBumper(0, 1) in legal_actions(fixed) and Move(0, 1) in legal_actions(fixed)
    only_moves = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 2, 1), "tails": (1, 0, 0)},
        items={"sonic": ["bumper"]},
        options=ONLY_MOVES,
    )
    assert UseBumper(0, 1) in legal_actions(apply(only_moves, Move(0, 1)))


@pytest.mark.parametrize("options", [Options(), ONLY_MOVES])
def test_cc_damage_first_and_proj_end_turn(options: Options) -> None:
    """CC-DAMAGE-FIRST, CC-PROJ-END-TURN: with damage and an action left, Fix is possible, so
    the turn cannot end; with damage and no action left it ends (damage still on)."""
    left = _damaged("bumper", options)
    _refused(left, EndTurn(0), "CC-TURN-ACTIONS")
    spent = _damaged("bumper", options, actions_left=0)
    legal = legal_actions(spent)
    assert EndTurn(0) in legal and Fix(0) not in legal
    if options.damage_bars_only_moves:
        assert UseBumper(0, 1) in legal
    else:
        assert legal == [PowerUpHeal(0), EndTurn(0)]
        _refused(spent, UseBumper(0, 1), "CC-DAMAGE-FIRST")
    ended = apply(spent, EndTurn(0))
    assert ended.active == 1 and ended.characters[0].damage == 1


def test_cc_damage_first_official_draw_action() -> None:
    """CC-DAMAGE-FIRST, CC-OPT-OFFICIAL-DRAW, CC-OPT-DAMAGE-BARS-ONLY-MOVES: the Draw action
    waits for the damage to be fixed under both readings, naming the rule that bars it."""
    state = _damaged(None, Options(official_draw=True))
    _refused(state, DrawItems(0), "CC-DAMAGE-FIRST")
    assert DrawItems(0) in legal_actions(apply(state, Fix(0)))
    both = _damaged(None, Options(official_draw=True, damage_bars_only_moves=True))
    _refused(both, DrawItems(0), "CC-OPT-OFFICIAL-DRAW")
    assert DrawItems(0) in legal_actions(apply(both, Fix(0)))


def test_cc_damage_first_start_of_turn_draw_still_happens() -> None:
    """CC-DAMAGE-FIRST, CC-DRAW: the start-of-turn draw is not an action; a damaged
    character still draws, then may only fix."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (2, 0, 1), "tails": (1, 2, 1)},
        damage={"tails": 2},
        actions_left=0,
    )
    state = apply(state, EndTurn(0))
    assert state.active == 1 and state.phase is Phase.DRAWING
    rng = random.Random(0)
    while state.phase is not Phase.ACTIONS:
        if state.to_act is CHANCE:
            outcomes = chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = legal_actions(state)[0]
            assert isinstance(action, KeepItem)
        state = apply(state, action)
    tails = state.characters[1]
    assert tails.items or tails.rings
    assert legal_actions(state) == [Fix(1)]


def test_cc_damage_first_bars_shortcuts_under_both_readings() -> None:
    """CC-DAMAGE-FIRST, CC-FIX-BEFORE-MOVE, CC-SHORTCUT-USE: a shortcut is used as a Move,
    so damage bars it with or without CC-OPT-DAMAGE-BARS-ONLY-MOVES."""
    plain = {"kind": "straight", "turn": "straight", "rows": ["...", "...", "..."]}
    left = {"kind": "corner", "turn": "left", "rows": ["...", "...", "..."]}
    tiles = [
        {"id": "line", "kind": "start-line", "turn": "straight", "rows": ["...", "...", "..."]},
        {"id": "star", "kind": "start", "turn": "straight", "rows": ["..B", "<..", "..."]},
        {**left, "id": "c1"},
        {**left, "id": "c2"},
        {**plain, "id": "back", "rows": ["...", "<..", "..."]},
    ]
    catalogue = load_tiles(json.dumps({"tiles": tiles, "shortcuts": []}))
    shortcut = UseShortcut(0, Space(4, 1, 0))
    for options in (Options(), ONLY_MOVES):
        position = {
            "tiles": catalogue,
            "course": ["line", "star", "c1", "c2", "back"],
            "positions": {"sonic": (1, 1, 0)},
            "options": options,
        }
        assert shortcut in legal_actions(scenario(2, **position))
        damaged = scenario(2, damage={"sonic": 1}, **position)
        _refused(damaged, shortcut, "CC-FIX-BEFORE-MOVE")


def test_cc_damage_first_leaves_the_beginner_game_alike() -> None:
    """CC-DAMAGE-FIRST, CC-BEGINNER-NO-EXTRAS: Beginner characters take no damage tokens, so
    the same seeds play the same games under either reading."""
    for seed in range(3):
        games = []
        for options in (None, {"damage_bars_only_moves": True}):
            rng = random.Random(seed)
            state = new_game(2, variant="beginner", options=options)
            played = []
            while not state.is_over:
                assert all(c.damage == 0 for c in state.characters)
                if state.to_act is CHANCE:
                    outcomes = chance_outcomes(state)
                    action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                else:
                    action = rng.choice(legal_actions(state))
                played.append(action)
                state = apply(state, action)
            games.append(played)
        assert games[0] == games[1]


def test_cc_opt_damage_bars_only_moves_accepted_everywhere() -> None:
    """CC-OPT-DAMAGE-BARS-ONLY-MOVES: given as Options or a mapping, to new_game and to
    setup_position, and kept through JSON."""
    for options in (ONLY_MOVES, {"damage_bars_only_moves": True}):
        state = new_game(2, options=options)
        assert state.options.damage_bars_only_moves is True
        assert from_json(to_json(state)) == state
        assert _damaged("bumper", options).options == ONLY_MOVES
    assert json.loads(to_json(new_game(2)))["options"]["damage_bars_only_moves"] is False
