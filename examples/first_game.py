"""One game of each game: ask who acts, choose, apply, until someone wins."""

import random

import sonic_rules
from sonic_rules import CHANCE, IllegalActionError

for game in sonic_rules.games():
    rng = random.Random(1)
    state = game.new_game(3)  # a frozen value; apply returns a new one
    actions = []
    while not state.is_over:
        if state.to_act is CHANCE:  # a deal or a draw: a chance outcome
            outcomes, weights = zip(*game.chance_outcomes(state), strict=True)
            action = rng.choices(outcomes, weights)[0]
        else:  # a seat decides among the legal actions
            action = rng.choice(game.legal_actions(state))
        state, events = game.step(state, action)
        actions.append(action)
    winners = " and ".join(f"seat {seat}" for seat in state.winners)
    print(f"{game.title}: {winners} won after {len(actions)} actions")
    print(f"  {state.outcome.termination}")
    print(f"  the last event: {events[-1].describe()}")
    try:
        game.apply(state, actions[-1])  # refused: the game is over
    except IllegalActionError as error:
        print(f"  refused: {error.rule}: {error.message}")
