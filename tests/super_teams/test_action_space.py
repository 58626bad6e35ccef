"""The fixed action space: stable indices, masks, index to action, the decision bound."""

from __future__ import annotations

import random

import pytest

from sonic_rules import CHANCE, IllegalActionError, InvalidActionError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.super_teams import (
    BonusKind,
    Card,
    Character,
    ChooseHalf,
    ChooseJumper,
    Deal,
    DrawBonus,
    Options,
    Pass,
    Play,
    PlayBonus,
    Surface,
    action_from_index,
    action_index,
    action_table,
    apply,
    chance_from_index,
    chance_index,
    chance_outcomes,
    legal_actions,
    legal_mask,
    max_chance_nodes,
    max_game_length,
    new_game,
    num_chance_outcomes,
    num_distinct_actions,
    setup_position,
)
from sonic_rules.super_teams.action_space import max_decisions_per_turn
from st_helpers import random_states

_ANY = new_game(2)
"""Super Teams indices do not depend on the state: any state will do."""


def test_indices_are_pinned() -> None:
    """Indices are part of the public interface: these numbers never change."""
    assert action_index(_ANY, Pass(2)) == 0
    assert action_index(_ANY, PlayBonus(0, BonusKind.SPEED)) == 1
    assert action_index(_ANY, PlayBonus(0, BonusKind.SHIELD)) == 4
    assert action_index(_ANY, ChooseHalf(1, Surface.RINGS)) == 5
    assert action_index(_ANY, ChooseHalf(1, Surface.NORMAL)) == 7
    assert action_index(_ANY, ChooseJumper(0, Character.SONIC)) == 8
    assert action_index(_ANY, ChooseJumper(0, Character.ROUGE)) == 15
    assert action_index(_ANY, Play(0, "blue-1", "sonic")) == 16
    assert action_index(_ANY, Play(3, "red-3", "knuckles")) == 83
    assert action_index(_ANY, Play(1, "yellow-6", "rouge")) == 207
    assert chance_index(_ANY, Deal(0, "blue-1")) == 0
    assert chance_index(_ANY, Deal(0, "yellow-6")) == 23
    assert chance_index(_ANY, Deal(2, "special")) == 24
    assert chance_index(_ANY, DrawBonus(1, BonusKind.SPEED)) == 25
    assert chance_index(_ANY, DrawBonus(1, BonusKind.SUPER_JUMP)) == 29


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_space_for_every_player_count(players: int) -> None:
    state = new_game(players)
    assert num_distinct_actions(state) == 208
    assert num_chance_outcomes(state) == 30


def _every_decision(seat: int) -> list[object]:
    cards = [
        Card.parse(f"{c}-{v}") for c in ("blue", "red", "black", "yellow") for v in range(1, 7)
    ]
    held = [k for k in BonusKind if k is not BonusKind.SUPER_JUMP]
    return [
        Pass(seat),
        *(PlayBonus(seat, k) for k in held),
        *(ChooseHalf(seat, h) for h in Surface),
        *(ChooseJumper(seat, c) for c in Character),
        *(Play(seat, card, c) for card in cards for c in Character),
    ]


def test_indices_are_a_bijection() -> None:
    decisions = [action_index(_ANY, a) for a in _every_decision(1)]  # type: ignore[arg-type]
    assert sorted(decisions) == list(range(208))
    cards = [
        Card.parse(f"{c}-{v}") for c in ("blue", "red", "black", "yellow") for v in range(1, 7)
    ]
    outcomes = [Deal(0, c) for c in (*cards, Card.special())]
    chance = [chance_index(_ANY, a) for a in (*outcomes, *(DrawBonus(0, k) for k in BonusKind))]
    assert sorted(chance) == list(range(30))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mask_index_and_legal_actions_agree(players: int) -> None:
    """Every index is legal in a state exactly when the mask says so, and then names a
    legal action; legal actions come in increasing index order."""
    for seed in range(3):
        for state in random_states(players, seed)[::2]:
            legal = legal_actions(state)
            mask = legal_mask(state)
            if state.to_act is CHANCE:
                indices = [chance_index(state, a) for a in legal]
                size, from_index = 30, chance_from_index
            else:
                indices = [action_index(state, a) for a in legal]
                size, from_index = 208, action_from_index
            assert len(mask) == size
            assert indices == sorted(set(indices))
            assert [i for i, legal_here in enumerate(mask) if legal_here] == indices
            for index in range(size):
                if mask[index]:
                    assert from_index(state, index) == legal[indices.index(index)]
                else:
                    with pytest.raises(IllegalActionError, match=f"index {index}"):
                        from_index(state, index)


def test_index_out_of_range_or_of_the_wrong_type() -> None:
    state = setup_position(2, hands=[["blue-1"], ["red-3"]])
    for index in (-1, 208, 10**9):
        with pytest.raises(InvalidActionError, match=f"index {index}"):
            action_from_index(state, index)
    for index in (-1, 30):
        with pytest.raises(InvalidActionError, match=f"index {index}"):
            chance_from_index(new_game(2), index)
    for bad in ("16", 16.0, True, None):
        with pytest.raises(TypeError, match="index"):
            action_from_index(state, bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state"):
        action_from_index("state", 16)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state"):
        legal_mask(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state"):
        action_index("state", Pass(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="action"):
        action_index(_ANY, "pass")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="action"):
        chance_index(_ANY, 16)  # type: ignore[arg-type]


def test_index_illegal_here_names_the_index_and_the_rule() -> None:
    state = setup_position(2, hands=[["blue-1"], ["red-3"]])
    assert action_from_index(state, 16) == Play(0, "blue-1", "sonic")
    with pytest.raises(IllegalActionError, match="index 18") as raised:
        action_from_index(state, 18)  # blue-1 for Amy: the wrong colour
    assert raised.value.rule == "ST-CHARACTER-COLOUR"
    with pytest.raises(IllegalActionError, match="index 0") as raised:
        action_from_index(state, 0)  # a pass outside the response window
    assert raised.value.rule == "ST-PLAY-CARD"
    with pytest.raises(IllegalActionError, match="chance acts"):
        action_from_index(new_game(2), 16)
    with pytest.raises(IllegalActionError, match="a seat decides"):
        chance_from_index(state, 0)
    over = random_states(2, 0)[-1]
    assert over.is_over and legal_mask(over) == [False] * 208
    with pytest.raises(IllegalActionError, match="game is over"):
        action_from_index(over, 16)


def test_chance_outcomes_are_the_chance_mask() -> None:
    state = new_game(3)
    mask = legal_mask(state)
    assert len(mask) == 30 and sum(mask) == 19  # 18 coloured cards and the special card
    assert not mask[18] and mask[24]  # no yellow with 3 players
    assert chance_from_index(state, 24) == Deal(0, "special")


def test_wrong_kind_of_action_has_no_index() -> None:
    with pytest.raises(InvalidActionError, match="chance_index"):
        action_index(_ANY, Deal(0, "blue-1"))
    with pytest.raises(InvalidActionError, match="action_index"):
        chance_index(_ANY, Pass(0))
    with pytest.raises(InvalidActionError, match="never played"):
        action_index(_ANY, PlayBonus(0, BonusKind.SUPER_JUMP))
    with pytest.raises(InvalidActionError, match="special"):
        action_index(_ANY, Play(0, "special", "sonic"))


def test_action_table_lists_every_index() -> None:
    table = action_table(_ANY)
    assert "| 0 | decision | pass |" in table
    assert "| 200-207 | decision | play yellow-6 for" in table
    assert "| 24 | chance | deal special |" in table
    assert "| 29 | chance | take bonus card super-jump |" in table


@pytest.mark.parametrize("players", [2, 3, 4])
def test_st_opt_turn_limit_decisions_and_chance_stay_within_the_bounds(players: int) -> None:
    """With a turn limit, every random game's decisions and chance nodes stay within
    max_game_length and max_chance_nodes (proven in their docstrings; checked here)."""
    for seed in range(40):
        rng = random.Random(seed)
        limit = 1 + seed * 3
        state = new_game(players, options=Options(turn_limit=limit))
        decisions = chance = 0
        while not state.is_over:
            if state.to_act is CHANCE:
                action = sample_outcome(chance_outcomes(state), rng)
                chance += 1
            else:
                action = rng.choice(legal_actions(state))
                decisions += 1
            state = apply(state, action)
        bound, chance_bound = max_game_length(state), max_chance_nodes(state)
        assert bound is not None and chance_bound is not None
        assert decisions <= bound and chance <= chance_bound
    assert max_decisions_per_turn(new_game(players)) == (4 if players == 4 else 3)


def test_st_loop_fallback_a_move_can_end_where_it_started() -> None:
    """ST-LOOP-FALLBACK: why no bound holds without a turn limit. Sonic on space 10
    (grass; the loop is 11-13) plays a 2 and falls back to 10: the board is as before."""
    state = setup_position(2, hands=[["blue-2", "blue-5"], ["red-1"]], positions={"sonic": 10})
    after = apply(state, Play(0, "blue-2", "sonic"))
    assert after.pieces == state.pieces


def test_max_game_length_needs_a_turn_limit() -> None:
    assert max_game_length(new_game(4)) is None and max_chance_nodes(new_game(4)) is None
    limited = new_game(4, options=Options(turn_limit=24))
    assert max_game_length(limited) == 24 * 4 + 8
    assert max_chance_nodes(limited) == 1 * (24 + 2 + 8) + 24
    longer = new_game(4, options=Options(turn_limit=25))
    assert max_game_length(longer) == 25 * 4 + 16
    with pytest.raises(TypeError, match="state"):
        max_game_length(4)  # type: ignore[arg-type]
