"""Helpers shared by the Super Teams rule tests."""

from __future__ import annotations

import copy

import pytest

from sonic_rules import IllegalActionError
from sonic_rules.super_teams import Action, Card, Character, State, apply


def card(text: str) -> Card:
    return Card.parse(text)


def assert_illegal(state: State, action: Action, rule: str) -> None:
    """``action`` is refused for breaking ``rule``, and ``state`` is left exactly as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert info.value.rule == rule
    assert state == before


def position(state: State, character: Character) -> int:
    return state.piece(character).position
