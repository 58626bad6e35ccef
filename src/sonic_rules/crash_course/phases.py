"""The Crash Course turn structure, declared once as a phase machine.

```
drawing (the first turn's draw) | setup (Beginner: chance deals the track) --> actions
actions --(turn ends: the next character's draw)--> draw-choice (a full hand) | drawing
draw-choice --(discard)--> drawing, --(skip)--> actions
drawing --(several kinds drawn)--> keep-choice --> actions; --(done)--> actions
actions --(leaves the newest tile)--> lay-tile --(tile laid, movement resolved)--> actions
actions --(a first shortcut tile)--> laying-shortcut --(finished: complete, or refused)--> actions
actions --(enters a face-down token, Beginner)--> revealing --> actions
item damage --> ring-drop (where the Rings land); Beginner: recovery (spend a Ring?)
crossing the finish, or lifting an occupied tile --> game-over
```

A turn: the placement draw (a full hand first chooses to discard or skip; the draw
itself is chance; several distinct items drawn ask which to keep), then the actions
phase. Leaving the newest tile pauses any movement for the active player to lay a
tile, and the movement resumes in the lay-tile phase; item damage can ask a player
where their Rings drop (Beginner: whether to spend a Ring to get up). The Beginner
game starts with chance dealing the track tiles in a random order (unless the order is
given), and a face-down item is revealed by chance as a character enters it.

The engine changes phase only with ``PHASES.goto(phase, trigger)``.
"""

from __future__ import annotations

import enum
from typing import Any

from sonic_rules.core.chance import CHANCE
from sonic_rules.core.phases import PhaseMachine, PhaseSpec
from sonic_rules.crash_course.actions import (
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
)


class Phase(enum.StrEnum):
    """Who acts and what they may do; a ``str`` enum (``state.phase == "actions"``).

    Declared (who acts, what each phase accepts, how one leads to another) below.
    """

    SETUP = "setup"
    DRAW_CHOICE = "draw-choice"
    DRAWING = "drawing"
    KEEP_CHOICE = "keep-choice"
    ACTIONS = "actions"
    REVEALING = "revealing"
    LAY_TILE = "lay-tile"
    LAYING_SHORTCUT = "laying-shortcut"
    RING_DROP = "ring-drop"
    RECOVERY = "recovery"
    GAME_OVER = "game-over"


def _active_owner(state: Any) -> int:
    seat: int = state.characters[state.active].owner
    return seat


def _owing_owner(state: Any) -> int:
    seat: int = state.characters[state.pending[0].character].owner
    return seat


_ACTIVE = "the owner of the active character"
_OWING = "the owner of the character owing the decision"
_WRONG_PHASE = "CC-PROJ-PHASE"

_S, _DC, _DR, _K, _A, _RV, _L, _LS, _RD, _RC, _O = (
    Phase.SETUP,
    Phase.DRAW_CHOICE,
    Phase.DRAWING,
    Phase.KEEP_CHOICE,
    Phase.ACTIONS,
    Phase.REVEALING,
    Phase.LAY_TILE,
    Phase.LAYING_SHORTCUT,
    Phase.RING_DROP,
    Phase.RECOVERY,
    Phase.GAME_OVER,
)

PHASES: PhaseMachine[Phase] = PhaseMachine(
    "crash-course",
    Phase,
    [
        PhaseSpec(
            _S,
            CHANCE,
            "chance deals the next track tile",
            (DealTile,),
            _WRONG_PHASE,
            "Beginner: the track is laid in a random order (CC-BEGINNER-SETUP)",
        ),
        PhaseSpec(
            _DC,
            _active_owner,
            _ACTIVE,
            (DiscardToDraw, SkipDraw),
            _WRONG_PHASE,
            "holding 2 items: discard one to draw, or skip the draw (CC-DRAW-FULL-HAND)",
        ),
        PhaseSpec(
            _DR,
            CHANCE,
            "chance draws the next item token",
            (DrawItem,),
            _WRONG_PHASE,
            "1, 2 or 3 tokens by place in the race (CC-DRAW, CC-PLACEMENT)",
        ),
        PhaseSpec(
            _K,
            _active_owner,
            _ACTIVE,
            (KeepItem,),
            _WRONG_PHASE,
            "several kinds drawn: keep one, the others go back (CC-DRAW-RETURN)",
        ),
        PhaseSpec(
            _A,
            _active_owner,
            _ACTIVE,
            (
                DrawItems,
                Fix,
                Move,
                UseShortcut,
                LayShortcutTile,
                PlaceItem,
                UseMotobug,
                UseBomb,
                UseBumper,
                PowerUpHeal,
                PowerUpTurn,
                EndTurn,
            ),
            _WRONG_PHASE,
            "3 actions (fix, move, shortcuts), items and Power-Ups free (CC-TURN-ACTIONS); "
            "an item or Power-Up used in another phase is refused by CC-PROJ-ITEMS-OWN-TURN",
        ),
        PhaseSpec(
            _RV,
            CHANCE,
            "chance turns up the face-down token being entered",
            (RevealItem,),
            _WRONG_PHASE,
            "Beginner: a face-down item is turned up as it is entered (CC-BEGINNER-ITEMS)",
        ),
        PhaseSpec(
            _L,
            _active_owner,
            _ACTIVE,
            (LayTile,),
            _WRONG_PHASE,
            "a character leaves the newest tile: the next tile is laid (CC-TILE-LAY)",
        ),
        PhaseSpec(
            _LS,
            _active_owner,
            _ACTIVE,
            (LayShortcutTile, FinishShortcut),
            _WRONG_PHASE,
            "a shortcut is laid one tile at a time, then finished: complete, it stays; "
            "incomplete, its tiles return (CC-SHORTCUT-LAY-STEP, CC-SHORTCUT-LAY-COMPLETE)",
        ),
        PhaseSpec(
            _RD,
            _owing_owner,
            _OWING,
            (DropRings,),
            _WRONG_PHASE,
            "item damage: the Rings land on the tile behind (CC-RING-LOSS)",
        ),
        PhaseSpec(
            _RC,
            _owing_owner,
            _OWING,
            (Recover,),
            _WRONG_PHASE,
            "Beginner: knocked down, spend a Ring to get up? (CC-PROJ-BEGINNER-KNOCKED)",
        ),
        PhaseSpec(
            _O,
            None,
            "nobody: the game is over",
            (),
            "CC-FINISH",
            "a player has won (CC-FINISH, CC-SECONDARY-WIN), or a turn or decision limit is "
            "reached (CC-OPT-TURN-LIMIT, CC-OPT-DECISION-LIMIT)",
        ),
    ],
    [
        # Set-up (CC-BEGINNER-SETUP); with the official draw the first turn starts with its
        # actions, drawing being one of them (CC-OPT-OFFICIAL-DRAW).
        ("beginner_track_laid", _S, _A),
        ("draw_is_an_action", _DR, _A),
        # The draw (CC-DRAW, CC-DRAW-FULL-HAND).
        ("full_hand_at_draw", _A, _DC),
        ("draw_starts", _A, _DR),
        ("draw_starts", _DC, _DR),
        ("draw_skipped", _DC, _A),
        ("choose_item_to_keep", _DR, _K),
        ("draw_done", _DR, _A),
        ("item_kept", _K, _A),
        # Movement pauses for a tile (CC-TILE-LAY) or a face-down token (CC-BEGINNER-ITEMS)
        # and resumes in that phase once it is laid or revealed; pausing again for another
        # tile or token keeps the phase.
        ("left_newest_tile", _A, _L),
        ("movement_resolved", _L, _A),
        # A shortcut is laid tile by tile (CC-SHORTCUT-LAY-STEP), then finished: a complete
        # path stays, an incomplete one is refused and its tiles return
        # (CC-SHORTCUT-LAY-COMPLETE).
        ("shortcut_started", _A, _LS),
        ("shortcut_finished", _LS, _A),
        ("shortcut_refused", _LS, _A),
        ("face_down_item_entered", _A, _RV),
        ("item_revealed", _RV, _A),
        # Decisions owed once movement has resolved (CC-RING-LOSS, CC-PROJ-BEGINNER-KNOCKED);
        # the next decision of the same kind keeps the phase.
        ("rings_dropped_by_item", _A, _RD),
        ("rings_dropped_by_item", _L, _RD),
        ("rings_placed", _RD, _A),
        ("knocked_down_with_ring", _A, _RC),
        ("knocked_down_with_ring", _RV, _RC),
        ("recovery_decided", _RC, _A),
        # The end: crossing the finish (CC-FINISH, CC-BEGINNER-FINISH) or lifting an occupied
        # tile (CC-SECONDARY-WIN); the state's ``termination`` says which.
        ("won", _A, _O),
        ("won", _L, _O),
        ("won", _RV, _O),
        # CC-OPT-TURN-LIMIT: the table's turn limit ends the game when a turn ends.
        ("turn_limit_reached", _A, _O),
        # CC-OPT-DECISION-LIMIT: the decision limit ends the game after any decision,
        # whatever the phase that decision left the game in.
        *(
            ("decision_limit_reached", phase, _O)
            for phase in (_DC, _DR, _A, _RV, _L, _LS, _RD, _RC)
        ),
    ],
    {"standard": _DR, "two-player": _DR, "beginner": _S},
)
"""The declared phase machine; every phase change goes through ``PHASES.goto``."""
