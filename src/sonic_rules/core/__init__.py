"""Game-agnostic machinery shared by both referees."""

from sonic_rules.core.chance import CHANCE, ChanceType, sample_outcome
from sonic_rules.core.errors import (
    ActionFieldTypeError,
    BoardError,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    RulesError,
    StateTypeError,
)
from sonic_rules.core.events import Event
from sonic_rules.core.game import (
    Game,
    GameState,
    Outcome,
    PlayedGame,
    Player,
    Ply,
    game_from_package,
)
from sonic_rules.core.phases import PhaseMachine, PhaseSpec, Transition, UndeclaredTransitionError
from sonic_rules.core.registry import game, game_names, games
from sonic_rules.core.rules import Rule, RuleBook

__all__ = [
    "CHANCE",
    "ActionFieldTypeError",
    "BoardError",
    "ChanceType",
    "Event",
    "Game",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidStateError",
    "Outcome",
    "PhaseMachine",
    "PhaseSpec",
    "PlayedGame",
    "Player",
    "Ply",
    "Rule",
    "RuleBook",
    "RulesError",
    "StateTypeError",
    "Transition",
    "UndeclaredTransitionError",
    "game",
    "game_from_package",
    "game_names",
    "games",
    "sample_outcome",
]
