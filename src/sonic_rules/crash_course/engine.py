"""The Crash Course referee: legal actions, applying actions, chance outcomes.

``apply`` copies the frozen state into a small mutable working copy (:class:`_Work`),
runs the rules on it and freezes the result, so the caller's state is never touched.

Movement is a stack of :class:`~sonic_rules.crash_course.state.Frame` values rather than
Python recursion: a push, a boost or a Spring jump pushes frames, and when a
character must leave the newest tile the stack is simply kept in the state while the
active player chooses the tile to lay (``CC-TILE-LAY``), then resumes.
"""

from __future__ import annotations

import itertools
from typing import Any

import attrs

from sonic_rules.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from sonic_rules.core.events import Event
from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.phases import PHASES, Phase
from sonic_rules.crash_course.state import (
    KINDS,
    MAX_DAMAGE,
    MAX_ITEMS,
    MAX_RINGS,
    PLACED_KINDS,
    BoardItem,
    Character,
    CharacterName,
    Frame,
    FrameKind,
    How,
    ItemKind,
    Pending,
    PendingKind,
    PlacedShortcut,
    PlacedTile,
    Space,
    State,
    Variant,
)
from sonic_rules.crash_course.tiles import (
    ARROW_LEFT,
    ARROW_RIGHT,
    BUZZ,
    DIRECTIONS,
    LANES,
    ROWS,
    SPIKES,
    Catalogue,
    effective_turn,
    exit_heading,
    oriented_features,
    space_point,
)

_RING = ItemKind.RING
_EMPTY_FEATURES = frozenset(".*<>")


class _Paused(Exception):
    """Raised inside the movement loop when the game stops or waits for a decision."""


def features_of(state: State, index: int) -> tuple[str, ...]:
    """The features of course tile ``index`` in travel order (``row * 3 + lane``)."""
    placed = state.course[index]
    return oriented_features(state.catalogue.tiles[placed.tile].rows, placed.reversed)


def progress(character: Character) -> tuple[int, int]:
    """How far along the course a character is (``CC-PLACEMENT``): tile, then row."""
    position = character.position
    if position is None:
        return (-1, -1)
    return (position.tile, position.row)


def draw_count(state: State, index: int) -> int:
    """Items the character draws: first 1, last 3, between 2 (ties share the higher).

    A character's place is 1 + the number of characters strictly ahead of it, so
    characters tied at the back share the higher place and are not last unless alone
    there (``CC-PLACEMENT``): of three, one ahead and two tied behind, the two draw 2.
    """
    places = [progress(character) for character in state.characters]
    mine = places[index]
    place = 1 + sum(1 for other in places if other > mine)
    if place == 1:
        return 1
    if place == len(places):
        return 3
    return 2


def airborne_characters(motion: tuple[Frame, ...] | list[Frame]) -> set[int]:
    """Characters bounced by a Bumper and not landed yet: off their spaces."""
    return {
        frame.character
        for frame in motion
        if frame.kind is FrameKind.ENTER and frame.how is How.BUMP
    }


class _Work:
    """A mutable working copy of a state for the duration of one ``apply``."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.catalogue = state.catalogue
        self.beginner = state.variant is Variant.BEGINNER
        self.chars = list(state.characters)
        self.birds = list(state.birds)
        self.bird_supply = state.bird_supply
        self.pile: list[int] = list(state.pile)
        self.discard: list[int] = list(state.discard)
        self.box: list[int] = list(state.box)
        self.course = list(state.course)
        self.tile_pile = list(state.tile_pile)
        self.shortcuts = list(state.shortcuts)
        self.board = {item.space: item for item in state.board}
        self.face_down = set(state.face_down)
        # A character bounced by a Bumper is in the air until it lands: it has left its
        # space (CC-ITEM-BUMPER), so nothing pushed or boosted meanwhile meets it there.
        airborne = airborne_characters(state.motion)
        self.occupied = {
            c.position: number
            for number, c in enumerate(self.chars)
            if c.position is not None and number not in airborne
        }
        self.phase = state.phase
        self.active = state.active
        self.actions_left = state.actions_left
        self.moved = state.moved_this_turn
        self.draws_left = state.draws_left
        self.drawn = list(state.drawn)
        self.motion = list(state.motion)
        self.pending = list(state.pending)
        self.hazard = list(state.turn_hazard_damage)
        self.laid_shortcuts = list(state.turn_laid_shortcuts)
        self.won_by = state.won_by
        self.events: list[Event] = []
        self._features: dict[int, tuple[str, ...]] = {}

    # ----- freezing -------------------------------------------------------------------
    def freeze(self) -> State:
        return State(
            variant=self.state.variant,
            players=self.state.players,
            options=self.state.options,
            catalogue=self.catalogue,
            characters=tuple(self.chars),
            birds=tuple(self.birds),
            bird_supply=self.bird_supply,
            pile=tuple(self.pile),
            discard=tuple(self.discard),
            box=tuple(self.box),
            course=tuple(self.course),
            tile_pile=tuple(sorted(self.tile_pile)),
            shortcuts=tuple(self.shortcuts),
            board=tuple(sorted(self.board.values())),
            face_down=tuple(sorted(self.face_down)),
            phase=self.phase,
            active=self.active,
            actions_left=self.actions_left,
            moved_this_turn=self.moved,
            draws_left=self.draws_left,
            drawn=tuple(self.drawn),
            motion=tuple(self.motion),
            pending=tuple(self.pending),
            turn_hazard_damage=tuple(self.hazard),
            turn_laid_shortcuts=tuple(self.laid_shortcuts),
            won_by=self.won_by,
        )

    def set_phase(self, phase: Phase) -> None:
        PHASES.check(self.phase, phase)
        self.phase = phase

    # ----- geometry -------------------------------------------------------------------
    def feature(self, space: Space) -> str:
        cached = self._features.get(space.tile)
        if cached is None:
            placed = self.course[space.tile]
            cached = oriented_features(self.catalogue.tiles[placed.tile].rows, placed.reversed)
            self._features[space.tile] = cached
        return cached[space.row * LANES + space.lane]

    def forget_features(self) -> None:
        self._features.clear()

    def next_space(self, space: Space, lane: int) -> Space | None:
        if space.row + 1 < ROWS:
            return Space(space.tile, space.row + 1, lane)
        if space.tile + 1 < len(self.course):
            return Space(space.tile + 1, 0, lane)
        return None

    def previous_space(self, space: Space) -> Space | None:
        if space.row > 0:
            return Space(space.tile, space.row - 1, space.lane)
        if space.tile > 0:
            return Space(space.tile - 1, ROWS - 1, space.lane)
        return None

    def is_empty(self, space: Space) -> bool:
        """No item, spikes, Buzz Bomber or character (``CC-ITEM-PLACE-EMPTY``)."""
        return (
            space not in self.board
            and space not in self.occupied
            and space not in self.face_down
            and self.feature(space) in _EMPTY_FEATURES
        )

    # ----- characters -----------------------------------------------------------------
    def update(self, number: int, **changes: Any) -> Character:
        character = attrs.evolve(self.chars[number], **changes)
        self.chars[number] = character
        return character

    def put(self, number: int, space: Space) -> None:
        old = self.chars[number].position
        if old is not None and self.occupied.get(old) == number:
            del self.occupied[old]
        self.occupied[space] = number
        self.update(number, position=space)

    def name(self, number: int) -> CharacterName:
        return self.chars[number].name

    def gain_bird(self, number: int, why: str) -> None:
        """``CC-FLICKY-NEW-TILE`` and the abilities; none once the supply is empty.

        The supply is the box's 24 birds (``CC-COMPONENTS``). A bird goes to the seat that
        owns the character, so a 2-player seat pools its main character's and side-kick's
        birds (``CC-TWO-PLAYER-BIRDS``). None in the Beginner game either
        (``CC-BEGINNER-NO-EXTRAS``: no abilities, no birds).
        """
        if self.bird_supply == 0 or self.beginner:
            return
        owner = self.chars[number].owner
        self.bird_supply -= 1
        self.birds[owner] += 1
        self.events.append(E.BirdGained(self.name(number), owner, why))

    def discard_items(self, kind: ItemKind, count: int, why: str) -> None:
        if count:
            self.discard[kind.index] += count
            self.events.append(E.ItemDiscarded(kind, count, why))

    def take_rings(self, number: int, count: int) -> None:
        """Rings taken one by one: limit 3, traded for the Power-Up at 3 (``CC-RING-LIMIT``).

        Rings are a count of their own, never among the 2 held items (``CC-ITEM-RING``).
        The Beginner game has no Power-Up: the limit of 3 simply holds there, extra Rings
        are discarded (``CC-PROJ-BEGINNER-RINGS``).
        """
        for _ in range(count):
            character = self.chars[number]
            if character.power_up or character.rings >= MAX_RINGS:
                self.discard_items(_RING, 1, "ring limit")
                continue
            character = self.update(number, rings=character.rings + 1)
            if character.rings == MAX_RINGS and not self.beginner:
                # CC-POWER-UP-GAIN: the exchange happens at once.
                self.update(number, rings=0, power_up=True)
                self.discard_items(_RING, MAX_RINGS, "traded for a Power-Up")
                self.events.append(E.PowerUpGained(self.name(number)))

    def damage(self, number: int, source: str, *, item: bool, hazard: bool) -> None:
        character = self.chars[number]
        if self.beginner:
            # CC-BEGINNER-SKIP / CC-PROJ-BEGINNER-KNOCKED: lying down, no tokens.
            if character.knocked_down:
                return
            self.update(number, knocked_down=True)
            self.events.append(E.KnockedDown(character.name, source))
            if character.rings:
                self.pending.append(Pending(PendingKind.RECOVERY, number))
            return
        if character.damage >= MAX_DAMAGE:
            return  # CC-DAMAGE-CAP, and CC-PROJ-NO-DAMAGE-NO-LOSS
        character = self.update(number, damage=character.damage + 1)
        self.events.append(E.TookDamage(character.name, source, character.damage))
        if hazard:
            self.hazard[number] += 1
            eggman = self.chars[self.active]
            if self.hazard[number] == 2 and eggman.name is CharacterName.EGGMAN:
                self.gain_bird(self.active, "Eggman's ability")  # CC-ABILITY-EGGMAN
        if item and character.rings and not character.power_up:
            # CC-RING-LOSS, CC-PROJ-RING-DROP-TIMING: the Rings leave now, land later.
            self.pending.append(Pending(PendingKind.RING_DROP, number, character.rings))
            self.update(number, rings=0)

    # ----- winning --------------------------------------------------------------------
    def win(self, seat: int, why: str) -> None:
        self.won_by = (seat,)
        self.motion.clear()
        self.pending.clear()
        self.set_phase(Phase.GAME_OVER)
        self.events.append(E.Won(seat, why))
        raise _Paused

    def may_finish(self, number: int) -> bool:
        """Birds are the owner seat's, side-kick's included (``CC-TWO-PLAYER-BIRDS``)."""
        if self.beginner:
            return True
        return self.birds[self.chars[number].owner] >= self.state.required_birds

    # ----- movement -------------------------------------------------------------------
    def run(self) -> None:
        """Resolve the movement stack, then the owed decisions; stop at a pause."""
        try:
            while self.motion:
                frame = self.motion[-1]
                if frame.kind is FrameKind.ENTER:
                    self._enter(frame)
                elif frame.kind is FrameKind.ADVANCE:
                    self._advance(frame)
                else:
                    self._jump(frame)
            self.settle()
        except _Paused:
            return

    def _enter(self, frame: Frame) -> None:
        assert frame.space is not None
        if frame.space in self.face_down:
            # CC-BEGINNER-ITEMS: the token is turned up before stepping in; its kind is only
            # decided now, by chance (CC-PROJ-BEGINNER-HIDDEN).
            self.set_phase(Phase.REVEALING)
            raise _Paused
        occupant = self.occupied.get(frame.space)
        if occupant is not None and occupant != frame.character:
            # CC-PUSH / CC-PUSH-CHAIN: the occupant goes first, then the mover lands, so a
            # space never holds two characters (CC-ONE-PER-SPACE). Whatever brought the
            # mover here (a step, a boost, a jump, a Bumper: CC-PROJ-BUMPER-PUSH) pushes.
            lane = frame.space.lane
            self.motion.append(Frame(FrameKind.ADVANCE, occupant, How.PUSH, remaining=1, lane=lane))
            return
        self.motion.pop()
        self.land(frame.character, frame.space, frame.how, frame.by_move)

    def _leave_edge(self, number: int) -> None:
        """The character must leave the front edge of the newest tile."""
        if self.may_finish(number):
            why = "first off the finish tile" if self.beginner else "crossed the finish line"
            self.win(self.chars[number].owner, why)  # CC-FINISH, CC-BEGINNER-FINISH
        if not self.tile_pile:
            rear = 0
            on_rear = [c for c in self.chars if c.position is not None and c.position.tile == rear]
            if on_rear and not self.state.options.set_back:
                # CC-SECONDARY-WIN: the player who has to lift an occupied tile wins.
                self.win(self.chars[self.active].owner, "had to lift an occupied tile")
        self.set_phase(Phase.LAY_TILE)  # CC-TILE-LAY: the active player chooses
        raise _Paused

    def _advance(self, frame: Frame) -> None:
        position = self.chars[frame.character].position
        assert position is not None
        target = self.next_space(position, frame.lane)
        if target is None:
            self._leave_edge(frame.character)
            return
        self.motion.pop()
        if frame.remaining > 1:
            self.motion.append(attrs.evolve(frame, remaining=frame.remaining - 1))
        self.motion.append(
            Frame(FrameKind.ENTER, frame.character, frame.how, space=target, by_move=frame.by_move)
        )

    def ground_obstacle(self, space: Space) -> bool:
        """Spikes, a Crabmeat or a character (``CC-ITEM-SPRING``)."""
        if self.feature(space) == SPIKES or space in self.occupied:
            return True
        item = self.board.get(space)
        return item is not None and item.kind is ItemKind.CRABMEAT

    def _jump(self, frame: Frame) -> None:
        number = frame.character
        spring = self.chars[number].position
        assert spring is not None
        current = frame.space or spring
        target = self.next_space(current, spring.lane)
        if target is None:
            self._leave_edge(number)
            return
        if self.feature(target) != BUZZ and self.ground_obstacle(target):
            self.motion[-1] = attrs.evolve(frame, space=target, skipped=frame.skipped + 1)
            return
        self.motion.pop()
        if self.chars[number].name is CharacterName.TAILS and frame.skipped >= 3:
            # CC-ABILITY-TAILS: 3 obstacles +1, 4 or more +2.
            for _ in range(1 if frame.skipped == 3 else 2):
                self.gain_bird(number, f"Tails jumped {frame.skipped} obstacles")
        self.motion.append(
            Frame(FrameKind.ENTER, number, How.JUMP, space=target, by_move=frame.by_move)
        )

    def _cancel_boost(self, number: int) -> None:
        """A Crabmeat, a Spring or another Booster ends a boost (``CC-ITEM-BOOSTER``)."""
        if self.motion:
            top = self.motion[-1]
            if top.kind is FrameKind.ADVANCE and top.character == number and top.how is How.BOOST:
                self.motion.pop()

    def land(self, number: int, space: Space, how: How, by_move: bool = False) -> None:
        """A character enters ``space``: birds, hazards and items resolve (``CC-PUSH``).

        ``by_move`` is true while the active character's own Move action carries it.
        """
        start = self.chars[number].position
        self.put(number, space)
        self.events.append(E.Moved(self.name(number), start, space, how.value))
        placed = self.course[space.tile]
        if not placed.bird_taken:
            self.course[space.tile] = attrs.evolve(placed, bird_taken=True)
            self.gain_bird(number, "first onto a new tile")  # CC-FLICKY-NEW-TILE
        feature = self.feature(space)
        if feature == SPIKES:
            self.damage(number, "spikes", item=False, hazard=True)  # CC-SPIKES
        elif feature == BUZZ and (self.beginner or how in (How.JUMP, How.BUMP)):
            self.damage(number, "a Buzz Bomber", item=False, hazard=True)  # CC-BUZZ-BOMBER
        item = self.board.get(space)
        if item is None:
            return
        if item.kind is _RING:
            del self.board[space]
            self.events.append(E.RingsTaken(self.name(number), item.count))
            self.take_rings(number, item.count)  # CC-RING-STACK, CC-PROJ-RING-STACK-EXCESS
        elif item.kind is ItemKind.CRABMEAT:
            self._cancel_boost(number)
            self.damage(number, "a Crabmeat", item=True, hazard=True)  # CC-ITEM-CRABMEAT
        elif item.kind is ItemKind.BOOSTER:
            # CC-ITEM-BOOSTER: 2 more spaces straight ahead in the booster's lane, one at a
            # time (spikes on the way hurt, the boost goes on); a new boost replaces the old.
            if how is How.BOOST and by_move and self.name(number) is CharacterName.SONIC:
                # CC-ABILITY-SONIC: only within one of his own Move actions; each link of a
                # chain is a combo (CC-PROJ-SONIC-CHAIN).
                self.gain_bird(number, "Sonic combined two Boosters")
            self._cancel_boost(number)
            self.motion.append(
                Frame(
                    FrameKind.ADVANCE,
                    number,
                    How.BOOST,
                    remaining=2,
                    lane=space.lane,
                    by_move=by_move,
                )
            )
        elif item.kind is ItemKind.SPRING:
            self._cancel_boost(number)
            ahead = self.next_space(space, space.lane)
            # CC-PROJ-SPRING-EDGE: with no tile ahead there is no obstacle ahead.
            if ahead is not None and self.ground_obstacle(ahead):
                self.motion.append(Frame(FrameKind.JUMP, number, How.JUMP, by_move=by_move))

    # ----- owed decisions ---------------------------------------------------------------
    def drop_spaces(self, number: int) -> list[Space]:
        """Empty spaces of the tile behind the character (``CC-RING-LOSS``).

        Asked once the action has resolved, so "behind" is measured from where the
        character stands then, not where it was hurt (``CC-PROJ-RING-DROP-TIMING``).
        """
        position = self.chars[number].position
        if position is None or position.tile == 0:
            return []
        tile = position.tile - 1
        return [
            space
            for row in range(ROWS)
            for lane in range(LANES)
            if self.is_empty(space := Space(tile, row, lane))
        ]

    def settle(self) -> None:
        """Ask the owed decisions in order, then hand back to the active player."""
        while self.pending:
            owed = self.pending[0]
            if owed.kind is PendingKind.RING_DROP:
                if self.drop_spaces(owed.character):
                    self.set_phase(Phase.RING_DROP)
                    return
                self.pending.pop(0)
                self.events.append(E.RingsDropped(self.name(owed.character), owed.rings, None))
                self.discard_items(_RING, owed.rings, "no room for the ring stack")
            else:
                character = self.chars[owed.character]
                if character.knocked_down and character.rings:
                    self.set_phase(Phase.RECOVERY)
                    return
                self.pending.pop(0)
        self.set_phase(Phase.ACTIONS)

    # ----- tiles ------------------------------------------------------------------------
    def lay_tile(self, tile: int, reversed_: bool) -> None:
        """Lay at the front (``CC-TILE-LAY``), lifting the rearmost tile if the pile is empty."""
        newest = self.course[-1]
        heading = exit_heading(
            newest.heading, effective_turn(self.catalogue.tiles[newest.tile], newest.reversed)
        )
        carried: list[BoardItem] = []
        lifted: PlacedTile | None = None
        if self.tile_pile:
            self.tile_pile.remove(tile)
        else:
            lifted = self.recycle()
            carried = [item for item in self.board.values() if item.space.tile == -1]
            for item in carried:
                del self.board[item.space]
        taken = {(placed.x, placed.y) for placed in self.course}
        taken.update((shortcut.x, shortcut.y) for shortcut in self.shortcuts)
        dx, dy = DIRECTIONS[heading]
        x, y = newest.x + dx, newest.y + dy
        mega_jump = False
        while (x, y) in taken:  # CC-MEGA-JUMP: the first free cell along the line
            x, y = x + dx, y + dy
            mega_jump = True
        self.course.append(PlacedTile(tile, x, y, heading, reversed_, self.beginner))
        self.forget_features()
        front = len(self.course) - 1
        turned = lifted is not None and lifted.reversed != reversed_
        for item in carried:
            row, lane = item.space.row, item.space.lane
            if turned:
                row, lane = ROWS - 1 - row, LANES - 1 - lane
            self.board[Space(front, row, lane)] = attrs.evolve(item, space=Space(front, row, lane))
        spec = self.catalogue.tiles[tile]
        self.events.append(E.TileLaid(spec.id, x, y, reversed_, mega_jump))
        if lifted is not None:
            self.return_shortcuts()

    def recycle(self) -> PlacedTile:
        """``CC-TILE-RECYCLE``: lift the rearmost tile; its items wait on tile -1."""
        lifted = self.course.pop(0)
        self.forget_features()
        self.events.append(E.TileRecycled(self.catalogue.tiles[lifted.tile].id))
        self.board = {
            Space(s.tile - 1, s.row, s.lane): attrs.evolve(
                item, space=Space(s.tile - 1, s.row, s.lane)
            )
            for s, item in self.board.items()
        }
        for number, character in enumerate(self.chars):
            if character.position is not None:
                p = character.position
                self.chars[number] = attrs.evolve(
                    character, position=Space(p.tile - 1, p.row, p.lane)
                )
        self.frames_shift()
        self.occupied = {}
        set_back = [
            n for n, c in enumerate(self.chars) if c.position is not None and c.position.tile == -1
        ]
        airborne = airborne_characters(self.motion)
        for number, character in enumerate(self.chars):
            position = character.position
            if position is not None and position.tile >= 0 and number not in airborne:
                self.occupied[position] = number
        for number in set_back:
            self._set_back(number)
        return lifted

    def frames_shift(self) -> None:
        self.motion = [
            attrs.evolve(f, space=Space(f.space.tile - 1, f.space.row, f.space.lane))
            if f.space is not None
            else f
            for f in self.motion
        ]

    def _set_back(self, number: int) -> None:
        """``CC-OPT-SET-BACK`` / ``CC-PROJ-SETBACK-SPACE`` (a free space: ``CC-ONE-PER-SPACE``)."""
        old = self.chars[number].position
        assert old is not None
        lanes = sorted(range(LANES), key=lambda lane: (abs(lane - old.lane), lane))
        for row in range(ROWS):
            for lane in lanes:
                space = Space(0, row, lane)
                if space not in self.occupied:
                    self.occupied[space] = number
                    self.update(number, position=space)
                    self.events.append(E.SetBack(self.name(number), space))
                    return
        raise AssertionError("a tile has more spaces than there are characters")

    def turn_newest(self) -> None:
        """``CC-POWER-UP-TURN``: characters and items keep their physical spaces."""
        front = len(self.course) - 1
        placed = self.course[front]
        self.course[front] = attrs.evolve(placed, reversed=not placed.reversed)
        self.forget_features()

        def flip(space: Space) -> Space:
            return Space(front, ROWS - 1 - space.row, LANES - 1 - space.lane)

        self.board = {
            (flip(s) if s.tile == front else s): (
                attrs.evolve(item, space=flip(s)) if s.tile == front else item
            )
            for s, item in self.board.items()
        }
        for number, character in enumerate(self.chars):
            if character.position is not None and character.position.tile == front:
                self.update(number, position=flip(character.position))
        self.occupied = {c.position: n for n, c in enumerate(self.chars) if c.position is not None}
        self.events.append(E.TileTurned(self.catalogue.tiles[placed.tile].id))
        self.return_shortcuts()

    # ----- shortcuts --------------------------------------------------------------------
    def arrows(self) -> dict[tuple[int, int], tuple[Space, int]]:
        """Arrow spaces on the fine grid: point -> (space, direction the arrow points)."""
        found: dict[tuple[int, int], tuple[Space, int]] = {}
        for index, placed in enumerate(self.course):
            spec = self.catalogue.tiles[placed.tile]
            if spec.turn != "straight":
                continue
            features = oriented_features(spec.rows, placed.reversed)
            for row in range(ROWS):
                for lane in (0, LANES - 1):
                    feature = features[row * LANES + lane]
                    if feature in (ARROW_LEFT, ARROW_RIGHT):
                        turn = 3 if feature == ARROW_LEFT else 1
                        point = space_point(placed.x, placed.y, placed.heading, row, lane)
                        found[point] = (Space(index, row, lane), (placed.heading + turn) % 4)
        return found

    def walk(
        self, start: Space, arrows: dict[tuple[int, int], tuple[Space, int]], new_allowed: int
    ) -> tuple[Space, list[int], list[tuple[int, int]]] | None:
        """Follow the arrow at ``start`` (``CC-SHORTCUT-JOIN``).

        The path runs in a straight line from the arrow, cell by cell, since every shortcut
        tile carries it straight across (``CC-PROJ-SHORTCUT-STRAIGHT``).

        Returns the joined arrow space, the shortcut tiles on the way and the empty
        cells that new shortcut tiles would fill, or ``None`` if nothing joins.
        """
        placed = self.course[start.tile]
        point = space_point(placed.x, placed.y, placed.heading, start.row, start.lane)
        if point not in arrows:
            return None
        direction = arrows[point][1]
        dx, dy = DIRECTIONS[direction]
        track_cells = {(p.x, p.y) for p in self.course}
        shortcut_cells = {(s.x, s.y): s.tile for s in self.shortcuts}
        used: list[int] = []
        fresh: list[tuple[int, int]] = []
        px, py = point[0] + dx, point[1] + dy
        while True:
            cell = (px // 3, py // 3)
            if cell in track_cells:
                found = arrows.get((px, py))
                if found is None or found[1] != (direction + 2) % 4:
                    return None
                return found[0], used, fresh
            if cell in shortcut_cells:
                used.append(shortcut_cells[cell])
            elif len(fresh) < new_allowed:
                fresh.append(cell)
            else:
                return None
            px, py = px + 3 * dx, py + 3 * dy

    def return_shortcuts(self) -> None:
        """``CC-SHORTCUT-RETURN``: shortcut tiles no longer joining two arrows go back."""
        if not self.shortcuts:
            return
        arrows = self.arrows()
        supported: set[int] = set()
        for space, _direction in arrows.values():
            joined = self.walk(space, arrows, 0)
            if joined is not None:
                supported.update(joined[1])
        kept = []
        for shortcut in self.shortcuts:
            if shortcut.tile in supported:
                kept.append(shortcut)
            else:
                self.events.append(E.ShortcutReturned(self.catalogue.shortcuts[shortcut.tile].id))
        self.shortcuts = kept

    # ----- turns and draws ----------------------------------------------------------------
    def deal_beginner_tile(self, tile: int) -> None:
        """``CC-BEGINNER-SETUP``: lay the dealt tile, as printed, at the front of the track.

        ``CC-PROJ-BEGINNER-RANDOM-TRACK``: the first tile dealt is the Start; each next one
        goes after the one before as printed (a Mega Jump if its cell is taken).

        Once every tile is down the face-down tokens go on their spaces
        (``CC-PROJ-BEGINNER-LAYOUT``) and the first turn begins.
        """
        self.tile_pile.remove(tile)
        if self.course:
            placed = next_placement(self.catalogue, self.course, tile, False)
        else:
            placed = PlacedTile(tile, 0, 0, 0, False, True)
        self.course.append(attrs.evolve(placed, bird_taken=True))
        self.forget_features()
        spec = self.catalogue.tiles[tile]
        self.events.append(E.TileLaid(spec.id, placed.x, placed.y, False, False))
        if not self.tile_pile:
            self.face_down = set(beginner_slots(self.freeze()))
            self.begin_turn(0)

    def begin_turn(self, number: int) -> None:
        """``CC-TURN-ORDER``: the next character's turn, from its draw."""
        for _ in range(len(self.chars) + 1):
            self.active = number
            self.actions_left = 3
            self.moved = False
            self.hazard = [0] * len(self.chars)
            self.laid_shortcuts = []
            character = self.chars[number]
            if not (self.beginner and character.knocked_down):
                break
            # CC-BEGINNER-SKIP: a character lying down misses this turn and gets up.
            self.update(number, knocked_down=False)
            self.events.append(E.TurnSkipped(character.name))
            self.events.append(E.Recovered(character.name, False))
            number = (number + 1) % len(self.chars)
        if self.beginner or self.state.options.official_draw:
            self.set_phase(Phase.ACTIONS)
            return
        self.start_draw()

    def start_draw(self) -> None:
        """The draw, or first the full-hand choice (``CC-DRAW-FULL-HAND``).

        With the official-draw option that choice only offers discards: the player has
        already spent an action to draw (``CC-PROJ-OFFICIAL-DRAW-FULL-HAND``).
        """
        # Rings are not items here: a hand is full with 2 non-ring items (CC-ITEM-RING).
        if len(self.chars[self.active].items) >= MAX_ITEMS:
            self.set_phase(Phase.DRAW_CHOICE)  # CC-DRAW-FULL-HAND
            return
        self.draw_now()

    def draw_now(self) -> None:
        wanted = draw_count(self.state_view(), self.active)
        discarded: int = sum(self.discard)
        if discarded > 0 and sum(self.pile) < wanted:
            # CC-PILE-RESHUFFLE
            self.events.append(E.PileReshuffled(discarded))
            self.pile = [a + b for a, b in zip(self.pile, self.discard, strict=True)]
            self.discard = [0] * len(KINDS)
        self.draws_left = min(wanted, sum(self.pile))
        self.drawn = []
        if self.draws_left == 0:
            self.events.append(E.DrawSkipped(self.name(self.active)))
            self.set_phase(Phase.ACTIONS)
            return
        self.set_phase(Phase.DRAWING)

    def state_view(self) -> State:
        """Characters' positions are all ``draw_count`` needs."""
        return attrs.evolve(self.state, characters=tuple(self.chars))

    def finish_draw(self) -> None:
        """Rings drawn are kept besides the item chosen, outside the hand (``CC-ITEM-RING``)."""
        rings = sum(1 for kind in self.drawn if kind is _RING)
        others = [kind for kind in self.drawn if kind is not _RING]
        if rings:
            self.events.append(E.ItemKept(self.name(self.active), _RING))
            self.take_rings(self.active, rings)  # CC-DRAW-RINGS
        self.drawn = others
        if len(set(others)) > 1:
            self.set_phase(Phase.KEEP_CHOICE)
            return
        if others:
            self.keep(others[0])
        self.set_phase(Phase.ACTIONS)

    def keep(self, kind: ItemKind) -> None:
        self.drawn.remove(kind)
        items = tuple(sorted((*self.chars[self.active].items, kind), key=lambda k: k.index))
        self.update(self.active, items=items)
        self.events.append(E.ItemKept(self.name(self.active), kind))
        if self.drawn:
            # CC-DRAW-RETURN: back into the pile.
            for other in self.drawn:
                self.pile[other.index] += 1
            self.events.append(E.ItemsReturned(len(self.drawn)))
        self.drawn = []

    def lose_item(self, kind: ItemKind) -> None:
        items = list(self.chars[self.active].items)
        items.remove(kind)
        self.update(self.active, items=tuple(items))


# ======================================================================================
# Legal actions
# ======================================================================================


def _empty_spaces(work: _Work) -> list[Space]:
    return [
        space
        for tile in range(len(work.course))
        for row in range(ROWS)
        for lane in range(LANES)
        if work.is_empty(space := Space(tile, row, lane))
    ]


def _can_move(state: State) -> bool:
    character = state.characters[state.active]
    return not (state.actions_left <= 0 or character.damage or character.knocked_down)


def _shortcut_moves(state: State, work: _Work) -> list[A.UseShortcut]:
    seat = state.characters[state.active].owner
    position = state.characters[state.active].position
    if position is None or not _on_arrow(state, position):
        return []
    joined = work.walk(position, work.arrows(), 0)
    if joined is None or progress_of(joined[0]) <= progress_of(position):
        return []
    return [A.UseShortcut(seat, joined[0])]


def progress_of(space: Space) -> tuple[int, int]:
    """Tile then row: how far along the course a space is."""
    return (space.tile, space.row)


def _on_arrow(state: State, space: Space) -> bool:
    return features_of(state, space.tile)[space.row * LANES + space.lane] in (
        ARROW_LEFT,
        ARROW_RIGHT,
    )


def _shortcut_lays(state: State, work: _Work) -> list[A.LayShortcut]:
    """``CC-SHORTCUT-LAY``: paths from the active character's arrow space."""
    character = state.characters[state.active]
    position = character.position
    if position is None or not _on_arrow(state, position):
        return []
    in_use = {shortcut.tile for shortcut in state.shortcuts}
    free = [tile for tile in range(len(state.catalogue.shortcuts)) if tile not in in_use]
    if not free:
        return []
    joined = work.walk(position, work.arrows(), len(free))
    if joined is None or not joined[2] or progress_of(joined[0]) <= progress_of(position):
        return []
    return [
        A.LayShortcut(character.owner, tiles)
        for tiles in itertools.permutations(free, len(joined[2]))
    ]


def _actions_phase(state: State) -> list[Any]:
    work = _Work(state)
    character = state.characters[state.active]
    seat = character.owner
    result: list[Any] = []
    beginner = state.variant is Variant.BEGINNER
    if (
        state.options.official_draw
        and not beginner
        and state.actions_left > 0
        and not character.damage
        and not state.moved_this_turn
    ):
        result.append(A.DrawItems(seat))
    if character.damage and state.actions_left > 0:
        result.append(A.Fix(seat))
    movable = _can_move(state)
    if movable:
        if character.position is None:
            result.extend(A.Move(seat, lane) for lane in range(LANES))
        else:
            lane = character.position.lane
            result.extend(
                A.Move(seat, new) for new in (lane - 1, lane, lane + 1) if 0 <= new < LANES
            )
        if not beginner:
            result.extend(_shortcut_moves(state, work))
            result.extend(_shortcut_lays(state, work))
    if not beginner:
        kinds = sorted(set(character.items), key=lambda k: k.index)
        placeable = [kind for kind in kinds if kind in PLACED_KINDS]
        if placeable:
            spaces = _empty_spaces(work)
            for kind in placeable:
                result.extend(A.PlaceItem(seat, kind, space) for space in spaces)
        if ItemKind.MOTOBUG in kinds and character.position is not None:
            result.append(A.UseMotobug(seat))
        if ItemKind.BOMB in kinds:
            result.extend(A.UseBomb(seat, tile) for tile in range(len(state.course)))
        if ItemKind.BUMPER in kinds:
            result.extend(
                A.UseBumper(seat, number)
                for number, other in enumerate(state.characters)
                if other.position is not None
            )
        if character.power_up:
            if character.damage:
                result.append(A.PowerUpHeal(seat))
            result.append(A.PowerUpTurn(seat))
    if _may_end_turn(state):
        result.append(A.EndTurn(seat))
    return result


def _may_end_turn(state: State) -> bool:
    """``CC-PROJ-END-TURN`` (Beginner: ``CC-BEGINNER-MOVE``, any time)."""
    if state.variant is Variant.BEGINNER or state.actions_left <= 0:
        return True
    character = state.characters[state.active]
    return not character.damage and not _can_move(state)


def _require_state(state: object) -> None:
    if not isinstance(state, State):
        raise InvalidStateError(f"expected a Crash Course State, got {type(state).__name__}")


def legal_actions(state: State) -> list[Any]:
    """Every legal action, in the canonical order of :func:`~.actions.action_key`."""
    _require_state(state)
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return []
    if phase is Phase.DRAWING or phase is Phase.SETUP or phase is Phase.REVEALING:
        return [action for action, _ in chance_outcomes(state)]
    character = state.characters[state.active]
    seat = character.owner
    if phase is Phase.ACTIONS:
        return _actions_phase(state)
    if phase is Phase.DRAW_CHOICE:
        kinds = sorted(set(character.items), key=lambda k: k.index)
        discards: list[Any] = [A.DiscardToDraw(seat, kind) for kind in kinds]
        if state.options.official_draw:
            # CC-PROJ-OFFICIAL-DRAW-FULL-HAND: the Draw action is spent; no skipping now.
            return discards
        return [*discards, A.SkipDraw(seat)]
    if phase is Phase.KEEP_CHOICE:
        kinds = sorted(set(state.drawn), key=lambda k: k.index)
        return [A.KeepItem(seat, kind) for kind in kinds]
    if phase is Phase.LAY_TILE:
        tiles = sorted(state.tile_pile) or [state.course[0].tile]
        return [A.LayTile(seat, tile, flip) for tile in tiles for flip in (False, True)]
    owed = state.pending[0]
    owner = state.characters[owed.character].owner
    if phase is Phase.RING_DROP:
        return [A.DropRings(owner, space) for space in _Work(state).drop_spaces(owed.character)]
    return [A.Recover(owner, False), A.Recover(owner, True)]


def chance_outcomes(state: State) -> list[tuple[Any, float]]:
    """At a chance node, each distinct token kind with probability count / total."""
    _require_state(state)
    if state.phase is Phase.DRAWING:
        seat = state.characters[state.active].owner
        total = sum(state.pile)
        return [
            (A.DrawItem(seat, kind), count / total)
            for kind, count in zip(KINDS, state.pile, strict=True)
            if count
        ]
    if state.phase is Phase.SETUP:
        # CC-BEGINNER-SETUP, CC-PROJ-BEGINNER-RANDOM-TRACK: the next tile of a random order,
        # each tile left equally likely.
        tiles = sorted(state.tile_pile)
        return [(A.DealTile(tile), 1 / len(tiles)) for tile in tiles]
    if state.phase is Phase.REVEALING:
        # CC-BEGINNER-ITEMS, CC-PROJ-BEGINNER-HIDDEN: a face-down token is any token nobody
        # has seen yet (in the box or face down), each equally likely.
        total = sum(state.pile)
        return [
            (A.RevealItem(kind), count / total)
            for kind, count in zip(KINDS, state.pile, strict=True)
            if count
        ]
    return []


# ======================================================================================
# Applying actions
# ======================================================================================


def _illegal(rule: str, message: str) -> IllegalActionError:
    return IllegalActionError(rule, message)


_PHASE_OF: dict[type[Any], tuple[Phase, ...]] = {
    A.DrawItem: (Phase.DRAWING,),
    A.DealTile: (Phase.SETUP,),
    A.RevealItem: (Phase.REVEALING,),
    A.DiscardToDraw: (Phase.DRAW_CHOICE,),
    A.SkipDraw: (Phase.DRAW_CHOICE,),
    A.KeepItem: (Phase.KEEP_CHOICE,),
    A.LayTile: (Phase.LAY_TILE,),
    A.DropRings: (Phase.RING_DROP,),
    A.Recover: (Phase.RECOVERY,),
}


_ITEM_ACTIONS: tuple[type[Any], ...] = (
    A.PlaceItem,
    A.UseMotobug,
    A.UseBomb,
    A.UseBumper,
    A.PowerUpHeal,
    A.PowerUpTurn,
)
"""Free steps with an item or a Power-Up (``CC-PROJ-ITEMS-OWN-TURN``)."""


_CHANCE_RULE: dict[type[Any], str] = {
    A.DrawItem: "CC-DRAW",
    A.DealTile: "CC-BEGINNER-SETUP",
    A.RevealItem: "CC-BEGINNER-ITEMS",
}


def _check(state: State, action: Any) -> None:
    """Raise the ``IllegalActionError`` that explains why ``action`` is not legal here."""
    kind = type(action)
    if kind not in A.ACTION_TYPES:
        raise InvalidActionError(f"not a Crash Course action: {action!r}")
    for field in attrs.fields(kind):
        value = getattr(action, field.name)
        expected = {
            "seat": int,
            "lane": int,
            "tile": int,
            "target": int,
            "reversed": bool,
            "use_ring": bool,
            "kind": ItemKind,
            "to": Space,
            "space": Space,
        }.get(field.name)
        if expected is not None and (type(value) is not expected):
            raise InvalidActionError(f"{kind.__name__}.{field.name} must be {expected.__name__}")
        if expected is Space and not all(type(part) is int for part in attrs.astuple(value)):
            raise InvalidActionError(f"{kind.__name__}.{field.name} must be a Space of ints")
        if field.name == "tiles" and not (
            isinstance(value, tuple) and all(type(t) is int for t in value)
        ):
            raise InvalidActionError("LayShortcut.tiles must be a tuple of ints")
    if state.phase is Phase.GAME_OVER:
        raise _illegal("CC-FINISH", "the game is over")
    if kind in _ITEM_ACTIONS and (state.phase is not Phase.ACTIONS or action.seat != state.to_act):
        # CC-PROJ-ITEMS-OWN-TURN: only the active character, in its actions phase, uses
        # its own items and Power-Up (not another seat, not during a draw, lay or drop).
        raise _illegal(
            "CC-PROJ-ITEMS-OWN-TURN",
            "items and Power-Ups are used by the active character during its actions",
        )
    phases = _PHASE_OF.get(kind, (Phase.ACTIONS,))
    if state.phase not in phases:
        raise _illegal(
            "CC-PROJ-PHASE", f"{kind.__name__} is not possible in the {state.phase.value} phase"
        )
    if kind in (A.DrawItem, A.DealTile, A.RevealItem):
        if action not in legal_actions(state):
            raise _illegal(_CHANCE_RULE[kind], f"{action} is not a possible outcome here")
        return
    if action.seat != state.to_act:
        raise _illegal(
            "CC-PROJ-WRONG-SEAT", f"seat {state.to_act} is to act, not seat {action.seat}"
        )
    if kind is A.SkipDraw and state.options.official_draw:
        raise _illegal(
            "CC-PROJ-OFFICIAL-DRAW-FULL-HAND",
            "the action is spent on drawing: discard an item, then draw",
        )
    if state.phase is not Phase.ACTIONS:
        return
    character = state.characters[state.active]
    beginner = state.variant is Variant.BEGINNER
    if kind is A.Fix:
        if not character.damage:
            raise _illegal("CC-FIX-DAMAGE", "there is no damage to fix")
        if state.actions_left <= 0:
            raise _illegal("CC-TURN-ACTIONS", "no actions left this turn")
    elif kind in (A.Move, A.UseShortcut, A.LayShortcut):
        if state.actions_left <= 0:
            raise _illegal("CC-TURN-ACTIONS", "no actions left this turn")
        if character.damage:
            raise _illegal("CC-FIX-BEFORE-MOVE", "fix all damage before moving")
        if character.knocked_down:
            raise _illegal("CC-PROJ-BEGINNER-KNOCKED", "a character lying down cannot move")
        if kind is A.Move:
            if character.position is None:
                if not 0 <= action.lane < LANES:
                    raise _illegal("CC-FIRST-ENTRY", "enter one of the three lanes")
            elif abs(action.lane - character.position.lane) > 1 or not 0 <= action.lane < LANES:
                raise _illegal("CC-MOVE-FORWARD", "step ahead or diagonally one lane")
        elif beginner:
            raise _illegal("CC-BEGINNER-NO-EXTRAS", "no shortcuts in the Beginner game")
    elif kind is A.EndTurn:
        if not _may_end_turn(state):
            raise _illegal("CC-TURN-ACTIONS", f"{state.actions_left} action(s) still to do")
    elif kind is A.DrawItems:
        if not state.options.official_draw or beginner:
            raise _illegal("CC-DRAW", "the draw happens at the start of the turn")
        if character.damage or state.moved_this_turn or state.actions_left <= 0:
            raise _illegal("CC-OPT-OFFICIAL-DRAW", "draw after fixing and before moving")
    else:
        if beginner:
            raise _illegal("CC-BEGINNER-NO-EXTRAS", "no items or Power-Ups in the Beginner game")
        needed = {
            A.PlaceItem: getattr(action, "kind", None),
            A.UseMotobug: ItemKind.MOTOBUG,
            A.UseBomb: ItemKind.BOMB,
            A.UseBumper: ItemKind.BUMPER,
        }.get(kind)
        if kind in (A.PowerUpHeal, A.PowerUpTurn):
            if not character.power_up:
                raise _illegal("CC-POWER-UP-GAIN", "no Power-Up token held")
            if kind is A.PowerUpHeal and not character.damage:
                raise _illegal("CC-POWER-UP-HEAL", "there is no damage to remove")
        elif needed not in character.items:
            raise _illegal("CC-HOLD-LIMIT", f"no {getattr(needed, 'value', 'such item')} held")
        elif kind is A.PlaceItem and action.kind not in PLACED_KINDS:
            raise _illegal(
                "CC-ITEM-PLACE-EMPTY", f"a {action.kind.value} is not placed on the track"
            )
        elif kind is A.UseMotobug and character.position is None:
            raise _illegal("CC-PROJ-MOTOBUG-ON-TRACK", "a character off the track has no lane")
        elif kind is A.UseBomb and not 0 <= action.tile < len(state.course):
            raise _illegal("CC-ITEM-BOMB", "choose a tile of the course")
        elif kind is A.UseBumper and (
            not 0 <= action.target < len(state.characters)
            or state.characters[action.target].position is None
        ):
            raise _illegal("CC-ITEM-BUMPER", "choose a character on the track")


def _valid_space(state: State, space: Space) -> bool:
    return 0 <= space.tile < len(state.course) and 0 <= space.row < ROWS and 0 <= space.lane < LANES


def step(state: State, action: Any) -> tuple[State, list[Event]]:
    """Apply ``action``; return the new state and what happened. ``state`` is untouched."""
    _require_state(state)
    _check(state, action)
    work = _Work(state)
    _dispatch(state, work, action)
    return work.freeze(), list(work.events)


def apply(state: State, action: Any) -> State:
    """Apply ``action`` and return the new state (see :func:`step`)."""
    return step(state, action)[0]


def _dispatch(state: State, work: _Work, action: Any) -> None:
    kind = type(action)
    active = state.active
    character = state.characters[active]
    if kind is A.DrawItem:
        work.pile[action.kind.index] -= 1
        work.drawn.append(action.kind)
        work.draws_left -= 1
        work.events.append(E.Drew(character.name, action.kind))
        if work.draws_left == 0:
            work.finish_draw()
    elif kind is A.DealTile:
        work.deal_beginner_tile(action.tile)
    elif kind is A.RevealItem:
        frame = state.motion[-1]
        assert frame.space is not None
        work.face_down.discard(frame.space)
        work.pile[action.kind.index] -= 1
        work.board[frame.space] = BoardItem(frame.space, action.kind)
        work.events.append(E.ItemRevealed(action.kind, frame.space))
        work.run()
    elif kind is A.DiscardToDraw:
        if action.kind not in character.items:
            raise _illegal("CC-DRAW-FULL-HAND", f"no {action.kind.value} held to discard")
        work.lose_item(action.kind)
        work.discard_items(action.kind, 1, "to make room for the draw")
        work.draw_now()
    elif kind is A.SkipDraw:
        work.events.append(E.DrawSkipped(character.name))
        work.set_phase(Phase.ACTIONS)
    elif kind is A.KeepItem:
        if action.kind not in state.drawn:
            raise _illegal("CC-DRAW", f"no {action.kind.value} was drawn")
        work.keep(action.kind)
        work.set_phase(Phase.ACTIONS)
    elif kind is A.DrawItems:
        work.actions_left -= 1
        work.start_draw()
    elif kind is A.Fix:
        work.actions_left -= 1
        updated = work.update(active, damage=character.damage - 1)
        work.events.append(E.Fixed(character.name, updated.damage))
    elif kind is A.Move:
        work.actions_left -= 1
        work.moved = True
        if character.position is None:
            entry = Space(0, 0, action.lane)  # CC-FIRST-ENTRY
            work.motion.append(Frame(FrameKind.ENTER, active, How.ENTRY, space=entry, by_move=True))
        else:
            work.motion.append(
                Frame(
                    FrameKind.ADVANCE, active, How.STEP, remaining=1, lane=action.lane, by_move=True
                )
            )
        work.run()
    elif kind is A.UseShortcut:
        if action not in _shortcut_moves(state, work):
            raise _illegal("CC-SHORTCUT-USE", "no shortcut joins this space to that one")
        _use_shortcut(work, action)
    elif kind is A.LayShortcut:
        if action not in _shortcut_lays(state, work):
            raise _illegal(
                "CC-SHORTCUT-LAY", "these shortcut tiles do not join two arrow spaces here"
            )
        _lay_shortcut(work, action)
    elif kind is A.PlaceItem:
        if not _valid_space(state, action.space) or not work.is_empty(action.space):
            raise _illegal("CC-ITEM-PLACE-EMPTY", f"{action.space} is not an empty space")
        work.lose_item(action.kind)
        work.board[action.space] = BoardItem(action.space, action.kind)
        work.events.append(E.ItemPlaced(character.name, action.kind, action.space))
    elif kind is A.UseMotobug:
        _motobug(work)
    elif kind is A.UseBomb:
        _bomb(work, action.tile)
    elif kind is A.UseBumper:
        work.lose_item(ItemKind.BUMPER)
        target = state.characters[action.target]
        work.events.append(E.ItemUsed(character.name, ItemKind.BUMPER, target.name.value))
        work.discard_items(ItemKind.BUMPER, 1, "used")
        _bump(work, action.target)
    elif kind is A.PowerUpHeal:
        updated = work.update(active, power_up=False, damage=character.damage - 1)
        work.events.append(E.PowerUpSpent(character.name, "heal"))
        work.events.append(E.Fixed(character.name, updated.damage))
    elif kind is A.PowerUpTurn:
        work.update(active, power_up=False)
        work.events.append(E.PowerUpSpent(character.name, "turn the newest tile"))
        work.turn_newest()
    elif kind is A.EndTurn:
        following = (active + 1) % len(state.characters)
        work.events.append(E.TurnEnded(character.name, state.characters[following].name))
        work.begin_turn(following)
    elif kind is A.LayTile:
        choices = state.tile_pile or (state.course[0].tile,)
        if action.tile not in choices:
            raise _illegal("CC-TILE-CHOICE", f"tile {action.tile} is not available to lay")
        work.lay_tile(action.tile, action.reversed)
        work.set_phase(Phase.ACTIONS)
        work.run()
    elif kind is A.DropRings:
        owed = state.pending[0]
        if action.space not in work.drop_spaces(owed.character):
            raise _illegal(
                "CC-RING-LOSS", f"{action.space} is not an empty space of the tile behind"
            )
        work.pending.pop(0)
        work.board[action.space] = BoardItem(action.space, _RING, owed.rings)
        work.events.append(E.RingsDropped(work.name(owed.character), owed.rings, action.space))
        work.settle()
    elif kind is A.Recover:
        owed = state.pending[0]
        work.pending.pop(0)
        if action.use_ring:
            target = state.characters[owed.character]
            work.update(owed.character, rings=target.rings - 1, knocked_down=False)
            work.discard_items(_RING, 1, "spent to get up")
            work.events.append(E.Recovered(target.name, True))
        work.settle()


def _use_shortcut(work: _Work, action: A.UseShortcut) -> None:
    active = work.active
    position = work.chars[active].position
    assert position is not None
    joined = work.walk(position, work.arrows(), 0)
    assert joined is not None
    work.actions_left -= 1
    work.moved = True
    if joined[1] and work.name(active) is CharacterName.KNUCKLES:
        # CC-ABILITY-KNUCKLES: +1 for the use, +1 per tile laid for it this turn.
        work.gain_bird(active, "Knuckles used a shortcut")
        for tile in joined[1]:
            if tile in work.laid_shortcuts:
                work.laid_shortcuts.remove(tile)
                work.gain_bird(active, "Knuckles laid a shortcut tile")
    work.motion.append(Frame(FrameKind.ENTER, active, How.SHORTCUT, space=action.to, by_move=True))
    work.run()


def _lay_shortcut(work: _Work, action: A.LayShortcut) -> None:
    position = work.chars[work.active].position
    assert position is not None
    joined = work.walk(position, work.arrows(), len(action.tiles))
    assert joined is not None
    for tile, (x, y) in zip(action.tiles, joined[2], strict=True):
        work.shortcuts.append(PlacedShortcut(tile, x, y))
        work.laid_shortcuts.append(tile)
    names = tuple(work.catalogue.shortcuts[tile].id for tile in action.tiles)
    work.events.append(E.ShortcutLaid(work.name(work.active), names))


def _motobug(work: _Work) -> None:
    """``CC-ITEM-MOTOBUG``: along the lane, nearest first, until a Crabmeat."""
    active = work.active
    work.lose_item(ItemKind.MOTOBUG)
    work.events.append(E.ItemUsed(work.name(active), ItemKind.MOTOBUG, "its lane"))
    position = work.chars[active].position
    assert position is not None
    space = work.next_space(position, position.lane)
    while space is not None:
        item = work.board.get(space)
        if item is not None and item.kind is ItemKind.CRABMEAT:
            del work.board[space]
            work.discard_items(ItemKind.CRABMEAT, 1, "stopped a Motobug")
            break
        hit = work.occupied.get(space)
        if hit is not None:
            work.damage(hit, "a Motobug", item=True, hazard=False)
        space = work.next_space(space, space.lane)
    work.discard_items(ItemKind.MOTOBUG, 1, "used")
    work.settle()


def _bomb(work: _Work, tile: int) -> None:
    """``CC-ITEM-BOMB``: everyone on the tile is hurt, every item on it discarded."""
    work.lose_item(ItemKind.BOMB)
    work.events.append(E.ItemUsed(work.name(work.active), ItemKind.BOMB, f"tile {tile}"))
    victims = sorted(
        (space, number) for space, number in work.occupied.items() if space.tile == tile
    )
    for _space, number in victims:
        work.damage(number, "a Bomb", item=True, hazard=False)
    for space in [space for space in work.board if space.tile == tile]:
        item = work.board.pop(space)
        work.discard_items(item.kind, item.count, "bombed")
    work.discard_items(ItemKind.BOMB, 1, "used")
    work.settle()


def _bump(work: _Work, target: int) -> None:
    """``CC-ITEM-BUMPER``: 2 back in the lane, a Buzz Bomber in the way stops it."""
    position = work.chars[target].position
    assert position is not None
    first = work.previous_space(position)
    if first is None:
        work.settle()
        return
    landing = first
    if work.feature(first) != BUZZ:
        second = work.previous_space(first)
        if second is not None:
            landing = second
    # CC-PROJ-BUMPER-PUSH: the landing is an entry, so an occupant there is pushed forward.
    # The bounced character leaves its space at once (it skips over everything between).
    del work.occupied[position]
    work.motion.append(Frame(FrameKind.ENTER, target, How.BUMP, space=landing))
    work.run()


def next_placement(
    catalogue: Catalogue, course: list[PlacedTile], tile: int, reversed_: bool
) -> PlacedTile:
    """Where tile ``tile`` goes after the newest tile of ``course`` (``CC-COURSE-CONTINUOUS``).

    The cell straight ahead of the newest tile's exit, or the first free cell further
    along that line (``CC-MEGA-JUMP``). The tile's bird is not taken yet.
    """
    newest = course[-1]
    heading = exit_heading(
        newest.heading, effective_turn(catalogue.tiles[newest.tile], newest.reversed)
    )
    taken = {(placed.x, placed.y) for placed in course}
    dx, dy = DIRECTIONS[heading]
    x, y = newest.x + dx, newest.y + dy
    while (x, y) in taken:
        x, y = x + dx, y + dy
    return PlacedTile(tile, x, y, heading, reversed_, False)


def beginner_slots(state: State) -> list[Space]:
    """``CC-PROJ-BEGINNER-LAYOUT``: where each tile's two face-down items go."""
    preferred = ((1, 0), (2, 2), (1, 2), (2, 0))
    slots: list[Space] = []
    for tile in range(len(state.course)):
        features = features_of(state, tile)
        order = list(preferred) + [(r, lane) for r in range(ROWS) for lane in range(LANES)]
        chosen: list[Space] = []
        for row, lane in order:
            space = Space(tile, row, lane)
            if features[row * LANES + lane] in _EMPTY_FEATURES and space not in chosen:
                chosen.append(space)
            if len(chosen) == 2:
                break
        slots.extend(chosen)
    return slots
