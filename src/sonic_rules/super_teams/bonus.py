"""Bonus cards: the bonus queue (the special card's round, a bonus space), a card taken,
and Super Jump, which is played at once.

The bonus queue itself, and where a round ends, are in `turn` (`turn.run_bonus_queue`).
"""

from __future__ import annotations

from sonic_rules.super_teams import events as ev
from sonic_rules.super_teams.actions import ChooseJumper, DrawBonus
from sonic_rules.super_teams.cards import Character
from sonic_rules.super_teams.draft import Draft
from sonic_rules.super_teams.legality import jump_candidates
from sonic_rules.super_teams.members import RINGS, SUPER_JUMP
from sonic_rules.super_teams.piles import replace_at, with_bonus, without
from sonic_rules.super_teams.state import Piece, piece_index
from sonic_rules.super_teams.turn import run_bonus_queue


def draw_bonus(d: Draft, action: DrawBonus) -> None:
    """Chance gives the first seat in the bonus queue the top bonus card."""
    seat, kind = action.seat, action.kind
    d.events.append(ev.made_event(ev.BonusCardTaken, seat, kind))
    d.bonus_deck = without(d.bonus_deck, kind)
    d.bonus_queue = d.bonus_queue[1:]
    if kind is not SUPER_JUMP:
        d.bonus_hands = replace_at(d.bonus_hands, seat, with_bonus(d.bonus_hands[seat], kind))
        run_bonus_queue(d)
        return
    # ST-SUPER-JUMP: never held, played at once, then discarded.
    d.bonus_discard = with_bonus(d.bonus_discard, kind)
    if d.bonus_for is not None:
        super_jump(d, d.bonus_for)  # ST-SUPER-JUMP-SPACE
        run_bonus_queue(d)
        return
    if not jump_candidates(d.original, seat):
        d.events.append(ev.SuperJumpUnused(seat))
        run_bonus_queue(d)
        return
    # ST-SUPER-JUMP-SPECIAL, ST-P-SPECIAL-JUMP-CHOICE: always the taker's choice.
    d.jumper = seat
    d.goto("super_jump_drawn")


def choose_jumper(d: Draft, action: ChooseJumper) -> None:
    """ST-SUPER-JUMP-SPECIAL: the taker's chosen character jumps."""
    d.jumper = None
    super_jump(d, action.character)
    run_bonus_queue(d)


def super_jump(d: Draft, character: Character) -> None:
    """``character`` jumps to the next rings space ahead (ST-SUPER-JUMP-NO-TRIGGER: it
    lands on rings, the rings half of a double, and nothing else happens there)."""
    state = d.original  # the pieces as the action found them: nothing moved yet
    piece = state.piece(character)
    target = state.board.next_rings(piece.position)
    if target is None:
        d.events.append(ev.SuperJumped(character, piece.position, None, None))
        return
    half = RINGS if state.board[target].is_double else None
    d.events.append(ev.SuperJumped(character, piece.position, target, half))
    d.pieces = replace_at(
        state.pieces, piece_index(state, character), Piece(character, target, half)
    )
