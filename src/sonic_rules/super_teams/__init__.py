"""Sonic Super Teams: the complete referee for 2, 3 and 4 players.

>>> import random
>>> from sonic_rules import super_teams as st
>>> state = st.new_game(4)
>>> state.to_act, state.phase.value
(CHANCE, 'deal')
>>> result = st.play_game(state, [st.RandomPlayer()] * 4, seed=1)
>>> result.final.is_over, len(result.final.winners)
(True, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from sonic_rules.core.driver import Game, GreedyPlayer, PlayedGame, Player, RandomPlayer, play
from sonic_rules.super_teams import events
from sonic_rules.super_teams.actions import (
    ACTION_TYPES,
    Action,
    ChooseHalf,
    ChooseJumper,
    Deal,
    DrawBonus,
    Pass,
    Play,
    PlayBonus,
)
from sonic_rules.super_teams.board import Board, Loop, Space, Surface
from sonic_rules.super_teams.cards import BonusKind, Card, Character, Colour
from sonic_rules.super_teams.engine import (
    apply,
    chance_outcomes,
    jump_candidates,
    legal_actions,
    movable_characters,
    move_value,
    score,
    step,
)
from sonic_rules.super_teams.options import BonusSplit, Options
from sonic_rules.super_teams.phases import PHASES, Phase
from sonic_rules.super_teams.rules import RULES
from sonic_rules.super_teams.serialize import (
    action_from_json,
    action_to_json,
    from_json,
    to_json,
    validate,
)
from sonic_rules.super_teams.setup import new_game, setup_position
from sonic_rules.super_teams.state import PendingMove, Piece, State

GAME = Game(
    name="super-teams",
    legal_actions=legal_actions,
    step=step,
    chance_outcomes=chance_outcomes,
    score=score,
)


def describe_state(state: State) -> str:
    """A short text picture of the position: each character's space, and the hands' sizes."""
    finish = len(state.board)
    lines = [
        f"Sonic Super Teams ({state.players} players) - {state.phase.value}, "
        f"to act: {state.to_act}, turn {state.turns_played + 1}"
    ]
    for seat, colours in enumerate(state.seat_colours):
        pieces = []
        for colour in colours:
            for character in colour.characters:
                piece = state.piece(character)
                if piece.position >= finish:
                    where = "across"
                else:
                    space = state.board[piece.position].display_name
                    half = f", {piece.half} half" if piece.half else ""
                    where = f"{piece.position}/{finish} {space}{half}"
                pieces.append(f"{character} {where}")
        lines.append(
            f"seat {seat} ({'+'.join(c.value for c in colours)}): "
            + "; ".join(pieces)
            + f" | {len(state.hands[seat])} cards, {len(state.bonus_hands[seat])} bonus"
        )
    if state.is_over:
        lines.append("winners: " + ", ".join(f"seat {seat}" for seat in state.winners))
    return "\n".join(lines)


def greedy_player() -> GreedyPlayer:
    """The simple built-in bot: the action that most advances its side right now."""
    return GreedyPlayer(score=score, step=step)


def play_game(
    state: State,
    players: Sequence[Player],
    *,
    seed: int | None = None,
    record: bool = True,
) -> PlayedGame[State, Action]:
    """Play ``state`` to the end, ``players[seat]`` deciding; chance uses ``Random(seed)``."""
    if len(players) != state.players:
        raise ValueError(f"need {state.players} players, got {len(players)}")
    return play(GAME, state, players, seed=seed, record=record)


__all__ = [
    "ACTION_TYPES",
    "GAME",
    "PHASES",
    "RULES",
    "Action",
    "Board",
    "BonusKind",
    "BonusSplit",
    "Card",
    "Character",
    "ChooseHalf",
    "ChooseJumper",
    "Colour",
    "Deal",
    "DrawBonus",
    "GreedyPlayer",
    "Loop",
    "Options",
    "Pass",
    "PendingMove",
    "Phase",
    "Piece",
    "Play",
    "PlayBonus",
    "RandomPlayer",
    "Space",
    "State",
    "Surface",
    "action_from_json",
    "action_to_json",
    "apply",
    "chance_outcomes",
    "describe_state",
    "events",
    "from_json",
    "greedy_player",
    "jump_candidates",
    "legal_actions",
    "movable_characters",
    "move_value",
    "new_game",
    "play_game",
    "score",
    "setup_position",
    "step",
    "to_json",
    "validate",
]
