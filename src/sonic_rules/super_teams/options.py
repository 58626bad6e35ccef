"""Rules options of Super Teams: each one a reading of the rulebook a table may choose."""

from __future__ import annotations

import attrs

from sonic_rules.core.errors import InvalidStateError
from sonic_rules.core.interning import Memo
from sonic_rules.super_teams.cards import BonusKind, Colour


@attrs.frozen
class BonusSplit:
    """How the 20 bonus cards divide among the five kinds (ST-OPT-BONUS-SPLIT).

    The split is not printed in the rulebook; the default is 4 of each.
    """

    speed: int = 4
    dexterity: int = 4
    superbonus: int = 4
    shield: int = 4
    super_jump: int = 4

    def count(self, kind: BonusKind) -> int:
        count: int = getattr(self, _SPLIT_FIELDS[kind])
        return count

    def cards(self) -> tuple[BonusKind, ...]:
        """The bonus deck's cards (ST-COMP-BONUS)."""
        counts = tuple(map(self.count, _KINDS))
        exact = all(type(count) is int for count in counts)
        cards = _SPLIT_CARDS.get(counts) if exact else None
        if cards is None:
            cards = tuple(
                kind for kind, count in zip(_KINDS, counts, strict=True) for _ in range(count)
            )
            if exact:
                _SPLIT_CARDS.put(counts, cards)
        return cards


_KINDS = tuple(BonusKind)
_SPLIT_CARDS: Memo[tuple[int, ...], tuple[BonusKind, ...]] = Memo(
    64, "super-teams bonus decks by split"
)


_SPLIT_FIELDS: dict[BonusKind, str] = {kind: kind.name.lower() for kind in BonusKind}
"""The `BonusSplit` field counting each kind."""

BONUS_CARDS = 20


@attrs.frozen
class Options:
    """The rules options carried in every state.

    - ``bonus_split``: the 20 bonus cards by kind (ST-OPT-BONUS-SPLIT).
    - ``first_player``: the seat that plays first (ST-OPT-FIRST-PLAYER).
    - ``colours``: the colours each seat holds, seat by seat; ``None`` for the default
      (ST-OPT-COLOURS): 2 players blue+black / red+yellow, 3 players blue / red /
      black, 4 players blue / red / black / yellow (partners 0+2 and 1+3).
    - ``partner_second_bonus``: after the holder plays a bonus card, the partner may
      add a second one (ST-OPT-SECOND-BONUS); off by default.
    - ``turn_limit``: the game ends unfinished, nobody winning, once this many turns
      have been played (ST-OPT-TURN-LIMIT); ``None`` (the default) for no limit. Agents
      need it: without it no bound on a game's length exists (see
      `action_space.max_game_length`).
    """

    bonus_split: BonusSplit = BonusSplit()
    first_player: int = 0
    colours: tuple[tuple[Colour, ...], ...] | None = None
    partner_second_bonus: bool = False
    turn_limit: int | None = None


DEFAULT_COLOURS: dict[int, tuple[tuple[Colour, ...], ...]] = {
    2: ((Colour.BLUE, Colour.BLACK), (Colour.RED, Colour.YELLOW)),
    3: ((Colour.BLUE,), (Colour.RED,), (Colour.BLACK,)),
    4: ((Colour.BLUE,), (Colour.RED,), (Colour.BLACK,), (Colour.YELLOW,)),
}


def seat_colours(players: int, options: Options) -> tuple[tuple[Colour, ...], ...]:
    return DEFAULT_COLOURS[players] if options.colours is None else options.colours


def colours_in_play(players: int, options: Options) -> tuple[Colour, ...]:
    """The colours held by some seat, in canonical order (3 players: one is left out)."""
    key = (players, id(options)) if type(players) is int else None
    kept = _IN_PLAY.get(key) if key is not None else None
    if kept is not None and kept[0] is options:  # an Options is frozen: same object, same answer
        return kept[1]
    held = {colour for colours in seat_colours(players, options) for colour in colours}
    in_play = tuple(colour for colour in _COLOURS if colour in held)
    if key is not None:
        _IN_PLAY.put(key, (options, in_play))
    return in_play


_COLOURS = tuple(Colour)
_IN_PLAY: Memo[tuple[int, int], tuple[Options, tuple[Colour, ...]]] = Memo(
    256, "super-teams colours in play by player count and options"
)
"""By the player count and the identity of the options, kept alive with the entry."""

_PASSED: Memo[int, tuple[Options, int]] = Memo(256, "super-teams options found fitting")
"""Options found fitting a player count lately, by identity (an ``Options`` is frozen),
kept alive with the entry."""


def check_options(players: int, options: Options, path: str = "$.options") -> None:
    """Raise ``InvalidStateError`` when the options do not fit ``players``."""
    passed = _PASSED.get(id(options))
    if (
        passed is not None
        and passed[0] is options
        and passed[1] == players
        and type(players) is int
    ):
        return
    if not isinstance(options, Options):
        raise InvalidStateError("options must be a super_teams.Options", path)
    _check_types(options, path)
    _check_values(players, options, path)
    if type(players) is int:
        _PASSED.put(id(options), (options, players))


def _check_values(players: int, options: Options, path: str) -> None:
    split = options.bonus_split
    for kind in _KINDS:
        if split.count(kind) < 0:
            raise InvalidStateError(
                "a bonus card count cannot be negative", f"{path}.bonus_split.{_field(kind)}"
            )
    total = sum(split.count(kind) for kind in _KINDS)
    if total != BONUS_CARDS:
        raise InvalidStateError(
            f"the bonus split must total {BONUS_CARDS} cards, not {total}", f"{path}.bonus_split"
        )
    if not 0 <= options.first_player < players:
        raise InvalidStateError(
            f"first_player must be a seat 0..{players - 1}", f"{path}.first_player"
        )
    if options.colours is not None:
        colours = options.colours
        want = 2 if players == 2 else 1
        if len(colours) != players:
            raise InvalidStateError(f"colours must list {players} seats", f"{path}.colours")
        seen: set[Colour] = set()
        for seat, held in enumerate(colours):
            if len(held) != want:
                raise InvalidStateError(
                    f"with {players} players each seat holds {want} colour(s)",
                    f"{path}.colours[{seat}]",
                )
            for index, colour in enumerate(held):
                if colour in seen:
                    raise InvalidStateError(
                        f"{colour.value} is held twice", f"{path}.colours[{seat}][{index}]"
                    )
                seen.add(colour)


def _is_int(value: object) -> bool:
    return type(value) is int


def _check_types(options: Options, path: str) -> None:
    if not isinstance(options.bonus_split, BonusSplit):
        raise InvalidStateError("must be a BonusSplit", f"{path}.bonus_split")
    for kind in _KINDS:
        if not _is_int(options.bonus_split.count(kind)):
            raise InvalidStateError("must be an integer", f"{path}.bonus_split.{_field(kind)}")
    if not _is_int(options.first_player):
        raise InvalidStateError("must be an integer seat", f"{path}.first_player")
    if type(options.partner_second_bonus) is not bool:
        raise InvalidStateError("must be true or false", f"{path}.partner_second_bonus")
    limit = options.turn_limit
    if limit is not None and (not _is_int(limit) or limit < 1):
        raise InvalidStateError("must be a whole number of turns, 1 or more", f"{path}.turn_limit")
    colours = options.colours
    if colours is None:
        return
    if not isinstance(colours, tuple) or not all(isinstance(held, tuple) for held in colours):
        raise InvalidStateError("must be a tuple of tuples of colours", f"{path}.colours")
    for seat, held in enumerate(colours):
        for index, colour in enumerate(held):
            if not isinstance(colour, Colour):
                raise InvalidStateError(
                    f"not a colour: {colour!r}", f"{path}.colours[{seat}][{index}]"
                )


def _field(kind: BonusKind) -> str:
    return kind.name.lower()
