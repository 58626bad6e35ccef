"""Super Teams in words: a state as a short text picture, an action as a sentence."""

from __future__ import annotations

from sonic_rules.core.errors import InvalidActionError, InvalidStateError
from sonic_rules.super_teams.actions import (
    Action,
    ChooseHalf,
    ChooseJumper,
    Deal,
    DrawBonus,
    Pass,
    Play,
    PlayBonus,
)
from sonic_rules.super_teams.cards import Colour
from sonic_rules.super_teams.state import State


def describe_state(state: State) -> str:
    """Each character's space and each hand's size; a finished game names the winners."""
    if not isinstance(state, State):
        raise TypeError(f"state must be a Super Teams State, got {type(state).__name__}")
    lines = [
        f"Sonic Super Teams ({state.players} players) - {state.phase.value}, "
        f"to act: {state.to_act}, turn {state.turns_played + 1}"
    ]
    for seat, colours in enumerate(state.seat_colours):
        lines.append(
            f"seat {seat} ({'+'.join(c.value for c in colours)}): "
            + "; ".join(_where(state, colour) for colour in colours)
            + f" | {len(state.hands[seat])} cards, {len(state.bonus_hands[seat])} bonus"
        )
    outcome = state.outcome
    if outcome is not None:
        seats = " and ".join(f"seat {seat}" for seat in outcome.winners) or "nobody"
        lines.append(f"winners: {seats} ({outcome.termination})")
    return "\n".join(lines)


def _where(state: State, colour: Colour) -> str:
    finish = len(state.board)
    parts = []
    for character in colour.characters:
        piece = state.piece(character)
        if piece.position >= finish:
            where = "across"
        else:
            space = state.board[piece.position].display_name
            half = f", {piece.half} half" if piece.half else ""
            where = f"{piece.position}/{finish} {space}{half}"
        parts.append(f"{character} {where}")
    return "; ".join(parts)


def describe_action(action: Action, state: State | None = None) -> str:
    """An action as a sentence a player reads: ``seat 2 plays blue-4 on Tails``.

    ``state``, the position the action is taken in, adds what the action alone cannot
    say: the half chosen names the character standing on it.
    """
    if state is not None and not isinstance(state, State):
        raise InvalidStateError(f"expected a Super Teams State, got {type(state).__name__}")
    match action:
        case Deal():
            return f"{action.card} is dealt to seat {action.seat}"
        case DrawBonus():
            return f"seat {action.seat} takes a {action.kind} from the bonus deck"
        case Play():
            return f"seat {action.seat} plays {action.card} on {action.character}"
        case PlayBonus():
            return f"seat {action.seat} plays a {action.kind} on the move"
        case Pass():
            return f"seat {action.seat} passes (no bonus card)"
        case ChooseHalf():
            pending = state.pending if state is not None else None
            whose = f" for {pending.character}" if pending is not None else ""
            return f"seat {action.seat} chooses the {action.half} half{whose}"
        case ChooseJumper():
            return f"seat {action.seat} Super Jumps {action.character}"
    raise InvalidActionError(f"not a Super Teams action: {action!r}")
