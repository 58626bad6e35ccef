"""The observation tensor and the information state of Super Teams, for agents.

Both are built from a seat's view (`views.observe`) alone, so they carry nothing the seat
may not see; the tensor's sections are declared once, in `OBSERVATION`
(`sonic_rules.core.observation.Observation`).

`observation_layout` gives the sections in order, each ``(name, length)``.
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

from __future__ import annotations

from collections.abc import Sequence

from sonic_rules.core.errors import require_instance
from sonic_rules.core.observation import (
    SEAT_SLOTS,
    Observation,
    counted,
    limit_section,
    one_hot,
    per_slot,
    to_act_section,
)
from sonic_rules.super_teams.board import Surface
from sonic_rules.super_teams.cards import (
    SPECIAL,
    BonusKind,
    Card,
    Character,
    Colour,
)
from sonic_rules.super_teams.options import seat_colours
from sonic_rules.super_teams.phases import Phase
from sonic_rules.super_teams.state import State
from sonic_rules.super_teams.views import View, observe

_CARDS: tuple[Card, ...] = (*(Card(c, v) for c in Colour for v in range(1, 7)), SPECIAL)
_CARD_INDEX = {card: i for i, card in enumerate(_CARDS)}
_HALVES = (Surface.NORMAL, Surface.RINGS, Surface.SPIKES)


def _board_length(state: State) -> int:
    return len(require_instance(state, State, "state", "a Super Teams State").board)


def _card_counts(cards: Sequence[Card] | None) -> list[float]:
    return counted((_CARD_INDEX[card] for card in cards or ()), len(_CARDS))


def _bonus_counts(kinds: Sequence[BonusKind] | None) -> list[float]:
    return counted((kind.order for kind in kinds or ()), len(BonusKind))


def _seat_colours(view: View) -> list[float]:
    vector = [0.0] * (SEAT_SLOTS * len(Colour))
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
        vector += [1.0, *one_hot(piece.position, width), *one_hot(half, len(_HALVES))]
    return vector


def _pending(view: View) -> list[float]:
    move = view.pending
    if move is None:
        return [0.0] * (1 + SEAT_SLOTS + len(_CARDS) + 8 + len(BonusKind) + SEAT_SLOTS)
    return [
        1.0,
        *one_hot(move.seat, SEAT_SLOTS),
        *one_hot(_CARD_INDEX[move.card], len(_CARDS)),
        *one_hot(move.character.order, 8),
        *_bonus_counts(move.bonuses),
        *counted(move.responders, SEAT_SLOTS),
    ]


OBSERVATION: Observation[State, View, int] = Observation(
    observe,
    _board_length,
    (
        ("viewer", SEAT_SLOTS, lambda v: one_hot(v.seat, SEAT_SLOTS)),
        ("to_act", SEAT_SLOTS + 1, lambda v: to_act_section(v.to_act)),
        ("phase", len(Phase), lambda v: one_hot(list(Phase).index(v.phase), len(Phase))),
        ("turn", SEAT_SLOTS, lambda v: one_hot(v.turn, SEAT_SLOTS)),
        ("seat_colours", SEAT_SLOTS * len(Colour), _seat_colours),
        ("pieces", lambda board: 8 * (board + 5), _pieces),
        ("hand", len(_CARDS), lambda v: _card_counts(v.hand)),
        ("bonus_hand", len(BonusKind), lambda v: _bonus_counts(v.bonus_hand)),
        ("hand_sizes", SEAT_SLOTS, lambda v: per_slot(v.hand_sizes, SEAT_SLOTS)),
        ("bonus_hand_sizes", SEAT_SLOTS, lambda v: per_slot(v.bonus_hand_sizes, SEAT_SLOTS)),
        ("piles", 2, lambda v: [float(v.deck_size), float(v.bonus_deck_size)]),
        ("unseen", len(_CARDS), lambda v: _card_counts(v.unseen)),
        ("unseen_bonus", len(BonusKind), lambda v: _bonus_counts(v.unseen_bonus)),
        ("discard", len(_CARDS), lambda v: _card_counts(v.discard)),
        ("bonus_discard", len(BonusKind), lambda v: _bonus_counts(v.bonus_discard)),
        ("pending", 1 + SEAT_SLOTS + len(_CARDS) + 8 + len(BonusKind) + SEAT_SLOTS, _pending),
        ("deal_next", SEAT_SLOTS, lambda v: one_hot(v.deal_next, SEAT_SLOTS)),
        ("specials_owed", 1, lambda v: [float(v.specials_owed)]),
        ("bonus_queue", SEAT_SLOTS, lambda v: counted(v.bonus_queue, SEAT_SLOTS)),
        ("bonus_for", 8, lambda v: one_hot(None if v.bonus_for is None else v.bonus_for.order, 8)),
        ("jumper", SEAT_SLOTS, lambda v: one_hot(v.jumper, SEAT_SLOTS)),
        ("partner_bonus", 1, lambda v: [float(v.options.partner_second_bonus)]),
        ("turns", 3, lambda v: limit_section(v.turns_played, v.options.turn_limit)),
    ),
)
"""Super Teams' observation tensor and information state; its sections are listed by
`observation_layout`."""

observation_layout = OBSERVATION.layout
observation_shape = OBSERVATION.shape
observation_tensor = OBSERVATION.tensor
information_state = OBSERVATION.information_state
