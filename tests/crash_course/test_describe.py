"""Crash Course in words: action labels, event sentences and the text picture of a state."""

from __future__ import annotations

import random
import typing
from typing import Any

import attrs
import pytest

from crash_course.cc_scenario_tiles import ALL, COURSE, scenario
from forged import forge
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
from sonic_rules.crash_course.state import Character, ItemKind, Space

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
    for text in (str(forge(Move, 0, lane)), str(forge(UseShortcut, 0, Space(1, 1, lane)))):
        assert "right" not in text and "left lane" not in text
        assert "lane" in text


@pytest.mark.parametrize("kind", ACTION_TYPES, ids=[kind.__name__ for kind in ACTION_TYPES])
def test_every_action_has_a_label_whatever_its_field_values(kind: type[Any]) -> None:
    state = new_game(4)
    odd_values = (-1, 99, None, "x", (), Space(-1, 7, 5), 2.5)
    for value in odd_values:
        action = forge(kind, *([value] * len(attrs.fields(kind))))
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
        E.ItemUsed(Character.SONIC, ItemKind.BUMPER, "tails").describe()
        == "Sonic bumps Tails with a Bumper."
    )
    assert (
        E.TurnEnded(Character.TAILS, Character.KNUCKLES).describe()
        == "Tails' turn ends; Knuckles is up."
    )
    assert (
        E.TurnEnded(Character.EGGMAN, Character.SONIC).describe()
        == "Eggman's turn ends; Sonic is up."
    )
    assert E.ItemDiscarded(ItemKind.RING, 3, "traded for a Power-Up").describe() == (
        "3 Rings go to the discard pile (traded for a Power-Up)."
    )
    assert E.RingsTaken(Character.TAILS, 1).describe() == "Tails picks up 1 Ring."
    moved = E.Moved(Character.SONIC, Space(0, 0, 1), Space(0, 1, 0), "step")
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
                for name in Character:
                    assert f" {name.value} " not in f" {text} ", text
    assert {E.Moved, E.TurnEnded, E.Won, E.Drew} <= seen


# ----- the state picture ------------------------------------------------------------------


def test_a_game_in_play_says_who_is_to_play() -> None:
    state = scenario(2, course=COURSE, positions={"sonic": (0, 0, 1)})
    text = describe_state(state)
    first = text.splitlines()[0]
    assert first.startswith("Crash Course (standard, 2 players) - actions: Sonic to play")
    assert "Sonic (seat 0): start-line row 0 middle" in text
    assert "Tails (seat 1): off the track" in text


def test_the_course_is_named_tile_by_tile_by_tile_id() -> None:
    """CC-TILE-RECYCLE: a tile keeps its name when the tiles behind it are lifted."""
    state = scenario(
        2,
        course=[("arrows-wide", False, (0, 3), 0), ("spike-run", True), "corner-hive"],
        positions={"sonic": (0, 1, 1), "tails": (2, 0, 0)},
        new_tiles=[2],
    )
    lines = describe_state(state).splitlines()
    assert lines[1].startswith("Course, the front tile first")
    course = lines[2:5]
    assert [line.split()[0] for line in course] == ["corner-hive", "spike-run", "arrows-wide"]
    assert course[0].endswith("(its Flicky Bird still to take)")
    assert course[1].endswith("(reversed)")
    assert course[2].split()[1:] == ["..>", "|", ".S.", "|", "<.."]
    assert "Sonic (seat 0): arrows-wide row 1 middle, 0 damage, no items, 0 Rings" in lines
    assert "Tails (seat 1): corner-hive row 0 left, 0 damage, no items, 0 Rings" in lines


def test_items_on_the_track_under_characters_and_face_down() -> None:
    """A ring stack shows its size; an item under a character is listed; face-down tokens
    are only face-down tokens (CC-PROJ-BEGINNER-HIDDEN)."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 1, 1)},
        board={(1, 1, 1): "spring", (2, 1, 0): "rings:3", (0, 1, 2): "crabmeat"},
    )
    text = describe_state(state)
    assert (
        "On the track: a Crabmeat on start-line row 1 right; "
        "a Spring on star-buzz row 1 middle, under Sonic; "
        "a stack of 3 Rings on arrows-spikes row 1 left"
    ) in text
    beginner = scenario(
        2, variant="beginner", course=ALL, positions={"sonic": (0, 0, 1)}, face_down=[(0, 1, 1)]
    )
    text = describe_state(beginner)
    assert "a face-down token on start-line row 1 middle" in text
    assert "S" in text and "?" in text and "Flicky Birds" not in text


def test_each_board_and_what_another_seat_sees_of_it() -> None:
    """Held items are seen by their holder only, their number by all (the rulings' "What
    each seat may see"); everything else on a board is public."""
    state = scenario(
        2,
        course=COURSE,
        positions={"sonic": (1, 1, 1)},
        items={"sonic": ["bomb", "spring"], "tails": ["motobug"]},
        rings={"tails": 2},
        damage={"sonic": 1},
        power_ups=["sonic"],
        birds=[3, 1],
    )
    everything = describe_state(state)
    assert (
        "Sonic (seat 0): star-buzz row 1 middle, 1 damage, holds a Bomb and a Spring, "
        "0 Rings, the Power-Up"
    ) in everything
    assert "Tails (seat 1): off the track, 0 damage, holds a Motobug, 2 Rings" in everything
    assert "Flicky Birds: seat 0 3 of 10, seat 1 1 of 10 (20 in the supply)" in everything
    seen = describe_state(state, seat=1)
    assert seen.splitlines()[0].startswith("Crash Course (standard, 2 players, as seat 1 sees it)")
    assert "Sonic (seat 0): star-buzz row 1 middle, 1 damage, holds 2 items, 0 Rings" in seen
    assert "Tails (seat 1): off the track, 0 damage, holds a Motobug, 2 Rings" in seen
    assert "Bomb" not in seen and "Motobugs" not in seen


def test_the_piles_and_the_discard() -> None:
    state = scenario(2, course=COURSE, discard={"bomb": 2, "ring": 1}, items={"sonic": ["bomb"]})
    text = describe_state(state)
    assert (
        "Tile pile: 4 track tiles (arrows-wide, spike-run, corner-hive, corner-spikes); "
        "item pile: 56 item tokens (10 Motobugs, 2 Bombs, 5 Bumpers, 10 Springs, "
        "10 Boosters, 10 Crabmeats and 9 Rings); discard: 2 Bombs and 1 Ring"
    ) in text
    assert "item pile: 56 item tokens; discard: 2 Bombs and 1 Ring" in describe_state(state, 1)


@pytest.mark.parametrize(
    ("kwargs", "waiting"),
    [
        (
            {"phase": "drawing", "draws_left": 2, "drawn": ["ring"]},
            "Now: chance draws 2 more tokens for Sonic (drawn so far: Ring)",
        ),
        (
            {"phase": "keep-choice", "drawn": ["bomb", "spring"]},
            "Now: Sonic keeps one of Bomb and Spring drawn; the others go back",
        ),
        (
            {"phase": "draw-choice", "items": {"sonic": ["bomb", "spring"]}},
            "Now: Sonic's hand is full: discard an item to draw, or skip the draw",
        ),
        (
            {
                "phase": "ring-drop",
                "positions": {"tails": (2, 0, 1)},
                "damage": {"tails": 1},
                "pending": [("ring-drop", "tails", 2)],
                "discard": {"motobug": 1},
            },
            "Now: Tails (seat 1) drops 2 Rings on the tile behind",
        ),
        (
            {
                "phase": "lay-tile",
                "positions": {"sonic": (2, 2, 1)},
                "actions_left": 2,
                "moved_this_turn": True,
                "motion": [
                    {"kind": "advance", "character": 0, "how": "step", "remaining": 1, "lane": 1}
                ],
            },
            "Now: Sonic lays the next track tile: Sonic is leaving the newest tile",
        ),
    ],
)
def test_the_phase_says_what_it_waits_for_and_who_owes_it(
    kwargs: dict[str, Any], waiting: str
) -> None:
    text = describe_state(scenario(2, course=COURSE, **kwargs))
    assert waiting in text.splitlines()


def test_a_draw_is_seen_by_the_drawer_only() -> None:
    state = scenario(2, course=COURSE, phase="keep-choice", drawn=["bomb", "spring"])
    assert "Now: Sonic keeps one of Bomb and Spring drawn" in describe_state(state, seat=0)
    assert "Now: Sonic keeps one of 2 tokens drawn" in describe_state(state, seat=1)


def test_the_turn_so_far_and_a_beginner_recovery() -> None:
    """CC-ABILITY-EGGMAN counts hazard damage over the turn; CC-PROJ-BEGINNER-KNOCKED."""
    state = scenario(
        4,
        course=COURSE,
        active="eggman",
        positions={"eggman": (2, 0, 1)},
        damage={"tails": 1, "eggman": 1},
        hazard_damage={"tails": 1, "eggman": 1},
        actions_left=1,
        moved_this_turn=True,
    )
    lines = describe_state(state).splitlines()
    assert lines[0].endswith("actions: Eggman to play, 1 action left")
    assert "Hazard damage this turn: Tails 1, Eggman 1" in lines
    assert "Eggman has moved this turn" in lines
    knocked = scenario(
        2,
        variant="beginner",
        course=ALL,
        positions={"sonic": (0, 1, 1)},
        board={(0, 1, 1): "crabmeat"},
        rings={"sonic": 1},
        knocked_down=["sonic"],
        phase="recovery",
        pending=[("recovery", "sonic")],
    )
    text = describe_state(knocked)
    assert "Sonic (seat 0): start-line row 1 middle, no items, 1 Ring, knocked down" in text
    assert "Now: Sonic (seat 0) may spend a Ring to get up" in text


def test_shortcut_tiles_and_a_shortcut_being_laid() -> None:
    course = ["start-line", "star-buzz", ("arrows-spikes", True)]
    state = scenario(
        2,
        course=course,
        positions={"sonic": (1, 1, 0)},
        phase="laying-shortcut",
        shortcut_attempt=[("tunnel-1", (-1, 1), (1, 0))],
    )
    lines = describe_state(state).splitlines()
    assert "Shortcut being laid: tunnel-1 at (-1, 1), east to north" in lines
    assert "Now: Sonic lays the shortcut tile by tile: the next tile, or finish" in lines


def test_every_state_of_random_games_is_described_for_every_seat() -> None:
    """Whatever the phase; a seat's view never names the items another seat holds."""
    for seed, (players, variant) in enumerate(
        [(3, "standard"), (2, "two-player"), (2, "beginner"), (4, "standard")]
    ):
        rng = random.Random(seed)
        state = new_game(players, variant=variant)
        while not state.is_over:
            assert describe_state(state)
            for seat in range(players):
                board_lines = [
                    line
                    for line in describe_state(state, seat).splitlines()
                    if line.startswith(NAMES) and f"(seat {seat})" not in line
                ]
                for line in board_lines:
                    assert "holds a" not in line, line
            state = apply(state, rng.choice(_choices(state)))
        assert "wins" in describe_state(state, seat=0).splitlines()[0]


def _choices(state: State) -> list[Any]:
    if state.to_act is CHANCE:
        return [action for action, _ in chance_outcomes(state)]
    return legal_actions(state)


def test_describe_state_refuses_a_seat_not_in_the_game() -> None:
    with pytest.raises(TypeError, match="seat"):
        describe_state(new_game(2), seat=2)
    with pytest.raises(TypeError, match="seat"):
        describe_state(new_game(2), seat="0")  # type: ignore[arg-type]


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
