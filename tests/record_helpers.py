"""Helpers for the record tests: simulated games written as records, hands hidden."""

from __future__ import annotations

import re
from typing import Any

from sonic_rules import records
from sonic_rules.core.game import Game


def simulated(
    game: Game[Any, Any], variant: str, players: int, seed: int
) -> tuple[Any, list[Any], Any]:
    """A seeded random game: its start, every action (chance included) and its end."""
    start = game.new_game(players, variant=variant)
    played = game.play_game(start, [game.player("random") for _ in range(players)], seed=seed)
    return start, [ply.action for ply in played.plies], played.final


def record(game: Game[Any, Any], variant: str, players: int, seed: int, long: bool = False) -> str:
    start, actions, _ = simulated(game, variant, players, seed)
    return records.write_record(game, [start, *actions], long=long)


_DEAL = re.compile(r"deal (\d) (\S+)")
_BONUS = re.compile(r"bonus (\d) (\S+)")


def hide(text: str, seen: tuple[int, ...] = (0,)) -> str:
    """A Super Teams record as seat ``seen`` would write it: every card dealt and bonus
    card taken by another seat unseen (``?``), except the ones always shown face up."""
    lines = []
    for line in text.split("\n"):
        deal = _DEAL.fullmatch(line)
        if deal and int(deal.group(1)) not in seen and deal.group(2) != "special":
            line = f"deal {deal.group(1)} ?"
        bonus = _BONUS.fullmatch(line)
        if bonus and int(bonus.group(1)) not in seen and bonus.group(2) != "super-jump":
            line = f"bonus {bonus.group(1)} ?"
        lines.append(line)
    return "\n".join(lines)
