"""sonic_rules.text: the terminal picture, plain or coloured, showing what a seat may see."""

from __future__ import annotations

import random
import re

import pytest

import sonic_rules
from pictures.pictured_states import configurations, sampled, shuffle_hidden
from sonic_rules import InvalidActionError, text

ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.mark.parametrize(("name", "variant", "players"), configurations())
def test_plain_and_coloured_pictures_say_the_same(name: str, variant: str, players: int) -> None:
    title = sonic_rules.game(name).title.removeprefix("Sonic the Hedgehog: ")
    for state, _ in sampled(name, variant, players, seed=5):
        for seat in (None, players - 1):
            plain = text.picture(state, seat=seat, colour=False)
            coloured = text.picture(state, seat=seat, colour=True)
            assert plain.startswith(title)
            assert not ANSI.search(plain) and ANSI.search(coloured)
            assert ANSI.sub("", coloured) == plain
            assert ("│" in plain and "┌" in plain) or "no tile laid yet" in plain


def test_without_a_terminal_the_picture_is_plain() -> None:
    state = sonic_rules.game("crash-course").new_game(2)
    assert text.picture(state) == text.picture(state, colour=False)  # pytest captures stdout


@pytest.mark.parametrize("name", sonic_rules.game_names())
def test_a_seat_picture_does_not_change_when_its_hidden_content_does(name: str) -> None:
    rng = random.Random(3)
    for state, _ in sampled(name, "standard", 4, seed=6):
        for seat in range(4):
            picture = text.picture(state, seat=seat, colour=True)
            other = shuffle_hidden(state, seat, rng)
            assert text.picture(other, seat=seat, colour=True) == picture


def test_a_super_teams_seat_sees_its_own_cards_and_counts_the_others() -> None:
    for state, _ in sampled("super-teams", "standard", 3, seed=7):
        picture = text.picture(state, seat=0, colour=False)
        lines = {line.split(" (")[0].strip("▶ "): line for line in picture.splitlines()}
        for card in state.hands[0]:
            assert str(card) in lines["seat 0"]
        for seat in (1, 2):
            count = len(state.hands[seat])
            assert f"{count} card{'' if count == 1 else 's'} face down" in lines[f"seat {seat}"]


def test_errors_are_those_of_the_svg_pictures() -> None:
    state = sonic_rules.game("super-teams").new_game(2)
    with pytest.raises(TypeError, match="colour"):
        text.picture(state, colour="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state_or_view"):
        text.picture(42)
    with pytest.raises(InvalidActionError, match="seat 5"):
        text.picture(state, seat=5)
