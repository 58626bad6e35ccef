"""The game registry: every game by its name, with nothing imported until it is asked for.

>>> import sonic_rules
>>> [g.name for g in sonic_rules.games()]
['super-teams', 'crash-course']
>>> sonic_rules.game("crash-course").title
'Sonic the Hedgehog: Crash Course'
"""

from __future__ import annotations

import importlib
from typing import Any

from sonic_rules.core.game import Game

_BUILT_IN: dict[str, str] = {
    "super-teams": "sonic_rules.super_teams",
    "crash-course": "sonic_rules.crash_course",
}


def game(name: str) -> Game[Any, Any]:
    """The `Game` called ``name``.

    Raises ``TypeError`` for a name that is not a string and ``LookupError`` listing the
    known names for an unknown one.
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {type(name).__name__}")
    module = _BUILT_IN.get(name)
    if module is None:
        raise LookupError(f"no game {name!r}; the games are: {', '.join(_BUILT_IN)}")
    found: Game[Any, Any] = importlib.import_module(module).GAME
    return found


def games() -> tuple[Game[Any, Any], ...]:
    """Every game, in a fixed order."""
    return tuple(game(name) for name in _BUILT_IN)


def game_names() -> tuple[str, ...]:
    """The names `game` knows, without importing any game."""
    return tuple(_BUILT_IN)


def name_malformed(name: str, state: object) -> None:
    """Called where the rules of the game ``name`` failed from deep inside on ``state``:
    raise that game's ``validate_state`` `InvalidStateError` naming the field that is
    wrong. Returns if every field is right (the failure is then the library's own, to
    re-raise)."""
    game(name).validate_state(state)
