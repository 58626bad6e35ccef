"""Observation tensors and information states (RULINGS.md, Crash Course, "What each seat
may see"; issue 8, item 5).

The tensor is built from the seat's view alone: its length is fixed for a catalogue (every
variant and player count, every state of a game), its values are finite, and it does not
change when only what the seat cannot see changes (the test views' leak helpers move the
other seats' held items, another seat's draw and the pile's tokens); it changes when what
the seat sees changes. The information state is the canonical view JSON.
"""

from __future__ import annotations

import math
import random
import re

import attrs
import pytest

from crash_course.test_views import _configurations, _games, _move_hidden, _visible_changes
from sonic_rules import InvalidActionError
from sonic_rules.crash_course import State, default_catalogue, new_game, observation
from sonic_rules.crash_course.observation import (
    information_state,
    observation_layout,
    observation_shape,
    observation_tensor,
)
from sonic_rules.crash_course.state import KINDS
from sonic_rules.crash_course.tiles import TileSpec
from sonic_rules.crash_course.validate import TERMINATIONS
from sonic_rules.crash_course.views import observe

EVERY = 3  # look at every third state of a game


def _offsets(state: State) -> dict[str, int]:
    offsets: dict[str, int] = {}
    at = 0
    for name, length in observation_layout(state):
        offsets[name] = at
        at += length
    return offsets


def _documented(tiles: int, shortcuts: int) -> list[tuple[str, int]]:
    """The layout table of the observation module's docstring, for ``K`` and ``S`` given
    (``T``: the ways a game ends)."""
    ended = len(TERMINATIONS)
    doc = observation.__doc__
    assert doc is not None
    rows = re.findall(r"^([a-z_]+) {2,}(\S(?:\S| (?! ))*) {2,}\S", doc, re.MULTILINE)
    return [
        (name, eval(length.replace(" x ", " * "), {"K": tiles, "S": shortcuts, "T": ended}))
        for name, length in rows
        if name != "section"
    ]


@pytest.mark.parametrize(("variant", "players"), _configurations())
def test_observation_shape_is_fixed_for_a_configuration(variant: str, players: int) -> None:
    """Every state of random games gives the same length, ``observation_shape``, for every
    seat and the spectator; a course never holds more tiles than the catalogue has."""
    first = new_game(players, variant=variant)
    (length,) = observation_shape(first)
    assert length == sum(size for _, size in observation_layout(first))
    checked = 0
    for number, state in enumerate(_games(variant, players)):
        assert len(state.course) <= len(state.catalogue.tiles)
        if number % EVERY:
            continue
        assert observation_shape(state) == (length,)
        for seat in [None, *range(players)]:
            tensor = observation_tensor(state, seat)
            assert len(tensor) == length
            assert all(type(value) is float and math.isfinite(value) for value in tensor)
            checked += 1
    assert checked > 50


def test_observation_layout_is_the_documented_table() -> None:
    """The module docstring's table gives every section's length (``K`` track tiles, ``S``
    shortcut tiles); another catalogue changes the length as the table says."""
    state = new_game(3)
    catalogue = state.catalogue
    assert observation_layout(state) == _documented(len(catalogue.tiles), len(catalogue.shortcuts))
    extra = TileSpec("extra-straight", "straight", "straight", ("...", "<.>", "..."))
    other = attrs.evolve(
        catalogue, tiles=(*catalogue.tiles, extra), shortcuts=catalogue.shortcuts[:2]
    )
    bigger = new_game(2, tiles=other)
    assert observation_layout(bigger) == _documented(len(other.tiles), len(other.shortcuts))
    assert len(observation_tensor(bigger, 0)) == observation_shape(bigger)[0]
    assert observation_shape(bigger) != observation_shape(state)


@pytest.mark.parametrize(("variant", "players"), _configurations())
def test_observation_does_not_leak_what_a_seat_cannot_see(variant: str, players: int) -> None:
    """RULINGS "What each seat may see" (no rule id): moving the tokens a seat has not
    seen changes neither its tensor nor its information state; changing what it sees
    changes both."""
    rng = random.Random(f"observation-{variant}-{players}")
    checked = moved = converse = 0
    for number, state in enumerate(_games(variant, players, 1)):
        if number % EVERY:
            continue
        for seat in [None, *range(players)]:
            tensor = observation_tensor(state, seat)
            info = information_state(state, seat)
            assert info == observe(state, seat).to_json()
            other = _move_hidden(state, seat, rng)
            moved += other != state
            assert observation_tensor(other, seat) == tensor
            assert information_state(other, seat) == info
            for what, changed in _visible_changes(state, seat):
                assert observation_tensor(changed, seat) != tensor, what
                assert information_state(changed, seat) != info, what
                converse += 1
            checked += 1
    assert checked > 20
    assert converse > checked
    if variant != "beginner":
        # Beginner hides only face-down tokens, held as pile counts: nothing to move.
        assert moved > checked // 4


def test_observation_reads_the_viewer_characters_and_items() -> None:
    """The viewer's seat, a character's space and held items: the holder's own items by
    kind, another seat's and the spectator's only their number."""
    state = next(s for s in _games("standard", 3, 1) if s.characters[1].items)
    holder = state.characters[1]
    tiles = len(state.catalogue.tiles)
    width = tiles + 29
    at = _offsets(state)["characters"] + width  # character 1
    for seat in (holder.owner, (holder.owner + 1) % 3, None):
        tensor = observation_tensor(state, seat)
        viewer = _offsets(state)["viewer"]
        assert tensor[viewer : viewer + 4] == [float(s == seat) for s in range(4)]
        slot = tensor[at : at + width]
        assert slot[0] == 1.0 and slot[5 + holder.owner] == 1.0
        tile, row, lane = (
            slot[9 : 9 + tiles + 1],
            slot[10 + tiles : 13 + tiles],
            slot[13 + tiles : 16 + tiles],
        )
        where = holder.position
        if where is None:
            assert tile[tiles] == 1.0 and row == lane == [0.0] * 3
        else:
            assert tile[where.tile] == row[where.row] == lane[where.lane] == 1.0
        item_count, seen, *items = slot[width - 9 :]
        assert item_count == float(len(holder.items))
        if seat == holder.owner:
            assert seen == 1.0
            assert items == [float(holder.items.count(kind)) for kind in KINDS]
        else:
            assert seen == 0.0 and items == [0.0] * len(KINDS)


def test_observation_bad_input() -> None:
    """A non-state raises ``TypeError``; a seat out of range raises the error `observe`
    raises (``InvalidActionError`` naming the seat)."""
    state = new_game(2)
    for function in (observation_layout, observation_shape):
        with pytest.raises(TypeError, match="Crash Course State"):
            function(default_catalogue())  # type: ignore[arg-type]
    for function in (observation_tensor, information_state):
        with pytest.raises(TypeError, match="Crash Course State"):
            function(default_catalogue(), 0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="seat"):
            function(state, "0")  # type: ignore[arg-type]
        for seat in (2, -1):
            with pytest.raises(InvalidActionError, match=f"seat {seat}"):
                function(state, seat)
