"""Writing a record: the header, one line per action, the result (`write_record`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sonic_rules.core.errors import InvalidStateError
from sonic_rules.core.notation import HeaderError, Notation
from sonic_rules.records.games import AnyGame, as_game, notation
from sonic_rules.records.reader import FREE_FIELDS
from sonic_rules.records.text import FORMAT, result_text


def _variant(
    game: AnyGame, found: Notation[Any, Any], start: Any, own: list[tuple[str, str]]
) -> str | None:
    """The variant whose start, as the header describes it, is ``start``; ``None`` if none is."""
    for variant, counts in game.variants.items():
        if start.players in counts:
            try:
                if found.start(start.players, variant, dict(own)) == start:
                    return variant
            except HeaderError:
                continue
    return None


def _between(game: AnyGame, state: Any, after: Any, index: int) -> Any:
    """The legal action that takes ``state`` to ``after``."""
    for action in game.legal_actions(state):
        if game.apply(state, action) == after:
            return action
    raise InvalidStateError(
        "this state does not follow from the one before it by one legal action",
        f"states_or_actions[{index}]",
    )


def _free_fields(header: object) -> list[str]:
    if header is None:
        return []
    if not isinstance(header, Mapping):
        raise TypeError(f"header must be a mapping of field to text, got {type(header).__name__}")
    written = []
    for key, value in header.items():
        if not isinstance(key, str) or not isinstance(value, str):
            raise TypeError("header must map field names (str) to values (str)")
        if key not in FREE_FIELDS:
            raise HeaderError(key, f"a record's own header fields are: {', '.join(FREE_FIELDS)}")
        if "\n" in value or "\r" in value or "#" in value:
            raise HeaderError(key, "a header value is one line, without '#'")
        written.append(f"{key}: {value}")
    return written


def _action_lines(
    game: AnyGame,
    found: Notation[Any, Any],
    start: Any,
    items: list[Any],
    long: bool,
    lines: list[str],
) -> Any:
    """Append a line for each action or state of ``items``; the state they end in."""
    state = start
    for index, item in enumerate(items, start=1):
        if isinstance(item, game.State):
            action = _between(game, state, item, index)
        elif isinstance(item, game.action_types):
            action = item
        else:
            raise TypeError(
                f"states_or_actions[{index}] must be a {game.title} state or action, "
                f"got {type(item).__name__}"
            )
        lines.append(found.action_to_str(state, action, long))
        state = game.apply(state, action)
    return state


def write_record(
    game: AnyGame | str,
    states_or_actions: Iterable[Any],
    header: Mapping[str, str] | None = None,
    *,
    long: bool = False,
) -> str:
    """A record of a game: the header, one line per action, the result line.

    ``states_or_actions`` starts with the start state; each item after it is an action
    taken, or the state it led to (the action is then the legal one that leads there).
    ``header`` adds the fields that describe the occasion (``names``, ``event``,
    ``date``, ``place``, ``note``). A start state the header cannot describe (a
    position set up mid-game) is written as a position line. ``long`` writes each
    action as a sentence.

    >>> from sonic_rules import super_teams as st
    >>> start = st.new_game(2)
    >>> print(write_record("super-teams", [start, st.Deal(0, "blue-4")], {"names": "Ana, Ben"}))
    game: super-teams
    format: 1
    variant: standard
    players: 2
    names: Ana, Ben
    seat 0: blue black
    seat 1: red yellow
    first player: 0
    board: default
    <BLANKLINE>
    deal 0 blue4
    result: unfinished
    <BLANKLINE>
    """
    game = as_game(game)
    if not isinstance(long, bool):
        raise TypeError(f"long must be a bool, got {type(long).__name__}")
    if not isinstance(states_or_actions, Iterable):
        raise TypeError("states_or_actions must be an iterable of states and actions")
    items = list(states_or_actions)
    if not items or not isinstance(items[0], game.State):
        raise TypeError(f"states_or_actions must start with a {game.title} state")
    start = items[0]
    found = notation(game)
    free = _free_fields(header)
    own = found.header(start)
    variant = _variant(game, found, start, own)
    lines = [
        f"game: {game.name}",
        f"format: {FORMAT}",
        f"variant: {variant or game.default_variant}",
        f"players: {start.players}",
        *free,
        *(f"{key}: {value}" for key, value in own),
        "",
    ]
    if variant is None:
        lines.append(f"position: {game.to_json(start)}")
    final = _action_lines(game, found, start, items[1:], long, lines)
    lines.append(f"result: {result_text(final.is_over, tuple(final.winners))}")
    return "\n".join(lines) + "\n"
