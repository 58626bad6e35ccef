"""A hand-built state the rules refuse leaves nothing behind: the games played after it
are played as if it had never been given (every cache keys on exact types, and the
engine empties them all when a state proves malformed)."""

from __future__ import annotations

import random

import attrs
import pytest

from sonic_rules import CHANCE, InvalidStateError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.crash_course import (
    Space,
    State,
    apply,
    chance_outcomes,
    default_catalogue,
    from_json,
    legal_actions,
    new_game,
    setup_position,
    to_json,
    validate_state,
)


def _on_fourth_tile() -> tuple[State, State]:
    """Sonic on course tile 3, and the same state hand-built with the tile as ``3.0``."""
    catalogue = default_catalogue()
    course = new_game(2).course
    laid = {placed.tile for placed in course}
    start = [catalogue.tiles[placed.tile].id for placed in course]
    more = [spec.id for number, spec in enumerate(catalogue.tiles) if number not in laid][:3]
    good = setup_position(2, course=start + more, positions={"sonic": (3, 0, 1)}, phase="actions")
    sonic = attrs.evolve(good.characters[0], position=Space(3.0, 0, 1))  # type: ignore[arg-type]
    return good, attrs.evolve(good, characters=(sonic, *good.characters[1:]))


def _play(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(2 + seed % 3)
    while not state.is_over:
        if state.to_act is CHANCE:
            action = sample_outcome(chance_outcomes(state), rng)
        else:
            action = rng.choice(legal_actions(state))
        state = apply(state, action)
        if seed % 10 == 0:
            assert from_json(to_json(state)) == state
    validate_state(state)


def test_a_state_with_a_float_space_is_refused_and_games_after_it_play_normally() -> None:
    """Moving from ``Space(3.0, 0, 1)`` makes spaces of float tiles before the state is
    found malformed: none of them serves a later move or game."""
    good, bad = _on_fourth_tile()
    for action in legal_actions(good):
        with pytest.raises(InvalidStateError):
            apply(bad, action)
    for action in legal_actions(good):
        moved = apply(good, action)
        validate_state(moved)
        assert all(
            type(part) is int
            for character in moved.characters
            if character.position is not None
            for part in (character.position.tile, character.position.row)
        )
    for seed in range(100):
        _play(seed)
