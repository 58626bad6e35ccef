"""Bad input gets a precise error and loses nothing."""

from __future__ import annotations

import contextlib
import json

import pytest

from sonic_rules import (
    BoardError,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    RulesError,
)
from sonic_rules.super_teams import (
    Board,
    BonusKind,
    Card,
    Character,
    Deal,
    Options,
    Pass,
    Play,
    action_from_json,
    action_to_json,
    apply,
    from_json,
    legal_actions,
    new_game,
    setup_position,
    to_json,
)


@pytest.fixture
def position():
    return setup_position(
        2,
        board="S . . R . X . B . .",
        hands=[["blue-3", "red-2"], ["red-5"]],
        bonus_hands=[["speed"], []],
        to_act=0,
    )


def test_errors_share_one_base_that_is_a_value_error() -> None:
    for error in (BoardError, IllegalActionError, InvalidActionError, InvalidStateError):
        assert issubclass(error, RulesError) and issubclass(error, ValueError)


@pytest.mark.parametrize("junk", ["play blue-3", 42, None, {"type": "play"}, Card.special()])
def test_action_of_the_wrong_type(position, junk) -> None:
    before = to_json(position)
    with pytest.raises(InvalidActionError):
        apply(position, junk)
    assert to_json(position) == before


def test_st_turn_order_seat_not_to_act(position) -> None:
    """ST-TURN-ORDER: seat 1 cannot play on seat 0's turn."""
    before = to_json(position)
    with pytest.raises(IllegalActionError) as error:
        apply(position, Play(1, Card.parse("red-5"), Character.AMY))
    assert error.value.rule == "ST-TURN-ORDER"
    assert "seat 0" in error.value.message
    assert to_json(position) == before


def test_stale_action_from_an_earlier_state(position) -> None:
    """ST-PLAY-CARD: replaying an action whose card has left the hand is refused."""
    action = Play(0, Card.parse("blue-3"), Character.SONIC)
    later = apply(position, action)
    later = apply(later, legal_actions(later)[0]) if later.to_act == 0 else later
    assert later.to_act != 0 or Card.parse("blue-3") not in later.hands[0]
    with pytest.raises(IllegalActionError) as error:
        apply(later, action)
    assert error.value.rule in {"ST-TURN-ORDER", "ST-PLAY-CARD", "ST-RESPONSE-WINDOW"}


def test_chance_action_when_a_player_decides(position) -> None:
    with pytest.raises(IllegalActionError) as error:
        apply(position, Deal(0, Card.parse("blue-1")))
    assert error.value.rule == "ST-PLAY-CARD"


def test_player_action_at_a_chance_node() -> None:
    state = new_game(3)
    with pytest.raises(IllegalActionError) as error:
        apply(state, Pass(0))
    assert error.value.rule == "ST-DEAL"


@pytest.mark.parametrize(
    ("notation", "token"),
    [("S . Q", "'Q'"), (". S", "'.'"), ("S . S", "'S'"), ("S R/R", "'R/R'"), ("S L/.", "'L/.'")],
)
def test_st_board_notation_bad_token_is_named(notation: str, token: str) -> None:
    """ST-BOARD-NOTATION: a bad token is named with its position."""
    with pytest.raises(BoardError) as error:
        Board.parse(notation)
    assert token in str(error.value)
    assert "token" in str(error.value)


def test_bad_board_given_to_new_game() -> None:
    with pytest.raises(BoardError):
        new_game(2, board="S . ?")
    with pytest.raises(BoardError):
        new_game(2, board=["S"])  # type: ignore[arg-type]
    with pytest.raises(BoardError):
        Board.parse("")


@pytest.mark.parametrize("players", [1, 5, 0, -2])
def test_wrong_player_count(players) -> None:
    with pytest.raises(InvalidStateError):
        new_game(players)


@pytest.mark.parametrize("players", ["2", 2.0, None, True])
def test_player_count_of_the_wrong_type_is_a_type_error_naming_players(players) -> None:
    with pytest.raises(TypeError, match="players"):
        new_game(players)


def _state_dict(state) -> dict:
    return json.loads(to_json(state))


@pytest.mark.parametrize(
    ("mutate", "path"),
    [
        (lambda d: d.update(players=3.7), "$.players"),
        (lambda d: d.update(turn="0"), "$.turn"),
        (lambda d: d.update(extra=1), "$"),
        (lambda d: d.pop("hands"), "$"),
        (lambda d: d["hands"][0].append("purple-9"), "$.hands[0]["),
        (lambda d: d["hands"][1].__setitem__(0, 5), "$.hands[1][0]"),
        (lambda d: d["pieces"][0].update(position=True), "$.pieces[0].position"),
        (lambda d: d["pieces"][0].update(position=999), "$.pieces[0].position"),
        (lambda d: d.update(phase="dance"), "$.phase"),
        (lambda d: d.update(board="S . Z"), "$.board"),
        (lambda d: d["options"]["bonus_split"].update(speed=5), "$.options.bonus_split"),
        (lambda d: d.update(deck=d["deck"][1:]), "$"),
        (lambda d: d.update(hands="abc"), "$.hands"),
        (lambda d: d.update(game="crash-course"), "$.game"),
    ],
)
def test_malformed_json_state_names_the_path(mutate, path: str) -> None:
    state = new_game(2)
    for _ in range(20):
        state = apply(state, legal_actions(state)[0])
    data = _state_dict(state)
    mutate(data)
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps(data))
    assert error.value.path.startswith(path), (error.value.path, str(error.value))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", b"\xff", '{"game": "super-teams"}'])
def test_not_a_state_at_all(text) -> None:
    with pytest.raises(InvalidStateError):
        from_json(text)


def test_json_refuses_lossy_numbers() -> None:
    """cattrs would turn 3.7 into 3 by default: the strict hooks refuse it."""
    data = _state_dict(new_game(2))
    data["turns_played"] = 3.7
    with pytest.raises(InvalidStateError, match="integer"):
        from_json(json.dumps(data))


def test_action_json_round_trip_and_errors() -> None:
    action = Play(2, Card.parse("black-6"), Character.SILVER)
    assert action_from_json(action_to_json(action)) == action
    for text in [
        '{"type": "fly", "seat": 1}',
        '{"type": "play", "seat": 1}',
        "nope",
        '{"type": "pass", "seat": "1"}',
    ]:
        with pytest.raises(InvalidActionError):
            action_from_json(text)


def test_invalid_options_are_refused() -> None:
    with pytest.raises(InvalidStateError):
        new_game(2, options=Options(first_player=2))
    with pytest.raises(InvalidStateError):
        new_game(3, options=Options(colours=(("blue",),)))  # type: ignore[arg-type]


def test_setup_position_refuses_impossible_positions() -> None:
    with pytest.raises(InvalidStateError) as error:
        setup_position(2, board="S L .", positions={"sonic": 1})
    assert "loop" in str(error.value)
    with pytest.raises(InvalidStateError):
        setup_position(2, board="S R/X .", positions={"sonic": 1})  # no half chosen
    with pytest.raises(InvalidStateError):
        setup_position(2, hands=[["blue-1", "blue-1", "blue-1"], []])
    with pytest.raises(InvalidStateError):
        setup_position(3, positions={"rouge": 2})
    with pytest.raises(InvalidStateError):
        setup_position(2, bonus_hands=[["super-jump"], []])
    with pytest.raises(InvalidStateError):
        setup_position(2, positions={"nobody": 2})
    with pytest.raises(InvalidStateError):
        setup_position(2, bonus_hands=[["sped"], []])
    state = setup_position(2, bonus_hands=[[BonusKind.SPEED, "shield"], []], hands=[["red-1"]])
    assert state.bonus_hands[0] == (BonusKind.SPEED, BonusKind.SHIELD)


def _junk():
    from hypothesis import strategies as s

    return s.one_of(
        s.none(),
        s.integers(-5, 9),
        s.booleans(),
        s.text(max_size=5),
        s.floats(allow_nan=False),
        s.sampled_from(list(Character)),
        s.sampled_from(list(BonusKind)),
        s.builds(Card.parse, s.sampled_from(["blue-1", "red-6", "special"])),
    )


def test_actions_with_junk_fields_never_crash() -> None:
    """Any field of any type: an ``InvalidActionError`` or ``IllegalActionError``, never a
    bare ``TypeError``/``AttributeError``, and the state is unchanged."""
    from hypothesis import given
    from hypothesis import strategies as s

    from sonic_rules.super_teams import ACTION_TYPES

    state = new_game(4)
    for _ in range(30):
        state = apply(state, legal_actions(state)[0])
    snapshot = to_json(state)

    @given(
        s.sampled_from(ACTION_TYPES).flatmap(
            lambda cls: s.tuples(s.just(cls), s.lists(_junk(), min_size=3, max_size=3))
        )
    )
    def check(spec):
        cls, values = spec
        arity = len(cls.__attrs_attrs__)
        with contextlib.suppress(InvalidActionError, IllegalActionError):
            apply(state, cls(*values[:arity]))
        assert to_json(state) == snapshot

    check()


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*prefix, index))


def test_mutated_json_states_give_only_invalid_state_errors() -> None:
    """Replace any one value of a real state's JSON with junk: ``InvalidStateError`` or a
    valid state, never another exception."""
    from hypothesis import given
    from hypothesis import strategies as s

    states = []
    for players in (2, 3, 4):
        state = new_game(players)
        for count in range(120):
            state = apply(state, legal_actions(state)[count % len(legal_actions(state))])
            if count % 40 == 0:
                states.append(json.loads(to_json(state)))
    junk = s.one_of(
        s.none(),
        s.integers(-3, 60),
        s.booleans(),
        s.text(max_size=6),
        s.floats(),
        s.lists(s.integers(0, 3), max_size=3),
        s.dictionaries(s.text(max_size=3), s.none(), max_size=2),
        s.sampled_from(["blue-4", "special", "sonic", "rings", "speed", "play", "S . L"]),
    )

    @given(s.sampled_from(states), s.data(), junk)
    def check(data, draw, value):
        data = json.loads(json.dumps(data))
        path = draw.draw(s.sampled_from(list(_paths(data))[1:]))
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with contextlib.suppress(InvalidStateError):
            from_json(json.dumps(data))

    check()


def test_options_as_a_mapping_and_badly_typed_options() -> None:
    """ST-OPT-COLOURS, ST-OPT-BONUS-SPLIT: options may be given as a JSON-like mapping."""
    state = new_game(
        4,
        options={
            "partner_second_bonus": True,
            "colours": [["blue"], ["red"], ["yellow"], ["black"]],
            "bonus_split": {
                "speed": 8,
                "dexterity": 3,
                "superbonus": 3,
                "shield": 3,
                "super_jump": 3,
            },
        },
    )
    assert state.options.partner_second_bonus is True
    assert state.bonus_deck.count(BonusKind.SPEED) == 8
    for bad, path in (
        ({"partner_second_bonus": 1}, "$.options.partner_second_bonus"),
        ({"nope": 1}, "$.options"),
        (Options(first_player="x"), "$.options.first_player"),  # type: ignore[arg-type]
        (Options(colours=(("blue",),)), "$.options.colours[0][0]"),  # type: ignore[arg-type]
        (5, "$.options"),
    ):
        with pytest.raises(InvalidStateError) as error:
            new_game(4, options=bad)  # type: ignore[arg-type]
        assert error.value.path == path


def test_st_board_notation_default_board_is_a_full_lap() -> None:
    """ST-BOARD-NOTATION: the shipped Green Hill reconstruction has every ingredient."""
    board = Board.default()
    assert 45 <= len(board) <= 60
    assert 3 <= len(board.loops) <= 4
    assert all(3 <= loop.last - loop.first + 1 <= 4 for loop in board.loops)
    kinds = {space.value for space in board.spaces}
    assert {"S", ".", "=", "B", "R", "X", "L", "R/X", "R/.", "X/."} <= kinds
    assert Board.parse(board.notation) == board


@pytest.mark.parametrize("junk", ["x", None, 3, {"players": 2}])
def test_functions_given_something_that_is_not_a_state(junk) -> None:
    from sonic_rules.super_teams import chance_outcomes, step

    for call in (legal_actions, chance_outcomes, to_json, lambda s: step(s, Pass(0))):
        with pytest.raises(InvalidStateError, match="State"):
            call(junk)
