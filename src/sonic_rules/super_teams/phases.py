"""The phases of a Super Teams game, declared once (read it like the rulebook's turn).

```
deal --(hands full)--> play --(card played)--> response --> the move resolves:
     stops on a double space --> choose-half --> play (next turn) | deal (new deal)
     stops on a bonus space  --> bonus-draw  --> play (next turn) | deal (new deal)
     crosses and its side is all across --> game-over
deal --(special card)--> bonus-draw --(Super Jump)--> super-jump-target --> bonus-draw
     | deal (the deal goes on) | play (hands full)
```

Each phase says who acts, which actions it takes, and the rule that refuses any other
action. The engine changes phase only by naming one of the triggers below; a trigger
that leads back to its own phase (``next_turn``, ``deal_goes_on``, ``bonus_draw``,
``next_responder``) hands the decision to the next seat or card.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from sonic_rules.core.chance import CHANCE
from sonic_rules.core.phases import PhaseMachine, PhaseSpec
from sonic_rules.super_teams.actions import (
    ChooseHalf,
    ChooseJumper,
    Deal,
    DrawBonus,
    Pass,
    Play,
    PlayBonus,
)


class Phase(enum.StrEnum):
    """A phase; a ``str`` enum, so ``state.phase == "play"`` reads naturally."""

    DEAL = "deal"
    """Chance deals movement cards one at a time (ST-DEAL)."""
    BONUS_DRAW = "bonus-draw"
    """Chance gives the seat first in the bonus queue the top bonus card."""
    SUPER_JUMP_TARGET = "super-jump-target"
    """A seat that took Super Jump through the special card chooses the jumper."""
    PLAY = "play"
    """The seat whose turn it is plays a movement card for a character."""
    RESPONSE = "response"
    """The colour's holder, then (4 players) the partner, may play a bonus card or pass."""
    CHOOSE_HALF = "choose-half"
    """The card's player chooses the half of the double space the character stopped on."""
    GAME_OVER = "game-over"
    """One side has every character across the line."""


# Who acts is read on every step: a field read in C where one is enough.
_turn: Callable[[Any], int] = attrgetter("turn")
_card_player: Callable[[Any], int] = attrgetter("pending.seat")
_jumper: Callable[[Any], int] = attrgetter("jumper")


def _responder(state: Any) -> int:
    seat: int = state.pending.responders[0]
    return seat


_D, _B, _J, _P, _R, _H, _O = (
    Phase.DEAL,
    Phase.BONUS_DRAW,
    Phase.SUPER_JUMP_TARGET,
    Phase.PLAY,
    Phase.RESPONSE,
    Phase.CHOOSE_HALF,
    Phase.GAME_OVER,
)

PHASES: PhaseMachine[Phase] = PhaseMachine(
    "Sonic Super Teams",
    Phase,
    [
        PhaseSpec(
            _D,
            CHANCE,
            "chance deals a card",
            (Deal,),
            "ST-DEAL",
            "movement cards are dealt one at a time, clockwise (ST-DEAL, ST-P-DEAL-ORDER)",
        ),
        PhaseSpec(
            _B,
            CHANCE,
            "chance gives the next seat in the bonus queue the top bonus card",
            (DrawBonus,),
            "ST-CHANCE",
            "a bonus card for each seat in the queue (ST-SPECIAL-BONUS, ST-BONUS-SPACE)",
        ),
        PhaseSpec(
            _J,
            _jumper,
            "the seat that took Super Jump through the special card",
            (ChooseJumper,),
            "ST-SUPER-JUMP-SPECIAL",
            "the taker chooses which character jumps (ST-P-SPECIAL-JUMP-CHOICE)",
        ),
        PhaseSpec(
            _P,
            _turn,
            "the seat whose turn it is",
            (Play,),
            "ST-PLAY-CARD",
            "a movement card for a character of its colour (ST-CHARACTER-COLOUR)",
        ),
        PhaseSpec(
            _R,
            _responder,
            "the colour's holder, then (4 players) the partner",
            (PlayBonus, Pass),
            "ST-RESPONSE-WINDOW",
            "a bonus card for the move, or a pass (ST-RESPONSE-WINDOW)",
        ),
        PhaseSpec(
            _H,
            _card_player,
            "the seat that played the card",
            (ChooseHalf,),
            "ST-DOUBLE-HALF",
            "the half of the double space the character stopped on (ST-DOUBLE-HALF)",
        ),
        PhaseSpec(
            _O,
            None,
            "nobody: the game is over",
            (),
            "ST-WIN",
            "one side is all across (ST-WIN), or the turn limit is reached (ST-OPT-TURN-LIMIT)",
        ),
    ],
    [
        # The deal (ST-DEAL) and the special card's bonus round (ST-SPECIAL-BONUS).
        ("deal_goes_on", _D, _D),
        ("deal_goes_on", _B, _D),
        ("deal_goes_on", _J, _D),
        ("hands_full", _D, _P),
        ("hands_full", _B, _P),
        ("hands_full", _J, _P),
        ("bonus_draw", _D, _B),
        ("bonus_draw", _B, _B),
        ("bonus_draw", _J, _B),
        ("super_jump_drawn", _B, _J),
        # A turn: the card, the response window, the move.
        ("card_played", _P, _R),
        ("next_responder", _R, _R),
        ("move_stops_on_double", _P, _H),
        ("move_stops_on_double", _R, _H),
        ("bonus_draw", _P, _B),
        ("bonus_draw", _R, _B),
        ("side_across", _P, _O),
        ("side_across", _R, _O),
        # The turn ends: the next seat plays, or every hand is empty and a deal starts.
        ("next_turn", _P, _P),
        ("next_turn", _R, _P),
        ("next_turn", _H, _P),
        ("next_turn", _B, _P),
        ("new_deal", _P, _D),
        ("new_deal", _R, _D),
        ("new_deal", _H, _D),
        ("new_deal", _B, _D),
        # ST-OPT-TURN-LIMIT: the table's turn limit ends the game when a turn ends.
        ("turn_limit_reached", _P, _O),
        ("turn_limit_reached", _R, _O),
        ("turn_limit_reached", _H, _O),
        ("turn_limit_reached", _B, _O),
    ],
    {"standard": Phase.DEAL},
)
