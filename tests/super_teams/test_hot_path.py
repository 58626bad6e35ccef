"""The shortcuts of self-play's hot path give what the plain way gives.

- ``apply`` does not check again an action `legal_actions` or `chance_outcomes` just
  listed for the very same state; anything else is checked as before.
- A new state is built straight from the changes (`state.replace_fields`): the same
  value as ``attrs.evolve``, with the same seating.
- Each seat's plays come from tables (`legality.legal_plays`), bonus responses are kept
  (`legality.legal_responses`), and a deal's outcomes reuse the counts of the deck it
  came from (`legality.deal_made`).
"""

from __future__ import annotations

import random

import attrs
import pytest

from sonic_rules import CHANCE, IllegalActionError
from sonic_rules.core.chance import sample_outcome
from sonic_rules.super_teams import (
    Card,
    Deal,
    Phase,
    Play,
    State,
    apply,
    chance_outcomes,
    check,
    legal_actions,
    movable_characters,
    new_game,
    step,
)
from sonic_rules.super_teams import engine as E
from sonic_rules.super_teams import legality as L
from sonic_rules.super_teams.state import replace_fields
from st_helpers import random_states


def _play_state(seed: int) -> State:
    return next(s for s in random_states(4, seed) if s.phase is Phase.PLAY)


def test_an_action_listed_for_another_state_is_checked() -> None:
    plays = [s for s in random_states(4, 1) if s.phase is Phase.PLAY]
    first = plays[0]
    for later in plays[1:]:
        for action in legal_actions(first):  # listed for ``first`` only
            try:
                check(later, action)
            except IllegalActionError as error:
                with pytest.raises(IllegalActionError) as raised:
                    apply(later, action)
                assert raised.value.rule == error.rule
                assert str(raised.value) == str(error)
                return
    pytest.fail("no play of the first hand became illegal: pick another seed")


def test_a_changed_list_does_not_make_an_action_legal() -> None:
    state = _play_state(2)
    actions = legal_actions(state)
    held = state.hands[state.turn]
    missing = next(card for card in reversed(L.CARDS) if not card.is_special and card not in held)
    forged = Play(state.turn, missing, missing.colour.characters[0])
    actions.append(forged)
    with pytest.raises(IllegalActionError, match="ST-PLAY-CARD"):
        apply(state, forged)


def test_a_listed_chance_outcome_applies_as_a_checked_one() -> None:
    rng = random.Random(3)
    state = new_game(3)
    while state.to_act is CHANCE:
        outcomes = chance_outcomes(state)
        action = sample_outcome(outcomes, rng)
        listed_way = step(state, action)
        legal_actions(new_game(2))  # forget the listing: the action is checked
        checked_way = step(state, action)
        assert listed_way == checked_way
        state = listed_way[0]


def test_an_unlisted_deal_is_still_refused() -> None:
    state = new_game(4)
    chance_outcomes(state)
    with pytest.raises(IllegalActionError, match="ST-P-DEAL-ORDER"):
        apply(state, Deal(1, state.deck[0]))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replace_fields_is_evolve(players: int) -> None:
    for state in random_states(players, 5)[::7]:
        changes = {"turn": (state.turn + 1) % players, "deal_next": 0, "pending": None}
        made = replace_fields(state, dict(changes))
        evolved = attrs.evolve(state, **changes)
        assert made == evolved
        assert hash(made) == hash(evolved)
        assert repr(made) == repr(evolved)
        assert made.seat_colours == evolved.seat_colours
        assert made.colours_in_play == evolved.colours_in_play
        assert made.holder(made.colours_in_play[0]) == evolved.holder(made.colours_in_play[0])


def test_a_new_game_seating_is_worked_out_by_its_first_copy() -> None:
    state = new_game(4)
    made = replace_fields(state, {"turn": 1})
    assert made.colours_in_play == state.colours_in_play
    assert made.seat_colours == state.seat_colours


def _plain_plays(state: State) -> list[Play]:
    seat = state.turn
    return [
        Play(seat, card, character)
        for card in dict.fromkeys(state.hands[seat])
        for character in movable_characters(state, card.colour)
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tabled_plays_are_the_plain_plays_before_and_after_crossings(players: int) -> None:
    crossed_seen = False
    for seed in range(6):
        for state in random_states(players, seed):
            if state.phase is not Phase.PLAY:
                continue
            crossed_seen |= any(state.has_crossed(p.character) for p in state.pieces)
            assert legal_actions(state) == _plain_plays(state)
    assert crossed_seen


@pytest.mark.parametrize("players", [2, 4])
def test_kept_responses_are_worked_out_responses(players: int) -> None:
    options = {"partner_second_bonus": True} if players == 4 else {}
    for seed in range(4):
        for state in random_states(players, seed, options):
            if state.phase is not Phase.RESPONSE:
                continue
            first = legal_actions(state)
            L._RESPONSES.clear()
            assert legal_actions(state) == first


def test_deal_outcomes_after_deals_are_counted_outcomes() -> None:
    for seed in range(4):
        for state in random_states(4, seed):
            if state.phase is not Phase.DEAL:
                continue
            remembered = chance_outcomes(state)
            L._grouped = None
            assert chance_outcomes(state) == remembered


def test_an_unsorted_deck_is_not_taken_for_a_remembered_one() -> None:
    state = new_game(4)
    chance_outcomes(state)  # the sorted deck is remembered
    blue1, red1 = Card.parse("blue-1"), Card.parse("red-1")
    unsorted = attrs.evolve(state, deck=(blue1, red1, blue1, *state.deck[4:]))
    outcomes = chance_outcomes(unsorted)
    assert [action.card for action, _ in outcomes[:3]] == [blue1, red1, blue1]


def test_remembered_sorted_piles_take_and_add_as_the_scan_and_the_sort() -> None:
    rng = random.Random(7)
    for _ in range(300):
        pile = tuple(sorted(rng.choices(L.CARDS, k=rng.randrange(0, 30)), key=lambda c: c._rank))
        card = rng.choice(L.CARDS)
        plain_added = tuple(sorted((*pile, card), key=lambda c: c._rank))
        E._SORTED.clear()
        E._sorted(pile)
        assert E._with_card(pile, card) == plain_added
        if card in pile:
            index = pile.index(card)
            E._sorted(pile)
            assert E._without_card(pile, card) == pile[:index] + pile[index + 1 :]
        else:
            E._sorted(pile)
            with pytest.raises(ValueError):
                E._without_card(pile, card)


def test_an_unsorted_pile_is_sorted_the_plain_way() -> None:
    blue1, red1 = Card.parse("blue-1"), Card.parse("red-1")
    pile = (red1, blue1)
    E._SORTED.clear()
    assert E._with_card(pile, blue1) == (blue1, blue1, red1)
    assert E._without_card(pile, blue1) == (red1,)
