"""What each seat may see (RULINGS.md, Crash Course, "What each seat may see").

`observe` gives a `View`: exactly what one seat knows of a state. Held items are seen
by their holder only (the others see how many); the item pile is a face-down heap whose
size is public; Beginner face-down tokens are unseen by everyone (their kinds are still
counted in the pile); a draw under way is seen by its drawer only (the others see how
many tokens were drawn). Everything else (the course, items on it, ring stacks,
damage, Rings, Power-Ups, Flicky Birds, the discard, the piles' sizes) is public.

A view carries the multiset of tokens its seat has not seen (``unseen``, counts per
`ItemKind`): the pile (face-down tokens included), the other seats' held items and
another seat's draw. The spectator's view (``seat`` ``None``) holds no held item.
Views are frozen values with strict JSON (`View.to_json`, `view_from_json`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from sonic_rules.core.chance import ChanceType
from sonic_rules.core.errors import InvalidStateError, require_instance
from sonic_rules.core.events import Event
from sonic_rules.core.observation import (
    SEAT_SLOTS,
    Observation,
    counted,
    limit_section,
    one_hot,
    per_slot,
    to_act_section,
)
from sonic_rules.core.picture import Pictured
from sonic_rules.core.serialization import (
    dump_view,
    load_view_fields,
    structure_or_raise,
)
from sonic_rules.core.views import check_seat, events_seen, viewer_acts
from sonic_rules.crash_course import describe as D
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course import legality as L
from sonic_rules.crash_course.actions import Action
from sonic_rules.crash_course.options import CharacterName, Options, Variant
from sonic_rules.crash_course.serialize import FORMAT, GAME_NAME, converter
from sonic_rules.crash_course.state import (
    KINDS,
    BoardItem,
    Character,
    Frame,
    ItemKind,
    Pending,
    PendingKind,
    Phase,
    PlacedShortcut,
    PlacedTile,
    Space,
    State,
    sees_held_items,
)
from sonic_rules.crash_course.tiles import FEATURES, LANES, ROWS, Catalogue, oriented_features
from sonic_rules.crash_course.validate import TERMINATIONS, validate_state


@attrs.frozen
class SeenCharacter:
    """A character board as a seat sees it: ``items`` is ``None`` when the seat does not
    hold them (another seat's character, or any character for the spectator);
    ``item_count`` is public."""

    name: CharacterName
    owner: int
    position: Space | None
    damage: int
    items: tuple[ItemKind, ...] | None
    item_count: int
    rings: int
    power_up: bool
    knocked_down: bool


@attrs.frozen
class View(Pictured):
    """What ``seat`` may know of a Crash Course state (``seat`` ``None``: a spectator).

    Private to the viewer: its characters' ``items`` (in ``characters``) and ``drawn``
    when the draw under way is its own (``None`` otherwise; ``drawn_count`` is public).
    Hidden, as counts per `ItemKind`: ``unseen`` (the pile with the Beginner face-down
    tokens, the other seats' held items and another seat's draw); ``pile_size`` is
    public. Every other field is public and as in `State`.
    """

    seat: int | None
    variant: Variant
    players: int
    options: Options
    catalogue: Catalogue
    characters: tuple[SeenCharacter, ...]
    birds: tuple[int, ...]
    bird_supply: int
    pile_size: int
    unseen: tuple[int, ...]
    discard: tuple[int, ...]
    box: tuple[int, ...]
    course: tuple[PlacedTile, ...]
    tile_pile: tuple[int, ...]
    shortcuts: tuple[PlacedShortcut, ...]
    board: tuple[BoardItem, ...]
    face_down: tuple[Space, ...]
    phase: Phase
    active: int
    actions_left: int
    moved_this_turn: bool
    draws_left: int
    drawn: tuple[ItemKind, ...] | None
    drawn_count: int
    motion: tuple[Frame, ...]
    pending: tuple[Pending, ...]
    turn_hazard_damage: tuple[int, ...]
    turn_laid_shortcuts: tuple[int, ...]
    won_by: tuple[int, ...]
    termination: str
    turns_played: int
    decisions_made: int
    shortcut_attempt: tuple[PlacedShortcut, ...]

    @property
    def turn(self) -> int:
        """The seat that owns the active character."""
        return self.characters[self.active].owner

    @property
    def to_act(self) -> int | ChanceType | None:
        """The seat to act, `CHANCE`, or ``None`` once the game is over."""
        return stand_in(self).to_act

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def winners(self) -> tuple[int, ...]:
        return self.won_by

    def to_json(self, indent: int | None = None) -> str:
        """``{"game": "crash-course", "format": 2, "kind": "view", ...}``; canonical when
        ``indent`` is ``None`` (equal views give equal text, byte for byte)."""
        return dump_view(converter, GAME_NAME, FORMAT, self, indent)

    def describe(self) -> str:
        """The position as `describe_state` writes it for this seat, and how many tokens
        the viewer has not seen; nothing hidden from the viewer."""
        state = stand_in(self)
        # -1: a seat that owns nothing, so the spectator sees every held item counted.
        seat = -1 if self.seat is None else self.seat
        who = "the spectator" if self.seat is None else f"seat {self.seat}"
        lines = [
            f"Crash Course ({self.variant.value}, {self.players} players, as {who} sees it)"
            f" - {D._status(state)}",
            *D._track(state),
            D._on_track(state),
            *D._shortcut_lines(state),
            *(D._board(state, character, seat) for character in state.characters),
            *([] if self.variant is Variant.BEGINNER else [D._birds(state)]),
            D._piles(state, seat),
            *D._turn(state, seat),
            f"Unseen by {who}: {sum(self.unseen)} item tokens",
        ]
        return "\n".join(lines)


def _require_state(state: object) -> State:
    return require_instance(state, State, "state", "a Crash Course State")


def observe(state: State, seat: int | None) -> View:
    """What ``seat`` may see of ``state``; ``seat`` ``None`` is a spectator.

    A seat out of range raises ``InvalidActionError``; a ``state`` or ``seat`` of the
    wrong type raises ``TypeError``.
    """
    state = _require_state(state)
    seat = check_seat(seat, state.players)
    unseen = list(state.pile)
    characters = []
    for character in state.characters:
        seen = sees_held_items(state.options, character.owner, seat)
        if not seen:
            for kind in character.items:
                unseen[kind.index] += 1
        characters.append(
            SeenCharacter(
                name=character.name,
                owner=character.owner,
                position=character.position,
                damage=character.damage,
                items=character.items if seen else None,
                item_count=len(character.items),
                rings=character.rings,
                power_up=character.power_up,
                knocked_down=character.knocked_down,
            )
        )
    own_draw = seat is not None and state.turn == seat
    if not own_draw:
        for kind in state.drawn:
            unseen[kind.index] += 1
    return View(
        seat=seat,
        variant=state.variant,
        players=state.players,
        options=state.options,
        catalogue=state.catalogue,
        characters=tuple(characters),
        birds=state.birds,
        bird_supply=state.bird_supply,
        pile_size=sum(state.pile),
        unseen=tuple(unseen),
        discard=state.discard,
        box=state.box,
        course=state.course,
        tile_pile=state.tile_pile,
        shortcuts=state.shortcuts,
        board=state.board,
        face_down=state.face_down,
        phase=state.phase,
        active=state.active,
        actions_left=state.actions_left,
        moved_this_turn=state.moved_this_turn,
        draws_left=state.draws_left,
        drawn=state.drawn if own_draw else None,
        drawn_count=len(state.drawn),
        motion=state.motion,
        pending=state.pending,
        turn_hazard_damage=state.turn_hazard_damage,
        turn_laid_shortcuts=state.turn_laid_shortcuts,
        won_by=state.won_by,
        termination=state.termination,
        turns_played=state.turns_played,
        decisions_made=state.decisions_made,
        shortcut_attempt=state.shortcut_attempt,
    )


def stand_in(view: View) -> State:
    """A state the viewer cannot tell from the real one: the viewer's own items and draw
    where they are, the unseen tokens dealt out to the rest, the pile keeping the others.

    Another seat's draw takes one token of each kind in turn (Rings last: a Ring drawn
    is kept at once, and a keep choice needs two kinds), then the other characters' held
    items take the unseen tokens in `ItemKind` order (Rings last: a held item is never
    a Ring). Every rule the viewer's decisions depend on reads only what the view holds.
    """
    if len(view.unseen) != len(KINDS) or min(view.unseen) < 0:
        raise InvalidStateError("one count per item kind, none negative", "$.unseen")
    left = list(view.unseen)

    def take(kind: ItemKind) -> ItemKind:
        left[kind.index] -= 1
        return kind

    drawn = view.drawn
    if drawn is None:
        dealt: list[ItemKind] = []
        while len(dealt) < view.drawn_count:
            before = len(dealt)
            for kind in KINDS:
                if kind is not ItemKind.RING and len(dealt) < view.drawn_count and left[kind.index]:
                    dealt.append(take(kind))
            if len(dealt) == before:
                if not left[ItemKind.RING.index]:
                    raise InvalidStateError("more tokens drawn than unseen", "$.drawn_count")
                dealt.append(take(ItemKind.RING))
        drawn = tuple(dealt)
    characters = []
    for number, seen in enumerate(view.characters):
        items = seen.items
        if items is None:
            held = []
            for _ in range(seen.item_count):
                found = next((k for k in KINDS if left[k.index]), None)
                if found is None:
                    where = f"$.characters[{number}].item_count"
                    raise InvalidStateError("more items held than unseen", where)
                held.append(take(found))
            items = tuple(held)
        characters.append(
            Character(
                name=seen.name,
                owner=seen.owner,
                position=seen.position,
                damage=seen.damage,
                items=items,
                rings=seen.rings,
                power_up=seen.power_up,
                knocked_down=seen.knocked_down,
            )
        )
    return State(
        variant=view.variant,
        players=view.players,
        options=view.options,
        catalogue=view.catalogue,
        characters=tuple(characters),
        birds=view.birds,
        bird_supply=view.bird_supply,
        pile=tuple(left),
        discard=view.discard,
        box=view.box,
        course=view.course,
        tile_pile=view.tile_pile,
        shortcuts=view.shortcuts,
        board=view.board,
        face_down=view.face_down,
        phase=view.phase,
        active=view.active,
        actions_left=view.actions_left,
        moved_this_turn=view.moved_this_turn,
        draws_left=view.draws_left,
        drawn=drawn,
        motion=view.motion,
        pending=view.pending,
        turn_hazard_damage=view.turn_hazard_damage,
        turn_laid_shortcuts=view.turn_laid_shortcuts,
        won_by=view.won_by,
        termination=view.termination,
        turns_played=view.turns_played,
        decisions_made=view.decisions_made,
        shortcut_attempt=view.shortcut_attempt,
    )


def legal_actions_for_view(view: View) -> list[Action]:
    """The viewer's legal actions: the same list ``legal_actions(state)`` gives.

    Only the seat to act may ask (``InvalidStateError`` naming the viewer otherwise, and
    at a chance node, whose outcomes are hidden); a finished game has none.
    """
    state = stand_in(require_instance(view, View, "view", "a Crash Course View"))
    hidden = "its outcomes are hidden, so a view lists none"
    if not viewer_acts(view.seat, state.to_act, hidden):
        return []
    return L.legal_actions(state)


def events_for(events: Iterable[Event], seat: int | None, state: State) -> list[Event]:
    """``events`` as ``seat`` sees them (``None``: a spectator); ``state`` is the state
    before or after them (it says which seat owns each character).

    A token another seat draws becomes `events.HiddenDrew`, an item another seat keeps
    `events.HiddenItemKept` (a Ring kept stays public: Rings are). Every other event
    is public.
    """
    state = _require_state(state)
    seat = check_seat(seat, state.players)
    owners = {character.name: character.owner for character in state.characters}
    options = state.options

    def seen(event: Event) -> Event:
        if isinstance(event, E.Drew) and owners[event.character] != seat:
            return E.HiddenDrew(event.character)
        if (
            isinstance(event, E.ItemKept)
            and not sees_held_items(options, owners[event.character], seat)
            and event.kind is not ItemKind.RING
        ):
            return E.HiddenItemKept(event.character)
        return event

    return events_seen(events, seen)


# -- JSON -------------------------------------------------------------------------------------


def view_from_json(text: str | bytes) -> View:
    """Read a view written by `View.to_json`; refuse anything malformed.

    Another game, format or kind, unknown or missing fields, wrong types and views no
    state could give raise ``InvalidStateError`` naming the JSON path.
    """
    data = load_view_fields(text, GAME_NAME, FORMAT, View)
    view = structure_or_raise(converter, data, View)
    _validate_view(view)
    return view


def _validate_view(view: View) -> None:
    """Refuse a view whose parts could not come from one state."""
    if view.players not in (2, 3, 4):
        raise InvalidStateError("Crash Course is for 2, 3 or 4 players", "$.players")
    if view.seat is not None and not 0 <= view.seat < view.players:
        raise InvalidStateError(f"seat {view.seat} is not in this game", "$.seat")
    if len(view.unseen) != len(KINDS):
        raise InvalidStateError(f"one count per item kind ({len(KINDS)})", "$.unseen")
    if not 0 <= view.active < len(view.characters):
        raise InvalidStateError("no such character", "$.active")
    for number, seen in enumerate(view.characters):
        named = sees_held_items(view.options, seen.owner, view.seat)
        where = f"$.characters[{number}].items"
        if named != (seen.items is not None):
            raise InvalidStateError(
                "a view names the items a seat sees held, and only those (CC-OPT-OPEN-ITEMS)",
                where,
            )
        if seen.items is not None and len(seen.items) != seen.item_count:
            raise InvalidStateError("the items differ from item_count", where)
    own_draw = view.seat is not None and view.turn == view.seat
    if own_draw != (view.drawn is not None):
        raise InvalidStateError("a seat's view names its own draw only", "$.drawn")
    if view.drawn is not None and len(view.drawn) != view.drawn_count:
        raise InvalidStateError("the draw differs from drawn_count", "$.drawn")
    hidden = sum(seen.item_count for seen in view.characters if seen.items is None)
    hidden += 0 if own_draw else view.drawn_count
    if sum(view.unseen) != view.pile_size + hidden:
        raise InvalidStateError(
            "unseen must be the pile, the other seats' items and their draw", "$.unseen"
        )
    validate_state(stand_in(view))


# -- tensors and strings ----------------------------------------------------------------------

_CHARACTERS = 4
_NAMES: tuple[CharacterName, ...] = tuple(CharacterName)
_FEATURES: tuple[str, ...] = tuple(FEATURES)
_SPACES = ROWS * LANES
_SPACE_WIDTH = len(_FEATURES) + len(KINDS) + 1 + _CHARACTERS
_SHORTCUT_WIDTH = 1 + 1 + 2 + 4 + 4
_OPTION_FLAGS: tuple[str, ...] = tuple(
    field.name for field in attrs.fields(Options) if isinstance(field.default, bool)
)


def observation_layout(state: State) -> list[tuple[str, int]]:
    """The observation tensor's sections in order, each ``(name, length)``.

    The shape depends on the catalogue alone: ``K`` track tiles and ``S`` shortcut
    tiles (7 and 3 for the shipped one). Seats are always 4 wide, and so are
    characters, by their number in turn order (the state's ``characters``); item kinds
    are 7 (in `ItemKind` order), features 6 (plain, star, spikes, Buzz Bomber, left
    arrow, right arrow), spaces 9 per tile (``row * 3 + lane``, in travel order as laid),
    directions 4 (north, east, south, west). A cell ``x`` and ``y`` is the signed offset
    from the rearmost tile's cell, in cells, unscaled:

    ==================  ==============  =============================================
    section             length          content
    ==================  ==============  =============================================
    viewer              4               one-hot seat (all zero: spectator)
    to_act              5               one-hot seat, then chance (game over: zero)
    phase               11              one-hot `Phase`
    variant             3               one-hot `Variant`
    turn                4               one-hot seat whose turn it is
    active              4               one-hot character whose turn it is
    course              K x (K + 171)   per course tile, rearmost first (all zero
                                        past the newest): 1 present, one-hot
                                        catalogue tile (K), 1 reversed, cell x and
                                        y, one-hot entry heading (4), 1 bird taken,
                                        then per space (9 x 18): one-hot feature
                                        (6), items there by kind (7; a Ring stack
                                        counts its Rings), 1 face-down token,
                                        characters standing there (4)
    tile_pile           K               1 per catalogue tile still in the tile pile
    shortcuts           S x 12          per catalogue shortcut tile: 1 laid, 1 in
                                        the attempt under way, cell x and y,
                                        one-hot first and second edge of its path
                                        (4 + 4; all zero: not on the grid)
    characters          4 x (K + 29)    per character (all zero past the last): 1
                                        in play, one-hot name (4),
                                        one-hot owner seat (4), one-hot course tile
                                        (K + 1, the last: off the course), one-hot
                                        row (3) and lane (3), damage, Rings, 1
                                        Power-Up, 1 knocked down, items held, 1 if
                                        the viewer sees them, then the items by kind
                                        (7; zero when unseen)
    hazard_damage       4               damage each character took from hazards
                                        this turn
    laid_this_turn      S               1 per shortcut tile laid this turn
    birds               4               Flicky Birds per seat
    bird_supply         1               Flicky Birds left in the supply
    pile_size           1               item tokens in the pile
    unseen              7               tokens the viewer has not seen, by kind
    discard             7               discarded tokens by kind
    box                 7               tokens in the box by kind
    actions             3               actions left, 1 moved this turn, draws left
    drawn               7               own draw under way by kind (others': zero)
    drawn_count         1               tokens in the draw under way
    pending             8               decisions owed: how many, then the first
                                        one: one-hot `PendingKind` (2), one-hot
                                        character (4), Rings held for it
    motion              2               1 if a movement is under way, its frames
    won_by              4               1 per winning seat
    termination         T               one-hot way the game ended, in the order of
                                        `validate.TERMINATIONS` (T of them; not
                                        ended: zero)
    options             5               1 per bool option of `Options`, in field
                                        order (official_draw, set_back,
                                        damage_bars_only_moves, literal_secondary_win,
                                        open_items)
    turns               3               turns played; 1 if a turn limit is set
                                        (CC-OPT-TURN-LIMIT), then the turns left
    decisions           3               decisions made; 1 if a decision limit is set
                                        (CC-OPT-DECISION-LIMIT), then those left
    ==================  ==============  =============================================

    A course never holds more tiles than the catalogue has, so ``K`` course slots always
    suffice: the tensor's length is fixed for a catalogue.
    """
    return OBSERVATION.layout(state)


def _catalogue(state: State) -> Catalogue:
    return _require_state(state).catalogue


def _tile_width(tiles: int) -> int:
    """One course slot's length: ``K + 171`` for a catalogue of ``K`` track tiles."""
    return 1 + tiles + 1 + 2 + 4 + 1 + _SPACES * _SPACE_WIDTH


def _character_width(tiles: int) -> int:
    """One character slot's length: ``K + 29`` for a catalogue of ``K`` track tiles."""
    return 1 + len(_NAMES) + SEAT_SLOTS + tiles + 1 + ROWS + LANES + 6 + len(KINDS)


def _counts(counts: Sequence[int]) -> list[float]:
    return [float(count) for count in counts]


def _kind_counts(kinds: Iterable[ItemKind] | None) -> list[float]:
    return counted((kind.index for kind in kinds or ()), len(KINDS))


def _flags(indices: Iterable[int], size: int) -> list[float]:
    vector = [0.0] * size
    for index in indices:
        vector[index] = 1.0
    return vector


def _origin(view: View) -> tuple[int, int]:
    """The rearmost tile's cell, from which every cell is counted."""
    return (view.course[0].x, view.course[0].y) if view.course else (0, 0)


def _course(view: View) -> list[float]:
    tiles = len(view.catalogue.tiles)
    x0, y0 = _origin(view)
    items: dict[Space, BoardItem] = {item.space: item for item in view.board}
    face_down = set(view.face_down)
    standing: dict[Space, list[int]] = {}
    for number, character in enumerate(view.characters):
        if character.position is not None:
            standing.setdefault(character.position, []).append(number)
    vector: list[float] = []
    for index, placed in enumerate(view.course):
        vector += [
            1.0,
            *one_hot(placed.tile, tiles),
            float(placed.reversed),
            float(placed.x - x0),
            float(placed.y - y0),
            *one_hot(placed.heading, 4),
            float(placed.bird_taken),
        ]
        features = oriented_features(view.catalogue.tiles[placed.tile].rows, placed.reversed)
        for row in range(ROWS):
            for lane in range(LANES):
                space = Space(index, row, lane)
                item = items.get(space)
                on_space = [0.0] * len(KINDS)
                if item is not None:
                    on_space[item.kind.index] = float(item.count)
                vector += [
                    *one_hot(_FEATURES.index(features[row * LANES + lane]), len(_FEATURES)),
                    *on_space,
                    float(space in face_down),
                    *_flags(standing.get(space, ()), _CHARACTERS),
                ]
    return vector + [0.0] * ((tiles - len(view.course)) * _tile_width(tiles))


def _shortcuts(view: View) -> list[float]:
    x0, y0 = _origin(view)
    where = {shortcut.tile: (shortcut, False) for shortcut in view.shortcuts}
    where.update((shortcut.tile, (shortcut, True)) for shortcut in view.shortcut_attempt)
    vector: list[float] = []
    for tile in range(len(view.catalogue.shortcuts)):
        found = where.get(tile)
        if found is None:
            vector += [0.0] * _SHORTCUT_WIDTH
            continue
        shortcut, attempt = found
        first, second = shortcut.ends
        vector += [
            float(not attempt),
            float(attempt),
            float(shortcut.x - x0),
            float(shortcut.y - y0),
            *one_hot(first, 4),
            *one_hot(second, 4),
        ]
    return vector


def _characters(view: View) -> list[float]:
    tiles = len(view.catalogue.tiles)
    vector: list[float] = []
    for character in view.characters:
        where = character.position
        vector += [
            1.0,
            *one_hot(_NAMES.index(character.name), len(_NAMES)),
            *one_hot(character.owner, SEAT_SLOTS),
            *one_hot(tiles if where is None else where.tile, tiles + 1),
            *one_hot(None if where is None else where.row, ROWS),
            *one_hot(None if where is None else where.lane, LANES),
            float(character.damage),
            float(character.rings),
            float(character.power_up),
            float(character.knocked_down),
            float(character.item_count),
            float(character.items is not None),
            *_kind_counts(character.items),
        ]
    missing = _CHARACTERS - len(view.characters)
    return vector + [0.0] * (missing * _character_width(tiles))


def _pending(view: View) -> list[float]:
    if not view.pending:
        return [0.0] * (1 + len(PendingKind) + _CHARACTERS + 1)
    first = view.pending[0]
    return [
        float(len(view.pending)),
        *one_hot(list(PendingKind).index(first.kind), len(PendingKind)),
        *one_hot(first.character, _CHARACTERS),
        float(first.rings),
    ]


def _termination(view: View) -> list[float]:
    ended = TERMINATIONS.index(view.termination) if view.termination else None
    return one_hot(ended, len(TERMINATIONS))


def _options(view: View) -> list[float]:
    return [float(getattr(view.options, name)) for name in _OPTION_FLAGS]


OBSERVATION: Observation[State, View, Catalogue] = Observation(
    observe,
    _catalogue,
    (
        ("viewer", SEAT_SLOTS, lambda v: one_hot(v.seat, SEAT_SLOTS)),
        ("to_act", SEAT_SLOTS + 1, lambda v: to_act_section(v.to_act)),
        ("phase", len(Phase), lambda v: one_hot(list(Phase).index(v.phase), len(Phase))),
        ("variant", len(Variant), lambda v: one_hot(list(Variant).index(v.variant), len(Variant))),
        ("turn", SEAT_SLOTS, lambda v: one_hot(v.turn, SEAT_SLOTS)),
        ("active", _CHARACTERS, lambda v: one_hot(v.active, _CHARACTERS)),
        ("course", lambda c: len(c.tiles) * _tile_width(len(c.tiles)), _course),
        (
            "tile_pile",
            lambda c: len(c.tiles),
            lambda v: _flags(v.tile_pile, len(v.catalogue.tiles)),
        ),
        ("shortcuts", lambda c: len(c.shortcuts) * _SHORTCUT_WIDTH, _shortcuts),
        ("characters", lambda c: _CHARACTERS * _character_width(len(c.tiles)), _characters),
        ("hazard_damage", _CHARACTERS, lambda v: per_slot(v.turn_hazard_damage, _CHARACTERS)),
        (
            "laid_this_turn",
            lambda c: len(c.shortcuts),
            lambda v: _flags(v.turn_laid_shortcuts, len(v.catalogue.shortcuts)),
        ),
        ("birds", SEAT_SLOTS, lambda v: per_slot(v.birds, SEAT_SLOTS)),
        ("bird_supply", 1, lambda v: [float(v.bird_supply)]),
        ("pile_size", 1, lambda v: [float(v.pile_size)]),
        ("unseen", len(KINDS), lambda v: _counts(v.unseen)),
        ("discard", len(KINDS), lambda v: _counts(v.discard)),
        ("box", len(KINDS), lambda v: _counts(v.box)),
        (
            "actions",
            3,
            lambda v: [float(v.actions_left), float(v.moved_this_turn), float(v.draws_left)],
        ),
        ("drawn", len(KINDS), lambda v: _kind_counts(v.drawn)),
        ("drawn_count", 1, lambda v: [float(v.drawn_count)]),
        ("pending", 1 + len(PendingKind) + _CHARACTERS + 1, _pending),
        ("motion", 2, lambda v: [float(bool(v.motion)), float(len(v.motion))]),
        ("won_by", SEAT_SLOTS, lambda v: _flags(v.won_by, SEAT_SLOTS)),
        ("termination", len(TERMINATIONS), _termination),
        ("options", len(_OPTION_FLAGS), _options),
        ("turns", 3, lambda v: limit_section(v.turns_played, v.options.turn_limit)),
        ("decisions", 3, lambda v: limit_section(v.decisions_made, v.options.decision_limit)),
    ),
)
"""Crash Course's observation tensor and information state; its sections are listed by
`observation_layout`."""

observation_shape = OBSERVATION.shape
observation_tensor = OBSERVATION.tensor
information_state = OBSERVATION.information_state
