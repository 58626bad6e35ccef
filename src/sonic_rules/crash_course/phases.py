"""The Crash Course turn structure, declared once as a phase machine.

A turn: the placement draw (a full hand first chooses to discard or skip; the draw
itself is chance; several distinct items drawn ask which to keep), then the actions
phase. Leaving the newest tile pauses any movement for the active player to lay a
tile; item damage can ask a player where their Rings drop (Beginner: whether to
spend a Ring to get up). The Beginner game starts with chance dealing the track tiles
in a random order (unless the order is given), and a face-down item is revealed by
chance as a character enters it.
"""

from __future__ import annotations

import enum

from sonic_rules.core.phases import PhaseMachine


class Phase(enum.StrEnum):
    """Who acts and what they may do; a ``str`` enum (``state.phase == "actions"``)."""

    SETUP = "setup"
    DRAW_CHOICE = "draw-choice"
    DRAWING = "drawing"
    KEEP_CHOICE = "keep-choice"
    ACTIONS = "actions"
    REVEALING = "revealing"
    LAY_TILE = "lay-tile"
    RING_DROP = "ring-drop"
    RECOVERY = "recovery"
    GAME_OVER = "game-over"


_P = Phase
PHASES: PhaseMachine[Phase] = PhaseMachine(
    "crash-course",
    Phase,
    [
        ("beginner_track_laid", _P.SETUP, _P.ACTIONS),
        ("face_down_item_entered", _P.ACTIONS, _P.REVEALING),
        ("item_revealed", _P.REVEALING, _P.ACTIONS),
        ("knocked_down_with_ring", _P.REVEALING, _P.RECOVERY),
        ("crossed_finish", _P.REVEALING, _P.GAME_OVER),
        ("full_hand_at_draw", _P.ACTIONS, _P.DRAW_CHOICE),
        ("draw_starts", _P.ACTIONS, _P.DRAWING),
        ("draw_starts", _P.DRAW_CHOICE, _P.DRAWING),
        ("draw_skipped", _P.DRAW_CHOICE, _P.ACTIONS),
        ("choose_item_to_keep", _P.DRAWING, _P.KEEP_CHOICE),
        ("draw_done", _P.DRAWING, _P.ACTIONS),
        ("item_kept", _P.KEEP_CHOICE, _P.ACTIONS),
        ("left_newest_tile", _P.ACTIONS, _P.LAY_TILE),
        ("movement_resolved", _P.LAY_TILE, _P.ACTIONS),
        ("rings_dropped_by_item", _P.ACTIONS, _P.RING_DROP),
        ("rings_dropped_by_item", _P.LAY_TILE, _P.RING_DROP),
        ("rings_placed", _P.RING_DROP, _P.ACTIONS),
        ("knocked_down_with_ring", _P.ACTIONS, _P.RECOVERY),
        ("knocked_down_with_ring", _P.LAY_TILE, _P.RECOVERY),
        ("recovery_decided", _P.RECOVERY, _P.ACTIONS),
        ("crossed_finish", _P.ACTIONS, _P.GAME_OVER),
        ("crossed_finish", _P.LAY_TILE, _P.GAME_OVER),
        ("recycled_occupied_tile", _P.ACTIONS, _P.GAME_OVER),
        ("recycled_occupied_tile", _P.LAY_TILE, _P.GAME_OVER),
    ],
    Phase.ACTIONS,
)
"""The declared phase machine; every phase change goes through ``PHASES.check``."""
