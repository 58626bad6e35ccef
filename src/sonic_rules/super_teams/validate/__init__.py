"""The checks every state passes: could the rules have produced it?

`validate_state` refuses a state the rules could not reach (cards or bonus cards not
accounted for exactly once, hands over 6, a phase without what it needs...) with an
`InvalidStateError` naming the JSON path of what is wrong. Every loaded, started or
set-up state passes through it. One walk: the exact type of every value first
(`shapes`), then the rules, by concept: the pieces on the board (`board`), the cards
(`cards`), the turn's bookkeeping (`turn`). What is found of the parts states share is
remembered by identity once a state passed, so a state sharing them is checked quickly.
"""

from __future__ import annotations

from sonic_rules.core.errors import InvalidStateError
from sonic_rules.core.interning import Findings
from sonic_rules.super_teams.options import check_options
from sonic_rules.super_teams.state import State
from sonic_rules.super_teams.validate.board import check_pieces
from sonic_rules.super_teams.validate.cards import check_every_card_once, check_hands
from sonic_rules.super_teams.validate.shapes import check_shapes
from sonic_rules.super_teams.validate.turn import (
    MAX_SPECIALS_OWED,
    check_counters,
    check_pending,
    check_phase,
)

__all__ = ["MAX_SPECIALS_OWED", "check_rules", "check_shapes", "validate_state"]


def validate_state(state: State) -> None:
    """Raise ``InvalidStateError`` (with a JSON path) unless the rules could reach ``state``.

    Anything but a state of this game is a ``TypeError`` naming ``state``; a state
    holding a value of another type than a state holds there is refused first
    (`check_shapes`), naming where.
    """
    if not isinstance(state, State):
        raise TypeError(f"state must be a Super Teams State, not {type(state).__name__}")
    findings = Findings()
    check_shapes(state, findings)
    check_rules(state)
    findings.keep()


def check_rules(state: State) -> None:
    """`validate_state` of a state of the right shape (`check_shapes`), such as one
    `from_json` reads straight from well-formed JSON (built of values of exactly the
    types a state holds): the rules' checks alone."""
    players = state.players
    if players not in (2, 3, 4):
        raise InvalidStateError("Super Teams is for 2, 3 or 4 players", "$.players")
    check_options(players, state.options)
    characters = [c for colour in state.colours_in_play for c in colour.characters]
    check_pieces(state, characters)
    check_hands(state)
    check_every_card_once(state)
    check_counters(state)
    check_pending(state, characters)
    check_phase(state, characters)
