"""Crash Course actions as record lines: a short form written at the table and a long
form read aloud, both read back in a given state (`parse_action`, `action_to_str`).

**Short form**: the acting character's initial (``S`` Sonic, ``T`` Tails, ``K``
Knuckles, ``E`` Eggman; the full name also reads), a verb, then the verb's arguments,
separated by spaces. Chance outcomes are in the past tense (``S drew spring``,
``dealt corner-hive``, ``revealed ring``); a player's decisions are imperative
(``S move L``, ``T bumper S``, ``K lay corner-hive reversed``). Arguments are written
as:

- a lane: ``L``, ``M``, ``R``;
- an item: its name (``spring``; any unique prefix of two letters or more reads);
- a space: ``<course tile>.<row><lane>``, the course tile by its index (0 the rearmost)
  or its tile id: ``3.1L``, ``corner-hive.1L``;
- a track tile or shortcut tile: its catalogue id; a course tile: its index or id;
- a character: its initial.

A reader may leave out trailing arguments: the line then means the one legal action that
fits (``S powerup`` when only one Power-Up use is legal), and names every candidate
in an `AmbiguousActionError` when several fit. The shortcut tile being laid names only
the tile and where its path goes (``straight``, ``left``, ``right``): the cell and the
edge it enters by are always those the open end of the path points into.

**Long form**: the sentence `describe_action` gives in the state (``Sonic moves into the
left lane``, ``the face-down token is a Ring``); a reader accepts either form, in any
case, with any spacing. A line that names a well-formed action that is not legal here
is returned all the same, so that applying it raises the `IllegalActionError` naming the
rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from sonic_rules.core.errors import IllegalActionError, InvalidActionError
from sonic_rules.core.notation import AmbiguousActionError, Token, fault, tokenize
from sonic_rules.crash_course import actions as A
from sonic_rules.crash_course.describe import acting_character, describe_action
from sonic_rules.crash_course.engine import legal_actions
from sonic_rules.crash_course.events import character_text, possessive
from sonic_rules.crash_course.legality import check
from sonic_rules.crash_course.shortcuts import open_end
from sonic_rules.crash_course.state import KINDS, ItemKind, Space, State
from sonic_rules.crash_course.tiles import LANE_NAMES

# ----- the forms --------------------------------------------------------------------------


@attrs.frozen
class _Form:
    """One action type's (or, with ``fixed``, one reading's) short and long forms.

    ``args`` are the short form's arguments, in order, as ``(field, kind)``: ``kind``
    names its reader (`_SHORT_READERS`) and writer (`_SHORT_WRITERS`); a field of ``""``
    is a fixed word. ``long`` is the `describe_action` sentence as a pattern
    (``{field:kind}`` placeholders, lower case).
    """

    action: type
    verb: str
    args: tuple[tuple[str, str], ...]
    long: str
    fixed: tuple[tuple[str, Any], ...] = ()

    @property
    def seated(self) -> bool:
        return "seat" in attrs.fields_dict(self.action)


_FORMS: tuple[_Form, ...] = (
    _Form(A.DrawItem, "drew", (("kind", "item"),), "{who} draws a {kind:item}"),
    _Form(A.DealTile, "dealt", (("tile", "track"),), "{tile:track} is laid next"),
    _Form(A.RevealItem, "revealed", (("kind", "item"),), "the face-down token is a {kind:item}"),
    _Form(A.DiscardToDraw, "discard", (("kind", "item"),), "{who} discards a {kind:item} to draw"),
    _Form(A.SkipDraw, "skip", (), "{who} keeps both items and skips the draw"),
    _Form(A.KeepItem, "keep", (("kind", "item"),), "{who} keeps the {kind:item}"),
    _Form(A.DrawItems, "draw", (), "{who} spends an action to draw"),
    _Form(A.Fix, "fix", (), "{who} fixes 1 damage"),
    _Form(A.Move, "move", (("lane", "lane"),), "{who} moves into the {lane:lane} lane"),
    _Form(A.UseShortcut, "shortcut", (("to", "space"),), "{who} takes the shortcut to {to:space}"),
    _Form(
        A.LayShortcutTile,
        "lay-shortcut",
        (("tile", "shortcut"), ("exit", "bend")),
        "{who} lays {tile:shortcut} at ({x:int}, {y:int}), {entry:edge} to {exit:edge}",
    ),
    _Form(A.FinishShortcut, "end-shortcut", (), "{who} finishes laying the shortcut"),
    _Form(
        A.PlaceItem,
        "place",
        (("kind", "item"), ("space", "space")),
        "{who} places a {kind:item} on {space:space}",
    ),
    _Form(A.UseMotobug, "motobug", (), "{who} sends a motobug down its lane"),
    _Form(A.UseBomb, "bomb", (("tile", "course"),), "{who} drops a bomb on course tile {tile:int}"),
    _Form(A.UseBumper, "bumper", (("target", "character"),), "{who} bumps {target:character}"),
    _Form(A.PowerUpHeal, "powerup", (("", "heal"),), "{who} spends the power-up to fix 1 damage"),
    _Form(
        A.PowerUpTurn,
        "powerup",
        (("", "turn"),),
        "{who} spends the power-up to turn the newest tile",
    ),
    _Form(A.EndTurn, "end", (), "{who} ends the turn"),
    _Form(
        A.LayTile,
        "lay",
        (("tile", "track"), ("reversed", "facing")),
        "{who} lays {tile:track} {reversed:facing}",
    ),
    _Form(A.DropRings, "drop", (("space", "space"),), "{who} drops the rings on {space:space}"),
    _Form(A.Recover, "get-up", (), "{who} discards a ring to get up", fixed=(("use_ring", True),)),
    _Form(A.Recover, "stay-down", (), "{who} stays down", fixed=(("use_ring", False),)),
)

_EDGES = ("north", "east", "south", "west")
_BENDS = {0: "straight", 1: "right", 3: "left"}
"""A shortcut tile's path by the turn from its entry edge to its exit edge."""


_NOWHERE = (10**9, 10**9, 0)
"""A cell and edge no tile is in: a shortcut tile written while the path has no open end
goes there, for the rules to refuse."""

_UNSAID = "_unsaid"
"""Marks short-form fields whose form's distinguishing word was left out."""


class _NoFit(Exception):
    """A token or group that does not read as the argument it stands for; ``word`` is
    the short form's argument at fault (its index), or ``None`` when not known."""

    def __init__(self, message: str, word: int | None = None) -> None:
        super().__init__(message)
        self.word = word


# ----- arguments: read and written ---------------------------------------------------------


def _item(state: State, text: str) -> ItemKind:
    if len(text) >= 2:
        found = [kind for kind in KINDS if kind.value.startswith(text)]
        if len(found) == 1:
            return found[0]
    raise _NoFit(f"{text!r} is not an item ({', '.join(kind.value for kind in KINDS)})")


def _lane(state: State, text: str) -> int:
    for lane, name in enumerate(LANE_NAMES):
        if text in (name, name[0]):
            return lane
    raise _NoFit(f"{text!r} is not a lane (L, M, R)")


def _number(text: str) -> int:
    """A whole number as a record writes it: at most 6 ASCII digits after an optional
    minus sign (no course, cell, row or seat needs more), so no text reaches ``int()``
    that it cannot read."""
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 6):
        raise _NoFit(f"{text[:20]!r} is not a small whole number")
    return int(text)


def _course_tile(state: State, text: str) -> int:
    if text.isdecimal():
        return _number(text)
    ids = [state.catalogue.tiles[placed.tile].id.lower() for placed in state.course]
    if text in ids:
        return ids.index(text)
    raise _NoFit(f"{text!r} is not a course tile (its index, 0 the rearmost, or its id)")


def _space(state: State, text: str) -> Space:
    match = re.fullmatch(r"(.+)\.(\d+)([lmr])", text)
    if match is None:
        raise _NoFit(f"{text!r} is not a space (<course tile>.<row><lane>, as 3.1L)")
    return Space(_course_tile(state, match[1]), _number(match[2]), _lane(state, match[3]))


def _long_space(state: State, text: str) -> Space:
    match = re.fullmatch(r"tile (\d+) row (\d+) (left|middle|right)", text)
    if match is None:
        raise _NoFit(f"{text!r} is not a space (tile 3 row 1 left)")
    return Space(_number(match[1]), _number(match[2]), LANE_NAMES.index(match[3]))


def _by_id(specs: Sequence[Any], text: str, what: str) -> int:
    ids = [spec.id.lower() for spec in specs]
    if ids.count(text) == 1:
        return ids.index(text)
    raise _NoFit(f"{text!r} is not a {what} id ({', '.join(spec.id for spec in specs)})")


def _track(state: State, text: str) -> int:
    return _by_id(state.catalogue.tiles, text.removeprefix("tile "), "track tile")


def _shortcut(state: State, text: str) -> int:
    return _by_id(state.catalogue.shortcuts, text.removeprefix("shortcut tile "), "shortcut tile")


def _character(state: State, text: str) -> int:
    for number, character in enumerate(state.characters):
        if text in (character.name.value, character.name.value[0]):
            return number
    names = ", ".join(character_text(c.name) for c in state.characters)
    raise _NoFit(f"{text!r} is not a character of this game ({names})")


def _word(word: str) -> Callable[[State, str], Any]:
    def read(state: State, text: str) -> Any:
        if text != word:
            raise _NoFit(f"{text!r} is not {word!r}")
        return None

    return read


def _choice(names: Mapping[str, Any]) -> Callable[[State, str], Any]:
    def read(state: State, text: str) -> Any:
        if text not in names:
            raise _NoFit(f"{text!r} is not one of {', '.join(names)}")
        return names[text]

    return read


def _int(state: State, text: str) -> int:
    return _number(text)


_SHORT_READERS: dict[str, Callable[[State, str], Any]] = {
    "item": _item,
    "lane": _lane,
    "space": _space,
    "track": _track,
    "shortcut": _shortcut,
    "course": _course_tile,
    "character": _character,
    "bend": _choice({name: turn for turn, name in _BENDS.items()}),
    "facing": _choice({"printed": False, "reversed": True}),
    "heal": _word("heal"),
    "turn": _word("turn"),
}
_LONG_PATTERNS: dict[str, tuple[str, Callable[[State, str], Any]]] = {
    "item": (r"[a-z]+", _item),
    "lane": (r"left|middle|right", _lane),
    "space": (r"tile \d+ row \d+ (?:left|middle|right)", _long_space),
    "track": (r"tile .+?", _track),
    "shortcut": (r"shortcut tile .+?", _shortcut),
    "character": (r"[a-z]+", _character),
    "int": (r"-?\d+", _int),
    "edge": ("|".join(_EDGES), lambda state, text: _EDGES.index(text)),
    "facing": (r"reversed|as printed", lambda state, text: text == "reversed"),
}


def _initial(state: State, seat: int) -> str:
    """The acting character's initial for its own seat, else that seat's first character's."""
    acting = acting_character(state)
    if acting.owner == seat:
        return acting.name.value[0].upper()
    for character in state.characters:
        if character.owner == seat:
            return character.name.value[0].upper()
    raise InvalidActionError(f"seat {seat} has no character in this game")


def _bend(state: State, action: Any) -> str | None:
    """A shortcut tile's path as ``straight``, ``left`` or ``right``, if it is laid where
    the open end points (else the short form cannot say where)."""
    if open_end(state) != (action.x, action.y, action.entry):
        return None
    return _BENDS.get((action.exit - action.entry - 2) % 4)


def _letter(lane: int) -> str:
    return LANE_NAMES[lane][0].upper()


_SHORT_WRITERS: dict[str, Callable[[State, Any, Any], str | None]] = {
    "item": lambda state, value, action: str(value.value),
    "lane": lambda state, value, action: _letter(value),
    "space": lambda state, value, action: f"{value.tile}.{value.row}{_letter(value.lane)}",
    "track": lambda state, value, action: state.catalogue.tiles[value].id,
    "shortcut": lambda state, value, action: state.catalogue.shortcuts[value].id,
    "course": lambda state, value, action: str(value),
    "character": lambda state, value, action: state.characters[value].name.value[0].upper(),
    "bend": lambda state, value, action: _bend(state, action),
    "facing": lambda state, value, action: "reversed" if value else "printed",
}


def _written(state: State, form: _Form, action: Any) -> str | None:
    """The short form's arguments as written, or ``None`` if they cannot say it all."""
    words = []
    for field, kind in form.args:
        writer = _SHORT_WRITERS.get(kind)
        word = kind if writer is None else writer(state, getattr(action, field), action)
        if word is None or len(word.split()) != 1:  # a tile id with a space: the long form
            return None
        words.append(word)
    return " ".join(words)


def action_to_str(state: State, action: A.Action, long: bool = False) -> str:
    """``action`` as a record line in ``state``: the short form (``S move L``), or with
    ``long`` the sentence `describe_action` gives (``Sonic moves into the left lane``).

    An action whose short form cannot say it all (a shortcut tile laid anywhere but
    where the path's open end points, a value out of range) is written in the long form.
    """
    text = describe_action(action, state)
    if long:
        return text
    form = _form_of(action)
    try:
        words = _written(state, form, action)
        seat = getattr(action, "seat", None)
        who = "" if seat is None else _initial(state, seat)
    except (IndexError, KeyError, AttributeError, InvalidActionError):
        return text
    if words is None:
        return text
    return " ".join(part for part in (who, form.verb, words) if part)


def _form_of(action: Any) -> _Form:
    for form in _FORMS:
        if type(action) is form.action and all(getattr(action, f) == v for f, v in form.fixed):
            return form
    raise InvalidActionError(f"not a Crash Course action: {action!r}")


# ----- reading a line ---------------------------------------------------------------------


def _normal(text: str) -> str:
    """Lower case, single spaces, none around brackets and commas, no final full stop."""
    text = " ".join(text.lower().split()).removesuffix(".")
    return re.sub(r" ?([(),]) ?", r"\1", text)


def _pattern(form: _Form) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)(?::(\w+))?\}", _normal(form.long))
    regex = ""
    for index in range(0, len(parts), 3):
        regex += re.escape(parts[index])
        if index + 1 < len(parts):
            field, kind = parts[index + 1], parts[index + 2] or parts[index + 1]
            body = r"seat \d+|[a-z]+" if kind == "who" else _LONG_PATTERNS[kind][0]
            regex += f"(?P<{field}>{body})"
    return re.compile(regex)


_PATTERNS = [(form, _pattern(form)) for form in _FORMS]


def _long_kinds(form: _Form) -> dict[str, str]:
    return {field: kind or field for field, kind in re.findall(r"\{(\w+)(?::(\w+))?\}", form.long)}


def _seat_of(state: State, who: str) -> int:
    """The seat a line's actor names: ``seat 2``, or a character (initial or name).

    In the 2-player variant a seat's other character cannot act for the one whose turn
    it is (``CC-TWO-PLAYER-ORDER``).
    """
    if who.startswith("seat "):
        return _number(who[5:])
    try:
        character = state.characters[_character(state, who)]
    except _NoFit as error:
        raise InvalidActionError(str(error)) from None
    acting = acting_character(state)
    if character.owner == acting.owner and character.name is not acting.name:
        raise IllegalActionError(
            "CC-TWO-PLAYER-ORDER",
            f"it is {possessive(character_text(acting.name))} turn, "
            f"not {possessive(character_text(character.name))}",
        )
    return character.owner


def _read_long(state: State, line: str) -> A.Action | None:
    for form, pattern in _PATTERNS:
        match = pattern.fullmatch(line)
        if match is None:
            continue
        fields: dict[str, Any] = dict(form.fixed)
        for field, kind in _long_kinds(form).items():
            if kind == "who":
                fields["seat"] = _seat_of(state, match[field])
                continue
            try:
                fields[field] = _LONG_PATTERNS[kind][1](state, match[field])
            except _NoFit as error:
                raise InvalidActionError(str(error)) from None
        action: A.Action = form.action(**fields)
        return action
    return None


def _read_args(state: State, form: _Form, words: list[str]) -> dict[str, Any]:
    """The fields the short form's words give (leading arguments; the rest left out);
    `_NoFit` naming the word that does not fit."""
    if len(words) > len(form.args):
        raise _NoFit(f"{form.verb!r} takes {len(form.args)} word(s) after it", len(form.args))
    fields: dict[str, Any] = dict(form.fixed)
    for index, (word, (field, kind)) in enumerate(zip(words, form.args, strict=False)):
        try:
            value = _SHORT_READERS[kind](state, word)
        except _NoFit as error:
            raise _NoFit(str(error), index) from None
        if field:
            fields[field] = value
    if any(not field for field, _ in form.args[len(words) :]):
        fields[_UNSAID] = True  # a word left out that tells forms apart
    return fields


def _complete(state: State, form: _Form, fields: dict[str, Any]) -> A.Action | None:
    """The action the fields name, if they name every field (a shortcut tile's cell and
    entry edge are those the path's open end points into)."""
    if form.action is A.LayShortcutTile and "exit" in fields:
        end = open_end(state)
        x, y, entry = end or _NOWHERE
        bend = fields["exit"]
        fields = {**fields, "x": x, "y": y, "entry": entry, "exit": (entry + 2 + bend) % 4}
        if end is None:
            # The rules say why there is none: the phase, the seat, no arrow, a path met.
            check(state, form.action(**fields))
            raise InvalidActionError("the shortcut path has no open end to lay a tile into")
    names = attrs.fields_dict(form.action)
    if _UNSAID not in fields and set(names) <= set(fields):
        action: A.Action = form.action(**fields)
        return action
    return None


_WORD = re.compile(r"\S+")


def _tokens(text: str, line: str) -> list[Token]:
    """The words of ``line`` (``text`` made `_normal`), each at its column in ``text``
    when the two have as many words (else at the line's start)."""
    words = line.split()
    written = tokenize(_WORD, text)
    if len(written) != len(words):
        return [Token("word", word, 0) for word in words]
    return [Token("word", word, piece.column) for word, piece in zip(words, written, strict=True)]


def _actor(state: State, words: list[Token]) -> int | None:
    """The seat of the character the short form starts with, or ``None`` when it starts
    with its verb (a chance outcome, or the one word of a line)."""
    first = words[0]
    if len(words) < 2 or any(form.verb == first.text for form in _FORMS):
        return None
    try:
        _character(state, first.text)
    except _NoFit as error:
        raise fault(str(error), first) from None
    return _seat_of(state, first.text)


def _read_short(state: State, text: str, words: list[Token]) -> A.Action:
    seat = _actor(state, words)
    verb = 0 if seat is None else 1
    said = words[verb]
    forms = [f for f in _FORMS if f.verb == said.text and f.seated == (seat is not None)]
    if not forms:
        raise fault(f"{said.text!r} is not a Crash Course verb here", said)
    args = [word.text for word in words[verb + 1 :]]
    problems, partial = [], []
    for form in forms:
        try:
            fields = _read_args(state, form, args)
        except _NoFit as error:
            problems.append(error)
            continue
        if seat is not None:
            fields["seat"] = seat
        action = _complete(state, form, fields)
        if action is not None:
            return action
        partial.append((form, fields))
    if not partial:
        at = verb + 1 + (problems[0].word or 0)
        raise fault("; ".join(map(str, problems)), words[at] if at < len(words) else None)
    return _one_fitting(state, text, partial)


def _one_fitting(state: State, text: str, partial: list[tuple[_Form, dict[str, Any]]]) -> A.Action:
    """The one legal action that fits a short form with arguments left out."""
    fitting = [
        action
        for action in legal_actions(state)
        for form, fields in partial
        if _form_of(action) is form
        and all(getattr(action, f) == v for f, v in fields.items() if f != _UNSAID)
    ]
    if len(fitting) == 1:
        return fitting[0]
    if fitting:
        raise AmbiguousActionError(text, tuple(describe_action(a, state) for a in fitting))
    raise InvalidActionError("it leaves out words, and no legal action fits what it says")


@attrs.frozen
class Unseen:
    """A line recording an outcome the recorder did not see: ``what`` is ``"draw"`` (seat
    ``seat`` drew a token, not a Ring: a Ring drawn is kept face up, so it is seen) or
    ``"keep"`` (it kept one of the tokens drawn). Only a record's tracker reads it
    (`sonic_rules.crash_course.unknowns`)."""

    what: str
    seat: int


_UNSEEN = {"drew": "draw", "draws": "draw", "keep": "keep", "keeps": "keep"}


def read_unseen(state: State, text: str) -> Unseen | None:
    """The unseen outcome ``text`` records (``S drew ?``, ``Sonic draws ?``, ``S keep ?``,
    ``Sonic keeps ?``), or ``None`` for any other line."""
    match = re.fullmatch(r"(seat \d+|\S+) (drew|draws|keep|keeps) (?:an? |the )?\?", _normal(text))
    if match is None:
        return None
    return Unseen(_UNSEEN[match[2]], _seat_of(state, match[1]))


def unseen_to_str(state: State, unseen: Unseen, long: bool = False) -> str:
    """An unseen outcome as a line: ``S drew ?`` / ``Sonic draws ?`` (``S keep ?`` /
    ``Sonic keeps ?``)."""
    if long:
        who = describe_action(A.EndTurn(unseen.seat), state).removesuffix(" ends the turn")
        return f"{who} {'draws' if unseen.what == 'draw' else 'keeps'} ?"
    verb = "drew" if unseen.what == "draw" else "keep"
    return f"{_initial(state, unseen.seat)} {verb} ?"


def parse_action(state: State, text: str) -> A.Action:
    """The action ``text`` names in ``state``, in the short or the long form.

    `InvalidActionError` when it names none, `AmbiguousActionError` (listing the
    candidates' long forms) when a short form that leaves arguments out fits several
    legal actions. A well-formed action that is not legal here is returned: applying it
    raises the `IllegalActionError` naming the rule. Naming the 2-player seat's other
    character raises that error at once (``CC-TWO-PLAYER-ORDER``).
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"an action line is text, not {type(text).__name__}")
    line = _normal(text)
    if not line:
        raise InvalidActionError("an empty line names no action")
    if read_unseen(state, text) is not None:
        raise InvalidActionError(
            "an unseen outcome ('?'), not an action: only a record's tracker reads it"
        )
    action = _read_long(state, line)
    if action is not None:
        return action
    return _read_short(state, text, _tokens(text, line))
