"""Per-rule scenarios for Super Teams bonus cards.

The response window (who is asked, passing, one card per move, the second-card
option), each bonus card, Super Jump (from a bonus space and from the special card),
the bonus discard pile and its reshuffle, and bonus spaces.

Default colours: 2 players seat 0 blue+black, seat 1 red+yellow; 4 players blue / red
/ black / yellow, partners 0+2 (blue, black) and 1+3 (red, yellow).
"""

from __future__ import annotations

import pytest

from sonic_rules.core.chance import CHANCE
from sonic_rules.super_teams import (
    BonusKind,
    BonusSplit,
    Card,
    Character,
    ChooseJumper,
    Deal,
    DrawBonus,
    Options,
    Pass,
    Phase,
    Piece,
    Play,
    PlayBonus,
    State,
    Surface,
    apply,
    chance_outcomes,
    jump_candidates,
    legal_actions,
    move_value,
    new_game,
    setup_position,
    step,
)
from sonic_rules.super_teams import events as ev
from st_helpers import assert_illegal, card, position

SONIC, TAILS = Character.SONIC, Character.TAILS
AMY = Character.AMY
SHADOW, SILVER = Character.SHADOW, Character.SILVER

SPEED = BonusKind.SPEED
DEXTERITY = BonusKind.DEXTERITY
SUPERBONUS = BonusKind.SUPERBONUS
SHIELD = BonusKind.SHIELD
SUPER_JUMP = BonusKind.SUPER_JUMP

GRASS_20 = "S " + " ".join(["."] * 19)
NO_SUPER_JUMP = Options(
    bonus_split=BonusSplit(speed=6, dexterity=4, superbonus=4, shield=6, super_jump=0)
)


def opponent_moves_sonic(
    board: str,
    sonic: int | tuple[int, str],
    value: int,
    bonus: list[str],
) -> State:
    """2 players: seat 1 plays blue-``value`` for Sonic; seat 0 holds ``bonus``."""
    state = setup_position(
        2,
        board=board,
        positions={"sonic": sonic},
        hands=[["black-1"], [f"blue-{value}", "red-1"]],
        bonus_hands=[bonus, []],
        to_act=1,
    )
    return apply(state, Play(1, card(f"blue-{value}"), SONIC))


# -- the response window -------------------------------------------------------------


def test_st_response_window_the_colours_holder_is_asked_before_the_move() -> None:
    """ST-RESPONSE-WINDOW: seat 1 moves Sonic; seat 0 (blue) may respond, nothing moved yet."""
    state = opponent_moves_sonic(GRASS_20, 0, 3, ["speed", "shield"])
    assert state.phase is Phase.RESPONSE
    assert state.to_act == 0
    assert position(state, SONIC) == 0
    # Shield is not playable on grass, so it is not offered.
    assert legal_actions(state) == [Pass(0), PlayBonus(0, SPEED)]


def test_st_response_window_a_player_moving_their_own_character_is_asked_too() -> None:
    """ST-RESPONSE-WINDOW: seat 0 plays a blue card for its own Sonic and may add Speed."""
    state = setup_position(
        2, board=GRASS_20, hands=[["blue-3"], ["red-1"]], bonus_hands=[["speed"], []]
    )
    state = apply(state, Play(0, card("blue-3"), SONIC))
    assert state.phase is Phase.RESPONSE
    assert state.to_act == 0
    assert position(apply(state, PlayBonus(0, SPEED)), SONIC) == 4


def test_st_response_window_passing_is_explicit_and_resolves_the_move() -> None:
    """ST-RESPONSE-WINDOW: an explicit Pass lets the move resolve with the card's value."""
    state = opponent_moves_sonic(GRASS_20, 0, 3, ["speed"])
    after, events = step(state, Pass(0))
    assert ev.Passed(0) in events
    assert position(after, SONIC) == 3
    assert after.bonus_hands[0] == (SPEED,)
    assert after.to_act == 0
    assert after.phase is Phase.PLAY


def test_st_response_window_only_the_asked_seat_may_answer() -> None:
    """ST-RESPONSE-WINDOW: the mover (seat 1) can neither pass nor play for seat 0."""
    state = setup_position(
        2,
        board=GRASS_20,
        hands=[["black-1"], ["blue-3", "red-1"]],
        bonus_hands=[["speed"], ["speed"]],
        to_act=1,
    )
    state = apply(state, Play(1, card("blue-3"), SONIC))
    assert_illegal(state, Pass(1), "ST-RESPONSE-WINDOW")
    assert_illegal(state, PlayBonus(1, SPEED), "ST-RESPONSE-WINDOW")
    assert_illegal(state, Play(1, card("red-1"), AMY), "ST-RESPONSE-WINDOW")


def test_st_response_window_a_bonus_card_not_held_cannot_be_played() -> None:
    """ST-RESPONSE-WINDOW: seat 0 holds no Dexterity Bonus."""
    state = opponent_moves_sonic(GRASS_20, 0, 3, ["speed"])
    assert_illegal(state, PlayBonus(0, DEXTERITY), "ST-RESPONSE-WINDOW")


def test_st_response_window_four_players_holder_then_partner_never_the_opponents() -> None:
    """ST-RESPONSE-WINDOW: red (seat 1) moves Sonic; blue (0) passes, then black (2, the
    partner) plays Speed. Yellow (3) holds cards but is never asked."""
    state = setup_position(
        4,
        board=GRASS_20,
        hands=[[], ["blue-3", "red-1"], ["black-1"], []],
        bonus_hands=[["speed"], ["speed"], ["speed"], ["speed"]],
        to_act=1,
    )
    state = apply(state, Play(1, card("blue-3"), SONIC))
    assert state.to_act == 0
    state = apply(state, Pass(0))
    assert state.phase is Phase.RESPONSE
    assert state.to_act == 2
    assert_illegal(state, PlayBonus(3, SPEED), "ST-RESPONSE-WINDOW")
    after = apply(state, PlayBonus(2, SPEED))
    assert position(after, SONIC) == 4
    assert after.bonus_hands == ((SPEED,), (SPEED,), (), (SPEED,))
    assert after.to_act == 2


def test_st_p_response_empty_a_seat_without_bonus_cards_is_not_asked() -> None:
    """ST-P-RESPONSE-EMPTY: blue's holder has no bonus card, so the move resolves at once."""
    state = setup_position(
        2, board=GRASS_20, hands=[["black-1"], ["blue-3"]], bonus_hands=[[], ["speed"]], to_act=1
    )
    after = apply(state, Play(1, card("blue-3"), SONIC))
    assert after.phase is Phase.PLAY
    assert position(after, SONIC) == 3


def test_st_p_response_empty_the_partner_is_asked_directly() -> None:
    """ST-P-RESPONSE-EMPTY: 4 players, blue (0) holds nothing, so black (2) is asked first."""
    state = setup_position(
        4,
        board=GRASS_20,
        hands=[[], ["blue-3", "red-1"], [], []],
        bonus_hands=[[], [], ["dexterity"], []],
        to_act=1,
    )
    state = apply(state, Play(1, card("blue-3"), SONIC))
    assert state.phase is Phase.RESPONSE
    assert state.to_act == 2
    assert state.pending is not None
    assert state.pending.responders == (2,)


def test_st_p_response_empty_a_seat_holding_only_unplayable_cards_must_still_pass() -> None:
    """ST-P-RESPONSE-EMPTY: a Shield cannot be played on grass; seat 0 is asked anyway."""
    state = opponent_moves_sonic(GRASS_20, 0, 3, ["shield"])
    assert state.phase is Phase.RESPONSE
    assert legal_actions(state) == [Pass(0)]
    assert position(apply(state, Pass(0)), SONIC) == 3


def test_st_response_one_card_the_partner_is_not_asked_after_a_bonus_card() -> None:
    """ST-RESPONSE-ONE-CARD: blue (0) plays Speed; the move resolves at once, black (2)
    with a Superbonus in hand is not asked."""
    state = setup_position(
        4,
        board=GRASS_20,
        hands=[[], ["blue-3", "red-1"], [], []],
        bonus_hands=[["speed"], [], ["superbonus"], []],
        to_act=1,
    )
    state = apply(state, Play(1, card("blue-3"), SONIC))
    after = apply(state, PlayBonus(0, SPEED))
    assert after.phase is Phase.PLAY
    assert position(after, SONIC) == 4
    assert after.bonus_hands[2] == (SUPERBONUS,)


def test_st_response_one_card_a_holder_cannot_play_two() -> None:
    """ST-RESPONSE-ONE-CARD: 2 players, seat 0 holds two Speed Bonuses; one is applied."""
    state = opponent_moves_sonic(GRASS_20, 0, 3, ["speed", "speed"])
    after = apply(state, PlayBonus(0, SPEED))
    assert position(after, SONIC) == 4
    assert after.bonus_hands[0] == (SPEED,)
    assert_illegal(after, PlayBonus(0, SPEED), "ST-PLAY-CARD")


def test_st_response_must_apply_the_opponent_cannot_refuse_the_bonus_card() -> None:
    """ST-RESPONSE-MUST-APPLY: seat 1 sends Sonic into a loop; seat 0's Dexterity applies
    straight away, with no decision left to seat 1."""
    state = opponent_moves_sonic("S . . L L . . . .", 0, 3, ["dexterity"])
    after, events = step(state, PlayBonus(0, DEXTERITY))
    assert position(after, SONIC) == 5
    assert ev.ThroughLoop(SONIC, 3, 5) in events
    assert after.phase is Phase.PLAY
    assert after.to_act == 0


def test_st_opt_second_bonus_the_partner_may_add_a_second_card() -> None:
    """ST-OPT-SECOND-BONUS: with the option, blue plays Speed, black adds Superbonus:
    (3 + 1) x 2 = 8."""
    state = setup_position(
        4,
        board=GRASS_20,
        hands=[[], ["blue-3", "red-1"], [], []],
        bonus_hands=[["speed"], [], ["superbonus"], []],
        to_act=1,
        options=Options(partner_second_bonus=True),
    )
    state = apply(state, Play(1, card("blue-3"), SONIC))
    state = apply(state, PlayBonus(0, SPEED))
    assert state.phase is Phase.RESPONSE
    assert state.to_act == 2
    after, events = step(state, PlayBonus(2, SUPERBONUS))
    assert ev.Moved(SONIC, 0, 8, 8, Surface.NORMAL) in events
    assert sorted(after.bonus_discard, key=lambda k: k.order) == [SPEED, SUPERBONUS]


def test_st_opt_second_bonus_the_partner_may_pass() -> None:
    """ST-OPT-SECOND-BONUS: the partner may decline to add a card."""
    state = setup_position(
        4,
        board=GRASS_20,
        hands=[[], ["blue-3", "red-1"], [], []],
        bonus_hands=[["speed"], [], ["superbonus"], []],
        to_act=1,
        options=Options(partner_second_bonus=True),
    )
    state = apply(state, Play(1, card("blue-3"), SONIC))
    state = apply(state, PlayBonus(0, SPEED))
    after = apply(state, Pass(2))
    assert position(after, SONIC) == 4


def test_st_opt_second_bonus_still_only_one_card_if_the_holder_passes() -> None:
    """ST-OPT-SECOND-BONUS: the partner's card is a second one only after the holder's."""
    state = setup_position(
        4,
        board=GRASS_20,
        hands=[[], ["blue-3", "red-1"], [], []],
        bonus_hands=[["speed"], [], ["speed", "superbonus"], []],
        to_act=1,
        options=Options(partner_second_bonus=True),
    )
    state = apply(state, Play(1, card("blue-3"), SONIC))
    state = apply(state, Pass(0))
    after = apply(state, PlayBonus(2, SPEED))
    assert after.phase is Phase.PLAY
    assert position(after, SONIC) == 4


def test_st_opt_second_bonus_combined_values() -> None:
    """ST-OPT-SECOND-BONUS: each Speed adds 1 before any doubling, each Superbonus doubles,
    a Shield restores the card's value on spikes."""
    assert move_value(3, Surface.NORMAL, (SPEED, SPEED)) == 5
    assert move_value(3, Surface.NORMAL, (SUPERBONUS, SPEED)) == 8
    assert move_value(3, Surface.NORMAL, (SUPERBONUS, SUPERBONUS)) == 12
    assert move_value(3, Surface.RINGS, (SPEED, SPEED)) == 10
    assert move_value(3, Surface.SPIKES, (SHIELD, SPEED)) == 4
    assert move_value(3, Surface.SPIKES, (SPEED, SPEED)) == 1


# -- the bonus cards -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "sonic", "value", "expected"),
    [
        (GRASS_20, 0, 3, 4),  # "3" becomes "4"
        (GRASS_20, 0, 6, 7),  # "6" becomes "7"
        ("S R . . . . . . . . . . . . . .", 1, 3, 1 + 8),  # (3 + 1) x 2 on rings
        ("S X . . . . . . . .", 1, 6, 1 + 1),  # still 1 on spikes
        ("S X/. . . . . . . . .", (1, "spikes"), 6, 1 + 1),
    ],
)
def test_st_bonus_speed_adds_one_before_doubling_never_on_spikes(
    board: str, sonic: int | tuple[int, str], value: int, expected: int
) -> None:
    """ST-BONUS-SPEED: +1 to the card, before the rings double; spikes stay at 1."""
    state = opponent_moves_sonic(board, sonic, value, ["speed"])
    assert PlayBonus(0, SPEED) in legal_actions(state)
    after = apply(state, PlayBonus(0, SPEED))
    assert position(after, SONIC) == expected


def test_st_bonus_dexterity_a_move_stopping_in_a_loop_goes_on_beyond_it() -> None:
    """ST-BONUS-DEXTERITY: to the nearest normal space beyond the loop (past the spikes)."""
    state = opponent_moves_sonic("S . L L L X = . .", 0, 2, ["dexterity"])
    after, events = step(state, PlayBonus(0, DEXTERITY))
    assert position(after, SONIC) == 6
    assert ev.ThroughLoop(SONIC, 2, 6) in events
    assert not any(isinstance(e, ev.FellBack) for e in events)


def test_st_bonus_dexterity_with_no_normal_space_beyond_it_crosses_the_line() -> None:
    """ST-BONUS-DEXTERITY: a loop with only spikes after it: Dexterity takes Sonic across."""
    state = opponent_moves_sonic("S . L L X", 0, 2, ["dexterity"])
    after, events = step(state, PlayBonus(0, DEXTERITY))
    assert after.has_crossed(SONIC)
    assert ev.ThroughLoop(SONIC, 2, None) in events
    assert ev.Crossed(SONIC) in events


@pytest.mark.parametrize(
    ("board", "sonic", "expected"),
    [
        (GRASS_20, 0, 3),  # grass: no loop, no effect
        ("S X . . . .", 1, 2),  # spikes: may be played, does nothing
        ("S . L L . . . .", 0, 4),  # passes the loop anyway
    ],
)
def test_st_bonus_dexterity_may_always_be_played_and_does_nothing_outside_loops(
    board: str, sonic: int, expected: int
) -> None:
    """ST-BONUS-DEXTERITY: always playable; no effect unless the move stops in a loop."""
    value = 4 if "L" in board else 3
    state = opponent_moves_sonic(board, sonic, value, ["dexterity"])
    assert PlayBonus(0, DEXTERITY) in legal_actions(state)
    after = apply(state, PlayBonus(0, DEXTERITY))
    assert position(after, SONIC) == expected
    assert DEXTERITY in after.bonus_discard


@pytest.mark.parametrize(
    ("board", "sonic"),
    [
        ("S . . . . . . . .", 0),  # start
        ("S = . . . . . . .", 1),  # bridge
        ("S B . . . . . . .", 1),  # bonus
        ("S X/. . . . . . .", (1, "normal")),  # the normal half of a double
    ],
)
def test_st_bonus_superbonus_doubles_on_a_normal_space(
    board: str, sonic: int | tuple[int, str]
) -> None:
    """ST-BONUS-SUPERBONUS: a 3 moves 6 from a normal space or normal half."""
    state = opponent_moves_sonic(board, sonic, 3, ["superbonus"])
    start = position(state, SONIC)
    assert PlayBonus(0, SUPERBONUS) in legal_actions(state)
    after = apply(state, PlayBonus(0, SUPERBONUS))
    assert position(after, SONIC) == start + 6


@pytest.mark.parametrize(
    ("board", "sonic"),
    [
        ("S R . . . . . . . . . . .", 1),
        ("S X . . . . . . .", 1),
        ("S R/X . . . . . . . . . .", (1, "rings")),
        ("S X/. . . . . . .", (1, "spikes")),
    ],
)
def test_st_bonus_superbonus_is_illegal_off_a_normal_space(
    board: str, sonic: int | tuple[int, str]
) -> None:
    """ST-BONUS-SUPERBONUS: on rings or spikes it is an illegal action, not a wasted card."""
    state = opponent_moves_sonic(board, sonic, 3, ["superbonus"])
    assert legal_actions(state) == [Pass(0)]
    assert_illegal(state, PlayBonus(0, SUPERBONUS), "ST-BONUS-SUPERBONUS")


@pytest.mark.parametrize(
    ("board", "sonic"),
    [
        ("S X . . . . . .", 1),
        ("S R/X . . . . . .", (1, "spikes")),
        ("S X/. . . . .", (1, "spikes")),
    ],
)
def test_st_bonus_shield_on_spikes_the_card_value_counts(
    board: str, sonic: int | tuple[int, str]
) -> None:
    """ST-BONUS-SHIELD: on spikes (or a spikes half) a 4 moves 4, not 1."""
    state = opponent_moves_sonic(board, sonic, 4, ["shield"])
    assert PlayBonus(0, SHIELD) in legal_actions(state)
    after = apply(state, PlayBonus(0, SHIELD))
    assert position(after, SONIC) == 5


@pytest.mark.parametrize(
    ("board", "sonic"),
    [
        ("S . . . . . . . . . .", 0),
        ("S R . . . . . . . . .", 1),
        ("S X/. . . . . . . . .", (1, "normal")),
        ("S R/X . . . . . . . . .", (1, "rings")),
    ],
)
def test_st_bonus_shield_is_illegal_off_spikes(board: str, sonic: int | tuple[int, str]) -> None:
    """ST-BONUS-SHIELD: for a character not on spikes it is an illegal action."""
    state = opponent_moves_sonic(board, sonic, 4, ["shield"])
    assert legal_actions(state) == [Pass(0)]
    assert_illegal(state, PlayBonus(0, SHIELD), "ST-BONUS-SHIELD")


def test_st_bonus_discard_a_played_bonus_card_goes_to_the_bonus_discard_pile() -> None:
    """ST-BONUS-DISCARD: out of the hand, onto the bonus discard pile; the deck is untouched."""
    state = opponent_moves_sonic(GRASS_20, 0, 3, ["speed", "shield"])
    deck_before = state.bonus_deck
    after, events = step(state, PlayBonus(0, SPEED))
    assert ev.BonusPlayed(0, SPEED) in events
    assert after.bonus_hands[0] == (SHIELD,)
    assert after.bonus_discard == (SPEED,)
    assert after.bonus_deck == deck_before


# -- bonus spaces ----------------------------------------------------------------------


def test_st_bonus_space_the_colours_holder_takes_the_top_bonus_card() -> None:
    """ST-BONUS-SPACE: seat 1 moves Sonic onto a bonus space; seat 0 (blue) draws."""
    state = opponent_moves_sonic("S . . B . . .", 0, 3, [])
    assert state.phase is Phase.BONUS_DRAW
    assert state.to_act is CHANCE
    outcomes = chance_outcomes(state)
    assert {action.seat for action, _ in outcomes if isinstance(action, DrawBonus)} == {0}
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert_illegal(state, DrawBonus(1, SPEED), "ST-CHANCE")
    after, events = step(state, DrawBonus(0, SHIELD))
    assert ev.BonusCardTaken(0, SHIELD) in events
    assert after.bonus_hands == ((SHIELD,), ())
    assert after.phase is Phase.PLAY
    assert after.to_act == 0


def test_st_bonus_space_the_moved_characters_colour_decides_who_draws() -> None:
    """ST-BONUS-SPACE and ST-COLOUR-FALLBACK: blue is across, so red's blue card moves
    black's Shadow onto the bonus space; the black player (seat 2) draws, not blue."""
    state = setup_position(
        4,
        board="S . . B . . .",
        positions={"sonic": 7, "tails": 7},
        hands=[[], ["blue-3", "red-1"], ["black-1"], []],
        to_act=1,
    )
    after = apply(state, Play(1, card("blue-3"), SHADOW))
    assert after.phase is Phase.BONUS_DRAW
    assert after.bonus_queue == (2,)
    after = apply(after, DrawBonus(2, SPEED))
    assert after.bonus_hands == ((), (), (SPEED,), ())
    assert after.to_act == 2


def test_st_bonus_space_passing_over_or_leaving_one_takes_nothing() -> None:
    """ST-BONUS-SPACE: only the final space counts."""
    passing = opponent_moves_sonic("S . B . . . .", 0, 3, [])
    leaving = opponent_moves_sonic("S B . . . . .", 1, 3, [])
    for state in (passing, leaving):
        assert state.phase is Phase.PLAY
        assert state.bonus_hands == ((), ())


def test_st_bonus_space_after_a_loop_fall_back() -> None:
    """ST-BONUS-SPACE and ST-LOOP-FALLBACK: falling back onto a bonus space takes a card."""
    state = opponent_moves_sonic("S B L L . . .", 0, 2, [])
    assert position(state, SONIC) == 1
    assert state.phase is Phase.BONUS_DRAW
    assert state.bonus_queue == (0,)


def test_st_bonus_space_after_a_dexterity_move() -> None:
    """ST-BONUS-SPACE and ST-BONUS-DEXTERITY: Dexterity carrying Sonic onto a bonus space."""
    state = opponent_moves_sonic("S . L L B . .", 0, 2, ["dexterity"])
    after = apply(state, PlayBonus(0, DEXTERITY))
    assert position(after, SONIC) == 4
    assert after.phase is Phase.BONUS_DRAW
    assert after.bonus_queue == (0,)


def test_st_bonus_reshuffle_an_empty_bonus_deck_takes_the_discard_pile() -> None:
    """ST-BONUS-RESHUFFLE: the bonus deck is empty, so the bonus discard pile (2 Speed,
    2 Shield) becomes the new deck before seat 0 takes its card."""
    state = setup_position(
        2,
        board="S . . B . . .",
        hands=[["blue-3", "black-1"], ["red-1"]],
        bonus_hands=[[], ["speed"] * 4 + ["dexterity"] * 4 + ["superbonus"] * 4 + ["shield"] * 4],
        bonus_discard=["speed", "speed", "shield", "shield"],
        bonus_deck=[],
        options=NO_SUPER_JUMP,
    )
    after, events = step(state, Play(0, card("blue-3"), SONIC))
    assert ev.BonusDeckReshuffled(4) in events
    assert after.phase is Phase.BONUS_DRAW
    assert after.bonus_discard == ()
    assert after.bonus_deck == (SPEED, SPEED, SHIELD, SHIELD)
    assert chance_outcomes(after) == [(DrawBonus(0, SPEED), 0.5), (DrawBonus(0, SHIELD), 0.5)]


def test_st_bonus_reshuffle_with_both_piles_empty_no_card_is_taken() -> None:
    """ST-BONUS-RESHUFFLE: every bonus card is in a hand, so the bonus space gives nothing."""
    state = setup_position(
        2,
        board="S . . B . . .",
        hands=[["blue-3", "black-1"], ["red-1"]],
        bonus_hands=[[], ["speed"] * 6 + ["dexterity"] * 4 + ["superbonus"] * 4 + ["shield"] * 6],
        bonus_deck=[],
        options=NO_SUPER_JUMP,
    )
    after, events = step(state, Play(0, card("blue-3"), SONIC))
    assert ev.NoBonusCard(0) in events
    assert after.phase is Phase.PLAY
    assert after.to_act == 1
    assert after.bonus_hands[0] == ()


def test_st_bonus_reshuffle_in_the_middle_of_a_special_card_bonus_round() -> None:
    """ST-BONUS-RESHUFFLE and ST-SPECIAL-BONUS: seat 1 takes the last bonus card; the
    discard pile (two Shields) is shuffled for seat 0."""
    state = setup_position(
        2,
        board="S . . . . . .",
        hands=[["black-1"], []],
        bonus_hands=[[], ["speed"] * 5 + ["dexterity"] * 4 + ["superbonus"] * 4 + ["shield"] * 4],
        bonus_deck=["speed"],
        bonus_discard=["shield", "shield"],
        options=NO_SUPER_JUMP,
    )
    state = apply(state, Play(0, card("black-1"), SHADOW))
    state = apply(state, Deal(1, Card.special()))
    state = apply(state, Deal(1, card("red-1")))
    assert state.bonus_queue == (1, 0)
    after, events = step(state, DrawBonus(1, SPEED))
    assert ev.BonusDeckReshuffled(2) in events
    assert after.phase is Phase.BONUS_DRAW
    assert chance_outcomes(after) == [(DrawBonus(0, SHIELD), 1.0)]


# -- Super Jump ----------------------------------------------------------------------


def test_st_super_jump_space_jumps_to_the_next_rings_and_is_never_held() -> None:
    """ST-SUPER-JUMP and ST-SUPER-JUMP-SPACE: Sonic stops on the bonus space at 2, seat 0
    takes Super Jump, Sonic jumps to the rings at 5; the card goes to the discard pile."""
    state = opponent_moves_sonic("S . B . X R . R . .", 0, 2, [])
    after, events = step(state, DrawBonus(0, SUPER_JUMP))
    assert ev.SuperJumped(SONIC, 2, 5, None) in events
    assert after.piece(SONIC).position == 5
    assert after.bonus_hands[0] == ()
    assert after.bonus_discard == (SUPER_JUMP,)
    assert after.phase is Phase.PLAY
    assert after.to_act == 0
    # From the rings his next move doubles.
    assert after.surface(SONIC) is Surface.RINGS


def test_st_super_jump_space_a_double_with_a_rings_half_counts() -> None:
    """ST-SUPER-JUMP-SPACE: the X/. at 3 has no rings; the R/X at 4 does: rings half."""
    state = opponent_moves_sonic("S . B X/. R/X . R .", 0, 2, [])
    after = apply(state, DrawBonus(0, SUPER_JUMP))
    assert after.piece(SONIC) == Piece(SONIC, 4, Surface.RINGS)
    assert after.phase is Phase.PLAY


def test_st_super_jump_space_no_rings_ahead_nothing_happens() -> None:
    """ST-SUPER-JUMP-SPACE: with no rings ahead, Sonic stays on the bonus space."""
    state = opponent_moves_sonic("S R B . . . .", 0, 2, [])
    after, events = step(state, DrawBonus(0, SUPER_JUMP))
    assert ev.SuperJumped(SONIC, 2, None, None) in events
    assert after.piece(SONIC).position == 2
    assert after.bonus_discard == (SUPER_JUMP,)
    assert after.phase is Phase.PLAY


def test_st_super_jump_no_trigger_the_jump_ignores_loops_and_bonus_spaces() -> None:
    """ST-SUPER-JUMP-NO-TRIGGER: the jump flies over a loop and a bonus space to the rings;
    it neither falls back nor draws again."""
    state = opponent_moves_sonic("S . B L L B R . .", 0, 2, [])
    after, events = step(state, DrawBonus(0, SUPER_JUMP))
    assert after.piece(SONIC).position == 6
    assert not any(isinstance(e, ev.FellBack) for e in events)
    assert after.phase is Phase.PLAY
    assert after.bonus_queue == ()
    assert sum(isinstance(e, ev.BonusCardTaken) for e in events) == 1


def special_card_round(board: str) -> State:
    """2 players: seat 0 is dealt the special card, then a replacement; the bonus round
    begins with seat 0."""
    state = new_game(2, board=board)
    state = apply(state, Deal(0, Card.special()))
    return apply(state, Deal(0, card("blue-1")))


def test_st_super_jump_special_the_taker_chooses_one_of_their_own_characters() -> None:
    """ST-SUPER-JUMP-SPECIAL: seat 0 takes Super Jump in the special card's bonus round and
    chooses among its own four characters; Shadow jumps to the rings."""
    state = special_card_round("S . . R . . . .")
    assert state.bonus_queue == (0, 1)
    state = apply(state, DrawBonus(0, SUPER_JUMP))
    assert state.phase is Phase.SUPER_JUMP_TARGET
    assert state.to_act == 0
    assert legal_actions(state) == [ChooseJumper(0, c) for c in (SONIC, TAILS, SHADOW, SILVER)]
    assert_illegal(state, ChooseJumper(0, AMY), "ST-SUPER-JUMP-SPECIAL")
    assert_illegal(state, ChooseJumper(1, SONIC), "ST-SUPER-JUMP-SPECIAL")
    assert_illegal(state, DrawBonus(1, SPEED), "ST-SUPER-JUMP-SPECIAL")
    after, events = step(state, ChooseJumper(0, SHADOW))
    assert ev.SuperJumped(SHADOW, 0, 3, None) in events
    assert after.piece(SHADOW).position == 3
    assert after.bonus_hands[0] == ()
    assert after.bonus_discard == (SUPER_JUMP,)
    # The bonus round goes on with seat 1.
    assert after.phase is Phase.BONUS_DRAW
    assert after.bonus_queue == (1,)


def test_st_super_jump_special_four_players_a_partners_character_once_both_own_are_across() -> None:
    """ST-SUPER-JUMP-SPECIAL: blue (seat 0) has both characters across, so it jumps one of
    its partner's (black) characters."""
    state = setup_position(
        4,
        board="S . . R . . .",
        positions={"sonic": 7, "tails": 7},
        hands=[[], [], [], ["yellow-1"]],
        to_act=3,
    )
    state = apply(state, Play(3, card("yellow-1"), Character.ROUGE))
    assert state.phase is Phase.DEAL
    assert state.deal_next == 0
    state = apply(state, Deal(0, Card.special()))
    state = apply(state, Deal(0, card("red-1")))
    state = apply(state, DrawBonus(0, SUPER_JUMP))
    assert jump_candidates(state, 0) == (SHADOW, SILVER)
    assert legal_actions(state) == [ChooseJumper(0, SHADOW), ChooseJumper(0, SILVER)]
    assert_illegal(state, ChooseJumper(0, SONIC), "ST-SUPER-JUMP-SPECIAL")
    after = apply(state, ChooseJumper(0, SILVER))
    assert after.piece(SILVER).position == 3


def test_st_p_special_jump_choice_always_chosen_even_with_one_candidate_and_no_rings() -> None:
    """ST-P-SPECIAL-JUMP-CHOICE: with 3 players and Sonic across, Tails is the only
    candidate and no rings lie ahead: seat 0 still chooses, and nothing happens."""
    state = setup_position(
        3,
        board="S . . . .",
        positions={"sonic": 5, "tails": 1},
        hands=[[], [], ["black-1"]],
        to_act=2,
    )
    state = apply(state, Play(2, card("black-1"), SHADOW))
    state = apply(state, Deal(0, Card.special()))
    state = apply(state, Deal(0, card("red-1")))
    state = apply(state, DrawBonus(0, SUPER_JUMP))
    assert state.phase is Phase.SUPER_JUMP_TARGET
    assert legal_actions(state) == [ChooseJumper(0, TAILS)]
    after, events = step(state, ChooseJumper(0, TAILS))
    assert ev.SuperJumped(TAILS, 1, None, None) in events
    assert after.piece(TAILS).position == 1
    assert after.phase is Phase.BONUS_DRAW
    assert after.bonus_queue == (1, 2)
