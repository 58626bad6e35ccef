"""What each seat may see: views, the leak test, events per seat, tensors and strings.

The leak test plays seeded random games and, at states along the way, shuffles what a
seat cannot see (the unseen movement cards among the other hands and the deck, the
unseen bonus cards among the other bonus hands and the bonus deck, sizes kept): the
seat's view JSON, its description, observation tensor and information state must not
change by a byte. Changing what the seat does see (its own hand, a piece, the discard
pile) must change them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import attrs
import pytest

from sonic_rules import CHANCE, InvalidActionError, InvalidStateError, RulesError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.super_teams import (
    BonusKind,
    Card,
    Character,
    State,
    View,
    apply,
    chance_outcomes,
    event_from_json,
    event_to_json,
    events,
    events_for,
    from_json,
    information_state,
    legal_actions,
    legal_actions_for_view,
    new_game,
    observation_layout,
    observation_shape,
    observation_tensor,
    observe,
    setup_position,
    step,
    to_json,
    view_from_json,
)
from sonic_rules.super_teams.serialize import FORMAT
from sonic_rules.super_teams.state import Piece
from st_helpers import shuffle_hidden

GAMES_PER_COUNT = 6
EVERY = 3  # check every third state of each game


def _games(players: int, games: int = GAMES_PER_COUNT) -> Iterator[State]:
    """Every state of ``games`` seeded random games."""
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(players)
        yield state
        while not state.is_over:
            if state.to_act is CHANCE:
                action = sample_outcome(chance_outcomes(state), rng)
            else:
                action = rng.choice(legal_actions(state))
            state = apply(state, action)
            yield state


def _seen(state: State, seat: int | None) -> tuple[str, str, list[float], str]:
    view = observe(state, seat)
    return (
        view.to_json(),
        view.describe(),
        observation_tensor(state, seat),
        information_state(state, seat),
    )


def _visible_changes(state: State, seat: int | None) -> Iterator[tuple[str, State]]:
    """Changes to what ``seat`` sees (not necessarily reachable states)."""
    racing = [p for p in state.pieces if p.position < len(state.board) - 1]
    if racing:
        piece = racing[0]
        moved = attrs.evolve(piece, position=piece.position + 1, half=None)
        pieces = tuple(moved if p is piece else p for p in state.pieces)
        yield "a piece's position", attrs.evolve(state, pieces=pieces)
    if state.deck:
        top = state.deck[0]
        for card in state.discard:
            if card != top:
                discard = list(state.discard)
                discard[discard.index(card)] = top
                deck = [*state.deck[1:], card]
                yield (
                    "a discard",
                    attrs.evolve(state, discard=tuple(sorted(discard)), deck=tuple(sorted(deck))),
                )
                break
    if seat is not None and state.hands[seat] and state.deck:
        hand = list(state.hands[seat])
        other = next((c for c in state.deck if c != hand[0]), None)
        if other is not None:
            deck = list(state.deck)
            deck[deck.index(other)] = hand[0]
            hand[0] = other
            hands = list(state.hands)
            hands[seat] = tuple(sorted(hand))
            yield (
                "the seat's own hand",
                attrs.evolve(state, hands=tuple(hands), deck=tuple(sorted(deck))),
            )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_view_does_not_leak_what_a_seat_cannot_see(players: int) -> None:
    """RULINGS "What each seat may see": shuffling what a seat cannot see changes nothing
    it sees; changing what it sees changes its view and information state."""
    rng = random.Random(players)
    checked = shuffled_differently = converse = 0
    for number, state in enumerate(_games(players)):
        if number % EVERY:
            continue
        for seat in [None, *range(players)]:
            seen = _seen(state, seat)
            for _ in range(2):
                other = shuffle_hidden(state, seat, rng)
                shuffled_differently += other != state
                assert _seen(other, seat) == seen
                if state.to_act == seat:
                    view = observe(other, seat)
                    assert legal_actions(view) == legal_actions(state) == legal_actions(other)
            for what, changed in _visible_changes(state, seat):
                assert observe(changed, seat).to_json() != seen[0], what
                assert information_state(changed, seat) != seen[3], what
                assert observation_tensor(changed, seat) != seen[2], what
                converse += 1
            checked += 1
    assert checked > 300 * (players + 1)
    assert shuffled_differently > checked  # the shuffles really moved hidden cards
    assert converse > checked


@pytest.mark.parametrize("players", [2, 3, 4])
def test_view_legal_actions_match_the_state_for_the_seat_to_act(players: int) -> None:
    for state in _games(players, 3):
        to_act = state.to_act
        if isinstance(to_act, int):
            assert legal_actions_for_view(observe(state, to_act)) == legal_actions(state)
            for seat in [None, *range(players)]:
                if seat != to_act:
                    with pytest.raises(InvalidStateError, match="decision"):
                        legal_actions(observe(state, seat))
        elif to_act is CHANCE:
            with pytest.raises(InvalidStateError, match="chance"):
                legal_actions(observe(state, 0))
        else:
            assert legal_actions(observe(state, 0)) == []


def test_view_holds_own_hands_sizes_and_unseen_multisets() -> None:
    state = setup_position(
        2,
        hands=[["blue-1", "blue-2"], ["red-3"]],
        bonus_hands=[["speed"], ["shield", "dexterity"]],
        discard=["black-6"],
        bonus_discard=["superbonus"],
        positions={"sonic": 5},
    )
    view = observe(state, 0)
    assert view.hand == (Card.parse("blue-1"), Card.parse("blue-2"))
    assert view.bonus_hand == (BonusKind.SPEED,)
    assert view.hand_sizes == (2, 1) and view.bonus_hand_sizes == (1, 2)
    assert view.deck_size == len(state.deck) and view.bonus_deck_size == len(state.bonus_deck)
    assert len(view.unseen) == len(state.deck) + 1
    assert view.unseen.count(Card.parse("red-3")) == 2  # seat 1's copy and the deck's
    assert view.unseen.count(Card.parse("blue-1")) == 1  # the other copy is seat 0's
    assert BonusKind.SHIELD in view.unseen_bonus
    assert view.unseen_bonus.count(BonusKind.SPEED) == 3
    assert view.discard == (Card.parse("black-6"),)
    assert view.pieces == state.pieces and view.to_act == 0 and view.winners == ()
    spectator = observe(state, None)
    assert spectator.hand is None and spectator.bonus_hand is None
    assert len(spectator.unseen) == len(state.deck) + 3
    assert "blue-1" in view.describe() and "blue-1" not in observe(state, 1).describe()
    assert "red-3" not in view.describe() and "spectator" in spectator.describe()


def test_view_json_round_trips_and_is_tagged() -> None:
    for state in _games(3, 1):
        for seat in (None, 0, 1, 2):
            view = observe(state, seat)
            text = view.to_json()
            assert view_from_json(text) == view
            assert view_from_json(view.to_json(indent=2)) == view
    data = json.loads(text)
    assert (data["game"], data["format"], data["kind"]) == ("super-teams", FORMAT, "view")


def _view_data() -> dict[str, object]:
    state = setup_position(2, hands=[["blue-1"], ["red-3"]], bonus_hands=[["speed"], []])
    data: dict[str, object] = json.loads(observe(state, 0).to_json())
    return data


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"kind": "state"}, "$.kind"),
        ({"game": "crash-course"}, "$.game"),
        ({"format": FORMAT + 1}, "$.format"),
        ({"format": FORMAT - 1}, "$.format"),
        ({"surprise": 1}, "$"),
        ({"deck_size": "12"}, "$.deck_size"),
        ({"seat": 5}, "$.seat"),
        ({"hand": ["blue-1", "blue-1"]}, "$.hand"),
        ({"unseen": []}, "$.unseen"),
        ({"hand_sizes": [1]}, "$.hand_sizes"),
        ({"hand": None}, "$.hand"),
    ],
)
def test_view_from_json_is_strict(change: dict[str, object], path: str) -> None:
    data = _view_data()
    data.update(change)
    with pytest.raises(InvalidStateError) as raised:
        view_from_json(json.dumps(data))
    assert raised.value.path == path


def test_view_from_json_refuses_a_missing_field_and_a_state() -> None:
    data = _view_data()
    del data["unseen_bonus"]
    with pytest.raises(InvalidStateError, match="required field missing"):
        view_from_json(json.dumps(data))
    with pytest.raises(InvalidStateError, match="kind"):
        view_from_json(to_json(new_game(2)))
    with pytest.raises(InvalidStateError):
        from_json(observe(new_game(2), 0).to_json())


def test_observe_refuses_bad_seats_and_types() -> None:
    state = new_game(3)
    with pytest.raises(InvalidActionError, match="seat 3"):
        observe(state, 3)
    with pytest.raises(InvalidActionError, match="seat -1"):
        observe(state, -1)
    with pytest.raises(TypeError, match="seat"):
        observe(state, "1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seat"):
        observe(state, True)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state"):
        observe(to_json(state), 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="view"):
        legal_actions_for_view(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seat"):
        events_for([], "0", state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state"):
        events_for([], 0, "state")  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match="seat 3"):
        events_for([], 3, state)


def test_a_view_given_to_apply_is_refused() -> None:
    state = setup_position(2, hands=[["blue-1"], ["red-3"]])
    view = observe(state, 0)
    action = legal_actions(view)[0]
    with pytest.raises(InvalidStateError, match="View"):
        apply(view, action)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="View"):
        chance_outcomes(view)  # type: ignore[arg-type]
    assert apply(state, action).discard == (Card.parse("blue-1"),)


# -- events per seat ------------------------------------------------------------------------


def _all_events(players: int, games: int) -> Iterator[events.Event]:
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(players)
        while not state.is_over:
            if state.to_act is CHANCE:
                action = sample_outcome(chance_outcomes(state), rng)
            else:
                action = rng.choice(legal_actions(state))
            state, happened = step(state, action)
            yield from happened


@pytest.mark.parametrize("players", [2, 4])
def test_events_for_hides_other_seats_cards(players: int) -> None:
    happened = list(_all_events(players, 3))
    kinds = {type(event) for event in happened}
    assert {events.CardDealt, events.BonusCardTaken, events.Moved} <= kinds
    for seat in [None, *range(players)]:
        seen = events_for(happened, seat, new_game(players))
        assert len(seen) == len(happened)
        for before, after in zip(happened, seen, strict=True):
            if isinstance(before, events.CardDealt):
                if before.seat == seat:
                    assert after == before
                else:
                    assert after == events.HiddenCardDealt(before.seat)
            elif isinstance(before, events.BonusCardTaken):
                public = before.seat == seat or before.kind is BonusKind.SUPER_JUMP
                assert after == (before if public else events.HiddenBonusCardTaken(before.seat))
            else:
                assert after == before
        hidden_cards = [e for e in seen if isinstance(e, events.CardDealt) and e.seat != seat]
        assert hidden_cards == []


def test_events_round_trip_through_json() -> None:
    happened = list(_all_events(4, 2))
    happened += events_for(happened, 1, new_game(4))
    for event in happened:
        text = event_to_json(event)
        assert json.loads(text)["type"] == _kebab(type(event).__name__)
        assert event_from_json(text) == event
    assert len({type(e) for e in happened}) >= 10


def _kebab(name: str) -> str:
    return "".join("-" + c.lower() if c.isupper() else c for c in name).lstrip("-")


def test_event_from_json_is_strict() -> None:
    with pytest.raises(InvalidStateError, match=r"unknown event type 'teleported'.*card-dealt"):
        event_from_json('{"type": "teleported"}')
    with pytest.raises(InvalidStateError, match="extra"):
        event_from_json('{"type": "crossed", "character": "sonic", "speed": 3}')
    with pytest.raises(InvalidStateError, match=r"\$\.character"):
        event_from_json('{"type": "crossed", "character": "eggman"}')
    with pytest.raises(InvalidStateError, match=r"\$\.seat"):
        event_from_json('{"type": "hidden-card-dealt", "seat": "2"}')
    with pytest.raises(InvalidStateError, match="JSON object"):
        event_from_json("[1]")
    with pytest.raises(TypeError, match="event"):
        event_to_json(Card.parse("blue-1"))  # type: ignore[arg-type]
    crossed = events.Crossed(Character.SONIC)
    assert event_from_json(event_to_json(crossed)) == crossed


# -- tensors ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_tensor_has_the_documented_shape(players: int) -> None:
    state = new_game(players)
    (length,) = observation_shape(state)
    layout = observation_layout(state)
    assert sum(size for _, size in layout) == length
    assert dict(layout)["pieces"] == 8 * (len(state.board) + 5)
    for number, state in enumerate(_games(players, 1)):
        if number % 7 == 0:
            for seat in [None, *range(players)]:
                tensor = observation_tensor(state, seat)
                assert len(tensor) == length
                assert all(isinstance(x, float) and x >= 0 for x in tensor)


def test_observation_tensor_reads_the_viewer_and_pieces() -> None:
    state = setup_position(2, hands=[["blue-1"], ["red-3"]], positions={"tails": 7})
    tensor = observation_tensor(state, 1)
    layout = observation_layout(state)
    offsets: dict[str, int] = {}
    at = 0
    for name, size in layout:
        offsets[name] = at
        at += size
    assert tensor[offsets["viewer"] : offsets["viewer"] + 4] == [0.0, 1.0, 0.0, 0.0]
    width = len(state.board) + 1 + 1 + 3
    tails = offsets["pieces"] + width * Character.TAILS.order
    assert tensor[tails] == 1.0 and tensor[tails + 1 + 7] == 1.0
    assert sum(tensor[offsets["hand"] : offsets["hand"] + 25]) == 1.0
    assert observation_tensor(state, None)[offsets["hand"] : offsets["hand"] + 25] == [0.0] * 25


def test_information_state_is_the_canonical_view() -> None:
    state = setup_position(2, hands=[["blue-1"], ["red-3"]])
    assert information_state(state, 0) == observe(state, 0).to_json()
    assert information_state(state, 0) != information_state(state, 1)
    moved = attrs.evolve(state, pieces=(Piece(Character.SONIC, 1), *state.pieces[1:]))
    assert information_state(moved, 1) != information_state(state, 1)
    assert isinstance(observe(state, 0), View)
    with pytest.raises(RulesError):
        information_state(state, 2)
