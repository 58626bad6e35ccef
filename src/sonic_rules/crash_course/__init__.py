"""Sonic the Hedgehog: Crash Course, refereed.

Start with `new_game` (or `setup_position` for any position, whose arguments
`position_kwargs` gives back from a state), ask
`legal_actions` and ``state.to_act``, resolve chance nodes with
`chance_outcomes`, and play with `apply` / `step`. States are frozen
values; `to_json` / `from_json` round-trip them exactly. Every rule has an
id in `RULES`; `PHASES` is the declared turn structure; `GAME` is the
game as `sonic_rules.game` gives it.

>>> from sonic_rules import crash_course as cc
>>> result = cc.play_game(cc.new_game(2), [cc.RandomPlayer()] * 2, seed=1)
>>> result.final.is_over, len(result.final.winners)
(True, 1)
"""

from sonic_rules.core.driver import GreedyPlayer, RandomPlayer
from sonic_rules.core.game import Game, game_from_package
from sonic_rules.crash_course import events
from sonic_rules.crash_course.action_space import (
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
from sonic_rules.crash_course.actions import (
    ACTION_TYPES,
    Action,
    DealTile,
    DiscardToDraw,
    DrawItem,
    DrawItems,
    DropRings,
    EndTurn,
    FinishShortcut,
    Fix,
    KeepItem,
    LayShortcutTile,
    LayTile,
    Move,
    PlaceItem,
    PowerUpHeal,
    PowerUpTurn,
    Recover,
    RevealItem,
    SkipDraw,
    UseBomb,
    UseBumper,
    UseMotobug,
    UseShortcut,
    action_key,
)
from sonic_rules.crash_course.describe import describe_action, describe_state
from sonic_rules.crash_course.engine import apply, chance_outcomes, legal_actions, step
from sonic_rules.crash_course.events import event_from_json, event_to_json
from sonic_rules.crash_course.observation import (
    information_state,
    observation_layout,
    observation_shape,
    observation_tensor,
)
from sonic_rules.crash_course.options import Character, Options, Variant
from sonic_rules.crash_course.phases import PHASES, Phase
from sonic_rules.crash_course.pieces import ItemKind, Piece, Space
from sonic_rules.crash_course.players import PLAYERS, greedy_player, play_game, score
from sonic_rules.crash_course.rules import RULES
from sonic_rules.crash_course.serialize import (
    action_from_json,
    action_to_json,
    from_json,
    to_json,
)
from sonic_rules.crash_course.setup import new_game, position_kwargs, setup_position
from sonic_rules.crash_course.state import State
from sonic_rules.crash_course.tiles import Catalogue, default_catalogue, load_tiles
from sonic_rules.crash_course.validate import validate_state
from sonic_rules.crash_course.views import (
    SeenPiece,
    View,
    events_for,
    legal_actions_for_view,
    observe,
    view_from_json,
)

GAME: Game[State, Action] = game_from_package(
    __name__,
    name="crash-course",
    title="Sonic the Hedgehog: Crash Course",
    variants={"standard": (2, 3, 4), "two-player": (2,), "beginner": (2, 3, 4)},
)
"""Crash Course as every game is reached (see `sonic_rules.core.game.Game`)."""

__all__ = [
    "ACTION_TYPES",
    "GAME",
    "PHASES",
    "PLAYERS",
    "RULES",
    "Action",
    "Catalogue",
    "Character",
    "DealTile",
    "DiscardToDraw",
    "DrawItem",
    "DrawItems",
    "DropRings",
    "EndTurn",
    "FinishShortcut",
    "Fix",
    "GreedyPlayer",
    "ItemKind",
    "KeepItem",
    "LayShortcutTile",
    "LayTile",
    "Move",
    "Options",
    "Phase",
    "Piece",
    "PlaceItem",
    "PowerUpHeal",
    "PowerUpTurn",
    "RandomPlayer",
    "Recover",
    "RevealItem",
    "SeenPiece",
    "SkipDraw",
    "Space",
    "State",
    "UseBomb",
    "UseBumper",
    "UseMotobug",
    "UseShortcut",
    "Variant",
    "View",
    "action_from_index",
    "action_from_json",
    "action_index",
    "action_key",
    "action_table",
    "action_to_json",
    "apply",
    "chance_from_index",
    "chance_index",
    "chance_outcomes",
    "default_catalogue",
    "describe_action",
    "describe_state",
    "event_from_json",
    "event_to_json",
    "events",
    "events_for",
    "from_json",
    "greedy_player",
    "information_state",
    "legal_actions",
    "legal_actions_for_view",
    "legal_mask",
    "load_tiles",
    "max_chance_nodes",
    "max_game_length",
    "new_game",
    "num_chance_outcomes",
    "num_distinct_actions",
    "observation_layout",
    "observation_shape",
    "observation_tensor",
    "observe",
    "play_game",
    "position_kwargs",
    "score",
    "setup_position",
    "step",
    "to_json",
    "validate_state",
    "view_from_json",
]
