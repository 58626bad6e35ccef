"""Crash Course in words: action labels, event sentences and the text picture of a state."""

from __future__ import annotations

import random
import typing
from typing import Any

import attrs
import pytest

from crash_course.cc_scenario_tiles import COURSE, scenario
from sonic_rules import CHANCE, InvalidActionError, InvalidStateError
from sonic_rules.crash_course import (
    ACTION_TYPES,
    DealTile,
    DrawItem,
    FinishShortcut,
    LayShortcutTile,
    LayTile,
    Move,
    PlaceItem,
    State,
    UseBumper,
    UseShortcut,
    apply,
    chance_outcomes,
    describe_action,
    describe_state,
    legal_actions,
    new_game,
    step,
)
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.state import CharacterName, ItemKind, Space

NAMES = ("Sonic", "Tails", "Knuckles", "Eggman")


# ----- action labels ----------------------------------------------------------------------


def test_an_action_without_a_state_names_seats_and_numbers() -> None:
    assert str(Move(0, 2)) == describe_action(Move(0, 2)) == "seat 0 moves into the right lane"
    assert str(UseBumper(1, 0)) == "seat 1 bumps character 0"
    assert str(DrawItem(0, ItemKind.RING)) == "seat 0 draws a Ring"
    assert str(LayTile(1, 3, True)) == "seat 1 lays track tile 3 reversed"


def test_an_action_with_a_state_names_the_characters() -> None:
    """UseBumper on target 2 bumps Knuckles; the acting seat reads as its character."""
    state = new_game(3)
    assert describe_action(UseBumper(0, 2), state) == "Sonic bumps Knuckles"
    assert describe_action(Move(0, 1), state) == "Sonic moves into the middle lane"
    assert describe_action(DealTile(0), state) == "tile start-line is laid next"
    # A seat that is not the one acting is named by number; so is a target not in play.
    assert describe_action(UseBumper(1, 7), state) == "seat 1 bumps character 7"


def test_the_two_player_variant_names_the_acting_character_of_the_seat() -> None:
    """CC-TWO-PLAYER-ORDER: seat 0 plays Sonic, then Knuckles."""
    state = scenario(2, variant="two-player", course=COURSE, active="knuckles")
    assert describe_action(Move(0, 0), state) == "Knuckles moves into the left lane"
    assert describe_action(UseBumper(0, 3), state) == "Knuckles bumps Eggman"


@pytest.mark.parametrize("lane", [-1, 3, 99, None, "left", 1.5])
def test_a_lane_that_does_not_exist_is_not_named_as_one(lane: Any) -> None:
    """str(Move(0, 5)) once raised IndexError and a lane of -1 printed as "right"."""
    for text in (str(Move(0, lane)), str(UseShortcut(0, Space(1, 1, lane)))):
        assert "right" not in text and "left lane" not in text
        assert "lane" in text


@pytest.mark.parametrize("kind", ACTION_TYPES, ids=[kind.__name__ for kind in ACTION_TYPES])
def test_every_action_has_a_label_whatever_its_field_values(kind: type[Any]) -> None:
    state = new_game(4)
    odd_values = (-1, 99, None, "x", (), Space(-1, 7, 5), 2.5)
    for value in odd_values:
        action = kind(*([value] * len(attrs.fields(kind))))
        for text in (str(action), describe_action(action), describe_action(action, state)):
            assert text and "\n" not in text


@pytest.mark.parametrize("kind", ACTION_TYPES, ids=[kind.__name__ for kind in ACTION_TYPES])
def test_every_label_reads_as_a_sentence(kind: type[Any]) -> None:
    hints = typing.get_type_hints(kind)
    plain: dict[Any, Any] = {
        int: 1,
        bool: False,
        ItemKind: ItemKind.BOOSTER,
        Space: Space(2, 1, 0),
        tuple[int, ...]: (0, 2),
    }
    action = kind(*(plain[hints[field.name]] for field in attrs.fields(kind)))
    text = describe_action(action, new_game(2))
    assert "_" not in text and "character 1" not in text and "ItemKind" not in text
    assert not text.endswith(".")


def test_labels_name_tiles_and_items() -> None:
    state = new_game(2)
    shortcut = state.catalogue.shortcuts[0].id
    lay = LayShortcutTile(0, 0, 1, 1, 3, 0)
    assert (
        describe_action(lay, state)
        == f"Sonic lays shortcut tile {shortcut} at (1, 1), west to north"
    )
    assert str(lay) == "seat 0 lays shortcut tile 0 at (1, 1), west to north"
    assert describe_action(FinishShortcut(0), state) == "Sonic finishes laying the shortcut"
    placed = PlaceItem(0, ItemKind.CRABMEAT, Space(1, 0, 2))
    assert describe_action(placed, state) == "Sonic places a Crabmeat on tile 1 row 0 right"


def test_describe_action_refuses_what_is_not_an_action() -> None:
    with pytest.raises(InvalidActionError):
        describe_action("move left")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        describe_action(Move(0, 1), "state")  # type: ignore[arg-type]


def test_every_legal_action_of_random_games_is_described_with_names() -> None:
    for seed, (players, variant) in enumerate(
        [(2, "standard"), (2, "two-player"), (3, "beginner")]
    ):
        rng = random.Random(seed)
        state = new_game(players, variant=variant)
        for _ in range(150):
            if state.is_over:
                break
            if state.to_act is CHANCE:
                actions = [a for a, _ in chance_outcomes(state)]
            else:
                actions = legal_actions(state)
            for action in actions:
                text = describe_action(action, state)
                assert "character " not in text
                if hasattr(action, "seat"):
                    assert text.startswith(NAMES), text
            state = apply(state, rng.choice(actions))


# ----- events -----------------------------------------------------------------------------


def test_events_name_characters_and_use_possessives() -> None:
    assert (
        E.ItemUsed(CharacterName.SONIC, ItemKind.BUMPER, "tails").describe()
        == "Sonic bumps Tails with a Bumper."
    )
    assert (
        E.TurnEnded(CharacterName.TAILS, CharacterName.KNUCKLES).describe()
        == "Tails' turn ends; Knuckles is up."
    )
    assert (
        E.TurnEnded(CharacterName.EGGMAN, CharacterName.SONIC).describe()
        == "Eggman's turn ends; Sonic is up."
    )
    assert E.ItemDiscarded(ItemKind.RING, 3, "traded for a Power-Up").describe() == (
        "3 Rings go to the discard pile (traded for a Power-Up)."
    )
    assert E.RingsTaken(CharacterName.TAILS, 1).describe() == "Tails picks up 1 Ring."
    moved = E.Moved(CharacterName.SONIC, Space(0, 0, 1), Space(0, 1, 0), "step")
    assert moved.describe() == "Sonic steps from tile 0 row 0 middle to tile 0 row 1 left."


def test_every_event_of_random_games_reads_as_a_sentence() -> None:
    seen: set[type] = set()
    for seed, (players, variant) in enumerate(
        [(2, "standard"), (4, "standard"), (2, "two-player"), (3, "beginner")] * 3
    ):
        rng = random.Random(seed)
        state = new_game(players, variant=variant)
        while not state.is_over:
            if state.to_act is CHANCE:
                outcomes = chance_outcomes(state)
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(legal_actions(state))
            state, events = step(state, action)
            for event in events:
                seen.add(type(event))
                text = event.describe()
                assert (text[0].isupper() or text[0].isdigit()) and text.endswith("."), text
                assert "'s'" not in text and "s's" not in text, text
                assert "character " not in text and "_" not in text, text
                for name in CharacterName:
                    assert f" {name.value} " not in f" {text} ", text
    assert {E.Moved, E.TurnEnded, E.Won, E.Drew} <= seen


# ----- the state picture ------------------------------------------------------------------


def test_a_game_in_play_says_who_is_to_play() -> None:
    state = scenario(2, course=COURSE, positions={"sonic": (0, 0, 1)})
    text = describe_state(state)
    first = text.splitlines()[0]
    assert first.startswith("Crash Course (standard, 2 players) - actions: Sonic to play")
    assert "Sonic (seat 0): tile 0 row 0 middle" in text
    assert "Tails (seat 1): off the track" in text


def test_a_finished_game_names_the_winner() -> None:
    state = _finished(new_game(2), seed=3)
    text = describe_state(state)
    assert "to play" not in text
    (seat,) = state.winners
    winner = next(c for c in state.characters if c.owner == seat)
    first = text.splitlines()[0]
    assert f"seat {seat} ({winner.name.value.capitalize()}) wins" in first
    assert first.endswith(f"({state.termination})") and state.termination


def test_a_finished_two_player_game_names_both_characters_of_the_winning_seat() -> None:
    state = _finished(new_game(2, variant="two-player"), seed=1)
    first = describe_state(state).splitlines()[0]
    (seat,) = state.winners
    pair = " and ".join(c.name.value.capitalize() for c in state.characters if c.owner == seat)
    assert f"seat {seat} ({pair}) wins" in first


def test_describe_state_refuses_what_is_not_a_state() -> None:
    with pytest.raises(InvalidStateError, match="State"):
        describe_state("state")  # type: ignore[arg-type]


def _finished(state: State, seed: int) -> State:
    rng = random.Random(seed)
    while not state.is_over:
        if state.to_act is CHANCE:
            outcomes = chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(legal_actions(state))
        state = apply(state, action)
    return state
