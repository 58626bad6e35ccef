"""Starting a game: ``new_game`` and ``setup_position`` (a mid-game position by hand).

``new_game`` starts in the phase the declaration gives the variant
(``PHASES.initial_phase``) and moves on only through declared triggers: a Beginner
track given in the options is laid at once and the first turn begins; any other new
game begins its first turn, whose draw is the first chance node.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

import attrs

from sonic_rules.core.errors import BoardError, InvalidStateError, shown_value
from sonic_rules.core.serialization import structure_or_raise
from sonic_rules.crash_course.draft import Draft
from sonic_rules.crash_course.options import check_options
from sonic_rules.crash_course.phases import PHASES
from sonic_rules.crash_course.position import (
    CourseEntry,
    Names,
    PendingSpec,
    ShortcutEntry,
    SpaceSpec,
    read_birds,
    read_course,
    read_int,
    read_result,
    read_shortcuts,
    read_tokens,
    read_turn,
    read_under_way,
    type_error,
    written_position,
)
from sonic_rules.crash_course.serialize import converter
from sonic_rules.crash_course.state import (
    BEGINNER_KINDS,
    KINDS,
    TOKEN_COUNTS,
    TOTAL_BIRDS,
    Character,
    Frame,
    Options,
    Phase,
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
        checked = structure_or_raise(converter, dict(options), Options, "$.options")
    elif isinstance(options, Options):
        # A hand-built Options is checked like a loaded one: through its JSON form.
        data = converter.unstructure(_plain(options))
        checked = structure_or_raise(converter, data, Options, "$.options")
    else:
        raise InvalidStateError(
            f"options must be a crash_course.Options or a mapping, got {type(options).__name__}",
            "$.options",
        )
    check_options(checked)
    return checked


def _plain(options: Options) -> Options:
    """Written forms (``"sonic"``, lists) accepted in a hand-built ``Options``."""
    flags = [field.name for field in attrs.fields(Options) if field.type in (bool, "bool")]
    for flag in flags:
        if type(getattr(options, flag)) is not bool:
            raise InvalidStateError(
                f"must be true or false, not {shown_value(getattr(options, flag))}",
                f"$.options.{flag}",
            )
    for field in ("characters", "beginner_course"):
        if not isinstance(getattr(options, field), tuple | list):
            raise InvalidStateError(
                f"must be a tuple, not {shown_value(getattr(options, field))}",
                f"$.options.{field}",
            )
    names = []
    for index, name in enumerate(options.characters):
        if isinstance(name, Character):
            names.append(name)
            continue
        try:
            names.append(Character(name))
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
    from `load_tiles` (default: the shipped reconstruction); ``options`` an
    `Options` or a mapping of its fields.

    ``players`` not an ``int`` (``2.0``, ``"2"``, ``True``) or ``variant`` not text raises
    ``TypeError`` naming it; a value the game does not have raises `InvalidStateError`.
    """
    state = _blank_position(players, variant, options, tiles)
    kind = state.variant
    if state.phase is Phase.SETUP and state.tile_pile:
        return state  # CC-BEGINNER-SETUP: chance deals the track
    if kind is Variant.BEGINNER:
        state = attrs.evolve(state, face_down=tuple(beginner_slots(state)))
    draft = Draft(state)
    begin_turn(draft, 0)  # CC-PROJ-FIRST-PLAYER
    return draft.freeze()


# ----- a position by hand -------------------------------------------------------------


def setup_position(
    players: int = 2,
    *,
    variant: str | Variant = "standard",
    options: Options | Mapping[str, Any] | None = None,
    tiles: Catalogue | None = None,
    course: Sequence[CourseEntry] | None = None,
    new_tiles: Iterable[int] = (),
    shortcuts: Sequence[ShortcutEntry] = (),
    positions: Mapping[str, SpaceSpec | None] | None = None,
    damage: Mapping[str, int] | None = None,
    items: Mapping[str, Iterable[str]] | None = None,
    rings: Mapping[str, int] | None = None,
    power_ups: Iterable[str] = (),
    knocked_down: Iterable[str] = (),
    birds: Sequence[int] | None = None,
    board: Mapping[SpaceSpec, str] | None = None,
    face_down: Iterable[SpaceSpec] = (),
    discard: Mapping[str, int] | None = None,
    phase: str | Phase = "actions",
    active: str | None = None,
    actions_left: int = 3,
    moved_this_turn: bool = False,
    hazard_damage: Mapping[str, int] | None = None,
    laid_this_turn: Iterable[str] = (),
    shortcut_attempt: Sequence[ShortcutEntry] = (),
    draws_left: int = 0,
    drawn: Sequence[str] = (),
    motion: Sequence[Frame | Mapping[str, Any]] = (),
    pending: Sequence[PendingSpec] = (),
    winners: Sequence[int] = (),
    termination: str = "",
    turns_played: int = 0,
    decisions_made: int = 0,
) -> State:
    """Any position, from readable arguments; `position_kwargs` gives them back.

    The keywords describe the course, the character boards, the tokens and the turn in
    the game's words: `sonic_rules.crash_course.position` says what each one means.

    A wrong Python type raises ``TypeError`` naming the parameter; a position the rules
    could not reach raises `InvalidStateError` naming it (``$.positions.sonic``), checked
    like a loaded state.
    """
    blank = _blank_position(players, variant, options, tiles)
    names = Names(blank)
    state = attrs.evolve(
        blank,
        **read_birds(blank, birds),
        **read_course(blank, course, new_tiles),
        characters=names.boards(positions, damage, items, rings, power_ups, knocked_down),
        **read_tokens(board, face_down, discard),
        **read_turn(names, phase, active, actions_left, moved_this_turn, hazard_damage),
        **read_shortcuts(blank.catalogue, laid_this_turn, shortcuts, shortcut_attempt),
        **read_under_way(draws_left, drawn, motion),
        pending=names.pending(pending),
        **read_result(winners, termination, turns_played, decisions_made),
    )
    return _checked(attrs.evolve(state, pile=_pile(state)))


def position_kwargs(state: State) -> dict[str, Any]:
    """The keyword arguments of `setup_position` that build ``state`` again.

    ``setup_position(**position_kwargs(state)) == state`` for any state, reached in play,
    loaded or set up: a table or a frontend resumes a game from it. Written in the
    game's words (tile and item ids, character names, phase names); a keyword at its
    default is left out, except ``players``, ``variant``, ``course``, ``phase`` and
    ``active``.
    """
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Crash Course State, got {type(state).__name__}")
    return {
        key: value
        for key, value in written_position(state).items()
        if key in _ALWAYS or value not in (None, {}, [], (), _defaults()[key])
    }


_ALWAYS = ("players", "variant", "course", "phase", "active")


@cache
def _defaults() -> dict[str, Any]:
    """`setup_position`'s defaults, read from its signature."""
    return {
        name: parameter.default
        for name, parameter in inspect.signature(setup_position).parameters.items()
    }


def _blank_position(
    players: int,
    variant: str | Variant,
    options: Options | Mapping[str, Any] | None,
    tiles: Catalogue | None,
) -> State:
    """The blank game the other keywords fill in."""
    if not isinstance(variant, str | Variant):
        raise type_error("variant", "a str or a Variant", variant)
    kind = _variant(variant)
    return _blank_state(read_int(players, "players"), kind, _catalogue(tiles), _options(options))


def _pile(state: State) -> tuple[int, ...]:
    """The item pile: every token not out of the box and not anywhere else."""
    elsewhere = attrs.evolve(state, pile=(0,) * len(KINDS))
    pile = []
    for kind in KINDS:
        left = TOKEN_COUNTS[kind] - elsewhere.token_count(kind)
        if left < 0:
            raise InvalidStateError(
                f"{TOKEN_COUNTS[kind] - left} {kind.value} tokens placed, "
                f"the game has {TOKEN_COUNTS[kind] - state.box[kind.index]}",
                "$.pile",
            )
        pile.append(left)
    return tuple(pile)


# The state's fields under the names of setup_position's keywords.
_KEYWORDS = {
    "turn_hazard_damage": "hazard_damage",
    "turn_laid_shortcuts": "laid_this_turn",
    "won_by": "winners",
    "tile_pile": "course",
    "bird_supply": "birds",
}
"""State fields written under another keyword (a path's first step)."""
_BOARD_KEYWORDS = {
    "position": "positions",
    "damage": "damage",
    "items": "items",
    "rings": "rings",
    "power_up": "power_ups",
    "knocked_down": "knocked_down",
}
_CHARACTER_PATH = re.compile(r"\$\.characters\[(\d+)\]\.(\w+)")
_SPACE_PATH = re.compile(r"\$\.(board|face_down)\[(\d+)\]")
_FIELD_PATH = re.compile(r"\$\.(\w+)")


def _keyword_path(state: State, path: str) -> str:
    """A path into the state as a path into ``setup_position``'s keywords."""
    if path == "$.characters":
        return "$.damage"  # more damage on the boards than the 12 tokens
    if match := _CHARACTER_PATH.match(path):
        keyword = _BOARD_KEYWORDS.get(match[2])
        name = state.characters[int(match[1])].name.value
        return path if keyword is None else f"$.{keyword}.{name}"
    if match := _SPACE_PATH.match(path):
        field = match[1]
        space = (
            state.board[int(match[2])].space if field == "board" else state.face_down[int(match[2])]
        )
        return f"$.{field}[{(space.tile, space.row, space.lane)}]"
    if (match := _FIELD_PATH.match(path)) and match[1] in _KEYWORDS:
        return f"$.{_KEYWORDS[match[1]]}{path[match.end() :]}"
    return path


def _checked(state: State) -> State:
    """``validate_state``, its errors naming the keyword at fault."""
    try:
        validate_state(state)
    except InvalidStateError as error:
        raise InvalidStateError(error.message, _keyword_path(state, error.path)) from None
    return state
