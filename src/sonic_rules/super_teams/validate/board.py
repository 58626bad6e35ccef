"""The pieces on the board of a consistent state: one per character in play, each where
a character can stand.
"""

from __future__ import annotations

from sonic_rules.core.errors import InvalidStateError
from sonic_rules.super_teams.board import SpaceKind
from sonic_rules.super_teams.cards import Character
from sonic_rules.super_teams.phases import Phase
from sonic_rules.super_teams.state import State


def check_pieces(state: State, characters: list[Character]) -> None:
    """One piece per character in play, in character order, each on a space of the board
    (or across the line), on a half of a double space, never in a loop."""
    finish = len(state.board)
    if len(state.pieces) != len(characters):
        raise InvalidStateError(
            f"expected {len(characters)} pieces, one per character in play", "$.pieces"
        )
    pending = state.pending
    choosing = (
        pending.character if state.phase is Phase.CHOOSE_HALF and pending is not None else None
    )
    for index, (piece, character) in enumerate(zip(state.pieces, characters, strict=True)):
        if piece.character is not character:
            raise InvalidStateError(
                f"expected {character.value} here (pieces in character order)",
                f"$.pieces[{index}].character",
            )
        position, half = piece.position, piece.half
        if not 0 <= position <= finish:
            raise InvalidStateError(
                f"position must be 0..{finish} ({finish} means across)",
                f"$.pieces[{index}].position",
            )
        if position >= finish:
            if half is not None:
                raise InvalidStateError(
                    "a character across the line stands on no half", f"$.pieces[{index}].half"
                )
            continue
        space = state.board[position]
        halves = space.halves
        if halves is None and half is not None:
            raise InvalidStateError(
                f"space {position} is not a double space", f"$.pieces[{index}].half"
            )
        if halves is not None and half is None and choosing is not character:
            raise InvalidStateError(
                f"space {position} is a double space: a half is needed", f"$.pieces[{index}].half"
            )
        if halves is not None and half is not None and half not in halves:
            raise InvalidStateError(
                f"space {position} has no {half} half", f"$.pieces[{index}].half"
            )
        if space is SpaceKind.LOOP:
            raise InvalidStateError(
                "a character never stands in a loop", f"$.pieces[{index}].position"
            )
