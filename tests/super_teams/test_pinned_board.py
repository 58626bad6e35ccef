"""Pinned behaviour of the Super Teams board and cards, rule by rule.

Each test names the rule it pins: board notation (ST-BOARD-NOTATION) with its exact
error messages, the loops (ST-LOOP-FALLBACK, ST-LOOP-PASS, ST-BONUS-DEXTERITY), the
rings ahead (ST-SUPER-JUMP-SPACE), the movement deck and its order (ST-COMP-DECK) and
how a played card is written (ST-PLAY-CARD).
"""

from __future__ import annotations

import random
from importlib import resources

import pytest

from sonic_rules.core.errors import BoardError, InvalidActionError
from sonic_rules.super_teams import board as board_module
from sonic_rules.super_teams.board import MAX_NOTATION_CHARS, MAX_SPACES, Board, Loop, SpaceKind
from sonic_rules.super_teams.cards import Card, Colour, movement_deck


def _board_error(text: object) -> str:
    with pytest.raises(BoardError) as caught:
        Board.parse(text)  # type: ignore[arg-type]
    return str(caught.value)


def _built_board_error(spaces: object) -> str:
    with pytest.raises(BoardError) as caught:
        Board(spaces)  # type: ignore[arg-type]
    return str(caught.value)


def _card_error(text: object) -> str:
    with pytest.raises(InvalidActionError) as caught:
        Card.parse(text)  # type: ignore[arg-type]
    return str(caught.value)


# ST-BOARD-NOTATION: the error messages name the token, its number, line and column.


def test_st_board_notation_a_second_start_is_named_by_token_line_and_column() -> None:
    """ST-BOARD-NOTATION: ``S`` only once; the second is named with its own column."""
    assert _board_error("S . S") == (
        "token 3 'S' (line 1, column 5): the start 'S' must be the first space, and only once"
    )


def test_st_board_notation_lines_and_columns_are_counted_from_one() -> None:
    """ST-BOARD-NOTATION: the position of a bad token counts lines and columns from 1."""
    assert _board_error("S .\n  . r") == (
        "token 4 'r' (line 2, column 5): space tokens are upper case: write 'R'"
    )
    assert _board_error("S\n\n\n?") == (
        "token 2 '?' (line 4, column 1): unknown space; expected one of S . = B R X L R/X R/. X/."
    )


def test_st_board_notation_a_token_inside_an_earlier_one_gets_its_own_column() -> None:
    """ST-BOARD-NOTATION: a bad token that also appears inside an earlier token (``/``
    in ``R/X``) is named at its own column, not the earlier one's."""
    assert _board_error("S R/X . /") == (
        "token 4 '/' (line 1, column 9): unknown space; expected one of S . = B R X L R/X R/. X/."
    )


def test_st_board_notation_lower_case_tokens_are_refused_with_the_upper_case_form() -> None:
    """ST-BOARD-NOTATION: tokens are upper case; the error says what to write instead."""
    assert _board_error("S x/.") == (
        "token 2 'x/.' (line 1, column 3): space tokens are upper case: write 'X/.'"
    )
    assert _board_error("s") == (
        "token 1 's' (line 1, column 1): space tokens are upper case: write 'S'"
    )
    assert _board_error("S . l") == (
        "token 3 'l' (line 1, column 5): space tokens are upper case: write 'L'"
    )


def test_st_board_notation_an_unknown_token_lists_the_tokens_there_are() -> None:
    """ST-BOARD-NOTATION: a token that is no space, in any case, lists the valid ones."""
    assert _board_error("S . Q") == (
        "token 3 'Q' (line 1, column 5): unknown space; expected one of S . = B R X L R/X R/. X/."
    )
    assert _board_error("S q") == (
        "token 2 'q' (line 1, column 3): unknown space; expected one of S . = B R X L R/X R/. X/."
    )


def test_st_board_notation_a_long_token_is_named_by_its_first_twenty_characters() -> None:
    """ST-BOARD-NOTATION: an overlong bad token is quoted cut to 20 characters."""
    token = "Q" * 30
    assert _board_error(f"S {token}") == (
        f"token 2 {'Q' * 20!r} (line 1, column 3): unknown space; expected one of "
        "S . = B R X L R/X R/. X/."
    )


def test_st_board_notation_the_first_space_must_be_the_start() -> None:
    """ST-BOARD-NOTATION: ``S`` comes first; another first token is named."""
    assert _board_error(". S") == (
        "token 1 '.' (line 1, column 1): the first space must be the start 'S'"
    )


def test_st_board_notation_an_empty_board_needs_the_start() -> None:
    """ST-BOARD-NOTATION: notation with no token (only spacing and comments) is refused."""
    message = "the board is empty: it needs at least the start space 'S'"
    assert _board_error("") == message
    assert _board_error("   \n  # only a comment\n") == message


def test_st_board_notation_must_be_text() -> None:
    """ST-BOARD-NOTATION: notation is text; anything else is named by its type."""
    assert _board_error(5) == "board notation must be text, got int"
    assert _board_error(b"S") == "board notation must be text, got bytes"


def test_st_board_notation_a_comment_runs_to_the_end_of_its_line() -> None:
    """ST-BOARD-NOTATION: ``#`` starts a comment to the end of the line, however many
    ``#`` follow, and the next line is read again."""
    board = Board.parse("S . # a comment # with L and R in it\nR # more\n#\nL .")
    assert board.notation == "S . R L ."
    assert _board_error("S # one # two\n. Q") == (
        "token 3 'Q' (line 2, column 3): unknown space; expected one of S . = B R X L R/X R/. X/."
    )


def test_st_board_notation_double_spaces_read_in_either_order() -> None:
    """ST-BOARD-NOTATION: the doubles may be written either way round; the board writes
    them in the canonical order."""
    board = Board.parse("S X/R ./R ./X R/X R/. X/.")
    assert board.spaces == (
        SpaceKind.START,
        SpaceKind.RINGS_SPIKES,
        SpaceKind.RINGS_GRASS,
        SpaceKind.SPIKES_GRASS,
        SpaceKind.RINGS_SPIKES,
        SpaceKind.RINGS_GRASS,
        SpaceKind.SPIKES_GRASS,
    )
    assert str(board) == "S R/X R/. X/. R/X R/. X/."


def test_st_board_notation_at_most_max_spaces_tokens() -> None:
    """ST-BOARD-NOTATION: a board of exactly `MAX_SPACES` spaces is read; one more is not."""
    largest = "S" + " ." * (MAX_SPACES - 1)
    assert len(Board.parse(largest)) == MAX_SPACES
    assert _board_error(largest + " .") == (
        f"the board has {MAX_SPACES + 1:,} spaces; at most {MAX_SPACES:,}"
    )


def test_st_board_notation_at_most_max_notation_chars_characters() -> None:
    """ST-BOARD-NOTATION: notation of exactly `MAX_NOTATION_CHARS` characters is read;
    one more character is refused before any token is read."""
    longest = "S" + " " * (MAX_NOTATION_CHARS - 1)
    assert Board.parse(longest).notation == "S"
    assert _board_error(longest + " ") == (
        f"the notation has {MAX_NOTATION_CHARS + 1:,} characters; "
        f"at most {MAX_NOTATION_CHARS:,} are read"
    )


# ST-BOARD-NOTATION: a board built from spaces is held to the same rules.


def test_st_board_notation_a_board_built_from_spaces_is_a_tuple_of_at_most_max_spaces() -> None:
    """ST-BOARD-NOTATION: `Board` takes a tuple of at most `MAX_SPACES` spaces."""
    message = f"a board is a tuple of at most {MAX_SPACES:,} spaces"
    assert _built_board_error([SpaceKind.START, SpaceKind.GRASS]) == message
    largest = (SpaceKind.START,) + (SpaceKind.GRASS,) * (MAX_SPACES - 1)
    assert len(Board(largest)) == MAX_SPACES
    assert _built_board_error((*largest, SpaceKind.GRASS)) == message


def test_st_board_notation_a_board_built_from_spaces_names_the_bad_space() -> None:
    """ST-BOARD-NOTATION: the start first and only once, every entry a space; the error
    names the space's index."""
    assert _built_board_error(()) == "space 0: the board is empty"
    assert _built_board_error((SpaceKind.GRASS, SpaceKind.START)) == (
        "space 0: the first space must be the start"
    )
    assert _built_board_error((SpaceKind.START, SpaceKind.GRASS, SpaceKind.START)) == (
        "space 2: only the first space may be the start"
    )
    assert (
        _built_board_error((SpaceKind.START, SpaceKind.GRASS, "L")) == "space 2: not a space: 'L'"
    )
    with pytest.raises(BoardError) as caught:
        Board((SpaceKind.START, SpaceKind.START))
    error = caught.value
    assert error.where == "space 1"
    assert error.message == "only the first space may be the start"


# ST-LOOP-FALLBACK, ST-LOOP-PASS, ST-BONUS-DEXTERITY: where a loop sends a move.


def test_st_loop_fallback_a_one_space_loop_falls_back_to_the_space_behind() -> None:
    """ST-LOOP-FALLBACK: a single loop space is its own loop, from the normal space
    behind it to the one beyond; the spaces around it are in no loop."""
    board = Board.parse("S . L .")
    loop = Loop(first=2, last=2, fallback=1, beyond=3)
    assert [board.loop_at(i) for i in range(len(board))] == [None, None, loop, None]
    assert board.loops == (loop,)


def test_st_loop_pass_each_loop_space_belongs_to_its_own_loop_only() -> None:
    """ST-LOOP-PASS: a run of loop spaces is one loop; the spaces after it are in none."""
    board = Board.parse("S L L . . L L L = R")
    first = Loop(first=1, last=2, fallback=0, beyond=3)
    second = Loop(first=5, last=7, fallback=4, beyond=8)
    assert [board.loop_at(i) for i in range(len(board))] == [
        None,
        first,
        first,
        None,
        None,
        second,
        second,
        second,
        None,
        None,
    ]
    assert board.loops == (first, second)


def test_st_bonus_dexterity_a_loop_at_the_end_has_nothing_beyond_but_the_finish() -> None:
    """ST-BONUS-DEXTERITY: a loop ending the board has no normal space beyond it; a loop
    before the last space, a normal one, goes forward to it."""
    board = Board.parse("S . L L")
    end = Loop(first=2, last=3, fallback=1, beyond=None)
    assert [board.loop_at(i) for i in range(len(board))] == [None, None, end, end]
    assert board.loops == (end,)
    assert Board.parse("S L B").loop_at(1) == Loop(first=1, last=1, fallback=0, beyond=2)


def test_st_loop_fallback_rings_and_spikes_are_not_normal_spaces() -> None:
    """ST-LOOP-FALLBACK / ST-BONUS-DEXTERITY: only start, grass, bridge and bonus are
    normal; a loop falls back past rings, spikes and doubles to one."""
    board = Board.parse("S = R X R/X L L X/. R/. . X")
    assert board.loops == (Loop(first=5, last=6, fallback=1, beyond=9),)


# ST-SUPER-JUMP-SPACE: the next space ahead with rings.


def test_st_super_jump_space_next_rings_counts_the_last_space() -> None:
    """ST-SUPER-JUMP-SPACE: rings on the last space are ahead of every earlier space."""
    board = Board.parse("S . R")
    assert [board.next_rings(i) for i in range(len(board))] == [2, 2, None]


def test_st_super_jump_space_nothing_ahead_of_the_last_rings() -> None:
    """ST-SUPER-JUMP-SPACE: from the rings space nearest the finish there is no rings
    ahead, whatever lies behind; a rings half counts, a spikes/grass double does not."""
    board = Board.parse("S R . X/. R/. X")
    assert [board.next_rings(i) for i in range(len(board))] == [1, 4, 4, 4, None, None]
    board = Board.parse("S R/X .")
    assert [board.next_rings(i) for i in range(len(board))] == [1, None, None]


# The shipped board.


def test_st_board_notation_the_shipped_board_is_read_from_the_package_data(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ST-BOARD-NOTATION: `Board.default` reads ``data/green_hill.txt`` the first time it
    is asked (the kept copy is emptied here so the read happens), then keeps it."""
    monkeypatch.setattr(board_module, "_DEFAULT", [])
    shipped = resources.files("sonic_rules.super_teams").joinpath("data/green_hill.txt")
    expected = Board.parse(shipped.read_text(encoding="utf-8"))
    board = Board.default()
    assert isinstance(board, Board)
    assert board == expected
    assert Board.default() is board
    assert len(board) == 52
    assert board[0] is SpaceKind.START
    assert [(loop.first, loop.last) for loop in board.loops] == [
        (11, 13),
        (26, 29),
        (41, 43),
        (48, 50),
    ]


# ST-COMP-DECK: the movement cards, their order and how they are built.


_CANONICAL_ORDER = [
    f"{colour}-{value}" for colour in ("blue", "red", "black", "yellow") for value in range(1, 7)
] + ["special"]


def test_st_comp_deck_cards_sort_by_colour_then_value_with_the_special_card_last() -> None:
    """ST-COMP-DECK: the canonical card order is blue, red, black, yellow, each 1 to 6,
    then the special card, however the cards come."""
    cards = [Card(colour, value) for colour in Colour for value in range(1, 7)]
    cards.append(Card(None, 0))
    random.Random(7).shuffle(cards)
    assert [str(card) for card in sorted(cards)] == _CANONICAL_ORDER
    assert [str(card) for card in sorted(reversed(cards))] == _CANONICAL_ORDER
    assert Card(Colour.YELLOW, 6) < Card(None, 0)
    assert Card(Colour.BLUE, 6) < Card(Colour.RED, 1)
    assert Card(Colour.BLUE, 1) < Card(Colour.BLUE, 2)
    assert not Card(Colour.RED, 1) < Card(Colour.BLUE, 6)


def test_st_comp_deck_a_card_is_not_before_itself() -> None:
    """ST-COMP-DECK: the order is strict: a card is neither before nor after an equal one."""
    for card in (Card(Colour.BLUE, 3), Card(None, 0), Card(Colour.YELLOW, 6)):
        same = Card(card.colour, card.value)
        assert not card < same
        assert not card > same
        assert card <= same
        assert card >= same


def test_st_comp_deck_the_deck_is_sorted_with_two_of_each_and_one_special() -> None:
    """ST-COMP-DECK: 49 cards with four colours, 37 with three, in the canonical order."""
    deck = movement_deck(tuple(Colour))
    assert len(deck) == 49
    assert [str(card) for card in deck] == [
        text for text in _CANONICAL_ORDER[:-1] for _ in range(2)
    ] + ["special"]
    three = movement_deck((Colour.YELLOW, Colour.BLUE, Colour.BLACK))
    assert len(three) == 37
    assert str(three[0]) == "blue-1"
    assert str(three[-2]) == "yellow-6"
    assert three[-1].is_special


def test_st_comp_deck_the_special_card_is_the_colourless_zero() -> None:
    """ST-COMP-DECK: the one special card has no colour and value 0; built by hand it is
    the same card as `Card.special`."""
    built = Card(None, 0)
    assert built == Card.special()
    assert built.is_special
    assert str(built) == "special"
    assert repr(built) == "Card.parse('special')"


def test_st_comp_deck_no_other_card_is_built() -> None:
    """ST-COMP-DECK: a card is a colour with a value 1 to 6, or the special card; any
    other pair is refused, named in full."""
    cases: list[tuple[object, object]] = [
        (None, 1),
        (None, 6),
        (Colour.BLUE, 0),
        (Colour.BLUE, 7),
        (None, 0.0),
        (Colour.RED, 3.0),
    ]
    for colour, value in cases:
        with pytest.raises(InvalidActionError) as caught:
            Card(colour, value)  # type: ignore[arg-type]
        assert str(caught.value) == (
            f"not a card: colour {colour!r}, value {value!r} "
            "(a Colour and an integer 1 to 6, or the special card)"
        )


# ST-PLAY-CARD: how a played card is written.


def test_st_play_card_cards_are_written_with_a_dash_or_a_space() -> None:
    """ST-PLAY-CARD: ``blue-4``, ``blue 4``, leading zeros and any case name the same card."""
    blue_four = Card(Colour.BLUE, 4)
    assert Card.parse("blue 4") == blue_four
    assert Card.parse("  Blue 4 ") == blue_four
    assert Card.parse("blue-04") == blue_four
    assert Card.parse("BLUE-004") == blue_four
    assert Card.parse("yellow 6") == Card(Colour.YELLOW, 6)
    assert Card.parse(" Special ") == Card(None, 0)
    assert repr(Card.parse("black 2")) == "Card.parse('black-2')"


def test_st_play_card_a_value_out_of_range_is_refused() -> None:
    """ST-PLAY-CARD: the value is 1 to 6 exactly; a missing, trailing-zero, too large or
    extra part is refused with the card quoted."""
    for text in ("blue", "blue-", "blue-0", "blue-40", "blue-9", "blue-7", "blue-4-4", "red 1 1"):
        assert _card_error(text) == f"unknown card {text!r}: the value must be 1 to 6"


def test_st_play_card_an_unknown_colour_is_named() -> None:
    """ST-PLAY-CARD: a card of no colour in play is refused naming the colour read."""
    assert _card_error("green-4") == "unknown card 'green-4': no colour 'green'"
    assert _card_error("Pink 2") == "unknown card 'Pink 2': no colour 'pink'"


def test_st_play_card_long_bad_text_is_quoted_cut_short() -> None:
    """ST-PLAY-CARD: the card text is quoted up to 40 characters, the colour up to 20."""
    text = "x" * 50
    assert _card_error(text) == f"unknown card {'x' * 40!r}: no colour {'x' * 20!r}"
    text = "blue-" + "9" * 50
    assert _card_error(text) == f"unknown card {text[:40]!r}: the value must be 1 to 6"


def test_st_play_card_a_card_must_be_written_as_text() -> None:
    """ST-PLAY-CARD: anything but text (or a card) is refused, shown as given."""
    assert _card_error(4) == "a card is written like 'blue-4', got 4"
    assert _card_error(None) == "a card is written like 'blue-4', got None"
    card = Card(Colour.RED, 2)
    assert Card.parse(card) == card  # type: ignore[arg-type]
