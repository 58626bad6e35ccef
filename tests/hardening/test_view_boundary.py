"""A view is accepted only if some state could give it, and then every method works.

Regression tests for the hardening review: a 2 KB Super Teams view whose bonus split
said ``"speed": 10**8`` built a tuple of that many cards before it was refused; a view
with ``"pieces": []`` was accepted and then ``describe()`` raised ``LookupError``; one in
phase ``bonus-draw`` with an empty bonus queue was accepted and its pictures raised
``IndexError``.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sonic_rules
from hardening.entry_points import _played
from sonic_rules import RulesError, svg, text
from sonic_rules.super_teams.options import BONUS_CARDS

GAMES = {game.name: game for game in sonic_rules.games()}


def _views(name: str) -> list[dict[str, Any]]:
    """The JSON of every seat's view (and the spectator's) of states along a game."""
    game = GAMES[name]
    states, _, _ = _played(name, 1)
    found = []
    for state in states[::2]:
        for seat in [*range(state.players), None]:
            found.append(json.loads(game.observe(state, seat).to_json()))
    return found


VIEWS = {name: _views(name) for name in GAMES}


def _every_method_works(game: Any, view: Any) -> None:
    """What a frontend does with a view; only a `RulesError` may come out (a view of a seat
    not to act has no legal actions)."""
    assert game.view_from_json(view.to_json()) == view
    assert game.view_from_json(view.to_json(indent=2)) == view
    view.describe()
    view._repr_svg_()
    svg.position(view)
    text.picture(view, colour=False)
    text.picture(view, colour=True)
    assert view.is_over == (view.to_act is None)
    tuple(view.winners)
    with contextlib.suppress(RulesError):
        game.legal_actions(view)


def _st_view(change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(GAMES["super-teams"].observe(GAMES["super-teams"].new_game(2), 0).to_json())
    change(data)
    return json.dumps(data)


def test_a_super_teams_bonus_split_of_a_hundred_million_cards_is_refused_at_once() -> None:
    hostile = _st_view(lambda data: data["options"]["bonus_split"].update(speed=10**8))
    assert len(hostile) < 2_500
    started = time.perf_counter()
    with pytest.raises(RulesError, match=f"must total {BONUS_CARDS} cards") as refused:
        GAMES["super-teams"].view_from_json(hostile)
    elapsed = time.perf_counter() - started
    assert refused.value.path == "$.options.bonus_split"  # type: ignore[attr-defined]
    assert elapsed < 1.0, f"took {elapsed:.3f} s"


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda data: data.update(pieces=[]), "$.pieces"),
        (lambda data: data.update(phase="bonus-draw", bonus_queue=[]), "$.bonus_queue"),
        (lambda data: data["options"]["bonus_split"].update(speed=-4, shield=12), None),
        (lambda data: data["options"].update(first_player=7), "$.options.first_player"),
    ],
    ids=["no pieces", "bonus draw with no queue", "negative split", "first player"],
)
def test_a_super_teams_view_no_state_gives_is_refused(
    change: Callable[[dict[str, Any]], None], path: str | None
) -> None:
    with pytest.raises(RulesError) as refused:
        GAMES["super-teams"].view_from_json(_st_view(change))
    if path is not None:
        assert refused.value.path == path  # type: ignore[attr-defined]


def _cc_view(change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(GAMES["crash-course"].observe(GAMES["crash-course"].new_game(2), 0).to_json())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "path"),
    [
        # So many unseen tokens that a stand-in would deal them out one by one.
        (
            lambda data: data.update(
                unseen=[data["unseen"][0] + 10**30, *data["unseen"][1:]],
                pile_size=data["pile_size"] + 10**30,
            ),
            "$.unseen[0]",
        ),
        (lambda data: data.update(characters=[]), "$.active"),
        (lambda data: data.update(phase="game-over"), None),
        (lambda data: data.update(pile_size=data["pile_size"] - 1), "$.unseen"),
    ],
    ids=["unseen count", "no characters", "over without a winner", "pile size"],
)
def test_a_crash_course_view_no_state_gives_is_refused(
    change: Callable[[dict[str, Any]], None], path: str | None
) -> None:
    with pytest.raises(RulesError) as refused:
        GAMES["crash-course"].view_from_json(_cc_view(change))
    if path is not None:
        assert refused.value.path == path  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", list(GAMES))
def test_every_view_a_state_gives_is_read_back_and_works(name: str) -> None:
    for data in VIEWS[name]:
        _every_method_works(GAMES[name], GAMES[name].view_from_json(json.dumps(data)))


_REPLACEMENTS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=60),
    st.sampled_from([10**6, 10**39, -(10**39)]),
    st.sampled_from(["", "x", "sonic", "blue-1", "speed", "bonus-draw", "game-over", "play"]),
    st.just([]),
    st.just({}),
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, as the keys and indices that lead there."""
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*path, index))
    return found


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


@st.composite
def _mutated(draw: st.DrawFn, name: str) -> str:
    """A valid view's JSON with one to three places changed: a value replaced by another
    (of any type, or the value of another place), a list item dropped or repeated."""
    data = json.loads(json.dumps(draw(st.sampled_from(VIEWS[name]))))
    for _ in range(draw(st.integers(1, 3))):
        paths = [path for path in _paths(data) if path]
        path = draw(st.sampled_from(paths))
        parent, last = _at(data, path[:-1]), path[-1]
        how = draw(st.sampled_from(["replace", "copy", "drop", "repeat", "nudge"]))
        if how == "replace":
            parent[last] = draw(_REPLACEMENTS)
        elif how == "copy":
            parent[last] = json.loads(json.dumps(_at(data, draw(st.sampled_from(paths)))))
        elif how == "drop" and isinstance(parent, list):
            del parent[last]
        elif how == "repeat" and isinstance(parent, list):
            parent.insert(last, parent[last])
        elif type(parent[last]) is int:
            parent[last] += draw(st.sampled_from([-1, 1]))
    return json.dumps(data)


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_view_is_refused_or_works(name: str, data: st.DataObject) -> None:
    hostile = data.draw(_mutated(name))
    game = GAMES[name]
    try:
        view = game.view_from_json(hostile)
    except RulesError:
        return
    _every_method_works(game, view)
