"""new_game and setup_position refuse what they cannot set up, with InvalidStateError."""

from __future__ import annotations

from typing import Any

import pytest

from sonic_rules import InvalidStateError, RulesError
from sonic_rules.super_teams import GAME, Phase, new_game, setup_position


@pytest.mark.parametrize(
    "kwargs",
    [
        {"positions": {"sonic": (1, "rings", 3)}},
        {"positions": {"sonic": ()}},
        {"positions": [("sonic", 1)]},
        {"hands": [None, []]},
        {"hands": 5},
        {"bonus_hands": [None]},
        {"deck": 5},
        {"discard": None},
        {"bonus_deck": 5},
        {"bonus_discard": 3},
        {"to_act": 0.0},
    ],
)
def test_setup_position_odd_inputs_are_invalid_state_errors(kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidStateError):
        setup_position(2, **kwargs)


def test_new_game_plays_the_standard_variant() -> None:
    assert new_game(2, variant="standard") == new_game(2)
    assert GAME.new_game(4, variant="standard").phase is Phase.DEAL
    assert GAME.variants == {"standard": (2, 3, 4)}


@pytest.mark.parametrize("variant", ["beginner", "Standard", "", None, 2])
def test_new_game_refuses_an_unknown_variant_naming_the_known_ones(variant: Any) -> None:
    with pytest.raises(RulesError) as error:
        new_game(2, variant=variant)
    assert isinstance(error.value, InvalidStateError)
    assert "standard" in str(error.value)
