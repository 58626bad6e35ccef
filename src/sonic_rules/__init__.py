"""sonic_rules: a rules referee for Sonic Super Teams and Sonic the Hedgehog: Crash Course.

Reach a game by name with `game` (``game("super-teams")``, ``game("crash-course")``)
or list them with `games`; both give a `Game` with the
same members for either game. The game packages themselves are
`sonic_rules.super_teams` and `sonic_rules.crash_course`. This package also
exports what both share: the errors and `CHANCE`.
"""

from importlib.metadata import PackageNotFoundError, version

from sonic_rules.core.chance import CHANCE
from sonic_rules.core.errors import (
    ActionFieldTypeError,
    BoardError,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    RulesError,
    StateTypeError,
)
from sonic_rules.core.game import Game, GameState, Outcome
from sonic_rules.core.registry import game, game_names, games

try:
    __version__ = version("sonic-rules")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0"

__all__ = [
    "CHANCE",
    "ActionFieldTypeError",
    "BoardError",
    "Game",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidStateError",
    "Outcome",
    "RulesError",
    "StateTypeError",
    "__version__",
    "game",
    "game_names",
    "games",
]
