"""One state-update model for both games: an action builds its new state on a `Draft`.

A state is a frozen value. An action's handler never touches it: it reads and writes
the fields of a `Draft` of it, under the state's own field names, and `Draft.freeze`
makes the one new state at the end. A game's draft class declares which fields are
worked on as mutable copies (a tuple as a list, say) and how each is frozen back, and
what it keeps beside the fields for the action's duration (``__slots__``, made on first
use by ``derive``):

    class Draft(update.Draft, state_type=State, machine=PHASES,
                thaw={"pile": (list, frozen_tuple)}, eager=("pile",)):
        __slots__ = ("occupied",)
        derive = {"occupied": lambda state: occupied_spaces(state)}

A field never written is the state's own value in the new state (shared, as frozen
values can be). `new_state` is the one place a state's fields are set without its
constructor: states keep their fields in a ``__dict__`` (``@attrs.frozen(slots=False)``),
so a new state is the old one's fields copied, with the changes over them.

Beside its fields a state's ``__dict__`` holds what it worked out about itself: its
hash (``cache_hash=True``) and its ``functools.cached_property`` values. A new state
starts with no hash, and with none of those values but the ones its draft class says
stay true whatever a handler writes (``keep=``, say the seating that depends only on
fields no action changes); `replace_fields` keeps none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import attrs

from sonic_rules.core.interning import Memo

S = TypeVar("S")

Thaw = Callable[[Any], Any]
"""Makes a field's working copy from the state's value (``list`` for a tuple)."""
Freeze = Callable[[Any, Any], Any]
"""Makes the new state's value from the working copy and the old state's value."""

_new_object = object.__new__
_set_attribute = object.__setattr__

_UNTHAWED = object()
"""What a lazily thawed field the action never read holds in its draft: nothing."""
_HASH_CACHE = "_attrs_cached_hash"
"""Where attrs keeps the hash of a state whose class caches it (``None`` until asked)."""


def _cached_names(kind: type) -> tuple[str, ...]:
    """The names of ``kind``'s ``functools.cached_property`` values."""
    names = _CACHED_NAMES.get(kind)
    if names is None:
        names = tuple(
            name
            for klass in reversed(kind.__mro__)
            for name, value in vars(klass).items()
            if isinstance(value, cached_property)
        )
        _CACHED_NAMES.put(kind, names)
    return names


_CACHED_NAMES: Memo[type, tuple[str, ...]] = Memo(64, "cached values of a state class")


def _forget(fields: dict[str, Any], names: tuple[str, ...]) -> None:
    """Drop the cached values ``names`` and the cached hash from a state's fields."""
    for name in names:
        fields.pop(name, None)
    if _HASH_CACHE in fields:
        fields[_HASH_CACHE] = None


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
    the old state worked out about itself is kept."""
    fields: dict[str, Any] = state.__dict__.copy()
    fields.update(changes)
    kind = type(state)
    _forget(fields, _cached_names(kind))
    return new_state(kind, fields)


def frozen_tuple(made: Any, original: Any) -> Any:
    """Freeze a list back: the old state's own tuple where nothing changed."""
    value = tuple(made)
    return original if value == original else value


class _Action:
    __slots__ = ("events", "original")

    events: list[Any]
    original: Any


class Draft(_Action):
    """The new state one action is building, field by field (see the module).

    Every field of the state reads as the state's value until it is written; a field
    the game declares in ``thaw`` reads as its working copy, made on first use (or at
    once for the ``eager`` ones). The state's cached values named in ``keep`` carry
    over to the new state. ``original`` is the state the action started from, and
    ``events`` collects what the action reports.
    """

    # No ``__slots__`` here: the fields are the draft's own ``__dict__``, a copy of the
    # state's, which Python reads and writes at full speed as long as the class has no
    # ``__getattr__``; one is given only to a draft class that makes things on first use.

    state_type: ClassVar[type]
    machine: ClassVar[Any]
    thawing: ClassVar[Mapping[str, tuple[Thaw, Freeze]]] = {}
    eager: ClassVar[tuple[str, ...]] = ()
    lazy: ClassVar[tuple[str, ...]] = ()
    keep: ClassVar[tuple[str, ...]] = ()
    forget: ClassVar[tuple[str, ...]] = ()
    _freezing: ClassVar[
        tuple[type, Mapping[str, tuple[Thaw, Freeze]], tuple[str, ...], tuple[str, ...]]
    ]
    """What `freeze` reads, in one class attribute (it runs on every action)."""
    derive: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}
    phase: Any
    """The state's phase (every state has one)."""

    if TYPE_CHECKING:  # every field of the state, read and written under its own name

        def __getattr__(self, name: str) -> Any: ...

        def __setattr__(self, name: str, value: Any) -> None: ...

    def __init_subclass__(
        cls,
        *,
        state_type: type | None = None,
        machine: Any = None,
        thaw: Mapping[str, tuple[Thaw, Freeze]] | None = None,
        eager: tuple[str, ...] = (),
        keep: tuple[str, ...] = (),
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        if state_type is None:
            return
        names = {field.name for field in attrs.fields(state_type)}
        thawing = dict(thaw or {})
        unknown = sorted(set(thawing) - names) + sorted(set(eager) - set(thawing))
        if unknown:
            raise TypeError(f"{cls.__name__}: not a thawed field of the state: {unknown}")
        cached = _cached_names(state_type)
        if not set(keep) <= set(cached):
            raise TypeError(
                f"{cls.__name__}: not a cached value of the state: "
                f"{sorted(set(keep) - set(cached))}"
            )
        cls.state_type = state_type
        cls.machine = machine
        cls.thawing = thawing
        cls.eager = tuple(eager)
        cls.lazy = tuple(name for name in thawing if name not in eager)
        cls.keep = tuple(keep)
        cls.forget = tuple(name for name in cached if name not in keep)
        cls._freezing = (state_type, cls.thawing, cls.keep, cls.forget)
        unslotted = sorted(name for name in cls.derive if name not in _slots(cls))
        if unslotted:
            raise TypeError(f"{cls.__name__}: a derived value needs a slot: {unslotted}")
        if cls.lazy or cls.derive:
            setattr(cls, "__getattr__", _made_on_first_use)  # noqa: B010

    def __init__(self, state: Any) -> None:
        self.original = state
        self.events = []
        fields = state.__dict__.copy()
        if self.thawing:
            thawing = self.thawing
            for name in self.lazy:
                del fields[name]
            for name in self.eager:
                fields[name] = thawing[name][0](fields[name])
        self.__dict__ = fields

    def goto(self, trigger: str) -> None:
        """Change phase by a trigger the game's declaration names (`PhaseMachine.goto`)."""
        self.phase = self.machine.goto(self.phase, trigger)

    def freeze(self) -> Any:
        """The new state: the fields as the draft holds them, thawed ones frozen back.

        The draft is spent: its fields become the new state's, so it is not used again.
        """
        fields = self.__dict__
        original = self.original.__dict__
        state_type, thawing, keep, forget = self._freezing
        if thawing:
            for name, (_thaw, freeze) in thawing.items():
                made = fields.get(name, _UNTHAWED)
                fields[name] = original[name] if made is _UNTHAWED else freeze(made, original[name])
        if len(fields) < len(original):  # the old state worked something out meanwhile
            for name in keep:
                if name not in fields and name in original:
                    fields[name] = original[name]
        for name in forget:
            fields.pop(name, None)
        if _HASH_CACHE in fields:
            fields[_HASH_CACHE] = None
        state: Any = _new_object(state_type)
        _set_attribute(state, "__dict__", fields)  # `new_state`, without the call
        return state


def _slots(kind: type) -> set[str]:
    slots: set[str] = set()
    for klass in kind.__mro__:
        declared = vars(klass).get("__slots__", ())
        slots.update((declared,) if isinstance(declared, str) else declared)
    return slots


def _made_on_first_use(draft: Draft, name: str) -> Any:
    """A draft's ``__getattr__`` (only for what is not made yet): a lazily thawed field,
    or a derived value."""
    thawing = draft.thawing.get(name)
    if thawing is not None:
        value = thawing[0](getattr(draft.original, name))
        draft.__dict__[name] = value
        return value
    derive = draft.derive.get(name)
    if derive is None:
        raise AttributeError(name)
    value = derive(draft.original)
    setattr(draft, name, value)
    return value
