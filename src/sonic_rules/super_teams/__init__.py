"""Sonic Super Teams: the complete referee for 2, 3 and 4 players.

>>> from sonic_rules import super_teams as st
>>> state = st.new_game(4)
>>> state.to_act, state.phase.value
(CHANCE, 'deal')
>>> result = st.play_game(state, [st.RandomPlayer()] * 4, seed=1)
>>> result.final.is_over, len(result.final.winners)
(True, 2)
>>> st.GAME.new_game(2, variant="standard").players
2
"""

from __future__ import annotations

from sonic_rules.core.driver import GreedyPlayer, RandomPlayer
from sonic_rules.core.game import Game, Outcome, game_from_package
from sonic_rules.super_teams import events, players
from sonic_rules.super_teams.action_space import (
    action_from_index,
    action_index,
    action_table,
    chance_from_index,
    chance_index,
    legal_mask,
    max_chance_nodes,
    max_game_length,
    num_chance_outcomes,
    num_distinct_actions,
)
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
from sonic_rules.super_teams.board import Board, Loop, SpaceKind, Surface
from sonic_rules.super_teams.cards import BonusKind, Card, Character, Colour
from sonic_rules.super_teams.describe import describe_action, describe_state
from sonic_rules.super_teams.engine import apply, chance_outcomes, legal_actions, step
from sonic_rules.super_teams.events import event_from_json, event_to_json
from sonic_rules.super_teams.legality import (
    bonus_is_playable,
    check,
    jump_candidates,
    movable_characters,
)
from sonic_rules.super_teams.moves import move_value
from sonic_rules.super_teams.observation import (
    information_state,
    observation_layout,
    observation_shape,
    observation_tensor,
)
from sonic_rules.super_teams.options import BonusSplit, Options
from sonic_rules.super_teams.phases import PHASES, Phase
from sonic_rules.super_teams.players import PLAYERS, greedy_player, play_game, score
from sonic_rules.super_teams.rules import RULES
from sonic_rules.super_teams.serialize import (
    action_from_json,
    action_to_json,
    from_json,
    to_json,
)
from sonic_rules.super_teams.setup import VARIANTS, new_game, setup_position
from sonic_rules.super_teams.state import PendingMove, Piece, State
from sonic_rules.super_teams.validate import validate_state
from sonic_rules.super_teams.views import (
    View,
    events_for,
    legal_actions_for_view,
    observe,
    view_from_json,
)

GAME: Game[State, Action] = game_from_package(
    __name__,
    name="super-teams",
    title="Sonic Super Teams",
    variants=VARIANTS,
)

__all__ = [
    "ACTION_TYPES",
    "GAME",
    "PHASES",
    "PLAYERS",
    "RULES",
    "VARIANTS",
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
    "Outcome",
    "Pass",
    "PendingMove",
    "Phase",
    "Piece",
    "Play",
    "PlayBonus",
    "RandomPlayer",
    "SpaceKind",
    "State",
    "Surface",
    "View",
    "action_from_index",
    "action_from_json",
    "action_index",
    "action_table",
    "action_to_json",
    "apply",
    "bonus_is_playable",
    "chance_from_index",
    "chance_index",
    "chance_outcomes",
    "check",
    "describe_action",
    "describe_state",
    "event_from_json",
    "event_to_json",
    "events",
    "events_for",
    "from_json",
    "greedy_player",
    "information_state",
    "jump_candidates",
    "legal_actions",
    "legal_actions_for_view",
    "legal_mask",
    "max_chance_nodes",
    "max_game_length",
    "movable_characters",
    "move_value",
    "new_game",
    "num_chance_outcomes",
    "num_distinct_actions",
    "observation_layout",
    "observation_shape",
    "observation_tensor",
    "observe",
    "play_game",
    "players",
    "score",
    "setup_position",
    "step",
    "to_json",
    "validate_state",
    "view_from_json",
]
