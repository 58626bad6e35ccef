"""How a frontend drives a game: ask who acts, show that seat its view, offer its legal
actions, apply one, and show each seat what happened as it may see it.

The same loop serves every game, reached by name through ``sonic_rules.game``. Seat 0
is "the human" here (it always takes the first legal action) and the log is seat 0's
screen: events are shown through ``events_for``, so other seats' cards and items stay
hidden. The other seats are built-in bots (they read the state, as the referee's own
players may); chance is resolved with a seeded generator held outside the state.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import sonic_rules
from sonic_rules import CHANCE, IllegalActionError


def main(name: str, seed: int = 5) -> None:
    game = sonic_rules.game(name)
    rng = random.Random(seed)
    bots = {1: game.player("greedy"), 2: game.player("random")}
    state = game.new_game(3)
    history = [state]  # states are values: keeping them all is undo for free
    decisions: list[tuple[Any, Any]] = []  # (state, action) for every seat's choice
    while not state.is_over:
        if state.to_act is CHANCE:
            outcomes, weights = zip(*game.chance_outcomes(state), strict=True)
            action = rng.choices(outcomes, weights)[0]
        else:
            seat = state.to_act
            assert isinstance(seat, int)
            view = game.observe(state, seat)  # all the seat may see: draw its screen from this
            offered = game.legal_actions(view)  # the same list the state gives
            if seat == 0:
                action = offered[0]
            else:
                action = bots[seat].choose(state, offered, rng)
            decisions.append((state, action))
        state, events = game.step(state, action)
        history.append(state)
        for event in game.events_for(events, 0, state):  # seat 0's screen
            print(event.describe())
    print(game.describe_state(state))
    assert state.outcome is not None
    winners = " and ".join(f"seat {seat}" for seat in state.winners)
    print(f"over: {winners} won ({state.outcome.termination})")

    # A move that breaks a rule names the rule, and the state is unchanged: here the
    # game's first decision, offered again at its last one.
    last_state, _ = decisions[-1]
    first_action = decisions[0][1]
    before = game.to_json(last_state)
    try:
        game.apply(last_state, first_action)
    except IllegalActionError as error:
        print(f"refused: {error.rule}: {error.message}")
    assert game.to_json(last_state) == before


if __name__ == "__main__":
    for name in sys.argv[1:] or sonic_rules.game_names():
        print(f"=== {sonic_rules.game(name).title} ===")
        main(name)
