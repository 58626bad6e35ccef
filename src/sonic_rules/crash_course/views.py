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
Views are frozen values with strict JSON (`View.to_json`, `view_from_json`). An agent's
tensor and string of a view are in `observation`.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from sonic_rules.core.boundary import check_view_given
from sonic_rules.core.chance import ChanceType
from sonic_rules.core.errors import InvalidStateError, require_instance
from sonic_rules.core.events import Event
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
from sonic_rules.crash_course.options import Character, Options, Variant
from sonic_rules.crash_course.serialize import FORMAT, GAME_NAME, converter
from sonic_rules.crash_course.state import (
    KINDS,
    TOKEN_COUNTS,
    BoardItem,
    Frame,
    ItemKind,
    Pending,
    Phase,
    Piece,
    PlacedShortcut,
    PlacedTile,
    Space,
    State,
    sees_held_items,
)
from sonic_rules.crash_course.tiles import Catalogue
from sonic_rules.crash_course.validate import validate_state


@attrs.frozen
class SeenPiece:
    """A character board as a seat sees it: ``items`` is ``None`` when the seat does not
    hold them (another seat's character, or any character for the spectator);
    ``item_count`` is public."""

    name: Character
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
    characters: tuple[SeenPiece, ...]
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
    characters = tuple(
        _seen_character(state, character, seat, unseen) for character in state.characters
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
        characters=characters,
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


def _seen_character(
    state: State, character: Piece, seat: int | None, unseen: list[int]
) -> SeenPiece:
    """``character``'s board as ``seat`` sees it; items it does not see counted in
    ``unseen``."""
    seen = sees_held_items(state.options, character.owner, seat)
    if not seen:
        for kind in character.items:
            unseen[kind.index] += 1
    return SeenPiece(
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


def stand_in(view: View) -> State:
    """A state the viewer cannot tell from the real one: the viewer's own items and draw
    where they are, the unseen tokens dealt out to the rest, the pile keeping the others.

    Another seat's draw takes one token of each kind in turn (Rings last: a Ring drawn
    is kept at once, and a keep choice needs two kinds), then the other characters' held
    items take the unseen tokens in `ItemKind` order (Rings last: a held item is never
    a Ring). Every rule the viewer's decisions depend on reads only what the view holds.
    The unseen counts are checked first: no more of a kind than the box holds, so the
    dealing is bounded whatever the view says.
    """
    left = _unseen(view)
    drawn = _deal_draw(view.drawn_count, left) if view.drawn is None else view.drawn
    characters = tuple(
        _character(number, seen, left) for number, seen in enumerate(view.characters)
    )
    return State(
        variant=view.variant,
        players=view.players,
        options=view.options,
        catalogue=view.catalogue,
        characters=characters,
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


def _character(number: int, seen: SeenPiece, left: list[int]) -> Piece:
    """Character ``number``'s board, its hidden items dealt from ``left``."""
    return Piece(
        name=seen.name,
        owner=seen.owner,
        position=seen.position,
        damage=seen.damage,
        items=_deal_held(number, seen, left) if seen.items is None else seen.items,
        rings=seen.rings,
        power_up=seen.power_up,
        knocked_down=seen.knocked_down,
    )


def _unseen(view: View) -> list[int]:
    """The view's unseen counts, one per kind, each within what the box holds."""
    if len(view.unseen) != len(KINDS):
        raise InvalidStateError("one count per item kind, none negative", "$.unseen")
    for kind, count in zip(KINDS, view.unseen, strict=True):
        if not 0 <= count <= TOKEN_COUNTS[kind]:
            raise InvalidStateError(
                f"the box holds {TOKEN_COUNTS[kind]} {kind.value} tokens, not {count}",
                f"$.unseen[{kind.index}]",
            )
    return list(view.unseen)


def _deal_draw(count: int, left: list[int]) -> tuple[ItemKind, ...]:
    """Another seat's draw of ``count`` tokens, taken from ``left``."""
    dealt: list[ItemKind] = []
    while len(dealt) < count:
        before = len(dealt)
        for kind in KINDS:
            if kind is not ItemKind.RING and len(dealt) < count and left[kind.index]:
                left[kind.index] -= 1
                dealt.append(kind)
        if len(dealt) == before:
            if not left[ItemKind.RING.index]:
                raise InvalidStateError("more tokens drawn than unseen", "$.drawn_count")
            left[ItemKind.RING.index] -= 1
            dealt.append(ItemKind.RING)
    return tuple(dealt)


def _deal_held(number: int, seen: SeenPiece, left: list[int]) -> tuple[ItemKind, ...]:
    """The items another seat's character ``number`` holds, taken from ``left``."""
    held = []
    for _ in range(seen.item_count):
        found = next((kind for kind in KINDS if left[kind.index]), None)
        if found is None:
            where = f"$.characters[{number}].item_count"
            raise InvalidStateError("more items held than unseen", where)
        left[found.index] -= 1
        held.append(found)
    return tuple(held)


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
    """Refuse a view no state could give.

    The counts are added up first; the view's stand-in (`stand_in`, which bounds the
    unseen counts before it deals them out) must then be a state the rules could reach
    and must give this very view.
    """
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
    check_view_given(view, view.seat, stand_in(view), validate_state, observe)
