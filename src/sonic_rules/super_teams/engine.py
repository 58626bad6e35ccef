"""The Super Teams referee: legal actions, chance outcomes and applying an action.

Every phase change goes through :func:`_goto`, which checks it against the declared
machine in :mod:`.phases`. Every refusal is an ``IllegalActionError`` naming the rule.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from sonic_rules.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from sonic_rules.core.events import Event
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
from sonic_rules.super_teams.cards import BonusKind, Card, Character, Colour, sort_bonus
from sonic_rules.super_teams.phases import PHASES, Phase
from sonic_rules.super_teams.state import HAND_SIZE, PendingMove, Piece, State

Events = list[Event]


# -- small multiset helpers (piles and hands are sorted tuples) ---------------------


def _without(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def _with_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(sorted((*cards, card)))


def _with_bonus(kinds: tuple[BonusKind, ...], kind: BonusKind) -> tuple[BonusKind, ...]:
    return sort_bonus((*kinds, kind))


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _goto(state: State, phase: Phase, **changes: Any) -> State:
    PHASES.check(state.phase, phase)
    return attrs.evolve(state, phase=phase, **changes)


def _set_piece(state: State, piece: Piece) -> State:
    index = next(i for i, p in enumerate(state.pieces) if p.character is piece.character)
    return attrs.evolve(state, pieces=_replace_at(state.pieces, index, piece))


# -- questions the rules ask ---------------------------------------------------------


def movable_characters(state: State, colour: Colour) -> tuple[Character, ...]:
    """The characters a card of ``colour`` may move (ST-CHARACTER-COLOUR, ST-COLOUR-FALLBACK)."""
    if colour not in state.colours_in_play:
        return ()
    own = tuple(c for c in colour.characters if not state.has_crossed(c))
    if own:
        return own
    side = state.side_of(state.holder(colour))
    others = [c for c in state.side_colours(side) if c is not colour]
    return tuple(c for other in others for c in other.characters if not state.has_crossed(c))


def jump_candidates(state: State, seat: int) -> tuple[Character, ...]:
    """Who ``seat`` may Super Jump after taking it through the special card."""
    own = tuple(
        c
        for colour in state.seat_colours[seat]
        for c in colour.characters
        if not state.has_crossed(c)
    )
    partner = state.partner(seat)
    if own or partner is None:
        return own
    return tuple(
        c
        for colour in state.seat_colours[partner]
        for c in colour.characters
        if not state.has_crossed(c)
    )


def bonus_is_playable(state: State, kind: BonusKind, character: Character) -> bool:
    """Whether ``kind`` may be played on a move of ``character`` (ST-BONUS-*)."""
    if kind is BonusKind.SUPERBONUS:
        return state.surface(character) is Surface.NORMAL
    if kind is BonusKind.SHIELD:
        return state.surface(character) is Surface.SPIKES
    return kind is not BonusKind.SUPER_JUMP


def move_value(card_value: int, surface: Surface, bonuses: tuple[BonusKind, ...]) -> int:
    """The number of spaces a move covers.

    ST-VALUE-NORMAL: the card's value; ST-VALUE-RINGS: doubled; ST-VALUE-SPIKES: 1.
    ST-BONUS-SPEED adds 1 before doubling, ST-BONUS-SUPERBONUS doubles, ST-BONUS-SHIELD
    restores the normal value on spikes.
    """
    shielded = BonusKind.SHIELD in bonuses
    if surface is Surface.SPIKES and not shielded:
        return 1
    value = card_value + bonuses.count(BonusKind.SPEED)
    if surface is Surface.RINGS:
        value *= 2
    doublings: int = bonuses.count(BonusKind.SUPERBONUS)
    return value * (1 << doublings)


# -- what may be done -----------------------------------------------------------------


def _require_state(state: object) -> None:
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Super Teams State, got {type(state).__name__}")


def chance_outcomes(state: State) -> list[tuple[Action, float]]:
    """The possible chance outcomes and their probabilities (empty unless chance acts)."""
    _require_state(state)
    if state.phase is Phase.DEAL:
        counts = Counter(state.deck)
        total = len(state.deck)
        return [(Deal(state.deal_next, card), counts[card] / total) for card in sorted(counts)]
    if state.phase is Phase.BONUS_DRAW:
        kinds = Counter(state.bonus_deck)
        total = len(state.bonus_deck)
        seat = state.bonus_queue[0]
        return [(DrawBonus(seat, kind), kinds[kind] / total) for kind in sort_bonus(list(kinds))]
    return []


def legal_actions(state: State) -> list[Action]:
    """Every legal action, in a stable order (at a chance node: the possible outcomes)."""
    _require_state(state)
    phase = state.phase
    if phase is Phase.PLAY:
        seat = state.turn
        actions: list[Action] = []
        for card in sorted(set(state.hands[seat])):
            assert card.colour is not None
            for character in movable_characters(state, card.colour):
                actions.append(Play(seat, card, character))
        return actions
    if phase is Phase.RESPONSE:
        assert state.pending is not None
        seat = state.pending.responders[0]
        character = state.pending.character
        kinds = sort_bonus(list(set(state.bonus_hands[seat])))
        responses: list[Action] = [Pass(seat)]
        responses += [
            PlayBonus(seat, kind) for kind in kinds if bonus_is_playable(state, kind, character)
        ]
        return responses
    if phase is Phase.CHOOSE_HALF:
        assert state.pending is not None
        piece = state.piece(state.pending.character)
        halves = state.board[piece.position].halves
        assert halves is not None
        return [ChooseHalf(state.pending.seat, half) for half in halves]
    if phase is Phase.SUPER_JUMP_TARGET:
        assert state.jumper is not None
        return [ChooseJumper(state.jumper, c) for c in jump_candidates(state, state.jumper)]
    return [action for action, _ in chance_outcomes(state)]


# -- applying an action ------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises ``IllegalActionError`` (state unchanged) if illegal."""
    return step(state, action)[0]


def step(state: State, action: Action) -> tuple[State, list[Event]]:
    """Like :func:`apply`, also returning the events the action caused."""
    _require_state(state)
    if not isinstance(action, ACTION_TYPES):
        raise InvalidActionError(
            f"{action!r} is not a Super Teams action; expected one of "
            + ", ".join(t.__name__ for t in ACTION_TYPES)
        )
    _check_fields(action)
    if state.phase is Phase.GAME_OVER:
        raise IllegalActionError("ST-WIN", "the game is over: no action is possible")
    events: Events = []
    handler = _HANDLERS[type(action)]
    return handler(state, action, events), events


_FIELD_TYPES: dict[str, type] = {
    "seat": int,
    "card": Card,
    "character": Character,
    "kind": BonusKind,
    "half": Surface,
}


def _check_fields(action: Action) -> None:
    """Refuse an action whose fields have the wrong types (``InvalidActionError``)."""
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        expected = _FIELD_TYPES[field.name]
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise InvalidActionError(
                f"{type(action).__name__}.{field.name} must be a {expected.__name__}, got {value!r}"
            )


_PHASE_RULE = {
    Phase.DEAL: ("ST-DEAL", "a movement card is being dealt (a chance outcome)"),
    Phase.BONUS_DRAW: ("ST-CHANCE", "a bonus card is being taken (a chance outcome)"),
    Phase.SUPER_JUMP_TARGET: ("ST-SUPER-JUMP-SPECIAL", "a Super Jump target is being chosen"),
    Phase.PLAY: ("ST-PLAY-CARD", "a movement card is to be played"),
    Phase.RESPONSE: ("ST-RESPONSE-WINDOW", "a bonus card may be played, or a pass"),
    Phase.CHOOSE_HALF: ("ST-DOUBLE-HALF", "the half of a double space is to be chosen"),
}


def _expect(state: State, phase: Phase, action: Action) -> None:
    if state.phase is not phase:
        rule, awaited = _PHASE_RULE[state.phase]
        raise IllegalActionError(rule, f"cannot '{action}' now: {awaited}")


def _expect_seat(state: State, action: Action, rule: str) -> None:
    to_act = state.to_act
    if action.seat != to_act:
        raise IllegalActionError(rule, f"it is seat {to_act}'s decision, not seat {action.seat}'s")


def _apply_deal(state: State, action: Deal, events: Events) -> State:
    _expect(state, Phase.DEAL, action)
    if action.seat != state.deal_next:
        raise IllegalActionError(
            "ST-P-DEAL-ORDER", f"the next card goes to seat {state.deal_next}, not {action.seat}"
        )
    if action.card not in state.deck:
        raise IllegalActionError("ST-CHANCE", f"{action.card} is not in the deck")
    seat = action.seat
    deck = _without(state.deck, action.card)
    if action.card.is_special:
        # ST-SPECIAL-CARD: revealed, discarded, and the same seat gets a replacement.
        events.append(ev.SpecialCardRevealed(seat))
        return _continue_deal(
            state,
            events,
            deck=deck,
            discard=_with_card(state.discard, action.card),
            specials_owed=state.specials_owed + 1,
        )
    events.append(ev.CardDealt(seat, action.card))
    hands = _replace_at(state.hands, seat, _with_card(state.hands[seat], action.card))
    if state.specials_owed:
        # ST-SPECIAL-BONUS: after the replacement, everyone from this seat clockwise.
        order = tuple((seat + k) % state.players for k in range(state.players))
        state = attrs.evolve(
            state,
            deck=deck,
            hands=hands,
            deal_next=_next_to_deal(hands, seat),
            bonus_queue=order * state.specials_owed,
            specials_owed=0,
            bonus_for=None,
        )
        return _run_bonus_queue(state, events)
    return _continue_deal(
        state, events, deck=deck, hands=hands, deal_next=_next_to_deal(hands, seat)
    )


def _next_to_deal(hands: tuple[tuple[Card, ...], ...], after: int) -> int:
    players = len(hands)
    for k in range(1, players + 1):
        seat = (after + k) % players
        if len(hands[seat]) < HAND_SIZE:
            return seat
    return after


def _reshuffle(state: State, events: Events) -> State:
    # ST-DECK-RESHUFFLE: the discard pile (special card included) joins the deck.
    events.append(ev.DeckReshuffled(len(state.deck) + len(state.discard)))
    return attrs.evolve(state, deck=tuple(sorted(state.deck + state.discard)), discard=())


def _continue_deal(state: State, events: Events, **changes: Any) -> State:
    hands = changes.get("hands", state.hands)
    if all(len(hand) == HAND_SIZE for hand in hands) and not changes.get(
        "specials_owed", state.specials_owed
    ):
        return _goto(state, Phase.PLAY, **{**changes, "deal_next": state.turn})
    if not changes.get("deck", state.deck):
        state = _reshuffle(attrs.evolve(state, **changes), events)
        changes = {}
    return _goto(state, Phase.DEAL, **changes)


def _start_deal(state: State, events: Events) -> State:
    if len(state.deck) < HAND_SIZE * state.players:
        state = _reshuffle(state, events)
    return _goto(state, Phase.DEAL, deal_next=state.turn)


def _run_bonus_queue(state: State, events: Events) -> State:
    while state.bonus_queue:
        if state.bonus_deck:
            return _goto(state, Phase.BONUS_DRAW)
        if state.bonus_discard:
            # ST-BONUS-RESHUFFLE
            events.append(ev.BonusDeckReshuffled(len(state.bonus_discard)))
            state = attrs.evolve(state, bonus_deck=state.bonus_discard, bonus_discard=())
        else:
            events.append(ev.NoBonusCard(state.bonus_queue[0]))
            state = attrs.evolve(state, bonus_queue=state.bonus_queue[1:])
    if state.bonus_for is not None:
        return _end_turn(attrs.evolve(state, bonus_for=None), events)
    return _continue_deal(state, events)


def _apply_draw_bonus(state: State, action: DrawBonus, events: Events) -> State:
    _expect(state, Phase.BONUS_DRAW, action)
    if action.seat != state.bonus_queue[0]:
        raise IllegalActionError(
            "ST-CHANCE", f"seat {state.bonus_queue[0]} takes the next bonus card, not {action.seat}"
        )
    if action.kind not in state.bonus_deck:
        raise IllegalActionError("ST-CHANCE", f"no {action.kind} is left in the bonus deck")
    seat, kind = action.seat, action.kind
    events.append(ev.BonusCardTaken(seat, kind))
    state = attrs.evolve(
        state, bonus_deck=_without(state.bonus_deck, kind), bonus_queue=state.bonus_queue[1:]
    )
    if kind is not BonusKind.SUPER_JUMP:
        hands = _replace_at(state.bonus_hands, seat, _with_bonus(state.bonus_hands[seat], kind))
        return _run_bonus_queue(attrs.evolve(state, bonus_hands=hands), events)
    # ST-SUPER-JUMP: never held, played at once, then discarded.
    state = attrs.evolve(state, bonus_discard=_with_bonus(state.bonus_discard, kind))
    if state.bonus_for is not None:
        state = _super_jump(state, state.bonus_for, events)  # ST-SUPER-JUMP-SPACE
        return _run_bonus_queue(state, events)
    if not jump_candidates(state, seat):
        events.append(ev.SuperJumpUnused(seat))
        return _run_bonus_queue(state, events)
    # ST-SUPER-JUMP-SPECIAL, ST-P-SPECIAL-JUMP-CHOICE: always the taker's choice.
    return _goto(state, Phase.SUPER_JUMP_TARGET, jumper=seat)


def _super_jump(state: State, character: Character, events: Events) -> State:
    piece = state.piece(character)
    target = state.board.next_rings(piece.position)
    if target is None:
        events.append(ev.SuperJumped(character, piece.position, None, None))
        return state
    # ST-SUPER-JUMP-NO-TRIGGER: lands on rings (the rings half of a double), nothing else.
    half = Surface.RINGS if state.board[target].is_double else None
    events.append(ev.SuperJumped(character, piece.position, target, half))
    return _set_piece(state, Piece(character, target, half))


def _apply_choose_jumper(state: State, action: ChooseJumper, events: Events) -> State:
    _expect(state, Phase.SUPER_JUMP_TARGET, action)
    _expect_seat(state, action, "ST-SUPER-JUMP-SPECIAL")
    if action.character not in jump_candidates(state, action.seat):
        raise IllegalActionError(
            "ST-SUPER-JUMP-SPECIAL",
            f"seat {action.seat} may only Super Jump one of its own characters still racing"
            " (a partner's once both of its own are across)",
        )
    state = _super_jump(state, action.character, events)
    return _run_bonus_queue(attrs.evolve(state, jumper=None), events)


def _apply_play(state: State, action: Play, events: Events) -> State:
    _expect(state, Phase.PLAY, action)
    _expect_seat(state, action, "ST-TURN-ORDER")
    seat, card, character = action.seat, action.card, action.character
    if card.is_special or card not in state.hands[seat]:
        raise IllegalActionError("ST-PLAY-CARD", f"seat {seat} holds no {card}")
    assert card.colour is not None
    if character.colour not in state.colours_in_play:
        raise IllegalActionError("ST-CHARACTER-COLOUR", f"{character} is not in this game")
    if state.has_crossed(character):
        raise IllegalActionError(
            "ST-CROSSED-STAY", f"{character} has crossed the finish line and never moves again"
        )
    movable = movable_characters(state, card.colour)
    if not movable:
        raise IllegalActionError("ST-CHARACTER-COLOUR", f"no character is left for {card} to move")
    if character not in movable:
        if character.colour is card.colour or movable[0].colour is card.colour:
            raise IllegalActionError(
                "ST-CHARACTER-COLOUR", f"a {card.colour} card moves a {card.colour} character"
            )
        raise IllegalActionError(
            "ST-COLOUR-FALLBACK",
            f"both {card.colour} characters are across, so {card} moves a "
            f"{movable[0].colour} character of the same side",
        )
    events.append(ev.CardPlayed(seat, card, character, character.colour is not card.colour))
    holder = state.holder(character.colour)
    asked = (holder,) if state.partner(holder) is None else (holder, state.partner(holder))
    # ST-P-RESPONSE-EMPTY: a seat with no bonus card at all is not asked.
    responders = tuple(s for s in asked if s is not None and state.bonus_hands[s])
    pending = PendingMove(seat, card, character, responders)
    changes = {
        "hands": _replace_at(state.hands, seat, _without(state.hands[seat], card)),
        "discard": _with_card(state.discard, card),
        "pending": pending,
    }
    if responders:
        return _goto(state, Phase.RESPONSE, **changes)  # ST-RESPONSE-WINDOW
    return _resolve_move(state, pending, events, **changes)


def _apply_play_bonus(state: State, action: PlayBonus, events: Events) -> State:
    _expect(state, Phase.RESPONSE, action)
    _expect_seat(state, action, "ST-RESPONSE-WINDOW")
    pending = state.pending
    assert pending is not None
    seat, kind = action.seat, action.kind
    if kind not in state.bonus_hands[seat]:
        raise IllegalActionError("ST-RESPONSE-WINDOW", f"seat {seat} holds no {kind}")
    character = pending.character
    if kind is BonusKind.SUPERBONUS and not bonus_is_playable(state, kind, character):
        raise IllegalActionError(
            "ST-BONUS-SUPERBONUS",
            f"Superbonus is only for a character on a normal space; {character} is on "
            f"{state.surface(character)}",
        )
    if kind is BonusKind.SHIELD and not bonus_is_playable(state, kind, character):
        raise IllegalActionError(
            "ST-BONUS-SHIELD",
            f"Shield is only for a character on spikes; {character} is on "
            f"{state.surface(character)}",
        )
    # ST-RESPONSE-MUST-APPLY: the card joins the move; the mover has no way to refuse it.
    events.append(ev.BonusPlayed(seat, kind))
    # ST-RESPONSE-ONE-CARD, unless ST-OPT-SECOND-BONUS lets the partner add one.
    rest = pending.responders[1:] if state.options.partner_second_bonus else ()
    pending = attrs.evolve(pending, responders=rest, bonuses=(*pending.bonuses, kind))
    state = attrs.evolve(
        state,
        bonus_hands=_replace_at(state.bonus_hands, seat, _without(state.bonus_hands[seat], kind)),
        bonus_discard=_with_bonus(state.bonus_discard, kind),  # ST-BONUS-DISCARD
        pending=pending,
    )
    if rest:
        return state
    return _resolve_move(state, pending, events)


def _apply_pass(state: State, action: Pass, events: Events) -> State:
    _expect(state, Phase.RESPONSE, action)
    _expect_seat(state, action, "ST-RESPONSE-WINDOW")
    pending = state.pending
    assert pending is not None
    events.append(ev.Passed(action.seat))
    pending = attrs.evolve(pending, responders=pending.responders[1:])
    state = attrs.evolve(state, pending=pending)
    if pending.responders:
        return state
    return _resolve_move(state, pending, events)


def _resolve_move(state: State, move: PendingMove, events: Events, /, **changes: Any) -> State:
    character = move.character
    piece = state.piece(character)
    surface = state.surface(character)
    value = move_value(move.card.value, surface, move.bonuses)
    finish = len(state.board)
    target = piece.position + value
    events.append(ev.Moved(character, piece.position, min(target, finish), value, surface))
    destination: int = finish  # ST-SHARED-SPACES: no space is ever too full
    if target < finish:
        loop = state.board.loop_at(target)
        if loop is None:
            destination = target  # ST-LOOP-PASS when a loop lay between
        elif BonusKind.DEXTERITY in move.bonuses:
            destination = finish if loop.beyond is None else loop.beyond
            events.append(ev.ThroughLoop(character, target, loop.beyond))
        else:
            destination = loop.fallback  # ST-LOOP-FALLBACK
            events.append(ev.FellBack(character, target, destination))
    index = state.pieces.index(piece)
    pieces = _replace_at(state.pieces, index, Piece(character, destination, None))
    state = attrs.evolve(state, pieces=pieces, **changes)
    if destination >= finish:
        events.append(ev.Crossed(character))  # ST-CROSSING
        side = state.side_of(state.holder(character.colour))
        if state.side_is_across(side):  # ST-WIN
            events.append(ev.SideWon(state.side_seats(side)))
            return _goto(state, Phase.GAME_OVER, pending=None)
        return _end_turn(state, events)
    space = state.board[destination]
    if space.is_double:
        return _goto(state, Phase.CHOOSE_HALF, pending=attrs.evolve(move, responders=()))
    if space is Space.BONUS:
        # ST-BONUS-SPACE: the colour's holder takes the top bonus card.
        state = attrs.evolve(
            state, pending=None, bonus_queue=(state.holder(character.colour),), bonus_for=character
        )
        return _run_bonus_queue(state, events)
    return _end_turn(state, events)


def _apply_choose_half(state: State, action: ChooseHalf, events: Events) -> State:
    _expect(state, Phase.CHOOSE_HALF, action)
    _expect_seat(state, action, "ST-DOUBLE-HALF")
    pending = state.pending
    assert pending is not None
    piece = state.piece(pending.character)
    halves = state.board[piece.position].halves
    assert halves is not None
    if action.half not in halves:
        raise IllegalActionError(
            "ST-DOUBLE-HALF",
            f"space {piece.position} is {state.board[piece.position].display_name}: "
            f"choose {halves[0]} or {halves[1]}",
        )
    events.append(ev.HalfChosen(pending.character, action.half))
    state = _set_piece(state, attrs.evolve(piece, half=action.half))
    return _end_turn(state, events)


def _end_turn(state: State, events: Events) -> State:
    players = state.players
    turn = (state.turn + 1) % players  # ST-TURN-ORDER
    hands = state.hands
    if all(not hand for hand in hands):
        # ST-DEAL: every hand is empty, a new deal starts with the next seat.
        state = attrs.evolve(state, pending=None, turn=turn, turns_played=state.turns_played + 1)
        return _start_deal(state, events)
    while not hands[turn]:
        turn = (turn + 1) % players  # ST-P-EMPTY-HAND: only in a set-up position
    return _goto(state, Phase.PLAY, pending=None, turn=turn, turns_played=state.turns_played + 1)


_HANDLERS: dict[type, Any] = {
    Deal: _apply_deal,
    DrawBonus: _apply_draw_bonus,
    Play: _apply_play,
    PlayBonus: _apply_play_bonus,
    Pass: _apply_pass,
    ChooseHalf: _apply_choose_half,
    ChooseJumper: _apply_choose_jumper,
}


def score(state: State, seat: int) -> float:
    """A heuristic for the greedy bot: the seat's side's progress against the best rival's."""
    if state.is_over:
        return 1e6 if seat in state.winners else -1e6
    finish = len(state.board)

    def progress(side: int) -> float:
        total = 0.0
        for colour in state.side_colours(side):
            for character in colour.characters:
                position = state.piece(character).position
                total += finish * 1.5 if position >= finish else position
        return total / len(state.side_colours(side))

    mine = state.side_of(seat)
    rivals = [progress(side) for side in range(state.sides) if side != mine]
    return progress(mine) - max(rivals) + 0.5 * len(state.bonus_hands[seat])
