"""Movement: steps, pushes, boosts, Spring jumps and landings, as a stack of frames.

Movement is a stack of `Frame` values rather than
Python recursion: a push, a boost or a Spring jump pushes frames, and when a character
must leave the newest tile the stack is simply kept in the state while the active
player chooses the tile to lay (``CC-TILE-LAY``), then resumes (`resolve`).
"""

from __future__ import annotations

import attrs

from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.draft import Draft
from sonic_rules.crash_course.items import damage, gain_bird, settle, take_rings
from sonic_rules.crash_course.state import (
    ADVANCE,
    BEGINNER,
    BOOSTER,
    BY_BOOST,
    BY_BUMP,
    BY_ENTRY,
    BY_JUMP,
    BY_PUSH,
    BY_STEP,
    CRABMEAT,
    ENTER,
    LAY_TILE,
    REVEALING,
    RING,
    SONIC,
    SPRING,
    SPRING_JUMP,
    TAILS,
    Frame,
    How,
    PlacedTile,
    Space,
)
from sonic_rules.crash_course.tiles import BUZZ, SPIKES
from sonic_rules.crash_course.track import lifting_wins, next_space
from sonic_rules.crash_course.turn import may_finish, win


class _Paused(Exception):
    """Raised inside the movement loop when the game stops or waits for a decision."""


def resolve(d: Draft) -> None:
    """Resolve the movement stack, then the owed decisions; stop at a pause."""
    try:
        while d.motion:
            frame = d.motion[-1]
            if frame.kind is ENTER:
                _enter(d, frame)
            elif frame.kind is ADVANCE:
                _advance(d, frame)
            else:
                _jump(d, frame)
        settle(d)
    except _Paused:
        return


def move(d: Draft, action: A.Move) -> None:
    """One space ahead or diagonally (``CC-MOVE-FORWARD``), or onto the course."""
    active = d.active
    d.actions_left -= 1
    d.moved_this_turn = True
    if d.characters[active].position is None:
        entry = Space(0, 0, action.lane)  # CC-FIRST-ENTRY
        d.motion.append(Frame(ENTER, active, BY_ENTRY, space=entry, by_move=True))
    else:
        d.motion.append(
            Frame(ADVANCE, active, BY_STEP, remaining=1, lane=action.lane, by_move=True)
        )


def _enter(d: Draft, frame: Frame) -> None:
    assert frame.space is not None
    if d.is_face_down(frame.space):
        # CC-BEGINNER-ITEMS: the token is turned up before stepping in; its kind is only
        # decided now, by chance (CC-PROJ-BEGINNER-HIDDEN).
        d.pause_in(REVEALING, "face_down_item_entered")
        raise _Paused
    occupant = d.occupied.get(frame.space)
    if occupant is not None and occupant != frame.character:
        # CC-PUSH / CC-PUSH-CHAIN: the occupant goes first, then the mover lands, so a
        # space never holds two characters (CC-ONE-PER-SPACE). Whatever brought the
        # mover here (a step, a boost, a jump, a Bumper: CC-PROJ-BUMPER-PUSH) pushes.
        lane = frame.space.lane
        d.motion.append(Frame(ADVANCE, occupant, BY_PUSH, remaining=1, lane=lane))
        return
    d.motion.pop()
    land(d, frame.character, frame.space, frame.how, frame.by_move)


def _leave_edge(d: Draft, number: int) -> None:
    """The character must leave the front edge of the newest tile."""
    if may_finish(d, number):
        why = "first off the finish tile" if d.variant is BEGINNER else "crossed the finish line"
        win(d, d.characters[number].owner, why)  # CC-FINISH
        raise _Paused
    if lifting_wins(d):
        # CC-SECONDARY-WIN: the player who has to lift an occupied tile wins.
        win(d, d.characters[d.active].owner, "had to lift an occupied tile")
        raise _Paused
    d.pause_in(LAY_TILE, "left_newest_tile")  # CC-TILE-LAY: the active player chooses
    raise _Paused


def _advance(d: Draft, frame: Frame) -> None:
    position = d.characters[frame.character].position
    assert position is not None
    target = next_space(d.course_length(), position, frame.lane)
    if target is None:
        _leave_edge(d, frame.character)
        return
    d.motion.pop()
    if frame.remaining > 1:
        d.motion.append(
            Frame(
                frame.kind,
                frame.character,
                frame.how,
                frame.space,
                frame.remaining - 1,
                frame.lane,
                frame.skipped,
                frame.by_move,
            )
        )
    d.motion.append(Frame(ENTER, frame.character, frame.how, space=target, by_move=frame.by_move))


def ground_obstacle(d: Draft, space: Space) -> bool:
    """Spikes, a Crabmeat or a character (``CC-ITEM-SPRING``)."""
    if d.feature(space) == SPIKES or space in d.occupied:
        return True
    item = d.item_at(space)
    return item is not None and item.kind is CRABMEAT


def _jump(d: Draft, frame: Frame) -> None:
    number = frame.character
    spring = d.characters[number].position
    assert spring is not None
    current = frame.space or spring
    target = next_space(d.course_length(), current, spring.lane)
    if target is None:
        _leave_edge(d, number)
        return
    if d.feature(target) != BUZZ and ground_obstacle(d, target):
        d.motion[-1] = attrs.evolve(frame, space=target, skipped=frame.skipped + 1)
        return
    d.motion.pop()
    if d.characters[number].name is TAILS and frame.skipped >= 3:
        # CC-ABILITY-TAILS: 3 obstacles +1, 4 or more +2.
        for _ in range(1 if frame.skipped == 3 else 2):
            gain_bird(d, number, f"Tails jumped {frame.skipped} obstacles")
    d.motion.append(Frame(ENTER, number, BY_JUMP, space=target, by_move=frame.by_move))


def _cancel_boost(d: Draft, number: int) -> None:
    """A Crabmeat, a Spring or another Booster ends a boost (``CC-ITEM-BOOSTER``)."""
    if d.motion:
        top = d.motion[-1]
        if top.kind is ADVANCE and top.character == number and top.how is BY_BOOST:
            d.motion.pop()


def land(d: Draft, number: int, space: Space, how: How, by_move: bool = False) -> None:
    """A character enters ``space``: birds, hazards and items resolve (``CC-PUSH``).

    ``by_move`` is true while the active character's own Move action carries it.
    """
    start = d.characters[number].position
    d.put(number, space)
    d.events.append(E.Moved(d.name(number), start, space, how._value_))
    placed = d.course_tile(space.tile)
    if not placed.bird_taken:
        d.course[space.tile] = PlacedTile(
            placed.tile, placed.x, placed.y, placed.heading, placed.reversed, True
        )
        gain_bird(d, number, "first onto a new tile")  # CC-FLICKY-NEW-TILE
    feature = d.feature(space)
    if feature == SPIKES:
        damage(d, number, "spikes", item=False, hazard=True)  # CC-SPIKES
    elif feature == BUZZ and (d.variant is BEGINNER or how in (BY_JUMP, BY_BUMP)):
        damage(d, number, "a Buzz Bomber", item=False, hazard=True)  # CC-BUZZ-BOMBER
    item = d.item_at(space)
    if item is None:
        return
    if item.kind is RING:
        del d.board[space]
        d.events.append(E.RingsTaken(d.name(number), item.count))
        take_rings(d, number, item.count)  # CC-RING-STACK, CC-PROJ-RING-STACK-EXCESS
    elif item.kind is CRABMEAT:
        _cancel_boost(d, number)
        damage(d, number, "a Crabmeat", item=True, hazard=True)  # CC-ITEM-CRABMEAT
    elif item.kind is BOOSTER:
        _boost(d, number, space, how, by_move)
    elif item.kind is SPRING:
        _cancel_boost(d, number)
        ahead = next_space(d.course_length(), space, space.lane)
        # CC-PROJ-SPRING-EDGE: with no tile ahead there is no obstacle ahead.
        if ahead is not None and ground_obstacle(d, ahead):
            d.motion.append(Frame(SPRING_JUMP, number, BY_JUMP, by_move=by_move))


def _boost(d: Draft, number: int, space: Space, how: How, by_move: bool) -> None:
    """``CC-ITEM-BOOSTER``: 2 more spaces straight ahead in the booster's lane.

    One at a time (spikes on the way hurt, the boost goes on); a new boost replaces the
    old one.
    """
    if how is BY_BOOST and by_move and d.name(number) is SONIC:
        # CC-ABILITY-SONIC: only within one of his own Move actions; each link of a
        # chain is a combo (CC-PROJ-SONIC-CHAIN).
        gain_bird(d, number, "Sonic combined two Boosters")
    _cancel_boost(d, number)
    d.motion.append(Frame(ADVANCE, number, BY_BOOST, remaining=2, lane=space.lane, by_move=by_move))
