"""Game-agnostic machinery shared by both referees."""

from sonic_rules.core.chance import CHANCE, ChanceType, sample_outcome
from sonic_rules.core.errors import (
    BoardError,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    RecordError,
    RulesError,
)
from sonic_rules.core.events import Event
from sonic_rules.core.phases import PhaseMachine, UndeclaredTransitionError
from sonic_rules.core.rules import Rule, RuleBook

__all__ = [
    "CHANCE",
    "BoardError",
    "ChanceType",
    "Event",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidStateError",
    "PhaseMachine",
    "RecordError",
    "Rule",
    "RuleBook",
    "RulesError",
    "UndeclaredTransitionError",
    "sample_outcome",
]
