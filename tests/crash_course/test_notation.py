"""The Crash Course record notation: action lines both ways, ambiguity, bad lines, the
header and what is expected next."""

from __future__ import annotations

import contextlib
import json
import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from record_helpers import simulated
from sonic_rules import IllegalActionError, InvalidActionError, RulesError, records
from sonic_rules.core.notation import AmbiguousActionError, HeaderError, NotationError
from sonic_rules.crash_course import (
    GAME,
    DrawItem,
    EndTurn,
    LayShortcutTile,
    LayTile,
    Move,
    Options,
    PlaceItem,
    PowerUpHeal,
    PowerUpTurn,
    RandomPlayer,
    Recover,
    State,
    UseBumper,
    apply,
    default_catalogue,
    legal_actions,
    load_tiles,
    new_game,
    setup_position,
)
from sonic_rules.crash_course import Character as C
from sonic_rules.crash_course.notation import (
    NOTATION,
    action_to_str,
    expected,
    header,
    parse_action,
    start,
)
from sonic_rules.crash_course.state import ItemKind, Phase, Space

CONFIGS = [
    (2, "standard", None),
    (3, "standard", None),
    (4, "standard", None),
    (2, "two-player", None),
    (2, "beginner", None),
    (3, "beginner", None),
    (4, "beginner", None),
    (3, "standard", Options(official_draw=True, damage_bars_only_moves=True)),
    (2, "two-player", Options(characters=(C.KNUCKLES, C.EGGMAN, C.SONIC, C.TAILS))),
]


def _states(players: int, variant: str, options: Options | None, seed: int) -> list[State]:
    """Every state of a seeded random game."""
    rng = random.Random(seed)
    state = new_game(players, variant=variant, options=options)
    states = [state]
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    return states


@pytest.mark.parametrize(("players", "variant", "options"), CONFIGS)
def test_every_legal_action_reads_back_from_both_forms(
    players: int, variant: str, options: Options | None
) -> None:
    _read_back(_states(players, variant, options, seed=players))


def test_actions_read_back_with_tile_ids_that_are_not_one_word() -> None:
    """A tile id with a space is written in the long form, where it reads whole."""
    rng = random.Random(4)
    state = new_game(2, tiles=_custom_catalogue())
    states = [state]
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    _read_back(states)
    laid = [
        (s, a) for s in states for a in legal_actions(s) if isinstance(a, LayTile) and a.tile == 4
    ]
    assert laid
    assert action_to_str(*laid[0]).endswith("lays tile hive corner as printed")


def _read_back(states: list[State]) -> None:
    for state in states:
        for action in legal_actions(state):
            for long in (False, True):
                text = action_to_str(state, action, long)
                assert parse_action(state, text) == action, text
        assert expected(state)


def test_the_short_forms_read_as_a_table_writes_them() -> None:
    state = new_game(2)
    assert action_to_str(state, DrawItem(0, ItemKind.SPRING)) == "S drew spring"
    assert action_to_str(state, DrawItem(0, ItemKind.SPRING), long=True) == "Sonic draws a Spring"
    position = setup_position(
        2, positions={"sonic": (1, 0, 1), "tails": (0, 2, 1)}, items={"sonic": ["bumper"]}
    )
    assert action_to_str(position, Move(0, 0)) == "S move L"
    assert action_to_str(position, UseBumper(0, 1)) == "S bumper T"
    assert action_to_str(position, UseBumper(0, 1), long=True) == "Sonic bumps Tails"
    assert parse_action(position, "  s   MOVE   l ") == Move(0, 0)
    assert parse_action(position, "SONIC moves into  the LEFT lane.") == Move(0, 0)
    assert parse_action(position, "Sonic bumper tails") == UseBumper(0, 1)


def test_a_space_is_a_course_index_or_a_tile_id() -> None:
    position = setup_position(2, positions={"sonic": (1, 0, 1)}, items={"sonic": ["spring"]})
    placed = PlaceItem(0, ItemKind.SPRING, Space(1, 2, 0))
    assert action_to_str(position, placed) == "S place spring 1.2L"
    assert parse_action(position, "S place spr star-buzz.2l") == placed


def test_a_short_form_leaving_out_arguments_fits_one_legal_action_or_lists_them() -> None:
    position = setup_position(2, positions={"sonic": (1, 0, 1)}, items={"sonic": ["spring"]})
    with pytest.raises(AmbiguousActionError) as error:
        parse_action(position, "S place spring")
    candidates = error.value.candidates
    assert len(candidates) == len([a for a in legal_actions(position) if type(a) is PlaceItem])
    assert "Sonic places a Spring on tile 0 row 0 left" in candidates
    turned = setup_position(2, positions={"sonic": (1, 0, 1)}, power_ups=["sonic"])
    assert parse_action(turned, "S powerup") == PowerUpTurn(0)  # no damage to heal
    hurt = setup_position(
        2,
        options=Options(damage_bars_only_moves=True),
        positions={"sonic": (1, 0, 1)},
        damage={"sonic": 1},
        power_ups=["sonic"],
    )
    with pytest.raises(AmbiguousActionError, match="could be any of"):
        parse_action(hurt, "S powerup")
    assert parse_action(hurt, "S powerup heal") == PowerUpHeal(0)


def test_a_tile_laid_reads_with_its_facing_or_is_ambiguous_without() -> None:
    state = next(s for s in _states(2, "standard", None, 1) if s.phase is Phase.LAY_TILE)
    action = next(a for a in legal_actions(state) if isinstance(a, LayTile) and a.reversed)
    text = action_to_str(state, action)
    assert text.endswith(" reversed")
    with pytest.raises(AmbiguousActionError) as error:
        parse_action(state, text.removesuffix(" reversed"))
    assert action_to_str(state, action, long=True) in error.value.candidates


def test_a_shortcut_tile_names_its_bend_and_the_cell_follows_the_open_end() -> None:
    for state in _states(2, "two-player", None, 2) + _states(3, "standard", None, 3):
        for action in legal_actions(state):
            if isinstance(action, LayShortcutTile):
                text = action_to_str(state, action)
                assert text.split()[-1] in ("straight", "left", "right")
                assert parse_action(state, text) == action
                return
    pytest.skip("no shortcut tile laid in these games")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "S fly",
        "X move L",
        "S move Q",
        "S move L L",
        "hello world",
        "S",
        "end",
        "S bomb ²",
    ],
)
def test_lines_that_name_no_action_are_refused(text: str) -> None:
    position = setup_position(2, positions={"sonic": (1, 0, 1)})
    with pytest.raises(InvalidActionError):
        parse_action(position, text)


@pytest.mark.parametrize(
    ("text", "column"), [("S fly", 2), ("X move L", 0), ("S  move Q", 8), ("S move L L", 9)]
)
def test_a_short_form_names_the_column_at_fault(text: str, column: int) -> None:
    position = setup_position(2, positions={"sonic": (1, 0, 1)})
    with pytest.raises(NotationError) as error:
        parse_action(position, text)
    assert error.value.column == column


_VOCABULARY = (
    "S T K E seat 1 drew dealt revealed keep move lay lay-shortcut place bomb bumper powerup "
    "drop get-up spring ring L M R 0.0L 9.9R star-buzz.1m 999 -1 tunnel-1 left printed "
    "reversed ? ( , ) north sonic moves into the lane tile row a"
)
_WORDS = st.sampled_from(_VOCABULARY.split())


@given(st.lists(_WORDS | st.text(max_size=6), max_size=6))
def test_any_line_reads_as_an_action_or_a_rules_error(words: list[str]) -> None:
    position = setup_position(2, positions={"sonic": (1, 0, 1)}, items={"sonic": ["spring"]})
    try:
        action = parse_action(position, " ".join(words))
    except RulesError:
        return
    assert action_to_str(position, action, long=True)
    with contextlib.suppress(IllegalActionError):
        apply(position, action)


def test_a_line_that_is_not_text_is_refused() -> None:
    with pytest.raises(InvalidActionError):
        parse_action(new_game(2), 3)  # type: ignore[arg-type]


def test_a_well_formed_illegal_action_is_returned_for_the_rules_to_refuse() -> None:
    """CC-PROJ-WRONG-SEAT, CC-PROJ-PHASE: the line reads; applying it names the rule."""
    position = setup_position(2, positions={"sonic": (1, 0, 1)})
    action = parse_action(position, "T move L")
    assert action == Move(1, 0)
    with pytest.raises(IllegalActionError) as error:
        apply(position, action)
    assert error.value.rule == "CC-PROJ-WRONG-SEAT"
    assert parse_action(position, "seat 1 moves into the left lane") == Move(1, 0)
    assert parse_action(position, "S get-up") == Recover(0, True)
    with pytest.raises(IllegalActionError) as error:
        parse_action(new_game(2), "S lay-shortcut tunnel-1 left")  # a draw is due
    assert error.value.rule == "CC-PROJ-PHASE"


def test_cc_two_player_order_another_character_of_the_seat_cannot_act() -> None:
    state = new_game(2, variant="two-player")
    with pytest.raises(IllegalActionError) as error:
        parse_action(state, "K drew spring")  # Sonic draws first
    assert error.value.rule == "CC-TWO-PLAYER-ORDER"


def test_expected_says_who_must_do_what() -> None:
    assert expected(new_game(3)) == "chance draws the next item token for Sonic (seat 0, 1 to draw)"
    hurt = setup_position(2, positions={"sonic": (1, 0, 1)}, damage={"sonic": 1})
    assert expected(hurt) == (
        "Sonic's player (seat 0) must fix the damage before anything else (CC-DAMAGE-FIRST)"
    )
    done = setup_position(2, positions={"sonic": (1, 0, 1)}, actions_left=0)
    assert "end the turn" in expected(done)
    over = _states(2, "beginner", None, 1)[-1]
    assert expected(over).startswith("nothing: the game is over")
    assert expected(apply(done, EndTurn(0))).startswith("chance draws")
    limited = GAME.play_game(
        new_game(2, options=Options(turn_limit=2)), [RandomPlayer()] * 2, seed=1
    )
    assert expected(limited.final) == (
        "nothing: the game is over (nobody won: the turn limit was reached)"
    )


# ----- the header -----------------------------------------------------------------------------


def _custom_catalogue() -> Any:
    data = default_catalogue().to_data()
    data["tiles"][4]["id"] = "hive corner"
    return load_tiles(json.dumps(data))


START_STATES = [
    new_game(2),
    new_game(4, options=Options(open_items=True, set_back=True)),
    new_game(3, options=Options(official_draw=True, damage_bars_only_moves=True)),
    new_game(2, variant="two-player", options=Options(literal_secondary_win=True)),
    new_game(3, options=Options(characters=(C.EGGMAN, C.SONIC, C.KNUCKLES))),
    new_game(
        2,
        variant="two-player",
        options=Options(characters=(C.TAILS, C.EGGMAN, C.SONIC, C.KNUCKLES)),
    ),
    new_game(3, variant="beginner"),
    new_game(2, options=Options(turn_limit=40)),
    new_game(
        2,
        variant="beginner",
        options=Options(
            beginner_course=tuple(
                (spec.id, number % 2 == 1) for number, spec in enumerate(default_catalogue().tiles)
            )
        ),
    ),
    new_game(2, tiles=_custom_catalogue()),
]


@pytest.mark.parametrize("state", START_STATES)
def test_the_header_gives_back_the_start_state(state: State) -> None:
    fields = header(state)
    assert len(dict(fields)) == len(fields)
    assert start(state.players, state.variant.value, dict(fields)) == state
    assert NOTATION.start(state.players, state.variant.value, dict(fields)) == state


@pytest.mark.parametrize("field", [f.name for f in attrs.fields(Options)])
def test_every_option_is_a_header_field(field: str) -> None:
    """Any option, present or added later, goes into the header and comes back."""
    default = attrs.fields_dict(Options)[field].default
    special: dict[str, Any] = {
        "characters": (C.TAILS, C.SONIC),
        "beginner_course": tuple((spec.id, False) for spec in default_catalogue().tiles),
    }
    value = special.get(field, True if isinstance(default, bool) else 7)
    variant = "beginner" if field == "beginner_course" else "standard"
    state = new_game(2, variant=variant, options=Options(**{field: value}))
    fields = dict(header(state))
    assert field.replace("_", " ") in fields
    assert start(2, variant, fields) == state


def test_the_header_writes_only_what_differs_from_the_defaults() -> None:
    assert header(new_game(2)) == [
        ("seat 0", "sonic"),
        ("seat 1", "tails"),
        ("tiles", "default"),
        ("first player", "0"),
    ]
    fields = dict(header(new_game(2, variant="two-player", options=Options(open_items=True))))
    assert fields["open items"] == "yes"
    assert fields["seat 0"] == "sonic, knuckles"
    assert json.loads(fields.get("tiles", "{}") if "{" in fields["tiles"] else "{}") == {}


def test_seats_alone_give_the_characters() -> None:
    state = start(3, "standard", {"seat 0": "Knuckles", "seat 1": "sonic", "seat 2": "Eggman"})
    assert [c.name.value for c in state.characters] == ["knuckles", "sonic", "eggman"]
    assert start(2, "standard", {}) == new_game(2)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"colour": "blue"}, "colour"),
        ({"open items": "maybe"}, "open items"),
        ({"first player": "1"}, "first player"),
        ({"seat 0": "sonic", "seat 1": "sonic"}, "seat 0"),
        ({"seat 0": "sonic"}, "seat 1"),
        ({"seat 0": "shadow", "seat 1": "tails"}, "seat 0"),
        ({"characters": "tails, sonic", "seat 0": "sonic", "seat 1": "tails"}, "seat 0"),
        ({"tiles": "fancy"}, "tiles"),
        ({"tiles": "{not json"}, "tiles"),
        ({"tiles": '{"name": "custom", "tiles": [], "shortcuts": []}'}, "tiles"),
        ({"beginner course": "start-line"}, "beginner course"),
        ({"characters": "sonic"}, "characters"),
    ],
)
def test_a_bad_header_field_is_named(fields: dict[str, str], field: str) -> None:
    with pytest.raises(HeaderError) as error:
        start(2, "standard", fields)
    assert error.value.field == field


# ----- unseen draws -------------------------------------------------------------------------


def _hidden(text: str, state: State, seen: int = 0) -> str:
    """A record as seat ``seen`` writes it: another seat's draws and keeps unseen, except
    the Rings (kept face up)."""
    seats = {c.name.value[0].upper(): c.owner for c in state.characters}
    lines = []
    for line in text.split("\n"):
        match = re.fullmatch(r"([STKE]) (drew|keep) (\w+)", line)
        if match and seats[match[1]] != seen and match[3] != "ring":
            line = f"{match[1]} {match[2]} ?"
        lines.append(line)
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("players", "variant"), [(2, "standard"), (3, "standard"), (4, "standard"), (2, "two-player")]
)
def test_a_record_with_unseen_draws_is_checked_and_ends_where_the_game_did(
    players: int, variant: str
) -> None:
    game = GAME
    for seed in range(3):
        start, actions, final = simulated(game, variant, players, seed)
        text = _hidden(records.write_record(game, [start, *actions]), start)
        assert " drew ?" in text
        report = records.validate(text)
        assert report.valid, str(report)
        assert not report.exact
        ended = report.final
        assert ended.winners == final.winners
        assert [len(c.items) for c in ended.characters] == [len(c.items) for c in final.characters]
        assert [c.position for c in ended.characters] == [c.position for c in final.characters]
        assert ended.board == final.board and ended.discard == final.discard


def test_an_unseen_draw_is_refused_where_no_draw_is_due() -> None:
    tracker = NOTATION.tracker(new_game(2))  # type: ignore[attr-defined]
    tracker.advance("S drew ?")
    assert not tracker.exact
    tracker.advance("S move L")
    with pytest.raises(IllegalActionError):
        tracker.advance("T drew ?")
    tracker.advance("S motobug")  # the one token Sonic drew may have been a Motobug
    before = tracker.state
    with pytest.raises(IllegalActionError) as error:
        tracker.advance("S bumper T")  # but it cannot also have been a Bumper
    assert error.value.rule == "CC-HOLD-LIMIT"
    assert tracker.state == before


def test_an_item_used_reveals_an_unseen_draw() -> None:
    tracker = NOTATION.tracker(new_game(2))  # type: ignore[attr-defined]
    for line in ["S drew ?", "S place spring 1.2L"]:
        tracker.advance(line)
    assert tracker.state.board[0].kind is ItemKind.SPRING
    with pytest.raises(InvalidActionError, match="unseen"):
        parse_action(new_game(2), "S drew ?")


# ----- the example records ------------------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"


def test_there_is_an_example_record_for_every_variant_and_player_count() -> None:
    """The example records (each validated by tests/records/test_examples.py) cover every
    variant and player count, and one has unseen draws."""
    covered, unseen = set(), False
    for path in EXAMPLES.glob("crash-course-*.record"):
        record = records.read_record(path.read_bytes())
        covered.add((record.variant, record.players))
        unseen = unseen or not record.exact
    assert covered == set(GAME.configurations())
    assert unseen
    assert len(list((EXAMPLES / "broken").glob("crash-course-*.record"))) >= 8
