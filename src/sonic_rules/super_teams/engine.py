"""The Super Teams referee, declared for the one engine (`sonic_rules.core.engine`).

Each phase's lister (`legality.DECISIONS`, `legality.CHANCE_OUTCOMES`) builds its legal
actions, `legality.check` refuses anything else naming the rule, and each action type's
handler, in the module of its topic, builds the new state on a `draft.Draft`:

- `deal`: a card dealt, the special card, the deck reshuffled;
- `bonus`: the bonus queue, a bonus card taken, Super Jump;
- `moves`: a movement card played, bonus cards added or passes, the move resolved;
- `turn`: the end of a turn.

`legal_actions`, `chance_outcomes`, `step` and `apply` are the engine's.
"""

from __future__ import annotations

from sonic_rules.core.engine import Engine, Rules
from sonic_rules.super_teams.actions import (
    Action,
    ChooseHalf,
    ChooseJumper,
    Deal,
    DrawBonus,
    Pass,
    Play,
    PlayBonus,
)
from sonic_rules.super_teams.bonus import choose_jumper, draw_bonus
from sonic_rules.super_teams.deal import deal_card
from sonic_rules.super_teams.draft import Draft
from sonic_rules.super_teams.legality import CHANCE_OUTCOMES, DECISIONS, check
from sonic_rules.super_teams.moves import choose_half, pass_, play, play_bonus
from sonic_rules.super_teams.state import State
from sonic_rules.super_teams.views import View, legal_actions_for_view

ENGINE: Engine[State, Action] = Engine(
    Rules(
        game="super-teams",
        title="Super Teams",
        state_type=State,
        draft_type=Draft,
        listers=DECISIONS,
        chance=CHANCE_OUTCOMES,
        handlers={
            Deal: deal_card,
            DrawBonus: draw_bonus,
            Play: play,
            PlayBonus: play_bonus,
            Pass: pass_,
            ChooseHalf: choose_half,
            ChooseJumper: choose_jumper,
        },
        check=check,
        view_type=View,
        view_lister=legal_actions_for_view,
    )
)

legal_actions = ENGINE.legal_actions
chance_outcomes = ENGINE.chance_outcomes
step = ENGINE.step
apply = ENGINE.apply
