"""Starting a game, and setting up a position directly (tests, puzzles, frontends)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from sonic_rules.core.errors import BoardError, InvalidActionError, InvalidStateError
from sonic_rules.core.serialization import structure_or_raise
from sonic_rules.super_teams.board import Board, Surface
from sonic_rules.super_teams.cards import (
    BonusKind,
    Card,
    Character,
    movement_deck,
    sort_bonus,
)
from sonic_rules.super_teams.options import Options, check_options, colours_in_play
from sonic_rules.super_teams.phases import PHASES, Phase
from sonic_rules.super_teams.serialize import converter
from sonic_rules.super_teams.state import Piece, State
from sonic_rules.super_teams.validate import validate_state

T = TypeVar("T")

VARIANTS: dict[str, tuple[int, ...]] = {"standard": (2, 3, 4)}
"""Each variant's name and its player counts (Super Teams has one: ``standard``)."""


def _board(board: Board | str | None) -> Board:
    if board is None:
        return Board.default()
    if isinstance(board, Board):
        return board
    if isinstance(board, str):
        return Board.parse(board)
    raise BoardError(f"board must be a Board or board notation text, got {type(board).__name__}")


def _check_players(players: object) -> int:
    if type(players) is not int:
        raise TypeError(f"players must be an int (2, 3 or 4), got {type(players).__name__}")
    if players not in (2, 3, 4):
        raise InvalidStateError(
            f"Super Teams is for 2, 3 or 4 players, not {players!r}", "$.players"
        )
    return players


def _options(options: Options | Mapping[str, Any] | None) -> Options:
    """``Options``, a mapping of option fields (as in JSON), or ``None`` for the defaults."""
    if options is None:
        return Options()
    if isinstance(options, Options):
        return options
    if isinstance(options, Mapping):
        return structure_or_raise(converter, dict(options), Options, "$.options")
    raise InvalidStateError(
        f"options must be a super_teams.Options or a mapping, got {type(options).__name__}",
        "$.options",
    )


def _check_variant(variant: object) -> str:
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise InvalidStateError(
            f"unknown variant {variant!r}; the variants are: {', '.join(VARIANTS)}", "$.variant"
        )
    return variant


def new_game(
    players: int,
    *,
    variant: str = "standard",
    board: Board | str | None = None,
    options: Options | Mapping[str, Any] | None = None,
) -> State:
    """A new game at its first chance node: the first card of the deal (ST-DEAL).

    ``variant`` is ``"standard"`` (the only one). ``board`` is a `Board`, board
    notation text, or ``None`` for the shipped Green Hill Zone reconstruction.
    ``options`` defaults to `Options()`.
    """
    variant = _check_variant(variant)
    players = _check_players(players)
    options = _options(options)
    check_options(players, options)
    the_board = _board(board)
    colours = colours_in_play(players, options)
    in_play = [c for c in Character if c.colour in colours]
    state = State(
        players=players,
        board=the_board,
        options=options,
        phase=PHASES.initial_phase(variant),
        turn=options.first_player,
        pieces=tuple(Piece(c, 0) for c in in_play),  # ST-SETUP-START
        hands=((),) * players,
        bonus_hands=((),) * players,
        deck=movement_deck(colours),
        discard=(),
        bonus_deck=sort_bonus(options.bonus_split.cards()),
        bonus_discard=(),
        deal_next=options.first_player,
    )
    validate_state(state)
    return state


PositionSpec = int | tuple[int, Surface | str | None]


def _items(value: object, path: str) -> list[Any]:
    """The entries of a list-like argument; text, mappings and scalars are refused."""
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise InvalidStateError(f"expected a list, got {value!r}", path)
    return list(value)


def _parse_cards(cards: Iterable[Card | str], path: str) -> tuple[Card, ...]:
    result = []
    for index, card in enumerate(_items(cards, path)):
        try:
            result.append(card if isinstance(card, Card) else Card.parse(card))
        except InvalidActionError as error:
            raise InvalidStateError(str(error), f"{path}[{index}]") from None
    return tuple(sorted(result))


def _parse_bonus(kinds: Iterable[BonusKind | str], path: str) -> tuple[BonusKind, ...]:
    result = []
    for index, kind in enumerate(_items(kinds, path)):
        try:
            result.append(kind if isinstance(kind, BonusKind) else BonusKind(kind))
        except ValueError:
            allowed = ", ".join(k.value for k in BonusKind)
            raise InvalidStateError(
                f"unknown bonus card {kind!r} ({allowed})", f"{path}[{index}]"
            ) from None
    return sort_bonus(result)


def setup_position(
    players: int,
    *,
    board: Board | str | None = None,
    positions: Mapping[Character | str, PositionSpec] | None = None,
    hands: Iterable[Iterable[Card | str]] | None = None,
    bonus_hands: Iterable[Iterable[BonusKind | str]] | None = None,
    discard: Iterable[Card | str] = (),
    deck: Iterable[Card | str] | None = None,
    bonus_discard: Iterable[BonusKind | str] = (),
    bonus_deck: Iterable[BonusKind | str] | None = None,
    to_act: int = 0,
    options: Options | Mapping[str, Any] | None = None,
) -> State:
    """A position in the play phase, ``to_act`` about to play a movement card.

    ``positions`` maps characters (or their names: ``"sonic"``, ``"metal-sonic"``) to a
    space index, or to ``(index, half)`` on a double space; ``len(board)`` means
    across; characters not named stand on the start. ``hands`` and ``bonus_hands``
    list each seat's cards (``"blue-4"``; ``"speed"``, ``"shield"``...); ``deck`` and
    ``bonus_deck`` default to every card not placed elsewhere. Checked as when loaded.

    >>> s = setup_position(2, positions={"sonic": 5}, hands=[["blue-3"], ["red-2"]])
    >>> s.piece(Character.SONIC).position, s.to_act
    (5, 0)
    """
    players = _check_players(players)
    options = _options(options)
    check_options(players, options)
    the_board = _board(board)
    colours = colours_in_play(players, options)
    in_play = [c for c in Character if c.colour in colours]
    pieces = _pieces(positions, in_play)
    hand_list = _per_seat(hands, players, "$.hands", _parse_cards)
    bonus_list = _per_seat(bonus_hands, players, "$.bonus_hands", _parse_bonus)
    discard_cards = _parse_cards(discard, "$.discard")
    deck_cards = _deck(deck, movement_deck(colours), discard_cards, hand_list)
    bonus_discard_cards = _parse_bonus(bonus_discard, "$.bonus_discard")
    bonus_deck_cards = _bonus_deck(bonus_deck, options, bonus_discard_cards, bonus_list)
    if type(to_act) is not int or not 0 <= to_act < players:
        raise InvalidStateError(f"to_act must be a seat 0..{players - 1}", "$.to_act")
    if len(hand_list) != players or len(bonus_list) != players:
        raise InvalidStateError(f"expected at most {players} hands", "$.hands")
    state = State(
        players=players,
        board=the_board,
        options=options,
        phase=Phase.PLAY,
        turn=to_act,
        pieces=pieces,
        hands=tuple(hand_list),
        bonus_hands=tuple(bonus_list),
        deck=deck_cards,
        discard=discard_cards,
        bonus_deck=bonus_deck_cards,
        bonus_discard=bonus_discard_cards,
        deal_next=to_act,
    )
    validate_state(state)
    return state


def _per_seat(
    lists: Iterable[Iterable[Any]] | None,
    players: int,
    path: str,
    parse: Callable[[Iterable[Any], str], tuple[T, ...]],
) -> list[tuple[T, ...]]:
    """Each seat's cards, parsed; seats not listed hold none."""
    parsed = [parse(cards, f"{path}[{i}]") for i, cards in enumerate(_items(lists or (), path))]
    empty: list[tuple[T, ...]] = [()] * (players - len(parsed))
    return parsed + empty


def _pieces(
    positions: Mapping[Character | str, PositionSpec] | None, in_play: list[Character]
) -> tuple[Piece, ...]:
    """Every piece in play: those ``positions`` names where it says, the rest on the start."""
    placed: dict[Character, Piece] = {}
    if positions is not None and not isinstance(positions, Mapping):
        raise InvalidStateError(f"expected a mapping, got {positions!r}", "$.positions")
    for key, spec in (positions or {}).items():
        try:
            character = key if isinstance(key, Character) else Character(key)
        except ValueError:
            raise InvalidStateError(f"unknown character {key!r}", f"$.positions.{key}") from None
        if character not in in_play:
            raise InvalidStateError(f"{character} is not in this game", f"$.positions.{key}")
        placed[character] = _piece(character, spec, f"$.positions.{key}")
    return tuple(placed.get(c, Piece(c, 0)) for c in in_play)


def _piece(character: Character, spec: PositionSpec, path: str) -> Piece:
    if isinstance(spec, tuple):
        if len(spec) != 2:
            raise InvalidStateError("a position is a space index or (index, half)", path)
        position, half_spec = spec
        try:
            half = None if half_spec is None else Surface(half_spec)
        except ValueError:
            raise InvalidStateError(
                f"unknown half {half_spec!r} (rings, spikes, normal)", path
            ) from None
    else:
        position, half = spec, None
    if type(position) is not int:
        raise InvalidStateError("a position is a space index", path)
    return Piece(character, position, half)


def _deck(
    deck: Iterable[Card | str] | None,
    everything: tuple[Card, ...],
    discard: tuple[Card, ...],
    hands: list[tuple[Card, ...]],
) -> tuple[Card, ...]:
    """The deck as given, or by default every card not in the discard pile or a hand."""
    if deck is not None:
        return _parse_cards(deck, "$.deck")
    rest = Counter(everything)
    rest.subtract(Counter(discard))
    for hand in hands:
        rest.subtract(Counter(hand))
    if any(count < 0 for count in rest.values()):
        over = sorted(card for card, count in rest.items() if count < 0)
        raise InvalidStateError(
            "more copies than the deck has: " + ", ".join(map(str, over)), "$.hands"
        )
    return tuple(sorted(rest.elements()))


def _bonus_deck(
    bonus_deck: Iterable[BonusKind | str] | None,
    options: Options,
    discard: tuple[BonusKind, ...],
    hands: list[tuple[BonusKind, ...]],
) -> tuple[BonusKind, ...]:
    """The bonus deck as given, or by default every bonus card not discarded or held."""
    if bonus_deck is not None:
        return _parse_bonus(bonus_deck, "$.bonus_deck")
    rest = Counter(options.bonus_split.cards())
    rest.subtract(Counter(discard))
    for kinds in hands:
        rest.subtract(Counter(kinds))
    if any(count < 0 for count in rest.values()):
        raise InvalidStateError("more bonus cards than the bonus split has", "$.bonus_hands")
    return sort_bonus(list(rest.elements()))
