"""The checks every state passes: could the rules have produced it?

`validate_state` refuses a state the rules could not reach (cards or bonus cards
not accounted for exactly once, hands over 6, a phase without what it needs...) with
an `InvalidStateError` naming the JSON path of what is wrong. Every
loaded, started or set-up state passes through it. A state built by hand holding a
value of another type than a state holds (a list for a tuple, a string for a card, a
float for a position) is refused first (`check_shapes`), naming the first such value.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from itertools import chain, pairwise
from typing import Any

from sonic_rules.core.errors import InvalidStateError, shown_value
from sonic_rules.core.serialization import MAX_NUMBER_DIGITS
from sonic_rules.super_teams.board import Board, Space, Surface
from sonic_rules.super_teams.cards import (
    CARDS,
    BonusKind,
    Card,
    Character,
    Colour,
    bonus_rank,
    card_rank,
    holds_card,
    movement_deck,
    sort_bonus,
)
from sonic_rules.super_teams.legality import jump_candidates, movable_characters
from sonic_rules.super_teams.options import BonusSplit, Options, check_options
from sonic_rules.super_teams.phases import Phase
from sonic_rules.super_teams.state import HAND_SIZE, PendingMove, Piece, State


def _fail(message: str, path: str) -> None:
    raise InvalidStateError(message, path)


def validate_state(state: State) -> None:
    """Raise ``InvalidStateError`` (with a JSON path) unless the rules could reach ``state``.

    Anything but a state of this game is a ``TypeError`` naming ``state``; a state
    holding a value of another type than a state holds there is refused first
    (`check_shapes`), naming where.
    """
    if not isinstance(state, State):
        raise TypeError(f"state must be a Super Teams State, not {type(state).__name__}")
    check_shapes(state)
    check_rules(state)


def check_rules(state: State) -> None:
    """`validate_state` of a state known to be of the right shape (`check_shapes`), such
    as one `from_json` reads straight from well-formed JSON (built of values of exactly
    the types a state holds): the rules' checks alone."""
    players = state.players
    if players not in (2, 3, 4):
        _fail("Super Teams is for 2, 3 or 4 players", "$.players")
    check_options(players, state.options)
    characters = [c for colour in state.colours_in_play for c in colour.characters]
    _check_pieces(state, characters)
    _check_hands(state)
    _check_every_card_once(state)
    _check_counters(state)
    _check_pending(state, characters)
    _check_phase(state, characters)


def _check_pieces(state: State, characters: list[Character]) -> None:
    finish = len(state.board)
    if len(state.pieces) != len(characters):
        _fail(f"expected {len(characters)} pieces, one per character in play", "$.pieces")
    pending = state.pending
    choosing = (
        pending.character if state.phase is Phase.CHOOSE_HALF and pending is not None else None
    )
    for index, (piece, character) in enumerate(zip(state.pieces, characters, strict=True)):
        if piece.character is not character:
            _fail(
                f"expected {character.value} here (pieces in character order)",
                f"$.pieces[{index}].character",
            )
        position, half = piece.position, piece.half
        if not 0 <= position <= finish:
            _fail(
                f"position must be 0..{finish} ({finish} means across)",
                f"$.pieces[{index}].position",
            )
        if position >= finish:
            if half is not None:
                _fail("a character across the line stands on no half", f"$.pieces[{index}].half")
            continue
        space = state.board[position]
        halves = space.halves
        if halves is None and half is not None:
            _fail(f"space {position} is not a double space", f"$.pieces[{index}].half")
        if halves is not None and half is None and choosing is not character:
            _fail(
                f"space {position} is a double space: a half is needed", f"$.pieces[{index}].half"
            )
        if halves is not None and half is not None and half not in halves:
            _fail(f"space {position} has no {half} half", f"$.pieces[{index}].half")
        if space is Space.LOOP:
            _fail("a character never stands in a loop", f"$.pieces[{index}].position")


def _check_hands(state: State) -> None:
    for name in ("hands", "bonus_hands"):
        if len(getattr(state, name)) != state.players:
            _fail(f"expected one entry per seat ({state.players})", f"$.{name}")
    for seat, hand in enumerate(state.hands):
        if len(hand) > HAND_SIZE:
            _fail(f"a hand holds at most {HAND_SIZE} cards", f"$.hands[{seat}]")
        if holds_card(hand, Card.special()):
            _fail("the special card is never held", f"$.hands[{seat}]")
        if not _in_order(hand):
            _fail("cards are listed in order", f"$.hands[{seat}]")
    for name in ("deck", "discard"):
        pile = getattr(state, name)
        if not _in_order(pile):
            _fail("cards are listed in order", f"$.{name}")
    for name in ("bonus_deck", "bonus_discard"):
        pile = getattr(state, name)
        if not _bonus_in_order(pile):
            _fail("bonus cards are listed in order", f"$.{name}")
    for seat, kinds in enumerate(state.bonus_hands):
        if not _bonus_in_order(kinds):
            _fail("bonus cards are listed in order", f"$.bonus_hands[{seat}]")
        if BonusKind.SUPER_JUMP in kinds:
            _fail("Super Jump is never held", f"$.bonus_hands[{seat}]")


def _in_order(cards: tuple[Card, ...]) -> bool:
    """Whether ``cards`` are sorted (``list(cards) == sorted(cards)``), comparing ranks."""
    try:
        ranks = list(map(card_rank, cards))
    except AttributeError:  # not all cards: a state built by hand
        return list(cards) == sorted(cards)
    return ranks == sorted(ranks)


def _bonus_in_order(kinds: tuple[BonusKind, ...]) -> bool:
    """Whether ``kinds`` are sorted (``tuple(kinds) == sort_bonus(kinds)``), by rank."""
    try:
        ranks = list(map(bonus_rank, kinds))
    except (KeyError, TypeError):  # not all bonus kinds: a state built by hand
        return tuple(kinds) == sort_bonus(kinds)
    return ranks == sorted(ranks)


@functools.lru_cache(maxsize=16)
def _deck_counts(colours: tuple[Colour, ...]) -> Counter[Card]:
    """How many of each card the movement deck for ``colours`` has (never changed)."""
    return Counter(movement_deck(colours))


@functools.lru_cache(maxsize=16)
def _deck_ranks(colours: tuple[Colour, ...]) -> list[int]:
    """The ranks of the movement deck for ``colours``, in order (never changed)."""
    return sorted(map(card_rank, movement_deck(colours)))


def _all_cards_once(state: State) -> bool:
    """Every movement card exactly once, compared as sorted ranks (``False`` if unsure)."""
    try:
        ranks = sorted(map(card_rank, chain(state.deck, state.discard, *state.hands)))
    except AttributeError:  # not all cards: a state built by hand
        return False
    return ranks == _deck_ranks(state.colours_in_play)


def _all_bonus_cards_once(state: State) -> bool:
    """The bonus cards match the split, compared as sorted ranks (``False`` if unsure)."""
    piles = chain(state.bonus_deck, state.bonus_discard, *state.bonus_hands)
    try:
        ranks = sorted(map(bonus_rank, piles))
    except (KeyError, TypeError):  # not all bonus kinds: a state built by hand
        return False
    return ranks == list(map(bonus_rank, state.options.bonus_split.cards()))


def _check_every_card_once(state: State) -> None:
    if _all_cards_once(state) and _all_bonus_cards_once(state):
        return
    everything = _deck_counts(state.colours_in_play)
    held = Counter(chain(state.deck, state.discard, *state.hands))
    # Every count is positive on both sides, so the plain mapping comparison (in C) is
    # the multiset comparison.
    if dict.__ne__(held, everything):
        extra = sorted((held - everything).elements())
        missing = sorted((everything - held).elements())
        detail = []
        if extra:
            detail.append("too many " + ", ".join(map(str, extra)))
        if missing:
            detail.append("missing " + ", ".join(map(str, missing)))
        _fail("movement cards not accounted for exactly once: " + "; ".join(detail), "$")
    bonus_all = Counter(state.options.bonus_split.cards())
    bonus_held = Counter(chain(state.bonus_deck, state.bonus_discard, *state.bonus_hands))
    if dict.__ne__(bonus_held, bonus_all):
        _fail("bonus cards do not match the bonus split exactly", "$")


def _check_counters(state: State) -> None:
    players = state.players
    for name in ("turn", "deal_next"):
        if not 0 <= getattr(state, name) < players:
            _fail(f"must be a seat 0..{players - 1}", f"$.{name}")
    if state.jumper is not None and not 0 <= state.jumper < players:
        _fail(f"must be a seat 0..{players - 1}", "$.jumper")
    for index, seat in enumerate(state.bonus_queue):
        if not 0 <= seat < players:
            _fail(f"must be a seat 0..{players - 1}", f"$.bonus_queue[{index}]")
    if state.specials_owed < 0:
        _fail("cannot be negative", "$.specials_owed")
    if state.turns_played < 0:
        _fail("cannot be negative", "$.turns_played")


def _check_pending(state: State, characters: list[Character]) -> None:
    phase = state.phase
    pending = state.pending
    needs_pending = phase in (Phase.RESPONSE, Phase.CHOOSE_HALF)
    if needs_pending != (pending is not None):
        _fail(
            f"a move in progress is {'required' if needs_pending else 'impossible'} "
            f"in phase {phase.value}",
            "$.pending",
        )
    if pending is None:
        return
    if not 0 <= pending.seat < state.players:
        _fail("must be a seat", "$.pending.seat")
    if pending.seat != state.turn:
        _fail("the move in progress is the turn player's", "$.pending.seat")
    if pending.character not in characters:
        _fail("not a character in play", "$.pending.character")
    if state.has_crossed(pending.character):
        _fail("a character across the line is never moved", "$.pending.character")
    holder = state.holder(pending.character.colour)
    asked = (holder,) if state.partner(holder) is None else (holder, state.partner(holder))
    in_order = tuple(seat for seat in asked if seat in pending.responders)
    if pending.responders != in_order:
        _fail("only the colour's holder, then the partner, are asked", "$.pending.responders")
    allowed = 2 if state.options.partner_second_bonus else 1
    if len(pending.bonuses) > allowed or BonusKind.SUPER_JUMP in pending.bonuses:
        _fail(f"at most {allowed} bonus card(s), never Super Jump", "$.pending.bonuses")
    if pending.card.is_special:
        _fail("the special card is never played", "$.pending.card")
    if pending.card not in state.discard:
        _fail("the card played is in the discard pile", "$.pending.card")
    if pending.character not in movable_characters(state, pending.card.colour):
        _fail(
            "the card cannot move this character (ST-CHARACTER-COLOUR, ST-COLOUR-FALLBACK)",
            "$.pending.character",
        )
    if Counter(pending.bonuses) - Counter(state.bonus_discard):
        _fail("the bonus cards played are in the bonus discard pile", "$.pending.bonuses")
    if len(pending.bonuses) > len(asked) - len(pending.responders):
        _fail("a seat that played a bonus card on this move is not asked again", "$.pending")
    if phase is Phase.RESPONSE and len(pending.bonuses) >= allowed:
        _fail("no seat is asked once the move has all its bonus cards", "$.pending.responders")
    if phase is Phase.RESPONSE and not pending.responders:
        _fail("a bonus response needs a seat to ask", "$.pending.responders")
    for index, seat in enumerate(pending.responders):
        if not 0 <= seat < state.players:
            _fail("must be a seat", f"$.pending.responders[{index}]")
        if not state.bonus_hands[seat]:
            _fail("a seat with no bonus card is not asked", f"$.pending.responders[{index}]")
    if phase is Phase.CHOOSE_HALF:
        piece = state.piece(pending.character)
        if piece.position >= len(state.board) or not state.board[piece.position].is_double:
            _fail("the character is not on a double space", "$.pending.character")


def _check_phase(state: State, characters: list[Character]) -> None:
    phase = state.phase
    if (phase is Phase.BONUS_DRAW) != bool(
        state.bonus_queue
    ) and phase is not Phase.SUPER_JUMP_TARGET:
        _fail("a bonus queue goes with the bonus-draw phase", "$.bonus_queue")
    if phase is Phase.BONUS_DRAW and not state.bonus_deck:
        _fail("a bonus draw needs a card in the bonus deck", "$.bonus_deck")
    if phase is Phase.DEAL and not state.deck:
        _fail("a deal needs a card in the deck", "$.deck")
    if (phase is Phase.SUPER_JUMP_TARGET) != (state.jumper is not None):
        _fail("a Super Jump chooser goes with the super-jump-target phase", "$.jumper")
    if state.bonus_for is not None and state.bonus_for not in characters:
        _fail("not a character in play", "$.bonus_for")
    limit = state.options.turn_limit
    if limit is not None and state.turns_played > limit:
        _fail(f"more turns than the turn limit of {limit}", "$.turns_played")
    across = any(state.side_is_across(side) for side in range(state.sides))
    over = across or (limit is not None and state.turns_played >= limit)
    if over != (phase is Phase.GAME_OVER):
        _fail(
            "the game is over exactly when one side is all across or the turn limit is "
            "reached (ST-OPT-TURN-LIMIT)",
            "$.phase",
        )
    if phase is Phase.PLAY and not state.hands[state.turn]:
        _fail("the seat to play holds no card", "$.hands")
    _check_hand_sizes(state)
    if state.specials_owed and phase is not Phase.DEAL:
        _fail("a special card's replacement is owed only during a deal", "$.specials_owed")
    _check_specials_owed(state)
    _check_bonus_queue(state)
    if phase is Phase.DEAL and len(state.hands[state.deal_next]) >= HAND_SIZE:
        _fail("the next card of a deal goes to a hand that is not full", "$.deal_next")
    if state.bonus_for is not None:
        if phase is not Phase.BONUS_DRAW:
            _fail("a bonus space is drawn for only in the bonus-draw phase", "$.bonus_for")
        piece = state.piece(state.bonus_for)
        if piece.position >= len(state.board) or state.board[piece.position].value != "B":
            _fail("the character is not on a bonus space", "$.bonus_for")
        if state.bonus_queue != (state.holder(state.bonus_for.colour),):
            _fail("only the colour's holder takes a bonus space's card", "$.bonus_queue")
    if state.jumper is not None and not jump_candidates(state, state.jumper):
        _fail("this seat has no character to Super Jump", "$.jumper")


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
        _fail(
            "hand sizes do not fit a deal in turn order (clockwise from the first player, "
            "each seat holds as many cards as the next, or one more)",
            "$.hands",
        )
    # The next card goes to the first seat short of the others; once every hand is full
    # (a bonus round after the last replacement card) it stays with the last seat dealt to.
    full = sizes[-1] == HAND_SIZE
    if state.deal_next != (order[-1] if full else order[sizes.index(sizes[-1])]):
        _fail("the next card goes to the first seat short of the others", "$.deal_next")


MAX_SPECIALS_OWED = 2
"""ST-SPECIAL-CARD, ST-DECK-RESHUFFLE: what one deal can owe. A deal starts with at least
6 cards per seat in the deck, so it runs dry only when the special card took the last
place; the reshuffle then brings back every card not in a hand (at least 13), the
special card among them, and if that is dealt at once a second replacement is owed; the
deck cannot run dry again before the next ordinary card, which settles what is owed."""


def _check_specials_owed(state: State) -> None:
    owed = state.specials_owed
    if owed > MAX_SPECIALS_OWED:
        _fail(
            f"a deal owes at most {MAX_SPECIALS_OWED} special cards' bonus rounds",
            "$.specials_owed",
        )
    special = Card.special()
    # Revealed, the special card is discarded; only a reshuffle since (which empties the
    # discard pile) puts it back in the deck, and after a second reveal none follows.
    just_reshuffled = owed == 1 and not state.discard and holds_card(state.deck, special)
    if owed and not holds_card(state.discard, special) and not just_reshuffled:
        _fail("the special card revealed is in the discard pile", "$.specials_owed")


def _check_bonus_queue(state: State) -> None:
    """ST-SPECIAL-BONUS: the seats still to take a bonus card go clockwise, at most two
    rounds of the table (`MAX_SPECIALS_OWED`); during a Super Jump choice the chooser
    took the card just before them."""
    queue = state.bonus_queue
    if state.phase is Phase.SUPER_JUMP_TARGET and state.jumper is not None:
        queue = (state.jumper, *queue)
    if len(queue) > MAX_SPECIALS_OWED * state.players:
        _fail("more bonus draws queued than two special cards give", "$.bonus_queue")
    for first, second in pairwise(queue):
        if second != (first + 1) % state.players:
            _fail("the seats take bonus cards one after another, clockwise", "$.bonus_queue")


# ----- the Python shape of a state --------------------------------------------------------
#
# A state built by hand can hold anything: a list for a tuple, a string for a card, a
# float for a position, a plain string for a phase. `check_shapes` refuses such a state
# before any rule is checked (the checks read the values as the types a state holds),
# naming the first wrong value in field order. Only what JSON cannot give is refused
# (a value of another type, a number of more digits than JSON text may have): a state
# read from JSON always has the right shape, and the rules' own checks come next as
# before.

_Found = tuple[str, str] | None
"""What is wrong and where (a message and a JSON path), or ``None``."""
_Check = Callable[[Any, str], _Found]
"""A check of one value found at a path."""

_BIG = 10**MAX_NUMBER_DIGITS
"""A number JSON text may hold has fewer digits (`MAX_NUMBER_DIGITS`)."""
_MISSING = object()


def _expected(what: str, value: object, path: str) -> tuple[str, str]:
    return f"expected {what}, got {shown_value(value)}", path


def _int(value: Any, path: str) -> _Found:
    return None if type(value) is int else _expected("an int", value, path)


def _number(value: Any, path: str) -> _Found:
    """An int that JSON text can hold (for a count no rule bounds)."""
    if type(value) is not int:
        return _expected("an int", value, path)
    if not -_BIG < value < _BIG:
        return f"a number of more than {MAX_NUMBER_DIGITS} digits", path
    return None


def _players(value: Any, path: str) -> _Found:
    return None if type(value) is int else ("Super Teams is for 2, 3 or 4 players", path)


def _one_of(kind: type, members: frozenset[Any], what: str) -> _Check:
    """The check of a value that must be one of ``members`` (all of type ``kind``)."""

    def check(value: Any, path: str) -> _Found:
        if type(value) is kind and value in members:
            return None
        return _expected(what, value, path)

    return check


def _optional(check: _Check, what: str) -> _Check:
    """``None`` or a value passing ``check`` (named ``what``)."""

    def optional(value: Any, path: str) -> _Found:
        if value is None:
            return None
        found = check(value, path)
        if found is not None and found[1] == path:
            return _expected(f"{what} or None", value, path)
        return found

    return optional


def _tuple_of(check: _Check) -> _Check:
    """A tuple of any length whose values pass ``check``."""

    def tuple_of(value: Any, path: str) -> _Found:
        if type(value) is not tuple:
            return _expected("a tuple", value, path)
        for index, item in enumerate(value):
            found = check(item, f"{path}[{index}]")
            if found is not None:
                return found
        return None

    return tuple_of


def _fields_wrong(value: object, fields: tuple[tuple[str, _Check], ...], path: str) -> _Found:
    """The first of ``fields`` of ``value`` (at ``path``) failing its check, in order."""
    for name, check in fields:
        where = f"{path}.{name}"
        field = getattr(value, name, _MISSING)
        if field is _MISSING:
            return "required field missing", where
        found = check(field, where)
        if found is not None:
            return found
    return None


def _record(kind: type, fields: tuple[tuple[str, _Check], ...], what: str) -> _Check:
    """A value of exactly ``kind`` whose ``fields`` pass their checks."""

    def record(value: Any, path: str) -> _Found:
        if type(value) is not kind:
            return _expected(what, value, path)
        return _fields_wrong(value, fields, path)

    return record


_SPACE_SET = frozenset(Space)


def _board_ok(board: Any) -> bool:
    """Whether ``board`` is a `Board` as ``Board(spaces)`` or `Board.parse` makes one."""
    if type(board) is not Board:
        return False
    try:
        spaces = board.spaces
        count = len(spaces) if type(spaces) is tuple else -1
        return (
            count >= 0
            and all(type(space) is Space and space in _SPACE_SET for space in spaces)
            and type(board.notation) is str
            and type(board._loop_at) is tuple
            and len(board._loop_at) == count
            and type(board._next_rings) is tuple
            and len(board._next_rings) == count
        )
    except AttributeError:  # a board made without its fields
        return False


def _board(value: Any, path: str) -> _Found:
    if type(value) is not Board:
        return _expected("a Board", value, path)
    if not _board_ok(value):
        return "a board is made by Board(spaces) or Board.parse", path
    return None


_SPLIT_FIELDS = tuple(kind.name.lower() for kind in BonusKind)
"""The `BonusSplit` fields, in the order `check_options` asks about them."""


def _options(value: Any, path: str) -> _Found:
    """Every value of the options of exactly its type, asked (and worded) as
    `check_options` asks: it takes subclasses, and a state needs the types themselves."""
    if type(value) is not Options:
        return "options must be a super_teams.Options", path
    fields = {
        name: getattr(value, name, _MISSING)
        for name in ("bonus_split", "first_player", "partner_second_bonus", "turn_limit")
    }
    for name, field in fields.items():
        if field is _MISSING:
            return "required field missing", f"{path}.{name}"
    split = fields["bonus_split"]
    if type(split) is not BonusSplit:
        return "must be a BonusSplit", f"{path}.bonus_split"
    for name in _SPLIT_FIELDS:
        count = getattr(split, name, _MISSING)
        if count is _MISSING:
            return "required field missing", f"{path}.bonus_split.{name}"
        if type(count) is not int:
            return "must be an integer", f"{path}.bonus_split.{name}"
        if not -_BIG < count < _BIG:
            return f"a number of more than {MAX_NUMBER_DIGITS} digits", f"{path}.bonus_split.{name}"
    if type(fields["first_player"]) is not int:
        return "must be an integer seat", f"{path}.first_player"
    if type(fields["partner_second_bonus"]) is not bool:
        return "must be true or false", f"{path}.partner_second_bonus"
    limit = fields["turn_limit"]
    if limit is not None and type(limit) is not int:
        return "must be a whole number of turns, 1 or more", f"{path}.turn_limit"
    if limit is not None and limit >= _BIG:
        return f"a number of more than {MAX_NUMBER_DIGITS} digits", f"{path}.turn_limit"
    colours = getattr(value, "colours", _MISSING)
    if colours is _MISSING:
        return "required field missing", f"{path}.colours"
    if colours is None:
        return None
    if type(colours) is not tuple or not all(type(held) is tuple for held in colours):
        return "must be a tuple of tuples of colours", f"{path}.colours"
    for seat, held in enumerate(colours):
        for index, colour in enumerate(held):
            if type(colour) is not Colour:
                return f"not a colour: {colour!r}", f"{path}.colours[{seat}][{index}]"
    return None


_CARD_SET = frozenset(CARDS)
"""Every card there is: cards are interned, so a card is one of these very objects."""
_KIND_SET = frozenset(BonusKind)
_CHARACTER_SET = frozenset(Character)
_SURFACE_SET = frozenset(Surface)
_CARD = _one_of(Card, _CARD_SET, "a Card")
_KIND = _one_of(BonusKind, _KIND_SET, "a BonusKind")
_CHARACTER = _one_of(Character, _CHARACTER_SET, "a Character")
_PIECE = _record(
    Piece,
    (
        ("character", _CHARACTER),
        ("position", _int),
        ("half", _optional(_one_of(Surface, _SURFACE_SET, "a Surface"), "a Surface")),
    ),
    "a Piece",
)
_PENDING = _record(
    PendingMove,
    (
        ("seat", _int),
        ("card", _CARD),
        ("character", _CHARACTER),
        ("responders", _tuple_of(_int)),
        ("bonuses", _tuple_of(_KIND)),
    ),
    "a PendingMove",
)
_STATE_FIELDS: tuple[tuple[str, _Check], ...] = (
    ("players", _players),
    ("board", _board),
    ("options", _options),
    ("phase", _one_of(Phase, frozenset(Phase), "a Phase")),
    ("turn", _int),
    ("pieces", _tuple_of(_PIECE)),
    ("hands", _tuple_of(_tuple_of(_CARD))),
    ("bonus_hands", _tuple_of(_tuple_of(_KIND))),
    ("deck", _tuple_of(_CARD)),
    ("discard", _tuple_of(_CARD)),
    ("bonus_deck", _tuple_of(_KIND)),
    ("bonus_discard", _tuple_of(_KIND)),
    ("deal_next", _int),
    ("specials_owed", _int),
    ("bonus_queue", _tuple_of(_int)),
    ("bonus_for", _optional(_CHARACTER, "a Character")),
    ("jumper", _optional(_int, "an int")),
    ("pending", _optional(_PENDING, "a PendingMove")),
    ("turns_played", _number),
)
"""The check of each field of a state, in field order."""


# -- the quick answer, for a state of the right shape ----------------------------------

_SEEN_MAX = 4096
_SEEN_BOARDS: dict[int, object] = {}
_SEEN_OPTIONS: dict[int, object] = {}
_SEEN_PIECES: dict[int, object] = {}
"""Boards, options and pieces found of their shape, by identity (each kept alive, so no
other value has its id while it is known). They are frozen values holding frozen
values: found so once, they stay so; states share them (a board and the options for a
whole game, the pieces read from JSON and those a move leaves alone)."""
_INT = frozenset((int,))
_TUPLE = frozenset((tuple,))


def _note(seen: dict[int, object], value: object) -> None:
    if len(seen) >= _SEEN_MAX:
        seen.clear()
    seen[id(value)] = value


def _piece_ok(piece: Any) -> bool:
    half = piece.half
    return (
        type(piece) is Piece
        and piece.character in _CHARACTER_SET
        and type(piece.position) is int
        and (half is None or half in _SURFACE_SET)
    )


def _pending_ok(pending: Any) -> bool:
    responders, bonuses = pending.responders, pending.bonuses
    return (
        type(pending) is PendingMove
        and type(pending.seat) is int
        and pending.card in _CARD_SET
        and pending.character in _CHARACTER_SET
        and type(responders) is tuple
        and _INT.issuperset(map(type, responders))
        and type(bonuses) is tuple
        and _KIND_SET.issuperset(bonuses)
    )


def _well_shaped(state: State) -> bool:
    """True only if every value of ``state`` is of the type a state holds there (as
    `_STATE_FIELDS` asks), quickly: sets of the very objects a state may hold (cards,
    enum members) answer for whole piles at once, and boards, options and pieces found
    so are remembered. May raise ``AttributeError`` or ``TypeError`` (a value without
    its fields, an unhashable value): the state is then not of the right shape."""
    board, options, pieces, pending = state.board, state.options, state.pieces, state.pending
    hands, deck, discard = state.hands, state.deck, state.discard
    bonus_hands, bonus_deck, bonus_discard = (
        state.bonus_hands,
        state.bonus_deck,
        state.bonus_discard,
    )
    bonus_queue, bonus_for, jumper, turns = (
        state.bonus_queue,
        state.bonus_for,
        state.jumper,
        state.turns_played,
    )
    if not (
        type(state.players) is int
        and type(state.phase) is Phase
        and type(state.turn) is int
        and type(state.deal_next) is int
        and type(state.specials_owed) is int
        and type(turns) is int
        and -_BIG < turns < _BIG
        and (jumper is None or type(jumper) is int)
        and (bonus_for is None or bonus_for in _CHARACTER_SET)
        and type(hands) is tuple
        and type(deck) is tuple
        and type(discard) is tuple
        and _TUPLE.issuperset(map(type, hands))
        and _CARD_SET.issuperset(chain(deck, discard, *hands))
        and type(bonus_hands) is tuple
        and type(bonus_deck) is tuple
        and type(bonus_discard) is tuple
        and _TUPLE.issuperset(map(type, bonus_hands))
        and _KIND_SET.issuperset(chain(bonus_deck, bonus_discard, *bonus_hands))
        and type(bonus_queue) is tuple
        and _INT.issuperset(map(type, bonus_queue))
        and type(pieces) is tuple
        and (pending is None or _pending_ok(pending))
    ):
        return False
    if id(board) not in _SEEN_BOARDS:
        if not _board_ok(board):
            return False
        _note(_SEEN_BOARDS, board)
    if id(options) not in _SEEN_OPTIONS:
        if _options(options, "$.options") is not None:
            return False
        _note(_SEEN_OPTIONS, options)
    seen = _SEEN_PIECES
    for piece in pieces:
        if id(piece) not in seen:
            if not _piece_ok(piece):
                return False
            _note(seen, piece)
    return True


def check_shapes(state: State) -> None:
    """Refuse a state holding a value of another type than a state holds there (a list
    for a tuple, a string for a card, a plain string for a phase, a bool for a seat): an
    `InvalidStateError` naming the first one in field order, by its JSON path
    (``$.pieces[0].position``, ``$.hands[1][2]``). A state read from JSON always has the
    right shape."""
    try:
        if _well_shaped(state):
            return
    except (AttributeError, TypeError):  # a value without its fields, or unhashable
        pass
    found = _fields_wrong(state, _STATE_FIELDS, "$")
    if found is not None:
        raise InvalidStateError(*found)
