"""The turn: beginning one (and its draw), fixing, ending it, and winning.

``CC-TURN-ORDER``: characters take turns in seat order; each turn has 3 actions
(``CC-TURN-ACTIONS``). The Beginner track is dealt by chance before the first turn.
"""

from __future__ import annotations

from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.draft import Draft
from sonic_rules.crash_course.items import discard_items
from sonic_rules.crash_course.placement import start_draw
from sonic_rules.crash_course.state import (
    BEGINNER,
    DRAWING,
    GAME_OVER,
    OWED_RING_DROP,
    RING,
    SETUP,
)
from sonic_rules.crash_course.track import beginner_slots, next_tile

TURN_LIMIT = "the turn limit was reached"
"""The ``termination`` of a game the table's turn limit ended (``CC-OPT-TURN-LIMIT``)."""
DECISION_LIMIT = "the decision limit was reached"
"""The ``termination`` of a game the decision limit ended (``CC-OPT-DECISION-LIMIT``)."""


def begin_turn(d: Draft, number: int) -> None:
    """``CC-TURN-ORDER``: the next character's turn, from its draw.

    Also the first turn of a new game, from the phase its variant starts in.
    """
    for _ in range(len(d.characters) + 1):
        d.active = number
        d.actions_left = 3
        d.moved_this_turn = False
        d.turn_hazard_damage = [0] * len(d.characters)
        d.turn_laid_shortcuts = []
        character = d.characters[number]
        if not (d.variant is BEGINNER and character.knocked_down):
            break
        # CC-BEGINNER-SKIP: a character lying down misses this turn and gets up.
        d.update(number, knocked_down=False)
        d.events.append(E.TurnSkipped(character.name))
        d.events.append(E.Recovered(character.name, False))
        if turn_limit_reached(d):
            return
        number = (number + 1) % len(d.characters)
    if d.phase is SETUP:
        d.goto("beginner_track_laid")
    if d.variant is BEGINNER:
        return
    if d.options.official_draw:
        if d.phase is DRAWING:
            d.goto("draw_is_an_action")  # a new game starts at the first turn's draw
        return
    start_draw(d)


def end_turn(d: Draft, action: A.EndTurn) -> None:
    """The turn passes to the next character (``CC-PROJ-END-TURN``)."""
    following = (d.active + 1) % len(d.characters)
    d.events.append(E.TurnEnded(d.name(d.active), d.name(following)))
    if turn_limit_reached(d):
        return
    begin_turn(d, following)


def decision_made(d: Draft) -> None:
    """Count a seat's decision; at the table's decision limit the game ends unfinished,
    nobody winning, wherever it stood (``CC-OPT-DECISION-LIMIT``): an attempt's shortcut
    tiles go back, a draw or a movement under way stops."""
    limit = d.options.decision_limit
    if limit is None:
        return  # counted only under a limit: without one a state is its position alone
    d.decisions_made += 1
    if d.decisions_made < limit or d.phase is GAME_OVER:
        return
    d.termination = DECISION_LIMIT
    d.motion.clear()
    _drop_owed(d)
    d.shortcut_attempt.clear()
    d.drawn.clear()
    d.draws_left = 0
    d.goto("decision_limit_reached")
    d.events.append(E.DecisionLimitReached(d.decisions_made))


def turn_limit_reached(d: Draft) -> bool:
    """Count a turn that ended; at the table's turn limit the game ends unfinished,
    nobody winning (``CC-OPT-TURN-LIMIT``)."""
    limit = d.options.turn_limit
    if limit is None:
        return False  # counted only under a limit: without one a state is its position alone
    d.turns_played += 1
    if d.turns_played < limit:
        return False
    d.termination = TURN_LIMIT
    d.motion.clear()
    _drop_owed(d)
    d.goto("turn_limit_reached")
    d.events.append(E.TurnLimitReached(d.turns_played))
    return True


def fix(d: Draft, action: A.Fix) -> None:
    """An action removes one damage token (``CC-FIX-DAMAGE``)."""
    d.actions_left -= 1
    character = d.characters[d.active]
    updated = d.update(d.active, damage=character.damage - 1)
    d.events.append(E.Fixed(character.name, updated.damage))


def may_finish(d: Draft, number: int) -> bool:
    """Birds are the owner seat's, side-kick's included (``CC-TWO-PLAYER-BIRDS``)."""
    if d.variant is BEGINNER:
        return True
    return d.birds[d.characters[number].owner] >= d.required_birds


def _drop_owed(d: Draft) -> None:
    """The game ends with decisions owed: Rings held back for a drop that will never be
    made go to the discard pile (``CC-RING-LOSS``, ``CC-COMPONENTS``: no token is lost),
    and nothing else is owed."""
    for owed in d.pending:
        if owed.kind is OWED_RING_DROP:
            discard_items(d, RING, owed.rings, "dropped as the game ended")
    d.pending.clear()


def win(d: Draft, seat: int, why: str) -> None:
    """``seat`` wins (``CC-FINISH``, ``CC-BEGINNER-FINISH``, ``CC-SECONDARY-WIN``)."""
    d.won_by = (seat,)
    d.termination = why
    d.motion.clear()
    _drop_owed(d)
    d.goto("won")
    d.events.append(E.Won(seat, why))


def deal_tile(d: Draft, action: A.DealTile) -> None:
    """``CC-BEGINNER-SETUP``: lay the dealt tile, as printed, at the front of the track.

    ``CC-PROJ-BEGINNER-RANDOM-TRACK``: the first tile dealt is the Start; each next one
    goes after the one before as printed (a Mega Jump if its cell is taken).

    Once every tile is down the face-down tokens go on their spaces
    (``CC-PROJ-BEGINNER-LAYOUT``) and the first turn begins.
    """
    d.tile_pile.remove(action.tile)
    placed, _mega_jump = next_tile(d.catalogue, d.course, d.shortcuts, action.tile, False, True)
    d.course.append(placed)
    d.forget_features()
    spec = d.catalogue.tiles[action.tile]
    d.events.append(E.TileLaid(spec.id, placed.x, placed.y, False, False))
    if not d.tile_pile:
        d.face_down = set(beginner_slots(d.freeze()))
        begin_turn(d, 0)
