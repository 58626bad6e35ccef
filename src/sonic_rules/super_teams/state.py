"""The Super Teams state: a frozen value holding everything the referee knows.

Public parts: the board, the pieces, the phase, the counts of every hand, the piles'
contents as multisets. Private parts: ``hands[seat]`` and ``bonus_hands[seat]`` (each
known only to that seat) and the order of the decks, which the state never holds: a
deck is a multiset, and drawing from it is a chance node.
"""

from __future__ import annotations

from collections.abc import Callable
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


@attrs.frozen(cache_hash=True)
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


_FIELDS: tuple[str, ...] = tuple(field.name for field in attrs.fields(State))
_SEATING_NAMES = ("seat_colours", "colours_in_play", "_holder")
_SEATING = tuple(State.__dict__[name] for name in _SEATING_NAMES)
"""The slots of the cached properties that depend only on ``players`` and ``options``."""


def replace(state: State, **changes: Any) -> State:
    """``attrs.evolve(state, **changes)`` for the engine's hot path: the new state shares
    every unchanged field with ``state`` (a field is a frozen value), and keeps the seating
    ``state`` already worked out when ``players`` and ``options`` stay."""
    return replace_fields(state, changes)


def replace_fields(state: State, changes: dict[str, Any]) -> State:
    """`replace` with the changes given as a dict: the engine builds one as an action
    goes on and hands it over, so it is never copied into keyword arguments again."""
    names = tuple(changes)
    build = _BUILDERS.get(names)
    if build is None:
        build = _builder(names)
    return build(state, changes)


Builder = Callable[[State, dict[str, Any]], State]
_BUILDERS: dict[tuple[str, ...], Builder] = {}
"""A `Builder` per tuple of changed field names (an action's path through the engine
names the same few, in the same order)."""
_MAX_BUILDERS = 256


def _builder(names: tuple[str, ...]) -> Builder:
    """The `Builder` for changes to ``names`` (``ValueError`` for a name that is no field)."""
    unknown = [name for name in names if name not in _FIELDS]
    if unknown:
        raise ValueError(f"State has no field {unknown[0]!r}")
    if len(_BUILDERS) >= _MAX_BUILDERS:
        return _build_any
    build = _compile_build(frozenset(names))
    _BUILDERS[names] = build
    return build


def _carry_seating(state: State, new: State) -> None:
    """Work out ``state``'s seating (kept on it, as any reader would) and give ``new`` the
    same, so that the states after it copy it without asking again."""
    for name, slot in zip(_SEATING_NAMES, _SEATING, strict=True):
        try:
            value = getattr(state, name)
        except Exception:  # a state built by hand: reading it raises, as it would have
            continue
        slot.__set__(new, value)


def _compile_build(changed: frozenset[str] | None) -> Builder:
    """A `Builder`: ``build(state, changes)`` is a new `State` with each field from
    ``changes`` if named there, else from ``state``, and (unless ``players`` or
    ``options`` change) the seating ``state`` worked out. ``changed`` names the fields
    ``changes`` holds, exactly (``None``: any, asked field by field).

    Written out field by field from ``attrs.fields(State)``, as attrs writes
    ``__init__``. When every field is a plain slot (no default factory, converter or
    validator, and no ``__attrs_post_init__``), each value goes straight into its slot
    as ``__init__`` would put it, and the hash cache starts empty; otherwise it calls
    ``State(...)``.
    """
    plain = not hasattr(State, "__attrs_post_init__") and all(
        field.converter is None
        and field.validator is None
        and not isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
        for field in attrs.fields(State)
    )
    values = [_value_source(name, changed) for name in _FIELDS]
    namespace: dict[str, Any] = {
        "State": State,
        "_new": object.__new__,
        "_carry_seating": _carry_seating,
        **{
            f"_get_{name}": slot.__get__
            for name, slot in zip(_SEATING_NAMES, _SEATING, strict=True)
        },
        **{
            f"_set_{name}": slot.__set__
            for name, slot in zip(_SEATING_NAMES, _SEATING, strict=True)
        },
    }
    if plain:
        slots = (*_FIELDS, _HASH_CACHE)
        namespace.update({f"_set{n}": State.__dict__[name].__set__ for n, name in enumerate(slots)})
        body = ["new = _new(State)"]
        body += [f"_set{n}(new, {value})" for n, value in enumerate([*values, "None"])]
    else:
        body = [f"new = State({', '.join(values)})"]
    seating = [
        "try:",
        *(f"    _set_{name}(new, _get_{name}(s))" for name in _SEATING_NAMES),
        "except AttributeError:  # not all worked out yet (a new game's first copy)",
        "    _carry_seating(s, new)",
    ]
    if changed is None:
        body += [
            "if 'players' not in c and 'options' not in c:",
            *(f"    {line}" for line in seating),
        ]
    elif not {"players", "options"} & changed:
        body += seating
    body.append("return new")
    exec("def build(s, c):\n    " + "\n    ".join(body) + "\n", namespace)
    build: Builder = namespace["build"]
    return build


def _value_source(name: str, changed: frozenset[str] | None) -> str:
    """Where a `Builder` reads field ``name``: from the changes ``c`` or the state ``s``."""
    if changed is None:
        return f"c[{name!r}] if {name!r} in c else s.{name}"
    return f"c[{name!r}]" if name in changed else f"s.{name}"


_HASH_CACHE = "_attrs_cached_hash"
"""The slot where attrs keeps a state's hash (``cache_hash=True``); ``None`` until asked."""
_build_any = _compile_build(None)
