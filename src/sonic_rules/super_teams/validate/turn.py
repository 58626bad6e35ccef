"""The turn's bookkeeping in a consistent state: seats in range, the move in progress and
the bonus cards asked for it, what each phase waits for, the deal, the special cards'
bonus rounds, and the end of the game.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from sonic_rules.core.errors import InvalidStateError
from sonic_rules.super_teams.cards import BonusKind, Card, Character, holds_card
from sonic_rules.super_teams.legality import jump_candidates, movable_characters
from sonic_rules.super_teams.phases import Phase
from sonic_rules.super_teams.state import HAND_SIZE, PendingMove, State


def check_counters(state: State) -> None:
    """Seats in range, counts not negative."""
    players = state.players
    for name in ("turn", "deal_next"):
        if not 0 <= getattr(state, name) < players:
            raise InvalidStateError(f"must be a seat 0..{players - 1}", f"$.{name}")
    if state.jumper is not None and not 0 <= state.jumper < players:
        raise InvalidStateError(f"must be a seat 0..{players - 1}", "$.jumper")
    for index, seat in enumerate(state.bonus_queue):
        if not 0 <= seat < players:
            raise InvalidStateError(f"must be a seat 0..{players - 1}", f"$.bonus_queue[{index}]")
    if state.specials_owed < 0:
        raise InvalidStateError("cannot be negative", "$.specials_owed")
    if state.turns_played < 0:
        raise InvalidStateError("cannot be negative", "$.turns_played")


def check_pending(state: State, characters: list[Character]) -> None:
    """A move in progress exactly while the phase waits on one (a bonus response, a
    choice of half): the turn player's, of a character in play that its card can move,
    asking the colour's holder, then the partner, for bonus cards."""
    phase = state.phase
    pending = state.pending
    needs_pending = phase in (Phase.RESPONSE, Phase.CHOOSE_HALF)
    if needs_pending != (pending is not None):
        raise InvalidStateError(
            f"a move in progress is {'required' if needs_pending else 'impossible'} "
            f"in phase {phase.value}",
            "$.pending",
        )
    if pending is None:
        return
    if not 0 <= pending.seat < state.players:
        raise InvalidStateError("must be a seat", "$.pending.seat")
    if pending.seat != state.turn:
        raise InvalidStateError("the move in progress is the turn player's", "$.pending.seat")
    if pending.character not in characters:
        raise InvalidStateError("not a character in play", "$.pending.character")
    if state.has_crossed(pending.character):
        raise InvalidStateError("a character across the line is never moved", "$.pending.character")
    holder = state.holder(pending.character.colour)
    partner = state.partner(holder)
    asked = (holder,) if partner is None else (holder, partner)
    in_order = tuple(seat for seat in asked if seat in pending.responders)
    if pending.responders != in_order:
        raise InvalidStateError(
            "only the colour's holder, then the partner, are asked", "$.pending.responders"
        )
    _check_pending_play(state, pending)
    _check_responders(state, pending, asked)
    if phase is Phase.CHOOSE_HALF:
        piece = state.piece(pending.character)
        if piece.position >= len(state.board) or not state.board[piece.position].is_double:
            raise InvalidStateError("the character is not on a double space", "$.pending.character")


def _bonuses_allowed(state: State) -> int:
    """ST-OPT-SECOND-BONUS: how many bonus cards one move can take."""
    return 2 if state.options.partner_second_bonus else 1


def _check_pending_play(state: State, pending: PendingMove) -> None:
    """The card and bonus cards of the move in progress are in the discard piles, the
    card can move the character."""
    allowed = _bonuses_allowed(state)
    if len(pending.bonuses) > allowed or BonusKind.SUPER_JUMP in pending.bonuses:
        raise InvalidStateError(
            f"at most {allowed} bonus card(s), never Super Jump", "$.pending.bonuses"
        )
    if pending.card.is_special:
        raise InvalidStateError("the special card is never played", "$.pending.card")
    if pending.card not in state.discard:
        raise InvalidStateError("the card played is in the discard pile", "$.pending.card")
    if pending.character not in movable_characters(state, pending.card.colour):
        raise InvalidStateError(
            "the card cannot move this character (ST-CHARACTER-COLOUR, ST-COLOUR-FALLBACK)",
            "$.pending.character",
        )
    if Counter(pending.bonuses) - Counter(state.bonus_discard):
        raise InvalidStateError(
            "the bonus cards played are in the bonus discard pile", "$.pending.bonuses"
        )


def _check_responders(state: State, pending: PendingMove, asked: tuple[int, ...]) -> None:
    """The seats still to answer (of those ``asked``) are asked once, only while a bonus
    card can still be added, and each holds one."""
    phase, allowed = state.phase, _bonuses_allowed(state)
    if len(pending.bonuses) > len(asked) - len(pending.responders):
        raise InvalidStateError(
            "a seat that played a bonus card on this move is not asked again", "$.pending"
        )
    if phase is Phase.RESPONSE and len(pending.bonuses) >= allowed:
        raise InvalidStateError(
            "no seat is asked once the move has all its bonus cards", "$.pending.responders"
        )
    if phase is Phase.RESPONSE and not pending.responders:
        raise InvalidStateError("a bonus response needs a seat to ask", "$.pending.responders")
    for index, seat in enumerate(pending.responders):
        if not 0 <= seat < state.players:
            raise InvalidStateError("must be a seat", f"$.pending.responders[{index}]")
        if not state.bonus_hands[seat]:
            raise InvalidStateError(
                "a seat with no bonus card is not asked", f"$.pending.responders[{index}]"
            )


def check_phase(state: State, characters: list[Character]) -> None:
    """What each phase waits for is there, and what belongs to other phases is not; the
    game is over exactly when it ends; the deal, the special cards' bonus rounds and a
    bonus space's card as their rules give them."""
    phase = state.phase
    if (phase is Phase.BONUS_DRAW) != bool(
        state.bonus_queue
    ) and phase is not Phase.SUPER_JUMP_TARGET:
        raise InvalidStateError("a bonus queue goes with the bonus-draw phase", "$.bonus_queue")
    if phase is Phase.BONUS_DRAW and not state.bonus_deck:
        raise InvalidStateError("a bonus draw needs a card in the bonus deck", "$.bonus_deck")
    if phase is Phase.DEAL and not state.deck:
        raise InvalidStateError("a deal needs a card in the deck", "$.deck")
    if (phase is Phase.SUPER_JUMP_TARGET) != (state.jumper is not None):
        raise InvalidStateError(
            "a Super Jump chooser goes with the super-jump-target phase", "$.jumper"
        )
    if state.bonus_for is not None and state.bonus_for not in characters:
        raise InvalidStateError("not a character in play", "$.bonus_for")
    _check_game_over(state)
    if phase is Phase.PLAY and not state.hands[state.turn]:
        raise InvalidStateError("the seat to play holds no card", "$.hands")
    _check_hand_sizes(state)
    if state.specials_owed and phase is not Phase.DEAL:
        raise InvalidStateError(
            "a special card's replacement is owed only during a deal", "$.specials_owed"
        )
    _check_specials_owed(state)
    _check_bonus_queue(state)
    if phase is Phase.DEAL and len(state.hands[state.deal_next]) >= HAND_SIZE:
        raise InvalidStateError(
            "the next card of a deal goes to a hand that is not full", "$.deal_next"
        )
    _check_bonus_space(state)
    if state.jumper is not None and not jump_candidates(state, state.jumper):
        raise InvalidStateError("this seat has no character to Super Jump", "$.jumper")


def _check_game_over(state: State) -> None:
    """ST-OPT-TURN-LIMIT: the count never passes the limit; the game is over exactly when
    one side is all across or the limit is reached."""
    limit = state.options.turn_limit
    if limit is not None and state.turns_played > limit:
        raise InvalidStateError(f"more turns than the turn limit of {limit}", "$.turns_played")
    across = any(state.side_is_across(side) for side in range(state.sides))
    over = across or (limit is not None and state.turns_played >= limit)
    if over != (state.phase is Phase.GAME_OVER):
        raise InvalidStateError(
            "the game is over exactly when one side is all across or the turn limit is "
            "reached (ST-OPT-TURN-LIMIT)",
            "$.phase",
        )


def _check_bonus_space(state: State) -> None:
    """A bonus space's card is drawn during the bonus draw, for a character on a bonus
    space, by its colour's holder alone."""
    character = state.bonus_for
    if character is None:
        return
    if state.phase is not Phase.BONUS_DRAW:
        raise InvalidStateError(
            "a bonus space is drawn for only in the bonus-draw phase", "$.bonus_for"
        )
    piece = state.piece(character)
    if piece.position >= len(state.board) or state.board[piece.position].value != "B":
        raise InvalidStateError("the character is not on a bonus space", "$.bonus_for")
    if state.bonus_queue != (state.holder(character.colour),):
        raise InvalidStateError(
            "only the colour's holder takes a bonus space's card", "$.bonus_queue"
        )


def _check_hand_sizes(state: State) -> None:
    """ST-P-DEAL-ORDER: a deal starts when every hand is empty and gives one card at a time
    clockwise from ``turn``, so clockwise from ``turn`` hand sizes never grow and differ by
    at most 1, and the next card goes to the first seat short of the others. (During play a
    set-up position may hold any hands: ST-P-EMPTY-HAND.)"""
    dealing = state.phase in (Phase.DEAL, Phase.SUPER_JUMP_TARGET) or (
        state.phase is Phase.BONUS_DRAW and state.bonus_for is None
    )
    if not dealing:
        return
    players = state.players
    order = [(state.turn + k) % players for k in range(players)]
    sizes = [len(state.hands[seat]) for seat in order]
    if any(a < b for a, b in pairwise(sizes)) or sizes[0] - sizes[-1] > 1:
        raise InvalidStateError(
            "hand sizes do not fit a deal in turn order (clockwise from the first player, "
            "each seat holds as many cards as the next, or one more)",
            "$.hands",
        )
    # The next card goes to the first seat short of the others; once every hand is full
    # (a bonus round after the last replacement card) it stays with the last seat dealt to.
    full = sizes[-1] == HAND_SIZE
    if state.deal_next != (order[-1] if full else order[sizes.index(sizes[-1])]):
        raise InvalidStateError(
            "the next card goes to the first seat short of the others", "$.deal_next"
        )


MAX_SPECIALS_OWED = 2
"""ST-SPECIAL-CARD, ST-DECK-RESHUFFLE: what one deal can owe. A deal starts with at least
6 cards per seat in the deck, so it runs dry only when the special card took the last
place; the reshuffle then brings back every card not in a hand (at least 13), the
special card among them, and if that is dealt at once a second replacement is owed; the
deck cannot run dry again before the next ordinary card, which settles what is owed."""


def _check_specials_owed(state: State) -> None:
    """ST-SPECIAL-CARD: at most `MAX_SPECIALS_OWED` bonus rounds owed, the special card
    revealed for them in the discard pile (or back in the deck just reshuffled)."""
    owed = state.specials_owed
    if owed > MAX_SPECIALS_OWED:
        raise InvalidStateError(
            f"a deal owes at most {MAX_SPECIALS_OWED} special cards' bonus rounds",
            "$.specials_owed",
        )
    special = Card.special()
    # Revealed, the special card is discarded; only a reshuffle since (which empties the
    # discard pile) puts it back in the deck, and after a second reveal none follows.
    just_reshuffled = owed == 1 and not state.discard and holds_card(state.deck, special)
    if owed and not holds_card(state.discard, special) and not just_reshuffled:
        raise InvalidStateError(
            "the special card revealed is in the discard pile", "$.specials_owed"
        )


def _check_bonus_queue(state: State) -> None:
    """ST-SPECIAL-BONUS: the seats still to take a bonus card go clockwise, at most two
    rounds of the table (`MAX_SPECIALS_OWED`); during a Super Jump choice the chooser
    took the card just before them."""
    queue = state.bonus_queue
    if state.phase is Phase.SUPER_JUMP_TARGET and state.jumper is not None:
        queue = (state.jumper, *queue)
    if len(queue) > MAX_SPECIALS_OWED * state.players:
        raise InvalidStateError(
            "more bonus draws queued than two special cards give", "$.bonus_queue"
        )
    for first, second in pairwise(queue):
        if second != (first + 1) % state.players:
            raise InvalidStateError(
                "the seats take bonus cards one after another, clockwise", "$.bonus_queue"
            )
