"""A hypothesis state machine that plays Super Teams with random legal and illegal actions.

After every step it checks the invariants of the issue: every movement card (49, or
37 with 3 players) and every bonus card (20) accounted for exactly once; no hand
above 6; characters only move forward except a loop fall-back; a rejected action
leaves the state equal; every state round-trips JSON; ``legal_actions`` and ``apply``
agree; every phase change is declared; a finished game has exactly one winning side.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from sonic_rules import CHANCE, IllegalActionError, InvalidActionError
from sonic_rules.super_teams import (
    PHASES,
    BonusKind,
    BonusSplit,
    Card,
    Character,
    ChooseHalf,
    ChooseJumper,
    Deal,
    DrawBonus,
    Options,
    Pass,
    Play,
    PlayBonus,
    State,
    Surface,
    apply,
    chance_outcomes,
    from_json,
    legal_actions,
    new_game,
    step,
    to_json,
)
from sonic_rules.super_teams import events as ev

ALL_CARDS = [Card.special()] + [
    Card.parse(f"{colour}-{value}")
    for colour in ("blue", "red", "black", "yellow")
    for value in range(1, 7)
]
# The default split, one heavy in Super Jumps (special-card jumps, bonus-space jumps),
# and one with only Shields and Superbonuses (the conditions on playing them).
SPLITS = [
    BonusSplit(),
    BonusSplit(speed=2, dexterity=2, superbonus=2, shield=2, super_jump=12),
    BonusSplit(speed=0, dexterity=0, superbonus=10, shield=10, super_jump=0),
]
ANY_ACTION = st.one_of(
    st.builds(Deal, st.integers(-1, 4), st.sampled_from(ALL_CARDS)),
    st.builds(DrawBonus, st.integers(-1, 4), st.sampled_from(list(BonusKind))),
    st.builds(
        Play, st.integers(-1, 4), st.sampled_from(ALL_CARDS), st.sampled_from(list(Character))
    ),
    st.builds(PlayBonus, st.integers(-1, 4), st.sampled_from(list(BonusKind))),
    st.builds(Pass, st.integers(-1, 4)),
    st.builds(ChooseHalf, st.integers(-1, 4), st.sampled_from(list(Surface))),
    st.builds(ChooseJumper, st.integers(-1, 4), st.sampled_from(list(Character))),
)


class SuperTeamsMachine(RuleBasedStateMachine):
    state: State

    @initialize(
        players=st.sampled_from([2, 3, 4]),
        second_bonus=st.booleans(),
        first=st.integers(0, 3),
        split=st.sampled_from(SPLITS),
    )
    def start(self, players: int, second_bonus: bool, first: int, split: BonusSplit) -> None:
        options = Options(
            first_player=first % players, partner_second_bonus=second_bonus, bonus_split=split
        )
        self.state = new_game(players, options=options)
        self.steps = 0

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        state = self.state
        actions = legal_actions(state)
        assert actions, "a game that is not over always has an action"
        assert len(set(actions)) == len(actions)
        if state.to_act is CHANCE:
            outcomes = chance_outcomes(state)
            assert [a for a, _ in outcomes] == actions
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        else:
            assert all(action.seat == state.to_act for action in actions)
        action = data.draw(st.sampled_from(actions))
        new, events = step(state, action)
        self._check_move(state, new, events)
        self.state = new

    @precondition(lambda self: not self.state.is_over)
    @rule(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 120))
    def play_on(self, seed: int, count: int) -> None:
        """Several random legal actions at once, so that runs reach the end of a game."""
        rng = random.Random(seed)
        for _ in range(count):
            if self.state.is_over:
                return
            actions = legal_actions(self.state)
            new, events = step(self.state, rng.choice(actions))
            self._check_move(self.state, new, events)
            self.state = new
            self.cards_accounted_for()

    @rule(action=ANY_ACTION)
    def any_action(self, action: object) -> None:
        state = self.state
        snapshot = to_json(state)
        legal = action in legal_actions(state)
        try:
            new, events = step(state, action)  # type: ignore[arg-type]
        except (IllegalActionError, InvalidActionError) as error:
            assert not legal, f"{action} is listed as legal but was refused: {error}"
            if isinstance(error, IllegalActionError):
                assert error.rule.startswith("ST-")
            assert state == from_json(snapshot)
            assert to_json(state) == snapshot
            return
        assert legal, f"{action} was accepted but is not listed as legal"
        self._check_move(state, new, events)
        self.state = new

    @rule()
    def garbage(self) -> None:
        with pytest.raises(InvalidActionError):
            apply(self.state, "play blue-4")  # type: ignore[arg-type]

    def _check_move(self, old: State, new: State, events: list[ev.Event]) -> None:
        declared = {(t.source, t.dest) for t in PHASES.transitions}
        assert (old.phase, new.phase) in declared, f"{old.phase} -> {new.phase} is undeclared"
        fell_back = {e.character for e in events if isinstance(e, ev.FellBack)}
        for before, after in zip(old.pieces, new.pieces, strict=True):
            if after.position < before.position:
                assert before.character in fell_back, f"{before.character} moved backwards"
        self.steps += 1

    @invariant()
    def cards_accounted_for(self) -> None:
        state = self.state
        expected = 37 if state.players == 3 else 49
        cards = Counter(state.deck) + Counter(state.discard)
        for hand in state.hands:
            assert len(hand) <= 6
            cards.update(hand)
        assert sum(cards.values()) == expected
        assert all(count <= 2 for card, count in cards.items() if not card.is_special)
        assert cards[Card.special()] == 1
        bonus = len(state.bonus_deck) + len(state.bonus_discard)
        bonus += sum(len(kinds) for kinds in state.bonus_hands)
        assert bonus == 20

    @invariant()
    def json_round_trip(self) -> None:
        assert from_json(to_json(self.state)) == self.state

    @invariant()
    def one_winning_side(self) -> None:
        state = self.state
        across = [side for side in range(state.sides) if state.side_is_across(side)]
        if state.is_over:
            assert len(across) == 1
            assert state.winners == state.side_seats(across[0])
            assert state.to_act is None and legal_actions(state) == []
        else:
            assert across == [] and state.winners == ()


TestSuperTeamsStateful = SuperTeamsMachine.TestCase
