"""Starting positions and validation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from sonic_rules.core.errors import BoardError, InvalidStateError
from sonic_rules.core.serialization import (
    make_converter,
    structure_or_raise,
)
from sonic_rules.crash_course.engine import (
    _EMPTY_FEATURES,
    _Work,
    airborne_characters,
    beginner_slots,
    features_of,
    next_placement,
)
from sonic_rules.crash_course.phases import Phase
from sonic_rules.crash_course.state import (
    BEGINNER_KINDS,
    KINDS,
    MAX_DAMAGE,
    MAX_ITEMS,
    MAX_RINGS,
    PLACED_KINDS,
    TOKEN_COUNTS,
    TOTAL_BIRDS,
    TOTAL_DAMAGE,
    TOTAL_ITEMS,
    BoardItem,
    Character,
    CharacterName,
    FrameKind,
    ItemKind,
    Options,
    PendingKind,
    PlacedTile,
    Space,
    State,
    Variant,
)
from sonic_rules.crash_course.tiles import (
    LANES,
    ROWS,
    Catalogue,
    default_catalogue,
    effective_turn,
    exit_heading,
    parse_catalogue,
)

_DEFAULT_ORDER = (
    CharacterName.SONIC,
    CharacterName.TAILS,
    CharacterName.KNUCKLES,
    CharacterName.EGGMAN,
)

converter = make_converter()


def _variant(variant: str | Variant) -> Variant:
    try:
        return Variant(variant)
    except ValueError:
        allowed = ", ".join(v.value for v in Variant)
        raise InvalidStateError(f"unknown variant {variant!r} (one of {allowed})") from None


def _roster(players: int, variant: Variant, options: Options) -> tuple[Character, ...]:
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise InvalidStateError(f"players must be 2, 3 or 4, not {players!r}", "$.players")
    if variant is Variant.TWO_PLAYER and players != 2:
        raise InvalidStateError("the 2-player variant is for 2 players", "$.players")
    # CC-TWO-PLAYER-CHARACTERS: 2 players control 4 characters, each a Character with its
    # own board (position, damage, items, Rings, Power-Up).
    count = 4 if variant is Variant.TWO_PLAYER else players
    names = options.characters or _DEFAULT_ORDER[:count]
    if len(names) != count or len(set(names)) != count:
        raise InvalidStateError(
            f"expected {count} different characters, got {[n.value for n in names]}",
            "$.options.characters",
        )
    # CC-TWO-PLAYER-ORDER: characters 0..3 take turns in order; character n belongs
    # to seat n % 2, so P1 main, P2 main, P1 side-kick, P2 side-kick.
    return tuple(Character(name, number % players) for number, name in enumerate(names))


def _lay_course(catalogue: Catalogue, order: Sequence[tuple[int, bool]]) -> tuple[PlacedTile, ...]:
    course: list[PlacedTile] = []
    for tile, reversed_ in order:
        if not course:
            placed = PlacedTile(tile, 0, 0, 0, reversed_, True)
        else:
            placed = attrs.evolve(
                next_placement(catalogue, course, tile, reversed_), bird_taken=True
            )
        course.append(placed)
    return tuple(course)


def _beginner_order(catalogue: Catalogue, options: Options) -> list[tuple[int, bool]]:
    """``CC-BEGINNER-SETUP``: the given order, checked to name every track tile once."""
    where = "$.options.beginner_course"
    order = []
    for number, (tile_id, reversed_) in enumerate(options.beginner_course):
        try:
            order.append((catalogue.index(tile_id), reversed_))
        except BoardError as error:
            raise InvalidStateError(error.message, f"{where}[{number}]") from None
    if sorted(tile for tile, _ in order) != list(range(len(catalogue.tiles))):
        raise InvalidStateError("name every track tile of the catalogue exactly once", where)
    return order


def _catalogue(tiles: Catalogue | None) -> Catalogue:
    """The given catalogue, or the shipped reconstruction for ``None``."""
    if tiles is None:
        return default_catalogue()
    if not isinstance(tiles, Catalogue):
        raise BoardError(
            f"tiles must be a Catalogue from load_tiles(), got {type(tiles).__name__}", "tiles"
        )
    return tiles


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
    if any(type(flag) is not bool for flag in (options.official_draw, options.set_back)):
        raise InvalidStateError("official_draw and set_back are true or false", "$.options")
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


def _blank_state(players: int, variant: Variant, catalogue: Catalogue, options: Options) -> State:
    characters = _roster(players, variant, options)
    line, star = catalogue.start_tiles()
    beginner = variant is Variant.BEGINNER
    phase = Phase.ACTIONS
    if options.beginner_course and not beginner:
        raise InvalidStateError("only the Beginner game lays its track first", "$.options")
    if beginner:
        if options.beginner_course:
            course = _lay_course(catalogue, _beginner_order(catalogue, options))
            tile_pile: tuple[int, ...] = ()
        else:
            phase = Phase.SETUP  # CC-BEGINNER-SETUP: chance deals the order
            course = ()
            tile_pile = tuple(range(len(catalogue.tiles)))
        pile = tuple(TOKEN_COUNTS[k] if k in BEGINNER_KINDS else 0 for k in KINDS)
        box = tuple(0 if k in BEGINNER_KINDS else TOKEN_COUNTS[k] for k in KINDS)
    else:
        course = _lay_course(catalogue, [(line, False), (star, False)])
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
        phase=phase,
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
    options: Options | None = None,
) -> State:
    """A new game at its first chance node or decision (``CC-SETUP``).

    ``players`` is 2, 3 or 4 (the ``"two-player"`` variant needs 2); ``tiles`` a catalogue
    from :func:`~.tiles.load_tiles` (default: the shipped reconstruction).
    """
    kind = _variant(variant)
    state = _blank_state(players, kind, _catalogue(tiles), _options(options))
    if state.phase is Phase.SETUP:
        return state
    if kind is Variant.BEGINNER:
        state = attrs.evolve(state, face_down=tuple(beginner_slots(state)))
    work = _Work(state)
    work.begin_turn(0)  # CC-PROJ-FIRST-PLAYER
    return work.freeze()


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
    options: Options | None = None,
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
    if course is not None:
        order: list[tuple[int, bool]] = []
        for number, entry in enumerate(course):
            tile_id, flip = (entry, False) if isinstance(entry, str) else entry
            try:
                order.append((catalogue.index(tile_id), bool(flip)))
            except BoardError as error:
                raise InvalidStateError(error.message, f"$.course[{number}]") from None
        laid = _lay_course(catalogue, order)
        fresh = set(new_tiles)
        laid = tuple(
            attrs.evolve(placed, bird_taken=index not in fresh) for index, placed in enumerate(laid)
        )
        in_course = {tile for tile, _ in order}
        pile_tiles = tuple(n for n in range(len(catalogue.tiles)) if n not in in_course)
        state = attrs.evolve(state, course=laid, tile_pile=pile_tiles)
    names = {character.name.value: n for n, character in enumerate(state.characters)}

    def index(name: str, where: str) -> int:
        if name not in names:
            raise InvalidStateError(f"no character {name!r} in this game", where)
        return names[name]

    characters = list(state.characters)
    pile = list(state.pile)
    for name, where_to in (positions or {}).items():
        n = index(name, f"$.positions.{name}")
        space = None if where_to is None else _space(where_to, f"$.positions.{name}")
        characters[n] = attrs.evolve(characters[n], position=space)
    for name, amount in (damage or {}).items():
        characters[index(name, f"$.damage.{name}")] = attrs.evolve(
            characters[names[name]], damage=amount
        )
    for name, held in (items or {}).items():
        n = index(name, f"$.items.{name}")
        kinds = tuple(sorted((_kind(k, f"$.items.{name}") for k in held), key=lambda k: k.index))
        for item_kind in kinds:
            pile[item_kind.index] -= 1
        characters[n] = attrs.evolve(characters[n], items=kinds)
    for name, count in (rings or {}).items():
        n = index(name, f"$.rings.{name}")
        pile[ItemKind.RING.index] -= count
        characters[n] = attrs.evolve(characters[n], rings=count)
    for name in power_ups:
        n = index(name, f"$.power_ups.{name}")
        characters[n] = attrs.evolve(characters[n], power_up=True)
    placed_items = []
    for key, text in (board or {}).items():
        space = _space(key, f"$.board[{key!r}]")
        label, _, count_text = text.partition(":")
        item_kind = _kind("ring" if label == "rings" else label, f"$.board[{key!r}]")
        count = int(count_text) if count_text else 1
        pile[item_kind.index] -= count
        placed_items.append(BoardItem(space, item_kind, count))
    seat_birds = tuple(birds) if birds is not None else state.birds
    state = attrs.evolve(
        state,
        characters=tuple(characters),
        pile=tuple(pile),
        board=tuple(sorted(placed_items)),
        face_down=tuple(sorted({_space(key, "$.face_down") for key in face_down})),
        birds=seat_birds,
        bird_supply=TOTAL_BIRDS - sum(seat_birds),
        phase=Phase.ACTIONS,
        active=index(active, "$.active") if active is not None else 0,
        actions_left=actions_left,
    )
    validate_state(state)
    return state


# ======================================================================================
# Validation
# ======================================================================================


def validate_state(state: State) -> None:
    """Semantic checks of a loaded or hand-built state (``InvalidStateError`` with a path)."""
    _check_catalogue(state.catalogue)
    expected = _roster(state.players, state.variant, state.options)
    if state.options.beginner_course:
        if state.variant is not Variant.BEGINNER:
            raise InvalidStateError("only the Beginner game lays its track first", "$.options")
        _beginner_order(state.catalogue, state.options)
    if len(state.characters) != len(expected):
        raise InvalidStateError(f"expected {len(expected)} characters", "$.characters")
    for number, (character, wanted) in enumerate(zip(state.characters, expected, strict=True)):
        where = f"$.characters[{number}]"
        if character.name is not wanted.name or character.owner != wanted.owner:
            raise InvalidStateError(f"expected {wanted.name.value} of seat {wanted.owner}", where)
        if not 0 <= character.damage <= MAX_DAMAGE:
            raise InvalidStateError("damage must be 0, 1 or 2", f"{where}.damage")
        if len(character.items) > MAX_ITEMS or ItemKind.RING in character.items:
            raise InvalidStateError("at most 2 items, Rings apart", f"{where}.items")
        if not 0 <= character.rings <= MAX_RINGS:
            raise InvalidStateError("at most 3 Rings", f"{where}.rings")
        if character.power_up and character.rings:
            raise InvalidStateError("Rings are traded for the Power-Up", f"{where}.rings")
    count = len(state.characters)
    _check_counts(state, count)
    _check_course(state)
    _check_spaces(state)
    _check_turn(state, count)


def _check_catalogue(catalogue: Catalogue) -> None:
    """A loaded state carries its catalogue: check it as ``load_tiles`` would."""
    data = {
        "tiles": [
            {"id": t.id, "kind": t.kind, "turn": t.turn, "rows": list(t.rows)}
            for t in catalogue.tiles
        ],
        "shortcuts": [{"id": s.id, "kind": s.kind} for s in catalogue.shortcuts],
    }
    try:
        parse_catalogue(data)
    except BoardError as error:
        where = error.where or ""
        path = "$.catalogue" + ("" if where in ("", "$") else "." + where)
        raise InvalidStateError(error.message, path) from None


def _check_counts(state: State, count: int) -> None:
    """CC-COMPONENTS: the tokens in play add up to the box contents."""
    for name in ("pile", "discard", "box"):
        values = getattr(state, name)
        if len(values) != len(KINDS) or any(v < 0 for v in values):
            raise InvalidStateError(f"expected {len(KINDS)} non-negative counts", f"$.{name}")
    for kind in KINDS:
        held = sum(c.items.count(kind) for c in state.characters)
        if kind is ItemKind.RING:
            held += sum(c.rings for c in state.characters) + sum(p.rings for p in state.pending)
        total = (
            state.pile[kind.index]
            + state.discard[kind.index]
            + state.box[kind.index]
            + held
            + state.drawn.count(kind)
            + sum(item.count for item in state.board if item.kind is kind)
        )
        if total != TOKEN_COUNTS[kind]:
            raise InvalidStateError(
                f"{total} {kind.value} tokens in play, the game has {TOKEN_COUNTS[kind]}", "$.pile"
            )
    assert state.item_total() == TOTAL_ITEMS
    if len(state.birds) != state.players or any(b < 0 for b in state.birds):
        raise InvalidStateError("one non-negative Flicky Bird count per seat", "$.birds")
    if state.bird_supply < 0 or state.bird_supply + sum(state.birds) != TOTAL_BIRDS:
        raise InvalidStateError("the Flicky Birds do not add up to 24", "$.bird_supply")
    if sum(c.damage for c in state.characters) > TOTAL_DAMAGE:
        raise InvalidStateError("more damage than the 12 tokens", "$.characters")
    if len(state.turn_hazard_damage) != count:
        raise InvalidStateError("one count per character", "$.turn_hazard_damage")


def _check_course(state: State) -> None:
    catalogue = state.catalogue
    tiles = [placed.tile for placed in state.course] + list(state.tile_pile)
    if sorted(tiles) != list(range(len(catalogue.tiles))):
        raise InvalidStateError(
            "each track tile must be in the course or the pile once", "$.course"
        )
    if state.phase is Phase.SETUP:
        if state.variant is not Variant.BEGINNER or not state.tile_pile:
            raise InvalidStateError("only a Beginner track is dealt at set-up", "$.phase")
        if state.board or state.face_down or any(c.position for c in state.characters):
            raise InvalidStateError("nothing is on a track still being laid", "$.phase")
    elif len(state.course) < 2:
        raise InvalidStateError("the course has at least two tiles", "$.course")
    if list(state.tile_pile) != sorted(state.tile_pile):
        raise InvalidStateError("the tile pile is listed in catalogue order", "$.tile_pile")
    cells = set()
    for number, placed in enumerate(state.course):
        where = f"$.course[{number}]"
        if (placed.x, placed.y) in cells or not 0 <= placed.heading < 4:
            raise InvalidStateError("tiles must sit on distinct cells", where)
        cells.add((placed.x, placed.y))
        if number:
            previous = state.course[number - 1]
            spec = catalogue.tiles[previous.tile]
            heading = exit_heading(previous.heading, effective_turn(spec, previous.reversed))
            dx, dy = ((0, 1), (1, 0), (0, -1), (-1, 0))[heading]
            steps = [(previous.x + k * dx, previous.y + k * dy) for k in range(1, 64)]
            if placed.heading != heading or (placed.x, placed.y) not in steps:
                raise InvalidStateError("the course is not continuous here", where)
    shortcut_ids = [shortcut.tile for shortcut in state.shortcuts]
    if len(set(shortcut_ids)) != len(shortcut_ids) or any(
        not 0 <= tile < len(catalogue.shortcuts) for tile in shortcut_ids
    ):
        raise InvalidStateError("unknown or repeated shortcut tile", "$.shortcuts")
    for number, shortcut in enumerate(state.shortcuts):
        if (shortcut.x, shortcut.y) in cells:
            raise InvalidStateError("a shortcut tile needs an empty cell", f"$.shortcuts[{number}]")
        cells.add((shortcut.x, shortcut.y))


def _valid(state: State, space: Space) -> bool:
    return 0 <= space.tile < len(state.course) and 0 <= space.row < ROWS and 0 <= space.lane < LANES


def _check_spaces(state: State) -> None:
    seen: set[Space] = set()
    # A character bounced by a Bumper and not landed yet has left its space (CC-ITEM-BUMPER).
    airborne = airborne_characters(state.motion)
    for number, character in enumerate(state.characters):
        space = character.position
        if space is None:
            continue
        where = f"$.characters[{number}].position"
        if not _valid(state, space):
            raise InvalidStateError(f"{space!r} is not on the course", where)
        if number in airborne:
            continue
        if space in seen:  # CC-ONE-PER-SPACE
            raise InvalidStateError("two characters on one space", where)
        seen.add(space)
    spaces: set[Space] = set()
    for number, item in enumerate(state.board):
        where = f"$.board[{number}]"
        if not _valid(state, item.space) or item.space in spaces:
            raise InvalidStateError("an item must be on its own space of the course", where)
        spaces.add(item.space)
        feature = features_of(state, item.space.tile)[item.space.row * LANES + item.space.lane]
        if feature not in _EMPTY_FEATURES:
            raise InvalidStateError("items cannot sit on spikes or Buzz Bombers", where)
        if item.kind not in (*PLACED_KINDS, ItemKind.RING) or item.count < 1:
            raise InvalidStateError(
                "only Springs, Boosters, Crabmeats and Rings lie on the track", where
            )
        if item.count != 1 and item.kind is not ItemKind.RING:
            raise InvalidStateError("only ring stacks hold more than one token", where)
    if state.face_down and state.variant is not Variant.BEGINNER:
        raise InvalidStateError("only the Beginner game has face-down tokens", "$.face_down")
    if len(state.face_down) > sum(state.pile):
        raise InvalidStateError("more face-down tokens than unseen tokens", "$.face_down")
    if list(state.face_down) != sorted(set(state.face_down)):
        raise InvalidStateError("face-down spaces are listed once, in order", "$.face_down")
    for number, space in enumerate(state.face_down):
        where = f"$.face_down[{number}]"
        if not _valid(state, space) or space in spaces or space in seen:
            raise InvalidStateError("a face-down token needs its own space of the course", where)
        if features_of(state, space.tile)[space.row * LANES + space.lane] not in _EMPTY_FEATURES:
            raise InvalidStateError("tokens cannot sit on spikes or Buzz Bombers", where)


def _check_turn(state: State, count: int) -> None:
    if not 0 <= state.active < count:
        raise InvalidStateError("no such character", "$.active")
    if not 0 <= state.actions_left <= 3:
        raise InvalidStateError("between 0 and 3 actions", "$.actions_left")
    phase = state.phase
    if phase in (Phase.RING_DROP, Phase.RECOVERY):
        wanted = PendingKind.RING_DROP if phase is Phase.RING_DROP else PendingKind.RECOVERY
        if not state.pending or state.pending[0].kind is not wanted:
            raise InvalidStateError(
                f"the {phase.value} phase needs a matching decision", "$.pending"
            )
    for number, owed in enumerate(state.pending):
        if not 0 <= owed.character < count or owed.rings < 0:
            raise InvalidStateError("bad owed decision", f"$.pending[{number}]")
    if phase is Phase.DRAWING and (state.draws_left < 1 or not sum(state.pile)):
        raise InvalidStateError("a draw needs tokens to draw", "$.draws_left")
    if phase is Phase.KEEP_CHOICE and len(set(state.drawn)) < 2:
        raise InvalidStateError("a keep choice needs two kinds drawn", "$.drawn")
    if phase is Phase.LAY_TILE and not state.motion:
        raise InvalidStateError("a tile is laid for a character in motion", "$.motion")
    if phase is Phase.GAME_OVER and len(state.won_by) != 1:
        raise InvalidStateError("a finished game has one winner", "$.won_by")
    if phase is not Phase.GAME_OVER and state.won_by:
        raise InvalidStateError("only a finished game has a winner", "$.won_by")
    if any(not 0 <= seat < state.players for seat in state.won_by):
        raise InvalidStateError("no such seat", "$.won_by")
    if state.motion and phase not in (Phase.LAY_TILE, Phase.REVEALING):
        raise InvalidStateError("movement only waits for a tile or a reveal", "$.motion")
    for number, frame in enumerate(state.motion):
        where = f"$.motion[{number}]"
        if not 0 <= frame.character < count or (
            frame.space is not None and not _valid(state, frame.space)
        ):
            raise InvalidStateError("bad movement frame", where)
        if frame.kind is FrameKind.ENTER and frame.space is None:
            raise InvalidStateError("an entry needs a space", where)
        if frame.kind is not FrameKind.ENTER and (
            state.characters[frame.character].position is None
            or not 0 <= frame.lane < LANES
            or frame.remaining < 0
            or frame.skipped < 0
        ):
            raise InvalidStateError("a character in motion is on the track, in a lane", where)
    if phase is Phase.REVEALING:
        top = state.motion[-1] if state.motion else None
        if top is None or top.kind is not FrameKind.ENTER or top.space not in state.face_down:
            raise InvalidStateError("a reveal needs a character entering a token", "$.motion")
    if phase is Phase.LAY_TILE and state.motion[-1].kind is FrameKind.ENTER:
        raise InvalidStateError("a tile is laid for a character leaving the track", "$.motion")
