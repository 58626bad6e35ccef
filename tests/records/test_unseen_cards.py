"""Super Teams records with unseen cards ("deal 1 ?", "bonus 0 ?"): what is still checked."""

from __future__ import annotations

from collections import Counter

import pytest

import sonic_rules
from record_helpers import hide, simulated
from sonic_rules import IllegalActionError, records
from sonic_rules import super_teams as st
from sonic_rules.super_teams.cards import SPECIAL, Card
from sonic_rules.super_teams.unknowns import Epoch, Pool, UnknownsTracker

HEADER = "game: super-teams\nformat: 1\nplayers: 2\n"


def _deals(seat0: list[str]) -> str:
    """Seat 0's six cards seen, seat 1's six unseen, dealt in turn."""
    return "".join(f"deal 0 {card}\ndeal 1 ?\n" for card in seat0)


def _problem(text: str) -> records.Problem:
    report = records.validate(text)
    assert not report.valid
    return report.problems[0]


def test_a_hidden_hand_plays_any_card_that_could_be_in_it() -> None:
    text = HEADER + "\n" + _deals(["black1", "black2", "black3", "blue1", "blue2", "blue3"])
    text += "0 black1 Shadow\n1 red2 Amy\n0 blue1 Sonic\n1 yellow6 Rouge\n"
    report = records.validate(text)
    assert report.valid, str(report)
    assert not report.exact
    assert sorted(report.final.hands[1]) == sorted(report.final.hands[1])
    assert len(report.final.hands[1]) == 4
    assert Card.parse("red-2") in report.final.discard


def test_a_card_whose_copies_are_all_seen_elsewhere_cannot_be_played() -> None:
    text = HEADER + "\n" + _deals(["blue1", "blue1", "red1", "red2", "black1", "black2"])
    text += "0 red1 Amy\n1 blue1 Sonic\n"
    problem = _problem(text)
    assert (problem.line, problem.column, problem.rule) == (18, 1, "ST-PLAY-CARD")
    assert problem.message.startswith(
        "'1 blue1 Sonic': seat 1 cannot be holding blue-1 (2 in the game: 2 seen dealt to "
        "seat 0): no way of dealing the unseen cards puts one in its hand"
    )


def test_a_card_played_twice_more_than_its_copies_is_refused() -> None:
    text = HEADER + "\n" + _deals(["black1", "black2", "black3", "blue1", "blue2", "blue3"])
    text += "0 black1 Shadow\n1 red2 Amy\n0 blue1 Sonic\n1 red2 Knuckles\n0 blue2 Tails\n"
    assert records.validate(text).valid
    problem = _problem(text + "1 red2 Amy\n")
    assert (problem.line, problem.rule) == (22, "ST-PLAY-CARD")
    assert "(2 in the game: 2 in the discard pile)" in problem.message


def test_cards_seen_dealt_may_be_ones_the_witness_gave_to_unseen_hands() -> None:
    lines = ["deal 0 red1", "deal 1 ?", "deal 0 red1", "deal 1 ?", "deal 0 blue1", "deal 1 ?"]
    lines += ["deal 0 blue1"]
    assert records.validate(HEADER + "\n" + "\n".join(lines) + "\n").valid
    problem = _problem(HEADER + "\n" + "\n".join([*lines, "deal 1 ?", "deal 0 blue1"]) + "\n")
    assert (problem.line, problem.rule) == (13, "ST-CHANCE")
    assert "blue-1 cannot be in the deck (2 in the game: 2 seen dealt to seat 0)" in problem.message


def test_an_unseen_bonus_card_must_be_one_its_holder_can_hold() -> None:
    header = HEADER + "bonus split: speed 0, dexterity 5, superbonus 5, shield 5, super-jump 5\n\n"
    body = _deals(["blue5", "blue1", "black1", "black2", "black3", "blue2"])
    # Sonic lands on the bonus space at 5 and seat 0 takes a bonus card nobody saw.
    body += "0 blue5 Sonic\nbonus 0 ?\n1 red1 Amy\n0 blue1 Sonic\n"
    assert records.validate(header + body + "0 dexterity\n").valid
    problem = _problem(header + body + "0 speed\n")
    assert problem.rule == "ST-RESPONSE-WINDOW"
    assert "seat 0 cannot be holding a Speed Bonus" in problem.message


def test_the_special_card_and_super_jump_are_never_unseen() -> None:
    pool: Pool[str] = Pool(
        "special", [Epoch(Counter({"special": 1, "a": 1}))], [Counter()], [Counter()]
    )
    pool.epochs[0].unseen[0] = 2
    assert pool.solve() is None
    pool.epochs[0].unseen[0] = 1
    assert pool.solve() == [{0: Counter({"a": 1})}]


def test_a_shown_card_may_come_from_any_epoch_that_had_one_to_give() -> None:
    first = Epoch(Counter({"a": 1, "b": 1}), Counter({0: 1, 1: 1}))
    second = Epoch(Counter({"a": 1, "c": 2}), Counter({0: 1}))
    pool: Pool[str] = Pool("z", [first, second], [Counter(), Counter()], [Counter(), Counter()])
    assigned = pool.solve(shown=(0, "a"))
    assert assigned is not None
    assert pool.solve(shown=(1, "c")) is None  # seat 1's unseen card is from the first epoch
    pool.shown[0]["a"] = 1
    both = pool.solve(shown=(0, "a"))
    assert both == [{0: Counter({"a": 1}), 1: Counter({"b": 1})}, {0: Counter({"a": 1})}]
    assert pool.solve(shown=(1, "a")) is not None  # seat 0's from the second epoch
    pool.shown[0]["a"] = 2
    assert pool.solve(shown=(1, "a")) is None  # both a's are seat 0's


def _oracle_cases(players: int, seed: int) -> tuple[list[str], dict[int, list[tuple[str, bool]]]]:
    """A hidden record's lines and, at each play of a hidden seat in a round without a
    mid-deal reshuffle, whether each card could be played there.

    Within one such round every unseen card comes from the deck the round started with,
    less the cards dealt face up: a card can be shown from a hidden hand exactly when the
    seat has an unseen card left and a copy of it is still unaccounted for.
    """
    game = sonic_rules.game("super-teams")
    start, actions, _ = simulated(game, "standard", players, seed)
    lines = hide(records.write_record(game, [start, *actions])).split("\n")
    body = lines.index("") + 1
    cases: dict[int, list[tuple[str, bool]]] = {}
    state = start
    left: Counter[Card] = Counter()
    unseen: Counter[int] = Counter()
    one_epoch = True
    for index, action in enumerate(actions):
        if state.phase is st.Phase.DEAL and not any(state.hands):
            left, unseen, one_epoch = Counter(state.deck), Counter(), True
        if isinstance(action, st.Deal):
            if action.seat == 0 or action.card.is_special:
                left[action.card] -= 1
            else:
                unseen[action.seat] += 1
        elif isinstance(action, st.Play) and action.seat != 0 and one_epoch:
            verdicts = []
            for card in sorted(set(st.cards.movement_deck(state.colours_in_play)) - {SPECIAL}):
                movable = st.movable_characters(state, card.colour)
                if movable:
                    text = f"{action.seat} {card.colour.value}{card.value} {movable[0].value}"
                    verdicts.append((text, unseen[action.seat] > 0 and left[card] > 0))
            cases[body + index] = verdicts
            unseen[action.seat] -= 1
            left[action.card] -= 1
        state, events = st.step(state, action)
        if any(isinstance(event, st.events.DeckReshuffled) for event in events) and any(
            state.hands
        ):
            one_epoch = False
    return lines, cases


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_a_hidden_play_is_refused_exactly_when_no_deal_of_the_unseen_cards_allows_it(
    players: int, seed: int
) -> None:
    lines, cases = _oracle_cases(players, seed)
    body = lines.index("") + 1
    tracker = UnknownsTracker(records.read_record("\n".join(lines[:body])).start)
    checked = refused = 0
    for index in range(body, len(lines) - 2):  # not the result line
        for text, possible in cases.get(index, [])[:: 1 + index % 3]:
            trial = tracker.fork()
            try:
                trial.advance(text)
            except IllegalActionError as error:
                assert not possible and error.rule == "ST-PLAY-CARD", (text, error)
                refused += 1
            else:
                assert possible, text
            checked += 1
        tracker.advance(lines[index])
    assert checked > 100 and refused > 10
