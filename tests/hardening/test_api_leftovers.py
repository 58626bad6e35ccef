"""Wrong types at the last public functions that let an error from inside through."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from sonic_rules import crash_course as cc
from sonic_rules import super_teams as st


def test_describe_state_of_something_else_is_a_type_error_naming_state() -> None:
    with pytest.raises(TypeError, match="state"):
        st.describe_state("state")  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [st.GAME, cc.GAME], ids=["super-teams", "crash-course"])
@pytest.mark.parametrize("events", [None, 3, "events"])
def test_events_for_without_events_is_a_type_error_naming_events(game: Any, events: Any) -> None:
    with pytest.raises(TypeError, match="events"):
        game.events_for(events, 0, game.new_game(2))


def test_an_action_subclass_has_no_index() -> None:
    @attrs.frozen
    class Sneaky(st.Pass):
        pass

    with pytest.raises(TypeError, match="action"):
        st.action_index(st.new_game(2), Sneaky(0))


def test_a_lane_that_does_not_exist_prints_as_such() -> None:
    assert str(cc.Space(0, 0, -1)) == "tile 0 row 0 lane -1"
    assert str(cc.Space(0, 0, 3)) == "tile 0 row 0 lane 3"
