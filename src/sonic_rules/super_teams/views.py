"""What each seat may see (RULINGS.md, "What each seat may see"): views and events.

`observe` is the only way a frontend or an agent should look at a state. A
`View` holds exactly what one seat knows: its own hand and bonus hand, every
hand's and pile's size, the multisets of cards it has not seen, and everything face up.
The spectator's view (``seat`` ``None``) holds no hand. A view is a frozen value with
strict JSON (`View.to_json`, `view_from_json`); `legal_actions_for_view`
(also reached through ``legal_actions(view)``) lists the viewer's legal actions
without ever looking at a hidden card.

The view is the seat's knowledge *now*, as the ruling states it: the unseen cards as
one multiset (the deck and the other hands together). A seat that remembers the game
may know more (right after the bonus discard pile becomes the new bonus deck, for
instance, it knows that deck's content); such memory lives with the seat, for example
in the sequence of its views, not in the state. An agent's tensor and string of a
view are in `observation`.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from sonic_rules.core.boundary import check_view_given
from sonic_rules.core.chance import ChanceType
from sonic_rules.core.errors import InvalidStateError, require_instance
from sonic_rules.core.events import Event
from sonic_rules.core.picture import Pictured
from sonic_rules.core.serialization import (
    dump_view,
    load_view_fields,
    structure_or_raise,
)
from sonic_rules.core.views import check_seat, events_seen, viewer_acts
from sonic_rules.super_teams import events as ev
from sonic_rules.super_teams.actions import Action
from sonic_rules.super_teams.board import Board
from sonic_rules.super_teams.cards import (
    BonusKind,
    Card,
    Character,
    sort_bonus,
)
from sonic_rules.super_teams.describe import describe_state
from sonic_rules.super_teams.legality import LEGAL
from sonic_rules.super_teams.options import Options, check_options
from sonic_rules.super_teams.phases import PHASES, Phase
from sonic_rules.super_teams.serialize import FORMAT, GAME_NAME, converter
from sonic_rules.super_teams.state import PendingMove, Piece, State
from sonic_rules.super_teams.validate import validate_state


@attrs.frozen
class View(Pictured):
    """What ``seat`` may know of a state (``seat`` ``None``: a spectator).

    Private to the viewer: ``hand`` and ``bonus_hand`` (``None`` for a spectator).
    Sizes: ``hand_sizes`` and ``bonus_hand_sizes`` (seat by seat), ``deck_size``,
    ``bonus_deck_size``. Unseen, as sorted multisets: ``unseen`` (the deck and the
    other hands together) and ``unseen_bonus`` (the bonus deck and the other seats'
    bonus hands). Face up, as in `State`: ``players``, ``board``,
    ``options``, ``phase``, ``turn``, ``turns_played``, ``pieces``, ``discard``,
    ``bonus_discard``, ``pending`` (the move in progress, its bonus cards included),
    ``deal_next``, ``specials_owed``, ``bonus_queue``, ``bonus_for``, ``jumper`` and
    ``winners``.
    """

    seat: int | None
    players: int
    board: Board
    options: Options
    phase: Phase
    turn: int
    turns_played: int
    pieces: tuple[Piece, ...]
    hand: tuple[Card, ...] | None
    bonus_hand: tuple[BonusKind, ...] | None
    hand_sizes: tuple[int, ...]
    bonus_hand_sizes: tuple[int, ...]
    deck_size: int
    bonus_deck_size: int
    unseen: tuple[Card, ...]
    unseen_bonus: tuple[BonusKind, ...]
    discard: tuple[Card, ...]
    bonus_discard: tuple[BonusKind, ...]
    pending: PendingMove | None
    deal_next: int
    specials_owed: int
    bonus_queue: tuple[int, ...]
    bonus_for: Character | None
    jumper: int | None
    winners: tuple[int, ...]

    @property
    def to_act(self) -> int | ChanceType | None:
        """The seat to act, `CHANCE`, or ``None`` once the game is over."""
        return PHASES.to_act(self, self.phase)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def to_json(self, indent: int | None = None) -> str:
        """``{"game": "super-teams", "format": 1, "kind": "view", ...}``; canonical when
        ``indent`` is ``None`` (equal views give equal text, byte for byte)."""
        return dump_view(converter, GAME_NAME, FORMAT, self, indent)

    def describe(self) -> str:
        """The position as `describe_state` writes it, plus the viewer's
        own cards and what it has not seen; nothing hidden from the viewer."""
        lines = [describe_state(_stand_in(self))]
        if self.hand is not None and self.bonus_hand is not None:
            cards = ", ".join(map(str, self.hand)) or "no cards"
            bonus = ", ".join(map(str, self.bonus_hand)) or "no bonus cards"
            lines.append(f"seat {self.seat} holds: {cards}; {bonus}")
        else:
            lines.append("spectator: no hand is seen")
        lines.append(
            f"deck {self.deck_size} cards, bonus deck {self.bonus_deck_size}; unseen: "
            f"{len(self.unseen)} movement cards, {len(self.unseen_bonus)} bonus cards"
        )
        return "\n".join(lines)


def _require_state(state: object) -> State:
    return require_instance(state, State, "state", "a Super Teams State")


def observe(state: State, seat: int | None) -> View:
    """What ``seat`` may see of ``state``; ``seat`` ``None`` is a spectator (no hand).

    A seat out of range raises ``InvalidActionError`` naming it; a ``state`` or ``seat``
    of the wrong type raises ``TypeError`` naming the parameter.
    """
    state = _require_state(state)
    seat = check_seat(seat, state.players)
    others = [s for s in range(state.players) if s != seat]
    unseen = sorted([*state.deck, *(card for s in others for card in state.hands[s])])
    unseen_bonus = [*state.bonus_deck, *(kind for s in others for kind in state.bonus_hands[s])]
    return View(
        seat=seat,
        players=state.players,
        board=state.board,
        options=state.options,
        phase=state.phase,
        turn=state.turn,
        turns_played=state.turns_played,
        pieces=state.pieces,
        hand=None if seat is None else state.hands[seat],
        bonus_hand=None if seat is None else state.bonus_hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        bonus_hand_sizes=tuple(len(hand) for hand in state.bonus_hands),
        deck_size=len(state.deck),
        bonus_deck_size=len(state.bonus_deck),
        unseen=tuple(unseen),
        unseen_bonus=sort_bonus(unseen_bonus),
        discard=state.discard,
        bonus_discard=state.bonus_discard,
        pending=state.pending,
        deal_next=state.deal_next,
        specials_owed=state.specials_owed,
        bonus_queue=state.bonus_queue,
        bonus_for=state.bonus_for,
        jumper=state.jumper,
        winners=state.winners,
    )


# -- legal actions from a view ------------------------------------------------------------


def _stand_in(view: View) -> State:
    """A state the viewer cannot tell from the real one: the viewer's own cards where they
    are, the unseen cards dealt out to the other hands and the decks in sorted order.

    Every rule the viewer's decisions depend on reads only what the view holds, so the
    phase's legal-action function (`legality.LEGAL`) gives the same list on this
    state as on the real one.
    """
    unseen = list(view.unseen)
    unseen_bonus = list(view.unseen_bonus)
    hands: list[tuple[Card, ...]] = []
    bonus_hands: list[tuple[BonusKind, ...]] = []
    for seat in range(view.players):
        if seat == view.seat and view.hand is not None and view.bonus_hand is not None:
            hands.append(view.hand)
            bonus_hands.append(view.bonus_hand)
            continue
        size, bonus_size = view.hand_sizes[seat], view.bonus_hand_sizes[seat]
        hands.append(tuple(unseen[:size]))
        bonus_hands.append(tuple(unseen_bonus[:bonus_size]))
        del unseen[:size], unseen_bonus[:bonus_size]
    return State(
        players=view.players,
        board=view.board,
        options=view.options,
        phase=view.phase,
        turn=view.turn,
        pieces=view.pieces,
        hands=tuple(hands),
        bonus_hands=tuple(bonus_hands),
        deck=tuple(unseen),
        discard=view.discard,
        bonus_deck=tuple(unseen_bonus),
        bonus_discard=view.bonus_discard,
        deal_next=view.deal_next,
        specials_owed=view.specials_owed,
        bonus_queue=view.bonus_queue,
        bonus_for=view.bonus_for,
        jumper=view.jumper,
        pending=view.pending,
        turns_played=view.turns_played,
    )


def legal_actions_for_view(view: View) -> list[Action]:
    """The viewer's legal actions: the same list ``legal_actions(state)`` gives.

    Only the seat to act may ask (``InvalidStateError`` naming the viewer otherwise,
    and at a chance node, whose outcomes are hidden); a finished game has none.
    """
    view = require_instance(view, View, "view", "a Super Teams View")
    hidden = "the next card is hidden, so a view lists no outcomes"
    if not viewer_acts(view.seat, view.to_act, hidden):
        return []
    return LEGAL[view.phase](_stand_in(view))


# -- events per seat ----------------------------------------------------------------------


def events_for(events: Iterable[Event], seat: int | None, state: State) -> list[Event]:
    """``events`` as ``seat`` sees them (``None``: a spectator); ``state`` is the state
    before or after them (it says which seats there are).

    A movement card dealt to another seat becomes `HiddenCardDealt`; a
    bonus card another seat takes becomes `HiddenBonusCardTaken`
    (Super Jump excepted: it is played face up at once). Every other event is public.
    """
    seat = check_seat(seat, _require_state(state).players)

    def seen(event: Event) -> Event:
        if isinstance(event, ev.CardDealt) and event.seat != seat:
            return ev.HiddenCardDealt(event.seat)
        if (
            isinstance(event, ev.BonusCardTaken)
            and event.seat != seat
            and event.kind is not BonusKind.SUPER_JUMP
        ):
            return ev.HiddenBonusCardTaken(event.seat)
        return event

    return events_seen(events, seen)


# -- JSON -------------------------------------------------------------------------------------


def view_from_json(text: str | bytes) -> View:
    """Read a view written by `View.to_json`; refuse anything malformed.

    Another game, format or kind, unknown or missing fields, wrong types and views no
    state could give (counts that do not add up) raise ``InvalidStateError`` naming the
    JSON path.
    """
    data = load_view_fields(text, GAME_NAME, FORMAT, View)
    view = structure_or_raise(converter, data, View)
    _validate_view(view)
    return view


def _validate_view(view: View) -> None:
    """Refuse a view no state could give.

    The counts are checked first, before anything is built from them (the bonus split
    before a deck of that many cards); then the view's stand-in (`_stand_in`), the state
    that deals the unseen cards out in order, must be one the rules could reach and must
    give this very view. Every card the rules keep out of a hand (the special card, a
    Super Jump) sorts last, so the stand-in leaves it in its deck whenever some state
    could.
    """
    players = view.players
    if players not in (2, 3, 4):
        raise InvalidStateError("Super Teams is for 2, 3 or 4 players", "$.players")
    check_options(players, view.options)
    if view.seat is not None and not 0 <= view.seat < players:
        raise InvalidStateError(f"seat {view.seat} is not in this game", "$.seat")
    if (view.seat is None) != (view.hand is None) or (view.hand is None) != (
        view.bonus_hand is None
    ):
        raise InvalidStateError("a seat's view holds its hands; a spectator's none", "$.hand")
    for name in ("hand_sizes", "bonus_hand_sizes"):
        if len(getattr(view, name)) != players:
            raise InvalidStateError(f"one size per seat ({players})", f"$.{name}")
    if view.seat is not None and view.hand is not None and view.bonus_hand is not None:
        if len(view.hand) != view.hand_sizes[view.seat]:
            raise InvalidStateError("the hand's size differs from hand_sizes", "$.hand")
        if len(view.bonus_hand) != view.bonus_hand_sizes[view.seat]:
            raise InvalidStateError("the bonus hand's size differs", "$.bonus_hand")
    other = sum(size for s, size in enumerate(view.hand_sizes) if s != view.seat)
    other_bonus = sum(size for s, size in enumerate(view.bonus_hand_sizes) if s != view.seat)
    if len(view.unseen) != view.deck_size + other:
        raise InvalidStateError("unseen must be the deck and the other hands", "$.unseen")
    if len(view.unseen_bonus) != view.bonus_deck_size + other_bonus:
        raise InvalidStateError("unseen_bonus must be the bonus deck and the other hands", "$")
    check_view_given(view, view.seat, _stand_in(view), validate_state, observe)
