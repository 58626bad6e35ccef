"""Items and what they do: Rings, damage, Power-Ups, placing items, Motobug, Bomb, Bumper.

Also the decisions item damage leaves owed (where the Rings drop; Beginner: spend a
Ring to get up), asked once the action has resolved (`settle`).
"""

from __future__ import annotations

from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.draft import Draft
from sonic_rules.crash_course.state import (
    ACTIONS,
    BEGINNER,
    BOMB,
    BUMPER,
    BY_BUMP,
    CRABMEAT,
    EGGMAN,
    ENTER,
    LAY_TILE,
    MAX_DAMAGE,
    MAX_RINGS,
    MOTOBUG,
    OWED_RECOVERY,
    OWED_RING_DROP,
    RECOVERY,
    REVEALING,
    RING,
    RING_DROP,
    BoardItem,
    Frame,
    ItemKind,
    Pending,
    Space,
)
from sonic_rules.crash_course.tiles import BUZZ
from sonic_rules.crash_course.track import (
    Spaces,
    empty_spaces_of,
    next_space,
    previous_space,
    turn_newest,
)


def gain_bird(d: Draft, number: int, why: str) -> None:
    """``CC-FLICKY-NEW-TILE`` and the abilities; none once the supply is empty.

    The supply is the box's 24 birds (``CC-COMPONENTS``). A bird goes to the seat that
    owns the character, so a 2-player seat pools its main character's and side-kick's
    birds (``CC-TWO-PLAYER-BIRDS``). None in the Beginner game either
    (``CC-BEGINNER-NO-EXTRAS``: no abilities, no birds).
    """
    if d.bird_supply == 0 or d.variant is BEGINNER:
        return
    owner = d.characters[number].owner
    d.bird_supply -= 1
    d.birds[owner] += 1
    d.events.append(E.BirdGained(d.name(number), owner, why))


def discard_items(d: Draft, kind: ItemKind, count: int, why: str) -> None:
    """``count`` tokens of ``kind`` go to the discard pile."""
    if count:
        d.discard[kind.index] += count
        d.events.append(E.ItemDiscarded(kind, count, why))


def lose_item(d: Draft, kind: ItemKind) -> None:
    """The active character gives up one held ``kind``."""
    items = list(d.characters[d.active].items)
    items.remove(kind)
    d.update(d.active, items=tuple(items))


def take_rings(d: Draft, number: int, count: int) -> None:
    """Rings taken one by one: limit 3, traded for the Power-Up at 3 (``CC-RING-LIMIT``).

    Rings are a count of their own, never among the 2 held items (``CC-ITEM-RING``).
    The Beginner game has no Power-Up: the limit of 3 simply holds there, extra Rings
    are discarded (``CC-PROJ-BEGINNER-RINGS``).
    """
    for _ in range(count):
        character = d.characters[number]
        if character.power_up or character.rings >= MAX_RINGS:
            discard_items(d, RING, 1, "ring limit")
            continue
        character = d.update(number, rings=character.rings + 1)
        if character.rings == MAX_RINGS and d.variant is not BEGINNER:
            # CC-POWER-UP-GAIN: the exchange happens at once.
            d.update(number, rings=0, power_up=True)
            discard_items(d, RING, MAX_RINGS, "traded for a Power-Up")
            d.events.append(E.PowerUpGained(d.name(number)))


def damage(d: Draft, number: int, source: str, *, item: bool, hazard: bool) -> None:
    """Character ``number`` is hurt by ``source`` (an item, a hazard, or both).

    ``CC-DAMAGE-CAP``; a hurt character holding Rings drops them (``CC-RING-LOSS``).
    Beginner: the character is knocked down instead (``CC-BEGINNER-SKIP``).
    """
    character = d.characters[number]
    if d.variant is BEGINNER:
        # CC-BEGINNER-SKIP / CC-PROJ-BEGINNER-KNOCKED: lying down, no tokens.
        if character.knocked_down:
            return
        d.update(number, knocked_down=True)
        d.events.append(E.KnockedDown(character.name, source))
        if character.rings:
            d.pending.append(Pending(OWED_RECOVERY, number))
        return
    if character.damage >= MAX_DAMAGE:
        return  # CC-DAMAGE-CAP, and CC-PROJ-NO-DAMAGE-NO-LOSS
    character = d.update(number, damage=character.damage + 1)
    d.events.append(E.TookDamage(character.name, source, character.damage))
    if hazard:
        d.turn_hazard_damage[number] += 1
        eggman = d.characters[d.active]
        if d.turn_hazard_damage[number] == 2 and eggman.name is EGGMAN:
            gain_bird(d, d.active, "Eggman's ability")  # CC-ABILITY-EGGMAN
    if item and character.rings and not character.power_up:
        # CC-RING-LOSS, CC-PROJ-RING-DROP-TIMING: the Rings leave now, land later.
        d.pending.append(Pending(OWED_RING_DROP, number, character.rings))
        d.update(number, rings=0)


# ----- owed decisions -------------------------------------------------------------------


def drop_spaces(spaces: Spaces, position: Space | None) -> list[Space]:
    """Empty spaces of the tile behind a character standing on ``position`` (``CC-RING-LOSS``).

    Asked once the action has resolved, so "behind" is measured from where the
    character stands then, not where it was hurt (``CC-PROJ-RING-DROP-TIMING``).
    """
    if position is None or position.tile == 0:
        return []
    return empty_spaces_of(spaces, range(position.tile - 1, position.tile))


_BACK_TO_ACTIONS = {
    LAY_TILE: "movement_resolved",
    REVEALING: "item_revealed",
    RING_DROP: "rings_placed",
    RECOVERY: "recovery_decided",
}


def settle(d: Draft) -> None:
    """Ask the owed decisions in order, then hand back to the active player."""
    while d.pending:
        owed = d.pending[0]
        if owed.kind is OWED_RING_DROP:
            if drop_spaces(d, d.characters[owed.character].position):
                d.pause_in(RING_DROP, "rings_dropped_by_item")
                return
            d.pending.pop(0)
            d.events.append(E.RingsDropped(d.name(owed.character), owed.rings, None))
            discard_items(d, RING, owed.rings, "no room for the ring stack")
        else:
            character = d.characters[owed.character]
            if character.knocked_down and character.rings:
                d.pause_in(RECOVERY, "knocked_down_with_ring")
                return
            d.pending.pop(0)
    if d.phase is not ACTIONS:
        d.goto(_BACK_TO_ACTIONS[d.phase])


def drop_rings(d: Draft, action: A.DropRings) -> None:
    """The owed Rings land as a stack on the chosen space (``CC-RING-LOSS``)."""
    owed = d.pending.pop(0)
    d.board[action.space] = BoardItem(action.space, RING, owed.rings)
    d.events.append(E.RingsDropped(d.name(owed.character), owed.rings, action.space))


def recover(d: Draft, action: A.Recover) -> None:
    """Beginner: spend a Ring to get up at once, or lie (``CC-PROJ-BEGINNER-KNOCKED``)."""
    owed = d.pending.pop(0)
    if action.use_ring:
        target = d.characters[owed.character]
        d.update(owed.character, rings=target.rings - 1, knocked_down=False)
        discard_items(d, RING, 1, "spent to get up")
        d.events.append(E.Recovered(target.name, True))


def reveal_item(d: Draft, action: A.RevealItem) -> None:
    """Chance, Beginner: the token being entered turns up (``CC-BEGINNER-ITEMS``)."""
    frame = d.motion[-1]
    assert frame.space is not None
    d.face_down.discard(frame.space)
    d.pile[action.kind.index] -= 1
    d.board[frame.space] = BoardItem(frame.space, action.kind)
    d.events.append(E.ItemRevealed(action.kind, frame.space))


# ----- using items ------------------------------------------------------------------------


def place_item(d: Draft, action: A.PlaceItem) -> None:
    """A Spring, Booster or Crabmeat goes on an empty space (``CC-ITEM-PLACE-EMPTY``)."""
    lose_item(d, action.kind)
    d.board[action.space] = BoardItem(action.space, action.kind)
    d.events.append(E.ItemPlaced(d.name(d.active), action.kind, action.space))


def use_motobug(d: Draft, action: A.UseMotobug) -> None:
    """``CC-ITEM-MOTOBUG``: along the lane, nearest first, until a Crabmeat."""
    active = d.active
    lose_item(d, MOTOBUG)
    d.events.append(E.ItemUsed(d.name(active), MOTOBUG, "its lane"))
    position = d.characters[active].position
    assert position is not None
    space = next_space(d.course_length(), position, position.lane)
    while space is not None:
        item = d.item_at(space)
        if item is not None and item.kind is CRABMEAT:
            del d.board[space]
            discard_items(d, CRABMEAT, 1, "stopped a Motobug")
            break
        hit = d.occupied.get(space)
        if hit is not None:
            damage(d, hit, "a Motobug", item=True, hazard=False)
        space = next_space(d.course_length(), space, space.lane)
    discard_items(d, MOTOBUG, 1, "used")


def use_bomb(d: Draft, action: A.UseBomb) -> None:
    """``CC-ITEM-BOMB``: everyone on the tile is hurt, every item on it discarded."""
    tile = action.tile
    lose_item(d, BOMB)
    d.events.append(E.ItemUsed(d.name(d.active), BOMB, f"tile {tile}"))
    victims = sorted(
        ((space.tile, space.row, space.lane), number)
        for space, number in d.occupied.items()
        if space.tile == tile
    )
    for _space, number in victims:
        damage(d, number, "a Bomb", item=True, hazard=False)
    for space in [space for space in d.board if space.tile == tile]:
        item = d.board.pop(space)
        discard_items(d, item.kind, item.count, "bombed")
    discard_items(d, BOMB, 1, "used")


def use_bumper(d: Draft, action: A.UseBumper) -> None:
    """``CC-ITEM-BUMPER``: 2 back in the lane, a Buzz Bomber in the way stops it."""
    lose_item(d, BUMPER)
    target = action.target
    d.events.append(E.ItemUsed(d.name(d.active), BUMPER, d.name(target).value))
    discard_items(d, BUMPER, 1, "used")
    position = d.characters[target].position
    assert position is not None
    first = previous_space(position)
    if first is None:
        return
    landing = first
    if d.feature(first) != BUZZ:
        second = previous_space(first)
        if second is not None:
            landing = second
    # CC-PROJ-BUMPER-PUSH: the landing is an entry, so an occupant there is pushed forward.
    # The bounced character leaves its space at once (it skips over everything between).
    del d.occupied[position]
    d.motion.append(Frame(ENTER, target, BY_BUMP, space=landing))


def power_up_heal(d: Draft, action: A.PowerUpHeal) -> None:
    """``CC-POWER-UP-HEAL``: the Power-Up is spent to remove a damage token."""
    character = d.characters[d.active]
    updated = d.update(d.active, power_up=False, damage=character.damage - 1)
    d.events.append(E.PowerUpSpent(character.name, "heal"))
    d.events.append(E.Fixed(character.name, updated.damage))


def power_up_turn(d: Draft, action: A.PowerUpTurn) -> None:
    """``CC-POWER-UP-TURN``: the Power-Up is spent to turn the newest tile around."""
    d.update(d.active, power_up=False)
    d.events.append(E.PowerUpSpent(d.name(d.active), "turn the newest tile"))
    turn_newest(d)
