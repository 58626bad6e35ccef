"""Every number the OpenSpiel adapter hands OpenSpiel is range-checked first.

Regression test for the hardening review:
``pyspiel.load_game("sonic_super_teams(turn_limit=700000000)")`` raised pybind's raw
``TypeError`` (the game length overflowed OpenSpiel's 32-bit ``max_game_length``).
"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import sonic_rules  # noqa: E402
from sonic_rules.adapters import openspiel as adapter  # noqa: E402

NAMES = [adapter.short_name(game) for game in sonic_rules.games()]
LIMITS = {
    "sonic_super_teams": ("turn_limit",),
    "sonic_crash_course": ("turn_limit", "decision_limit"),
}


@pytest.mark.parametrize(
    "parameters",
    ["turn_limit=700000000", "turn_limit=0", "turn_limit=-5", "turn_limit=2147483647"],
)
def test_a_turn_limit_out_of_range_is_a_value_error_naming_it_and_its_bounds(
    parameters: str,
) -> None:
    for name in NAMES:
        with pytest.raises(ValueError, match=r"turn_limit: must be a whole number from 1 to ") as e:
            pyspiel.load_game(f"{name}({parameters})")
        assert f"{adapter.MAX_LIMIT:,}" in str(e.value)


def test_a_decision_limit_out_of_range_is_refused_the_same_way() -> None:
    with pytest.raises(ValueError, match="decision_limit: must be a whole number from 1 to "):
        pyspiel.load_game("sonic_crash_course(decision_limit=700000000)")


@pytest.mark.parametrize("name", NAMES)
def test_the_largest_limits_give_counts_that_fit_openspiel(name: str) -> None:
    for players in (2, 4):
        limits = ",".join(f"{limit}={adapter.MAX_LIMIT}" for limit in LIMITS[name])
        game = pyspiel.load_game(f"{name}(players={players},{limits})")
        for count in (
            game.max_game_length(),
            game.max_chance_nodes_in_history(),
            game.num_distinct_actions(),
            game.max_chance_outcomes(),
        ):
            assert 0 < count <= adapter.INT32_MAX


def test_other_numbers_are_the_game_s_own_refusals() -> None:
    with pytest.raises(ValueError, match=r"\$\.options\.first_player"):
        pyspiel.load_game("sonic_super_teams(first_player=7)")
    with pytest.raises(ValueError, match=r"\$\.players"):
        pyspiel.load_game("sonic_super_teams(players=9)")
