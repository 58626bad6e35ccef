"""The turn's bookkeeping in a consistent state: actions and draws left, what the phase
waits for (a decision owed, movement under way, tokens drawn), the limits, and how a
finished game ended.
"""

from __future__ import annotations

from sonic_rules.core.errors import InvalidStateError
from sonic_rules.crash_course.items import drop_spaces
from sonic_rules.crash_course.state import (
    MAX_DAMAGE,
    MAX_ITEMS,
    MAX_RINGS,
    Frame,
    FrameKind,
    How,
    ItemKind,
    PendingKind,
    Phase,
    State,
    Variant,
)
from sonic_rules.crash_course.tiles import LANES
from sonic_rules.crash_course.track import TrackView, features_of, on_course

TERMINATIONS = (
    "crossed the finish line",
    "had to lift an occupied tile",
    "first off the finish tile",
    "the turn limit was reached",
    "the decision limit was reached",
)
"""How a game ends (``State.termination``): the reason of the ``Won`` event."""


def check_turn(state: State, count: int) -> None:
    """The turn's actions, what its phase waits for, the limits and the game's end."""
    if not 0 <= state.actions_left <= 3:
        raise InvalidStateError("between 0 and 3 actions", "$.actions_left")
    if state.moved_this_turn and state.actions_left == 3:
        raise InvalidStateError("a Move costs one of the turn's actions", "$.moved_this_turn")
    phase = state.phase
    if phase in (Phase.RING_DROP, Phase.RECOVERY):
        wanted = PendingKind.RING_DROP if phase is Phase.RING_DROP else PendingKind.RECOVERY
        if not state.pending or state.pending[0].kind is not wanted:
            raise InvalidStateError(
                f"the {phase.value} phase needs a matching decision", "$.pending"
            )
    for number, owed in enumerate(state.pending):
        if not 0 <= owed.character < count or owed.rings < 0:
            raise InvalidStateError("bad owed decision", f"$.pending[{number}]")
    if phase is Phase.DRAWING and (state.draws_left < 1 or not sum(state.pile)):
        raise InvalidStateError("a draw needs tokens to draw", "$.draws_left")
    if phase is Phase.KEEP_CHOICE and len(set(state.drawn)) < 2:
        raise InvalidStateError("a keep choice needs two kinds drawn", "$.drawn")
    if phase is Phase.LAY_TILE and not state.motion:
        raise InvalidStateError("a tile is laid for a character in motion", "$.motion")
    _check_turn_limit(state)
    _check_decision_limit(state)
    _check_end(state)
    _check_motion(state, count)
    _check_phase(state)
    _check_owed(state)
    _check_turn_damage(state)


def _check_turn_limit(state: State) -> None:
    """``CC-OPT-TURN-LIMIT``: the limit is 1 turn or more; the count never passes it, and
    the game is over once it is reached (by the limit, unless a player had won)."""
    limit = state.options.turn_limit
    if state.turns_played < 0:
        raise InvalidStateError("must be a whole number, 0 or more", "$.turns_played")
    if limit is None and state.turns_played:
        raise InvalidStateError("turns are counted only under a turn limit", "$.turns_played")
    reached = limit is not None and state.turns_played >= limit
    if limit is not None and state.turns_played > limit:
        raise InvalidStateError(f"more turns than the turn limit of {limit}", "$.turns_played")
    if reached and state.phase is not Phase.GAME_OVER:
        raise InvalidStateError("the turn limit is reached: the game is over", "$.phase")
    if state.termination == TERMINATIONS[-2] and not reached:
        raise InvalidStateError("the turn limit was not reached", "$.termination")


def _check_decision_limit(state: State) -> None:
    """``CC-OPT-DECISION-LIMIT``: as `_check_turn_limit`, for the decisions made."""
    cap = state.options.decision_limit
    if state.decisions_made < 0:
        raise InvalidStateError("must be a whole number, 0 or more", "$.decisions_made")
    if cap is None and state.decisions_made:
        raise InvalidStateError(
            "decisions are counted only under a decision limit", "$.decisions_made"
        )
    if cap is not None and state.decisions_made > cap:
        raise InvalidStateError(f"more decisions than the limit of {cap}", "$.decisions_made")
    capped = cap is not None and state.decisions_made >= cap
    if capped and state.phase is not Phase.GAME_OVER:
        raise InvalidStateError("the decision limit is reached: the game is over", "$.phase")
    if state.termination == TERMINATIONS[-1] and not capped:
        raise InvalidStateError("the decision limit was not reached", "$.termination")


def _check_end(state: State) -> None:
    """A finished game has its winner (none when a limit ended it) and its reason; a game
    under way has neither."""
    phase = state.phase
    limited = state.termination in TERMINATIONS[-2:]
    if phase is Phase.GAME_OVER and len(state.won_by) != (0 if limited else 1):
        raise InvalidStateError(
            "a finished game has one winner, none when the turn limit ended it", "$.won_by"
        )
    if phase is not Phase.GAME_OVER and state.won_by:
        raise InvalidStateError("only a finished game has a winner", "$.won_by")
    if any(not 0 <= seat < state.players for seat in state.won_by):
        raise InvalidStateError("no such seat", "$.won_by")
    _check_termination(state)
    if state.termination not in ("", *TERMINATIONS) or (
        state.termination and phase is not Phase.GAME_OVER
    ):
        raise InvalidStateError("a finished game's reason, or none", "$.termination")


def _check_termination(state: State) -> None:
    """How a game ends belongs to its variant: the Beginner game's first character off the
    finish tile wins (``CC-BEGINNER-FINISH``); the others cross with the Flicky Birds
    needed (``CC-FINISH-BIRDS``) or lift an occupied tile (``CC-SECONDARY-WIN``)."""
    crossed, lifted, off_the_finish = TERMINATIONS[:3]
    beginner = state.variant is Variant.BEGINNER
    if state.termination in ((crossed, lifted) if beginner else (off_the_finish,)):
        raise InvalidStateError(f"the {state.variant.value} game does not end so", "$.termination")
    winner = state.won_by[0] if state.won_by else None
    short = winner is not None and state.birds[winner] < state.required_birds
    if state.termination == crossed and short and not beginner:
        raise InvalidStateError(f"crossing needs {state.required_birds} Flicky Birds", "$.birds")


def _check_motion(state: State, count: int) -> None:
    """Movement waits only for a tile (a character leaving the track) or a reveal (one
    entering a face-down token), its frames naming characters and spaces of the game."""
    phase = state.phase
    if state.motion and phase not in (Phase.LAY_TILE, Phase.REVEALING):
        raise InvalidStateError("movement only waits for a tile or a reveal", "$.motion")
    _check_frames(state, count)
    if phase is Phase.REVEALING:
        top = state.motion[-1] if state.motion else None
        if top is None or top.kind is not FrameKind.ENTER or top.space not in state.face_down:
            raise InvalidStateError("a reveal needs a character entering a token", "$.motion")
    if phase is Phase.LAY_TILE and state.motion[-1].kind is FrameKind.ENTER:
        raise InvalidStateError("a tile is laid for a character leaving the track", "$.motion")


def _check_frames(state: State, count: int) -> None:
    """Each frame names a character and a space of the game, a character leaving the
    track is on it, in a lane, and the frame is as the movement rules make it."""
    for number, frame in enumerate(state.motion):
        where = f"$.motion[{number}]"
        if not 0 <= frame.character < count or (
            frame.space is not None and not on_course(state, frame.space)
        ):
            raise InvalidStateError("bad movement frame", where)
        if frame.kind is FrameKind.ENTER and frame.space is None:
            raise InvalidStateError("an entry needs a space", where)
        if frame.kind is not FrameKind.ENTER and (
            state.characters[frame.character].position is None
            or not 0 <= frame.lane < LANES
            or frame.remaining < 0
            or frame.skipped < 0
        ):
            raise InvalidStateError("a character in motion is on the track, in a lane", where)
        _check_frame(state, frame, where)


_ADVANCES = {How.STEP: (1,), How.PUSH: (1,), How.BOOST: (1, 2)}
"""How each forward movement is made, and the spaces it can have left to go: a step or a
push goes 1 (``CC-MOVE-FORWARD``, ``CC-PUSH``), a Booster 2 (``CC-ITEM-BOOSTER``)."""


def _check_frame(state: State, frame: Frame, where: str) -> None:
    """A frame as the movement rules make it: no more spaces to go than its kind allows,
    obstacles counted only by a Spring jump, carried by a Move only for the active
    character."""
    rows = sum(len(features_of(state, tile)) // LANES for tile in range(len(state.course)))
    if frame.kind is FrameKind.ADVANCE:
        fits = frame.remaining in _ADVANCES.get(frame.how, ()) and not frame.skipped
    elif frame.kind is FrameKind.JUMP:
        fits = frame.how is How.JUMP and not frame.remaining and frame.skipped <= rows
    else:
        fits = not frame.remaining and not frame.skipped
    if not fits:
        raise InvalidStateError(
            f"a {frame.kind.value} frame made by {frame.how.value} cannot have "
            f"{frame.remaining} spaces to go and {frame.skipped} obstacles jumped",
            where,
        )
    if frame.by_move and frame.character != state.active:
        raise InvalidStateError("only the active character moves by a Move action", where)


_BEGINNER_ONLY = (Phase.SETUP, Phase.REVEALING, Phase.RECOVERY)
_NOT_BEGINNER = (
    Phase.DRAW_CHOICE,
    Phase.DRAWING,
    Phase.KEEP_CHOICE,
    Phase.RING_DROP,
    Phase.LAYING_SHORTCUT,
)
_MAY_OWE = (Phase.RING_DROP, Phase.RECOVERY, Phase.LAY_TILE, Phase.REVEALING)
"""Phases in which decisions can be owed: movement stopped before they were asked."""


def _check_phase(state: State) -> None:
    """The phase belongs to the variant, and what belongs to other phases (a draw) is not
    there."""
    phase, beginner = state.phase, state.variant is Variant.BEGINNER
    if phase in (_NOT_BEGINNER if beginner else _BEGINNER_ONLY):
        raise InvalidStateError(f"the {state.variant.value} game has no {phase.value}", "$.phase")
    if not 0 <= state.draws_left <= 3 or (state.draws_left and phase is not Phase.DRAWING):
        raise InvalidStateError("draws are left only while drawing, at most 3", "$.draws_left")
    if len(state.drawn) + state.draws_left > 3 or (
        state.drawn and phase not in (Phase.DRAWING, Phase.KEEP_CHOICE)
    ):
        raise InvalidStateError("at most 3 tokens are drawn, kept only during the draw", "$.drawn")
    if phase is Phase.KEEP_CHOICE and ItemKind.RING in state.drawn:
        raise InvalidStateError("Rings drawn are kept at once", "$.drawn")
    if phase is Phase.DRAW_CHOICE and len(state.characters[state.active].items) < MAX_ITEMS:
        raise InvalidStateError(
            "the draw choice is for a full hand", f"$.characters[{state.active}].items"
        )


def _check_owed(state: State) -> None:
    """Decisions are owed only while movement is stopped for them, each of its variant's
    kind, asked of a character that can make it."""
    phase, beginner = state.phase, state.variant is Variant.BEGINNER
    for number, owed in enumerate(state.pending):
        where = f"$.pending[{number}]"
        if phase not in _MAY_OWE:
            raise InvalidStateError(f"no decision is owed in the {phase.value} phase", where)
        if (owed.kind is PendingKind.RECOVERY) is not beginner:
            raise InvalidStateError("Beginner recoveries, other games' ring drops", where)
        if owed.kind is PendingKind.RING_DROP and not 1 <= owed.rings <= MAX_RINGS:
            raise InvalidStateError("a ring drop holds 1 to 3 Rings", where)
        lying = state.characters[owed.character]
        if owed.kind is PendingKind.RECOVERY and not (lying.knocked_down and lying.rings):
            # CC-PROJ-BEGINNER-KNOCKED: asked only of a character down with a Ring to spend.
            raise InvalidStateError("only a character knocked down with a Ring recovers", where)
    if phase is Phase.RING_DROP:
        # CC-RING-LOSS: the drop is asked only when the tile behind the character has an
        # empty space; with none the Rings go to the discard pile without a question.
        owed = state.pending[0]
        if not drop_spaces(TrackView(state), state.characters[owed.character].position):
            raise InvalidStateError(
                f"a ring drop needs an empty space on the tile behind "
                f"{state.characters[owed.character].name.value}",
                "$.pending[0]",
            )


def _check_turn_damage(state: State) -> None:
    """Knocked down only in the Beginner game; the hazard damage of the turn as the
    damage rules allow it."""
    beginner = state.variant is Variant.BEGINNER
    for number, character in enumerate(state.characters):
        if character.knocked_down and not beginner:
            raise InvalidStateError(
                "only the Beginner game knocks down", f"$.characters[{number}].knocked_down"
            )
    for number, count in enumerate(state.turn_hazard_damage):
        # Damage stops at 2 (CC-DAMAGE-CAP); only the active character can fix some (3
        # actions, and its Power-Up) and be hurt again this turn. Beginner damage knocks
        # down instead and is not counted.
        most = 0 if beginner else MAX_DAMAGE + (4 if number == state.active else 0)
        if not 0 <= count <= most:
            raise InvalidStateError(
                f"{state.characters[number].name.value} took {count} hazard damage this turn: "
                f"counted 0..{most}",
                "$.turn_hazard_damage",
            )
