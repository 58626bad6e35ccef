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
from sonic_rules.core.game import Game, Outcome
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
from sonic_rules.super_teams.board import Board, Loop, Space, Surface
from sonic_rules.super_teams.cards import BonusKind, Card, Character, Colour
from sonic_rules.super_teams.describe import describe_action, describe_state
from sonic_rules.super_teams.engine import (
    apply,
    chance_outcomes,
    legal_actions,
    move_value,
    step,
)
from sonic_rules.super_teams.events import event_from_json, event_to_json
from sonic_rules.super_teams.legality import (
    bonus_is_playable,
    check,
    jump_candidates,
    movable_characters,
)
from sonic_rules.super_teams.notation import NOTATION
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

GAME: Game[State, Action] = Game(
    name="super-teams",
    title="Sonic Super Teams",
    variants=VARIANTS,
    Options=Options,
    State=State,
    action_types=ACTION_TYPES,
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    step=step,
    chance_outcomes=chance_outcomes,
    setup_position=setup_position,
    validate_state=validate_state,
    to_json=to_json,
    from_json=from_json,
    action_to_json=action_to_json,
    action_from_json=action_from_json,
    describe_state=describe_state,
    describe_action=describe_action,
    RULES=RULES,
    PHASES=PHASES,
    players=PLAYERS,
    play_game=play_game,
    observe=observe,
    view_from_json=view_from_json,
    events_for=events_for,
    event_to_json=event_to_json,
    event_from_json=event_from_json,
    num_distinct_actions=num_distinct_actions,
    num_chance_outcomes=num_chance_outcomes,
    action_index=action_index,
    action_from_index=action_from_index,
    chance_index=chance_index,
    chance_from_index=chance_from_index,
    legal_mask=legal_mask,
    max_game_length=max_game_length,
    max_chance_nodes=max_chance_nodes,
    action_table=action_table,
    observation_layout=observation_layout,
    observation_shape=observation_shape,
    observation_tensor=observation_tensor,
    information_state=information_state,
    notation=NOTATION,
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
    "Space",
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
