"""The core state-update model (`sonic_rules.core.update.Draft`) as a game declares it:
fields worked on as mutable copies (``thaw``), made at once (``eager``) or on first use,
frozen back; values derived for the action's duration (``derive``, in slots); cached
values of the state carried over (``carry``). Shown on a Super Teams state."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import pytest

from sonic_rules.core import update
from sonic_rules.super_teams import State, new_game
from sonic_rules.super_teams.phases import PHASES


class _Draft(
    update.Draft,
    state_type=State,
    machine=PHASES,
    thaw={"deck": (list, update.frozen_tuple), "discard": (list, update.frozen_tuple)},
    eager=("discard",),
):
    __slots__ = ("cards_left",)
    derive: ClassVar[Mapping[str, Callable[[Any], Any]]] = {
        "cards_left": lambda state: len(state.deck)
    }


def test_thawed_fields_are_lists_while_the_action_runs_and_tuples_after() -> None:
    state = new_game(2)
    draft = _Draft(state)
    assert draft.__dict__["discard"] == []  # eager: made at once
    assert "deck" not in draft.__dict__  # lazy: made on first use
    card = draft.deck.pop()
    draft.discard.append(card)
    made = draft.freeze()
    assert made.deck == state.deck[:-1] and made.discard == (card,)
    assert type(made.deck) is tuple and type(made.discard) is tuple


def test_a_field_thawed_and_left_unchanged_is_the_old_states_own() -> None:
    state = new_game(2)
    draft = _Draft(state)
    draft.deck.sort(key=lambda card: card._rank)
    made = draft.freeze()
    assert made.deck is state.deck and made.hands is state.hands


def test_a_derived_value_is_made_on_first_use_and_never_becomes_a_field() -> None:
    state = new_game(2)
    draft = _Draft(state)
    assert draft.cards_left == len(state.deck)
    made = draft.freeze()
    assert "cards_left" not in made.__dict__


def test_a_declaration_naming_what_the_state_lacks_is_refused() -> None:
    with pytest.raises(TypeError, match="not a thawed field"):

        class _Thawed(
            update.Draft, state_type=State, machine=PHASES, thaw={"nothing": (list, tuple)}
        ):
            pass

    with pytest.raises(TypeError, match=r"worked-out value of the state.*\['turn'\]"):

        class _Carried(update.Draft, state_type=State, machine=PHASES, carry=("turn",)):
            pass

    with pytest.raises(TypeError, match=r"\['nothing'\]"):

        class _Eager(update.Draft, state_type=State, machine=PHASES, eager=("nothing",)):
            pass
