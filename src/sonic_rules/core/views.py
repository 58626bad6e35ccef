"""What both games' seat views share (``Game.observe``): the seat asked for, checked the
same way; who may list legal actions from a view; events as a seat sees them.

Each game decides what a view holds and which events a seat may not see; these are the
guards around that, the same in both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from sonic_rules.core.chance import CHANCE, ChanceType
from sonic_rules.core.errors import InvalidActionError, InvalidStateError
from sonic_rules.core.events import Event


def check_seat(seat: object, players: int) -> int | None:
    """``seat`` (``None``: a spectator) if a game of ``players`` seats has it.

    Not an ``int`` (``True``, ``1.0``) nor ``None``: ``TypeError``; out of range:
    `InvalidActionError` naming it.
    """
    if seat is not None and type(seat) is not int:
        raise TypeError(f"seat must be an int seat or None, got {seat!r}")
    if seat is not None and not 0 <= seat < players:
        raise InvalidActionError(f"seat {seat} is not in this {players}-player game")
    return seat


def viewer_acts(seat: int | None, to_act: int | ChanceType | None, hidden: str) -> bool:
    """Whether the viewer ``seat`` lists legal actions where ``to_act`` acts: ``False``
    once the game is over (there are none), ``True`` when the viewer is the seat to act.

    At a chance node, whose outcomes a view does not hold (``hidden`` says why), and for
    any other viewer: `InvalidStateError` naming the field.
    """
    if to_act is None:
        return False
    if to_act is CHANCE:
        raise InvalidStateError(f"chance acts here: {hidden}", "$.phase")
    if seat != to_act:
        who = "the spectator" if seat is None else f"seat {seat}"
        raise InvalidStateError(
            f"it is seat {to_act}'s decision: {who} sees this view, so it has no legal actions",
            "$.seat",
        )
    return True


def events_seen(events: Iterable[Event], seen: Callable[[Event], Event]) -> list[Event]:
    """Each of ``events`` as a seat sees it (``seen``: the event itself, or what stands
    for it when the seat may not see it); ``events`` not iterable: ``TypeError``."""
    if isinstance(events, str | bytes) or not hasattr(events, "__iter__"):
        raise TypeError(f"events must be an iterable of events, got {type(events).__name__}")
    return [seen(event) for event in events]
