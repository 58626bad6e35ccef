"""Typed events: what an action did, in small values a frontend can animate."""

from __future__ import annotations

import attrs


@attrs.frozen
class Event:
    """Base class of every event. Subclasses are frozen attrs values.

    ``describe()`` gives one sentence for a log.
    """

    def describe(self) -> str:
        return repr(self)
