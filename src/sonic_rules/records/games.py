"""Finding a game's notation, and reading any game's action lines through it."""

from __future__ import annotations

from typing import Any

import sonic_rules
from sonic_rules.core.events import Event
from sonic_rules.core.game import Game
from sonic_rules.core.notation import Notation, PartialNotation, Tracker

AnyGame = Game[Any, Any]


def notation(game: AnyGame) -> Notation[Any, Any]:
    """``game``'s notation (``Game.notation``)."""
    return game.notation


def game_of(state: object, parameter: str = "state") -> AnyGame:
    """The game whose state ``state`` is; ``TypeError`` naming ``parameter`` otherwise."""
    for game in sonic_rules.games():
        if isinstance(state, game.State):
            return game
    raise TypeError(f"{parameter} must be a game state, got {type(state).__name__}")


def as_game(game: object) -> AnyGame:
    """A `Game`, or a game's name, as a `Game` (``TypeError`` for anything else)."""
    if isinstance(game, str):
        return sonic_rules.game(game)
    if isinstance(game, Game):
        return game
    raise TypeError(f"game must be a Game or a game's name, got {type(game).__name__}")


class ExactTracker:
    """Reads action lines when every chance outcome is written: the game's notation
    parses each line, the game's ``step`` referees it."""

    def __init__(self, game: AnyGame, start: Any) -> None:
        self._game = game
        self._notation = notation(game)
        self._state = start

    @property
    def state(self) -> Any:
        return self._state

    @property
    def exact(self) -> bool:
        return True

    def advance(self, text: str) -> list[Event]:
        action = self._notation.parse_action(self._state, text)
        self._state, events = self._game.step(self._state, action)
        return events


def tracker(game: AnyGame, start: Any) -> Tracker[Any]:
    """The game's own tracker when it reads unseen outcomes, else an `ExactTracker`."""
    found = notation(game)
    if isinstance(found, PartialNotation):
        return found.tracker(start)
    return ExactTracker(game, start)


def parse_action(state: Any, text: str) -> Any:
    """The action ``text`` names in ``state``, in the notation of ``state``'s game.

    ``InvalidActionError`` when it names none; `AmbiguousActionError` listing the
    candidates when a short form fits several legal actions.

    >>> from sonic_rules import super_teams as st
    >>> parse_action(st.new_game(3), "deal 0 red5")
    Deal(seat=0, card=Card.parse('red-5'))
    """
    game = game_of(state)
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    return notation(game).parse_action(state, text)


def action_to_str(state: Any, action: Any, long: bool = False) -> str:
    """``action``, taken in ``state``, as a record line: the short form, or the sentence.

    >>> from sonic_rules import super_teams as st
    >>> action_to_str(st.new_game(3), st.Deal(0, "red-5"), long=True)
    'seat 0 is dealt red 5'
    """
    game = game_of(state)
    if not isinstance(action, game.action_types):
        raise TypeError(f"action must be a {game.title} action, got {type(action).__name__}")
    if not isinstance(long, bool):
        raise TypeError(f"long must be a bool, got {type(long).__name__}")
    return notation(game).action_to_str(state, action, long)
