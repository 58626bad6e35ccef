"""What each seat may see (RULINGS.md, Crash Course, "What each seat may see"): views.

The leak test plays seeded random games of every variant and player count and, at
states along the way, moves what a seat cannot see (the other seats' held items, another
seat's draw and the pile's tokens, kinds exchanged, every count kept; the changed state
must pass `validate_state`): the seat's view JSON and description must not change by a
byte. Changing what the seat does see (its own held items, a character's position, an
item on the track) must change its view.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import attrs
import pytest

import sonic_rules
from sonic_rules import CHANCE, InvalidActionError, InvalidStateError, RulesError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.crash_course import (
    ItemKind,
    State,
    Variant,
    apply,
    chance_outcomes,
    describe_state,
    legal_actions,
    new_game,
    step,
    validate_state,
)
from sonic_rules.crash_course.events import (
    EVENT_TYPES,
    Drew,
    HiddenDrew,
    HiddenItemKept,
    ItemKept,
    event_from_json,
    event_to_json,
)
from sonic_rules.crash_course.serialize import FORMAT
from sonic_rules.crash_course.state import KINDS
from sonic_rules.crash_course.views import (
    events_for,
    legal_actions_for_view,
    observe,
    view_from_json,
)

GAMES = 2
EVERY = 4  # check every fourth state of each game
MAX_STEPS = 400


def _configurations() -> list[tuple[str, int]]:
    return list(sonic_rules.game("crash-course").configurations())


def _games(variant: str, players: int, games: int = GAMES) -> Iterator[State]:
    """The states of ``games`` seeded random games (cut off after ``MAX_STEPS``)."""
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(players, variant=variant)
        yield state
        for _ in range(MAX_STEPS):
            if state.is_over:
                break
            if state.to_act is CHANCE:
                action = sample_outcome(chance_outcomes(state), rng)
            else:
                action = rng.choice(legal_actions(state))
            state = apply(state, action)
            yield state


def _hidden_from(state: State, seat: int | None) -> tuple[list[int], bool]:
    """The characters whose held items ``seat`` cannot see, and whether the draw is hidden."""
    others = [n for n, c in enumerate(state.characters) if seat is None or c.owner != seat]
    return others, seat is None or state.turn != seat


def _move_hidden(state: State, seat: int | None, rng: random.Random) -> State:
    """``state`` with the tokens ``seat`` has not seen dealt out afresh, counts kept, and
    checked by `validate_state`. A hidden draw is dealt afresh too when the deal gives a
    state the rules allow (a keep choice needs two kinds drawn), else left as it was."""
    for _ in range(10):
        other = _deal_hidden(state, seat, rng, redeal_draw=True)
        try:
            validate_state(other)
        except InvalidStateError:
            continue
        return other
    other = _deal_hidden(state, seat, rng, redeal_draw=False)
    validate_state(other)
    return other


def _deal_hidden(state: State, seat: int | None, rng: random.Random, redeal_draw: bool) -> State:
    others, draw_hidden = _hidden_from(state, seat)
    draw_hidden = draw_hidden and redeal_draw
    pool = [kind for kind in KINDS for _ in range(state.pile[kind.index])]
    for number in others:
        pool += state.characters[number].items
    if draw_hidden:
        pool += state.drawn
    rng.shuffle(pool)
    characters = list(state.characters)
    for number in others:
        held = []
        for _ in characters[number].items:
            # Held items are never Rings (a Ring goes to the Ring count).
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


def _visible_changes(state: State, seat: int | None) -> Iterator[tuple[str, State]]:
    """Changes to what ``seat`` sees (not necessarily reachable states)."""
    placed = [n for n, c in enumerate(state.characters) if c.position is not None]
    if placed:
        number = placed[0]
        where = state.characters[number].position
        assert where is not None
        moved = attrs.evolve(where, lane=(where.lane + 1) % 3)
        characters = list(state.characters)
        characters[number] = attrs.evolve(characters[number], position=moved)
        yield "a character's position", attrs.evolve(state, characters=tuple(characters))
    if state.board:
        item = state.board[0]
        kind = ItemKind.BOOSTER if item.kind is not ItemKind.BOOSTER else ItemKind.SPRING
        board = (attrs.evolve(item, kind=kind), *state.board[1:])
        yield "an item on the track", attrs.evolve(state, board=board)
    if seat is None:
        return
    for number, character in enumerate(state.characters):
        if character.owner != seat or not character.items:
            continue
        held = character.items[0]
        other = next(
            (k for k in KINDS if k not in (held, ItemKind.RING) and state.pile[k.index]), None
        )
        if other is None:
            continue
        pile = list(state.pile)
        pile[other.index] -= 1
        pile[held.index] += 1
        characters = list(state.characters)
        characters[number] = attrs.evolve(character, items=(other, *character.items[1:]))
        yield (
            "the seat's own held items",
            attrs.evolve(state, characters=tuple(characters), pile=tuple(pile)),
        )
        return


@pytest.mark.parametrize(("variant", "players"), _configurations())
def test_view_does_not_leak_what_a_seat_cannot_see(variant: str, players: int) -> None:
    """RULINGS "What each seat may see" (no rule id): moving tokens a seat has not seen
    changes nothing it sees; changing what it sees changes its view."""
    rng = random.Random(f"{variant}-{players}")
    checked = moved = converse = 0
    for number, state in enumerate(_games(variant, players)):
        if number % EVERY:
            continue
        for seat in [None, *range(players)]:
            view = observe(state, seat)
            seen = view.to_json()
            described = view.describe()
            assert view_from_json(seen) == view
            for _ in range(2):
                other = _move_hidden(state, seat, rng)
                moved += other != state
                assert observe(other, seat).to_json() == seen
                assert observe(other, seat).describe() == described
            for what, changed in _visible_changes(state, seat):
                assert observe(changed, seat).to_json() != seen, what
                converse += 1
            checked += 1
    assert checked > 50
    assert converse > checked
    if variant != Variant.BEGINNER.value:
        # Beginner hides only the face-down tokens, whose kinds chance decides as they
        # are revealed: the state holds them as pile counts, so nothing can be moved.
        assert moved > checked // 4


@pytest.mark.parametrize(("variant", "players"), _configurations())
def test_view_legal_actions_match_the_state_for_the_seat_to_act(variant: str, players: int) -> None:
    """RULINGS "What each seat may see" (no rule id): a seat decides from its view alone;
    another seat, the spectator and a chance node get a `RulesError`."""
    asked = 0
    for state in _games(variant, players, 1):
        to_act = state.to_act
        if isinstance(to_act, int):
            view = observe(state, to_act)
            assert legal_actions(view) == legal_actions_for_view(view) == legal_actions(state)
            asked += 1
            for seat in [None, *range(players)]:
                if seat != to_act:
                    with pytest.raises(RulesError, match="decision"):
                        legal_actions(observe(state, seat))
        elif to_act is CHANCE:
            with pytest.raises(RulesError, match="chance"):
                legal_actions(observe(state, 0))
        else:
            assert legal_actions(observe(state, 0)) == []
    assert asked > 20


@pytest.mark.parametrize(("variant", "players"), _configurations())
def test_events_for_hide_other_seats_draws(variant: str, players: int) -> None:
    """RULINGS "What each seat may see" (no rule id; the draw is ``CC-DRAW``): a token
    another seat draws, and an item it keeps, are seen as hidden; every event round-trips
    through its JSON."""
    rng = random.Random(f"events-{variant}-{players}")
    state = new_game(players, variant=variant)
    hidden = 0
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        if state.to_act is CHANCE:
            action = sample_outcome(chance_outcomes(state), rng)
        else:
            action = rng.choice(legal_actions(state))
        state, happened = step(state, action)
        owners = {c.name: c.owner for c in state.characters}
        for seat in [None, *range(players)]:
            seen = events_for(happened, seat, state)
            assert len(seen) == len(happened)
            for event, shown in zip(happened, seen, strict=True):
                if isinstance(event, Drew) and owners[event.character] != seat:
                    assert shown == HiddenDrew(event.character)
                    hidden += 1
                elif (
                    isinstance(event, ItemKept)
                    and owners[event.character] != seat
                    and event.kind is not ItemKind.RING
                ):
                    assert shown == HiddenItemKept(event.character)
                else:
                    assert shown == event
                assert event_from_json(event_to_json(shown)) == shown
    if variant != "beginner":
        assert hidden > 0


def test_event_json_is_tagged_and_unknown_types_are_refused() -> None:
    event = HiddenDrew(new_game(2).characters[0].name)
    assert json.loads(event_to_json(event)) == {"type": "hidden-drew", "character": "sonic"}
    with pytest.raises(InvalidStateError, match="known types are: drew, item-kept"):
        event_from_json('{"type": "no-such-event"}')
    with pytest.raises(InvalidStateError):
        event_from_json('{"type": "hidden-drew", "character": "sonic", "extra": 1}')
    assert len(EVENT_TYPES) == len(set(EVENT_TYPES))


def test_view_json_is_tagged_and_strict() -> None:
    """A view's JSON carries its game, format and kind; anything else is refused."""
    view = observe(new_game(3), 1)
    data = json.loads(view.to_json())
    assert (data["game"], data["format"], data["kind"]) == ("crash-course", FORMAT, "view")
    assert view_from_json(view.to_json(indent=2)) == view
    for key, wrong in (("kind", "state"), ("game", "super-teams"), ("format", 1)):
        with pytest.raises(InvalidStateError, match=key):
            view_from_json(json.dumps({**data, key: wrong}))
    with pytest.raises(InvalidStateError, match="unseen"):
        view_from_json(json.dumps({**data, "unseen": [0, 0, 0, 0, 0, 0, 1]}))
    with pytest.raises(InvalidStateError, match="pile_size"):
        view_from_json(
            json.dumps({key: value for key, value in data.items() if key != "pile_size"})
        )
    with pytest.raises(InvalidActionError):
        observe(new_game(2), 2)
    with pytest.raises(TypeError):
        observe(new_game(2), "0")  # type: ignore[arg-type]


def test_cc_opt_open_items_every_seat_sees_every_held_item() -> None:
    """CC-OPT-OPEN-ITEMS: with open items every seat (and a spectator) sees every held
    item, in the view, its description and the kept-item events; the draw itself stays
    the drawer's. Without the option another seat's items are only counted."""
    played = [s for s in _games("standard", 3, games=1) if any(c.items for c in s.characters)]
    assert played
    state = played[len(played) // 2]
    holder = next(c for c in state.characters if c.items)
    other = (holder.owner + 1) % state.players
    hidden_view = observe(state, other)
    seen_holder = next(c for c in hidden_view.characters if c.name is holder.name)
    assert seen_holder.items is None and seen_holder.item_count == len(holder.items)

    opened = attrs.evolve(state, options=attrs.evolve(state.options, open_items=True))
    validate_state(opened)
    for seat in (other, None):
        view = observe(opened, seat)
        shown = next(c for c in view.characters if c.name is holder.name)
        assert shown.items == holder.items
        assert view_from_json(view.to_json()) == view
        assert sum(view.unseen) == view.pile_size + (
            0 if seat == opened.turn else len(opened.drawn)
        )
    kept = ItemKept(holder.name, ItemKind.SPRING)
    assert events_for([kept], other, state) == [HiddenItemKept(holder.name)]
    assert events_for([kept], other, opened) == [kept]
    drew = Drew(holder.name, ItemKind.SPRING)
    assert events_for([drew], other, opened) == [HiddenDrew(holder.name)]

    def board_line(text: str) -> str:
        return next(line for line in text.splitlines() if f"(seat {holder.owner}):" in line)

    closed_line = board_line(describe_state(state, seat=other))
    open_line = board_line(describe_state(opened, seat=other))
    assert closed_line != open_line
    assert open_line == board_line(describe_state(opened))
