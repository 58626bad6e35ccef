"""Super Teams notation: every legal action written short and long reads back as itself."""

from __future__ import annotations

import random

import pytest

from sonic_rules import InvalidActionError, records
from sonic_rules import super_teams as st
from sonic_rules.core.notation import AmbiguousActionError, HeaderError, NotationError
from sonic_rules.super_teams.notation import NOTATION


def _states(players: int, seed: int, every: int = 3) -> list[st.State]:
    start = st.new_game(players)
    played = st.play_game(start, [st.RandomPlayer()] * players, seed=seed)
    states, state = [start], start
    for index, ply in enumerate(played.plies):
        state = st.apply(state, ply.action)
        if index % every == 0:
            states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_reads_back_from_its_short_and_long_forms(players: int) -> None:
    checked = 0
    for state in _states(players, seed=players):
        for action in st.legal_actions(state):
            for long in (False, True):
                text = records.action_to_str(state, action, long=long)
                assert records.parse_action(state, text) == action, text
                checked += 1
    assert checked > 500


def test_short_and_long_forms_read_as_the_docs_say() -> None:
    state = st.setup_position(4, hands=[["blue-4"], ["red-1"], ["black-2"], ["yellow-3"]])
    assert NOTATION.parse_action(state, "0 blue4 Tails") == st.Play(0, "blue-4", "tails")
    assert NOTATION.parse_action(state, "seat 0 plays blue 4 on Tails.") == st.Play(
        0, "blue-4", "tails"
    )
    assert NOTATION.parse_action(state, "Seat 0 plays Blue-4 for TAILS") == st.Play(
        0, "blue-4", "tails"
    )
    assert NOTATION.parse_action(state, "blue4 tails") == st.Play(0, "blue-4", "tails")
    deal = st.new_game(2)
    assert NOTATION.parse_action(deal, "blue 4 is dealt to seat 0") == st.Deal(0, "blue-4")
    assert NOTATION.parse_action(deal, "deal special") == st.Deal(0, "special")
    assert NOTATION.parse_action(deal, "0 blue4") == st.Deal(0, "blue-4")


def test_a_short_form_that_fits_two_characters_is_ambiguous_listing_both() -> None:
    state = st.setup_position(4, hands=[["blue-4"], ["red-1"], ["black-2"], ["yellow-3"]])
    with pytest.raises(AmbiguousActionError) as caught:
        NOTATION.parse_action(state, "0 blue4")
    assert caught.value.candidates == (
        "seat 0 plays blue 4 on Sonic",
        "seat 0 plays blue 4 on Tails",
    )
    across = st.setup_position(4, positions={"sonic": 52}, hands=[["blue-4"], [], [], []])
    assert NOTATION.parse_action(across, "0 blue4") == st.Play(0, "blue-4", "tails")


@pytest.mark.parametrize(
    ("text", "column"),
    [("deal 0 blue4 zebra", 13), ("deal 0 blue9", 7), ("deal 0 blue4 red5", 13), ("0 % 1", 2)],
)
def test_text_that_names_no_action_says_where(text: str, column: int) -> None:
    with pytest.raises(NotationError) as caught:
        NOTATION.parse_action(st.new_game(2), text)
    assert caught.value.column == column


def test_an_unseen_outcome_is_no_action_outside_a_record() -> None:
    with pytest.raises(InvalidActionError, match="unseen"):
        NOTATION.parse_action(st.new_game(2), "deal 0 ?")


def test_parse_and_write_refuse_wrong_types_naming_the_parameter() -> None:
    with pytest.raises(TypeError, match="state"):
        records.parse_action("not a state", "deal 0 blue4")
    with pytest.raises(TypeError, match="text"):
        records.parse_action(st.new_game(2), 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="action"):
        records.action_to_str(st.new_game(2), "deal 0 blue4")
    with pytest.raises(TypeError, match="long"):
        records.action_to_str(st.new_game(2), st.Deal(0, "blue-4"), long=1)  # type: ignore[arg-type]


def _options(**changes: object) -> st.Options:
    return st.Options(**changes)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "state",
    [
        st.new_game(2),
        st.new_game(3, options=_options(first_player=2)),
        st.new_game(4, options=_options(partner_second_bonus=True)),
        st.new_game(
            2, options=_options(bonus_split=st.BonusSplit(speed=8, shield=0), first_player=1)
        ),
        st.new_game(3, options={"colours": [["yellow"], ["red"], ["blue"]]}),
        st.new_game(2, board="S . R B L L . X/. R/X . B"),
    ],
    ids=["default", "first-player", "second-bonus", "bonus-split", "colours", "board"],
)
def test_the_header_describes_the_start_exactly(state: st.State) -> None:
    fields = dict(NOTATION.header(state))
    assert NOTATION.start(state.players, "standard", fields) == state
    assert {"seat 0", "first player", "board"} <= set(fields)


def test_every_option_field_written_reads_back_random() -> None:
    rng = random.Random(3)
    for _ in range(20):
        counts = [rng.randrange(0, 9) for _ in range(4)]
        split = st.BonusSplit(*counts, 20 - sum(counts)) if sum(counts) <= 20 else st.BonusSplit()
        state = st.new_game(4, options=_options(bonus_split=split, first_player=rng.randrange(4)))
        assert NOTATION.start(4, "standard", dict(NOTATION.header(state))) == state


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"colour": "blue"}, "colour"),
        ({"seat 0": "blue"}, "seat 1"),
        ({"seat 0": "pink", "seat 1": "red yellow"}, "seat 0"),
        ({"seat 5": "blue"}, "seat 5"),
        ({"board": "S . Q"}, "board"),
        ({"first player": "7"}, "first player"),
        ({"bonus split": "speed lots"}, "bonus split"),
        ({"bonus split": "speed 9"}, "bonus split"),
        ({"partner second bonus": "3"}, "partner second bonus"),
    ],
)
def test_a_bad_header_field_is_named(fields: dict[str, str], field: str) -> None:
    with pytest.raises(HeaderError) as caught:
        NOTATION.start(2, "standard", fields)
    assert caught.value.field == field


def test_the_first_player_may_be_written_as_a_seat_with_a_comment() -> None:
    text = "game: super-teams\nformat: 1\nplayers: 3\nfirst player: seat 2  # rolled a six\n"
    assert records.read_record(text).start.turn == 2
