"""Per-rule scenarios for Super Teams set-up and dealing.

Components for 2, 3 and 4 players, seats and sides, the deal and its order, chance
outcomes, the special card and its bonus round, the deck reshuffle (at the start of a
deal and in the middle of one) and the options (bonus split, first player, colours).
Chance outcomes are actions: each scenario deals the cards it names.
"""

from __future__ import annotations

from collections import Counter

import pytest

from sonic_rules.core.chance import CHANCE
from sonic_rules.core.errors import InvalidStateError
from sonic_rules.super_teams import (
    BonusKind,
    BonusSplit,
    Card,
    Character,
    Colour,
    Deal,
    DrawBonus,
    Options,
    Phase,
    Play,
    State,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    setup_position,
    step,
)
from sonic_rules.super_teams import events as ev
from sonic_rules.super_teams.cards import movement_deck
from st_helpers import assert_illegal, card

SPECIAL = Card.special()
BLUE, RED, BLACK, YELLOW = Colour.BLUE, Colour.RED, Colour.BLACK, Colour.YELLOW


def plain_card(state: State) -> Card:
    """Some card of the deck other than the special card."""
    return next(c for c in state.deck if not c.is_special)


def deal_plain(state: State, count: int) -> State:
    """Deal ``count`` ordinary cards to whoever is next."""
    for _ in range(count):
        state = apply(state, Deal(state.deal_next, plain_card(state)))
    return state


def rest_of_deck(players: int, *taken: Card | str) -> list[Card]:
    """Every movement card of a ``players`` game except ``taken``."""
    colours = (BLUE, RED, BLACK) if players == 3 else tuple(Colour)
    rest = Counter(movement_deck(colours))
    rest.subtract(Counter(card(c) if isinstance(c, str) else c for c in taken))
    return sorted(rest.elements())


# -- components, seats and sides ------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "colours", "deck_size"),
    [
        (2, (BLUE, RED, BLACK, YELLOW), 49),
        (3, (BLUE, RED, BLACK), 37),
        (4, (BLUE, RED, BLACK, YELLOW), 49),
    ],
)
def test_st_comp_deck_movement_cards_per_player_count(
    players: int, colours: tuple[Colour, ...], deck_size: int
) -> None:
    """ST-COMP-DECK: 12 cards per colour in play (1-6 twice) plus the special card;
    with 3 players the unused colour's 12 cards are out."""
    state = new_game(players)
    assert len(state.deck) == deck_size
    counts = Counter(state.deck)
    assert counts[SPECIAL] == 1
    for colour in Colour:
        for value in range(1, 7):
            assert counts[Card(colour, value)] == (2 if colour in colours else 0)
    assert state.discard == ()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_st_comp_bonus_twenty_cards_four_of_each_kind(players: int) -> None:
    """ST-COMP-BONUS: 20 bonus cards, 4 of each of the five kinds by default."""
    state = new_game(players)
    assert len(state.bonus_deck) == 20
    assert Counter(state.bonus_deck) == {kind: 4 for kind in BonusKind}
    assert state.bonus_hands == ((),) * players


@pytest.mark.parametrize(("players", "pieces"), [(2, 8), (3, 6), (4, 8)])
def test_st_setup_start_every_character_in_play_starts_at_the_start(
    players: int, pieces: int
) -> None:
    """ST-SETUP-START: 2 characters per colour in play, all on space 0."""
    state = new_game(players)
    assert len(state.pieces) == pieces
    assert all(piece.position == 0 and piece.half is None for piece in state.pieces)
    in_play = {piece.character.colour for piece in state.pieces}
    assert in_play == set(state.colours_in_play)


def test_st_seats_sides_two_players_each_holds_two_colours() -> None:
    """ST-SEATS-SIDES: 2 players, two sides of two colours each."""
    state = new_game(2)
    assert state.seat_colours == ((BLUE, BLACK), (RED, YELLOW))
    assert state.sides == 2
    assert [state.side_of(seat) for seat in (0, 1)] == [0, 1]
    assert state.partner(0) is None


def test_st_seats_sides_three_players_each_holds_one_colour() -> None:
    """ST-SEATS-SIDES: 3 players, three sides of one colour."""
    state = new_game(3)
    assert state.seat_colours == ((BLUE,), (RED,), (BLACK,))
    assert state.sides == 3
    assert [state.side_seats(side) for side in range(3)] == [(0,), (1,), (2,)]
    assert state.partner(1) is None


def test_st_seats_sides_four_players_partners_sit_opposite() -> None:
    """ST-SEATS-SIDES: 4 players, seats 0+2 and 1+3 are partners and share a side."""
    state = new_game(4)
    assert state.sides == 2
    assert [state.partner(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [state.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert state.side_colours(0) == (BLUE, BLACK)
    assert state.side_colours(1) == (RED, YELLOW)


# -- the deal ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_st_deal_six_cards_each_then_play_begins(players: int) -> None:
    """ST-DEAL: a new game is a deal; after 6 cards each the first seat plays."""
    state = new_game(players)
    assert state.phase is Phase.DEAL
    assert state.to_act is CHANCE
    state = deal_plain(state, 6 * players - 1)
    assert state.phase is Phase.DEAL
    after, events = step(state, Deal(state.deal_next, plain_card(state)))
    assert after.phase is Phase.PLAY
    assert after.to_act == 0
    assert [len(hand) for hand in after.hands] == [6] * players
    assert sum(isinstance(e, ev.CardDealt) for e in events) == 1
    assert len(after.deck) == len(new_game(players).deck) - 6 * players


def test_st_deal_nobody_draws_during_a_round() -> None:
    """ST-DEAL: playing a card leaves the hand one smaller and the deck as it was."""
    state = deal_plain(new_game(2), 12)
    deck = state.deck
    after = apply(state, legal_actions(state)[0])
    assert len(after.hands[0]) == 5
    assert after.deck == deck


def test_st_deal_when_every_hand_is_empty_six_more_each() -> None:
    """ST-DEAL: the last card of the round played, a new deal starts at once."""
    state = setup_position(3, hands=[["blue-1"], [], []], board="S . . . . . . .")
    after = apply(state, Play(0, card("blue-1"), Character.SONIC))
    assert after.phase is Phase.DEAL
    assert after.to_act is CHANCE
    after = deal_plain(after, 18)
    assert after.phase is Phase.PLAY
    assert [len(hand) for hand in after.hands] == [6, 6, 6]


def test_st_p_deal_order_one_card_at_a_time_clockwise() -> None:
    """ST-P-DEAL-ORDER: seat 0, 1, 2, 3, 0, ... one card each in turn."""
    state = new_game(4)
    order = []
    for _ in range(8):
        order.append(state.deal_next)
        state = apply(state, Deal(state.deal_next, plain_card(state)))
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [len(hand) for hand in state.hands] == [2, 2, 2, 2]


def test_st_p_deal_order_a_card_to_the_wrong_seat_is_illegal() -> None:
    """ST-P-DEAL-ORDER: the first card goes to seat 0, not seat 1."""
    state = new_game(4)
    assert_illegal(state, Deal(1, card("blue-1")), "ST-P-DEAL-ORDER")


def test_st_p_deal_order_a_new_round_starts_with_the_next_player() -> None:
    """ST-P-DEAL-ORDER: seat 1 plays the round's last card; seat 2 plays first next, so
    the deal starts with seat 2."""
    state = setup_position(3, hands=[[], ["red-1"], []], to_act=1, board="S . . . . .")
    state = apply(state, Play(1, card("red-1"), Character.AMY))
    assert state.turn == 2
    order = []
    for _ in range(4):
        order.append(state.deal_next)
        state = apply(state, Deal(state.deal_next, plain_card(state)))
    assert order == [2, 0, 1, 2]
    state = deal_plain(state, 14)
    assert state.phase is Phase.PLAY
    assert state.to_act == 2


def test_st_chance_deal_outcomes_follow_the_deck_counts() -> None:
    """ST-CHANCE: each distinct card, to the next seat, with probability copies / deck size."""
    state = new_game(4)
    outcomes = dict(chance_outcomes(state))
    assert len(outcomes) == 25  # 24 distinct movement cards and the special card
    assert outcomes[Deal(0, card("blue-4"))] == pytest.approx(2 / 49)
    assert outcomes[Deal(0, SPECIAL)] == pytest.approx(1 / 49)
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert legal_actions(state) == [action for action, _ in chance_outcomes(state)]


def test_st_chance_a_card_not_in_the_deck_cannot_be_dealt() -> None:
    """ST-CHANCE: both blue-4s dealt, a third cannot be."""
    state = new_game(2)
    state = apply(state, Deal(0, card("blue-4")))
    state = apply(state, Deal(1, card("blue-4")))
    assert Deal(0, card("blue-4")) not in legal_actions(state)
    assert_illegal(state, Deal(0, card("blue-4")), "ST-CHANCE")


def test_st_chance_three_players_no_card_of_the_unused_colour() -> None:
    """ST-CHANCE and ST-COMP-DECK: yellow is not in a default 3-player deck."""
    state = new_game(3)
    assert_illegal(state, Deal(0, card("yellow-1")), "ST-CHANCE")


def test_st_chance_no_player_action_at_a_chance_node() -> None:
    """ST-DEAL and ST-CHANCE: while cards are being dealt, no one plays."""
    state = new_game(2, board="S . . . .")
    assert_illegal(state, Play(0, card("blue-1"), Character.SONIC), "ST-DEAL")
    assert_illegal(state, DrawBonus(0, BonusKind.SPEED), "ST-DEAL")


# -- the special card ------------------------------------------------------------------


def test_st_special_card_revealed_discarded_and_replaced_to_the_same_seat() -> None:
    """ST-SPECIAL-CARD: seat 1 is dealt the special card; it is discarded at once and the
    next card goes to seat 1 again."""
    state = apply(new_game(3), Deal(0, card("red-2")))
    after, events = step(state, Deal(1, SPECIAL))
    assert events == [ev.SpecialCardRevealed(1)]
    assert after.hands[1] == ()
    assert after.discard == (SPECIAL,)
    assert SPECIAL not in after.deck
    assert after.deal_next == 1
    assert after.phase is Phase.DEAL
    assert_illegal(after, Deal(2, card("red-3")), "ST-P-DEAL-ORDER")
    replaced = apply(after, Deal(1, card("red-3")))
    assert replaced.hands[1] == (card("red-3"),)


def test_st_special_bonus_everyone_takes_a_bonus_card_from_that_seat_clockwise() -> None:
    """ST-SPECIAL-BONUS: after seat 2's replacement card, seats 2, 3, 0, 1 each take the
    top bonus card; then the deal goes on with seat 3."""
    state = deal_plain(new_game(4), 2)
    state = apply(state, Deal(2, SPECIAL))
    assert state.phase is Phase.DEAL
    state = apply(state, Deal(2, card("black-6")))
    assert state.phase is Phase.BONUS_DRAW
    assert state.bonus_queue == (2, 3, 0, 1)
    assert_illegal(state, DrawBonus(0, BonusKind.SPEED), "ST-CHANCE")
    outcomes = chance_outcomes(state)
    assert {action.seat for action, _ in outcomes if isinstance(action, DrawBonus)} == {2}
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    for seat, kind in [
        (2, BonusKind.SPEED),
        (3, BonusKind.SHIELD),
        (0, BonusKind.DEXTERITY),
        (1, BonusKind.SUPERBONUS),
    ]:
        assert state.to_act is CHANCE
        state = apply(state, DrawBonus(seat, kind))
    assert state.bonus_hands == (
        (BonusKind.DEXTERITY,),
        (BonusKind.SUPERBONUS,),
        (BonusKind.SPEED,),
        (BonusKind.SHIELD,),
    )
    assert len(state.bonus_deck) == 16
    assert state.phase is Phase.DEAL
    assert state.deal_next == 3


def test_st_special_bonus_the_last_card_of_the_deal_then_play() -> None:
    """ST-SPECIAL-BONUS: the special card as the very last card: after the replacement
    and the bonus round, play begins."""
    state = deal_plain(new_game(2), 11)
    state = apply(state, Deal(1, SPECIAL))
    state = apply(state, Deal(1, plain_card(state)))
    assert state.bonus_queue == (1, 0)
    state = apply(state, DrawBonus(1, BonusKind.SPEED))
    after = apply(state, DrawBonus(0, BonusKind.SPEED))
    assert after.phase is Phase.PLAY
    assert after.to_act == 0


# -- the deck reshuffle ------------------------------------------------------------------


def test_st_deck_reshuffle_at_the_start_of_a_deal_when_the_deck_is_short() -> None:
    """ST-DECK-RESHUFFLE: 11 cards left cannot deal 6 to 2 players: the discard pile,
    special card included, is shuffled back before the deal."""
    deck = ["blue-1", "blue-2", "blue-3", "blue-4", "blue-5", "blue-6"]
    deck += ["red-1", "red-2", "red-3", "red-4", "red-5"]
    state = setup_position(
        2,
        board="S . . . . . . .",
        hands=[["black-1"], []],
        deck=deck,
        discard=rest_of_deck(2, "black-1", *deck),
    )
    assert SPECIAL in state.discard
    after, events = step(state, Play(0, card("black-1"), Character.SHADOW))
    assert ev.DeckReshuffled(49) in events
    assert after.phase is Phase.DEAL
    assert after.discard == ()
    assert Counter(after.deck) == Counter(movement_deck(tuple(Colour)))
    assert after.deal_next == 1


def test_st_deck_reshuffle_not_when_the_deck_can_still_deal_a_round() -> None:
    """ST-DECK-RESHUFFLE: exactly 12 cards deal 6 to 2 players: no reshuffle."""
    deck = [f"blue-{v}" for v in range(1, 7)] + [f"red-{v}" for v in range(1, 7)]
    state = setup_position(
        2,
        board="S . . . . . . .",
        hands=[["black-1"], []],
        deck=deck,
        discard=rest_of_deck(2, "black-1", *deck),
    )
    after, events = step(state, Play(0, card("black-1"), Character.SHADOW))
    assert not any(isinstance(e, ev.DeckReshuffled) for e in events)
    assert sorted(after.deck) == sorted(card(c) for c in deck)
    after = deal_plain(after, 12)
    assert after.phase is Phase.PLAY
    assert after.deck == ()


def test_st_deck_reshuffle_mid_deal_after_a_special_card_replacement() -> None:
    """ST-DECK-RESHUFFLE: the 12 cards left include the special card, so the deal runs
    dry one card short; the discard pile (with the special card) is shuffled in then."""
    deck = [f"blue-{v}" for v in range(1, 7)] + [f"red-{v}" for v in range(1, 6)] + ["special"]
    state = setup_position(
        2,
        board="S . . . . . . .",
        hands=[["black-1"], []],
        deck=deck,
        discard=rest_of_deck(2, "black-1", *deck),
    )
    state = apply(state, Play(0, card("black-1"), Character.SHADOW))
    assert len(state.deck) == 12
    state = apply(state, Deal(1, SPECIAL))
    state = apply(state, Deal(1, card("blue-1")))
    state = apply(state, DrawBonus(1, BonusKind.SPEED))
    state = apply(state, DrawBonus(0, BonusKind.SPEED))
    assert state.phase is Phase.DEAL
    state = deal_plain(state, 9)
    assert [len(hand) for hand in state.hands] == [5, 5]
    assert len(state.deck) == 1
    after, events = step(state, Deal(1, state.deck[0]))
    assert ev.DeckReshuffled(38) in events
    assert after.phase is Phase.DEAL
    assert after.deal_next == 0
    assert SPECIAL in after.deck
    assert len(after.deck) == 38
    assert after.discard == ()
    after = apply(after, Deal(0, plain_card(after)))
    assert after.phase is Phase.PLAY


# -- options ----------------------------------------------------------------------------


def test_st_opt_bonus_split_any_split_of_the_twenty_cards() -> None:
    """ST-OPT-BONUS-SPLIT: 8 Speed, 0 Super Jump, and so on."""
    split = BonusSplit(speed=8, dexterity=4, superbonus=4, shield=4, super_jump=0)
    state = new_game(2, options=Options(bonus_split=split))
    assert Counter(state.bonus_deck) == {
        BonusKind.SPEED: 8,
        BonusKind.DEXTERITY: 4,
        BonusKind.SUPERBONUS: 4,
        BonusKind.SHIELD: 4,
    }
    state = deal_plain(state, 1)
    state = apply(state, Deal(1, SPECIAL))
    state = apply(state, Deal(1, plain_card(state)))
    assert dict(chance_outcomes(state)) == {
        DrawBonus(1, BonusKind.SPEED): pytest.approx(8 / 20),
        DrawBonus(1, BonusKind.DEXTERITY): pytest.approx(4 / 20),
        DrawBonus(1, BonusKind.SUPERBONUS): pytest.approx(4 / 20),
        DrawBonus(1, BonusKind.SHIELD): pytest.approx(4 / 20),
    }


def test_st_opt_bonus_split_must_total_twenty() -> None:
    """ST-OPT-BONUS-SPLIT: a split of 19 cards is refused."""
    with pytest.raises(InvalidStateError):
        new_game(2, options=Options(bonus_split=BonusSplit(speed=3)))


@pytest.mark.parametrize(("players", "first"), [(2, 1), (3, 2), (4, 3)])
def test_st_opt_first_player_plays_first_and_is_dealt_first(players: int, first: int) -> None:
    """ST-OPT-FIRST-PLAYER: the chosen seat gets the first card and plays first."""
    state = new_game(players, options=Options(first_player=first))
    assert state.deal_next == first
    assert chance_outcomes(state)[0][0].seat == first
    state = deal_plain(state, 6 * players)
    assert state.phase is Phase.PLAY
    assert state.to_act == first


def test_st_opt_first_player_must_be_a_seat() -> None:
    """ST-OPT-FIRST-PLAYER: seat 3 does not exist with 3 players."""
    with pytest.raises(InvalidStateError):
        new_game(3, options=Options(first_player=3))


def test_st_opt_colours_four_players_choose_the_partnerships() -> None:
    """ST-OPT-COLOURS: blue (seat 0) and yellow (seat 2) as partners."""
    options = Options(colours=((BLUE,), (RED,), (YELLOW,), (BLACK,)))
    state = new_game(4, options=options)
    assert state.side_colours(0) == (BLUE, YELLOW)
    assert state.side_colours(1) == (RED, BLACK)
    assert state.holder(YELLOW) == 2


def test_st_opt_colours_three_players_leave_out_the_colour_nobody_holds() -> None:
    """ST-OPT-COLOURS and ST-COMP-DECK: 3 players on yellow, red, black: blue is out."""
    state = new_game(3, options=Options(colours=((YELLOW,), (RED,), (BLACK,))))
    assert BLUE not in state.colours_in_play
    assert all(c.colour is not BLUE for c in state.deck if not c.is_special)
    assert len(state.deck) == 37
    assert Character.SONIC not in {piece.character for piece in state.pieces}
    assert Character.ROUGE in {piece.character for piece in state.pieces}


def test_st_opt_colours_two_players_each_seat_two_colours() -> None:
    """ST-OPT-COLOURS: blue+red against black+yellow; a colour held twice is refused."""
    state = new_game(2, options=Options(colours=((BLUE, RED), (BLACK, YELLOW))))
    assert state.side_colours(0) == (BLUE, RED)
    with pytest.raises(InvalidStateError):
        new_game(2, options=Options(colours=((BLUE, RED), (BLUE, YELLOW))))


# -- a seat without cards, and the deal order (project rulings) -----------------------


def test_st_p_empty_hand_a_seat_without_cards_is_passed_over() -> None:
    """ST-P-EMPTY-HAND: in a set-up position, the turn skips a seat holding no card
    (before, that seat was asked to play with no legal action and the game was stuck)."""
    state = setup_position(3, hands=[["blue-3", "blue-4"], [], ["black-1"]])
    state = apply(state, Play(0, card("blue-3"), Character.SONIC))
    assert state.phase is Phase.PLAY and state.to_act == 2
    state = apply(state, Play(2, card("black-1"), Character.SHADOW))
    assert state.to_act == 0  # seat 1 is passed over again
    state = apply(state, Play(0, card("blue-4"), Character.SONIC))
    assert state.phase is Phase.DEAL and state.deal_next == 1  # every hand empty: deal on
