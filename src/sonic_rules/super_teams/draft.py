"""The draft an action works on: a `State`'s fields under their own names, worked on.

`Draft` is Super Teams' `sonic_rules.core.update.Draft`: every field is written whole
(the piles and hands are tuples, replaced by `piles`' functions), built back into a
`State` by `Draft.freeze`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sonic_rules.core import update
from sonic_rules.super_teams.board import Board
from sonic_rules.super_teams.cards import BonusKind, Card, Character
from sonic_rules.super_teams.options import Options
from sonic_rules.super_teams.phases import PHASES, Phase
from sonic_rules.super_teams.state import PendingMove, Piece, State


class Draft(
    update.Draft,
    state_type=State,
    machine=PHASES,
    carry=("seat_colours", "colours_in_play", "_holder"),
):
    """The new state an action builds (`sonic_rules.core.update`). The seating a state
    worked out stays: it depends only on the players and the options, which no action
    changes."""

    __slots__ = ()

    original: State
    players: int
    board: Board
    options: Options
    phase: Phase
    turn: int
    pieces: tuple[Piece, ...]
    hands: tuple[tuple[Card, ...], ...]
    bonus_hands: tuple[tuple[BonusKind, ...], ...]
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    bonus_deck: tuple[BonusKind, ...]
    bonus_discard: tuple[BonusKind, ...]
    deal_next: int
    specials_owed: int
    bonus_queue: tuple[int, ...]
    bonus_for: Character | None
    jumper: int | None
    pending: PendingMove | None
    turns_played: int

    if TYPE_CHECKING:

        def freeze(self) -> State:
            """The state this draft now describes (`update.Draft.freeze`)."""
