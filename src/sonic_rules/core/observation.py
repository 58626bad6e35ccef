"""Observation tensors and information states built from a seat's view, for both games.

A game declares its tensor as an `Observation`: its ``observe`` (the seat's view, the
only thing a tensor is built from), the configuration that fixes the lengths (such as
the board's length or the tile catalogue), and its sections, each a name, a length (a
number, or a function of the configuration) and an encoder from the view to that many
floats. The layout, the shape and the tensor all come from that one declaration, so they
cannot disagree. The encoders below are the pieces both games' sections are made of.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

from sonic_rules.core.chance import CHANCE, ChanceType
from sonic_rules.core.game import SeatView

S = TypeVar("S")
V = TypeVar("V", bound=SeatView)
C = TypeVar("C")

SEAT_SLOTS = 4
"""Seats in every per-seat section, whatever the player count: both games seat 2 to 4."""


class Observation(Generic[S, V, C]):
    """A game's observation tensor and information state (see the module docstring):
    states of type ``S``, views of type ``V``, lengths fixed by a configuration of type
    ``C`` that ``configuration(state)`` gives (and that checks ``state``'s type)."""

    def __init__(
        self,
        observe: Callable[[S, int | None], V],
        configuration: Callable[[S], C],
        sections: Sequence[tuple[str, int | Callable[[C], int], Callable[[V], list[float]]]],
    ) -> None:
        self._observe = observe
        self._configuration = configuration
        self._sections = tuple(sections)

    def layout(self, state: S) -> list[tuple[str, int]]:
        """Each section's ``(name, length)`` for ``state``'s game, in order."""
        config = self._configuration(state)
        return [
            (name, length if isinstance(length, int) else length(config))
            for name, length, _ in self._sections
        ]

    def shape(self, state: S) -> tuple[int]:
        """The observation tensor's shape for ``state``'s game: ``(length,)``."""
        return (sum(length for _, length in self.layout(state)),)

    def tensor(self, state: S, seat: int | None) -> list[float]:
        """``seat``'s observation as a flat list of floats (`layout`).

        Built from ``observe`` alone, so it carries nothing the seat may not see.
        """
        view = self._observe(state, seat)
        tensor: list[float] = []
        for _, _, encode in self._sections:
            tensor += encode(view)
        return tensor

    def information_state(self, state: S, seat: int | None) -> str:
        """A string that identifies what ``seat`` knows of ``state``: its canonical view
        JSON.

        Two states give the same string exactly when ``seat`` sees them alike. This is the
        Markov information state of the ruling (OpenSpiel's observation with
        ``perfect_recall=False``); a perfect-recall information state also needs the
        seat's past views, which the state does not keep.
        """
        return self._observe(state, seat).to_json()


def one_hot(index: int | None, size: int) -> list[float]:
    """``size`` floats, 1 at ``index`` (all zero for ``None``)."""
    vector = [0.0] * size
    if index is not None:
        vector[index] = 1.0
    return vector


def counted(indices: Iterable[int], size: int) -> list[float]:
    """``size`` floats, each how often its index is among ``indices``."""
    vector = [0.0] * size
    for index in indices:
        vector[index] += 1.0
    return vector


def per_slot(values: Iterable[int], size: int) -> list[float]:
    """``values`` as ``size`` floats, zero past the last."""
    vector = [0.0] * size
    for slot, value in enumerate(values):
        vector[slot] = float(value)
    return vector


def to_act_section(to_act: int | ChanceType | None) -> list[float]:
    """One-hot seat to act, then chance (``SEAT_SLOTS + 1`` floats; game over: zero)."""
    vector = [0.0] * (SEAT_SLOTS + 1)
    if to_act is CHANCE:
        vector[SEAT_SLOTS] = 1.0
    elif isinstance(to_act, int):
        vector[to_act] = 1.0
    return vector


def limit_section(done: int, limit: int | None) -> list[float]:
    """How many turns (or decisions) are ``done``; 1 if a ``limit`` is set, then how many
    are left (3 floats)."""
    if limit is None:
        return [float(done), 0.0, 0.0]
    return [float(done), 1.0, float(limit - done)]
