"""Starting a game, and setting up a position directly (tests, puzzles, frontends)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

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
    if type(players) is not int or players not in (2, 3, 4):
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

    ``variant`` is ``"standard"`` (the only one). ``board`` is a :class:`Board`, board
    notation text, or ``None`` for the shipped Green Hill Zone reconstruction.
    ``options`` defaults to :class:`Options()`.
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
    list each seat's cards (``"blue-4"``; ``"speed"``, ``"shield"``...). ``deck`` and
    ``bonus_deck`` default to every card not placed elsewhere. The result is checked
    like a loaded state: ``InvalidStateError`` names what is wrong.

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
        if isinstance(spec, tuple):
            if len(spec) != 2:
                raise InvalidStateError(
                    "a position is a space index or (index, half)", f"$.positions.{key}"
                )
            position, half_spec = spec
            try:
                half = None if half_spec is None else Surface(half_spec)
            except ValueError:
                raise InvalidStateError(
                    f"unknown half {half_spec!r} (rings, spikes, normal)", f"$.positions.{key}"
                ) from None
        else:
            position, half = spec, None
        if type(position) is not int:
            raise InvalidStateError("a position is a space index", f"$.positions.{key}")
        placed[character] = Piece(character, position, half)
    pieces = tuple(placed.get(c, Piece(c, 0)) for c in in_play)
    hand_list = [
        _parse_cards(h, f"$.hands[{i}]") for i, h in enumerate(_items(hands or (), "$.hands"))
    ]
    hand_list += [()] * (players - len(hand_list))
    bonus_list = [
        _parse_bonus(b, f"$.bonus_hands[{i}]")
        for i, b in enumerate(_items(bonus_hands or (), "$.bonus_hands"))
    ]
    bonus_list += [()] * (players - len(bonus_list))
    discard_cards = _parse_cards(discard, "$.discard")
    if deck is None:
        rest = Counter(movement_deck(colours))
        rest.subtract(Counter(discard_cards))
        for hand in hand_list:
            rest.subtract(Counter(hand))
        if any(count < 0 for count in rest.values()):
            over = sorted(card for card, count in rest.items() if count < 0)
            raise InvalidStateError(
                "more copies than the deck has: " + ", ".join(map(str, over)), "$.hands"
            )
        deck_cards = tuple(sorted(rest.elements()))
    else:
        deck_cards = _parse_cards(deck, "$.deck")
    bonus_discard_cards = _parse_bonus(bonus_discard, "$.bonus_discard")
    if bonus_deck is None:
        bonus_rest = Counter(options.bonus_split.cards())
        bonus_rest.subtract(Counter(bonus_discard_cards))
        for kinds in bonus_list:
            bonus_rest.subtract(Counter(kinds))
        if any(count < 0 for count in bonus_rest.values()):
            raise InvalidStateError("more bonus cards than the bonus split has", "$.bonus_hands")
        bonus_deck_cards = sort_bonus(list(bonus_rest.elements()))
    else:
        bonus_deck_cards = _parse_bonus(bonus_deck, "$.bonus_deck")
    if type(to_act) is not int or not 0 <= to_act < players:
        raise InvalidStateError(f"to_act must be a seat 0..{players - 1}", "$.to_act")
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
    if len(hand_list) != players or len(bonus_list) != players:
        raise InvalidStateError(f"expected at most {players} hands", "$.hands")
    validate_state(state)
    return state
