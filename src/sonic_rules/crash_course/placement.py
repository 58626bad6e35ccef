"""Placement in the race and the item draw it decides (``CC-PLACEMENT``, ``CC-DRAW``).

At the start of a turn (or, with the official-draw option, as an action) the active
character draws 1, 2 or 3 tokens by its place; a full hand first discards or skips,
Rings drawn are kept besides, and of several other kinds one is kept.
"""

from __future__ import annotations

from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.draft import Draft
from sonic_rules.crash_course.items import discard_items, lose_item, take_rings
from sonic_rules.crash_course.state import (
    ACTIONS,
    DRAWING,
    KINDS,
    MAX_ITEMS,
    RING,
    ItemKind,
    Space,
    State,
)


def progress(position: Space | None) -> tuple[int, int]:
    """How far along the course a space is: tile, then row (off the track: behind all)."""
    if position is None:
        return (-1, -1)
    return (position.tile, position.row)


def draw_count(state: State | Draft, index: int) -> int:
    """Items the character draws: first 1, last 3, between 2 (ties share the higher).

    A character's place is 1 + the number of characters strictly ahead of it, so
    characters tied at the back share the higher place and are not last unless alone
    there (``CC-PLACEMENT``): of three, one ahead and two tied behind, the two draw 2.
    """
    places = [progress(character.position) for character in state.characters]
    mine = places[index]
    place = 1 + sum(1 for other in places if other > mine)
    if place == 1:
        return 1
    if place == len(places):
        return 3
    return 2


def start_draw(d: Draft) -> None:
    """The draw, or first the full-hand choice (``CC-DRAW-FULL-HAND``).

    With the official-draw option that choice only offers discards: the player has
    already spent an action to draw (``CC-PROJ-OFFICIAL-DRAW-FULL-HAND``).
    """
    # Rings are not items here: a hand is full with 2 non-ring items (CC-ITEM-RING).
    if len(d.characters[d.active].items) >= MAX_ITEMS:
        d.goto("full_hand_at_draw")  # CC-DRAW-FULL-HAND
        return
    draw_now(d)


def draw_now(d: Draft) -> None:
    """Reshuffle if needed (``CC-PILE-RESHUFFLE``), then draw by place, or skip if none."""
    wanted = draw_count(d, d.active)
    discarded: int = sum(d.discard)
    if discarded > 0 and sum(d.pile) < wanted:
        d.events.append(E.PileReshuffled(discarded))
        d.pile = [a + b for a, b in zip(d.pile, d.discard, strict=True)]
        d.discard = [0] * len(KINDS)
    d.draws_left = min(wanted, sum(d.pile))
    d.drawn = []
    if d.draws_left == 0:
        d.events.append(E.DrawSkipped(d.name(d.active)))
        if d.phase is not ACTIONS:
            d.goto("draw_skipped")
        return
    d.pause_in(DRAWING, "draw_starts")  # a new game starts at its first draw


def finish_draw(d: Draft) -> None:
    """Rings drawn are kept besides the item chosen, outside the hand (``CC-ITEM-RING``)."""
    rings = sum(1 for kind in d.drawn if kind is RING)
    others = [kind for kind in d.drawn if kind is not RING]
    if rings:
        d.events.append(E.ItemKept(d.name(d.active), RING))
        take_rings(d, d.active, rings)  # CC-DRAW-RINGS
    d.drawn = others
    if len(set(others)) > 1:
        d.goto("choose_item_to_keep")
        return
    if others:
        keep(d, others[0])
    d.goto("draw_done")


def keep(d: Draft, kind: ItemKind) -> None:
    """``kind`` joins the hand; the other drawn tokens go back (``CC-DRAW-RETURN``)."""
    d.drawn.remove(kind)
    items = tuple(sorted((*d.characters[d.active].items, kind), key=lambda k: k.index))
    d.update(d.active, items=items)
    d.events.append(E.ItemKept(d.name(d.active), kind))
    if d.drawn:
        for other in d.drawn:
            d.pile[other.index] += 1
        d.events.append(E.ItemsReturned(len(d.drawn)))
    d.drawn = []


def draw_item(d: Draft, action: A.DrawItem) -> None:
    """Chance: one token from the pile (``CC-DRAW``)."""
    d.pile[action.kind.index] -= 1
    d.drawn.append(action.kind)
    d.draws_left -= 1
    d.events.append(E.Drew(d.name(d.active), action.kind))
    if d.draws_left == 0:
        finish_draw(d)


def discard_to_draw(d: Draft, action: A.DiscardToDraw) -> None:
    """A full hand discards one item, then draws (``CC-DRAW-FULL-HAND``)."""
    lose_item(d, action.kind)
    discard_items(d, action.kind, 1, "to make room for the draw")
    draw_now(d)


def skip_draw(d: Draft, action: A.SkipDraw) -> None:
    """A full hand keeps its items and skips the draw (``CC-DRAW-FULL-HAND``)."""
    d.events.append(E.DrawSkipped(d.name(d.active)))
    d.goto("draw_skipped")


def keep_item(d: Draft, action: A.KeepItem) -> None:
    """One of the drawn kinds is kept (``CC-DRAW``, ``CC-DRAW-RETURN``)."""
    keep(d, action.kind)
    d.goto("item_kept")


def draw_items(d: Draft, action: A.DrawItems) -> None:
    """Official draw: an action spent on the draw (``CC-OPT-OFFICIAL-DRAW``)."""
    d.actions_left -= 1
    start_draw(d)
