"""The Super Teams state: a frozen value holding everything the referee knows.

Public parts: the board, the pieces, the phase, the counts of every hand, the piles'
contents as multisets. Private parts: ``hands[seat]`` and ``bonus_hands[seat]`` (each
known only to that seat) and the order of the decks, which the state never holds: a
deck is a multiset, and drawing from it is a chance node.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

import attrs

from sonic_rules.core.chance import CHANCE, ChanceType
from sonic_rules.core.game import Outcome
from sonic_rules.core.picture import Pictured
from sonic_rules.super_teams.board import Board, Space, Surface
from sonic_rules.super_teams.cards import BonusKind, Card, Character, Colour
from sonic_rules.super_teams.options import Options, colours_in_play, seat_colours
from sonic_rules.super_teams.phases import PHASES, Phase

# Read on every action, as a module constant: on Python 3.11 reading a member off its
# enum class goes through ``EnumType.__getattr__``, several times slower than a global.
_GAME_OVER = Phase.GAME_OVER

HAND_SIZE = 6


@attrs.frozen
class Piece:
    """A character on the track: ``position`` 0..len(board)-1, or ``len(board)`` once across.

    ``half`` is the half of a double space it stands on (``None`` elsewhere).
    """

    character: Character
    position: int
    half: Surface | None = None


@attrs.frozen
class PendingMove:
    """A movement card played and not yet resolved.

    ``responders`` are the seats still to be asked for a bonus card, first is next;
    ``bonuses`` the bonus cards played on this move so far.
    """

    seat: int
    card: Card
    character: Character
    responders: tuple[int, ...] = ()
    bonuses: tuple[BonusKind, ...] = ()


# Not slotted: a state is built for every action, and a new one is the old one's field
# dict, copied, with the changes over it (`replace_fields`).
@attrs.frozen(cache_hash=True, slots=False)
class State(Pictured):
    """One moment of a Super Teams game. Never mutated; ``apply`` returns a new one.

    ``turn`` is the seat whose turn it is (during a deal: the seat that plays first
    after it). ``deal_next`` is the seat receiving the next card of a deal.
    ``specials_owed`` counts special cards revealed in this deal whose bonus round has
    not started (the round waits for the replacement card). ``bonus_queue`` lists
    the seats still to take a bonus card, first is next; ``bonus_for`` is the
    character whose bonus space caused the draw (``None``: the special card).
    ``jumper`` is the seat choosing a Super Jump target. ``pending`` is the move in
    progress.
    """

    players: int
    board: Board
    options: Options
    phase: Phase
    turn: int
    pieces: tuple[Piece, ...]
    hands: tuple[tuple[Card, ...], ...]
    bonus_hands: tuple[tuple[BonusKind, ...], ...]
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    bonus_deck: tuple[BonusKind, ...]
    bonus_discard: tuple[BonusKind, ...]
    deal_next: int = 0
    specials_owed: int = 0
    bonus_queue: tuple[int, ...] = ()
    bonus_for: Character | None = None
    jumper: int | None = None
    pending: PendingMove | None = None
    turns_played: int = 0

    # -- who acts -----------------------------------------------------------------

    @property
    def to_act(self) -> int | ChanceType | None:
        """The seat to act, `CHANCE`, or ``None`` once the game is over.

        The phase's declared actor says who (`phases.PHASES`).
        """
        actor = _ACTORS[self.phase]  # PHASES.to_act, read straight from the compiled table
        if actor is None or actor is CHANCE:
            return actor
        return actor(self)

    @property
    def is_over(self) -> bool:
        return self.phase is _GAME_OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats of the winning side; empty until the game is over."""
        if self.phase is not Phase.GAME_OVER:
            return ()
        for side in range(self.sides):
            if self.side_is_across(side):
                return self.side_seats(side)
        return ()

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (ST-WIN); ``None`` until it is over."""
        if self.phase is not Phase.GAME_OVER:
            return None
        if not self.winners:
            return Outcome((), f"the turn limit of {self.turns_played} turns was reached")
        return Outcome(self.winners, "every character of the winning side crossed the finish line")

    # -- seats, colours and sides --------------------------------------------------

    @cached_property
    def seat_colours(self) -> tuple[tuple[Colour, ...], ...]:
        return seat_colours(self.players, self.options)

    @cached_property
    def colours_in_play(self) -> tuple[Colour, ...]:
        return colours_in_play(self.players, self.options)

    @cached_property
    def _holder(self) -> dict[Colour, int]:
        return {c: seat for seat, colours in enumerate(self.seat_colours) for c in colours}

    def holder(self, colour: Colour) -> int:
        """The seat holding ``colour``."""
        return self._holder[colour]

    @property
    def sides(self) -> int:
        return 2 if self.players == 4 else self.players

    def side_of(self, seat: int) -> int:
        """ST-SEATS-SIDES: 4 players pair seats 0+2 and 1+3; otherwise a seat is a side."""
        return seat % 2 if self.players == 4 else seat

    def side_seats(self, side: int) -> tuple[int, ...]:
        return (side, side + 2) if self.players == 4 else (side,)

    def partner(self, seat: int) -> int | None:
        """The partner of ``seat`` (4 players), else ``None``."""
        return (seat + 2) % 4 if self.players == 4 else None

    def side_colours(self, side: int) -> tuple[Colour, ...]:
        return tuple(c for seat in self.side_seats(side) for c in self.seat_colours[seat])

    def side_is_across(self, side: int) -> bool:
        finish = len(self.board)
        return all(
            self.piece(character).position >= finish
            for colour in self.side_colours(side)
            for character in colour.characters
        )

    # -- pieces ---------------------------------------------------------------------

    def piece(self, character: Character) -> Piece:
        """The piece of ``character`` (``LookupError`` if it is not in this game)."""
        for piece in self.pieces:  # at most 8: a scan beats building a dict per state
            if piece.character is character:
                return piece
        raise LookupError(f"{character} is not in this game")

    def has_crossed(self, character: Character) -> bool:
        return self.piece(character).position >= len(self.board.spaces)

    def surface(self, character: Character) -> Surface:
        """The surface that governs ``character``'s next move (ST-VALUE-*)."""
        return self.surface_under(self.piece(character))

    def surface_under(self, piece: Piece) -> Surface:
        """The surface that governs ``piece``'s next move (ST-VALUE-*)."""
        if piece.half is not None:
            return piece.half
        surface = _SURFACES.get(self.board.spaces[piece.position])
        return Surface.NORMAL if surface is None else surface


_ACTORS = PHASES.actors
_SURFACES: dict[Space, Surface | None] = {space: space.surface for space in Space}


_FIELD_NAMES = frozenset(field.name for field in attrs.fields(State))
_SEATING_NAMES = ("seat_colours", "colours_in_play", "_holder")
"""The cached properties that depend only on ``players`` and ``options``."""
_HASH_CACHE = "_attrs_cached_hash"
"""Where attrs keeps a state's hash (``cache_hash=True``); ``None`` until asked."""
_PLAIN = not hasattr(State, "__attrs_post_init__") and all(
    field.converter is None and field.validator is None for field in attrs.fields(State)
)
"""Every field of `State` is a plain value (no converter, validator or post-init hook):
a new state's fields can be copied straight from the old one's."""
_new_state = object.__new__
_set_fields = object.__setattr__


def replace(state: State, **changes: Any) -> State:
    """``attrs.evolve(state, **changes)`` for the engine's hot path: the new state shares
    every unchanged field with ``state`` (a field is a frozen value), and keeps the seating
    ``state`` already worked out when ``players`` and ``options`` stay."""
    return replace_fields(state, changes)


def replace_fields(state: State, changes: dict[str, Any]) -> State:
    """`replace` with the changes given as a dict: the engine builds one as an action
    goes on and hands it over, so it is never copied into keyword arguments again.

    The new state's fields are the old state's, copied, with ``changes`` over them and
    the hash cache emptied (what attrs' ``__init__`` would store); the seating worked out
    stays unless ``players`` or ``options`` change. ``ValueError`` for a name that is no
    field.
    """
    if not changes.keys() <= _FIELD_NAMES:
        unknown = [name for name in changes if name not in _FIELD_NAMES]
        raise ValueError(f"State has no field {unknown[0]!r}")
    if not _PLAIN:
        return attrs.evolve(state, **changes)
    fields = state.__dict__.copy()
    fields.update(changes)
    fields[_HASH_CACHE] = None
    if "players" in changes or "options" in changes:
        for name in _SEATING_NAMES:
            fields.pop(name, None)
    made: State = _new_state(State)
    _set_fields(made, "__dict__", fields)
    return made
