"""JSON at the boundary: untrusted text parsed (`loads_json`), states (`StateJSON`),
and actions, events, views and options through cattrs, with errors that name the JSON
path.

A game's states go through `StateJSON`: the envelope ``{"game", "format"}`` and its
checks, the game's one writer, the one reader (`reading`) and the game's validator.
cattrs' default hooks are lenient (``int("12")``, ``int(3.7)``); for untrusted input
that is wrong, so `make_converter` registers strict hooks, worded as the state reader
words the same faults: an ``int`` field takes only a JSON integer, a ``str`` only a
string, a list only a list. Unknown keys are refused, missing keys are refused, and
every failure becomes an `InvalidStateError` with the path of the bad value.
"""

from __future__ import annotations

import enum
import functools
import itertools
import json
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory
from cattrs.strategies import configure_tagged_union
from cattrs.v import format_exception

from sonic_rules.core.errors import InvalidActionError, InvalidStateError, RulesError
from sonic_rules.core.interning import Made
from sonic_rules.core.reading import Kind, Wrong, flag, member, record_kind, text, whole

T = TypeVar("T")


def _strict_int(value: object, _: type) -> int:
    return whole(value)


def _strict_float(value: object, _: type) -> float:
    if type(value) not in (int, float):
        raise TypeError(f"expected a number, got {value!r}")
    return float(typing.cast(float, value))


def _strict_str(value: object, type_: type) -> str:
    # The ``str`` class hook also receives ``StrEnum`` types (subclasses of str).
    if _is_enum(type_):
        return typing.cast(str, member(typing.cast(type[enum.Enum], type_), value))
    return text(value)


def _strict_bool(value: object, _: type) -> bool:
    return flag(value)


def _is_enum(type_: Any) -> bool:
    return isinstance(type_, type) and issubclass(type_, enum.Enum)


def _enum_structure(value: object, type_: type[enum.Enum]) -> enum.Enum:
    return member(type_, value)


def _is_homogenous_tuple(type_: Any) -> bool:
    args = typing.get_args(type_)
    return typing.get_origin(type_) is tuple and len(args) == 2 and args[1] is Ellipsis


def _strict_sequence_factory(type_: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    inner = homogenous_tuple_structure_factory(type_, converter)

    def structure(value: Any, target: Any) -> Any:
        if not isinstance(value, list | tuple):
            raise TypeError(f"expected a list, got {value!r}")
        return inner(value, target)

    return structure


def make_converter() -> cattrs.Converter:
    """A converter with strict scalar hooks; register game hooks on it after this."""
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    converter.register_structure_hook(int, _strict_int)
    converter.register_structure_hook(float, _strict_float)
    converter.register_structure_hook(str, _strict_str)
    converter.register_structure_hook(bool, _strict_bool)
    converter.register_structure_hook_func(_is_enum, _enum_structure)
    converter.register_unstructure_hook_func(_is_enum, lambda member: member.value)
    converter.register_structure_hook_factory(_is_homogenous_tuple, _strict_sequence_factory)
    return converter


def _format_exception(exc: BaseException, type_: Any) -> str:
    # Our own hooks raise ValueError/TypeError with a sentence meant for a person;
    # keep it rather than cattrs' generic "invalid value for type".
    if (
        isinstance(exc, ValueError | TypeError)
        and not isinstance(exc, cattrs.BaseValidationError)
        and exc.args
        and isinstance(exc.args[0], str)
    ):
        return exc.args[0]
    return format_exception(exc, type_)


def _first_path(messages: list[str]) -> tuple[str, str]:
    first = messages[0] if messages else "invalid value @ $"
    if " @ " in first:
        message, _, path = first.rpartition(" @ ")
        return message, path
    return first, "$"


def structure_or_raise(
    converter: cattrs.Converter, data: Any, type_: type[T], path: str = "$"
) -> T:
    """Structure ``data`` as ``type_``; any failure is an ``InvalidStateError`` with a path."""
    try:
        return converter.structure(data, type_)
    except InvalidStateError as error:
        raise error from None
    except cattrs.BaseValidationError as error:
        messages = cattrs.transform_error(error, path=path, format_exception=_format_exception)
        message, where = _first_path(messages)
        raise InvalidStateError(message, where) from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise InvalidStateError(f"{type(error).__name__}: {error}", path) from None


MAX_JSON_CHARS = 1_000_000
"""The longest JSON text any loader reads (states, actions, events, views), in characters."""
MAX_JSON_BYTES = 4 * MAX_JSON_CHARS
"""The longest JSON given as bytes (or read from a file): `MAX_JSON_CHARS` characters of
up to 4 bytes each."""
MAX_JSON_DEPTH = 32
"""The deepest nesting of arrays and objects any loader reads (a saved state needs 4)."""
MAX_NUMBER_DIGITS = 40
"""The most digits a number in JSON text may have (no field needs more than a few)."""

# A string runs to its closing quote or, unterminated, to the end of the text (the
# parser refuses it then). Matching always succeeds where a string opens, so no scan
# restarts inside one: every pattern here reads each character a bounded number of
# times, and the whole check is linear in the text's length.
_STRING_PATTERN = r'"[^"\\]*+(?:\\.[^"\\]*+)*+(?:"|\\?\Z)'
_STRING = re.compile(_STRING_PATTERN, re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_NUMBER_PATTERN = rf"(?<![0-9])[0-9]{{{MAX_NUMBER_DIGITS + 1}}}"
_LONG_NUMBER = re.compile(_NUMBER_PATTERN)
_TOKEN = re.compile(
    rf"{_STRING_PATTERN}|(?P<bracket>[\[\]{{}}])|(?P<number>{_NUMBER_PATTERN})",
    re.DOTALL,
)


def _decode(data: bytes | bytearray) -> str:
    """Bytes as text in the encoding JSON allows (UTF-8, or UTF-16/32 with their marks)."""
    encoding = json.detect_encoding(data)
    try:
        return bytes(data).decode(encoding)
    except UnicodeDecodeError as error:
        raise InvalidStateError(
            f"not valid {encoding.upper()} JSON: byte {error.start} ({error.reason})"
        ) from None


def _where(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    return f"line {line}, column {offset - text.rfind(chr(10), 0, offset)}"


_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _deepest(brackets: list[str]) -> int:
    return max(itertools.accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _check_shape(text: str) -> None:
    """Refuse text nested deeper than ``MAX_JSON_DEPTH`` or with a number longer than
    ``MAX_NUMBER_DIGITS``, in linear time before the parser sees it.

    Strings are skipped whole, so brackets and digits inside them do not count.
    Python's parser would otherwise raise ``RecursionError`` on deep nesting and
    ``ValueError`` on a number of more than 4,300 digits.
    """
    outside_strings = _STRING.sub('""', text)
    if (
        _LONG_NUMBER.search(outside_strings) is None
        and _deepest(_BRACKETS.findall(outside_strings)) <= MAX_JSON_DEPTH
    ):
        return
    depth = 0
    for token in _TOKEN.finditer(text):
        bracket = token.group("bracket")
        if token.group("number") is not None:
            raise InvalidStateError(
                f"a number of more than {MAX_NUMBER_DIGITS} digits ({_where(text, token.start())})"
            )
        if bracket is not None:
            depth += 1 if bracket in "[{" else -1
            if depth > MAX_JSON_DEPTH:
                raise InvalidStateError(
                    f"nested deeper than {MAX_JSON_DEPTH} arrays or objects "
                    f"({_where(text, token.start())})"
                )
    raise InvalidStateError("nested too deeply or with too long a number")


def _no_constant(name: str) -> Any:
    raise InvalidStateError(f"{name} is not a JSON number")


def loads_json(text: str | bytes) -> Any:
    """Parse untrusted JSON text; whatever it holds, only an ``InvalidStateError`` comes out.

    Bytes are decoded first (UTF-8, or UTF-16/32 with their marks). Text longer than
    ``MAX_JSON_CHARS``, nested deeper than ``MAX_JSON_DEPTH`` or with a number of more
    than ``MAX_NUMBER_DIGITS`` digits is refused before it is parsed; ``NaN`` and
    ``Infinity`` are refused; a syntax error names the line and column.
    """
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_JSON_BYTES:
            raise InvalidStateError(f"longer than {MAX_JSON_CHARS:,} characters")
        text = _decode(text)
    if not isinstance(text, str):
        raise InvalidStateError(f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_JSON_CHARS:
        raise InvalidStateError(f"longer than {MAX_JSON_CHARS:,} characters")
    _check_shape(text)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise InvalidStateError(
            f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except (RecursionError, ValueError) as error:
        # A backstop: `_check_shape` refuses what Python's parser cannot read.
        if isinstance(error, InvalidStateError):
            raise
        raise InvalidStateError(f"not readable JSON: {type(error).__name__}") from None


def kebab_case(name: str) -> str:
    """``"DrawBonus"`` -> ``"draw-bonus"``: the ``"type"`` tag of an action or event."""
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


def configure_actions(converter: cattrs.Converter, union: Any) -> None:
    """Tag every member of ``union`` as ``{"type": "<kebab-case name>", ...}``."""
    configure_tagged_union(
        union, converter, tag_generator=lambda cls: kebab_case(cls.__name__), tag_name="type"
    )


def dump_action(
    converter: cattrs.Converter, union: Any, types: tuple[type, ...], action: Any
) -> str:
    """An action as JSON, tagged by its type; anything else (another type, or an action
    with a field forged past its constructor) is an ``InvalidActionError``."""
    if type(action) not in types:
        raise InvalidActionError(f"not an action of this game: {action!r}")
    where = forged_field(action)
    if where is not None:
        raise InvalidActionError(f"${where}: {_FORGED.format(type(action).__name__)}")
    return json.dumps(converter.unstructure(action, union))


_FORGED = "{} holds a value of another type than its field takes here"


def load_action(
    converter: cattrs.Converter, union: Any, types: tuple[type, ...], text: str | bytes
) -> Any:
    """Read an action written by `dump_action`.

    An unknown or misspelt ``"type"`` is refused listing the known ones; any other
    malformed input raises an ``InvalidActionError`` naming the JSON path.
    """
    try:
        data = loads_json(text)
    except InvalidStateError as error:
        raise InvalidActionError(f"bad action: {error}") from None
    if not isinstance(data, dict):
        raise InvalidActionError(f"an action is a JSON object, not {type(data).__name__}")
    known = [kebab_case(kind.__name__) for kind in types]
    tag = data.get("type")
    if tag not in known:
        raise InvalidActionError(
            f"$.type: unknown action type {tag!r}; the known types are: {', '.join(known)}"
        )
    try:
        return structure_or_raise(converter, data, union)
    except InvalidStateError as error:
        raise InvalidActionError(f"bad action: {error}") from None


def dump_event(converter: cattrs.Converter, union: Any, types: tuple[type, ...], event: Any) -> str:
    """An event as compact JSON, tagged ``{"type": "<kebab-case name>", ...}``.

    Anything not of ``types`` raises ``TypeError``; an event with a field forged past its
    constructor, ``InvalidStateError`` naming the field.
    """
    if type(event) not in types:
        raise TypeError(f"event must be an event of this game, got {event!r}")
    where = forged_field(event)
    if where is not None:
        raise InvalidStateError(_FORGED.format(type(event).__name__), f"${where}")
    return json.dumps(converter.unstructure(event, union), separators=(",", ":"))


def load_event(
    converter: cattrs.Converter, union: Any, types: tuple[type, ...], text: str | bytes
) -> Any:
    """Read an event written by `dump_event`.

    An unknown ``"type"`` is refused listing the known ones; a missing, extra or
    wrongly typed field raises an ``InvalidStateError`` naming the JSON path.
    """
    data: Any = loads_json(text)
    if not isinstance(data, dict):
        raise InvalidStateError(f"an event is a JSON object, not {type(data).__name__}")
    known = [kebab_case(kind.__name__) for kind in types]
    tag = data.get("type")
    if tag not in known:
        raise InvalidStateError(
            f"unknown event type {tag!r}; the known types are: {', '.join(known)}", "$.type"
        )
    return structure_or_raise(converter, data, union)


VIEW_KIND = "view"


def dump_view(
    converter: cattrs.Converter, game: str, format_: int, view: Any, indent: int | None = None
) -> str:
    """A seat's view as JSON: ``{"game", "format", "kind": "view", ...its fields}``.

    Canonical when ``indent`` is ``None``: equal views give equal text, byte for byte.
    """
    data = {"game": game, "format": format_, "kind": VIEW_KIND, **converter.unstructure(view)}
    return json.dumps(data, indent=indent, separators=None if indent else (",", ":"))


def load_view_fields(text: str | bytes, game: str, format_: int, view_type: type) -> dict[str, Any]:
    """The fields of a view saved by `dump_view`, its envelope and its fields checked.

    Another game, format or kind, or a missing field of ``view_type``, is an
    ``InvalidStateError`` naming the JSON path.
    """
    loaded = loads_json(text)
    if not isinstance(loaded, dict):
        raise InvalidStateError(f"a view is a JSON object, not {type(loaded).__name__}")
    data: dict[str, Any] = dict(loaded)
    for key, want in (("game", game), ("format", format_), ("kind", VIEW_KIND)):
        found = data.pop(key, None)
        if found != want or type(found) is not type(want):
            raise InvalidStateError(f"expected {want!r}, found {found!r}", f"$.{key}")
    for field in attrs.fields(view_type):
        if field.name not in data:
            raise InvalidStateError("required field missing", f"$.{field.name}")
    return data


Upgrades = Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]


class StateJSON:
    """A game's states as JSON: the envelope ``{"game": ..., "format": ..., ...fields}``
    and its checks, the one reader of the fields (`reading.record_kind` of the state
    class) and their one writer, and the game's validator, run on every state read and
    on every state that cannot be written.

    ``upgrades`` maps an older format to the function that lifts its fields to the next
    format (filling in what that format added with the value that changes nothing), so
    older saved states still load.
    """

    def __init__(
        self,
        game: str,
        format_: int,
        state: type,
        hooks: Mapping[Any, Kind],
        write: Callable[[Any], str],
        validate: Callable[[Any], None],
        upgrades: Upgrades | None = None,
    ) -> None:
        self.game = game
        self.format = format_
        self._state = state
        self._kind = record_kind(state, hooks)
        self._validate = validate
        self._upgrades = upgrades or {}
        self._readable = sorted((*self._upgrades, format_))
        self._write = write
        self._head = f'{{"game":{COMPACT(game)},"format":{format_},'

    def dump(self, state: Any, indent: int | None = None) -> str:
        """``state`` as JSON text; compact (and canonical) when ``indent`` is ``None``.

        ``write`` gives the compact JSON object of a state's fields; a state it cannot
        write is malformed: the validator's `InvalidStateError` names where (should it find
        nothing, the writer's `Wrong` does)."""
        try:
            text = self._head + self._write(state)[1:]
        except RulesError:
            raise
        except (AttributeError, TypeError, KeyError, IndexError, ValueError) as error:
            failure = error
        else:
            if indent is None:
                return text
            data = json.loads(text)
            return json.dumps(data, indent=indent, separators=None if indent else (",", ":"))
        self._validate(state)
        if isinstance(failure, Wrong):
            raise InvalidStateError(failure.message, failure.path()) from None
        raise InvalidStateError(f"cannot be written: {type(failure).__name__}: {failure}")

    def fields(self, text: str | bytes) -> dict[str, Any]:
        """The fields of a saved state, its envelope checked and lifted to the current
        format: another game, a format neither current nor upgradable, or anything but a
        JSON object is an ``InvalidStateError`` naming ``$.game`` or ``$.format``."""
        data = loads_json(text)
        if not isinstance(data, dict):
            raise InvalidStateError(f"a state is a JSON object, not {type(data).__name__}")
        found = data.pop("game", None)
        if found != self.game:
            raise InvalidStateError(
                f'not a {self.game} state: expected "game": "{self.game}", found {found!r}',
                "$.game",
            )
        found_format = data.pop("format", None)
        if type(found_format) is not int or found_format not in self._readable:
            listed = ", ".join(map(str, self._readable))
            raise InvalidStateError(
                f"unsupported state format {found_format!r}: this version reads format(s) {listed}",
                "$.format",
            )
        fields: dict[str, Any] = data
        for older in range(found_format, self.format):
            fields = self._upgrades[older](fields)
        return fields

    def read(self, fields: dict[str, Any]) -> Any:
        """The state of ``fields`` (from `fields`), validated; anything malformed or
        impossible is an ``InvalidStateError`` naming its JSON path (a missing field
        first, wherever it is, then the first wrong value in field order)."""
        made = Made()
        try:
            state = self._kind.read(fields, made)
        except Wrong as wrong:
            require_every_field(fields, self._state)
            raise InvalidStateError(wrong.message, wrong.path()) from None
        self._validate(state)
        made.keep()
        return state

    def kept(self) -> int:
        """How many parts of states read the reader keeps (each table is bounded)."""
        return sum(len(table) for table in set(self._kind.tables()))


COMPACT = json.JSONEncoder(separators=(",", ":")).encode
"""``json.dumps(data, separators=(",", ":"))``, its encoder made once."""


def add_option_field(data: dict[str, Any], name: str, value: Any) -> dict[str, Any]:
    """``data`` with ``options.<name>`` set to ``value`` when ``options`` is an object
    without it (a format upgrade's step); anything malformed is left for the reader to
    refuse."""
    options = data.get("options")
    if isinstance(options, dict) and name not in options:
        data = {**data, "options": {**options, name: value}}
    return data


_type_hints = functools.cache(typing.get_type_hints)


def require_every_field(value: Any, type_: Any, path: str = "$") -> None:
    """Refuse a missing field, even where the class has a default (cattrs would fill it in).

    A saved state writes every field of every record in it, so a missing one is a damaged
    file: an ``InvalidStateError`` names its path. Nested records, tuples of records and
    optional records are followed; values of the wrong shape are left for the converter
    to name.
    """
    if attrs.has(type_) and isinstance(value, dict):
        hints = _type_hints(type_)
        for field in attrs.fields(type_):
            if field.name not in value:
                raise InvalidStateError("required field missing", f"{path}.{field.name}")
            require_every_field(value[field.name], hints[field.name], f"{path}.{field.name}")
        return
    arguments = typing.get_args(type_)
    if typing.get_origin(type_) is tuple and arguments[1:] == (Ellipsis,):
        if isinstance(value, list):
            for index, item in enumerate(value):
                require_every_field(item, arguments[0], f"{path}[{index}]")
    elif isinstance(type_, types.UnionType) and value is not None:
        for member in arguments:
            require_every_field(value, member, path)


_Where = Callable[[Any], str | None]
"""Where in a value the first value of another type is, below it (``""``: the value
itself, ``".seat"``, ``"[2].row"``), or ``None`` when every value is of its type."""


def forged_field(value: object) -> str | None:
    """Where in ``value`` (an attrs record) the first value of another type than its
    annotation names is (``""``: ``value`` itself, ``".seat"``, ``"[2].row"``); ``None``
    when every value is of exactly its type (`wrong_type`)."""
    kind: Any = type(value)
    return wrong_type(kind)(value)


@functools.lru_cache(maxsize=256)
def wrong_type(type_: Any) -> _Where:
    """A function giving where a value is first not of exactly the type ``type_`` names,
    all the way down: no subclass, no ``True`` for ``1``, no list for a tuple.

    Built once per type from its annotations (records, homogeneous and fixed tuples,
    unions, ``None``, plain classes). An object forged past its constructor
    (``object.__setattr__``) can hold anything; this is how a writer refuses it.
    """
    if attrs.has(type_):
        hints = _type_hints(type_)
        return _record_check(
            type_, tuple((f.name, wrong_type(hints[f.name])) for f in attrs.fields(type_))
        )
    arguments = typing.get_args(type_)
    if typing.get_origin(type_) is tuple and arguments[1:] == (Ellipsis,):
        return _tuple_check(wrong_type(arguments[0]))
    if isinstance(type_, types.UnionType):
        return _union_check(tuple(map(wrong_type, arguments)))
    if isinstance(type_, type) and not arguments:
        return lambda value: None if type(value) is type_ else ""
    raise TypeError(f"no exact type check for {type_!r}")


def _record_check(kind: type, fields: tuple[tuple[str, _Where], ...]) -> _Where:
    def check(value: Any) -> str | None:
        if type(value) is not kind:
            return ""
        for name, inner in fields:
            where = inner(getattr(value, name))
            if where is not None:
                return f".{name}{where}"
        return None

    return check


def _tuple_check(item: _Where) -> _Where:
    def check(value: Any) -> str | None:
        if type(value) is not tuple:
            return ""
        for index, inner in enumerate(value):
            where = item(inner)
            if where is not None:
                return f"[{index}]{where}"
        return None

    return check


def _union_check(members: tuple[_Where, ...]) -> _Where:
    def check(value: Any) -> str | None:
        return None if any(member(value) is None for member in members) else ""

    return check
