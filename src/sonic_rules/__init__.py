"""sonic_rules: a rules referee for Sonic Super Teams and Sonic the Hedgehog: Crash Course.

The games live in :mod:`sonic_rules.super_teams` and :mod:`sonic_rules.crash_course`;
this package exports what both share: the errors and :data:`CHANCE`.
"""

from importlib.metadata import PackageNotFoundError, version

from sonic_rules.core.chance import CHANCE
from sonic_rules.core.errors import (
    BoardError,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    RecordError,
    RulesError,
)

try:
    __version__ = version("sonic-rules")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0"

__all__ = [
    "CHANCE",
    "BoardError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidStateError",
    "RecordError",
    "RulesError",
    "__version__",
]
