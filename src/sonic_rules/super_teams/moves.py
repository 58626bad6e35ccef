"""A turn's move: the movement card played, the bonus cards the holder and partner add
(or their passes), and the move resolved (loops, crossing, the space it stops on)."""

from __future__ import annotations

from sonic_rules.core.interning import made_once
from sonic_rules.core.update import replace_fields
from sonic_rules.super_teams import events as ev
from sonic_rules.super_teams.actions import ChooseHalf, Pass, Play, PlayBonus
from sonic_rules.super_teams.board import Surface
from sonic_rules.super_teams.cards import BonusKind, Character
from sonic_rules.super_teams.draft import Draft
from sonic_rules.super_teams.members import (
    BONUS_SPACE,
    DEXTERITY,
    DOUBLE_SPACES,
    RINGS,
    SHIELD,
    SPEED,
    SPIKES,
    SUPERBONUS,
)
from sonic_rules.super_teams.piles import replace_at, with_bonus, with_card, without, without_card
from sonic_rules.super_teams.state import PendingMove, Piece, piece_index
from sonic_rules.super_teams.turn import end_turn, run_bonus_queue

_made = made_once(10_000, "super-teams pieces and moves")
"""The one `Piece` or `PendingMove` with these fields, all exact: an action's, seats of
the table, and a piece's character and position checked where a move resolves."""


def move_value(card_value: int, surface: Surface, bonuses: tuple[BonusKind, ...]) -> int:
    """The number of spaces a move covers.

    ST-VALUE-NORMAL: the card's value; ST-VALUE-RINGS: doubled; ST-VALUE-SPIKES: 1.
    ST-BONUS-SPEED adds 1 before doubling, ST-BONUS-SUPERBONUS doubles, ST-BONUS-SHIELD
    restores the normal value on spikes.
    """
    if surface is SPIKES and SHIELD not in bonuses:
        return 1
    value = card_value + bonuses.count(SPEED)
    if surface is RINGS:
        value *= 2
    doublings: int = bonuses.count(SUPERBONUS)
    return value * (1 << doublings)


def play(d: Draft, action: Play) -> None:
    """ST-PLAY-CARD: the card goes to the discard pile and the move waits for responses."""
    seat, card, character = action.seat, action.card, action.character
    colour = character.colour
    d.events.append(ev.made_event(ev.CardPlayed, seat, card, character, colour is not card.colour))
    state = d.original
    holder = state.holder(colour)
    partner = state.partner(holder)
    bonus_hands = d.bonus_hands
    # ST-P-RESPONSE-EMPTY: a seat with no bonus card at all is not asked.
    responders: tuple[int, ...] = (holder,) if bonus_hands[holder] else ()
    if partner is not None and bonus_hands[partner]:
        responders += (partner,)
    d.pending = pending = _made(PendingMove, seat, card, character, responders, ())
    d.hands = replace_at(d.hands, seat, without_card(d.hands[seat], card))
    d.discard = with_card(d.discard, card)
    if responders:
        d.goto("card_played")  # ST-RESPONSE-WINDOW
        return
    resolve_move(d, pending)


def play_bonus(d: Draft, action: PlayBonus) -> None:
    """ST-RESPONSE-MUST-APPLY: the bonus card joins the move; the mover cannot refuse it."""
    pending = d.pending
    assert pending is not None
    seat, kind = action.seat, action.kind
    d.events.append(ev.made_event(ev.BonusPlayed, seat, kind))
    # ST-RESPONSE-ONE-CARD, unless ST-OPT-SECOND-BONUS lets the partner add one.
    rest = pending.responders[1:] if d.options.partner_second_bonus else ()
    move = PendingMove(
        pending.seat, pending.card, pending.character, rest, (*pending.bonuses, kind)
    )
    d.pending = move
    d.bonus_hands = replace_at(d.bonus_hands, seat, without(d.bonus_hands[seat], kind))
    d.bonus_discard = with_bonus(d.bonus_discard, kind)  # ST-BONUS-DISCARD
    if rest:
        d.goto("next_responder")
        return
    resolve_move(d, move)


def pass_(d: Draft, action: Pass) -> None:
    """ST-RESPONSE-WINDOW: the seat asked plays no bonus card; the next is asked, or the
    move resolves."""
    pending = d.pending
    assert pending is not None
    d.events.append(ev.made_event(ev.Passed, action.seat))
    rest = pending.responders[1:]
    if rest:
        d.pending = PendingMove(
            pending.seat, pending.card, pending.character, rest, pending.bonuses
        )
        d.goto("next_responder")
        return
    resolve_move(d, pending)  # every way a move resolves sets the pending move anew


def resolve_move(d: Draft, move: PendingMove) -> None:
    """The move resolves: the character covers `move_value` spaces, then the space it
    reaches decides what follows."""
    state = d.original  # the pieces as the action found them: nothing moved yet
    character = move.character
    index = piece_index(state, character)
    piece = state.pieces[index]
    surface = state.surface_under(piece)
    value = move_value(move.card.value, surface, move.bonuses)
    board = state.board
    finish = len(board.spaces)
    start = piece.position
    if not (type(start) is int and type(character) is Character and type(surface) is Surface):
        # They go into the keys of the tables: a state built by hand is named instead.
        raise TypeError(f"{character!r} at {start!r} on {surface!r}: a state built by hand")
    target = start + value
    d.events.append(ev.made_event(ev.Moved, character, start, min(target, finish), value, surface))
    destination: int = finish  # ST-SHARED-SPACES: no space is ever too full
    if target < finish:
        loop = board.loop_at(target)
        if loop is None:
            destination = target  # ST-LOOP-PASS when a loop lay between
        elif DEXTERITY in move.bonuses:
            destination = finish if loop.beyond is None else loop.beyond
            d.events.append(ev.ThroughLoop(character, target, loop.beyond))
        else:
            destination = loop.fallback  # ST-LOOP-FALLBACK
            d.events.append(ev.FellBack(character, target, destination))
    d.pieces = replace_at(state.pieces, index, _made(Piece, character, destination, None))
    if destination >= finish:
        _cross(d, character)
        return
    space = board.spaces[destination]
    if space in DOUBLE_SPACES:
        d.pending = PendingMove(move.seat, move.card, character, (), move.bonuses)
        d.goto("move_stops_on_double")
        return
    if space is BONUS_SPACE:
        # ST-BONUS-SPACE: the colour's holder takes the top bonus card.
        d.pending = None
        d.bonus_queue = (state.holder(character.colour),)
        d.bonus_for = character
        run_bonus_queue(d)
        return
    end_turn(d)


def _cross(d: Draft, character: Character) -> None:
    """ST-CROSSING: the character is across; ST-WIN: its side wins once all of it is."""
    state = d.original
    d.events.append(ev.Crossed(character))
    side = state.side_of(state.holder(character.colour))
    # Asked of the pieces after the move (a crossing is rare: a state just for it).
    if replace_fields(state, {"pieces": d.pieces}).side_is_across(side):
        d.events.append(ev.SideWon(state.side_seats(side)))
        d.pending = None
        d.goto("side_across")
        return
    end_turn(d)


def choose_half(d: Draft, action: ChooseHalf) -> None:
    """ST-DOUBLE-HALF: the card's player puts the character on one half of the space."""
    pending = d.pending
    assert pending is not None
    d.events.append(ev.HalfChosen(pending.character, action.half))
    state = d.original
    index = piece_index(state, pending.character)
    piece = state.pieces[index]
    d.pieces = replace_at(state.pieces, index, Piece(piece.character, piece.position, action.half))
    end_turn(d)
