"""The Super Teams state: a frozen value holding everything the referee knows.

Public parts: the board, the pieces, the phase, the counts of every hand, the piles'
contents as multisets. Private parts: ``hands[seat]`` and ``bonus_hands[seat]`` (each
known only to that seat) and the order of the decks, which the state never holds: a
deck is a multiset, and drawing from it is a chance node.
"""

from __future__ import annotations

from functools import cached_property

import attrs

from sonic_rules.core.chance import CHANCE, ChanceType
from sonic_rules.core.game import Outcome
from sonic_rules.core.picture import Pictured
from sonic_rules.super_teams.board import Board, SpaceKind, Surface
from sonic_rules.super_teams.cards import BonusKind, Card, Character, Colour
from sonic_rules.super_teams.members import GAME_OVER, NORMAL
from sonic_rules.super_teams.options import Options, colours_in_play, seat_colours
from sonic_rules.super_teams.phases import PHASES, Phase

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
# dict, copied, with the changes over it (`sonic_rules.core.update`).
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
        return self.phase is GAME_OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats of the winning side; empty until the game is over."""
        if self.phase is not GAME_OVER:
            return ()
        for side in range(self.sides):
            if self.side_is_across(side):
                return self.side_seats(side)
        return ()

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (ST-WIN); ``None`` until it is over."""
        if self.phase is not GAME_OVER:
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
        return NORMAL if surface is None else surface


def piece_index(state: State, character: Character) -> int:
    """Where ``character``'s piece is in ``state.pieces`` (``StopIteration``, as ``next``
    on no match, for a state built without it)."""
    for index, piece in enumerate(state.pieces):
        if piece.character is character:
            return index
    raise StopIteration


_ACTORS = PHASES.actors
_SURFACES: dict[SpaceKind, Surface | None] = {space: space.surface for space in SpaceKind}
