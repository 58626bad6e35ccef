"""Declared phase machines: each phase once, as data, and the source of truth.

A game declares, for every phase, a `PhaseSpec`: who acts (a seat rule, chance,
or nobody), which action types the phase accepts, and the rule id that refuses an
action belonging to another phase. It declares its transitions once too, each as
``(trigger, source, destination)``. From that one declaration come:

- ``state.to_act`` (`PhaseMachine.to_act`);
- the wrong-phase refusal (`PhaseMachine.check_action`);
- every phase change the engine makes: it names a trigger, and
  `PhaseMachine.goto` looks the destination up, refusing anything undeclared;
- the Mermaid diagram in the docs (`PhaseMachine.to_mermaid`).

``transitions`` validates the declaration (a class-level machine, ``model=None``) and
draws it. The hot path never fires a ``transitions`` trigger (about 8 µs each): the
declaration is compiled into a dict from ``(source, trigger)`` to the destination,
and a test holds that table to the ``transitions`` machine.
"""

from __future__ import annotations

import contextlib
import enum
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Generic, TypeVar

import attrs
from transitions import Machine

from sonic_rules.core.chance import CHANCE, ChanceType
from sonic_rules.core.errors import IllegalActionError

P = TypeVar("P", bound=enum.Enum)

SeatRule = Callable[[object], int]
"""Reads the seat that acts from a state (for example ``lambda state: state.turn``)."""

Actor = SeatRule | ChanceType | None
"""Who acts in a phase: a `SeatRule`, `CHANCE`, or nobody."""


class UndeclaredTransitionError(RuntimeError):
    """The engine named a trigger the declaration does not have from this phase.

    Never raised by a correct referee; it is a bug in the library, not in the input.
    """


@attrs.frozen
class PhaseSpec(Generic[P]):
    """One phase, declared.

    ``actor`` says who acts; ``actor_text`` says it in words for the docs and error
    messages ("the seat whose turn it is"). ``accepts`` lists the action types the phase
    takes; any other action is refused with ``wrong_phase_rule``.
    """

    phase: P
    actor: Actor
    actor_text: str
    accepts: tuple[type, ...]
    wrong_phase_rule: str
    doc: str = ""


@attrs.frozen
class Transition(Generic[P]):
    """A declared phase change: ``trigger`` takes the game from ``source`` to ``dest``."""

    trigger: str
    source: P
    dest: P


class PhaseMachine(Generic[P]):
    """A game's declared phases and transitions, compiled for the hot path.

    ``initial`` is the phase a new game starts in, per variant (a single phase when the
    game has no variants); `initial_phase` reads it.
    """

    def __init__(
        self,
        name: str,
        phases: type[P],
        specs: Iterable[PhaseSpec[P]],
        transitions: Iterable[tuple[str, P, P]],
        initial: P | Mapping[str, P],
    ) -> None:
        self.name = name
        self.phases = phases
        self.specs: dict[P, PhaseSpec[P]] = {}
        for spec in specs:
            if spec.phase in self.specs:
                raise ValueError(f"{name}: phase {spec.phase.value} is declared twice")
            self.specs[spec.phase] = spec
        missing = [phase.value for phase in phases if phase not in self.specs]
        if missing:
            raise ValueError(f"{name}: phases without a declaration: {', '.join(missing)}")
        self.initial: dict[str, P] = (
            dict(initial) if isinstance(initial, Mapping) else {"": initial}
        )
        self.transitions: tuple[Transition[P], ...] = tuple(
            Transition(trigger, source, dest) for trigger, source, dest in transitions
        )
        self.machine = Machine(
            model=None,
            states=[phase.value for phase in phases],
            transitions=[
                {"trigger": t.trigger, "source": t.source.value, "dest": t.dest.value}
                for t in self.transitions
            ],
            initial=next(iter(self.initial.values())).value,
            auto_transitions=False,
        )
        table: dict[tuple[P, str], P] = {}
        for t in self.transitions:
            key = (t.source, t.trigger)
            if key in table and table[key] is not t.dest:
                raise ValueError(
                    f"{name}: trigger {t.trigger} from {t.source.value} has two destinations"
                )
            table[key] = t.dest
        self.table: dict[tuple[P, str], P] = table
        self.actors: dict[P, Actor] = {phase: spec.actor for phase, spec in self.specs.items()}
        """Each phase's declared actor, read straight by `to_act`."""
        self._listeners: list[Callable[[Transition[P]], None]] = []
        self._by_key: dict[tuple[P, str], Transition[P]] = {
            (t.source, t.trigger): t for t in self.transitions
        }

    # ----- the hot path -----------------------------------------------------------------

    def goto(self, source: P, trigger: str) -> P:
        """The phase ``trigger`` leads to from ``source``; undeclared is a library bug."""
        dest = self.table.get((source, trigger))
        if dest is None:
            raise UndeclaredTransitionError(
                f"{self.name}: no transition {trigger!r} from {source.value} is declared"
            )
        if self._listeners:
            transition = self._by_key[(source, trigger)]
            for listener in self._listeners:
                listener(transition)
        return dest

    def to_act(self, state: object, phase: P) -> int | ChanceType | None:
        """Who acts in ``state`` (whose phase is ``phase``), by the phase's declared actor."""
        actor = self.actors[phase]
        if actor is None or actor is CHANCE:
            return actor
        return actor(state)

    def check_action(self, phase: P, action: object) -> None:
        """Refuse ``action`` unless ``phase`` accepts its type (the declared rule id)."""
        spec = self.specs[phase]
        if type(action) not in spec.accepts:
            expected = ", ".join(kind.__name__ for kind in spec.accepts) or "no action"
            raise IllegalActionError(
                spec.wrong_phase_rule,
                f"{type(action).__name__} is not possible in the {phase.value} phase "
                f"({spec.actor_text}: {expected})",
            )

    # ----- reading the declaration --------------------------------------------------------

    def initial_phase(self, variant: str = "") -> P:
        """The declared phase a new game of ``variant`` starts in."""
        if variant in self.initial:
            return self.initial[variant]
        if "" in self.initial:
            return self.initial[""]
        raise LookupError(f"{self.name}: no initial phase is declared for {variant!r}")

    def accepting(self, action_type: type) -> tuple[P, ...]:
        """The phases that accept ``action_type``."""
        return tuple(phase for phase, spec in self.specs.items() if action_type in spec.accepts)

    @contextlib.contextmanager
    def recording(self) -> Iterator[list[Transition[P]]]:
        """Within the block, every transition the engine takes is appended to the list.

        For tests and tools: ``with PHASES.recording() as taken: ...``.
        """
        taken: list[Transition[P]] = []
        self._listeners.append(taken.append)
        try:
            yield taken
        finally:
            self._listeners.remove(taken.append)

    def machine_allows(self, source: P, trigger: str) -> P | None:
        """The destination as the ``transitions`` machine itself resolves it (for tests)."""
        event = self.machine.events.get(trigger)
        if event is None:
            return None
        candidates = event.transitions.get(source.value, [])
        return self.phases(candidates[0].dest) if candidates else None

    def to_mermaid(self) -> str:
        """The declared machine as a Mermaid ``stateDiagram-v2``, written from the declaration.

        State ids are plain identifiers (Mermaid's parser stops at a hyphen), each labelled
        with its phase name; one start arrow per initial phase, labelled with the variants
        that start there; every phase drawn alike (no state is styled as "active").
        """
        lines = ["---", f"title: {self.name}", "---", "stateDiagram-v2", "  direction LR"]
        lines += [f'  state "{phase.value}" as {_mermaid_id(phase)}' for phase in self.phases]
        starts: dict[P, list[str]] = {}
        for variant, phase in self.initial.items():
            starts.setdefault(phase, []).append(variant)
        for phase, variants in starts.items():
            label = ", ".join(variant for variant in variants if variant)
            lines.append(f"  [*] --> {_mermaid_id(phase)}" + (f": {label}" if label else ""))
        lines += [
            f"  {_mermaid_id(t.source)} --> {_mermaid_id(t.dest)}: {t.trigger}"
            for t in self.transitions
        ]
        return "\n".join(lines)

    def to_markdown(self) -> str:
        """A table of the phases: who acts, what each accepts, the wrong-phase rule."""
        lines = [
            "| phase | who acts | accepts | other actions refused by |",
            "|---|---|---|---|",
        ]
        for phase, spec in self.specs.items():
            accepts = ", ".join(f"`{kind.__name__}`" for kind in spec.accepts) or "nothing"
            lines.append(
                f"| `{phase.value}` | {spec.actor_text} | {accepts} | `{spec.wrong_phase_rule}` |"
            )
        starts = ", ".join(
            f"{variant or 'every game'}: `{phase.value}`" for variant, phase in self.initial.items()
        )
        lines += ["", f"Initial phase: {starts}."]
        return "\n".join(lines)


def _mermaid_id(phase: enum.Enum) -> str:
    """A Mermaid state id for a phase (``bonus-draw`` -> ``bonus_draw``)."""
    return re.sub(r"\W", "_", str(phase.value))
