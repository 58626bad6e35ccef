"""The Crash Course action space: pinned indices, masks, index to action, the bounds."""

from __future__ import annotations

import random

import pytest

from sonic_rules import CHANCE, IllegalActionError, InvalidActionError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.crash_course import (
    DealTile,
    DrawItem,
    EndTurn,
    ItemKind,
    KeepItem,
    LayShortcutTile,
    LayTile,
    Move,
    PlaceItem,
    Recover,
    RevealItem,
    Space,
    State,
    UseShortcut,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
)
from sonic_rules.crash_course.action_space import (
    action_from_index,
    action_index,
    action_table,
    chance_from_index,
    chance_index,
    legal_mask,
    max_chance_nodes,
    max_game_length,
    num_chance_outcomes,
    num_distinct_actions,
)

CONFIGS = [
    ("standard", 2),
    ("standard", 3),
    ("standard", 4),
    ("two-player", 2),
    ("beginner", 2),
    ("beginner", 4),
]


def _states(variant: str, players: int, seed: int, options: object = None) -> list[State]:
    rng = random.Random(seed)
    state = new_game(players, variant=variant, options=options)  # type: ignore[arg-type]
    states = [state]
    for _ in range(3_000):
        if state.is_over:
            break
        if state.to_act is CHANCE:
            action = sample_outcome(chance_outcomes(state), rng)
        else:
            action = rng.choice(legal_actions(state))
        state = apply(state, action)
        states.append(state)
    return states


def test_indices_are_pinned() -> None:
    """The shipped catalogue's indices are part of the API: they never move."""
    state = new_game(2)
    assert (num_distinct_actions(state), num_chance_outcomes(state)) == (379, 21)
    assert action_index(state, EndTurn(0)) == 0
    assert action_index(state, Recover(1, True)) == 9
    assert action_index(state, KeepItem(0, ItemKind.RING)) == 23
    assert action_index(state, Move(0, 2)) == 26
    assert action_index(state, LayTile(0, 6, True)) == 51
    assert action_index(state, LayShortcutTile(0, 2, 5, 5, 0, 3)) == 63
    assert action_index(state, UseShortcut(0, Space(0, 0, 0))) == 64
    assert action_index(state, UseShortcut(0, Space(6, 2, 2))) == 126
    assert action_index(state, PlaceItem(0, ItemKind.CRABMEAT, Space(6, 2, 2))) == 378
    assert chance_index(state, DrawItem(0, ItemKind.MOTOBUG)) == 0
    assert chance_index(state, RevealItem(ItemKind.RING)) == 13
    assert chance_index(state, DealTile(6)) == 20


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_mask_index_and_legal_actions_agree(variant: str, players: int) -> None:
    """At every node each legal action has its own index, the mask marks exactly those,
    and every index names its legal action or is refused naming the index."""
    checked = 0
    for seed in range(3):
        for state in _states(variant, players, seed)[::3]:
            legal = legal_actions(state)
            mask = legal_mask(state)
            if state.to_act is CHANCE:
                indices = [chance_index(state, a) for a in legal]
                size, from_index = num_chance_outcomes(state), chance_from_index
            else:
                indices = [action_index(state, a) for a in legal]
                size, from_index = num_distinct_actions(state), action_from_index
            assert len(mask) == size
            assert len(set(indices)) == len(indices), "two legal actions share an index"
            assert sorted(i for i, on in enumerate(mask) if on) == sorted(indices)
            for index in range(size):
                if mask[index]:
                    assert from_index(state, index) == legal[indices.index(index)]
                elif index % 7 == 0:  # a sample of the refusals keeps the test quick
                    with pytest.raises(IllegalActionError, match=f"index {index}"):
                        from_index(state, index)
            checked += 1
    assert checked > 20


def test_bad_indices_and_types_are_refused() -> None:
    state = new_game(2)
    for index in (-1, 379, 10**9):
        with pytest.raises(InvalidActionError, match=f"index {index}"):
            action_from_index(state, index)
    for bad in ("0", 0.0, True, None):
        with pytest.raises(TypeError, match="index"):
            action_from_index(state, bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state"):
        legal_mask("state")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="action"):
        action_index(state, "end turn")  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match="chance_index"):
        action_index(state, DrawItem(0, ItemKind.BOMB))
    with pytest.raises(InvalidActionError, match="action_index"):
        chance_index(state, EndTurn(0))
    with pytest.raises(InvalidActionError, match="never placed"):
        action_index(state, PlaceItem(0, ItemKind.BOMB, Space(0, 0, 0)))
    with pytest.raises(InvalidActionError, match="tile 7"):
        action_index(state, UseShortcut(0, Space(7, 0, 0)))
    over = next(s for s in reversed(_states("standard", 2, 1)) if s.is_over)
    assert not any(legal_mask(over))
    with pytest.raises(IllegalActionError, match="game is over"):
        action_from_index(over, 0)


def test_an_illegal_index_names_the_rule() -> None:
    state = new_game(2)  # the first draw: chance acts
    with pytest.raises(IllegalActionError, match="chance acts"):
        action_from_index(state, 24)
    while state.to_act is CHANCE:
        state = apply(state, chance_outcomes(state)[0][0])
    with pytest.raises(IllegalActionError, match="a seat decides"):
        chance_from_index(state, 0)
    with pytest.raises(IllegalActionError) as raised:
        action_from_index(state, 0)  # ending the turn with actions left
    assert raised.value.rule == "CC-TURN-ACTIONS"


@pytest.mark.parametrize(
    ("variant", "players"), [("standard", 3), ("two-player", 2), ("beginner", 4)]
)
def test_cc_opt_decision_limit_bounds_decisions_and_chance(variant: str, players: int) -> None:
    """max_game_length is the decision limit; chance stays within max_chance_nodes."""
    assert max_game_length(new_game(players, variant=variant)) is None
    assert max_chance_nodes(new_game(players, variant=variant)) is None
    for seed in range(6):
        limit = 10 + 25 * seed
        states = _states(variant, players, seed, {"decision_limit": limit})
        final = states[-1]
        assert final.is_over
        decisions = sum(s.to_act is not CHANCE for s in states[:-1])
        chance = len(states) - 1 - decisions
        assert decisions <= max_game_length(final) == limit  # type: ignore[operator]
        bound = max_chance_nodes(final)
        assert bound is not None and chance <= bound


def test_action_table_lists_every_index() -> None:
    table = action_table(new_game(2))
    assert "| 0 | decision | end turn |" in table
    assert "| 24-26 | decision | move: left, middle, right lane |" in table
    assert "| 20 | chance | deal tile" in table
    numbered = [line.split("|")[1].strip() for line in table.splitlines()[2:]]
    decisions = [line for line in table.splitlines()[2:] if "| decision |" in line]
    last = decisions[-1].split("|")[1].strip().split("-")[-1]
    assert int(last) == 378 and len(numbered) > 40
