"""The rule every state the referee accepts keeps, and ways to break a state's JSON.

The rule (issue 11, "States are checked as a whole on load"): a state that ``from_json``
accepts is one that play could reach or ``setup_position`` could build; every action
listed for it applies and gives a state that ``from_json`` accepts, and ``legal_actions``
is empty only when the game is over. `check_loaded` holds a JSON text to it.

`corrupt` damages a valid state's JSON one way (a value of another type, a number out
of range, a token or card moved or duplicated, a field removed or added, the phase
swapped); it draws its choices through a `Chooser`, so that hypothesis (the property
tests) and a seeded ``random.Random`` (``benchmarks/soak.py``) share it.

`play_checked` plays a seeded random game checking every invariant after every action
(the state validates, JSON round-trips, legal actions and the action space agree with
``apply``, and each seat's view ignores what it cannot see); ``benchmarks/soak.py`` runs
it at length, the tests run a few games.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

import attrs

import sonic_rules
from sonic_rules import CHANCE, InvalidStateError, RulesError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.core.game import Game
from sonic_rules.crash_course.state import KINDS, ItemKind
from sonic_rules.crash_course.state import State as CCState
from sonic_rules.super_teams.state import State as STState
from st_helpers import shuffle_hidden as shuffle_super_teams_hidden

T = TypeVar("T")
AnyGame = Game[Any, Any]

MAX_ACTIONS = 3000
"""A random game is cut off after this many actions (Crash Course games can wander)."""

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "super-teams": [{}, {"turn_limit": 12}, {"partner_second_bonus": True, "first_player": 1}],
    "crash-course": [
        {},
        {"official_draw": True},
        {"turn_limit": 9},
        {"decision_limit": 40},
        {"damage_bars_only_moves": True, "open_items": True, "set_back": True},
    ],
}
"""Options each game is also played with, so that their fields and phases are covered."""


def games() -> list[AnyGame]:
    return list(sonic_rules.games())


def configurations(game: AnyGame) -> list[tuple[str, int, dict[str, Any]]]:
    """Every variant and player count, with each option set of `OPTIONS` that fits it."""
    result = []
    for variant, players in game.configurations():
        for options in OPTIONS[game.name]:
            if variant == "beginner" and options.get("official_draw"):
                continue
            result.append((variant, players, options))
    return result


def new_game(game: AnyGame, variant: str, players: int, options: dict[str, Any]) -> Any:
    return game.new_game(players, variant=variant, options=options)


def next_action(game: AnyGame, state: Any, rng: random.Random) -> Any:
    """A random legal action, or a chance outcome drawn by its probability."""
    if state.to_act is CHANCE:
        return sample_outcome(game.chance_outcomes(state), rng)
    return rng.choice(game.legal_actions(state))


def random_states(
    game: AnyGame, variant: str, players: int, options: dict[str, Any], seed: int
) -> Iterator[Any]:
    """Every state of one seeded random game."""
    rng = random.Random(seed)
    state = new_game(game, variant, players, options)
    yield state
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return
        state = game.apply(state, next_action(game, state, rng))
        yield state


def sample_states(game: AnyGame, seeds: int, every: int) -> list[Any]:
    """States of every configuration and phase: each ``every``-th state of ``seeds`` games
    per configuration, plus the first state met of each phase."""
    states = []
    for variant, players, options in configurations(game):
        phases: set[Any] = set()
        for seed in range(seeds):
            for number, state in enumerate(random_states(game, variant, players, options, seed)):
                if number % every == 0 or state.phase not in phases:
                    states.append(state)
                    phases.add(state.phase)
    return states


# ----- the rule ---------------------------------------------------------------------------


def _spread(items: Sequence[T], limit: int | None) -> list[T]:
    """``items``, or ``limit`` of them spread evenly (the first and last included)."""
    if limit is None or len(items) <= limit:
        return list(items)
    step = (len(items) - 1) / (limit - 1)
    return [items[round(k * step)] for k in range(limit)]


def check_loaded(game: AnyGame, text: str, limit: int | None = None) -> bool:
    """Hold ``text`` to the rule; True if ``from_json`` refused it (with a path).

    ``limit`` caps how many of the listed actions are applied (spread over the list).
    Anything else than the rule raises ``AssertionError`` or the exception met.
    """
    try:
        state = game.from_json(text)
    except InvalidStateError as error:
        assert error.path.startswith("$"), error
        return True
    check_actions(game, state, limit)
    return False


def check_actions(game: AnyGame, state: Any, limit: int | None = None) -> int:
    """Every action listed for ``state`` applies and gives a state ``from_json`` takes
    back equal; some action is listed unless the game is over. Returns how many ran."""
    if state.to_act is CHANCE:
        actions = [outcome for outcome, _ in game.chance_outcomes(state)]
        assert actions, "a chance node with no outcome"
    else:
        actions = game.legal_actions(state)
        assert bool(actions) != state.is_over, f"{len(actions)} legal actions, over={state.is_over}"
    for action in _spread(actions, limit):
        after = game.apply(state, action)
        text = game.to_json(after)
        assert game.from_json(text) == after, f"{action!r} gives a state that does not load"
    return len(_spread(actions, limit))


# ----- breaking a state's JSON ------------------------------------------------------------


class Chooser(Protocol):
    """Where `corrupt` draws its choices from."""

    def choice(self, options: Sequence[T]) -> T: ...

    def integer(self, low: int, high: int) -> int: ...


@attrs.frozen
class RandomChooser:
    """A `Chooser` over a seeded ``random.Random``."""

    rng: random.Random

    def choice(self, options: Sequence[T]) -> T:
        return self.rng.choice(list(options))

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


Path = tuple[str | int, ...]


def _paths(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every value in ``value`` with its path, containers included (the root excepted)."""
    if path:
        yield path, value
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, (*path, index))


def _get(data: Any, path: Path) -> Any:
    for step in path:
        data = data[step]
    return data


def _set(data: Any, path: Path, value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def _strings(data: Any) -> list[str]:
    """Every string in the state (other phases, kinds, cards, names to swap in)."""
    return sorted({value for _, value in _paths(data) if isinstance(value, str)} | PHASE_NAMES)


PHASE_NAMES = {
    phase.value
    for module in (sonic_rules.super_teams, sonic_rules.crash_course)
    for phase in module.Phase
}


def _retype(data: Any, choose: Chooser) -> str:
    path, value = choose.choice(list(_paths(data)))
    other: list[Any] = [None, True, 1.5, "x", [], {}, 1, [copy.deepcopy(value)]]
    replacement = choose.choice([v for v in other if type(v) is not type(value)] + [str(value)])
    _set(data, path, replacement)
    return f"{_show(path)}: {type(value).__name__} -> {replacement!r}"


def _renumber(data: Any, choose: Chooser) -> str:
    numbers = [(p, v) for p, v in _paths(data) if type(v) is int]
    if not numbers:
        return _retype(data, choose)
    path, value = choose.choice(numbers)
    replacement = choose.choice(
        [
            value + 1,
            value - 1,
            -1,
            0,
            1,
            2,
            3,
            7,
            value + choose.integer(2, 60),
            10**6,
            10**20,
            -(10**20),
        ]
    )
    _set(data, path, replacement)
    return f"{_show(path)}: {value} -> {replacement}"


def _restring(data: Any, choose: Chooser) -> str:
    texts = [(p, v) for p, v in _paths(data) if type(v) is str and p[-1] != "board"]
    path, value = choose.choice(texts)
    replacement = choose.choice(_strings(data))
    _set(data, path, replacement)
    return f"{_show(path)}: {value!r} -> {replacement!r}"


def _swap_phase(data: Any, choose: Chooser) -> str:
    replacement = choose.choice(sorted(PHASE_NAMES))
    before = data.get("phase")
    data["phase"] = replacement
    return f"phase {before!r} -> {replacement!r}"


def _lists(data: Any) -> list[tuple[Path, list[Any]]]:
    return [(p, v) for p, v in _paths(data) if isinstance(v, list)]


def _move_element(data: Any, choose: Chooser) -> str:
    """A token, card or entry moved from one list to another (or dropped, or doubled)."""
    full = [(p, v) for p, v in _lists(data) if v]
    if not full:
        return _retype(data, choose)
    source_path, source = choose.choice(full)
    index = choose.integer(0, len(source) - 1)
    element = source[index]
    how = choose.choice(["move", "drop", "double"])
    if how != "double":
        del source[index]
    if how == "drop":
        return f"{_show(source_path)}[{index}] dropped"
    targets = [(p, v) for p, v in _lists(data) if not v or type(v[0]) is type(element)]
    target_path, target = choose.choice(targets)
    target.insert(choose.integer(0, len(target)), copy.deepcopy(element))
    return f"{_show(source_path)}[{index}] {how}d to {_show(target_path)}"


def _move_count(data: Any, choose: Chooser) -> str:
    """A count moved from one number to another (Crash Course's piles are counts), most
    often between lists of counts of one length (the pile, discard and box by kind)."""
    numbers = [p for p, v in _paths(data) if type(v) is int]
    if len(numbers) < 2:
        return _renumber(data, choose)
    source = choose.choice(numbers)
    alike = [p for p in numbers if _shape(data, p) == _shape(data, source)]
    target = choose.choice(choose.choice([numbers, alike, alike]))
    _set(data, source, _get(data, source) - 1)
    _set(data, target, _get(data, target) + 1)
    return f"1 moved from {_show(source)} to {_show(target)}"


def _shape(data: Any, path: Path) -> tuple[Any, ...]:
    """A number's place: its index and the length of the list holding it (else its key)."""
    parent = _get(data, path[:-1])
    return (path[-1], len(parent)) if isinstance(parent, list) else (path[-1],)


def _remove_field(data: Any, choose: Chooser) -> str:
    objects = [(p, v) for p, v in _paths(data) if isinstance(v, dict) and v] + [((), data)]
    path, value = choose.choice(objects)
    key = choose.choice(sorted(value))
    del value[key]
    return f"{_show((*path, key))} removed"


def _add_field(data: Any, choose: Chooser) -> str:
    objects = [(p, v) for p, v in _paths(data) if isinstance(v, dict)] + [((), data)]
    path, value = choose.choice(objects)
    value[choose.choice(["extra", "Phase", "rings ", "seat"])] = choose.choice([0, None, "x"])
    return f"{_show(path)} gained a field"


CORRUPTIONS: dict[str, Callable[[Any, Chooser], str]] = {
    "type": _retype,
    "number": _renumber,
    "string": _restring,
    "phase": _swap_phase,
    "element": _move_element,
    "count": _move_count,
    "removed field": _remove_field,
    "added field": _add_field,
}


def corrupt(text: str, choose: Chooser) -> tuple[str, str, str]:
    """``text`` (a state's JSON) damaged one way: ``(kind, what was done, new text)``."""
    data = json.loads(text)
    kind = choose.choice(sorted(CORRUPTIONS))
    what = CORRUPTIONS[kind](data, choose)
    return kind, what, json.dumps(data)


def _show(path: Path) -> str:
    return "$" + "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in path)


# ----- playing with every invariant checked -----------------------------------------------


@attrs.define
class Tally:
    """What a soak or corruption run checked."""

    games: int = 0
    actions: int = 0
    applied: int = 0
    illegal_refused: int = 0
    views: int = 0
    corrupted: int = 0
    refused: int = 0


def play_checked(
    game: AnyGame,
    variant: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    tally: Tally,
    corrupt_every: int = 0,
    max_actions: int = MAX_ACTIONS,
) -> None:
    """One seeded random game, every invariant checked after every action.

    With ``corrupt_every`` > 0, every so many states a corrupted copy of the state's
    JSON is also held to the rule (`check_loaded`). The game stops after ``max_actions``.
    """
    rng, checks = random.Random(seed), random.Random(seed + 1)
    choose = RandomChooser(random.Random(seed + 2))
    state = new_game(game, variant, players, options)
    check_state(game, state, (), checks, tally)
    for number in range(max_actions):
        if state.is_over:
            break
        stale = [] if state.to_act is CHANCE else game.legal_actions(state)
        state = game.apply(state, next_action(game, state, rng))
        tally.actions += 1
        check_state(game, state, stale, checks, tally)
        if corrupt_every and number % corrupt_every == 0:
            _, what, text = corrupt(game.to_json(state), choose)
            tally.corrupted += 1
            try:
                tally.refused += check_loaded(game, text, limit=12)
            except Exception as error:
                raise AssertionError(f"{what} ({type(error).__name__}: {error})") from error
    tally.games += 1


def check_state(
    game: AnyGame, state: Any, stale: Sequence[Any], rng: random.Random, tally: Tally
) -> None:
    """The invariants of one state met in play (``stale``: the actions listed before)."""
    game.validate_state(state)  # conservation, ranges, the phase's fields
    text = game.to_json(state)
    assert game.from_json(text) == state, "the JSON round trip changed the state"
    tally.applied += check_actions(game, state, limit=6)
    tally.illegal_refused += _check_action_space(game, state, stale, rng)
    tally.views += check_views(game, state, rng)


def _check_action_space(game: AnyGame, state: Any, stale: Sequence[Any], rng: random.Random) -> int:
    """``legal_actions``, the action space's mask and ``apply`` agree: the mask marks the
    legal actions' indices, an index off the mask names no action here, and actions
    listed a step earlier and not now are refused, the state left as it was. Returns
    how many were refused."""
    if state.is_over or state.to_act is CHANCE:
        return 0
    mask = game.legal_mask(state)
    legal = game.legal_actions(state)
    assert {game.action_index(state, action) for action in legal} == {
        index for index, on in enumerate(mask) if on
    }
    assert sum(mask) == len(legal)
    before = game.to_json(state)
    refused = 0
    off = [index for index, on in enumerate(mask) if not on]
    for index in rng.sample(off, min(3, len(off))):
        try:
            game.action_from_index(state, index)
        except RulesError:
            refused += 1
        else:
            raise AssertionError(f"index {index} is off the mask but names a legal action")
    gone = [action for action in stale if action not in legal]
    for action in rng.sample(gone, min(3, len(gone))):
        try:
            game.apply(state, action)
        except RulesError:
            refused += 1
        else:
            raise AssertionError(f"{action!r} is not listed but applies")
    assert game.to_json(state) == before
    return refused


# ----- what each seat may see -------------------------------------------------------------


def check_views(game: AnyGame, state: Any, rng: random.Random) -> int:
    """Each seat's view (and the spectator's) is unchanged when what it cannot see is
    dealt out afresh. Returns how many views were compared."""
    compared = 0
    for seat in [None, *range(state.players)]:
        seen = game.observe(state, seat).to_json()
        other = hide(state, seat, rng)
        assert game.observe(other, seat).to_json() == seen, f"seat {seat} sees hidden content"
        compared += 1
    return compared


def hide(state: Any, seat: int | None, rng: random.Random) -> Any:
    """``state`` with what ``seat`` cannot see dealt out afresh (sizes kept)."""
    if isinstance(state, STState):
        return shuffle_super_teams_hidden(state, seat, rng)
    assert isinstance(state, CCState)
    return _cc_hidden(state, seat, rng)


def _cc_hidden(state: CCState, seat: int | None, rng: random.Random) -> CCState:
    """Held items of other seats' characters (unless open) and the pile, dealt afresh;
    never a Ring to a hand, nor Super Jump-like impossibilities: only kinds already
    held elsewhere or in the pile move."""
    if state.options.open_items:
        return state
    others = [n for n, c in enumerate(state.characters) if seat is None or c.owner != seat]
    pool = [kind for kind in KINDS for _ in range(state.pile[kind.index])]
    for number in others:
        pool += state.characters[number].items
    rng.shuffle(pool)
    characters = list(state.characters)
    for number in others:
        held = []
        for _ in characters[number].items:
            token = next(kind for kind in pool if kind is not ItemKind.RING)
            pool.remove(token)
            held.append(token)
        characters[number] = attrs.evolve(
            characters[number], items=tuple(sorted(held, key=lambda k: k.index))
        )
    pile = tuple(pool.count(kind) for kind in KINDS)
    return attrs.evolve(state, characters=tuple(characters), pile=pile)
