"""Lifting an occupied rearmost tile: ``CC-SECONDARY-WIN`` in the standard game,
``CC-TWO-PLAYER-SECONDARY-WIN`` in the 2-player variant (an opponent's character must be
on it) and its option ``CC-OPT-LITERAL-SECONDARY-WIN`` (any character)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from crash_course.cc_scenario_tiles import ALL, scenario, where
from sonic_rules.crash_course import (
    LayTile,
    Move,
    Options,
    Phase,
    Space,
    State,
    apply,
    from_json,
    legal_actions,
    new_game,
    step,
    to_json,
)
from sonic_rules.crash_course import events as E

LITERAL = Options(literal_secondary_win=True)

# 2-player variant: Sonic (seat 0) and Tails (seat 1) are the main characters,
# Knuckles (seat 0) and Eggman (seat 1) the side-kicks.
SONIC_AT_THE_FRONT = {"sonic": (6, 2, 1)}


def _two_player(
    positions: dict[str, Any], options: Options | dict[str, bool] | None = None, **kw: Any
) -> State:
    """Every tile laid (the pile is empty), in the 2-player variant."""
    return scenario(2, variant="two-player", course=ALL, positions=positions, options=options, **kw)


def _lift(state: State) -> tuple[State, list[Any]]:
    """The active player lays the rearmost tile (the only choice), as it lies."""
    assert state.phase is Phase.LAY_TILE and not state.tile_pile
    return step(state, LayTile(state.to_act, state.course[0].tile, False))


def test_cc_two_player_secondary_win_own_side_kick_is_set_back() -> None:
    """CC-TWO-PLAYER-SECONDARY-WIN, CC-PROJ-SETBACK-SPACE: Sonic's own side-kick on the
    rearmost tile does not make seat 0 win; Knuckles is set back and play goes on."""
    state = _two_player({**SONIC_AT_THE_FRONT, "knuckles": (0, 1, 2)})
    laying = apply(state, Move(0, 1))
    assert not laying.is_over
    assert legal_actions(laying) == [LayTile(0, laying.course[0].tile, r) for r in (False, True)]
    laid, events = _lift(laying)
    assert not laid.is_over and laid.phase is Phase.ACTIONS
    assert where(laid, 2) == Space(0, 0, 2)
    assert [e.character.value for e in events if isinstance(e, E.SetBack)] == ["knuckles"]
    assert where(laid, 0) == Space(6, 0, 1)


def test_cc_opt_literal_secondary_win_own_side_kick_wins() -> None:
    """CC-OPT-LITERAL-SECONDARY-WIN: as literally written, any character on the tile wins,
    the lifter's own side-kick included."""
    state = _two_player({**SONIC_AT_THE_FRONT, "knuckles": (0, 1, 2)}, LITERAL)
    won = apply(state, Move(0, 1))
    assert won.is_over and won.winners == (0,) and won.termination == "had to lift an occupied tile"


@pytest.mark.parametrize("options", [None, LITERAL], ids=["ruling", "literal"])
@pytest.mark.parametrize(
    "on_rear",
    [{"tails": (0, 1, 2)}, {"eggman": (0, 0, 0)}, {"knuckles": (0, 1, 2), "eggman": (0, 0, 0)}],
    ids=["opponent-main", "opponent-side-kick", "own-and-opponent"],
)
def test_cc_two_player_secondary_win_opponent_on_the_tile(
    on_rear: dict[str, Any], options: Options | None
) -> None:
    """CC-TWO-PLAYER-SECONDARY-WIN, CC-SECONDARY-WIN: an opponent's character on the tile
    (with or without the lifter's own) makes the lifter win at once, under both readings."""
    state = _two_player({**SONIC_AT_THE_FRONT, **on_rear}, options)
    before = to_json(state)
    won = apply(state, Move(0, 1))
    assert won.is_over and won.winners == (0,) and legal_actions(won) == []
    assert won.tile_pile == () and won.course == state.course  # nothing lifted
    assert to_json(state) == before


def test_cc_two_player_secondary_win_the_lifter_is_the_active_player() -> None:
    """CC-TWO-PLAYER-SECONDARY-WIN: Knuckles (seat 0) pushes Tails off the front edge; seat 0
    lifts, so Sonic on the rearmost tile is set back and Eggman there would make seat 0 win."""
    pushed = {"knuckles": (6, 1, 1), "tails": (6, 2, 1)}
    state = _two_player({**pushed, "sonic": (0, 2, 0)}, active="knuckles")
    laying = apply(state, Move(0, 1))
    assert laying.phase is Phase.LAY_TILE and laying.to_act == 0
    laid, _ = _lift(laying)
    assert not laid.is_over and where(laid, 0) == Space(0, 0, 0)
    assert where(laid, 1) == Space(6, 0, 1) and where(laid, 2) == Space(5, 2, 1)
    state = _two_player({**pushed, "eggman": (0, 2, 0)}, active="knuckles")
    won = apply(state, Move(0, 1))
    assert won.is_over and won.winners == (0,)


def test_cc_two_player_secondary_win_set_back_option_first() -> None:
    """CC-OPT-SET-BACK, CC-TWO-PLAYER-SECONDARY-WIN: with the set-back option nobody wins by
    lifting; own and opponent characters alike are set back."""
    for options in (Options(set_back=True), Options(set_back=True, literal_secondary_win=True)):
        state = _two_player(
            {**SONIC_AT_THE_FRONT, "knuckles": (0, 1, 2), "tails": (0, 0, 0)}, options
        )
        laid, events = _lift(apply(state, Move(0, 1)))
        assert not laid.is_over
        assert {e.character.value for e in events if isinstance(e, E.SetBack)} == {
            "knuckles",
            "tails",
        }


@pytest.mark.parametrize("options", [None, LITERAL], ids=["ruling", "literal"])
def test_cc_secondary_win_standard_game_unchanged(options: Options | None) -> None:
    """CC-SECONDARY-WIN, CC-OPT-LITERAL-SECONDARY-WIN: in the standard game every character
    is another player's; the lifter wins either way."""
    state = scenario(
        3, course=ALL, positions={"sonic": (6, 2, 1), "knuckles": (0, 1, 2)}, options=options
    )
    won = apply(state, Move(0, 1))
    assert won.is_over and won.winners == (0,)


def test_cc_opt_literal_secondary_win_accepted_everywhere() -> None:
    """CC-OPT-LITERAL-SECONDARY-WIN: given as Options or a mapping, to new_game and to
    setup_position, and kept through JSON."""
    for options in (LITERAL, {"literal_secondary_win": True}):
        state = new_game(2, variant="two-player", options=options)
        assert state.options.literal_secondary_win is True
        assert from_json(to_json(state)) == state
        position = _two_player({**SONIC_AT_THE_FRONT, "knuckles": (0, 1, 2)}, options)
        assert position.options == LITERAL and from_json(to_json(position)) == position
    assert json.loads(to_json(new_game(2)))["options"]["literal_secondary_win"] is False
