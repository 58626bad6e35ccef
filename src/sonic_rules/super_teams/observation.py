"""What an agent sees of a Super Teams state: the observation tensor and string.

Both are built from the seat's `views.View` alone (`views.observe`), so they carry
nothing the seat may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from sonic_rules.core.chance import CHANCE
from sonic_rules.core.observation import Sections
from sonic_rules.super_teams.board import Surface
from sonic_rules.super_teams.cards import SPECIAL, BonusKind, Card, Character, Colour
from sonic_rules.super_teams.options import seat_colours
from sonic_rules.super_teams.phases import Phase
from sonic_rules.super_teams.state import State
from sonic_rules.super_teams.views import View, observe

_SEATS = 4
_CARDS: tuple[Card, ...] = (*(Card(c, v) for c in Colour for v in range(1, 7)), SPECIAL)
_CARD_INDEX = {card: i for i, card in enumerate(_CARDS)}
_HALVES = (Surface.NORMAL, Surface.RINGS, Surface.SPIKES)


def observation_layout(state: State) -> list[tuple[str, int]]:
    """The observation tensor's sections in order, each ``(name, length)``.

    ``N`` is the board's length. Seats are always 4 wide, characters 8 (in
    `Character` order), movement cards 25 (blue 1-6, red, black,
    yellow, then the special card), bonus kinds 5 (in `BonusKind` order):

    ==================  =============  ==============================================
    section             length         content
    ==================  =============  ==============================================
    viewer              4              one-hot seat (all zero: spectator)
    to_act              5              one-hot seat, then chance (game over: zero)
    phase               7              one-hot `Phase`
    turn                4              one-hot seat whose turn it is
    seat_colours        16             seat x colour held
    pieces              8 x (N + 5)    per character: in play, one-hot space 0..N
                                       (N: across), one-hot half normal/rings/spikes
    hand                25             own movement cards by kind (counts)
    bonus_hand          5              own bonus cards by kind (counts)
    hand_sizes          4              cards per seat
    bonus_hand_sizes    4              bonus cards per seat
    piles               2              deck size, bonus deck size
    unseen              25             unseen movement cards by kind (counts)
    unseen_bonus        5              unseen bonus cards by kind (counts)
    discard             25             discard pile by kind (counts)
    bonus_discard       5              bonus discard pile by kind (counts)
    pending             47             the move in progress (all zero: none): 1 flag,
                                       one-hot seat that played the card (4), one-hot
                                       card (25), one-hot character (8), its bonus
                                       cards by kind (5), seats still to be asked (4)
    deal_next           4              one-hot seat the next card goes to
    specials_owed       1              special cards whose bonus round waits
    bonus_queue         4              bonus cards still to take, per seat
    bonus_for           8              one-hot character whose bonus space draws
    jumper              4              one-hot seat choosing a Super Jump target
    partner_bonus       1              the option ST-OPT-SECOND-BONUS
    turns               3              turns played; 1 if a turn limit is set
                                       (ST-OPT-TURN-LIMIT), then the turns left
    ==================  =============  ==============================================
    """
    if not isinstance(state, State):
        raise TypeError(f"state must be a Super Teams State, got {type(state).__name__}")
    return _SECTIONS.layout(len(state.board))


def observation_shape(state: State) -> tuple[int]:
    """The observation tensor's shape for ``state``'s game: ``(length,)``."""
    return (sum(length for _, length in observation_layout(state)),)


def observation_tensor(state: State, seat: int | None) -> list[float]:
    """``seat``'s observation as a flat list of floats (`observation_layout`).

    Built from `observe` alone, so it carries nothing the seat may not see.
    """
    return _SECTIONS.tensor(observe(state, seat))


def information_state(state: State, seat: int | None) -> str:
    """A string that identifies what ``seat`` knows of ``state``: its canonical view JSON.

    Two states give the same string exactly when ``seat`` sees them alike. This is the
    Markov information state of the ruling (OpenSpiel's observation with
    ``perfect_recall=False``); a perfect-recall information state also needs the
    seat's past views, which the state does not keep.
    """
    return observe(state, seat).to_json()


def _one_hot(index: int | None, size: int) -> list[float]:
    vector = [0.0] * size
    if index is not None:
        vector[index] = 1.0
    return vector


def _card_counts(cards: Sequence[Card] | None) -> list[float]:
    vector = [0.0] * len(_CARDS)
    for card in cards or ():
        vector[_CARD_INDEX[card]] += 1.0
    return vector


def _bonus_counts(kinds: Sequence[BonusKind] | None) -> list[float]:
    vector = [0.0] * len(BonusKind)
    for kind in kinds or ():
        vector[kind.order] += 1.0
    return vector


def _per_seat(values: Iterable[int]) -> list[float]:
    vector = [0.0] * _SEATS
    for seat, value in enumerate(values):
        vector[seat] = float(value)
    return vector


def _seat_counts(seats: Iterable[int]) -> list[float]:
    vector = [0.0] * _SEATS
    for seat in seats:
        vector[seat] += 1.0
    return vector


def _to_act(view: View) -> list[float]:
    to_act = view.to_act
    vector = [0.0] * (_SEATS + 1)
    if to_act is CHANCE:
        vector[_SEATS] = 1.0
    elif isinstance(to_act, int):
        vector[to_act] = 1.0
    return vector


def _seat_colours(view: View) -> list[float]:
    vector = [0.0] * (_SEATS * len(Colour))
    for seat, colours in enumerate(seat_colours(view.players, view.options)):
        for colour in colours:
            vector[seat * len(Colour) + list(Colour).index(colour)] = 1.0
    return vector


def _pieces(view: View) -> list[float]:
    width = len(view.board) + 1
    where = {piece.character: piece for piece in view.pieces}
    vector: list[float] = []
    for character in Character:
        piece = where.get(character)
        if piece is None:
            vector += [0.0] * (1 + width + len(_HALVES))
            continue
        half = None if piece.half is None else _HALVES.index(piece.half)
        vector += [1.0, *_one_hot(piece.position, width), *_one_hot(half, len(_HALVES))]
    return vector


def _pending(view: View) -> list[float]:
    move = view.pending
    if move is None:
        return [0.0] * (1 + _SEATS + len(_CARDS) + 8 + len(BonusKind) + _SEATS)
    return [
        1.0,
        *_one_hot(move.seat, _SEATS),
        *_one_hot(_CARD_INDEX[move.card], len(_CARDS)),
        *_one_hot(move.character.order, 8),
        *_bonus_counts(move.bonuses),
        *_seat_counts(move.responders),
    ]


def _turns(view: View) -> list[float]:
    limit = view.options.turn_limit
    if limit is None:
        return [float(view.turns_played), 0.0, 0.0]
    return [float(view.turns_played), 1.0, float(limit - view.turns_played)]


_Encoder = Callable[[View], list[float]]
_SECTIONS: Sections[View, int] = Sections(
    (
        ("viewer", _SEATS, lambda v: _one_hot(v.seat, _SEATS)),
        ("to_act", _SEATS + 1, _to_act),
        ("phase", len(Phase), lambda v: _one_hot(list(Phase).index(v.phase), len(Phase))),
        ("turn", _SEATS, lambda v: _one_hot(v.turn, _SEATS)),
        ("seat_colours", _SEATS * len(Colour), _seat_colours),
        ("pieces", lambda board: 8 * (board + 5), _pieces),
        ("hand", len(_CARDS), lambda v: _card_counts(v.hand)),
        ("bonus_hand", len(BonusKind), lambda v: _bonus_counts(v.bonus_hand)),
        ("hand_sizes", _SEATS, lambda v: _per_seat(v.hand_sizes)),
        ("bonus_hand_sizes", _SEATS, lambda v: _per_seat(v.bonus_hand_sizes)),
        ("piles", 2, lambda v: [float(v.deck_size), float(v.bonus_deck_size)]),
        ("unseen", len(_CARDS), lambda v: _card_counts(v.unseen)),
        ("unseen_bonus", len(BonusKind), lambda v: _bonus_counts(v.unseen_bonus)),
        ("discard", len(_CARDS), lambda v: _card_counts(v.discard)),
        ("bonus_discard", len(BonusKind), lambda v: _bonus_counts(v.bonus_discard)),
        ("pending", 1 + _SEATS + len(_CARDS) + 8 + len(BonusKind) + _SEATS, _pending),
        ("deal_next", _SEATS, lambda v: _one_hot(v.deal_next, _SEATS)),
        ("specials_owed", 1, lambda v: [float(v.specials_owed)]),
        ("bonus_queue", _SEATS, lambda v: _seat_counts(v.bonus_queue)),
        ("bonus_for", 8, lambda v: _one_hot(None if v.bonus_for is None else v.bonus_for.order, 8)),
        ("jumper", _SEATS, lambda v: _one_hot(v.jumper, _SEATS)),
        ("partner_bonus", 1, lambda v: [float(v.options.partner_second_bonus)]),
        ("turns", 3, _turns),
    )
)
