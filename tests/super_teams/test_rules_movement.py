"""Per-rule scenarios for Super Teams movement.

Values (normal, rings, spikes, double halves), loops, crossing and winning, the
card's colour and its fallback, turn order, shared spaces and board notation. Each
scenario starts from a small board written in board notation.

Default colours: 2 players seat 0 blue+black, seat 1 red+yellow; 3 players blue / red
/ black; 4 players blue / red / black / yellow, partners 0+2 and 1+3.
"""

from __future__ import annotations

import pytest

from sonic_rules.core.errors import BoardError
from sonic_rules.super_teams import (
    Board,
    Card,
    Character,
    ChooseHalf,
    Phase,
    Piece,
    Play,
    SpaceKind,
    Surface,
    apply,
    legal_actions,
    movable_characters,
    setup_position,
    step,
)
from sonic_rules.super_teams import events as ev
from sonic_rules.super_teams.cards import Colour
from st_helpers import assert_illegal, card, position

SONIC, TAILS = Character.SONIC, Character.TAILS
AMY, KNUCKLES = Character.AMY, Character.KNUCKLES
SHADOW, SILVER = Character.SHADOW, Character.SILVER
METAL_SONIC, ROUGE = Character.METAL_SONIC, Character.ROUGE

GRASS_12 = "S . . . . . . . . . . ."


# -- values ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "start"),
    [
        ("S . . . . . . . .", 0),  # start
        ("S . . . . . . . .", 1),  # grass
        ("S = . . . . . . .", 1),  # bridge
        ("S B . . . . . . .", 1),  # bonus
    ],
)
def test_st_value_normal_a_normal_space_moves_the_card_value(board: str, start: int) -> None:
    """ST-VALUE-NORMAL: from start, grass, bridge or bonus the move is the card's value."""
    state = setup_position(2, board=board, positions={"sonic": start}, hands=[["blue-4"], []])
    after, events = step(state, Play(0, card("blue-4"), SONIC))
    assert position(after, SONIC) == start + 4
    moved = next(e for e in events if isinstance(e, ev.Moved))
    assert (moved.value, moved.surface) == (4, Surface.NORMAL)


def test_st_value_rings_doubles_the_card_value() -> None:
    """ST-VALUE-RINGS: from rings a 3 moves 6."""
    state = setup_position(
        2, board="S R . . . . . . . . .", positions={"sonic": 1}, hands=[["blue-3"], []]
    )
    after, events = step(state, Play(0, card("blue-3"), SONIC))
    assert position(after, SONIC) == 7
    assert ev.Moved(SONIC, 1, 7, 6, Surface.RINGS) in events


def test_st_value_spikes_any_card_moves_one() -> None:
    """ST-VALUE-SPIKES: from spikes a 6 moves only 1."""
    state = setup_position(2, board="S X . . . . . . .", positions={"sonic": 1}, hands=[["blue-6"]])
    after, events = step(state, Play(0, card("blue-6"), SONIC))
    assert position(after, SONIC) == 2
    assert ev.Moved(SONIC, 1, 2, 1, Surface.SPIKES) in events


@pytest.mark.parametrize(
    ("space", "half", "moved"),
    [
        ("R/X", "rings", 8),
        ("R/X", "spikes", 1),
        ("R/.", "rings", 8),
        ("R/.", "normal", 4),
        ("X/.", "spikes", 1),
        ("X/.", "normal", 4),
    ],
)
def test_st_value_from_a_double_space_the_half_governs(space: str, half: str, moved: int) -> None:
    """ST-VALUE-RINGS, ST-VALUE-SPIKES, ST-VALUE-NORMAL and ST-DOUBLE-HALF: a half counts
    as that surface."""
    board = f"S {space} . . . . . . . . . ."
    state = setup_position(2, board=board, positions={"sonic": (1, half)}, hands=[["blue-4"]])
    after = apply(state, Play(0, card("blue-4"), SONIC))
    assert position(after, SONIC) == 1 + moved
    assert after.piece(SONIC).half is None


# -- double spaces -----------------------------------------------------------------


def test_st_double_half_the_card_player_chooses_even_for_an_opponents_character() -> None:
    """ST-DOUBLE-HALF: the player who played the card (seat 1) chooses Sonic's half."""
    state = setup_position(2, board="S . . R/X . . . . .", hands=[["blue-1"], ["blue-3"]], to_act=1)
    choosing = apply(state, Play(1, card("blue-3"), SONIC))
    assert choosing.phase is Phase.CHOOSE_HALF
    assert choosing.to_act == 1
    assert legal_actions(choosing) == [
        ChooseHalf(1, Surface.RINGS),
        ChooseHalf(1, Surface.SPIKES),
    ]
    assert_illegal(choosing, ChooseHalf(0, Surface.RINGS), "ST-DOUBLE-HALF")
    assert_illegal(choosing, ChooseHalf(1, Surface.NORMAL), "ST-DOUBLE-HALF")
    after, events = step(choosing, ChooseHalf(1, Surface.SPIKES))
    assert after.piece(SONIC) == Piece(SONIC, 3, Surface.SPIKES)
    assert ev.HalfChosen(SONIC, Surface.SPIKES) in events
    assert after.phase is Phase.PLAY
    assert after.to_act == 0


@pytest.mark.parametrize(("half", "expected"), [(Surface.RINGS, 3 + 4), (Surface.SPIKES, 3 + 1)])
def test_st_double_half_the_chosen_half_governs_the_next_move(half: Surface, expected: int) -> None:
    """ST-DOUBLE-HALF: the half chosen on arrival sets the value of the next move."""
    state = setup_position(
        2, board="S . . R/X . . . . . . . .", hands=[["blue-3", "blue-2"], ["red-1"]]
    )
    state = apply(state, Play(0, card("blue-3"), SONIC))
    state = apply(state, ChooseHalf(0, half))
    state = apply(state, Play(1, card("red-1"), AMY))
    state = apply(state, Play(0, card("blue-2"), SONIC))
    assert position(state, SONIC) == expected


def test_st_double_half_passing_over_a_double_space_asks_nothing() -> None:
    """ST-DOUBLE-HALF: only a move that stops on a double space asks for a half."""
    state = setup_position(2, board="S R/X . . . . .", hands=[["blue-3"], ["red-1"]])
    after = apply(state, Play(0, card("blue-3"), SONIC))
    assert after.phase is Phase.PLAY
    assert after.piece(SONIC).half is None


# -- loops ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", [3, 4, 5])
def test_st_loop_fallback_a_move_ending_in_a_loop_goes_back_to_the_nearest_normal_space(
    value: int,
) -> None:
    """ST-LOOP-FALLBACK: ending on any loop space sends Sonic back to the grass at 1,
    past the spikes at 2 (spikes are not a normal space)."""
    state = setup_position(2, board="S . X L L L . . .", hands=[[f"blue-{value}"]])
    after, events = step(state, Play(0, card(f"blue-{value}"), SONIC))
    assert position(after, SONIC) == 1
    assert ev.FellBack(SONIC, value, 1) in events


def test_st_loop_fallback_can_send_a_character_behind_where_it_started() -> None:
    """ST-LOOP-FALLBACK: from the rings at 2 a 1 moves 2 to the loop's last space, and
    Sonic falls back to the grass at 1, behind his starting space."""
    state = setup_position(2, board="S . R L L . . .", positions={"sonic": 2}, hands=[["blue-1"]])
    after = apply(state, Play(0, card("blue-1"), SONIC))
    assert position(after, SONIC) == 1


def test_st_loop_pass_a_move_ending_beyond_the_loop_passed_through_it() -> None:
    """ST-LOOP-PASS: a 6 from the start covers the whole loop (3-5) and stops at 6."""
    state = setup_position(2, board="S . X L L L . . .", hands=[["blue-6"]])
    after, events = step(state, Play(0, card("blue-6"), SONIC))
    assert position(after, SONIC) == 6
    assert not any(isinstance(e, ev.FellBack) for e in events)


# -- crossing and winning ----------------------------------------------------------


@pytest.mark.parametrize("value", [2, 3, 6])
def test_st_crossing_no_exact_count_is_needed(value: int) -> None:
    """ST-CROSSING: from space 2 of a 4-space track a 2 reaches the line, a 6 overshoots:
    both cross."""
    state = setup_position(
        2, board="S . . .", positions={"sonic": 2}, hands=[[f"blue-{value}"], ["red-1"]]
    )
    after, events = step(state, Play(0, card(f"blue-{value}"), SONIC))
    assert position(after, SONIC) == 4
    assert after.has_crossed(SONIC)
    assert ev.Crossed(SONIC) in events
    assert after.phase is Phase.PLAY


def test_st_crossing_a_short_move_stays_on_the_track() -> None:
    """ST-CROSSING: one space short of the line is still on the track."""
    state = setup_position(2, board="S . . .", positions={"sonic": 2}, hands=[["blue-1"]])
    after = apply(state, Play(0, card("blue-1"), SONIC))
    assert position(after, SONIC) == 3
    assert not after.has_crossed(SONIC)


def test_st_crossed_stay_a_character_across_is_never_moved() -> None:
    """ST-CROSSED-STAY: Sonic is across; a blue card may only move Tails."""
    state = setup_position(
        2, board="S . . .", positions={"sonic": 4}, hands=[["blue-3"], ["red-1"]]
    )
    assert legal_actions(state) == [Play(0, card("blue-3"), TAILS)]
    assert_illegal(state, Play(0, card("blue-3"), SONIC), "ST-CROSSED-STAY")


def test_st_win_the_side_with_every_character_across_wins_at_once() -> None:
    """ST-WIN: Silver is seat 0's last character on the track; crossing ends the game."""
    state = setup_position(
        2,
        board="S . . .",
        positions={"sonic": 4, "tails": 4, "shadow": 4, "silver": 3},
        hands=[["black-1", "blue-2"], ["red-1"]],
    )
    after, events = step(state, Play(0, card("black-1"), SILVER))
    assert after.phase is Phase.GAME_OVER
    assert after.is_over
    assert after.to_act is None
    assert after.winners == (0,)
    assert ev.SideWon((0,)) in events
    assert legal_actions(after) == []
    assert_illegal(after, Play(1, card("red-1"), AMY), "ST-WIN")


def test_st_win_an_opponent_pushing_your_last_character_across_makes_you_win() -> None:
    """ST-WIN: seat 1 plays a black card and moves Silver across: seat 0 wins."""
    state = setup_position(
        2,
        board="S . . .",
        positions={"sonic": 4, "tails": 4, "shadow": 4, "silver": 3},
        hands=[["blue-2"], ["black-1"]],
        to_act=1,
    )
    after = apply(state, Play(1, card("black-1"), SILVER))
    assert after.winners == (0,)


def test_st_win_a_partnership_wins_together_with_four_players() -> None:
    """ST-WIN and ST-SEATS-SIDES: blue (seat 0) and black (seat 2) are one side."""
    state = setup_position(
        4,
        board="S . . .",
        positions={"sonic": 4, "tails": 4, "shadow": 4, "silver": 3},
        hands=[[], [], ["black-2"], []],
        to_act=2,
    )
    after = apply(state, Play(2, card("black-2"), SILVER))
    assert after.winners == (0, 2)


def test_st_win_not_while_a_character_of_the_side_is_still_racing() -> None:
    """ST-WIN: with Silver still on the track, Shadow crossing ends nothing."""
    state = setup_position(
        4,
        board="S . . .",
        positions={"sonic": 4, "tails": 4, "shadow": 3},
        hands=[[], [], ["black-2"], ["yellow-1"]],
        to_act=2,
    )
    after = apply(state, Play(2, card("black-2"), SHADOW))
    assert not after.is_over
    assert after.winners == ()
    assert after.to_act == 3


def test_st_seats_sides_with_three_players_one_colour_is_a_whole_side() -> None:
    """ST-SEATS-SIDES and ST-WIN: with 3 players the two blue characters are seat 0's side."""
    state = setup_position(
        3, board="S . . .", positions={"sonic": 4, "tails": 3}, hands=[["blue-1"], [], []]
    )
    after = apply(state, Play(0, card("blue-1"), TAILS))
    assert after.winners == (0,)


# -- the card's colour ---------------------------------------------------------------


def test_st_play_card_only_cards_in_hand_and_never_the_special_card() -> None:
    """ST-PLAY-CARD: one Play per card in hand and character it may move."""
    state = setup_position(2, board=GRASS_12, hands=[["blue-2", "red-5"], ["red-1"]])
    assert legal_actions(state) == [
        Play(0, card("blue-2"), SONIC),
        Play(0, card("blue-2"), TAILS),
        Play(0, card("red-5"), AMY),
        Play(0, card("red-5"), KNUCKLES),
    ]
    assert_illegal(state, Play(0, card("blue-3"), SONIC), "ST-PLAY-CARD")
    assert_illegal(state, Play(0, Card.special(), SONIC), "ST-PLAY-CARD")


def test_st_play_card_the_card_leaves_the_hand_for_the_discard_pile() -> None:
    """ST-PLAY-CARD: the played card is discarded."""
    state = setup_position(2, board=GRASS_12, hands=[["blue-2", "red-5"], ["red-1"]])
    after = apply(state, Play(0, card("red-5"), KNUCKLES))
    assert after.hands[0] == (card("blue-2"),)
    assert after.discard == (card("red-5"),)
    assert position(after, KNUCKLES) == 5


def test_st_character_colour_a_card_moves_its_colour_whoever_owns_it() -> None:
    """ST-CHARACTER-COLOUR: seat 0 plays a red card and moves seat 1's Amy."""
    state = setup_position(2, board=GRASS_12, hands=[["red-3"], ["red-1"]])
    after, events = step(state, Play(0, card("red-3"), AMY))
    assert position(after, AMY) == 3
    assert ev.CardPlayed(0, card("red-3"), AMY, False) in events


def test_st_character_colour_a_card_cannot_move_another_colour() -> None:
    """ST-CHARACTER-COLOUR: a blue card cannot move Shadow (black), even seat 0's own."""
    state = setup_position(2, board=GRASS_12, hands=[["blue-3"], ["red-1"]])
    assert_illegal(state, Play(0, card("blue-3"), SHADOW), "ST-CHARACTER-COLOUR")
    assert_illegal(state, Play(0, card("blue-3"), AMY), "ST-CHARACTER-COLOUR")


def test_st_character_colour_a_character_not_in_the_game_cannot_move() -> None:
    """ST-CHARACTER-COLOUR: with 3 players yellow is out of the game."""
    state = setup_position(3, board=GRASS_12, hands=[["blue-3"], [], []])
    assert_illegal(state, Play(0, card("blue-3"), ROUGE), "ST-CHARACTER-COLOUR")


def test_st_colour_fallback_two_players_the_same_players_other_colour() -> None:
    """ST-COLOUR-FALLBACK: both blue characters across, so a blue card (played by the
    opponent, seat 1) moves seat 0's black characters."""
    state = setup_position(
        2,
        board=GRASS_12,
        positions={"sonic": 12, "tails": 12},
        hands=[["black-1"], ["blue-3"]],
        to_act=1,
    )
    assert movable_characters(state, Colour.BLUE) == (SHADOW, SILVER)
    assert legal_actions(state) == [
        Play(1, card("blue-3"), SHADOW),
        Play(1, card("blue-3"), SILVER),
    ]
    assert_illegal(state, Play(1, card("blue-3"), AMY), "ST-COLOUR-FALLBACK")
    assert_illegal(state, Play(1, card("blue-3"), SONIC), "ST-CROSSED-STAY")
    after, events = step(state, Play(1, card("blue-3"), SILVER))
    assert position(after, SILVER) == 3
    assert ev.CardPlayed(1, card("blue-3"), SILVER, True) in events


def test_st_colour_fallback_four_players_the_partners_colour() -> None:
    """ST-COLOUR-FALLBACK: blue's partner colour is black (seats 0 and 2)."""
    state = setup_position(
        4,
        board=GRASS_12,
        positions={"sonic": 12, "tails": 12},
        hands=[[], ["blue-2"], [], []],
        to_act=1,
    )
    assert movable_characters(state, Colour.BLUE) == (SHADOW, SILVER)
    assert_illegal(state, Play(1, card("blue-2"), METAL_SONIC), "ST-COLOUR-FALLBACK")
    after = apply(state, Play(1, card("blue-2"), SHADOW))
    assert position(after, SHADOW) == 2


def test_st_colour_fallback_not_while_one_character_of_the_colour_races() -> None:
    """ST-COLOUR-FALLBACK: with Tails still on the track a blue card moves only Tails."""
    state = setup_position(
        2, board=GRASS_12, positions={"sonic": 12}, hands=[["blue-2"], ["red-1"]]
    )
    assert movable_characters(state, Colour.BLUE) == (TAILS,)
    assert_illegal(state, Play(0, card("blue-2"), SHADOW), "ST-CHARACTER-COLOUR")


# -- turn order and shared spaces ------------------------------------------------------


def test_st_turn_order_play_goes_clockwise() -> None:
    """ST-TURN-ORDER: seat 0, then 1, then 2, then 0 again."""
    state = setup_position(
        3,
        board=GRASS_12,
        hands=[["blue-1", "blue-2"], ["red-1"], ["black-1"]],
    )
    seen = []
    for action in (
        Play(0, card("blue-1"), SONIC),
        Play(1, card("red-1"), AMY),
        Play(2, card("black-1"), SHADOW),
    ):
        seen.append(state.to_act)
        state = apply(state, action)
    seen.append(state.to_act)
    assert seen == [0, 1, 2, 0]
    assert state.turns_played == 3


def test_st_turn_order_only_the_seat_to_act_may_play() -> None:
    """ST-TURN-ORDER: seat 1 cannot play during seat 0's turn."""
    state = setup_position(2, board=GRASS_12, hands=[["blue-1"], ["red-1"]])
    assert_illegal(state, Play(1, card("red-1"), AMY), "ST-TURN-ORDER")


def test_st_shared_spaces_any_number_of_characters_share_a_space() -> None:
    """ST-SHARED-SPACES: Amy and Knuckles move onto Sonic's space; all three stay."""
    state = setup_position(
        2,
        board=GRASS_12,
        positions={"sonic": 3, "amy": 1},
        hands=[["red-3", "blue-1"], ["red-2"]],
    )
    state = apply(state, Play(0, card("red-3"), KNUCKLES))
    state = apply(state, Play(1, card("red-2"), AMY))
    assert position(state, SONIC) == position(state, AMY) == position(state, KNUCKLES) == 3


# -- board notation ------------------------------------------------------------------


def test_st_board_notation_every_token_and_doubles_in_either_order() -> None:
    """ST-BOARD-NOTATION: S . = B R X L R/X R/. X/. and the reversed doubles."""
    board = Board.parse("S . = B R X L . R/X X/R R/. ./R X/. ./X")
    assert board.spaces == (
        SpaceKind.START,
        SpaceKind.GRASS,
        SpaceKind.BRIDGE,
        SpaceKind.BONUS,
        SpaceKind.RINGS,
        SpaceKind.SPIKES,
        SpaceKind.LOOP,
        SpaceKind.GRASS,
        SpaceKind.RINGS_SPIKES,
        SpaceKind.RINGS_SPIKES,
        SpaceKind.RINGS_GRASS,
        SpaceKind.RINGS_GRASS,
        SpaceKind.SPIKES_GRASS,
        SpaceKind.SPIKES_GRASS,
    )
    assert len(board) == 14


@pytest.mark.parametrize(
    ("text", "named"),
    [
        (". S .", "'.'"),  # the start must come first
        ("S . S", "'S'"),  # and only once
        ("S . Q .", "'Q'"),  # unknown token
        ("S . R/L", "'R/L'"),  # not a double space
    ],
)
def test_st_board_notation_bad_notation_names_the_token(text: str, named: str) -> None:
    """ST-BOARD-NOTATION: a bad board is a BoardError naming the token and its position."""
    with pytest.raises(BoardError) as info:
        Board.parse(text)
    assert named in str(info.value)
    assert "token" in str(info.value)


def test_st_board_notation_loop_geometry() -> None:
    """ST-BOARD-NOTATION, ST-LOOP-FALLBACK, ST-BONUS-DEXTERITY: a loop's fall-back and
    beyond spaces are the nearest normal spaces around it."""
    board = Board.parse("S . R L L X = .")
    loop = board.loop_at(3)
    assert loop is not None
    assert (loop.first, loop.last, loop.fallback, loop.beyond) == (3, 4, 1, 6)
    assert board.loop_at(4) == loop
    assert board.loop_at(2) is None
