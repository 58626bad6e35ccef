"""States to draw: a sample of every game, variant and player count, and the hidden parts
of a state shuffled the way the seat-view leak tests do (tests/*/test_views.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs

import sonic_rules
from sonic_rules import CHANCE
from sonic_rules.core.chance import sample_outcome
from sonic_rules.core.game import Game, Ply
from sonic_rules.crash_course.state import KINDS, ItemKind
from st_helpers import shuffle_hidden as shuffle_super_teams_hidden

SAMPLES = 5
"""States drawn from each configuration's game (the opening, then evenly along it)."""
MAX_ACTIONS = 300


def configurations() -> list[tuple[str, str, int]]:
    """Every ``(game name, variant, players)``."""
    return [(g.name, variant, n) for g in sonic_rules.games() for variant, n in g.configurations()]


def sampled(name: str, variant: str, players: int, seed: int = 0) -> Iterator[tuple[Any, Ply[Any]]]:
    """``SAMPLES`` states of one seeded random game, each with the ply that led to it
    (the opening: with no ply, ``None``)."""
    game: Game[Any, Any] = sonic_rules.game(name)
    rng = random.Random(seed)
    state = game.new_game(players, variant=variant)
    history: list[tuple[Any, Ply[Any] | None]] = [(state, None)]
    while not state.is_over and len(history) <= MAX_ACTIONS:
        to_act = state.to_act
        if to_act is CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state, events = game.step(state, action)
        history.append((state, Ply(None if to_act is CHANCE else to_act, action, tuple(events))))
    step = max(1, len(history) // SAMPLES)
    yield from history[::step][:SAMPLES]  # type: ignore[misc]
    yield history[-1]  # type: ignore[misc]


def shuffle_hidden(state: Any, seat: int | None, rng: random.Random) -> Any:
    """``state`` with what ``seat`` cannot see dealt out afresh, every count kept."""
    if state.__class__.__module__.startswith("sonic_rules.super_teams"):
        return shuffle_super_teams_hidden(state, seat, rng)
    return _shuffle_crash_course(state, seat, rng)


def _shuffle_crash_course(state: Any, seat: int | None, rng: random.Random) -> Any:
    hidden = [
        n
        for n, c in enumerate(state.characters)
        if not (state.options.open_items or (seat is not None and c.owner == seat))
    ]
    draw_hidden = seat is None or state.turn != seat
    pool = [kind for kind in KINDS for _ in range(state.pile[kind.index])]
    for number in hidden:
        pool += state.characters[number].items
    if draw_hidden:
        pool += state.drawn
    rng.shuffle(pool)
    characters = list(state.characters)
    for number in hidden:
        held = []
        for _ in characters[number].items:
            token = next(kind for kind in pool if kind is not ItemKind.RING)
            pool.remove(token)
            held.append(token)
        characters[number] = attrs.evolve(characters[number], items=tuple(held))
    drawn = state.drawn
    if draw_hidden:
        drawn = tuple(pool[: len(drawn)])
        del pool[: len(drawn)]
    pile = tuple(pool.count(kind) for kind in KINDS)
    return attrs.evolve(state, characters=tuple(characters), drawn=drawn, pile=pile)
