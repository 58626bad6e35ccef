"""The Python API: a wrong type is a ``TypeError`` naming the parameter, a wrong value a
`RulesError` naming it, and nothing surfaces from inside.

Regression tests for the hardening issue's examples ``cc.new_game(2.0)`` ("slice
indices must be integers") and ``st.validate_state(None)`` (``AttributeError``).
"""

from __future__ import annotations

from typing import Any

import pytest

import sonic_rules
from sonic_rules import InvalidStateError, StateTypeError
from sonic_rules import crash_course as cc
from sonic_rules import super_teams as st

GAMES = sonic_rules.games()


def test_cc_new_game_with_a_float_player_count_is_a_type_error_naming_players() -> None:
    with pytest.raises(TypeError, match="players"):
        cc.new_game(2.0)  # type: ignore[arg-type]


def test_st_new_game_with_a_float_player_count_is_a_type_error_naming_players() -> None:
    with pytest.raises(TypeError, match="players"):
        st.new_game(2.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_new_game_with_a_player_count_out_of_range_is_a_rules_error_naming_players(
    game: Any,
) -> None:
    with pytest.raises(InvalidStateError) as error:
        game.new_game(99)
    assert error.value.path == "$.players"


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_validate_state_of_none_is_a_type_error_naming_state(game: Any) -> None:
    for junk in (None, 2.0, "state"):
        with pytest.raises(TypeError, match="state"):
            game.validate_state(junk)


def test_st_validate_state_of_none_is_a_type_error_naming_state() -> None:
    with pytest.raises(TypeError, match="state"):
        st.validate_state(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_state_functions_refuse_what_is_not_a_state_with_the_library_error(game: Any) -> None:
    for member in (game.legal_actions, game.chance_outcomes, game.to_json):
        for junk in (None, 2.0, "state", []):
            with pytest.raises(InvalidStateError, match="State"):
                member(junk)


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_play_game_names_a_wrong_players_argument(game: Any) -> None:
    for junk in (None, 2, "random"):
        with pytest.raises(TypeError, match="'players'"):
            game.play_game(game.new_game(2), junk)


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_play_game_names_a_wrong_state_argument(game: Any) -> None:
    """Junk, or the other game's state: a `StateTypeError`, both a ``TypeError`` and an
    `InvalidStateError`, naming the argument and the game's State."""
    bots = [game.player("random")] * 2
    other = next(g for g in GAMES if g is not game).new_game(2)
    for junk in (None, "state", other):
        with pytest.raises(StateTypeError, match=r"'state' must be a .* State") as refused:
            game.play_game(junk, bots)
        assert isinstance(refused.value, TypeError)
        assert isinstance(refused.value, InvalidStateError)
