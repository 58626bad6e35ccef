"""The one engine: every action of every game runs the same way.

A game is a declaration (`Rules`): its state and draft types, its phase machine, per
phase the lister of its legal actions (or of its chance outcomes), per action type the
handler, and the check that refuses an action naming the broken rule. `Engine` then
answers ``legal_actions``, ``chance_outcomes``, ``step`` and ``apply`` for it:

1. guard the input: a state of the game's own type (anything else is `InvalidStateError`);
2. check the action with the game's ``check``, unless it is the very object the lister
   just listed for this very state (it was accepted then, and both are frozen values);
3. run the action type's handler on a `Draft` of the state (`sonic_rules.core.update`),
   then the game's ``after`` step if it declares one; handlers change phase only by
   naming a declared trigger (`Draft.goto`);
4. freeze the draft into the new state and return it with the events collected.

A hand-built state that makes the rules fail from deep inside is named by the game's
``validate_state`` (`name_malformed`), never reported as an error from inside, and
leaves nothing behind in any table (`interning.forget`).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping
from itertools import repeat
from typing import Any, Generic, TypeVar

import attrs

from sonic_rules.core import interning
from sonic_rules.core.errors import DEEP_ERRORS, InvalidStateError, RulesError
from sonic_rules.core.events import Event
from sonic_rules.core.registry import name_malformed
from sonic_rules.core.update import Draft

S = TypeVar("S")
A = TypeVar("A")

Lister = Callable[[Any], list[Any]]
ChanceLister = Callable[[Any], list[tuple[Any, float]]]
Handler = Callable[[Any, Any], None]


@attrs.frozen(kw_only=True)
class Rules:
    """A game, declared for the engine.

    ``listers`` maps each phase in which a seat decides to the function listing its
    legal actions, ``chance`` each chance phase to the function listing its outcomes
    with their probabilities (the legal actions there are the outcomes; any other
    phase of the draft's ``machine`` lists nothing). A lister builds exactly the legal
    actions: ``check(state, action)`` accepts what the lister lists, and raises the
    `RulesError` that refuses anything else (``IllegalActionError`` naming the rule).
    ``handlers`` maps each action type to the function applying it to a draft;
    ``after(draft, action)``, if given, runs after every handler. ``views`` are the
    game's seat views, for which ``view_lister`` lists the viewer's legal actions.
    """

    game: str
    title: str
    state_type: type
    draft_type: type[Draft]
    listers: Mapping[Any, Lister]
    chance: Mapping[Any, ChanceLister]
    handlers: Mapping[type, Handler]
    check: Callable[[Any, Any], None]
    after: Callable[[Any, Any], None] | None = None
    view_type: type | None = None
    view_lister: Lister | None = None


_first = operator.itemgetter(0)


def _nothing(state: object) -> list[Any]:
    return []


def _outcome_actions(outcomes: ChanceLister) -> Lister:
    def actions(state: object) -> list[Any]:
        return list(map(_first, outcomes(state)))

    return actions


def phase_listers(
    phases: Iterable[Any], listers: Mapping[Any, Lister], chance: Mapping[Any, ChanceLister]
) -> dict[Any, Lister]:
    """Every phase's legal-action lister, as `Engine.legal_actions` asks it: a deciding
    phase's from ``listers``, a chance phase's listing its outcomes' actions, any other
    phase's listing nothing."""
    listing: dict[Any, Lister] = dict.fromkeys(phases, _nothing)
    listing.update((phase, _outcome_actions(lister)) for phase, lister in chance.items())
    listing.update(listers)
    return listing


class Engine(Generic[S, A]):
    """Runs a game's `Rules` (see the module)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._state_type = rules.state_type
        self._chance = rules.chance
        self._handlers = rules.handlers
        self._check = rules.check
        self._after = rules.after
        self._draft = rules.draft_type
        self._listing = phase_listers(rules.draft_type.machine.phases, rules.listers, rules.chance)
        """Every phase's lister; a phase that is no phase of the game has none."""
        self._listed: tuple[object, tuple[Any, ...], bool] = (None, (), False)
        """The last state whose legal actions or chance outcomes were listed, what was
        listed (kept alive with it, so the objects' identities stay theirs) and whether
        that is outcome pairs. One value, replaced whole."""

    # ----- the guard ---------------------------------------------------------------------

    def require_state(self, state: object) -> None:
        """Refuse anything but a state of this game (`InvalidStateError`)."""
        if isinstance(state, self._state_type):
            return
        rules = self.rules
        if rules.view_type is not None and isinstance(state, rules.view_type):
            raise InvalidStateError(
                "a View is what one seat sees, not a state: the referee needs the State"
            )
        raise InvalidStateError(f"expected a {rules.title} State, got {type(state).__name__}")

    def _malformed(self, state: object) -> None:
        # What the rules remembered while failing on this state goes with it.
        interning.forget()
        name_malformed(self.rules.game, state)

    # ----- what may be done ----------------------------------------------------------------

    def legal_actions(self, state: S) -> list[A]:
        """Every legal action in ``state``, in the game's stable order.

        Given one of the game's views, the viewer's legal actions (the same list).
        """
        if type(state) is not self._state_type:
            rules = self.rules
            if rules.view_type is not None and isinstance(state, rules.view_type):
                assert rules.view_lister is not None
                return rules.view_lister(state)
            self.require_state(state)
        try:
            actions = self._listing[state.phase](state)  # type: ignore[attr-defined]
        except RulesError:
            raise
        except DEEP_ERRORS:
            self._malformed(state)
            raise
        self._listed = (state, tuple(actions), False)
        return actions

    def chance_outcomes(self, state: S) -> list[tuple[A, float]]:
        """At a chance node, each possible outcome with its probability; else empty."""
        if type(state) is not self._state_type:
            self.require_state(state)
        try:
            lister = self._chance.get(state.phase)  # type: ignore[attr-defined]
            outcomes = [] if lister is None else lister(state)
        except RulesError:
            raise
        except DEEP_ERRORS:
            self._malformed(state)
            raise
        self._listed = (state, tuple(outcomes), True)
        return outcomes

    def was_listed(self, state: S, action: object) -> bool:
        """``action`` is one of the very objects just listed for this very ``state``."""
        listed_state, listed, pairs = self._listed
        if listed_state is not state:
            return False
        return any(map(operator.is_, map(_first, listed) if pairs else listed, repeat(action)))

    # ----- applying an action ----------------------------------------------------------------

    def step(self, state: S, action: A) -> tuple[S, list[Event]]:
        """The state after ``action`` and the events it caused; ``state`` is untouched.

        An illegal action raises the `IllegalActionError` naming the rule it breaks.
        """
        if type(state) is not self._state_type:
            self.require_state(state)
        try:
            if not self.was_listed(state, action):
                self._check(state, action)
            draft = self._draft(state)
            self._handlers[type(action)](draft, action)
            if self._after is not None:
                self._after(draft, action)
            new: S = draft.freeze()
            return new, draft.events
        except RulesError:
            raise
        except DEEP_ERRORS:
            self._malformed(state)
            raise

    def apply(self, state: S, action: A) -> S:
        """`step` without the events (written out: self-play calls it on every action)."""
        if type(state) is not self._state_type:
            self.require_state(state)
        try:
            if not self.was_listed(state, action):
                self._check(state, action)
            draft = self._draft(state)
            self._handlers[type(action)](draft, action)
            if self._after is not None:
                self._after(draft, action)
            new: S = draft.freeze()
            return new
        except RulesError:
            raise
        except DEEP_ERRORS:
            self._malformed(state)
            raise
