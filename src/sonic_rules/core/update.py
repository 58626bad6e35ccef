"""One state-update model for both games: an action builds its new state on a `Draft`.

A state is a frozen value. An action's handler never touches it: it reads and writes
the fields of a `Draft` of it, under the state's own field names, and `Draft.freeze`
makes the one new state at the end. A game's draft class declares which fields are
worked on as mutable copies (a tuple as a list, say) and how each is frozen back, and
what it keeps beside the fields for the action's duration (``__slots__``, made on first
use by ``derive``, or at once when ``eager`` names them too):

    class Draft(update.Draft, state_type=State, machine=PHASES,
                thaw={"pile": (list, frozen_tuple)}, eager=("pile",)):
        __slots__ = ("occupied",)
        derive: ClassVar[...] = {"occupied": lambda state: occupied_spaces(state)}

A field never written is the state's own value in the new state (shared, as frozen
values can be), or, for a thawed field the game declares in ``keep``, what
``keep(value)`` makes of it (the form freezing would give it, say).

`new_state` is the one place a state's fields are set without its constructor: states
keep their fields in a ``__dict__`` (``@attrs.frozen(slots=False)``),
so a new state is the old one's fields copied, with the changes over them.

Beside its fields a state's ``__dict__`` may hold what it worked out about itself: its
hash (``cache_hash=True``) and its ``functools.cached_property`` values. A new state
starts with no hash, and with none of those values but the ones its draft class says
stay true whatever a handler writes (``carry``: the seating, say, which depends only
on fields no action changes); `replace_fields` carries none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any, ClassVar, TypeVar

import attrs

S = TypeVar("S")

Thaw = Callable[[Any], Any]
"""Makes a field's working copy from the state's value (``list`` for a tuple)."""
Freeze = Callable[[Any, Any], Any]
"""Makes the new state's value from the working copy and the old state's value."""

_new_object = object.__new__
_set_attribute = object.__setattr__
_HASH = "_attrs_cached_hash"
"""Where attrs keeps the hash of a state whose class caches it (``None`` until asked)."""


def worked_out(kind: type) -> tuple[str, ...]:
    """The names of what a state of ``kind`` works out about itself and keeps in its
    ``__dict__``: its ``functools.cached_property`` values."""
    return tuple(
        name
        for klass in reversed(kind.__mro__)
        for name, value in vars(klass).items()
        if isinstance(value, cached_property)
    )


def new_state(kind: type[S], fields: dict[str, Any]) -> S:
    """A state of ``kind`` whose fields are ``fields`` (a dict handed over, not copied).

    ``fields`` must hold every field of ``kind`` with a value of the declared type; the
    engines build it from a state of the same kind, so it does.
    """
    state = _new_object(kind)
    _set_attribute(state, "__dict__", fields)
    return state


def replace_fields(state: S, changes: Mapping[str, Any]) -> S:
    """``state`` with the fields in ``changes`` replaced (``attrs.evolve`` without the
    per-call inspection of the class, and without running the constructor); nothing
    the old state worked out about itself is carried over."""
    fields: dict[str, Any] = state.__dict__.copy()
    fields.update(changes)
    kind = type(state)
    for name in worked_out(kind):
        fields.pop(name, None)
    if _HASH in fields:
        fields[_HASH] = None
    return new_state(kind, fields)


def frozen_tuple(made: Any, original: Any) -> Any:
    """Freeze a list back: the old state's own tuple where nothing changed."""
    value = tuple(made)
    return original if value == original else value


def _as_tuple(made: Any, original: Any) -> Any:
    return tuple(made)


AS_LIST: tuple[Thaw, Freeze] = (list, _as_tuple)
"""A tuple field worked on as a list and frozen back as it stands (the common case,
which `Draft.freeze` does without a call per field)."""


class Draft:
    """The new state one action is building, field by field (see the module).

    Every field of the state reads as the state's value until it is written; a field
    the game declares in ``thaw`` reads as its working copy, made on first use (or at
    once for the ``eager`` ones). ``events`` collects what the action reports.

    A draft is made for every action, so a game's draft class gets its own `__init__`
    and `freeze`, written out field by field from its declaration (`_write_methods`):
    made by loops over the declaration, a Crash Course draft cost a third more than the
    hand-written draft it replaced; written out, a little less.
    """

    state_type: ClassVar[type]
    machine: ClassVar[Any]
    thawing: ClassVar[Mapping[str, tuple[Thaw, Freeze]]] = {}
    derive: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}
    original: Any
    events: list[Any]
    phase: Any

    def __init_subclass__(
        cls,
        *,
        state_type: type | None = None,
        machine: Any = None,
        thaw: Mapping[str, tuple[Thaw, Freeze]] | None = None,
        eager: tuple[str, ...] = (),
        keep: Mapping[str, Callable[[Any], Any]] | None = None,
        carry: tuple[str, ...] = (),
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        if state_type is None:
            return
        names = [field.name for field in attrs.fields(state_type)]
        thawing = dict(thaw or {})
        kept = dict(keep or {})
        unknown = _undeclared(cls, names, thawing, eager, kept, carry, worked_out(state_type))
        if unknown:
            raise TypeError(
                f"{cls.__name__}: not a thawed field, derived value or worked-out value of "
                f"the state, or a field named as one of the draft's own attributes: {unknown}"
            )
        cls.state_type = state_type
        cls.machine = machine
        cls.thawing = thawing
        dropped = tuple(name for name in worked_out(state_type) if name not in carry)
        _write_methods(cls, names, eager, kept, dropped)

    def __init__(self, state: Any) -> None:
        raise TypeError("a draft is made by a game's own draft class")

    def __getattr__(self, name: str) -> Any:
        # Only for what is not made yet: a lazily thawed field or a derived value.
        thawing = self.thawing.get(name)
        if thawing is not None:
            value = thawing[0](getattr(self.original, name))
        else:
            derive = self.derive.get(name)
            if derive is None:
                raise AttributeError(name)
            value = derive(self.original)
        setattr(self, name, value)
        return value

    def goto(self, trigger: str) -> None:
        """Change phase by a trigger the game's declaration names (`PhaseMachine.goto`)."""
        self.phase = self.machine.goto(self.phase, trigger)

    def freeze(self) -> Any:
        """The new state: the fields as the draft holds them, thawed ones frozen back
        (and those never made kept as the game declares)."""
        raise TypeError("a draft is frozen by a game's own draft class")


def _undeclared(
    cls: type[Draft],
    names: list[str],
    thawing: Mapping[str, Any],
    eager: tuple[str, ...],
    kept: Mapping[str, Any],
    carry: tuple[str, ...],
    worked: tuple[str, ...],
) -> list[str]:
    """What a draft class's declaration names that it cannot (see `Draft`)."""
    return (
        sorted(set(thawing) - set(names))
        + sorted(set(eager) - set(thawing) - set(cls.derive))
        + sorted(set(kept) - set(thawing))
        + sorted(set(carry) - set(worked))
        + sorted(name for name in names if hasattr(cls, name))
    )


def _write_methods(
    cls: type[Draft],
    names: list[str],
    eager: tuple[str, ...],
    kept: Mapping[str, Any],
    dropped: tuple[str, ...],
) -> None:
    """Give ``cls`` its `Draft.__init__` and `Draft.freeze`, written out field by field.

    A plain field is copied on; a field thawed at once is thawed, a lazy one left to
    `Draft.__getattr__`; every thawed field the draft holds is frozen back, a lazy one
    never made is the state's own value (or what ``keep`` makes of it). A tuple worked
    on as a list (`AS_LIST`) is thawed by ``list`` and frozen by ``tuple``.
    """
    known: dict[str, Any] = {"_new": _new_object, "_set": _set_attribute, "_kind": cls.state_type}
    init = ["def __init__(self, state):", "    self.original = state", "    self.events = []"]
    freeze = [
        "def freeze(self):",
        "    original = self.original",
        "    fields = original.__dict__.copy()",
    ]
    lazy = []
    for name in names:
        spec = cls.thawing.get(name)
        as_list = spec == AS_LIST
        if spec is not None:
            known[f"_thaw_{name}"], known[f"_freeze_{name}"] = spec
            known[f"_keep_{name}"] = kept.get(name)
        thaw = "list" if as_list else f"_thaw_{name}"
        if spec is None:
            init.append(f"    self.{name} = state.{name}")
            freeze.append(f"    fields[{name!r}] = self.{name}")
        elif name in eager:
            init.append(f"    self.{name} = {thaw}(state.{name})")
            frozen = (
                f"tuple(self.{name})"
                if as_list
                else f"_freeze_{name}(self.{name}, original.{name})"
            )
            freeze.append(f"    fields[{name!r}] = {frozen}")
        else:
            lazy.append((name, as_list))
    freeze.append("    made = self.__dict__")
    for name, as_list in lazy:
        made = f"made[{name!r}]"
        frozen = f"tuple({made})" if as_list else f"_freeze_{name}({made}, original.{name})"
        freeze.append(f"    if {name!r} in made:")
        freeze.append(f"        fields[{name!r}] = {frozen}")
        if name in kept:
            freeze.append("    else:")
            freeze.append(f"        fields[{name!r}] = _keep_{name}(original.{name})")
    for name in eager:
        if name not in cls.thawing:
            known[f"_derive_{name}"] = cls.derive[name]
            init.append(f"    self.{name} = _derive_{name}(state)")
    # What the old state worked out about itself goes, but what the game carries over.
    freeze += [f"    fields.pop({name!r}, None)" for name in dropped]
    freeze += [f"    if {_HASH!r} in fields:", f"        fields[{_HASH!r}] = None"]
    freeze += ["    state = _new(_kind)", "    _set(state, '__dict__', fields)", "    return state"]
    # The source names only the state's own field names (identifiers, by attrs).
    exec("\n".join(init) + "\n", known)
    exec("\n".join(freeze) + "\n", known)
    for method in ("__init__", "freeze"):
        function = known[method]
        function.__qualname__ = f"{cls.__qualname__}.{method}"
        function.__doc__ = getattr(Draft, method).__doc__
        setattr(cls, method, function)
