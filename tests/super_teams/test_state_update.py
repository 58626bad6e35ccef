"""An action builds its new state on a `draft.Draft` (`sonic_rules.core.update`): the
same value ``attrs.evolve`` would make, with its own hash, and with the seating the old
state worked out (it depends only on the players and options, which no action changes).
"""

from __future__ import annotations

import attrs
import pytest

from sonic_rules.core.phases import UndeclaredTransitionError
from sonic_rules.core.update import replace_fields
from sonic_rules.super_teams import Phase, State, new_game
from sonic_rules.super_teams.draft import Draft
from st_helpers import random_states


def _changes(state: State) -> dict[str, object]:
    return {"turn": (state.turn + 1) % state.players, "deal_next": 0, "pending": None}


def _drafted(state: State, changes: dict[str, object]) -> State:
    draft = Draft(state)
    for name, value in changes.items():
        setattr(draft, name, value)
    made: State = draft.freeze()
    return made


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_frozen_draft_and_replace_fields_are_evolve(players: int) -> None:
    for state in random_states(players, 5)[::7]:
        hash(state)  # the old state's hash is kept in it: the new one must not take it
        evolved = attrs.evolve(state, **_changes(state))
        for made in (_drafted(state, _changes(state)), replace_fields(state, _changes(state))):
            assert made == evolved
            assert hash(made) == hash(evolved)
            assert repr(made) == repr(evolved)
            assert made.seat_colours == evolved.seat_colours
            assert made.colours_in_play == evolved.colours_in_play
            colour = made.colours_in_play[0]
            assert made.holder(colour) == evolved.holder(colour)


def test_the_seating_worked_out_during_an_action_is_kept() -> None:
    state = new_game(4)
    draft = Draft(state)
    state.holder(state.colours_in_play[0])  # worked out while the action runs
    made = draft.freeze()
    for name in ("seat_colours", "colours_in_play", "_holder"):
        assert made.__dict__[name] is state.__dict__[name]


def test_replace_fields_keeps_nothing_worked_out() -> None:
    state = new_game(4)
    state.holder(state.colours_in_play[0])
    made = replace_fields(state, {"players": 2, "options": state.options})
    assert "_holder" not in made.__dict__
    assert made.seat_colours == new_game(2).seat_colours


def test_a_draft_changes_phase_only_by_a_declared_trigger() -> None:
    draft = Draft(new_game(2))
    draft.goto("hands_full")
    assert draft.phase is Phase.PLAY
    with pytest.raises(UndeclaredTransitionError):
        draft.goto("hands_full")
