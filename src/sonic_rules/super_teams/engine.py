"""The Super Teams referee: legal actions, chance outcomes and applying an action.

`step` refuses an illegal action through `legality.check` (the same
decision `legal_actions` lists by), then hands the action to its type's handler
in a table. Every phase change names a trigger declared in `phases`
(`_goto`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import repeat
from operator import is_, itemgetter
from typing import Any

import attrs

from sonic_rules.core.errors import (
    DEEP_ERRORS,
    InvalidActionError,
    InvalidStateError,
    RulesError,
)
from sonic_rules.core.events import Event
from sonic_rules.core.interning import made_once
from sonic_rules.core.registry import name_malformed
from sonic_rules.super_teams import events as ev
from sonic_rules.super_teams.actions import (
    ACTION_TYPES,
    Action,
    ChooseHalf,
    ChooseJumper,
    Deal,
    DrawBonus,
    Pass,
    Play,
    PlayBonus,
)
from sonic_rules.super_teams.board import Space, Surface
from sonic_rules.super_teams.cards import (
    BonusKind,
    Card,
    Character,
    bonus_rank,
    card_index,
    card_rank,
)
from sonic_rules.super_teams.legality import (
    CHANCE_OUTCOMES,
    LEGAL,
    check,
    deal_made,
    jump_candidates,
)
from sonic_rules.super_teams.phases import PHASES
from sonic_rules.super_teams.state import (
    HAND_SIZE,
    PendingMove,
    Piece,
    State,
    replace_fields,
)
from sonic_rules.super_teams.views import View, legal_actions_for_view

# Enum members read on every action, as module constants: on Python 3.11 reading a
# member off its class (``Phase.PLAY``) goes through ``EnumType.__getattr__``, several
# times slower than reading a global.
_DEXTERITY = BonusKind.DEXTERITY
_SHIELD = BonusKind.SHIELD
_SPACE_BONUS = Space.BONUS
_SPEED = BonusKind.SPEED
_SUPERBONUS = BonusKind.SUPERBONUS
_SUPER_JUMP = BonusKind.SUPER_JUMP
_SURFACE_RINGS = Surface.RINGS
_SURFACE_SPIKES = Surface.SPIKES
Events = list[Event]


# -- small multiset helpers (piles and hands are sorted tuples) ---------------------


def _without(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    index = items.index(item)
    return items[:index] + items[index + 1 :]


_SORTED: dict[int, tuple[Card, ...]] = {}
"""Card tuples this module made sorted (`_sorted`), by id, each kept alive here so that
its id stays its own: taking a card from one or adding a card to one is a binary search
by rank, exactly where the scan or the sort would find its place."""
_MAX_SORTED = 512


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards``, which are sorted, remembered as such (`_SORTED`)."""
    if len(_SORTED) >= _MAX_SORTED:
        _SORTED.clear()
    _SORTED[id(cards)] = cards
    return cards


def _without_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    if _SORTED.get(id(cards)) is cards:
        rank = card_rank(card)
        index = bisect_left(cards, rank, key=card_rank)
        if index < len(cards) and card_rank(cards[index]) == rank:
            return _sorted(cards[:index] + cards[index + 1 :])
    index = card_index(cards, card)
    return cards[:index] + cards[index + 1 :]


def _with_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    if _SORTED.get(id(cards)) is cards:
        # After the cards of its rank, as the stable sort below puts it.
        index = bisect_right(cards, card_rank(card), key=card_rank)
        return _sorted((*cards[:index], card, *cards[index:]))
    # Sorting by the rank in C: an already sorted run costs one pass, no ``__lt__`` calls.
    return _sorted(tuple(sorted((*cards, card), key=card_rank)))


def _with_bonus(kinds: tuple[BonusKind, ...], kind: BonusKind) -> tuple[BonusKind, ...]:
    return tuple(sorted((*kinds, kind), key=bonus_rank))


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


_event = made_once(10_000)
"""``_event(kind, *fields)``: the same event object for the same fields (events are
frozen values)."""


def _goto_with(state: State, trigger: str, changes: dict[str, Any]) -> State:
    """``state`` moved on by a declared ``trigger`` (`phases.PHASES`), with ``changes``
    (a dict the caller hands over and no longer uses): the one new state of an action."""
    changes["phase"] = PHASES.goto(state.phase, trigger)
    return replace_fields(state, changes)


def _piece_index(state: State, character: Character) -> int:
    for index, piece in enumerate(state.pieces):
        if piece.character is character:
            return index
    raise StopIteration  # as ``next`` on no match: a state built without this piece


# -- the value of a move ---------------------------------------------------------


def move_value(card_value: int, surface: Surface, bonuses: tuple[BonusKind, ...]) -> int:
    """The number of spaces a move covers.

    ST-VALUE-NORMAL: the card's value; ST-VALUE-RINGS: doubled; ST-VALUE-SPIKES: 1.
    ST-BONUS-SPEED adds 1 before doubling, ST-BONUS-SUPERBONUS doubles, ST-BONUS-SHIELD
    restores the normal value on spikes.
    """
    shielded = _SHIELD in bonuses
    if surface is _SURFACE_SPIKES and not shielded:
        return 1
    value = card_value + bonuses.count(_SPEED)
    if surface is _SURFACE_RINGS:
        value *= 2
    doublings: int = bonuses.count(_SUPERBONUS)
    return value * (1 << doublings)


# -- what may be done -----------------------------------------------------------------


def _require_state(state: object) -> None:
    if isinstance(state, View):
        raise InvalidStateError(
            "a View is what one seat sees, not a state: the referee needs the State"
        )
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Super Teams State, got {type(state).__name__}")


_Listed = tuple[State | None, tuple[Any, ...], bool]
_listed: _Listed = (None, (), False)
"""The last state whose legal actions (or chance outcomes) were listed, what was listed
(kept alive, so the objects stay theirs) and whether it is outcome pairs; one value,
replaced whole."""
_first = itemgetter(0)


def _was_listed(state: State, action: object) -> bool:
    """``action`` is one of the very objects just listed as legal in this very ``state``:
    `check` accepted it then (the list and the check ask the same questions) and would
    again (both are frozen values)."""
    listed_state, listed, pairs = _listed
    if listed_state is not state:
        return False
    return any(map(is_, map(_first, listed) if pairs else listed, repeat(action)))


def chance_outcomes(state: State) -> list[tuple[Action, float]]:
    """The possible chance outcomes and their probabilities (empty unless chance acts)."""
    global _listed
    if type(state) is not State:
        _require_state(state)
    try:
        outcomes = CHANCE_OUTCOMES.get(state.phase)
        if outcomes is None:
            return []
        listed = outcomes(state)
    except RulesError:
        raise
    except DEEP_ERRORS:
        name_malformed("super-teams", state)
        raise
    _listed = (state, tuple(listed), True)
    return listed


def legal_actions(state: State | View) -> list[Action]:
    """Every legal action, in a stable order (at a chance node: the possible outcomes).

    Given a `View`, the viewer's legal actions (the same list, for the
    seat to act): `legal_actions_for_view`.
    """
    global _listed
    if not isinstance(state, State):
        if isinstance(state, View):
            return legal_actions_for_view(state)
        _require_state(state)
    try:
        actions = LEGAL[state.phase](state)
    except RulesError:
        raise
    except DEEP_ERRORS:
        name_malformed("super-teams", state)
        raise
    _listed = (state, tuple(actions), False)
    return actions


# -- applying an action ------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises ``IllegalActionError`` (state unchanged) if illegal.

    As `step`, without gathering the events.
    """
    if type(state) is not State:
        _require_state(state)
    try:
        if not _was_listed(state, action):
            _check(state, action)
        handler: Any = _HANDLERS[type(action)]
        new: State = handler(state, action, [])
        return new
    except RulesError:
        raise
    except DEEP_ERRORS:
        name_malformed("super-teams", state)
        raise


def step(state: State, action: Action) -> tuple[State, list[Event]]:
    """Like `apply`, also returning the events the action caused.

    The action is checked (`check`) unless it is one of the objects `legal_actions` or
    `chance_outcomes` just listed for this very state (accepted then: `_was_listed`).
    """
    if type(state) is not State:
        _require_state(state)
    try:
        if not _was_listed(state, action):
            _check(state, action)
        events: Events = []
        return _HANDLERS[type(action)](state, action, events), events
    except RulesError:
        raise
    except DEEP_ERRORS:
        name_malformed("super-teams", state)
        raise


def _check(state: State, action: Action) -> None:
    """Refuse anything but a legal action of one of the action types."""
    if type(action) not in ACTION_TYPES:  # exactly: a subclass is refused too
        raise InvalidActionError(
            f"{action!r} is not a Super Teams action; expected one of "
            + ", ".join(t.__name__ for t in ACTION_TYPES)
        )
    _check_fields(action)
    check(state, action)


_FIELD_TYPES: dict[str, type] = {
    "seat": int,
    "card": Card,
    "character": Character,
    "kind": BonusKind,
    "half": Surface,
}
_FIELDS: dict[type, tuple[tuple[str, type], ...]] = {
    kind: tuple((field.name, _FIELD_TYPES[field.name]) for field in attrs.fields(kind))
    for kind in ACTION_TYPES
}


def _check_fields(action: Action) -> None:
    """Refuse an action whose fields have the wrong types (``InvalidActionError``)."""
    for name, expected in _FIELDS[type(action)]:
        value = getattr(action, name)
        if type(value) is expected:  # the usual case, decided at once
            continue
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise InvalidActionError(
                f"{type(action).__name__}.{name} must be a {expected.__name__}, got {value!r}"
            )


# Each handler gathers what the action changes in one dict and builds one new state
# from it at the end (`_goto_with`); a helper reading a field the action may already
# have changed reads it from that dict first.

Changes = dict[str, Any]


def _apply_deal(state: State, action: Deal, events: Events) -> State:
    seat, card = action.seat, action.card
    deck = _without_card(state.deck, card)
    deal_made(state.deck, card, deck)
    if card.is_special:
        # ST-SPECIAL-CARD: revealed, discarded, and the same seat gets a replacement.
        events.append(ev.SpecialCardRevealed(seat))
        return _continue_deal(
            state,
            events,
            {
                "deck": deck,
                "discard": _with_card(state.discard, card),
                "specials_owed": state.specials_owed + 1,
            },
        )
    events.append(_event(ev.CardDealt, seat, card))
    hands = _replace_at(state.hands, seat, _with_card(state.hands[seat], card))
    if state.specials_owed:
        # ST-SPECIAL-BONUS: after the replacement, everyone from this seat clockwise.
        order = tuple((seat + k) % state.players for k in range(state.players))
        changes = {
            "deck": deck,
            "hands": hands,
            "deal_next": _next_to_deal(hands, seat),
            "bonus_queue": order * state.specials_owed,
            "specials_owed": 0,
            "bonus_for": None,
        }
        return _run_bonus_queue(state, events, changes)
    # `_continue_deal`, written out for the usual card: nothing is owed.
    if all(map(HAND_SIZE.__eq__, map(len, hands))):
        changes = {"deck": deck, "hands": hands, "deal_next": state.turn}
        return _goto_with(state, "hands_full", changes)
    changes = {"deck": deck, "hands": hands, "deal_next": _next_to_deal(hands, seat)}
    if not deck:
        _reshuffle(state, events, changes)
    return _goto_with(state, "deal_goes_on", changes)


def _next_to_deal(hands: tuple[tuple[Card, ...], ...], after: int) -> int:
    players = len(hands)
    for k in range(1, players + 1):
        seat = (after + k) % players
        if len(hands[seat]) < HAND_SIZE:
            return seat
    return after


def _reshuffle(state: State, events: Events, changes: Changes) -> None:
    # ST-DECK-RESHUFFLE: the discard pile (special card included) joins the deck.
    deck = changes.get("deck", state.deck)
    discard = changes.get("discard", state.discard)
    events.append(ev.DeckReshuffled(len(deck) + len(discard)))
    changes["deck"] = _sorted(tuple(sorted(deck + discard, key=card_rank)))
    changes["discard"] = ()


def _continue_deal(state: State, events: Events, changes: Changes) -> State:
    hands = changes.get("hands", state.hands)
    if all(map(HAND_SIZE.__eq__, map(len, hands))) and not changes.get(
        "specials_owed", state.specials_owed
    ):
        changes["deal_next"] = state.turn
        return _goto_with(state, "hands_full", changes)
    if not changes.get("deck", state.deck):
        _reshuffle(state, events, changes)
    return _goto_with(state, "deal_goes_on", changes)


def _start_deal(state: State, events: Events, changes: Changes) -> State:
    """A new deal starts with ``changes["turn"]``, the next seat."""
    if len(changes.get("deck", state.deck)) < HAND_SIZE * state.players:
        _reshuffle(state, events, changes)
    changes["deal_next"] = changes["turn"]
    return _goto_with(state, "new_deal", changes)


def _run_bonus_queue(state: State, events: Events, changes: Changes) -> State:
    queue = changes.get("bonus_queue", state.bonus_queue)
    if queue:
        deck = changes.get("bonus_deck", state.bonus_deck)
        discard = changes.get("bonus_discard", state.bonus_discard)
        while queue:
            if deck:
                break
            if discard:
                # ST-BONUS-RESHUFFLE
                events.append(ev.BonusDeckReshuffled(len(discard)))
                deck, discard = discard, ()
                changes["bonus_deck"] = deck
                changes["bonus_discard"] = discard
            else:
                events.append(ev.NoBonusCard(queue[0]))
                queue = queue[1:]
                changes["bonus_queue"] = queue
        if queue:
            return _goto_with(state, "bonus_draw", changes)
    if changes.get("bonus_for", state.bonus_for) is not None:
        changes["bonus_for"] = None
        return _end_turn(state, events, changes)
    return _continue_deal(state, events, changes)


def _apply_draw_bonus(state: State, action: DrawBonus, events: Events) -> State:
    seat, kind = action.seat, action.kind
    events.append(_event(ev.BonusCardTaken, seat, kind))
    changes: Changes = {
        "bonus_deck": _without(state.bonus_deck, kind),
        "bonus_queue": state.bonus_queue[1:],
    }
    if kind is not _SUPER_JUMP:
        bonus_hands = state.bonus_hands
        changes["bonus_hands"] = _replace_at(
            bonus_hands, seat, _with_bonus(bonus_hands[seat], kind)
        )
        return _run_bonus_queue(state, events, changes)
    # ST-SUPER-JUMP: never held, played at once, then discarded.
    changes["bonus_discard"] = _with_bonus(state.bonus_discard, kind)
    if state.bonus_for is not None:
        _super_jump(state, state.bonus_for, events, changes)  # ST-SUPER-JUMP-SPACE
        return _run_bonus_queue(state, events, changes)
    if not jump_candidates(state, seat):
        events.append(ev.SuperJumpUnused(seat))
        return _run_bonus_queue(state, events, changes)
    # ST-SUPER-JUMP-SPECIAL, ST-P-SPECIAL-JUMP-CHOICE: always the taker's choice.
    changes["jumper"] = seat
    return _goto_with(state, "super_jump_drawn", changes)


def _super_jump(state: State, character: Character, events: Events, changes: Changes) -> None:
    """``character`` jumps: the pieces it changes go into ``changes`` (``state``'s pieces
    are the ones the action started from)."""
    piece = state.piece(character)
    target = state.board.next_rings(piece.position)
    if target is None:
        events.append(ev.SuperJumped(character, piece.position, None, None))
        return
    # ST-SUPER-JUMP-NO-TRIGGER: lands on rings (the rings half of a double), nothing else.
    half = _SURFACE_RINGS if state.board[target].is_double else None
    events.append(ev.SuperJumped(character, piece.position, target, half))
    index = _piece_index(state, character)
    changes["pieces"] = _replace_at(state.pieces, index, Piece(character, target, half))


def _apply_choose_jumper(state: State, action: ChooseJumper, events: Events) -> State:
    changes: Changes = {"jumper": None}
    _super_jump(state, action.character, events, changes)
    return _run_bonus_queue(state, events, changes)


def _apply_play(state: State, action: Play, events: Events) -> State:
    seat, card, character = action.seat, action.card, action.character
    colour = character.colour
    events.append(_event(ev.CardPlayed, seat, card, character, colour is not card.colour))
    holder = state.holder(colour)
    partner = state.partner(holder)
    bonus_hands = state.bonus_hands
    # ST-P-RESPONSE-EMPTY: a seat with no bonus card at all is not asked.
    responders: tuple[int, ...] = (holder,) if bonus_hands[holder] else ()
    if partner is not None and bonus_hands[partner]:
        responders += (partner,)
    pending = _pending(seat, card, character, responders, ())
    hands = state.hands
    changes = {
        "hands": _replace_at(hands, seat, _without_card(hands[seat], card)),
        "discard": _with_card(state.discard, card),
        "pending": pending,
    }
    if responders:
        return _goto_with(state, "card_played", changes)  # ST-RESPONSE-WINDOW
    return _resolve_move(state, pending, events, changes)


def _apply_play_bonus(state: State, action: PlayBonus, events: Events) -> State:
    pending = state.pending
    assert pending is not None
    seat, kind = action.seat, action.kind
    # ST-RESPONSE-MUST-APPLY: the card joins the move; the mover has no way to refuse it.
    events.append(_event(ev.BonusPlayed, seat, kind))
    # ST-RESPONSE-ONE-CARD, unless ST-OPT-SECOND-BONUS lets the partner add one.
    rest = pending.responders[1:] if state.options.partner_second_bonus else ()
    pending = _pending(
        pending.seat, pending.card, pending.character, rest, (*pending.bonuses, kind)
    )
    changes = {
        "bonus_hands": _replace_at(
            state.bonus_hands, seat, _without(state.bonus_hands[seat], kind)
        ),
        "bonus_discard": _with_bonus(state.bonus_discard, kind),  # ST-BONUS-DISCARD
        "pending": pending,
    }
    if rest:
        return _goto_with(state, "next_responder", changes)
    return _resolve_move(state, pending, events, changes)


def _apply_pass(state: State, action: Pass, events: Events) -> State:
    pending = state.pending
    assert pending is not None
    events.append(_event(ev.Passed, action.seat))
    rest = pending.responders[1:]
    pending = _pending(pending.seat, pending.card, pending.character, rest, pending.bonuses)
    if rest:
        return _goto_with(state, "next_responder", {"pending": pending})
    return _resolve_move(state, pending, events, {"pending": pending})


def _resolve_move(state: State, move: PendingMove, events: Events, changes: Changes) -> State:
    """The move resolves; ``changes`` are what the action changed before it."""
    character = move.character
    index = _piece_index(state, character)
    piece = state.pieces[index]
    surface = state.surface_under(piece)
    value = move_value(move.card.value, surface, move.bonuses)
    board = state.board
    finish = len(board.spaces)
    target = piece.position + value
    events.append(_event(ev.Moved, character, piece.position, min(target, finish), value, surface))
    destination: int = finish  # ST-SHARED-SPACES: no space is ever too full
    if target < finish:
        loop = board.loop_at(target)
        if loop is None:
            destination = target  # ST-LOOP-PASS when a loop lay between
        elif _DEXTERITY in move.bonuses:
            destination = finish if loop.beyond is None else loop.beyond
            events.append(ev.ThroughLoop(character, target, loop.beyond))
        else:
            destination = loop.fallback  # ST-LOOP-FALLBACK
            events.append(ev.FellBack(character, target, destination))
    changes["pieces"] = _replace_at(state.pieces, index, _piece(character, destination))
    if destination >= finish:
        events.append(ev.Crossed(character))  # ST-CROSSING
        side = state.side_of(state.holder(character.colour))
        # Asked of the pieces after the move (a crossing is rare: a state just for it).
        if replace_fields(state, {"pieces": changes["pieces"]}).side_is_across(side):  # ST-WIN
            events.append(ev.SideWon(state.side_seats(side)))
            changes["pending"] = None
            return _goto_with(state, "side_across", changes)
        return _end_turn(state, events, changes)
    space = board.spaces[destination]
    if space in _DOUBLES:
        changes["pending"] = _pending(move.seat, move.card, character, (), move.bonuses)
        return _goto_with(state, "move_stops_on_double", changes)
    if space is _SPACE_BONUS:
        # ST-BONUS-SPACE: the colour's holder takes the top bonus card.
        changes["pending"] = None
        changes["bonus_queue"] = (state.holder(character.colour),)
        changes["bonus_for"] = character
        return _run_bonus_queue(state, events, changes)
    return _end_turn(state, events, changes)


def _apply_choose_half(state: State, action: ChooseHalf, events: Events) -> State:
    pending = state.pending
    assert pending is not None
    events.append(ev.HalfChosen(pending.character, action.half))
    index = _piece_index(state, pending.character)
    piece = state.pieces[index]
    pieces = _replace_at(state.pieces, index, Piece(piece.character, piece.position, action.half))
    return _end_turn(state, events, {"pieces": pieces})


def _end_turn(state: State, events: Events, changes: Changes) -> State:
    """The turn ends; ``changes`` are what the turn changed and ``state`` does not hold yet."""
    players = state.players
    turns_played = state.turns_played + 1
    changes["pending"] = None
    changes["turns_played"] = turns_played
    limit = state.options.turn_limit
    if limit is not None and _turn_limit_reached(limit, turns_played):
        events.append(ev.TurnLimitReached(turns_played))
        return _goto_with(state, "turn_limit_reached", changes)
    turn = (state.turn + 1) % players  # ST-TURN-ORDER
    changes["turn"] = turn
    hands = changes.get("hands", state.hands)
    if not any(hands):
        # ST-DEAL: every hand is empty, a new deal starts with the next seat.
        return _start_deal(state, events, changes)
    while not hands[turn]:
        turn = (turn + 1) % players  # ST-P-EMPTY-HAND: only in a set-up position
    changes["turn"] = turn
    return _goto_with(state, "next_turn", changes)


def _turn_limit_reached(limit: int | None, turns_played: int) -> bool:
    """ST-OPT-TURN-LIMIT: the table's turn limit ends the game, nobody winning."""
    return limit is not None and turns_played >= limit


_PENDING: dict[tuple[Any, ...], PendingMove] = {}
_PIECES: dict[tuple[Character, int], Piece] = {}
_MAX_KEPT = 10_000


def _pending(
    seat: int,
    card: Card,
    character: Character,
    responders: tuple[int, ...],
    bonuses: tuple[BonusKind, ...],
) -> PendingMove:
    """``PendingMove(...)``, the same object for the same fields (a frozen value)."""
    key = (seat, card, character, responders, bonuses)
    pending = _PENDING.get(key)
    if pending is None:
        pending = PendingMove(seat, card, character, responders, bonuses)
        if type(seat) is int and len(_PENDING) < _MAX_KEPT:
            _PENDING[key] = pending
    return pending


def _piece(character: Character, position: int) -> Piece:
    """``Piece(character, position)`` (on no half), the same object for the same fields."""
    key = (character, position)
    piece = _PIECES.get(key)
    if piece is None:
        piece = Piece(character, position, None)
        if len(_PIECES) < _MAX_KEPT:
            _PIECES[key] = piece
    return piece


_DOUBLES = frozenset(space for space in Space if space.is_double)


_HANDLERS: dict[type, Any] = {
    Deal: _apply_deal,
    DrawBonus: _apply_draw_bonus,
    Play: _apply_play,
    PlayBonus: _apply_play_bonus,
    Pass: _apply_pass,
    ChooseHalf: _apply_choose_half,
    ChooseJumper: _apply_choose_jumper,
}
