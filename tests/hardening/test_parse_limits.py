"""Board notation, card names and tile catalogues: documented size limits checked before
any work, linear-time parsing, and only the library's errors for any input.

Regression tests for the hardening issue's examples: ``Board.parse`` was quadratic in
runs of loop spaces (16,000 spaces: 21 s) and accepted lower-case tokens;
``Card.parse("blue-²")`` raised ``ValueError`` from ``int()``; ``load_tiles(b"{}")``
raised ``TypeError``; ``load_tiles`` grew as n^1.6.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from sonic_rules import BoardError, InvalidActionError
from sonic_rules.crash_course.tiles import (
    MAX_ID_CHARS,
    MAX_SHORTCUT_TILES,
    MAX_TRACK_TILES,
    default_catalogue,
    load_tiles,
)
from sonic_rules.super_teams.board import MAX_NOTATION_CHARS, MAX_SPACES, Board, SpaceKind
from sonic_rules.super_teams.cards import Card, Colour


def _seconds(function: Callable[..., object], *args: object) -> float:
    started = time.perf_counter()
    with contextlib.suppress(BoardError, InvalidActionError):
        function(*args)
    return time.perf_counter() - started


# ----- Super Teams board notation -----------------------------------------------------------


def test_st_board_notation_refuses_lower_case_tokens() -> None:
    """ST-BOARD-NOTATION: the tokens are S . = B R X L and the doubles, in upper case."""
    for token, upper in (("r", "R"), ("x/.", "X/."), ("l", "L"), ("r/x", "R/X")):
        with pytest.raises(BoardError, match=f"upper case: write '{upper}'") as error:
            Board.parse(f"S . {token} .")
        assert error.value.where == f"token 3 '{token}' (line 1, column 5)"
    with pytest.raises(BoardError, match="token 1 's'"):
        Board.parse("s . R")


def test_st_board_notation_of_16000_loop_spaces_is_refused_at_once() -> None:
    """The issue's 21-second board: over the documented limit, refused in milliseconds."""
    text = "S " + "L X " * 8000
    with pytest.raises(BoardError, match=f"at most {MAX_SPACES:,}"):
        Board.parse(text)
    assert _seconds(Board.parse, text) < 0.5


def test_st_board_notation_over_the_character_limit_is_refused_before_reading() -> None:
    with pytest.raises(BoardError, match=f"at most {MAX_NOTATION_CHARS:,}"):
        Board.parse("S" + " " * MAX_NOTATION_CHARS)


def test_st_board_of_the_largest_size_with_many_loops_parses_in_linear_time() -> None:
    """Loops separated by spikes made each loop look back to the start: quadratic."""
    largest = "S " + "L X " * ((MAX_SPACES - 1) // 2)
    board = Board.parse(largest)
    assert len(board) == 1 + 2 * ((MAX_SPACES - 1) // 2)
    assert board.loop_at(len(board) - 2) is not None
    assert board.loop_at(len(board) - 2).fallback == 0  # type: ignore[union-attr]
    assert _seconds(Board.parse, largest) < 0.5


def test_st_board_loops_keep_their_fallback_and_beyond() -> None:
    """ST-LOOP-FALLBACK: the linear pass finds the same spaces as the rule says."""
    board = Board.parse("S . L L X L = R")
    first, second = board.loops
    assert (first.first, first.last, first.fallback, first.beyond) == (2, 3, 1, 6)
    assert (second.first, second.last, second.fallback, second.beyond) == (5, 5, 1, 6)
    assert Board.parse("S L").loops[0].beyond is None


def test_st_board_built_from_too_many_spaces_is_refused() -> None:
    with pytest.raises(BoardError):
        Board((SpaceKind.START,) + (SpaceKind.GRASS,) * MAX_SPACES)


# ----- Super Teams card names ---------------------------------------------------------------


@pytest.mark.parametrize("text", ["blue-²", "blue-٣", "blue-0", "blue-7", "blue-", "blue-x"])
def test_card_parse_refuses_values_that_are_not_ascii_1_to_6(text: str) -> None:
    with pytest.raises(InvalidActionError, match="the value must be 1 to 6"):
        Card.parse(text)


def test_card_parse_still_reads_written_cards() -> None:
    assert Card.parse("Blue 04") == Card(Colour.BLUE, 4)
    assert Card.parse(" red-6 ") == Card(Colour.RED, 6)
    assert Card.parse("blue-" + "0" * 5000 + "3") == Card(Colour.BLUE, 3)


# ----- Crash Course tile catalogues ---------------------------------------------------------


def _catalogue_text(tracks: int, shortcuts: int) -> str:
    tiles = [
        {"id": f"t{i}", "kind": "straight", "turn": "straight", "rows": ["...", "...", "..."]}
        for i in range(tracks)
    ]
    tiles[0]["kind"], tiles[1]["kind"] = "start-line", "start"
    loops = [{"id": f"s{i}", "kind": "loop"} for i in range(shortcuts)]
    return json.dumps({"tiles": tiles, "shortcuts": loops})


def test_load_tiles_of_bytes_is_a_board_error_not_a_type_error() -> None:
    with pytest.raises(BoardError, match="missing field"):
        load_tiles(b"{}")
    assert load_tiles(json.dumps(default_catalogue().to_data()).encode()).sha256() == (
        default_catalogue().sha256()
    )


def test_load_tiles_of_a_wrong_type_is_a_type_error_naming_the_parameter() -> None:
    for junk in (None, 5, ["tiles"]):
        with pytest.raises(TypeError, match="text_or_path"):
            load_tiles(junk)  # type: ignore[arg-type]


def test_load_tiles_refuses_deep_nesting_and_huge_numbers() -> None:
    with pytest.raises(BoardError, match="nested deeper"):
        load_tiles('{"tiles": ' + "[" * 5000 + "]" * 5000 + "}")
    with pytest.raises(BoardError, match="digits"):
        load_tiles('{"tiles": [' + "3" * 5000 + "]}")


def test_load_tiles_refuses_more_tiles_than_the_limits() -> None:
    with pytest.raises(BoardError, match=f"at most {MAX_TRACK_TILES} track tiles"):
        load_tiles(_catalogue_text(MAX_TRACK_TILES + 1, 1))
    with pytest.raises(BoardError, match=f"at most {MAX_SHORTCUT_TILES} shortcut tiles"):
        load_tiles(_catalogue_text(3, MAX_SHORTCUT_TILES + 1))
    long_id = _catalogue_text(3, 1).replace('"s0"', json.dumps("s" * (MAX_ID_CHARS + 1)))
    with pytest.raises(BoardError, match=f"at most {MAX_ID_CHARS} characters"):
        load_tiles(long_id)


def test_load_tiles_of_the_largest_catalogue_is_fast() -> None:
    """Duplicate ids were found by comparing each id with every earlier one."""
    text = _catalogue_text(MAX_TRACK_TILES, MAX_SHORTCUT_TILES)
    assert len(load_tiles(text).tiles) == MAX_TRACK_TILES
    assert _seconds(load_tiles, text) < 0.5


def test_load_tiles_of_text_that_is_no_path_is_a_board_error(tmp_path: Path) -> None:
    for text in ("x" * 10_000, "a\0b", str(tmp_path)):
        with pytest.raises(BoardError):
            load_tiles(text)
    bad = tmp_path / "tiles.json"
    bad.write_bytes(b'{"tiles": "\xff"}')
    with pytest.raises(BoardError, match="UTF-8"):
        load_tiles(bad)
