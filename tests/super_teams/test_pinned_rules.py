"""Rules pinned by mutation testing (docs/testing.md).

Each test here names the rule it holds exactly: a change to the rules modules that the
per-rule scenarios let through (a mutant mutmut reported as surviving) now fails one of
these. Positions are set up with `setup_position`, as in the other rule tests.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from sonic_rules.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from sonic_rules.super_teams import (
    Action,
    BonusKind,
    BonusSplit,
    Card,
    Character,
    ChooseHalf,
    ChooseJumper,
    Colour,
    Deal,
    DrawBonus,
    Options,
    Pass,
    Phase,
    Play,
    PlayBonus,
    State,
    Surface,
    apply,
    check,
    from_json,
    jump_candidates,
    legal_actions,
    legal_actions_for_view,
    movable_characters,
    new_game,
    observe,
    setup_position,
    step,
    to_json,
    validate_state,
)
from sonic_rules.super_teams import events as ev
from sonic_rules.super_teams.cards import movement_deck
from st_helpers import card

SPECIAL = Card.special()
SONIC, SHADOW = Character.SONIC, Character.SHADOW
NO_SUPER_JUMP = Options(
    bonus_split=BonusSplit(speed=6, dexterity=4, superbonus=4, shield=6, super_jump=0)
)
ALL_BONUS = ["speed"] * 6 + ["dexterity"] * 4 + ["superbonus"] * 4 + ["shield"] * 6


def _rest_of_deck(*taken: str) -> list[Card]:
    """Every movement card of a 2-player game except ``taken``."""
    rest = Counter(movement_deck(tuple(Colour)))
    rest.subtract(Counter(card(c) for c in taken))
    return sorted(rest.elements())


def _deal_about_to_start(deck: list[str], **kwargs: object) -> State:
    """2 players: seat 0 plays its last card (black-1 for Shadow) and a deal from
    ``deck`` starts with seat 1."""
    state = setup_position(
        2,
        board="S . . . . . . .",
        hands=[["black-1"], []],
        deck=deck,
        discard=_rest_of_deck("black-1", *deck),
        **kwargs,  # type: ignore[arg-type]
    )
    state = apply(state, Play(0, card("black-1"), SHADOW))
    assert state.phase is Phase.DEAL and state.deal_next == 1
    return state


def _deal_plain(state: State, count: int) -> State:
    for _ in range(count):
        plain = next(c for c in state.deck if not c.is_special)
        state = apply(state, Deal(state.deal_next, plain))
    return state


# -- the deal ----------------------------------------------------------------------------


def test_st_deal_each_dealt_card_is_an_event_naming_the_seat_and_the_card() -> None:
    """ST-DEAL: dealing a card to a seat reports exactly that seat and card."""
    state = new_game(2)
    dealt = next(c for c in state.deck if not c.is_special)
    after, events = step(state, Deal(0, dealt))
    assert events == [ev.CardDealt(0, dealt)]
    assert after.hands[0] == (dealt,)


def test_st_deck_reshuffle_when_the_special_card_is_the_last_card_of_the_deck() -> None:
    """ST-DECK-RESHUFFLE with ST-SPECIAL-CARD: the special card is the deck's last card;
    revealing it empties the deck, so the discard pile (with it) is shuffled in at once
    and its seat gets the replacement."""
    deck = [f"blue-{v}" for v in range(1, 7)] + [f"red-{v}" for v in range(1, 6)] + ["special"]
    state = _deal_plain(_deal_about_to_start(deck), 11)
    assert state.deck == (SPECIAL,) and state.deal_next == 0
    after, events = step(state, Deal(0, SPECIAL))
    assert events == [ev.SpecialCardRevealed(0), ev.DeckReshuffled(38)]
    assert after.phase is Phase.DEAL and after.deal_next == 0
    assert len(after.deck) == 38 and SPECIAL in after.deck and after.discard == ()
    assert after.specials_owed == 1


def test_st_deck_reshuffle_after_the_bonus_round_when_the_replacement_emptied_the_deck() -> None:
    """ST-DECK-RESHUFFLE with ST-SPECIAL-BONUS: the special card's replacement is the
    deck's last card; once the bonus round is over the deal goes on from a reshuffled
    discard pile."""
    deck = [f"blue-{v}" for v in range(1, 7)] + [f"red-{v}" for v in range(1, 6)] + ["special"]
    state = _deal_plain(_deal_about_to_start(deck), 10)
    assert state.deal_next == 1
    state = apply(state, Deal(1, SPECIAL))
    state = apply(state, Deal(1, state.deck[0]))
    assert state.deck == () and state.phase is Phase.BONUS_DRAW
    assert state.bonus_queue == (1, 0)
    state = apply(state, DrawBonus(1, BonusKind.SPEED))
    after, events = step(state, DrawBonus(0, BonusKind.SPEED))
    assert events == [ev.BonusCardTaken(0, BonusKind.SPEED), ev.DeckReshuffled(38)]
    assert after.phase is Phase.DEAL and after.deal_next == 0
    assert len(after.deck) == 38


def test_st_special_bonus_with_no_bonus_card_anywhere_each_seat_takes_nothing() -> None:
    """ST-SPECIAL-BONUS with ST-BONUS-RESHUFFLE: every bonus card is held, so the bonus
    deck and its discard pile are both empty: each seat of the bonus round in turn gets
    nothing, and the deal goes on."""
    deck = [f"blue-{v}" for v in range(1, 7)] + [f"red-{v}" for v in range(1, 6)] + ["special"]
    state = _deal_about_to_start(deck, bonus_hands=[[], ALL_BONUS], options=NO_SUPER_JUMP)
    assert state.bonus_deck == () and state.bonus_discard == ()
    state = apply(state, Deal(1, SPECIAL))
    after, events = step(state, Deal(1, card("blue-1")))
    assert events == [ev.CardDealt(1, card("blue-1")), ev.NoBonusCard(1), ev.NoBonusCard(0)]
    assert after.bonus_queue == ()
    assert after.phase is Phase.DEAL and after.deal_next == 0


# -- Super Jump ------------------------------------------------------------------------


def test_st_super_jump_no_trigger_landing_on_a_double_reports_the_rings_half() -> None:
    """ST-SUPER-JUMP-NO-TRIGGER: a jump to a double space lands on its rings half, and the
    event says so."""
    state = setup_position(
        2,
        board="S . B X/. R/X . R .",
        hands=[["black-1"], ["blue-2", "red-1"]],
        to_act=1,
    )
    state = apply(state, Play(1, card("blue-2"), SONIC))
    assert state.phase is Phase.BONUS_DRAW
    after, events = step(state, DrawBonus(0, BonusKind.SUPER_JUMP))
    assert ev.SuperJumped(SONIC, 2, 4, Surface.RINGS) in events
    assert after.piece(SONIC).half is Surface.RINGS


# -- turns -------------------------------------------------------------------------------


def test_st_opt_turn_limit_the_game_ends_on_the_turn_that_reaches_the_limit() -> None:
    """ST-OPT-TURN-LIMIT: with a limit of one turn, the first card played ends the game."""
    state = setup_position(
        2, hands=[["blue-1", "blue-2"], ["red-1"]], options=Options(turn_limit=1)
    )
    after, events = step(state, Play(0, card("blue-1"), SONIC))
    assert events[-1] == ev.TurnLimitReached(1)
    assert after.phase is Phase.GAME_OVER and after.turns_played == 1


def _settled(state: State) -> None:
    """``state`` holds no pending move, validates and survives a JSON round trip."""
    assert state.pending is None
    validate_state(state)
    assert from_json(to_json(state)) == state


def test_st_turn_order_after_a_plain_move_nothing_is_left_pending() -> None:
    """ST-TURN-ORDER: once the move is made the turn passes to the next seat, with no
    move left pending."""
    state = setup_position(2, hands=[["blue-1", "blue-2"], ["red-1"]])
    after = apply(state, Play(0, card("blue-1"), SONIC))
    assert after.phase is Phase.PLAY and after.to_act == 1 and after.turns_played == 1
    _settled(after)


def test_st_deal_the_last_card_played_counts_one_turn_and_starts_the_deal() -> None:
    """ST-DEAL: when the last card of the round is played that turn counts once and a new
    deal starts, with no move left pending."""
    state = setup_position(2, hands=[["blue-1"], []])
    after = apply(state, Play(0, card("blue-1"), SONIC))
    assert after.phase is Phase.DEAL and after.turns_played == 1
    _settled(after)


def test_st_win_the_winning_move_leaves_nothing_pending() -> None:
    """ST-WIN: the move that takes a side's last character across ends the game at once,
    with no move left pending."""
    state = setup_position(
        3,
        board="S . . .",
        positions={"sonic": 4, "tails": 2},
        hands=[["blue-3", "blue-4"], ["red-1"], ["black-1"]],
    )
    after, events = step(state, Play(0, card("blue-3"), Character.TAILS))
    assert events[-1] == ev.SideWon((0,))
    assert after.phase is Phase.GAME_OVER
    _settled(after)


def test_st_bonus_space_the_draw_waits_with_no_move_pending() -> None:
    """ST-BONUS-SPACE: a move stopping on a bonus space is over; the colour's holder
    takes the top bonus card with no move left pending."""
    state = setup_position(2, board="S . B . . .", hands=[["blue-2", "blue-3"], ["red-1"]])
    after = apply(state, Play(0, card("blue-2"), SONIC))
    assert after.phase is Phase.BONUS_DRAW and after.bonus_queue == (0,)
    _settled(after)


def test_st_double_half_the_move_waits_for_the_choice_with_nobody_left_to_ask() -> None:
    """ST-DOUBLE-HALF: a move stopping on a double space waits for its player's choice
    of half; no seat is left to be asked for a bonus card."""
    state = setup_position(
        2,
        board="S . R/X . . .",
        hands=[["blue-2", "blue-3"], ["red-1"]],
        bonus_hands=[["speed"], []],
    )
    state = apply(state, Play(0, card("blue-2"), SONIC))
    assert state.phase is Phase.RESPONSE
    after = apply(state, Pass(0))
    assert after.phase is Phase.CHOOSE_HALF
    assert after.pending is not None and after.pending.responders == ()
    validate_state(after)
    assert from_json(to_json(after)) == after


# -- the referee's entry points ---------------------------------------------------------


def test_st_turn_order_legal_actions_of_a_view_are_the_seat_to_acts() -> None:
    """ST-TURN-ORDER: `legal_actions` given the view of the seat to act lists that seat's
    actions, as `legal_actions_for_view` does; the other seat's view has none to list."""
    state = setup_position(2, hands=[["blue-1", "black-2"], ["red-3"]])
    assert legal_actions(observe(state, 0)) == legal_actions(state)
    assert legal_actions(observe(state, 0)) == legal_actions_for_view(observe(state, 0))
    with pytest.raises(InvalidStateError, match="seat 0's decision"):
        legal_actions(observe(state, 1))


def test_st_turn_order_legal_actions_of_anything_else_names_its_type() -> None:
    """ST-TURN-ORDER: `legal_actions` of something that is neither a state nor a view is
    refused, naming what it was given."""
    with pytest.raises(InvalidStateError, match="got str"):
        legal_actions("a state")  # type: ignore[arg-type]


def test_st_turn_order_a_view_given_as_a_state_is_refused_with_the_reason() -> None:
    """ST-TURN-ORDER: the referee decides from the whole state; a view given in its
    place is refused, saying why."""
    state = setup_position(2, hands=[["blue-1"], ["red-1"]])
    with pytest.raises(InvalidStateError) as raised:
        step(observe(state, 0), Play(0, card("blue-1"), SONIC))  # type: ignore[arg-type]
    assert str(raised.value) == (
        "$: a View is what one seat sees, not a state: the referee needs the State"
    )
    with pytest.raises(InvalidStateError) as raised:
        step(None, Play(0, card("blue-1"), SONIC))  # type: ignore[arg-type]
    assert str(raised.value) == "$: expected a Super Teams State, got NoneType"


def test_st_play_card_anything_but_an_action_is_refused_listing_the_action_types() -> None:
    """ST-PLAY-CARD: what `step` is given must be exactly one of the action types; the
    error lists them."""
    state = setup_position(2, hands=[["blue-1"], ["red-1"]])
    with pytest.raises(InvalidActionError) as raised:
        step(state, "play blue-1")  # type: ignore[arg-type]
    assert str(raised.value) == (
        "'play blue-1' is not a Super Teams action; expected one of "
        "Deal, DrawBonus, Play, PlayBonus, Pass, ChooseHalf, ChooseJumper"
    )


@pytest.mark.parametrize(
    ("forged", "message"),
    [("0", "Play.seat must be a int, got '0'"), (True, "Play.seat must be a int, got True")],
)
def test_st_turn_order_a_forged_seat_of_the_wrong_type_is_refused(
    forged: object, message: str
) -> None:
    """ST-TURN-ORDER: an action whose seat was forged past its constructor (a string, or
    ``True`` that would pass for seat 1) is refused before any rule is asked."""
    state = setup_position(2, hands=[["blue-1"], ["red-1"]], to_act=1)
    action = Play(0, card("red-1"), Character.KNUCKLES)
    object.__setattr__(action, "seat", forged)
    with pytest.raises(InvalidActionError) as raised:
        step(state, action)
    assert str(raised.value) == message


# -- every refusal names its rule and says why --------------------------------------------

SILVER, KNUCKLES, METAL_SONIC = Character.SILVER, Character.KNUCKLES, Character.METAL_SONIC


def _two() -> State:
    return setup_position(2, hands=[["blue-1", "black-2"], ["red-1"]])


def _bonus_draw() -> State:
    """Seat 0 stops Sonic on the bonus space at 2: seat 0 takes the top bonus card."""
    state = setup_position(
        2, board="S . B . . .", hands=[["blue-2", "blue-3"], ["red-1"]], options=NO_SUPER_JUMP
    )
    return apply(state, Play(0, card("blue-2"), SONIC))


def _fallback() -> State:
    """Both blue characters and Shadow are across: a blue card moves Silver only."""
    return setup_position(
        2,
        board="S . . . .",
        positions={"sonic": 5, "tails": 5, "shadow": 5},
        hands=[["blue-1", "black-1"], ["red-1"]],
    )


def _response(board: str, sonic: int, bonus: list[str]) -> State:
    """Seat 1 plays blue-1 for Sonic from ``sonic``; seat 0, holding ``bonus``, is asked."""
    state = setup_position(
        2,
        board=board,
        positions={"sonic": sonic},
        hands=[["black-1"], ["blue-1", "red-1"]],
        bonus_hands=[bonus, []],
        to_act=1,
    )
    return apply(state, Play(1, card("blue-1"), SONIC))


def _choose_half() -> State:
    state = setup_position(2, board="S . R/X . . .", hands=[["blue-2", "blue-3"], ["red-1"]])
    return apply(state, Play(0, card("blue-2"), SONIC))


def _choose_jumper() -> State:
    """Seat 0 takes Super Jump in the special card's bonus round."""
    deck = [f"blue-{v}" for v in range(1, 7)] + [f"red-{v}" for v in range(1, 6)] + ["special"]
    state = _deal_about_to_start(deck)
    state = apply(state, Deal(1, SPECIAL))
    state = apply(state, Deal(1, card("blue-1")))
    state = apply(state, DrawBonus(1, BonusKind.SPEED))
    state = apply(state, DrawBonus(0, BonusKind.SUPER_JUMP))
    assert state.phase is Phase.SUPER_JUMP_TARGET
    return state


REFUSALS = [
    (
        _two,
        Play(1, card("red-1"), KNUCKLES),
        "ST-TURN-ORDER",
        "it is seat 0's decision, not seat 1's",
    ),
    (
        lambda: new_game(2),
        Deal(1, card("red-1")),
        "ST-P-DEAL-ORDER",
        "the next card goes to seat 0, not 1",
    ),
    (lambda: new_game(3), Deal(0, card("yellow-1")), "ST-CHANCE", "yellow-1 is not in the deck"),
    (
        _bonus_draw,
        DrawBonus(1, BonusKind.SPEED),
        "ST-CHANCE",
        "seat 0 takes the next bonus card, not 1",
    ),
    (
        _bonus_draw,
        DrawBonus(0, BonusKind.SUPER_JUMP),
        "ST-CHANCE",
        "no Super Jump is left in the bonus deck",
    ),
    (_two, Play(0, card("blue-6"), SONIC), "ST-PLAY-CARD", "seat 0 holds no blue-6"),
    (
        lambda: setup_position(3, hands=[["blue-1"], [], []]),
        Play(0, card("blue-1"), METAL_SONIC),
        "ST-CHARACTER-COLOUR",
        "Metal Sonic is not in this game",
    ),
    (
        _fallback,
        Play(0, card("black-1"), Character.SHADOW),
        "ST-CROSSED-STAY",
        "Shadow has crossed the finish line and never moves again",
    ),
    (
        _two,
        Play(0, card("blue-1"), SILVER),
        "ST-CHARACTER-COLOUR",
        "a blue card moves a blue character",
    ),
    (
        _fallback,
        Play(0, card("blue-1"), KNUCKLES),
        "ST-COLOUR-FALLBACK",
        "both blue characters are across, so blue-1 moves a black character of the same side",
    ),
    (
        lambda: _response("S . . . . .", 1, ["shield"]),
        PlayBonus(0, BonusKind.SPEED),
        "ST-RESPONSE-WINDOW",
        "seat 0 holds no Speed Bonus",
    ),
    (
        lambda: _response("S R . . . .", 1, ["superbonus"]),
        PlayBonus(0, BonusKind.SUPERBONUS),
        "ST-BONUS-SUPERBONUS",
        "Superbonus is only for a character on a normal space; Sonic is on rings",
    ),
    (
        lambda: _response("S . . . . .", 1, ["shield"]),
        PlayBonus(0, BonusKind.SHIELD),
        "ST-BONUS-SHIELD",
        "Shield is only for a character on spikes; Sonic is on normal",
    ),
    (
        _choose_half,
        ChooseHalf(0, Surface.NORMAL),
        "ST-DOUBLE-HALF",
        "space 2 is rings/spikes: choose rings or spikes",
    ),
    (
        _choose_jumper,
        ChooseJumper(0, KNUCKLES),
        "ST-SUPER-JUMP-SPECIAL",
        "seat 0 may only Super Jump one of its own characters still racing"
        " (a partner's once both of its own are across)",
    ),
]


@pytest.mark.parametrize(
    ("make", "action", "rule", "message"),
    REFUSALS,
    ids=[f"{r[2]}-{i}" for i, r in enumerate(REFUSALS)],
)
def test_st_every_refusal_names_its_rule_and_says_why(
    make: Callable[[], State], action: Action, rule: str, message: str
) -> None:
    """ST-TURN-ORDER, ST-P-DEAL-ORDER, ST-CHANCE, ST-PLAY-CARD, ST-CHARACTER-COLOUR,
    ST-CROSSED-STAY, ST-COLOUR-FALLBACK, ST-RESPONSE-WINDOW, ST-BONUS-SUPERBONUS,
    ST-BONUS-SHIELD, ST-DOUBLE-HALF, ST-SUPER-JUMP-SPECIAL: each illegal action is refused
    with its rule's id and a message that says what is wrong, the state unchanged."""
    state = make()
    before = to_json(state)
    with pytest.raises(IllegalActionError) as raised:
        apply(state, action)
    assert (raised.value.rule, str(raised.value)) == (rule, f"[{rule}] {message}")
    assert to_json(state) == before


def test_st_character_colour_a_colour_not_in_play_moves_nobody() -> None:
    """ST-CHARACTER-COLOUR: with 3 players yellow is not in play, so no card of it moves
    anyone (and the special card, of no colour, moves nobody either)."""
    state = setup_position(3, hands=[["blue-1"], [], []])
    assert movable_characters(state, Colour.YELLOW) == ()
    assert movable_characters(state, None) == ()
    assert movable_characters(state, Colour.BLUE) == (SONIC, Character.TAILS)


def test_st_super_jump_special_own_characters_first_even_with_a_partner() -> None:
    """ST-SUPER-JUMP-SPECIAL: with 4 players a seat whose own characters still race jumps
    one of them, never its partner's."""
    state = setup_position(4, hands=[["blue-1"], [], [], []])
    assert jump_candidates(state, 0) == (SONIC, Character.TAILS)
    assert jump_candidates(state, 2) == (Character.SHADOW, SILVER)


def test_st_play_card_check_refuses_what_is_not_an_action() -> None:
    """ST-PLAY-CARD: `check` is given exactly one of the action types, or refuses it
    (the same refusal `step` gives)."""
    with pytest.raises(InvalidActionError) as raised:
        check(_two(), "junk")  # type: ignore[arg-type]
    assert str(raised.value) == (
        "'junk' is not a Super Teams action; expected one of "
        "Deal, DrawBonus, Play, PlayBonus, Pass, ChooseHalf, ChooseJumper"
    )
