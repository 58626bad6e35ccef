"""Every example of the Super Teams rulebook, as a test.

Each test quotes the example and replays it on a small board in board notation.
"""

from __future__ import annotations

import pytest

from sonic_rules.super_teams import (
    BonusKind,
    Character,
    Colour,
    Options,
    Pass,
    Phase,
    Play,
    PlayBonus,
    State,
    Surface,
    apply,
    legal_actions,
    move_value,
    setup_position,
    step,
)
from sonic_rules.super_teams import events as ev
from st_helpers import card

SONIC = Character.SONIC
BLUE, RED, BLACK, YELLOW = Colour.BLUE, Colour.RED, Colour.BLACK, Colour.YELLOW
TRACK = "S R X . . . . . . . . . . . . . . . . ."
ON_RINGS, ON_SPIKES, ON_GRASS = 1, 2, 3


def blue_move(sonic: int, value: int, bonus: list[str] | None = None) -> State:
    """4 players: the red player (seat 1) plays blue-``value`` for Sonic; the blue player
    (seat 0) holds ``bonus``."""
    state = setup_position(
        4,
        board=TRACK,
        positions={"sonic": sonic},
        hands=[[], [f"blue-{value}", "red-1"], ["black-1"], []],
        bonus_hands=[bonus or [], [], [], []],
        to_act=1,
    )
    return apply(state, Play(1, card(f"blue-{value}"), SONIC))


def test_example_rings_a_4_moves_8() -> None:
    """ST-VALUE-RINGS: "if you play a card with a value of "4", move that character
    forward 8 spaces"."""
    after = blue_move(ON_RINGS, 4)
    assert after.piece(SONIC).position == ON_RINGS + 8


def test_example_spikes_a_4_moves_1() -> None:
    """ST-VALUE-SPIKES: "if you play a card with a value of "4", move that character
    forward only 1 space"."""
    after = blue_move(ON_SPIKES, 4)
    assert after.piece(SONIC).position == ON_SPIKES + 1


def test_example_shield_the_red_player_must_move_the_blue_character_3_spaces() -> None:
    """ST-BONUS-SHIELD and ST-RESPONSE-MUST-APPLY: "The red player plays a blue card with
    a value of "3" to move a blue character that is on spikes. It could normally move
    forward only one space. However, the blue player plays the "Shield" bonus card ...
    The red player must now ignore the spikes effect and move the blue character forward
    3 spaces."""
    state = blue_move(ON_SPIKES, 3, ["shield"])
    assert state.phase is Phase.RESPONSE
    assert state.to_act == 0  # the blue player
    assert PlayBonus(0, BonusKind.SHIELD) in legal_actions(state)

    normally = apply(state, Pass(0))
    assert normally.piece(SONIC).position == ON_SPIKES + 1

    after, events = step(state, PlayBonus(0, BonusKind.SHIELD))
    assert after.piece(SONIC).position == ON_SPIKES + 3
    assert ev.Moved(SONIC, ON_SPIKES, ON_SPIKES + 3, 3, Surface.SPIKES) in events
    assert after.phase is Phase.PLAY
    assert after.to_act == 2


def test_example_finished_colour_the_red_player_moves_the_yellow_character_instead() -> None:
    """ST-COLOUR-FALLBACK and ST-OPT-COLOURS: "The blue and yellow players are teammates.
    The red player plays a blue card. Both blue characters have already crossed the
    finish line, so the red player moves the yellow character instead."""
    options = Options(colours=((BLUE,), (RED,), (YELLOW,), (BLACK,)))
    state = setup_position(
        4,
        board=TRACK,
        positions={"sonic": 20, "tails": 20},
        hands=[[], ["blue-3", "red-1"], [], []],
        to_act=1,
        options=options,
    )
    blue_plays = [a for a in legal_actions(state) if isinstance(a, Play) and a.card.colour is BLUE]
    assert blue_plays == [
        Play(1, card("blue-3"), Character.METAL_SONIC),
        Play(1, card("blue-3"), Character.ROUGE),
    ]
    after, events = step(state, Play(1, card("blue-3"), Character.ROUGE))
    assert ev.CardPlayed(1, card("blue-3"), Character.ROUGE, True) in events
    assert after.piece(Character.ROUGE).position == 3


def test_example_three_players_no_fallback_to_another_colour() -> None:
    """ST-COLOUR-FALLBACK: "(except in a three-player game)": each player is a side of
    one colour, so once both blue characters are across the blue player has won."""
    state = setup_position(
        3, board=TRACK, positions={"sonic": 20, "tails": 19}, hands=[["blue-1"], [], []]
    )
    after = apply(state, Play(0, card("blue-1"), Character.TAILS))
    assert after.winners == (0,)


@pytest.mark.parametrize(("value", "moved"), [(3, 4), (6, 7)])
def test_example_speed_3_becomes_4_and_6_becomes_7(value: int, moved: int) -> None:
    """ST-BONUS-SPEED: "Add "1" to the value of the card played ("3" becomes "4", "6"
    becomes "7", and so on)."""
    after = apply(blue_move(ON_GRASS, value, ["speed"]), PlayBonus(0, BonusKind.SPEED))
    assert after.piece(SONIC).position == ON_GRASS + moved


def test_example_speed_on_rings_is_added_before_doubling() -> None:
    """ST-BONUS-SPEED: "If the character is on rings, the speed bonus is added to the value
    before it is doubled": a 3 moves (3 + 1) x 2 = 8, not 3 x 2 + 1 = 7."""
    after = apply(blue_move(ON_RINGS, 3, ["speed"]), PlayBonus(0, BonusKind.SPEED))
    assert after.piece(SONIC).position == ON_RINGS + 8
    assert move_value(3, Surface.RINGS, (BonusKind.SPEED,)) == 8


def test_example_speed_on_spikes_the_value_is_still_1() -> None:
    """ST-BONUS-SPEED: "If the character is on spikes, the value of the card equals "1"
    even with the speed bonus."""
    after = apply(blue_move(ON_SPIKES, 6, ["speed"]), PlayBonus(0, BonusKind.SPEED))
    assert after.piece(SONIC).position == ON_SPIKES + 1


def test_example_superbonus_as_if_the_character_were_on_rings() -> None:
    """ST-BONUS-SUPERBONUS: "The value of the card played is doubled (as if the character
    were on rings)": a 4 from grass moves as far as a 4 from rings."""
    after = apply(blue_move(ON_GRASS, 4, ["superbonus"]), PlayBonus(0, BonusKind.SUPERBONUS))
    assert after.piece(SONIC).position == ON_GRASS + 8
    assert move_value(4, Surface.NORMAL, (BonusKind.SUPERBONUS,)) == move_value(
        4, Surface.RINGS, ()
    )


@pytest.mark.parametrize(("value", "end"), [(2, 1), (4, 1), (5, 5)])
def test_example_loop_pass_through_all_its_spaces_in_a_single_move(value: int, end: int) -> None:
    """ST-LOOP-FALLBACK and ST-LOOP-PASS: "To make it through a loop, a character must pass
    through all the spaces of the loop in a single move." The loop is spaces 2-4."""
    state = setup_position(2, board="S . L L L . . . .", hands=[[f"blue-{value}"], ["red-1"]])
    after = apply(state, Play(0, card(f"blue-{value}"), SONIC))
    assert after.piece(SONIC).position == end
