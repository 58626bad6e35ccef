"""The observation tensor and the information state of Crash Course, for agents.

Both are built from a seat's view (`views.observe`) alone, so they carry nothing the seat
may not see; the tensor's sections are declared once, in `OBSERVATION`
(`sonic_rules.core.observation.Observation`).

`observation_layout` gives the sections in order, each ``(name, length)``.
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

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from sonic_rules.core.errors import require_instance
from sonic_rules.core.observation import (
    SEAT_SLOTS,
    Observation,
    counted,
    limit_section,
    one_hot,
    per_slot,
    to_act_section,
)
from sonic_rules.crash_course.options import Character, Options, Variant
from sonic_rules.crash_course.state import (
    KINDS,
    BoardItem,
    ItemKind,
    PendingKind,
    Phase,
    Space,
    State,
)
from sonic_rules.crash_course.tiles import FEATURES, LANES, ROWS, Catalogue, oriented_features
from sonic_rules.crash_course.validate import TERMINATIONS
from sonic_rules.crash_course.views import View, observe

_CHARACTERS = 4
_NAMES: tuple[Character, ...] = tuple(Character)
_FEATURES: tuple[str, ...] = tuple(FEATURES)
_SPACES = ROWS * LANES
_SPACE_WIDTH = len(_FEATURES) + len(KINDS) + 1 + _CHARACTERS
_SHORTCUT_WIDTH = 1 + 1 + 2 + 4 + 4
_OPTION_FLAGS: tuple[str, ...] = tuple(
    field.name for field in attrs.fields(Options) if isinstance(field.default, bool)
)


def _catalogue(state: State) -> Catalogue:
    return require_instance(state, State, "state", "a Crash Course State").catalogue


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
"""Crash Course\'s observation tensor and information state (the sections: see the module
docstring)."""

observation_layout = OBSERVATION.layout
observation_shape = OBSERVATION.shape
observation_tensor = OBSERVATION.tensor
information_state = OBSERVATION.information_state
