"""Crash Course in a game record: the header fields, the action lines and what is
expected next.

``NOTATION`` is the Crash Course part of the record format
(`sonic_rules.core.notation.Notation`): `header` and `start` for the header,
`parse_action` and `action_to_str` for the action lines (`action_lines` says how they
read), `expected` for validation reports.

| action | short form |
|---|---|
| an item drawn (chance) | ``S drew spring`` |
| a track tile dealt (Beginner, chance) | ``dealt corner-hive`` |
| a face-down token turned up (Beginner, chance) | ``revealed ring`` |
| discard an item to draw, or skip the draw | ``S discard bomb``, ``S skip`` |
| keep one of the items drawn | ``S keep spring`` |
| draw (the official-draw option) | ``S draw`` |
| fix, move | ``S fix``, ``S move L`` |
| take a shortcut | ``K shortcut 3.1L`` |
| lay a shortcut tile, finish the shortcut | ``K lay-shortcut tunnel-1 left``, ``K end-shortcut`` |
| place an item | ``T place booster 0.0L`` |
| Motobug, Bomb, Bumper | ``E motobug``, ``E bomb 2``, ``S bumper T`` |
| spend the Power-Up | ``S powerup heal``, ``S powerup turn`` |
| end the turn | ``S end`` |
| lay a track tile | ``T lay corner-hive reversed``, ``T lay corner-hive printed`` |
| drop the Rings | ``T drop 1.0L`` |
| Beginner: get up, or stay down | ``K get-up``, ``K stay-down`` |
| a token drawn, or the one kept, unseen (`unknowns`) | ``T drew ?``, ``T keep ?`` |

The long form is the sentence `describe_action` gives in the state: ``Sonic draws a
Spring``, ``Tails lays tile corner-hive reversed``.

>>> from sonic_rules import crash_course as cc
>>> state = cc.new_game(2)
>>> NOTATION.action_to_str(state, cc.DrawItem(0, cc.ItemKind.SPRING))
'S drew spring'
>>> NOTATION.parse_action(state, "Sonic draws a Spring")
DrawItem(seat=0, kind=<ItemKind.SPRING: 'spring'>)
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import attrs

from sonic_rules.core.chance import CHANCE
from sonic_rules.core.errors import BoardError, InvalidStateError, RulesError
from sonic_rules.core.notation import HeaderError, Notation
from sonic_rules.core.serialization import loads_json
from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course.action_lines import action_to_str, parse_action
from sonic_rules.crash_course.describe import acting_character
from sonic_rules.crash_course.engine import legal_actions
from sonic_rules.crash_course.events import character_text, possessive
from sonic_rules.crash_course.options import Options, Variant
from sonic_rules.crash_course.phases import PHASES
from sonic_rules.crash_course.serialize import SHIPPED_CATALOGUES, converter
from sonic_rules.crash_course.setup import new_game
from sonic_rules.crash_course.state import Phase, State
from sonic_rules.crash_course.tiles import Catalogue, parse_catalogue
from sonic_rules.crash_course.unknowns import UnknownsTracker
from sonic_rules.crash_course.validate import DEFAULT_ORDER

__all__ = ["NOTATION", "action_to_str", "expected", "header", "parse_action", "start"]


# ----- what is expected next ----------------------------------------------------------------

_DOING: dict[type, str] = {
    A.DiscardToDraw: "discard an item to draw",
    A.SkipDraw: "skip the draw",
    A.KeepItem: "keep one of the items drawn",
    A.DrawItems: "draw",
    A.Fix: "fix damage",
    A.Move: "move",
    A.UseShortcut: "take a shortcut",
    A.LayShortcutTile: "lay a shortcut tile",
    A.FinishShortcut: "finish the shortcut",
    A.PlaceItem: "place an item",
    A.UseMotobug: "send a Motobug",
    A.UseBomb: "drop a Bomb",
    A.UseBumper: "use a Bumper",
    A.PowerUpHeal: "spend the Power-Up",
    A.PowerUpTurn: "spend the Power-Up",
    A.EndTurn: "end the turn",
    A.LayTile: "lay the next track tile",
    A.DropRings: "drop the Rings on the tile behind",
    A.Recover: "spend a Ring to get up or stay down",
}


def _either(phrases: list[str]) -> str:
    return phrases[0] if len(phrases) < 2 else f"{', '.join(phrases[:-1])} or {phrases[-1]}"


def expected(state: State) -> str:
    """What the rules expect next and from whom, as a sentence: ``"Tails' player (seat 1)
    must fix the damage before anything else (CC-DAMAGE-FIRST)"``, ``"chance draws the
    next item token for Sonic (seat 0)"``; read from the phase declaration."""
    spec = PHASES.specs[state.phase]
    acting = acting_character(state)
    name = character_text(acting.name)
    if state.outcome is not None:
        seats = " and ".join(f"seat {seat}" for seat in state.outcome.winners)
        won = f"{seats} won" if seats else "nobody won"
        return f"nothing: the game is over ({won}: {state.outcome.termination})"
    if spec.actor is CHANCE:
        if state.phase is Phase.DRAWING:
            more = f"{state.draws_left} to draw"
            return f"{spec.actor_text} for {name} (seat {acting.owner}, {more})"
        if state.phase is Phase.SETUP:
            return f"{spec.actor_text} ({len(state.tile_pile)} left to deal)"
        return f"{spec.actor_text} by {name}"
    who = f"{possessive(name)} player (seat {acting.owner})"
    kinds = [type(action) for action in legal_actions(state)] or list(spec.accepts)
    phrases = list(dict.fromkeys(_DOING[kind] for kind in kinds))
    if state.phase is not Phase.ACTIONS or kinds == [A.EndTurn]:
        return f"{who} must {_either(phrases)} ({state.phase.value} phase)"
    damage_first = acting.damage and not state.options.damage_bars_only_moves
    if damage_first and A.Fix in kinds and A.Move not in kinds:
        return f"{who} must fix the damage before anything else (CC-DAMAGE-FIRST)"
    left = "1 action" if state.actions_left == 1 else f"{state.actions_left} actions"
    return f"{who} is to act, {left} left: {_either(phrases)}"


# ----- the header ---------------------------------------------------------------------------

_YES = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}


def _key(field: str) -> str:
    return field.replace("_", " ")


def _option_text(field: str, value: Any) -> str:
    if field == "characters":
        return ", ".join(name.value for name in value)
    if field == "beginner_course":
        return ", ".join(f"{tile} reversed" if flip else tile for tile, flip in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return json.dumps(converter.unstructure(value))  # a number, or any other option's JSON


def header(start: State) -> list[tuple[str, str]]:
    """The header fields of a record starting at ``start`` (game, format, variant and
    players apart): every option not at its default (``open items: yes``,
    ``characters: knuckles, sonic``, ``beginner course: start-line, star-buzz reversed,
    ...``), each seat's characters (``seat 0: sonic, knuckles``: main character first),
    the tile catalogue (``tiles: default``, or a custom one inline as the JSON a saved
    state holds) and the first player (``first player: 0``, ``CC-PROJ-FIRST-PLAYER``)."""
    fields = []
    for field in attrs.fields(Options):
        value = getattr(start.options, field.name)
        if value != field.default:
            fields.append((_key(field.name), _option_text(field.name, value)))
    for seat in range(start.players):
        names = [c.name.value for c in start.characters if c.owner == seat]
        fields.append((f"seat {seat}", ", ".join(names)))
    catalogue = start.catalogue
    if catalogue.name in SHIPPED_CATALOGUES:
        fields.append(("tiles", catalogue.name))
    else:
        inline = {"name": catalogue.name, **catalogue.to_data()}
        fields.append(("tiles", json.dumps(inline, separators=(",", ":"))))
    fields.append(("first player", "0"))
    return fields


def _read_option(key: str, field: attrs.Attribute[Any], text: str) -> Any:
    value = text.strip()
    if field.name == "characters":
        return [name.strip().lower() for name in value.split(",")]
    if field.name == "beginner_course":
        course = []
        for entry in value.split(","):
            words = entry.split()
            if not words or len(words) > 2 or words[1:] not in ([], ["reversed"]):
                raise HeaderError(key, f"{entry.strip()!r} is not '<tile id> [reversed]'")
            course.append([words[0], len(words) == 2])
        return course
    if isinstance(field.default, bool):
        if value.lower() not in _YES:
            raise HeaderError(key, f"{value!r} is not yes or no")
        return _YES[value.lower()]
    try:
        return loads_json(value)
    except InvalidStateError:
        raise HeaderError(key, f"{value[:40]!r} is not a value of this option") from None


def _catalogue(text: str) -> Catalogue:
    value = text.strip()
    if not value.startswith("{"):
        loader = SHIPPED_CATALOGUES.get(value)
        if loader is None:
            known = ", ".join(SHIPPED_CATALOGUES)
            raise HeaderError("tiles", f"{value!r} is not a shipped catalogue ({known}) or JSON")
        return loader()
    try:
        data = loads_json(value)
    except InvalidStateError as error:
        raise HeaderError("tiles", error.message) from None
    name = data.pop("name", None) if isinstance(data, dict) else None
    if not isinstance(name, str):
        raise HeaderError("tiles", "an inline catalogue is an object with a name")
    try:
        catalogue = attrs.evolve(parse_catalogue(data), name=name)
    except BoardError as error:
        raise HeaderError("tiles", str(error)) from None
    loader = SHIPPED_CATALOGUES.get(name)
    if loader is not None and loader().sha256() != catalogue.sha256():
        raise HeaderError("tiles", f"these are not the shipped {name!r} tiles: rename them")
    return catalogue


def _seat_characters(players: int, variant: str, fields: Mapping[str, str]) -> list[str] | None:
    """The characters in turn order the seat fields give (``None`` without them)."""
    seats = [fields.get(f"seat {seat}") for seat in range(players)]
    if all(text is None for text in seats):
        return None
    per_seat = 2 if variant == Variant.TWO_PLAYER.value else 1
    names = []
    for seat, text in enumerate(seats):
        key = f"seat {seat}"
        if text is None:
            raise HeaderError(key, "every seat or none is given")
        listed = [name.strip().lower() for name in text.split(",")]
        if len(listed) != per_seat:
            raise HeaderError(key, f"seat {seat} plays {per_seat} character(s): {text!r}")
        names.append(listed)
    return [names[n % players][n // players] for n in range(players * per_seat)]


def _error_field(error: RulesError, players: int, from_seats: bool) -> str:
    """The header field a `new_game` error is about, from its JSON path."""
    path = getattr(error, "path", "$")
    match = re.match(r"\$\.options\.(\w+)(?:\[(\d+)\])?", path)
    if path == "$.options":  # options the variant does not take: a Beginner course
        return "beginner course"
    if match is None:
        return "players" if path == "$.players" else "variant"
    if match[1] == "characters" and from_seats:
        return f"seat {int(match[2] or 0) % players}"
    return _key(match[1])


def start(players: int, variant: str, fields: Mapping[str, str]) -> State:
    """The start state a record's header describes (see `header`), built by `new_game`;
    a `HeaderError` naming any field that is unknown, malformed or contradicts another.
    """
    options_by_key = {_key(field.name): field for field in attrs.fields(Options)}
    fixed = {"tiles", "first player", *(f"seat {seat}" for seat in range(players))}
    options: dict[str, Any] = {}
    for key, text in fields.items():
        if key in options_by_key:
            options[options_by_key[key].name] = _read_option(key, options_by_key[key], text)
        elif key not in fixed:
            known = ", ".join([*options_by_key, *sorted(fixed)])
            raise HeaderError(key, f"not a Crash Course header field ({known})")
    if fields.get("first player", "0").strip().lower() not in ("0", "seat 0"):
        raise HeaderError("first player", "seat 0 takes the first turn (CC-PROJ-FIRST-PLAYER)")
    seated = _seat_characters(players, variant, fields)
    default = [name.value for name in DEFAULT_ORDER]
    if seated is not None and "characters" not in options and seated != default[: len(seated)]:
        options["characters"] = seated
    tiles = _catalogue(fields["tiles"]) if "tiles" in fields else None
    try:
        state = new_game(players, variant=variant, tiles=tiles, options=options)
    except RulesError as error:
        where = _error_field(error, players, seated is not None and "characters" not in fields)
        raise HeaderError(where, getattr(error, "message", str(error))) from None
    order = [character.name.value for character in state.characters]
    if seated is not None and seated != order:
        seat = next(n for n, (a, b) in enumerate(zip(seated, order, strict=True)) if a != b)
        raise HeaderError(
            f"seat {seat % players}", f"the characters field gives the order {', '.join(order)}"
        )
    return state


class CrashCourseNotation:
    """The Crash Course notation as the records find it (``NOTATION``): the protocol
    `sonic_rules.core.notation.Notation`, and `sonic_rules.core.notation.PartialNotation`
    for records with unseen draws (`unknowns.UnknownsTracker`)."""

    def header(self, start: State) -> list[tuple[str, str]]:
        return header(start)

    def start(self, players: int, variant: str, fields: Mapping[str, str]) -> State:
        return start(players, variant, fields)

    def parse_action(self, state: State, text: str) -> A.Action:
        return parse_action(state, text)

    def action_to_str(self, state: State, action: A.Action, long: bool = False) -> str:
        return action_to_str(state, action, long)

    def expected(self, state: State) -> str:
        return expected(state)

    def tracker(self, start: State) -> UnknownsTracker:
        return UnknownsTracker(start)


NOTATION: Notation[State, A.Action] = CrashCourseNotation()
"""The Crash Course notation (`sonic_rules.core.notation.Notation`)."""
