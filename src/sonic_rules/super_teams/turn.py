"""The end of a turn: the turn limit, the next seat, or a new deal once every hand is empty.

(`deal`, `bonus` and this module lead to one another, so each reads the others as
modules: see `deal`.)
"""

from __future__ import annotations

from sonic_rules.super_teams import deal
from sonic_rules.super_teams import events as ev
from sonic_rules.super_teams.state import Draft


def end_turn(d: Draft) -> None:
    """The turn ends: ST-TURN-ORDER, the next seat clockwise plays (ST-P-EMPTY-HAND: one
    holding a card), or ST-DEAL, every hand is empty and a new deal starts with it."""
    players = d.players
    turns_played = d.turns_played + 1
    d.pending = None
    d.turns_played = turns_played
    limit = d.options.turn_limit
    if limit is not None and turn_limit_reached(limit, turns_played):
        d.events.append(ev.TurnLimitReached(turns_played))
        d.goto("turn_limit_reached")
        return
    d.turn = turn = (d.turn + 1) % players
    hands = d.hands
    if not any(hands):
        deal.start_deal(d)
        return
    while not hands[turn]:
        turn = (turn + 1) % players  # only in a set-up position
    d.turn = turn
    d.goto("next_turn")


def turn_limit_reached(limit: int | None, turns_played: int) -> bool:
    """ST-OPT-TURN-LIMIT: the table's turn limit ends the game, nobody winning."""
    return limit is not None and turns_played >= limit
