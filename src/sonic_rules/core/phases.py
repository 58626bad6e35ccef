"""Declared phase machines.

Each game declares its phases and the transitions between them once, with the
``transitions`` library (a class-level machine with ``model=None``). The states
themselves stay plain frozen values: the machine is not attached to them. Instead
the declared machine is compiled into a set of allowed ``(source, destination)``
pairs, and every phase change the rules make is checked against it (a dict/set
look-up on the hot path rather than a ``transitions`` trigger).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Generic, TypeVar

from transitions import Machine

P = TypeVar("P", bound=enum.Enum)


class UndeclaredTransitionError(RuntimeError):
    """The rules tried a phase change the declared machine does not allow (a library bug)."""


class PhaseMachine(Generic[P]):
    """A game's declared phases and transitions.

    ``transitions`` lists ``(trigger, source, destination)``; the trigger names the
    rule step that causes the change and is what the Mermaid diagram shows.
    """

    def __init__(
        self,
        name: str,
        phases: type[P],
        transitions: Iterable[tuple[str, P, P]],
        initial: P,
    ) -> None:
        self.name = name
        self.phases = phases
        self.initial = initial
        self.declared: tuple[tuple[str, P, P], ...] = tuple(transitions)
        self.machine = Machine(
            model=None,
            states=[phase.value for phase in phases],
            transitions=[
                {"trigger": trigger, "source": src.value, "dest": dst.value}
                for trigger, src, dst in self.declared
            ],
            initial=initial.value,
            auto_transitions=False,
        )
        allowed: set[tuple[P, P]] = set()
        for event in self.machine.events.values():
            for source, candidates in event.transitions.items():
                for transition in candidates:
                    allowed.add((phases(source), phases(transition.dest)))
        self.allowed: frozenset[tuple[P, P]] = frozenset(allowed)

    def is_allowed(self, source: P, destination: P) -> bool:
        return (source, destination) in self.allowed

    def check(self, source: P, destination: P) -> None:
        """Raise :class:`UndeclaredTransitionError` unless the change is declared.

        Staying in the same phase is always allowed (another action of the same kind).
        """
        if source is not destination and (source, destination) not in self.allowed:
            raise UndeclaredTransitionError(
                f"{self.name}: phase change {source.value} -> {destination.value} is not declared"
            )

    def to_mermaid(self) -> str:
        """The declared machine as a Mermaid ``stateDiagram-v2`` (drawn by transitions)."""
        from transitions.extensions.diagrams import GraphMachine

        class _Model:
            pass

        model = _Model()
        GraphMachine(
            model=model,
            states=[phase.value for phase in self.phases],
            transitions=[
                {"trigger": trigger, "source": src.value, "dest": dst.value}
                for trigger, src, dst in self.declared
            ],
            initial=self.initial.value,
            auto_transitions=False,
            graph_engine="mermaid",
            title=self.name,
        )
        text: str = model.get_graph().draw(None)  # type: ignore[attr-defined]
        return text
