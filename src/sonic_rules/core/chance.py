"""Chance nodes: the sentinel that says chance acts, and sampling from outcomes."""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from typing import Final, TypeVar

A = TypeVar("A")


class ChanceType(enum.Enum):
    """The type of `CHANCE`; it has exactly one member."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"

    def __str__(self) -> str:
        return "chance"


CHANCE: Final = ChanceType.CHANCE
"""``state.to_act`` is this when the next action is a chance outcome (a deal, a draw)."""


def sample_outcome(outcomes: Sequence[tuple[A, float]], rng: random.Random) -> A:
    """Pick one outcome with its probability, using ``rng`` (the only randomness)."""
    if not outcomes:
        raise ValueError("no chance outcomes to sample from")
    roll = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if roll < total:
            return action
    return outcomes[-1][0]
