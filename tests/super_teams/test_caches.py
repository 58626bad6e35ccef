"""The tables the Super Teams rules remember things in (`sonic_rules.core.interning`):
named, bounded, and keyed by values of exactly the types a state holds.

``True == 1`` and ``2.0 == 2`` in Python, with equal hashes: a table keyed by value
alone would give a game's own position 1 what it made for a hand-built ``True``. Here
hand-built states with a bool or a float where an int belongs are listed and stepped
(whatever the rules make of them), and fresh games played after them must still write
events that read back (an event with ``start=True`` is refused by `event_from_json`).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator

import attrs
import pytest

from sonic_rules import CHANCE, InvalidStateError, RulesError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.core.interning import Memo, caches
from sonic_rules.super_teams import (
    Card,
    Phase,
    Piece,
    State,
    apply,
    chance_outcomes,
    event_from_json,
    event_to_json,
    legal_actions,
    new_game,
    step,
)
from st_helpers import random_states


def _inexact(value: int, seed: int) -> object:
    """``value`` as a bool or a float, equal to it and hashed alike."""
    if value in (0, 1) and seed % 2:
        return bool(value)
    return float(value)


def _hand_built(state: State, seed: int) -> Iterator[State]:
    """``state`` with a bool or a float where each kind of int the rules key on belongs."""
    pieces = tuple(
        Piece(piece.character, _inexact(piece.position, seed), piece.half)  # type: ignore[arg-type]
        for piece in state.pieces
    )
    yield attrs.evolve(state, pieces=pieces)
    yield attrs.evolve(state, turn=_inexact(state.turn, seed))
    yield attrs.evolve(state, deal_next=_inexact(state.deal_next, seed))
    if state.bonus_queue:
        queue = (_inexact(state.bonus_queue[0], seed), *state.bonus_queue[1:])
        yield attrs.evolve(state, bonus_queue=queue)
    if state.pending is not None:
        pending = state.pending
        yield attrs.evolve(
            state,
            pending=attrs.evolve(
                pending,
                seat=_inexact(pending.seat, seed),
                responders=tuple(_inexact(seat, seed) for seat in pending.responders),
            ),
        )


def _try_everything(state: State) -> None:
    """Whatever the rules make of ``state``: its lists, and every action they list."""
    try:
        actions = (
            [action for action, _ in chance_outcomes(state)]
            if state.to_act is CHANCE
            else legal_actions(state)
        )
    except RulesError:
        return
    for action in actions:
        with contextlib.suppress(RulesError):
            step(state, action)


def _play_fresh_games(games: int) -> int:
    """Seeded games from scratch; each event is written and read back. The events seen."""
    seen = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(2 + seed % 3)
        while not state.is_over:
            if state.to_act is CHANCE:
                action = sample_outcome(chance_outcomes(state), rng)
            else:
                action = rng.choice(legal_actions(state))
            state, events = step(state, action)
            for event in events:
                text = event_to_json(event)
                assert event_to_json(event_from_json(text)) == text
                seen += 1
    return seen


def test_hand_built_states_with_bools_and_floats_leave_nothing_for_fresh_games() -> None:
    for seed in range(6):
        for state in random_states(2 + seed % 3, seed)[::3]:
            for hand_built in _hand_built(state, seed):
                _try_everything(hand_built)
    assert _play_fresh_games(100) > 10_000


def test_a_state_refused_as_malformed_leaves_nothing_in_any_table() -> None:
    state = next(s for s in random_states(2, 3) if s.phase is Phase.PLAY)
    pieces = tuple(Piece(piece.character, True) for piece in state.pieces)  # type: ignore[arg-type]
    hand_built = attrs.evolve(state, pieces=pieces)
    action = legal_actions(hand_built)[0]
    with pytest.raises(InvalidStateError, match="position"):
        step(hand_built, action)
    assert all(size == 0 for _name, _limit, size in caches())


def test_an_unsorted_deck_is_not_taken_for_a_remembered_one() -> None:
    state = new_game(4)
    chance_outcomes(state)  # the sorted deck is remembered
    blue1, red1 = Card.parse("blue-1"), Card.parse("red-1")
    unsorted = attrs.evolve(state, deck=(blue1, red1, blue1, *state.deck[4:]))
    outcomes = chance_outcomes(unsorted)
    assert [action.card for action, _ in outcomes[:3]] == [blue1, red1, blue1]


def test_every_table_is_named_and_stays_within_its_bound() -> None:
    state = new_game(4)
    rng = random.Random(1)
    while not state.is_over:
        if state.to_act is CHANCE:
            state = apply(state, sample_outcome(chance_outcomes(state), rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    names = [name for name, _limit, _size in caches()]
    for name in ("super-teams events", "super-teams actions", "super-teams plays"):
        assert name in names
    assert all(name and 0 <= size <= limit for name, limit, size in caches())
    assert state.phase is Phase.GAME_OVER


def test_a_full_table_starts_afresh() -> None:
    memo: Memo[int, str] = Memo(3, "a test table")
    for key in range(4):
        memo.put(key, str(key))
    assert len(memo) == 1 and memo.get(3) == "3" and memo.get(0) is None
