"""Super Teams records with unseen cards: what can still be checked, and a state that fits.

A table recorder rarely sees every hand: a record may write ``deal 2 ?`` (a card went
to seat 2, unseen) or ``bonus 1 ?`` (seat 1 took a bonus card, unseen). The
`UnknownsTracker` reads such a record line by line and keeps a *witness*: a full state
in which every unseen card is one card it could be. Each line is refereed on the
witness; when a line needs a card the witness placed elsewhere (seat 2 plays blue-4,
the witness gave seat 2 red-1), the tracker looks for another assignment of the unseen
cards that fits every line read so far, and refuses the line only when none does.

The unseen cards are grouped by *epoch*: the stretch between two shuffles of a deck,
whose content at its start is always known (a deal starts with every hand empty, so
the deck is every card not in the discard pile; a deck is only shuffled mid-deal or
refilled from the bonus discard pile once it is empty). An unseen card dealt in an
epoch is one of that epoch's cards not dealt face up; a card a seat plays that was not
seen going to it is one of its unseen cards, from an epoch that had one to give.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Hashable, Iterator
from typing import Generic, TypeVar

import attrs

from sonic_rules.core.errors import IllegalActionError
from sonic_rules.core.events import Event
from sonic_rules.super_teams import events as ev
from sonic_rules.super_teams.action_lines import Unknown, read_line
from sonic_rules.super_teams.actions import Action, Deal, DrawBonus, Play, PlayBonus
from sonic_rules.super_teams.cards import SPECIAL, BonusKind, Card, movement_deck, sort_bonus
from sonic_rules.super_teams.engine import step
from sonic_rules.super_teams.phases import Phase
from sonic_rules.super_teams.state import State

T = TypeVar("T", bound=Hashable)


@attrs.define
class Epoch(Generic[T]):
    """One deck between two shuffles: ``left`` its cards not dealt face up (the deck and
    the unseen cards together), ``unseen`` how many went unseen to each seat."""

    left: Counter[T]
    unseen: Counter[int] = attrs.Factory(Counter)


@attrs.define
class Pool(Generic[T]):
    """The unseen cards of one kind (movement or bonus) and what was shown of them.

    ``never_unseen`` is the card that is always shown when dealt or taken (the special
    card, Super Jump). ``known[seat]`` are the cards seen going to a seat's hand and still
    there; ``shown[seat]`` the cards that seat played that it was not seen receiving.
    """

    never_unseen: T
    epochs: list[Epoch[T]]
    known: list[Counter[T]]
    shown: list[Counter[T]]

    @classmethod
    def start(
        cls, never_unseen: T, deck: tuple[T, ...], hands: tuple[tuple[T, ...], ...]
    ) -> Pool[T]:
        return cls(
            never_unseen,
            [Epoch(Counter(deck))],
            [Counter(hand) for hand in hands],
            [Counter() for _ in hands],
        )

    def copy(self) -> Pool[T]:
        """An independent copy (the cards themselves are values, shared)."""
        return Pool(
            self.never_unseen,
            [Epoch(Counter(e.left), Counter(e.unseen)) for e in self.epochs],
            [Counter(known) for known in self.known],
            [Counter(shown) for shown in self.shown],
        )

    def hidden_in_hand(self, seat: int) -> int:
        """How many of ``seat``'s cards were dealt unseen and not played yet."""
        return sum(e.unseen[seat] for e in self.epochs) - sum(self.shown[seat].values())

    def is_exact(self) -> bool:
        return not any(e.unseen for e in self.epochs)

    def solve(
        self, shown: tuple[int, T] | None = None, drawn: T | None = None
    ) -> Assignment[T] | None:
        """Cards for every unseen slot that fit everything read, with ``shown`` (a seat
        showing a card) and ``drawn`` (a card dealt face up from the current epoch) added;
        ``None`` when nothing fits."""
        lefts = [Counter(e.left) for e in self.epochs]
        if drawn is not None:
            lefts[-1][drawn] -= 1
            if lefts[-1][drawn] < 0:
                return None
        wanted = [Counter(s) for s in self.shown]
        if shown is not None:
            wanted[shown[0]][shown[1]] += 1
        for epoch, left in zip(self.epochs, lefts, strict=True):
            seen = sum(count for card, count in left.items() if card != self.never_unseen)
            if sum(epoch.unseen.values()) > seen:
                return None
        units = [
            (seat, card, count, [k for k, e in enumerate(self.epochs) if e.unseen[seat]])
            for seat, cards in enumerate(wanted)
            for card, count in sorted(cards.items(), key=lambda item: repr(item[0]))
            if count
        ]
        used = [Counter[tuple[int, T]]() for _ in self.epochs]
        for placed in _spread(units, 0, self.epochs, lefts, used):
            return self._fill(lefts, placed)
        return None

    def _fill(self, lefts: list[Counter[T]], placed: list[Counter[tuple[int, T]]]) -> Assignment[T]:
        """Every slot's card: the shown ones as ``placed``, the rest from what is left."""
        assignment: Assignment[T] = []
        for epoch, left, shown in zip(self.epochs, lefts, placed, strict=True):
            rest = Counter(left)
            for (_, card), count in shown.items():
                rest[card] -= count
            spare = [card for card in sorted(rest, key=repr) if card != self.never_unseen]
            cards: dict[int, Counter[T]] = {}
            for seat, slots in sorted(epoch.unseen.items()):
                hand = Counter({card: n for (s, card), n in shown.items() if s == seat})
                for _ in range(slots - sum(hand.values())):
                    while not rest[spare[0]]:
                        spare.pop(0)
                    rest[spare[0]] -= 1
                    hand[spare[0]] += 1
                cards[seat] = +hand
            assignment.append(cards)
        return assignment


Assignment = list[dict[int, Counter[T]]]
"""Per epoch, per seat, the cards its unseen slots of that epoch hold."""


def _spread(
    units: list[tuple[int, T, int, list[int]]],
    index: int,
    epochs: list[Epoch[T]],
    lefts: list[Counter[T]],
    used: list[Counter[tuple[int, T]]],
) -> Iterator[list[Counter[tuple[int, T]]]]:
    """Each way of attributing the shown cards to epochs that could have given them."""
    if index == len(units):
        yield used
        return
    seat, card, count, choices = units[index]
    for split in _splits(count, len(choices)):
        fits = True
        for k, n in zip(choices, split, strict=True):
            given = sum(m for (s, c), m in used[k].items() if s == seat) + n
            taken = sum(m for (s, c), m in used[k].items() if c == card) + n
            if given > epochs[k].unseen[seat] or taken > lefts[k][card]:
                fits = False
        if not fits:
            continue
        for k, n in zip(choices, split, strict=True):
            used[k][seat, card] += n
        yield from _spread(units, index + 1, epochs, lefts, used)
        for k, n in zip(choices, split, strict=True):
            used[k][seat, card] -= n


def _splits(count: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way of writing ``count`` as ``parts`` whole numbers (none when ``parts`` is 0)."""
    if parts == 1:
        yield (count,)
        return
    if parts == 0:
        return
    for first in range(count, -1, -1):
        for rest in _splits(count - first, parts - 1):
            yield (first, *rest)


def _hands(pool: Pool[T], assignment: Assignment[T]) -> list[Counter[T]]:
    """Each seat's hand in the witness: the cards seen going to it and its unseen cards."""
    hands = [Counter(known) for known in pool.known]
    for cards in assignment:
        for seat, held in cards.items():
            hands[seat].update(held)
    for seat, shown in enumerate(pool.shown):
        hands[seat].subtract(shown)
    return hands


def _deck(pool: Pool[T], assignment: Assignment[T]) -> list[T]:
    deck = Counter(pool.epochs[-1].left)
    for held in assignment[-1].values():
        deck.subtract(held)
    return list(deck.elements())


class UnknownsTracker:
    """Reads a Super Teams record whose chance outcomes may be unseen (``?``).

    ``state`` is a witness: the true state while everything was seen (``exact``),
    otherwise one state that fits every line read.
    """

    def __init__(self, start: State) -> None:
        self._state = start
        self._cards: Pool[Card] = Pool.start(SPECIAL, start.deck, start.hands)
        self._bonus: Pool[BonusKind] = Pool.start(
            BonusKind.SUPER_JUMP, start.bonus_deck, start.bonus_hands
        )

    @property
    def state(self) -> State:
        return self._state

    def fork(self) -> UnknownsTracker:
        """An independent tracker at the same line, to try a line without taking it."""
        forked = copy.copy(self)
        forked._cards = self._cards.copy()
        forked._bonus = self._bonus.copy()
        return forked

    @property
    def exact(self) -> bool:
        return self._cards.is_exact() and self._bonus.is_exact()

    def advance(self, text: str) -> list[Event]:
        read = read_line(self._state, text)
        if isinstance(read, Unknown):
            return self._unseen(read)
        state = self._fitted(read)
        after, events = step(state, read)
        self._note(read)
        self._state = after
        self._new_epochs(events)
        return events

    # -- an unseen outcome -------------------------------------------------------------

    def _unseen(self, unknown: Unknown) -> list[Event]:
        state = self._state
        if unknown.what == "deal":
            card = next((c for c in state.deck if not c.is_special), None)
            if card is None and state.deck:
                raise IllegalActionError(
                    "ST-SPECIAL-CARD",
                    "only the special card is left in the deck, and it is always dealt face up",
                )
            action: Action = Deal(unknown.seat, card if card is not None else SPECIAL)
        else:
            kind = next((k for k in state.bonus_deck if k is not BonusKind.SUPER_JUMP), None)
            if kind is None and state.bonus_deck:
                raise IllegalActionError(
                    "ST-SUPER-JUMP",
                    "only Super Jump is left in the bonus deck, and it is always played face up",
                )
            action = DrawBonus(unknown.seat, kind if kind is not None else BonusKind.SPEED)
        after, events = step(state, action)
        pool: Pool[Card] | Pool[BonusKind] = self._cards if unknown.what == "deal" else self._bonus
        pool.epochs[-1].unseen[unknown.seat] += 1
        self._state = after
        self._new_epochs(events)
        return [_hidden(event) for event in events]

    # -- a seen action -----------------------------------------------------------------

    def _fitted(self, action: Action) -> State:
        """The witness, changed if it must be for ``action``'s card to be where it is."""
        state, cards, bonus = self._state, self._cards, self._bonus
        if not 0 <= action.seat < state.players:
            return state  # the engine refuses the seat
        match action:
            case Play(seat=seat, card=card) if (
                not card.is_special and card not in state.hands[seat] and cards.hidden_in_hand(seat)
            ):
                return self._refit_cards(cards.solve(shown=(seat, card)), action)
            case PlayBonus(seat=seat, kind=kind) if (
                kind is not BonusKind.SUPER_JUMP
                and kind not in state.bonus_hands[seat]
                and bonus.hidden_in_hand(seat)
            ):
                return self._refit_bonus(bonus.solve(shown=(seat, kind)), action)
            case Deal(card=card) if (
                state.phase is Phase.DEAL and card not in state.deck and cards.epochs[-1].unseen
            ):
                return self._refit_cards(cards.solve(drawn=card), action)
            case DrawBonus(kind=kind) if (
                state.phase is Phase.BONUS_DRAW
                and kind not in state.bonus_deck
                and bonus.epochs[-1].unseen
            ):
                return self._refit_bonus(bonus.solve(drawn=kind), action)
        return state

    def _refit_cards(self, assignment: Assignment[Card] | None, action: Play | Deal) -> State:
        if assignment is None:
            raise _no_fit(self._state, action, self._cards.known)
        hands = _hands(self._cards, assignment)
        deck = _deck(self._cards, assignment)
        return attrs.evolve(
            self._state,
            hands=tuple(tuple(sorted(hand.elements())) for hand in hands),
            deck=tuple(sorted(deck)),
        )

    def _refit_bonus(
        self, assignment: Assignment[BonusKind] | None, action: PlayBonus | DrawBonus
    ) -> State:
        if assignment is None:
            raise _no_fit(self._state, action, [])
        hands = _hands(self._bonus, assignment)
        deck = _deck(self._bonus, assignment)
        return attrs.evolve(
            self._state,
            bonus_hands=tuple(sort_bonus(list(hand.elements())) for hand in hands),
            bonus_deck=sort_bonus(deck),
        )

    def _note(self, action: Action) -> None:
        """Book what ``action`` showed: a card dealt face up, a card played."""
        if isinstance(action, Deal):
            self._cards.epochs[-1].left[action.card] -= 1
            if not action.card.is_special:
                self._cards.known[action.seat][action.card] += 1
        elif isinstance(action, DrawBonus):
            self._bonus.epochs[-1].left[action.kind] -= 1
            if action.kind is not BonusKind.SUPER_JUMP:
                self._bonus.known[action.seat][action.kind] += 1
        elif isinstance(action, Play):
            _play(self._cards, action.seat, action.card)
        elif isinstance(action, PlayBonus):
            _play(self._bonus, action.seat, action.kind)

    def _new_epochs(self, events: list[Event]) -> None:
        """Start an epoch at each shuffle, and forget every slot once all hands are shown."""
        state = self._state
        if not any(state.hands):
            self._cards = Pool.start(SPECIAL, state.deck, state.hands)
        elif any(isinstance(event, ev.DeckReshuffled) for event in events):
            self._cards.epochs.append(Epoch(Counter(state.deck)))
        if not any(state.bonus_hands):
            self._bonus = Pool.start(BonusKind.SUPER_JUMP, state.bonus_deck, state.bonus_hands)
        elif any(isinstance(event, ev.BonusDeckReshuffled) for event in events):
            self._bonus.epochs.append(Epoch(Counter(state.bonus_deck)))


def _play(pool: Pool[T], seat: int, card: T) -> None:
    if pool.known[seat][card]:
        pool.known[seat][card] -= 1
    else:
        pool.shown[seat][card] += 1


def _hidden(event: Event) -> Event:
    """What the table saw of an unseen outcome's event."""
    if isinstance(event, ev.CardDealt):
        return ev.HiddenCardDealt(event.seat)
    if isinstance(event, ev.BonusCardTaken):
        return ev.HiddenBonusCardTaken(event.seat)
    return event


def _no_fit(state: State, action: Action, known: list[Counter[Card]]) -> IllegalActionError:
    """The refusal of a line no assignment of the unseen cards fits."""
    if isinstance(action, Play):
        return IllegalActionError(
            "ST-PLAY-CARD",
            f"seat {action.seat} cannot be holding {action.card} "
            f"({_copies(state, action.card, known)}): no way of dealing the unseen cards puts "
            "one in its hand",
        )
    if isinstance(action, PlayBonus):
        return IllegalActionError(
            "ST-RESPONSE-WINDOW",
            f"seat {action.seat} cannot be holding a {action.kind}: no way of dealing the unseen"
            " bonus cards puts one in its hand",
        )
    if isinstance(action, Deal):
        return IllegalActionError(
            "ST-CHANCE",
            f"{action.card} cannot be in the deck ({_copies(state, action.card, known)}): the "
            "cards dealt unseen cannot all be other cards",
        )
    assert isinstance(action, DrawBonus)
    return IllegalActionError(
        "ST-CHANCE",
        f"no {action.kind} can be left in the bonus deck: the bonus cards taken unseen cannot"
        " all be other cards",
    )


def _copies(state: State, card: Card, known: list[Counter[Card]]) -> str:
    """Where the copies of ``card`` seen so far are."""
    total = movement_deck(state.colours_in_play).count(card)
    seen = [f"{state.discard.count(card)} in the discard pile"] if card in state.discard else []
    seen += [
        f"{hand[card]} seen dealt to seat {seat}" for seat, hand in enumerate(known) if hand[card]
    ]
    return f"{total} in the game: {', '.join(seen) or 'none seen'}"
