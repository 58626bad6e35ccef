"""The phases of a Super Teams game, declared once (read it like the rulebook's turn).

```
deal  --(special card)--> bonus-draw --(Super Jump)--> super-jump-target
deal  --(hands full)--> play --> response --> [move] --> choose-half | bonus-draw
      --> play (next seat) | deal (hands empty) | game-over (a side is across)
```
"""

from __future__ import annotations

import enum

from sonic_rules.core.phases import PhaseMachine


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
        ("deal_special_card", _D, _B),
        ("hands_full", _D, _P),
        ("bonus_round_done", _B, _D),
        ("bonus_round_done_hands_full", _B, _P),
        ("super_jump_drawn", _B, _J),
        ("jumper_chosen", _J, _B),
        ("jumper_chosen_round_done", _J, _D),
        ("jumper_chosen_hands_full", _J, _P),
        ("bonus_space_taken_next_turn", _B, _P),
        ("bonus_space_taken_new_deal", _B, _D),
        ("card_played", _P, _R),
        ("move_stops_on_double", _P, _H),
        ("move_stops_on_bonus", _P, _B),
        ("next_turn", _P, _P),
        ("hands_empty", _P, _D),
        ("side_across", _P, _O),
        ("move_stops_on_double", _R, _H),
        ("move_stops_on_bonus", _R, _B),
        ("next_turn", _R, _P),
        ("hands_empty", _R, _D),
        ("side_across", _R, _O),
        ("half_chosen", _H, _P),
        ("half_chosen_hands_empty", _H, _D),
    ],
    Phase.DEAL,
)
