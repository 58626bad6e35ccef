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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

import attrs

S = TypeVar("S")

Thaw = Callable[[Any], Any]
"""Makes a field's working copy from the state's value (``list`` for a tuple)."""
Freeze = Callable[[Any, Any], Any]
"""Makes the new state's value from the working copy and the old state's value."""

_new_object = object.__new__
_set_attribute = object.__setattr__


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
    per-call inspection of the class, and without running the constructor)."""
    fields: dict[str, Any] = state.__dict__.copy()
    fields.update(changes)
    return new_state(type(state), fields)


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
    """

    __slots__ = ("__dict__", "events", "original")

    state_type: ClassVar[type]
    machine: ClassVar[Any]
    thawing: ClassVar[Mapping[str, tuple[Thaw, Freeze]]] = {}
    derive: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}
    # What the declaration comes to, worked out once per class for `__init__` and
    # `freeze`: the fields thawed at once, those thawed on first use (each with what a
    # field never made becomes, if the game keeps it other than as it was), the lists
    # of each (`AS_LIST`), the derived values made at once.
    _eager: ClassVar[tuple[tuple[str, Thaw, Freeze], ...]] = ()
    _lazy: ClassVar[tuple[tuple[str, Freeze, Callable[[Any], Any] | None], ...]] = ()
    _eager_lists: ClassVar[tuple[str, ...]] = ()
    _lazy_lists: ClassVar[tuple[str, ...]] = ()
    _derived_at_once: ClassVar[tuple[tuple[str, Callable[[Any], Any]], ...]] = ()

    def __init_subclass__(
        cls,
        *,
        state_type: type | None = None,
        machine: Any = None,
        thaw: Mapping[str, tuple[Thaw, Freeze]] | None = None,
        eager: tuple[str, ...] = (),
        keep: Mapping[str, Callable[[Any], Any]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        if state_type is None:
            return
        names = {field.name for field in attrs.fields(state_type)}
        thawing = dict(thaw or {})
        kept = dict(keep or {})
        unknown = (
            sorted(set(thawing) - names)
            + sorted(set(eager) - set(thawing) - set(cls.derive))
            + sorted(set(kept) - set(thawing))
        )
        if unknown:
            raise TypeError(f"{cls.__name__}: not a thawed field or derived value: {unknown}")
        cls.state_type = state_type
        cls.machine = machine
        cls.thawing = thawing
        lists = {name for name, spec in thawing.items() if spec == AS_LIST and name not in kept}
        cls._eager_lists = tuple(name for name in eager if name in lists)
        cls._lazy_lists = tuple(name for name in thawing if name in lists and name not in eager)
        cls._eager = tuple(
            (name, *thawing[name]) for name in eager if name in thawing and name not in lists
        )
        cls._lazy = tuple(
            (name, freeze, kept.get(name))
            for name, (_thaw, freeze) in thawing.items()
            if name not in eager and name not in lists
        )
        cls._derived_at_once = tuple(
            (name, cls.derive[name]) for name in eager if name not in thawing
        )

    def __init__(self, state: Any) -> None:
        self.original = state
        self.events: list[Any] = []
        # A copy of the state's fields made whole and given to the draft: filling the
        # draft's own dict field by field takes several times as long.
        fields = state.__dict__.copy()
        for name in self._lazy_lists:
            del fields[name]
        for name, _freeze, _keep in self._lazy:
            del fields[name]
        for name in self._eager_lists:
            fields[name] = list(fields[name])
        for name, thaw, _freeze in self._eager:
            fields[name] = thaw(fields[name])
        self.__dict__ = fields
        for name, derive in self._derived_at_once:
            setattr(self, name, derive(state))

    def __getattr__(self, name: str) -> Any:
        # Only for what is not made yet: a lazily thawed field or a derived value.
        thawing = self.thawing.get(name)
        if thawing is not None:
            value = thawing[0](getattr(self.original, name))
            self.__dict__[name] = value
            return value
        derive = self.derive.get(name)
        if derive is None:
            raise AttributeError(name)
        value = derive(self.original)
        setattr(self, name, value)
        return value

    def goto(self, trigger: str) -> None:
        """Change phase by a trigger the game's declaration names (`PhaseMachine.goto`)."""
        fields = self.__dict__
        fields["phase"] = self.machine.goto(fields["phase"], trigger)

    def freeze(self) -> Any:
        """The new state: the fields as the draft holds them, thawed ones frozen back
        (and those never made kept as the game declares)."""
        original = self.original.__dict__
        made = self.__dict__
        fields = original.copy()
        fields.update(made)
        for name in self._eager_lists:
            fields[name] = tuple(made[name])
        for name in self._lazy_lists:
            if name in made:
                fields[name] = tuple(made[name])
        for name, _thaw, freeze in self._eager:
            fields[name] = freeze(made[name], original[name])
        for name, freeze, keep in self._lazy:
            if name in made:
                fields[name] = freeze(made[name], original[name])
            elif keep is not None:
                fields[name] = keep(original[name])
        return new_state(self.state_type, fields)
