"""Issue 11's examples of states accepted that cannot arise, and of silent coercion, each
refused on load (``from_json``) or at the call (``setup_position``, ``new_game``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import sonic_rules
from sonic_rules import InvalidStateError
from sonic_rules import crash_course as cc
from sonic_rules import super_teams as st
from states.invariants import check_actions, random_states

ST = sonic_rules.game("super-teams")
CC = sonic_rules.game("crash-course")


def _first(game: Any, found: Callable[[Any], bool], players: int = 3, **kwargs: Any) -> Any:
    """The first state of seeded random games that ``found`` accepts."""
    variant = kwargs.pop("variant", game.default_variant)
    for seed in range(50):
        for state in random_states(game, variant, players, kwargs, seed):
            if found(state):
                return state
    raise AssertionError("no such state in 50 games")


def _edited(game: Any, state: Any, edit: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(game.to_json(state))
    edit(data)
    return json.dumps(data)


def _refused(game: Any, text: str, path: str) -> InvalidStateError:
    with pytest.raises(InvalidStateError) as error:
        game.from_json(text)
    assert error.value.path.startswith(path), error.value
    return error.value


# ----- Super Teams --------------------------------------------------------------------------


def _dealing(state: st.State) -> bool:
    return state.phase is st.Phase.DEAL and any(state.hands)


@pytest.mark.parametrize("owed", [3, 10**6, 10**20])
def test_st_special_card_owed_beyond_what_a_deal_can_owe_is_refused(owed: int) -> None:
    """ST-SPECIAL-CARD: ``specials_owed = 10**20`` gave an OverflowError on the next deal,
    ``10**6`` queued millions of bonus draws; a deal owes at most two."""
    state = _first(ST, _dealing)
    _refused(ST, _edited(ST, state, lambda d: d.update(specials_owed=owed)), "$.specials_owed")


def test_st_special_card_owed_as_play_leaves_it_loads() -> None:
    """ST-SPECIAL-CARD: the special card revealed, its replacement owed: a state that loads."""
    state = _first(ST, lambda s: _dealing(s) and st.Card.special() in s.deck)
    revealed = ST.apply(state, st.Deal(state.deal_next, st.Card.special()))
    assert revealed.specials_owed == 1
    assert ST.from_json(ST.to_json(revealed)) == revealed
    check_actions(ST, revealed, limit=5)
    hidden = _edited(
        ST, revealed, lambda d: d.update(discard=[], deck=sorted(d["deck"] + d["discard"]))
    )
    _refused(ST, hidden, "$")  # the special card revealed is in the discard pile


def test_st_bonus_queue_out_of_turn_or_too_long_is_refused() -> None:
    """ST-SPECIAL-BONUS: the seats take bonus cards clockwise, at most twice round."""
    state = _first(ST, _dealing)

    def queue(seats: list[int]) -> Callable[[dict[str, Any]], None]:
        return lambda d: d.update(phase="bonus-draw", bonus_queue=seats)

    _refused(ST, _edited(ST, state, queue([0, 2, 1])), "$.bonus_queue")
    _refused(ST, _edited(ST, state, queue([0, 1, 2] * 3)), "$.bonus_queue")


def test_st_deal_next_is_a_seat_in_every_phase() -> None:
    """``deal_next`` was checked only in the deal phase."""
    state = _first(ST, lambda s: s.phase is st.Phase.PLAY)
    _refused(ST, _edited(ST, state, lambda d: d.update(deal_next=5)), "$.deal_next")
    _refused(ST, _edited(ST, state, lambda d: d.update(deal_next=-1)), "$.deal_next")


def test_st_play_swapped_to_deal_with_full_hands_is_refused() -> None:
    """ST-DEAL: a state whose next ``apply`` gave a state ``from_json`` refuses (a seventh
    card): the next card of a deal goes to a hand that is not full."""
    state = _first(ST, lambda s: s.phase is st.Phase.PLAY and all(len(h) == 6 for h in s.hands))
    _refused(ST, _edited(ST, state, lambda d: d.update(phase="deal")), "$.deal_next")


def test_st_a_seat_asked_again_after_its_bonus_card_is_refused() -> None:
    """ST-RESPONSE-WINDOW, ST-OPT-SECOND-BONUS: a bonus card on the move and its player
    still asked (found by the corruption tests: the next bonus card gave a state
    ``from_json`` refused)."""
    state = _first(
        ST,
        lambda s: s.phase is st.Phase.RESPONSE and len(s.pending.responders) == 2,
        players=4,
        partner_second_bonus=True,
    )
    kind = state.bonus_deck[0].value

    def played(data: dict[str, Any]) -> None:
        data["pending"]["bonuses"] = [kind]
        data["bonus_deck"].remove(kind)
        data["bonus_discard"].insert(0, kind)
        data["bonus_discard"] = [
            k.value for k in st.cards.sort_bonus([st.BonusKind(k) for k in data["bonus_discard"]])
        ]

    error = _refused(ST, _edited(ST, state, played), "$.pending")
    assert "not asked again" in error.message


# ----- Crash Course -------------------------------------------------------------------------


def test_cc_draws_left_outside_a_draw_is_refused() -> None:
    """CC-DRAW: ``draws_left = 1000000`` left no legal action in a game not over."""
    state = _first(CC, lambda s: s.phase is cc.Phase.ACTIONS)
    _refused(CC, _edited(CC, state, lambda d: d.update(draws_left=1000000)), "$.draws_left")
    drawing = _first(CC, lambda s: s.phase is cc.Phase.DRAWING, official_draw=True)
    _refused(CC, _edited(CC, drawing, lambda d: d.update(draws_left=4)), "$.draws_left")


def test_cc_keep_choice_swapped_to_actions_is_refused() -> None:
    """CC-DRAW, CC-DRAW-RETURN: the phase changed from keep-choice to actions lost the
    drawn tokens."""
    state = _first(CC, lambda s: s.phase is cc.Phase.KEEP_CHOICE)
    _refused(CC, _edited(CC, state, lambda d: d.update(phase="actions")), "$.drawn")


def _motobug_out_of_the_box(to: str) -> Callable[[dict[str, Any]], None]:
    motobug = cc.ItemKind.MOTOBUG.index

    def edit(data: dict[str, Any]) -> None:
        data["box"][motobug] -= 1
        if to == "pile":
            data["pile"][motobug] += 1
        else:
            data["characters"][0]["items"] = ["motobug"]

    return edit


@pytest.mark.parametrize(("to", "path"), [("pile", "$.box"), ("items", "$.characters[0].items")])
def test_cc_beginner_with_a_motobug_is_refused(to: str, path: str) -> None:
    """CC-BEGINNER-ITEMS: only Boosters, Crabmeats and Rings leave the box."""
    state = _first(CC, lambda s: s.phase is cc.Phase.ACTIONS, variant="beginner")
    _refused(CC, _edited(CC, state, _motobug_out_of_the_box(to)), path)


def test_cc_beginner_boards_hold_rings_only() -> None:
    """CC-BEGINNER-SKIP: damage knocks a Beginner character down; no items, no Power-Up."""
    state = _first(CC, lambda s: s.phase is cc.Phase.ACTIONS, variant="beginner")
    _refused(
        CC, _edited(CC, state, lambda d: d["characters"][1].update(damage=1)), "$.characters[1]"
    )
    with pytest.raises(InvalidStateError, match="Power-Up"):
        cc.setup_position(2, variant="beginner", power_ups=["sonic"])


def _recovery(rings: int) -> cc.State:
    return cc.setup_position(
        2,
        variant="beginner",
        positions={"sonic": (1, 0, 1)},
        knocked_down=["sonic"],
        rings={"sonic": rings},
        phase="recovery",
        pending=[("recovery", "sonic")],
    )


def test_cc_recovery_is_owed_only_by_a_character_down_with_a_ring() -> None:
    """CC-PROJ-BEGINNER-KNOCKED: ``Recover`` brought rings to -1 from a recovery owed by a
    character without a Ring. Play asks only a character down with a Ring (``damage``
    queues the decision only then, and nothing takes a Ring meanwhile), so it is a state
    check: the engine's ``check_recover`` trusts the state."""
    with pytest.raises(InvalidStateError) as error:
        _recovery(0)
    assert error.value.path == "$.pending[0]"
    state = _recovery(1)
    up = cc.apply(state, cc.Recover(0, True))
    assert up.characters[0].rings == 0 and not up.characters[0].knocked_down
    check_actions(CC, state)


def test_cc_a_finished_game_may_leave_a_bumped_character_where_it_was() -> None:
    """CC-ITEM-BUMPER, CC-ONE-PER-SPACE: a state whose next ``apply`` gave a state
    ``from_json`` refused: Knuckles is bumped, Tails pushed into the space he left and
    boosted off the course to win before Knuckles lands; the finished game keeps both on
    that space, and loads."""
    state = cc.setup_position(
        3,
        course=["start-line", "star-buzz", "corner-hive"],
        board={(2, 2, 1): "booster"},
        positions={"knuckles": (2, 2, 1), "tails": (2, 1, 1), "sonic": (0, 0, 1)},
        items={"sonic": ["bumper"]},
        birds=[0, 7, 0],
    )
    over = cc.apply(state, cc.UseBumper(0, 2))
    assert over.is_over and over.characters[1].position == over.characters[2].position
    assert CC.from_json(CC.to_json(over)) == over
    check_actions(CC, state)


def test_cc_from_json_refuses_every_missing_field() -> None:
    """Silent coercion: Crash Course ``from_json`` filled a missing field with its default.
    Every field of every record, in a state of each phase, is required."""
    seen: set[cc.Phase] = set()
    removed = 0
    for state in random_states(CC, "standard", 3, {"official_draw": True}, 0):
        if state.phase in seen or state.is_over:
            continue
        seen.add(state.phase)
        data = json.loads(CC.to_json(state))
        for path in _object_keys(data):
            text = _edited(CC, state, lambda d, path=path: _remove(d, path))  # type: ignore[misc]
            error = _refused(CC, text, "$")
            assert error.path.endswith(str(path[-1])), (path, error)
            removed += 1
    assert removed > 200


def _object_keys(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if path or key not in ("game", "format", "catalogue"):
                found.append((*path, key))
            if key != "catalogue":
                found += _object_keys(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _object_keys(value, (*path, index))
    return found


def _remove(data: Any, path: tuple[Any, ...]) -> None:
    for step in path[:-1]:
        data = data[step]
    del data[path[-1]]


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda: cc.setup_position(2, birds=[1.5, 2]), "birds"),
        (lambda: cc.setup_position(2, actions_left=True), "actions_left"),
        (lambda: cc.setup_position(2, draws_left=1.0), "draws_left"),
        (lambda: cc.setup_position(2, positions={"sonic": cc.Space(1.0, 0, 0)}), "positions"),
        (lambda: cc.new_game(2.0), "players"),
        (lambda: cc.new_game(True), "players"),
        (lambda: cc.new_game("2"), "players"),
        (lambda: cc.new_game(2, variant=2), "variant"),
    ],
)
def test_cc_wrong_python_types_are_type_errors_naming_the_parameter(
    call: Callable[[], object], parameter: str
) -> None:
    """Silent coercion: ``setup_position(birds=[1.5, 2])`` and ``actions_left=True`` built
    states their own ``from_json`` refused; ``new_game(2.0)`` failed deep inside."""
    with pytest.raises(TypeError, match=parameter):
        call()


def test_cc_ring_stacks_are_written_in_ascii_digits() -> None:
    for text in ("rings:²", "rings:" + "9" * 5000, "rings:-1"):
        with pytest.raises(InvalidStateError):
            cc.setup_position(2, board={(1, 1, 1): text})


def test_cc_rings_owed_a_drop_when_the_game_is_won_are_not_lost() -> None:
    """CC-COMPONENTS, CC-RING-LOSS: Sonic, hurt by a Crabmeat, holds 2 Rings back for a
    drop; the same Move then pushes him onto a Booster and off the course: seat 0 wins.
    The finished game must still hold every Ring (here 2 of 10 vanish), or ``from_json``
    refuses the state the listed action gave."""
    state = cc.setup_position(
        2,
        variant="two-player",
        positions={"knuckles": (0, 1, 1), "sonic": (1, 0, 1)},
        board={(0, 2, 1): "booster", (1, 1, 1): "crabmeat", (1, 2, 1): "booster"},
        rings={"sonic": 2},
        birds=[7, 0],
        active="knuckles",
    )
    won = cc.apply(state, cc.Move(0, 1))
    assert won.is_over
    assert won.token_count(cc.ItemKind.RING) == 10
    check_actions(CC, state)


def test_cc_rings_owed_a_drop_when_the_decision_limit_ends_the_game_are_not_lost() -> None:
    """CC-OPT-DECISION-LIMIT, CC-RING-LOSS: the Move that hurts Sonic (2 Rings held back)
    is the last decision allowed; the unfinished game must still hold every Ring."""
    state = cc.setup_position(
        2,
        variant="two-player",
        options={"decision_limit": 1},
        positions={"knuckles": (0, 1, 1), "sonic": (1, 0, 1)},
        board={(0, 2, 1): "booster", (1, 1, 1): "crabmeat"},
        rings={"sonic": 2},
        active="knuckles",
    )
    ended = cc.apply(state, cc.Move(0, 1))
    assert ended.is_over
    assert ended.token_count(cc.ItemKind.RING) == 10


def test_cc_an_active_character_out_of_range_is_refused_in_every_phase() -> None:
    """``active = 10**20`` in the laying-shortcut phase gave an IndexError on load."""
    phases = set()
    for options in ({}, {"official_draw": True}):
        for state in random_states(CC, "standard", 4, options, 1):
            if state.phase in phases:
                continue
            phases.add(state.phase)
            for active in (10**20, -1, 4):
                edit = _edited(CC, state, lambda d, active=active: d.update(active=active))
                _refused(CC, edit, "$.active")
    assert len(phases) >= 6
