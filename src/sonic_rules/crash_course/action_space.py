"""Fixed integer spaces for Crash Course decisions and chance outcomes (agents, masks).

The same signatures as Super Teams' action space: every function takes the state the
action is taken in. An index names an action without its seat (the seat is always the
one to act). The space's size depends on the tile catalogue only: with ``K`` track
tiles and ``S`` shortcut tiles a course holds at most ``K`` tiles (each is laid once
and recycled from the back), so a space of the course is one of ``9K`` (tile slot x
row x lane, rearmost tile first). The shipped catalogue has ``K = 7``, ``S = 3``:
379 decision indices and 21 chance indices.

Decisions (`action_index`, `action_from_index`, `legal_mask`), in blocks:

=======================  ==========  ==================================================
block                    size        action
=======================  ==========  ==================================================
``EndTurn``              1
``Fix``                  1
``DrawItems``            1
``SkipDraw``             1
``FinishShortcut``       1
``UseMotobug``           1
``PowerUpHeal``          1
``PowerUpTurn``          1
``Recover``              2           without, with a Ring
``DiscardToDraw``        7           item kind (`ItemKind` order)
``KeepItem``             7           item kind
``Move``                 3           lane (left, middle, right)
``UseBumper``            4           target character (turn order)
``UseBomb``              K           course tile slot
``LayTile``              2K          catalogue tile x (as printed, reversed)
``LayShortcutTile``      4S          catalogue shortcut tile x exit edge (N, E, S, W)
``UseShortcut``          9K          the space the path leads to
``DropRings``            9K          the space the Rings go to
``PlaceItem``            27K         kind (Spring, Booster, Crabmeat) x space
=======================  ==========  ==================================================

A ``LayShortcutTile`` is indexed by its tile and exit edge alone: its cell and entry
edge are always those the open end of the path points into (``CC-SHORTCUT-LAY-STEP``),
so the state supplies them.

Chance outcomes (`chance_index`, `chance_from_index`): ``DrawItem`` by kind (7),
``RevealItem`` by kind (7), ``DealTile`` by catalogue tile (K).

`action_table` writes the layout for the docs.
"""

from __future__ import annotations

import attrs

from sonic_rules.core.action_space import (
    check_named,
    deciding_seat,
    index_mask,
    require_chance,
    require_index,
)
from sonic_rules.core.chance import CHANCE
from sonic_rules.core.errors import IllegalActionError, InvalidActionError, require_instance
from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course.legality import check, check_fields, legal_actions
from sonic_rules.crash_course.shortcuts import open_end
from sonic_rules.crash_course.state import KINDS, PLACED_KINDS, Space, State
from sonic_rules.crash_course.tiles import LANES, ROWS

_SPACES_PER_TILE = ROWS * LANES
_EDGES = 4

# The blocks of single actions, in index order.
_SINGLES: tuple[type, ...] = (
    A.EndTurn,
    A.Fix,
    A.DrawItems,
    A.SkipDraw,
    A.FinishShortcut,
    A.UseMotobug,
    A.PowerUpHeal,
    A.PowerUpTurn,
)


@attrs.frozen
class _Layout:
    """The first index of each block for a catalogue of ``tiles`` and ``shortcuts``."""

    tiles: int
    shortcuts: int

    @property
    def recover(self) -> int:
        return len(_SINGLES)

    @property
    def discard(self) -> int:
        return self.recover + 2

    @property
    def keep(self) -> int:
        return self.discard + len(KINDS)

    @property
    def move(self) -> int:
        return self.keep + len(KINDS)

    @property
    def bumper(self) -> int:
        return self.move + LANES

    @property
    def bomb(self) -> int:
        return self.bumper + 4

    @property
    def lay_tile(self) -> int:
        return self.bomb + self.tiles

    @property
    def lay_shortcut(self) -> int:
        return self.lay_tile + 2 * self.tiles

    @property
    def use_shortcut(self) -> int:
        return self.lay_shortcut + _EDGES * self.shortcuts

    @property
    def drop_rings(self) -> int:
        return self.use_shortcut + self.spaces

    @property
    def place_item(self) -> int:
        return self.drop_rings + self.spaces

    @property
    def size(self) -> int:
        return self.place_item + len(PLACED_KINDS) * self.spaces

    @property
    def spaces(self) -> int:
        return _SPACES_PER_TILE * self.tiles

    @property
    def reveal(self) -> int:
        return len(KINDS)

    @property
    def deal(self) -> int:
        return 2 * len(KINDS)

    @property
    def chance_size(self) -> int:
        return self.deal + self.tiles


def _require_state(state: object) -> State:
    return require_instance(state, State, "state", "a Crash Course State")


def _layout(state: State) -> _Layout:
    return _Layout(len(state.catalogue.tiles), len(state.catalogue.shortcuts))


def num_distinct_actions(state: State) -> int:
    """How many decision indices ``state``'s game has (any state of the game will do):
    ``31 + 48K + 4S`` for a catalogue of ``K`` track and ``S`` shortcut tiles."""
    return _layout(_require_state(state)).size


def num_chance_outcomes(state: State) -> int:
    """How many chance indices ``state``'s game has: ``14 + K``."""
    return _layout(_require_state(state)).chance_size


# ----- action -> index ------------------------------------------------------------------


def _space_index(layout: _Layout, space: Space, action: object) -> int:
    if not (0 <= space.tile < layout.tiles and 0 <= space.row < ROWS and 0 <= space.lane < LANES):
        raise InvalidActionError(f"{action!r}: no course of this catalogue has {space}")
    return (space.tile * ROWS + space.row) * LANES + space.lane


def _in(value: int, size: int, action: object, what: str) -> int:
    if not 0 <= value < size:
        raise InvalidActionError(f"{action!r}: {what} {value} is out of range 0..{size - 1}")
    return value


def action_index(state: State, action: A.Action) -> int:
    """The index of a seat's decision in ``state`` (the seat is not part of it)."""
    layout = _layout(_require_state(state))
    return _action_index(layout, action)


def _action_index(layout: _Layout, action: A.Action) -> int:
    if not isinstance(action, A.ACTION_TYPES):
        raise TypeError(f"action must be a Crash Course action, got {action!r}")
    check_fields(action)
    match action:
        case A.DrawItem() | A.DealTile() | A.RevealItem():
            raise InvalidActionError(f"{action!r} is a chance outcome: its index is chance_index()")
        case A.Recover(use_ring=use_ring):
            return layout.recover + int(use_ring)
        case A.DiscardToDraw(kind=kind):
            return layout.discard + kind.index
        case A.KeepItem(kind=kind):
            return layout.keep + kind.index
        case A.Move(lane=lane):
            return layout.move + _in(lane, LANES, action, "lane")
        case A.UseBumper(target=target):
            return layout.bumper + _in(target, 4, action, "character")
        case A.UseBomb(tile=tile):
            return layout.bomb + _in(tile, layout.tiles, action, "course tile")
        case A.LayTile(tile=tile, reversed=flipped):
            return layout.lay_tile + 2 * _in(tile, layout.tiles, action, "tile") + int(flipped)
        case A.LayShortcutTile(tile=tile, exit=exit_):
            tile = _in(tile, layout.shortcuts, action, "shortcut tile")
            return layout.lay_shortcut + _EDGES * tile + _in(exit_, _EDGES, action, "edge")
        case A.UseShortcut(to=space):
            return layout.use_shortcut + _space_index(layout, space, action)
        case A.DropRings(space=space):
            return layout.drop_rings + _space_index(layout, space, action)
        case A.PlaceItem(kind=kind, space=space):
            if kind not in PLACED_KINDS:
                raise InvalidActionError(f"{action!r}: a {kind.value} is never placed")
            block = layout.place_item + PLACED_KINDS.index(kind) * layout.spaces
            return block + _space_index(layout, space, action)
    return _SINGLES.index(type(action))


def chance_index(state: State, action: A.Action) -> int:
    """The index of a chance outcome (``DrawItem``, ``RevealItem``, ``DealTile``)."""
    layout = _layout(_require_state(state))
    return _chance_index(layout, action)


def _chance_index(layout: _Layout, action: A.Action) -> int:
    if not isinstance(action, A.ACTION_TYPES):
        raise TypeError(f"action must be a Crash Course action, got {action!r}")
    check_fields(action)
    match action:
        case A.DrawItem(kind=kind):
            return kind.index
        case A.RevealItem(kind=kind):
            return layout.reveal + kind.index
        case A.DealTile(tile=tile):
            return layout.deal + _in(tile, layout.tiles, action, "tile")
    raise InvalidActionError(f"{action!r} is a seat's decision: its index is action_index()")


# ----- index -> action ------------------------------------------------------------------


def _space(layout: _Layout, offset: int) -> Space:
    tile, rest = divmod(offset, _SPACES_PER_TILE)
    row, lane = divmod(rest, LANES)
    return Space(tile, row, lane)


def _decision(state: State, layout: _Layout, seat: int, index: int) -> A.Action:
    """The action ``index`` names for ``seat`` (not yet checked against the rules)."""
    if index < layout.recover:
        single: A.Action = _SINGLES[index](seat)
        return single
    if index < layout.discard:
        return A.Recover(seat, bool(index - layout.recover))
    if index < layout.keep:
        return A.DiscardToDraw(seat, KINDS[index - layout.discard])
    if index < layout.move:
        return A.KeepItem(seat, KINDS[index - layout.keep])
    if index < layout.bumper:
        return A.Move(seat, index - layout.move)
    if index < layout.bomb:
        return A.UseBumper(seat, index - layout.bumper)
    if index < layout.lay_tile:
        return A.UseBomb(seat, index - layout.bomb)
    if index < layout.lay_shortcut:
        tile, flipped = divmod(index - layout.lay_tile, 2)
        return A.LayTile(seat, tile, bool(flipped))
    if index < layout.use_shortcut:
        tile, exit_ = divmod(index - layout.lay_shortcut, _EDGES)
        end = open_end(state)
        if end is None:
            raise IllegalActionError(
                "CC-SHORTCUT-LAY", f"action index {index}: no shortcut path can go on here"
            )
        x, y, entry = end
        return A.LayShortcutTile(seat, tile, x, y, entry, exit_)
    if index < layout.drop_rings:
        return A.UseShortcut(seat, _space(layout, index - layout.use_shortcut))
    if index < layout.place_item:
        return A.DropRings(seat, _space(layout, index - layout.drop_rings))
    kind, offset = divmod(index - layout.place_item, layout.spaces)
    return A.PlaceItem(seat, PLACED_KINDS[kind], _space(layout, offset))


def action_from_index(state: State, index: int) -> A.Action:
    """The action ``index`` names for the seat to act in ``state``.

    Out of range: ``InvalidActionError``. In range but not legal here (a chance node,
    the game over, or a rule forbids it): ``IllegalActionError`` naming the index and
    the rule, the same decision ``apply`` makes.
    """
    state = _require_state(state)
    layout = _layout(state)
    index = require_index(index, layout.size, "action")
    seat = deciding_seat(state.to_act, index, "CC-PROJ-PHASE", "CC-FINISH")
    action = _decision(state, layout, seat, index)
    check_named(check, state, action, f"action index {index} ({action})")
    return action


def chance_from_index(state: State, index: int) -> A.Action:
    """The chance outcome ``index`` names in ``state`` (errors as `action_from_index`)."""
    state = _require_state(state)
    layout = _layout(state)
    index = require_index(index, layout.chance_size, "chance")
    require_chance(state.to_act, index, "CC-PROJ-PHASE")
    action: A.Action
    if index < layout.reveal:
        action = A.DrawItem(state.characters[state.active].owner, KINDS[index])
    elif index < layout.deal:
        action = A.RevealItem(KINDS[index - layout.reveal])
    else:
        action = A.DealTile(index - layout.deal)
    check_named(check, state, action, f"chance index {index} ({action})")
    return action


def legal_mask(state: State) -> list[bool]:
    """Which indices are legal for the seat to act (at a chance node: which chance
    indices are possible, `num_chance_outcomes` long; game over: all false)."""
    state = _require_state(state)
    layout = _layout(state)
    legal = legal_actions(state)
    if state.to_act is CHANCE:
        return index_mask(layout.chance_size, (_chance_index(layout, a) for a in legal))
    return index_mask(layout.size, (_action_index(layout, a) for a in legal))


# ----- bounds ---------------------------------------------------------------------------


def max_game_length(state: State) -> int | None:
    """A proven bound on the decisions (chance excluded) of a whole game with ``state``'s
    configuration: its decision limit (``CC-OPT-DECISION-LIMIT``); ``None`` without one.

    No rule-based bound exists, even with a turn limit: within one turn a seat may lay
    an incomplete shortcut and finish it, which is refused and returns its tiles
    (``CC-SHORTCUT-LAY-COMPLETE``), as often as it likes. The decision limit is the
    documented cap.
    """
    return _require_state(state).options.decision_limit


def max_chance_nodes(state: State) -> int | None:
    """A proven bound on the chance nodes of a whole game with ``state``'s configuration;
    ``None`` without a decision limit.

    Chance acts for the Beginner track (``K`` tiles, once), for draws and for face-down
    tokens revealed. A draw happens at the start of a turn (at most 3 tokens) or, with
    the official draw, as an action (at most 3 per action, and 3 actions a turn); a
    turn is ended by a decision (``EndTurn``), so with ``D`` decisions at most ``D + 1``
    turns start and at most ``D`` draw actions are taken. A face-down token is revealed
    when a character enters its space, which a decision set off, and there are at most
    as many as the Beginner track has face-down spaces, ``9K``. Hence
    ``K + 3(D + 1) + 3D + 9K``.
    """
    state = _require_state(state)
    limit = state.options.decision_limit
    if limit is None:
        return None
    tiles = len(state.catalogue.tiles)
    return tiles + 3 * (limit + 1) + 3 * limit + _SPACES_PER_TILE * tiles


# ----- the docs' table ------------------------------------------------------------------


def action_table(state: State) -> str:
    """The decision and chance index layout of ``state``'s catalogue as a markdown table."""
    state = _require_state(state)
    layout = _layout(state)
    catalogue = state.catalogue
    rows = ["| index | kind | action |", "|---|---|---|"]

    def span(first: int, size: int) -> str:
        return str(first) if size == 1 else f"{first}-{first + size - 1}"

    for number, single in enumerate(_SINGLES):
        rows.append(f"| {number} | decision | {_words(single.__name__)} |")
    rows.append(f"| {span(layout.recover, 2)} | decision | recover: without, with a Ring |")
    kinds = ", ".join(kind.value for kind in KINDS)
    rows.append(f"| {span(layout.discard, len(KINDS))} | decision | discard to draw: {kinds} |")
    rows.append(f"| {span(layout.keep, len(KINDS))} | decision | keep item: {kinds} |")
    rows.append(f"| {span(layout.move, LANES)} | decision | move: left, middle, right lane |")
    rows.append(f"| {span(layout.bumper, 4)} | decision | bumper on character 0-3 (turn order) |")
    rows.append(
        f"| {span(layout.bomb, layout.tiles)} | decision | bomb course tile 0-{layout.tiles - 1} |"
    )
    for number, tile in enumerate(catalogue.tiles):
        first = layout.lay_tile + 2 * number
        rows.append(f"| {span(first, 2)} | decision | lay tile {tile.id}: as printed, reversed |")
    for number, shortcut in enumerate(catalogue.shortcuts):
        first = layout.lay_shortcut + _EDGES * number
        rows.append(
            f"| {span(first, _EDGES)} | decision | lay shortcut tile {shortcut.id}, "
            "exit north, east, south, west |"
        )
    spaces = f"9 x tile + 3 x row + lane, course tiles 0-{layout.tiles - 1}"
    rows.append(
        f"| {span(layout.use_shortcut, layout.spaces)} | decision | use shortcut to ({spaces}) |"
    )
    rows.append(
        f"| {span(layout.drop_rings, layout.spaces)} | decision | drop Rings on space ({spaces}) |"
    )
    for number, kind in enumerate(PLACED_KINDS):
        first = layout.place_item + number * layout.spaces
        rows.append(
            f"| {span(first, layout.spaces)} | decision | place {kind.value} on space ({spaces}) |"
        )
    for kind in KINDS:
        rows.append(f"| {kind.index} | chance | draw {kind.value} |")
    for kind in KINDS:
        rows.append(f"| {layout.reveal + kind.index} | chance | face-down token is {kind.value} |")
    for number, tile in enumerate(catalogue.tiles):
        rows.append(f"| {layout.deal + number} | chance | deal tile {tile.id} |")
    return "\n".join(rows)


def _words(name: str) -> str:
    """``"EndTurn"`` -> ``"end turn"``."""
    return "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()


__all__ = [
    "action_from_index",
    "action_index",
    "action_table",
    "chance_from_index",
    "chance_index",
    "legal_mask",
    "max_chance_nodes",
    "max_game_length",
    "num_chance_outcomes",
    "num_distinct_actions",
]
