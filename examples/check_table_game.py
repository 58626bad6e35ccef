"""Check a game played at the table, move by move.

A record is one JSON action per line, chance outcomes included (what was dealt, which
bonus card came up), exactly as ``action_to_json`` writes them. The checker replays it
and stops at the first move the rules refuse, naming the rule.

Run with a file: ``python examples/check_table_game.py game.jsonl 4``; without one it
records a seeded bot game, breaks one move, and checks that.
"""

from __future__ import annotations

import sys

from sonic_rules import IllegalActionError, InvalidActionError
from sonic_rules import super_teams as st


def check(lines: list[str], players: int) -> int:
    state = st.new_game(players)
    for number, line in enumerate(lines, start=1):
        try:
            action = st.action_from_json(line)
            state = st.apply(state, action)
        except InvalidActionError as error:
            print(f"line {number}: not an action: {error}")
            return 1
        except IllegalActionError as error:
            print(f"line {number}: {action} breaks {error.rule}: {error.message}")
            print(f"  rule {error.rule}: {st.RULES[error.rule].text}")
            return 1
    result = "over, won by " + ", ".join(map(str, state.winners)) if state.is_over else "going on"
    print(f"all {len(lines)} moves are legal; the game is {result}")
    return 0


def _sample_record() -> list[str]:
    played = st.play_game(st.new_game(2), [st.RandomPlayer()] * 2, seed=11)
    lines = [st.action_to_json(ply.action) for ply in played.plies]
    # Break one move: seat 1 plays out of turn at its first turn.
    for index, ply in enumerate(played.plies):
        if isinstance(ply.action, st.Play) and ply.action.seat == 1:
            lines[index - 1], lines[index] = lines[index], lines[index - 1]
            break
    return lines


if __name__ == "__main__":
    if len(sys.argv) > 1:
        with open(sys.argv[1], encoding="utf-8") as handle:
            record = [line for line in handle.read().splitlines() if line.strip()]
        sys.exit(check(record, int(sys.argv[2]) if len(sys.argv) > 2 else 2))
    sys.exit(0 if check(_sample_record(), 2) == 1 else 1)  # the broken move must be caught
