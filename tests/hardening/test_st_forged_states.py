"""Super Teams states built by hand with values of the wrong Python type.

`validate_state` refuses each with an `InvalidStateError` naming the path of the first
wrong value, before any rule; `to_json` refuses it the same way when it cannot write it,
and the engine (`apply`, `legal_actions`, `chance_outcomes`) when it fails on it from
deep inside. Nothing else (AttributeError, TypeError...) comes out.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forged import WRONG_VALUES, random_path, records_in, replaced
from sonic_rules import CHANCE, RulesError
from sonic_rules.core.errors import InvalidStateError
from sonic_rules.super_teams import (
    Action,
    Board,
    BonusKind,
    Card,
    Character,
    Colour,
    Options,
    PendingMove,
    Phase,
    Piece,
    State,
    Surface,
    apply,
    chance_outcomes,
    from_json,
    legal_actions,
    to_json,
    validate_state,
)
from sonic_rules.super_teams.validate.shapes import STATE, check_shapes
from st_helpers import random_states


@functools.cache
def _states() -> tuple[State, ...]:
    """Every few states of seeded random games of 2, 3 and 4 players (some with options)."""
    states: list[State] = []
    for players, seed, options in [
        (2, 1, None),
        (3, 2, {"turn_limit": 40}),
        (4, 3, {"partner_second_bonus": True}),
    ]:
        states += random_states(players, seed, options)[::5]
    return tuple(states)


def _first(phase: Phase) -> State:
    """The first state of the 4-player game in ``phase`` with a character on the track."""
    for state in random_states(4, 5):
        if state.phase is phase and any(piece.position for piece in state.pieces):
            return state
    raise AssertionError(f"no {phase} state in the game")


@functools.cache
def _playing() -> State:
    return _first(Phase.PLAY)


@functools.cache
def _responding() -> State:
    return _first(Phase.RESPONSE)


@functools.cache
def _dealing() -> State:
    return _first(Phase.DEAL)


Forge = Callable[[State], State]


def _fields(**changes: Any) -> Forge:
    return lambda state: attrs.evolve(state, **changes)


def _options(**changes: Any) -> Forge:
    return lambda state: attrs.evolve(state, options=attrs.evolve(state.options, **changes))


def _split(**changes: Any) -> Forge:
    def change(state: State) -> State:
        split = attrs.evolve(state.options.bonus_split, **changes)
        return attrs.evolve(state, options=attrs.evolve(state.options, bonus_split=split))

    return change


def _piece(number: int, **changes: Any) -> Forge:
    def change(state: State) -> State:
        pieces = list(state.pieces)
        pieces[number] = attrs.evolve(pieces[number], **changes)
        return attrs.evolve(state, pieces=tuple(pieces))

    return change


def _pieces(number: int, value: Any) -> Forge:
    def change(state: State) -> State:
        pieces: list[Any] = list(state.pieces)
        pieces[number] = value
        return attrs.evolve(state, pieces=tuple(pieces))

    return change


def _pending(**changes: Any) -> Forge:
    return lambda state: attrs.evolve(state, pending=attrs.evolve(state.pending, **changes))


def _in_hand(seat: int, value: Any) -> Forge:
    """The first card of ``seat``'s hand replaced by ``value``."""

    def change(state: State) -> State:
        hands: list[Any] = list(state.hands)
        hands[seat] = (value, *state.hands[seat][1:])
        return attrs.evolve(state, hands=tuple(hands))

    return change


def _bare(cls: type) -> Any:
    """An object of ``cls`` made without its fields (``object.__new__``)."""
    return object.__new__(cls)


_P, _R, _D = "playing", "responding", "dealing"
_BASES: dict[str, Callable[[], State]] = {_P: _playing, _R: _responding, _D: _dealing}
_HUGE = 10**5000
"""An int with more digits than Python writes as text by default."""

FORGED: list[tuple[str, str, Forge, str, bool]] = [
    # (name, base state, forge, the path named, whether to_json writes it anyway)
    ("players float", _P, _fields(players=4.0), "$.players", True),
    ("players bool", _P, _fields(players=True), "$.players", True),
    ("board None", _P, _fields(board=None), "$.board", False),
    ("board notation", _P, _fields(board="S . ."), "$.board", False),
    ("board bare", _P, _fields(board=_bare(Board)), "$.board", False),
    ("options list", _P, _fields(options=[]), "$.options", False),
    ("options dict", _P, _fields(options={"first_player": 0}), "$.options", False),
    ("bonus split dict", _P, _options(bonus_split={}), "$.options.bonus_split", False),
    ("bonus count float", _P, _split(shield=4.0), "$.options.bonus_split.shield", True),
    ("first player bool", _P, _options(first_player=False), "$.options.first_player", True),
    ("colours list", _P, _options(colours=[]), "$.options.colours", True),
    (
        "colour str",
        _P,
        _options(colours=(("blue",), (Colour.RED,), (Colour.BLACK,), (Colour.YELLOW,))),
        "$.options.colours[0][0]",
        False,
    ),
    (
        "second bonus int",
        _P,
        _options(partner_second_bonus=1),
        "$.options.partner_second_bonus",
        True,
    ),
    ("turn limit float", _P, _options(turn_limit=30.5), "$.options.turn_limit", True),
    ("turn limit huge", _P, _options(turn_limit=_HUGE), "$.options.turn_limit", False),
    ("phase str", _P, _fields(phase="x"), "$.phase", False),
    ("phase value str", _P, _fields(phase="play"), "$.phase", True),
    ("phase list", _P, _fields(phase=[]), "$.phase", False),
    ("turn str", _P, _fields(turn="a"), "$.turn", True),
    ("turn bool", _P, _fields(turn=False), "$.turn", True),
    ("pieces list", _P, lambda s: attrs.evolve(s, pieces=list(s.pieces)), "$.pieces", True),
    ("piece int", _P, _pieces(2, 7), "$.pieces[2]", False),
    ("piece bare", _P, _pieces(0, _bare(Piece)), "$.pieces[0].character", False),
    ("piece character str", _P, _piece(1, character="tails"), "$.pieces[1].character", False),
    ("piece position str", _P, _piece(0, position="3"), "$.pieces[0].position", True),
    ("piece position float", _P, _piece(3, position=0.0), "$.pieces[3].position", True),
    ("piece half str", _P, _piece(0, half="rings"), "$.pieces[0].half", False),
    ("piece half space", _P, _piece(0, half=Surface), "$.pieces[0].half", False),
    ("hands ints", _P, _fields(hands=(1, 2)), "$.hands[0]", False),
    ("hands list", _P, lambda s: attrs.evolve(s, hands=list(s.hands)), "$.hands", True),
    (
        "hand list",
        _P,
        lambda s: attrs.evolve(s, hands=(list(s.hands[0]), *s.hands[1:])),
        "$.hands[0]",
        True,
    ),
    ("card str in hand", _P, _in_hand(1, "blue-4"), "$.hands[1][0]", False),
    ("card bare in hand", _P, _in_hand(0, _bare(Card)), "$.hands[0][0]", False),
    ("bonus kind in hand", _P, _in_hand(2, BonusKind.SPEED), "$.hands[2][0]", False),
    ("bonus hands None", _P, _fields(bonus_hands=None), "$.bonus_hands", False),
    ("bonus hand str", _P, _fields(bonus_hands=("speed", (), (), ())), "$.bonus_hands[0]", False),
    ("deck None", _P, _fields(deck=None), "$.deck", False),
    (
        "deck str card",
        _D,
        lambda s: attrs.evolve(s, deck=("red-1", *s.deck[1:])),
        "$.deck[0]",
        False,
    ),
    ("discard card text", _P, _fields(discard=(Card.parse("blue-1"), "x")), "$.discard[1]", False),
    (
        "bonus deck str",
        _P,
        lambda s: attrs.evolve(s, bonus_deck=("speed",)),
        "$.bonus_deck[0]",
        False,
    ),
    (
        "bonus discard card",
        _P,
        _fields(bonus_discard=(Card.parse("red-2"),)),
        "$.bonus_discard[0]",
        False,
    ),
    ("deal next float", _P, _fields(deal_next=1.0), "$.deal_next", True),
    ("specials owed None", _P, _fields(specials_owed=None), "$.specials_owed", True),
    ("bonus queue list", _P, _fields(bonus_queue=[1]), "$.bonus_queue", True),
    ("bonus queue bool", _P, _fields(bonus_queue=(True,)), "$.bonus_queue[0]", True),
    ("bonus for str", _P, _fields(bonus_for="sonic"), "$.bonus_for", False),
    ("jumper float", _P, _fields(jumper=0.0), "$.jumper", True),
    ("pending dict", _R, _fields(pending={"seat": 0}), "$.pending", False),
    ("pending bare", _R, _fields(pending=_bare(PendingMove)), "$.pending.seat", False),
    ("pending seat str", _R, _pending(seat="0"), "$.pending.seat", True),
    ("pending card str", _R, _pending(card="blue-4"), "$.pending.card", False),
    ("pending character str", _R, _pending(character="amy"), "$.pending.character", False),
    ("pending responders list", _R, _pending(responders=[1]), "$.pending.responders", True),
    ("pending bonus str", _R, _pending(bonuses=("shield",)), "$.pending.bonuses[0]", False),
    ("turns played float", _P, _fields(turns_played=3.0), "$.turns_played", True),
    ("turns played huge", _P, _fields(turns_played=_HUGE), "$.turns_played", False),
    ("turns played 41 digits", _P, _fields(turns_played=10**40), "$.turns_played", True),
    ("state bare", _P, lambda s: _bare(State), "$.players", False),
]


def _forged(base: str, forge: Forge) -> State:
    return forge(_BASES[base]())


def _case_ids() -> list[str]:
    return [name for name, *_ in FORGED]


@pytest.mark.parametrize(
    ("base", "forge", "path", "written"), [r[1:] for r in FORGED], ids=_case_ids()
)
def test_validate_and_to_json_name_where(base: str, forge: Forge, path: str, written: bool) -> None:
    state = _forged(base, forge)
    with pytest.raises(InvalidStateError) as checked:
        validate_state(state)
    assert checked.value.path == path
    for indent in (None, 2):
        if written:
            # A state that can be written is written as it is, consistent or not; the
            # text it gives is refused when read, or reads as a state of the right shape.
            text = to_json(state, indent=indent)
            with contextlib.suppress(InvalidStateError):
                assert to_json(from_json(text), indent=indent) == text
        else:
            with pytest.raises(InvalidStateError) as refused:
                to_json(state, indent=indent)
            assert refused.value.path == path


def _calls(base: State) -> list[tuple[str, Callable[[State], object]]]:
    """The engine's entry points, each on a state built like ``base``; ``apply`` with an
    action legal in ``base``."""
    if base.to_act is CHANCE:
        action: Action = chance_outcomes(base)[0][0]
    else:
        action = legal_actions(base)[0]
    return [
        ("legal_actions", legal_actions),
        ("chance_outcomes", chance_outcomes),
        ("apply", lambda state: apply(state, action)),
    ]


_ENTRIES = ("legal_actions", "chance_outcomes", "apply")


def _engine_cases() -> list[Any]:
    return [
        pytest.param(base, forge, path, entry, id=f"{name}-{entry}")
        for name, base, forge, path, _ in FORGED
        for entry in _ENTRIES
    ]


@pytest.mark.parametrize(("base", "forge", "path", "entry"), _engine_cases())
def test_the_engine_fails_only_with_a_clear_error(
    base: str, forge: Forge, path: str, entry: str
) -> None:
    # The engine runs on a forged state as far as it can; where it fails from deep
    # inside, its guard raises the InvalidStateError naming where; a rule it checks
    # first may refuse the action instead.
    (call,) = [call for name, call in _calls(_BASES[base]()) if name == entry]
    try:
        call(forge(_BASES[base]()))
    except InvalidStateError as error:
        assert error.path == path
    except RulesError:
        pass


ENGINE_FAILS: list[tuple[str, str]] = [
    ("players bool", "legal_actions"),
    ("board None", "legal_actions"),
    ("options list", "apply"),
    ("phase str", "legal_actions"),
    ("phase str", "apply"),
    ("piece bare", "apply"),
    ("piece position str", "legal_actions"),
    ("hands ints", "legal_actions"),
    ("card str in hand", "legal_actions"),
    ("bonus hands None", "apply"),
    ("discard card text", "apply"),
    ("pending dict", "legal_actions"),
    ("pending card str", "apply"),
]
"""Forged states an entry point of the engine fails on from deep inside."""


@pytest.mark.parametrize(("case", "entry"), ENGINE_FAILS, ids=[f"{c}-{e}" for c, e in ENGINE_FAILS])
def test_the_engine_refuses_a_state_it_fails_on(case: str, entry: str) -> None:
    (row,) = [row for row in FORGED if row[0] == case]
    _, base, forge, path, _ = row
    (call,) = [call for name, call in _calls(_BASES[base]()) if name == entry]
    with pytest.raises(InvalidStateError) as refused:
        call(forge(_BASES[base]()))
    assert refused.value.path == path


def test_a_forged_value_keeps_the_checks_own_message() -> None:
    state = _playing()
    with pytest.raises(InvalidStateError, match=r"Super Teams is for 2, 3 or 4 players"):
        validate_state(attrs.evolve(state, players=4.0))
    with pytest.raises(InvalidStateError, match=r"options must be a super_teams\.Options"):
        validate_state(attrs.evolve(state, options=[]))
    with pytest.raises(InvalidStateError, match="must be a whole number of turns, 1 or more"):
        validate_state(_options(turn_limit=30.5)(state))
    with pytest.raises(InvalidStateError, match=r"expected an int, got str '3'"):
        validate_state(_piece(0, position="3")(state))
    with pytest.raises(InvalidStateError, match=r"expected a Phase, got str 'x'"):
        validate_state(attrs.evolve(state, phase="x"))
    with pytest.raises(InvalidStateError, match=r"expected a Character or None, got str"):
        validate_state(attrs.evolve(state, bonus_for="sonic"))
    with pytest.raises(InvalidStateError, match="a number of more than 40 digits"):
        validate_state(attrs.evolve(state, turns_played=10**40))


def test_the_shape_names_every_field() -> None:
    # In field order; the options in the order `check_options` asks about them.
    assert [name for name, _ in STATE.fields] == [f.name for f in attrs.fields(State)]
    records = records_in(STATE)
    for record in records:
        assert record.kind is not None
        fields = {f.name for f in attrs.fields(record.kind)}
        assert {name for name, _ in record.fields} == fields, record.kind
        assert len(record.fields) == len(fields), record.kind
    assert {record.kind for record in records} >= {State, Options, Piece, PendingMove}


def test_states_of_games_and_their_json_pass() -> None:
    # The reader builds every value of exactly the type a state holds.
    for state in _states():
        check_shapes(state)
        validate_state(state)
        for indent in (None, 2):
            text = to_json(state, indent=indent)
            read = from_json(text)
            check_shapes(read)
            assert read == state
            assert to_json(read, indent=indent) == text


def test_a_right_value_of_a_subtype_is_still_refused() -> None:
    # An int subclass or a tuple subclass is not what a state holds (bool is no seat).
    state = _playing()

    class Seat(int):
        pass

    class Cards(tuple):  # type: ignore[type-arg]
        pass

    with pytest.raises(InvalidStateError) as checked:
        validate_state(attrs.evolve(state, turn=Seat(state.turn)))
    assert checked.value.path == "$.turn"
    with pytest.raises(InvalidStateError) as checked:
        validate_state(attrs.evolve(state, deck=Cards(state.deck)))
    assert checked.value.path == "$.deck"


# -- random replacements in states of games ----------------------------------------------

_WRONG: list[Any] = [
    *WRONG_VALUES,
    "play",
    "blue-4",
    ((),),
    False,
    0,
    7,
    10**40,
    _HUGE,
    Card.parse("red-3"),
    Card.parse("special"),
    BonusKind.SUPER_JUMP,
    Character.ROUGE,
    Colour.BLUE,
    Surface.SPIKES,
    Phase.GAME_OVER,
    Options(),
    Board.parse("S . R/X B"),
    Piece(Character.SONIC, 0),
    (Card.parse("blue-1"), "blue-2"),
    (BonusKind.SPEED, "speed"),
]
"""Replacement values: for each place most are of the wrong type, a few of the right
type with an odd value."""


_LEAVES = (Board, Card)
"""Values replaced whole, never inside (their fields are checked as they are made)."""


@st.composite
def _forged_states(draw: st.DrawFn) -> State:
    state = draw(st.sampled_from(_states()))
    path = random_path(state, draw, _LEAVES)
    new = draw(
        st.one_of(
            st.sampled_from(_WRONG),
            st.integers(-2, 60),
            st.sampled_from([*Phase, *Character, *BonusKind, *Surface, *Colour]),
        )
    )
    forged: State = replaced(state, path, new)
    return forged


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_forged_states())
def test_a_forged_state_raises_only_invalid_state(state: State) -> None:
    try:
        validate_state(state)
    except InvalidStateError:
        pass
    else:
        # Accepted: a value of the right type, a state the rules could reach. It is
        # written and read back as it is.
        assert to_json(from_json(to_json(state))) == to_json(state)
    for indent in (None, 2):
        with contextlib.suppress(InvalidStateError):
            to_json(state, indent=indent)


def test_a_refused_state_leaves_nothing_behind() -> None:
    state = _playing()
    # Parts met for the first time: new objects, equal to the state's.
    fresh = attrs.evolve(
        state,
        pieces=tuple(list(state.pieces)),
        hands=tuple(list(state.hands)),
        deck=tuple(list(state.deck)),
    )
    sizes = [len(memo) for memo in STATE.memories.values()]
    with pytest.raises(InvalidStateError, match="specials_owed"):
        validate_state(attrs.evolve(fresh, specials_owed=3))  # refused by the last checks
    assert [len(memo) for memo in STATE.memories.values()] == sizes
    validate_state(fresh)
    assert [len(memo) for memo in STATE.memories.values()] != sizes
