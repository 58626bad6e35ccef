"""Starting a game: ``new_game`` and ``setup_position`` (a mid-game position by hand).

``new_game`` starts in the phase the declaration gives the variant
(``PHASES.initial_phase``) and moves on only through declared triggers: a Beginner
track given in the options is laid at once and the first turn begins; any other new
game begins its first turn, whose draw is the first chance node.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from sonic_rules.core.errors import BoardError, InvalidStateError
from sonic_rules.core.serialization import structure_or_raise
from sonic_rules.crash_course.phases import PHASES
from sonic_rules.crash_course.serialize import converter
from sonic_rules.crash_course.state import (
    BEGINNER_KINDS,
    KINDS,
    TOKEN_COUNTS,
    TOTAL_BIRDS,
    BoardItem,
    CharacterName,
    Draft,
    ItemKind,
    Options,
    Phase,
    Space,
    State,
    Variant,
)
from sonic_rules.crash_course.tiles import Catalogue, default_catalogue
from sonic_rules.crash_course.track import beginner_slots, lay_course
from sonic_rules.crash_course.turn import begin_turn
from sonic_rules.crash_course.validate import beginner_order, roster, validate_state


def _variant(variant: str | Variant) -> Variant:
    try:
        return Variant(variant)
    except ValueError:
        allowed = ", ".join(v.value for v in Variant)
        raise InvalidStateError(f"unknown variant {variant!r} (one of {allowed})") from None


def _options(options: Options | Mapping[str, Any] | None) -> Options:
    """``Options``, a mapping of its fields (as in JSON), or ``None`` for the defaults."""
    if options is None:
        return Options()
    if isinstance(options, Mapping):
        return structure_or_raise(converter, dict(options), Options, "$.options")
    if not isinstance(options, Options):
        raise InvalidStateError(
            f"options must be a crash_course.Options or a mapping, got {type(options).__name__}",
            "$.options",
        )
    # A hand-built Options is checked like a loaded one: through its JSON form.
    return structure_or_raise(
        converter, converter.unstructure(_plain(options)), Options, "$.options"
    )


def _plain(options: Options) -> Options:
    """Written forms (``"sonic"``, lists) accepted in a hand-built ``Options``."""
    flags = [field.name for field in attrs.fields(Options) if field.type in (bool, "bool")]
    for flag in flags:
        if type(getattr(options, flag)) is not bool:
            raise InvalidStateError(f"{flag} is true or false", "$.options")
    names = []
    for index, name in enumerate(options.characters):
        if isinstance(name, CharacterName):
            names.append(name)
            continue
        try:
            names.append(CharacterName(name))
        except ValueError:
            raise InvalidStateError(
                f"unknown character {name!r}", f"$.options.characters[{index}]"
            ) from None
    course = []
    for index, entry in enumerate(options.beginner_course):
        if not isinstance(entry, tuple | list) or len(entry) != 2:
            raise InvalidStateError(
                "a course entry is (tile id, reversed)", f"$.options.beginner_course[{index}]"
            )
        course.append((entry[0], entry[1]))
    return attrs.evolve(options, characters=tuple(names), beginner_course=tuple(course))


def _catalogue(tiles: Catalogue | None) -> Catalogue:
    """The given catalogue, or the shipped reconstruction for ``None``."""
    if tiles is None:
        return default_catalogue()
    if not isinstance(tiles, Catalogue):
        raise BoardError(
            f"tiles must be a Catalogue from load_tiles(), got {type(tiles).__name__}", "tiles"
        )
    return tiles


def _blank_state(players: int, variant: Variant, catalogue: Catalogue, options: Options) -> State:
    """A game of ``variant`` before its first turn, in the variant's initial phase."""
    characters = roster(players, variant, options)
    line, star = catalogue.start_tiles()
    if options.beginner_course and variant is not Variant.BEGINNER:
        raise InvalidStateError("only the Beginner game lays its track first", "$.options")
    if variant is Variant.BEGINNER:
        # CC-BEGINNER-SETUP: the track as the table laid it, or dealt later by chance.
        order = beginner_order(catalogue, options) if options.beginner_course else []
        course = lay_course(catalogue, order)
        tile_pile = () if order else tuple(range(len(catalogue.tiles)))
        pile = tuple(TOKEN_COUNTS[k] if k in BEGINNER_KINDS else 0 for k in KINDS)
        box = tuple(0 if k in BEGINNER_KINDS else TOKEN_COUNTS[k] for k in KINDS)
    else:
        course = lay_course(catalogue, [(line, False), (star, False)])
        tile_pile = tuple(n for n in range(len(catalogue.tiles)) if n not in (line, star))
        pile = tuple(TOKEN_COUNTS[k] for k in KINDS)
        box = (0,) * len(KINDS)
    return State(
        variant=variant,
        players=players,
        options=options,
        catalogue=catalogue,
        characters=characters,
        birds=(0,) * players,
        bird_supply=TOTAL_BIRDS,
        pile=pile,
        discard=(0,) * len(KINDS),
        box=box,
        course=course,
        tile_pile=tile_pile,
        shortcuts=(),
        board=(),
        face_down=(),
        phase=PHASES.initial_phase(variant.value),
        active=0,
        actions_left=3,
        moved_this_turn=False,
        draws_left=0,
        drawn=(),
        motion=(),
        pending=(),
        turn_hazard_damage=(0,) * len(characters),
        turn_laid_shortcuts=(),
        won_by=(),
    )


def new_game(
    players: int,
    *,
    variant: str | Variant = "standard",
    tiles: Catalogue | None = None,
    options: Options | Mapping[str, Any] | None = None,
) -> State:
    """A new game at its first chance node or decision (``CC-SETUP``).

    ``players`` is 2, 3 or 4 (the ``"two-player"`` variant needs 2); ``tiles`` a catalogue
    from :func:`~.tiles.load_tiles` (default: the shipped reconstruction); ``options`` an
    :class:`~.options.Options` or a mapping of its fields.
    """
    kind = _variant(variant)
    state = _blank_state(players, kind, _catalogue(tiles), _options(options))
    if state.phase is Phase.SETUP and state.tile_pile:
        return state  # CC-BEGINNER-SETUP: chance deals the track
    if kind is Variant.BEGINNER:
        state = attrs.evolve(state, face_down=tuple(beginner_slots(state)))
    draft = Draft(state)
    begin_turn(draft, 0)  # CC-PROJ-FIRST-PLAYER
    return draft.freeze()


def _space(value: Any, where: str) -> Space:
    if isinstance(value, Space):
        return value
    if (
        isinstance(value, tuple | list)
        and len(value) == 3
        and all(type(part) is int for part in value)
    ):
        return Space(*value)
    raise InvalidStateError(f"expected (tile, row, lane), got {value!r}", where)


def _kind(value: str | ItemKind, where: str) -> ItemKind:
    try:
        return value if isinstance(value, ItemKind) else ItemKind(value)
    except ValueError:
        raise InvalidStateError(f"unknown item {value!r}", where) from None


def setup_position(
    players: int = 2,
    *,
    variant: str | Variant = "standard",
    options: Options | Mapping[str, Any] | None = None,
    tiles: Catalogue | None = None,
    course: Sequence[str | tuple[str, bool]] | None = None,
    positions: Mapping[str, tuple[int, int, int] | Space | None] | None = None,
    damage: Mapping[str, int] | None = None,
    items: Mapping[str, Iterable[str]] | None = None,
    rings: Mapping[str, int] | None = None,
    power_ups: Iterable[str] = (),
    birds: Sequence[int] | None = None,
    board: Mapping[tuple[int, int, int], str] | None = None,
    face_down: Iterable[tuple[int, int, int]] = (),
    new_tiles: Iterable[int] = (),
    active: str | None = None,
    actions_left: int = 3,
) -> State:
    """A mid-game position in the actions phase, from readable arguments.

    ``course`` lists tile ids from the rearmost (``"id"`` or ``("id", reversed)``; default
    the two starting tiles); tiles not in it are in the pile. ``positions``, ``damage``,
    ``items``, ``rings`` are keyed by character name (``"sonic"``...); ``board`` maps
    ``(tile, row, lane)`` to ``"spring"``, ``"booster"``, ``"crabmeat"`` or
    ``"rings:N"``; ``face_down`` lists Beginner spaces holding a face-down token (their
    kinds are decided as they are revealed). ``new_tiles`` are course indices whose
    Flicky Bird is still to be taken. A Beginner position lays every tile (default: the
    catalogue order, starting tiles first). Every item not placed is in the pile. The
    result is validated like a loaded state
    (:class:`~sonic_rules.core.errors.InvalidStateError` if inconsistent).
    """
    kind = _variant(variant)
    catalogue = _catalogue(tiles)
    state = _blank_state(players, kind, catalogue, _options(options))
    if course is None and not state.course:
        line, star = catalogue.start_tiles()
        rest = [n for n in range(len(catalogue.tiles)) if n not in (line, star)]
        course = [catalogue.tiles[n].id for n in (line, star, *rest)]
    state = state if course is None else _with_course(state, course, new_tiles)
    table = _Table(state)
    table.place_characters(positions, damage)
    table.hand_out(items, rings)
    table.give_power_ups(power_ups)
    placed_items = table.lay_items(board)
    seat_birds = tuple(birds) if birds is not None else state.birds
    state = attrs.evolve(
        state,
        characters=tuple(table.characters),
        pile=tuple(table.pile),
        board=tuple(sorted(placed_items)),
        face_down=tuple(sorted({_space(key, "$.face_down") for key in face_down})),
        birds=seat_birds,
        bird_supply=TOTAL_BIRDS - sum(seat_birds),
        phase=Phase.ACTIONS,
        active=table.index(active, "$.active") if active is not None else 0,
        actions_left=actions_left,
    )
    validate_state(state)
    return state


def _with_course(
    state: State, course: Sequence[str | tuple[str, bool]], new_tiles: Iterable[int]
) -> State:
    """``state`` with ``course`` laid (tile ids from the rearmost) and the rest in the pile."""
    catalogue = state.catalogue
    order: list[tuple[int, bool]] = []
    for number, entry in enumerate(course):
        tile_id, flip = (entry, False) if isinstance(entry, str) else entry
        try:
            order.append((catalogue.index(tile_id), bool(flip)))
        except BoardError as error:
            raise InvalidStateError(error.message, f"$.course[{number}]") from None
    fresh = set(new_tiles)
    laid = tuple(
        attrs.evolve(placed, bird_taken=index not in fresh)
        for index, placed in enumerate(lay_course(catalogue, order))
    )
    in_course = {tile for tile, _ in order}
    pile_tiles = tuple(n for n in range(len(catalogue.tiles)) if n not in in_course)
    return attrs.evolve(state, course=laid, tile_pile=pile_tiles)


class _Table:
    """The character boards and the pile while a position is set up by name."""

    def __init__(self, state: State) -> None:
        self.names = {character.name.value: n for n, character in enumerate(state.characters)}
        self.characters = list(state.characters)
        self.pile = list(state.pile)

    def index(self, name: str, where: str) -> int:
        if name not in self.names:
            raise InvalidStateError(f"no character {name!r} in this game", where)
        return self.names[name]

    def place_characters(
        self,
        positions: Mapping[str, tuple[int, int, int] | Space | None] | None,
        damage: Mapping[str, int] | None,
    ) -> None:
        characters = self.characters
        for name, where_to in (positions or {}).items():
            n = self.index(name, f"$.positions.{name}")
            space = None if where_to is None else _space(where_to, f"$.positions.{name}")
            characters[n] = attrs.evolve(characters[n], position=space)
        for name, amount in (damage or {}).items():
            characters[self.index(name, f"$.damage.{name}")] = attrs.evolve(
                characters[self.names[name]], damage=amount
            )

    def hand_out(
        self, items: Mapping[str, Iterable[str]] | None, rings: Mapping[str, int] | None
    ) -> None:
        characters, pile = self.characters, self.pile
        for name, held in (items or {}).items():
            n = self.index(name, f"$.items.{name}")
            where = f"$.items.{name}"
            kinds = tuple(sorted((_kind(k, where) for k in held), key=lambda k: k.index))
            for item_kind in kinds:
                pile[item_kind.index] -= 1
            characters[n] = attrs.evolve(characters[n], items=kinds)
        for name, count in (rings or {}).items():
            n = self.index(name, f"$.rings.{name}")
            pile[ItemKind.RING.index] -= count
            characters[n] = attrs.evolve(characters[n], rings=count)

    def give_power_ups(self, power_ups: Iterable[str]) -> None:
        for name in power_ups:
            n = self.index(name, f"$.power_ups.{name}")
            self.characters[n] = attrs.evolve(self.characters[n], power_up=True)

    def lay_items(self, board: Mapping[tuple[int, int, int], str] | None) -> list[BoardItem]:
        placed_items = []
        for key, text in (board or {}).items():
            space = _space(key, f"$.board[{key!r}]")
            label, _, count_text = text.partition(":")
            item_kind = _kind("ring" if label == "rings" else label, f"$.board[{key!r}]")
            count = int(count_text) if count_text else 1
            self.pile[item_kind.index] -= count
            placed_items.append(BoardItem(space, item_kind, count))
        return placed_items
