"""The project's errors: one base, each subclass one kind of failure.

Every error subclasses `RulesError`, which subclasses `ValueError`, so a
caller can catch all of them at once. Nothing is ever mutated before one is raised:
the state a caller held is exactly as it was.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


class RulesError(ValueError):
    """Base class of every error the library raises on purpose."""


class IllegalActionError(RulesError):
    """A well-formed action that the rules do not allow here.

    ``rule`` is the id of the rule that forbids it (``ST-...`` or ``CC-...``),
    ``message`` an explanation a player understands.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.message = message

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[str, str]]:
        return (type(self), (self.rule, self.message))


class InvalidActionError(RulesError):
    """Something that is not an action of this game at all (wrong type, bad fields)."""


class ActionFieldTypeError(InvalidActionError, TypeError):
    """An action built with a field of the wrong Python type (``Move(1.0, 2)``).

    It is an `InvalidActionError`, like every malformed action, and a ``TypeError``, as
    the standard library raises for an argument of the wrong type; the message names
    the action type, the field and the type expected.
    """


class InvalidStateError(RulesError):
    """A serialized or hand-built state that is malformed or inconsistent.

    ``path`` says where, as a JSON path such as ``$.hands[2][0]``.
    """

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message

    def __reduce__(self) -> tuple[type[InvalidStateError], tuple[str, str]]:
        return (type(self), (self.message, self.path))


class StateTypeError(InvalidStateError, TypeError):
    """A state argument that is not a state of the game at all (``play_game(None, ...)``).

    It is an `InvalidStateError`, like every malformed state, and a ``TypeError``, as the
    standard library raises for an argument of the wrong type; the message names the
    argument and the type expected.
    """


class BoardError(RulesError):
    """Bad board notation or tile data; the message names the token or entry."""

    def __init__(self, message: str, where: str | None = None) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message

    def __reduce__(self) -> tuple[type[BoardError], tuple[str, str | None]]:
        return (type(self), (self.message, self.where))


class FileRefusedError(RulesError):
    """A file refused before it is read: not a regular file, or longer than the limit.

    ``path`` names the file, ``message`` says why.
    """

    def __init__(self, message: str, path: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message

    def __reduce__(self) -> tuple[type[FileRefusedError], tuple[str, str]]:
        return (type(self), (self.message, self.path))


DEEP_ERRORS = (
    AttributeError,
    TypeError,
    KeyError,
    IndexError,
    ValueError,
    RecursionError,
    AssertionError,
    StopIteration,
)
"""What a hand-built state with fields of the wrong types makes the rules raise from
deep inside: the engines catch these (a `RulesError` apart) and ask ``validate_state``
to name the wrong field (`sonic_rules.core.registry.name_malformed`)."""


def shown_value(value: object) -> str:
    """``value``'s type and repr, cut short, for a message naming a wrong value."""
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is shown by its type alone
        text = "?"
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(value).__name__} {text}"


def require_instance(value: object, kind: type[T], name: str, what: str) -> T:
    """``value``, if it is a ``kind``; else a ``TypeError`` saying that the argument
    ``name`` must be ``what`` (``"a Super Teams State"``) and what it got."""
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be {what}, got {type(value).__name__}")
    return value
