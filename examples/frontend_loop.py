"""How a frontend drives a game: ask who acts, offer the legal actions, apply one.

Seat 0 is "the human" here (it always takes the first legal action); the other seats
are built-in bots; chance is resolved with a seeded generator held outside the state.
"""

from __future__ import annotations

import random

from sonic_rules import CHANCE, IllegalActionError
from sonic_rules import super_teams as st


def main(seed: int = 5) -> None:
    rng = random.Random(seed)
    bots = {1: st.greedy_player(), 2: st.RandomPlayer()}
    state = st.new_game(3)
    history = [state]  # states are values: keeping them all is undo for free
    while not state.is_over:
        if state.to_act is CHANCE:
            actions, weights = zip(*st.chance_outcomes(state), strict=True)
            action = rng.choices(actions, weights)[0]
        elif state.to_act == 0:
            action = st.legal_actions(state)[0]
        else:
            assert isinstance(state.to_act, int)
            action = bots[state.to_act].choose(state, st.legal_actions(state), rng)
        state, events = st.step(state, action)
        history.append(state)
        for event in events:
            if not isinstance(event, st.events.CardDealt):
                print(event.describe())
    print(st.describe_state(state))

    # A move that breaks a rule names the rule, and the state is unchanged.
    try:
        st.apply(history[-2], st.Pass(seat=2))
    except IllegalActionError as error:
        print(f"refused: {error.rule}: {error.message}")


if __name__ == "__main__":
    main()
