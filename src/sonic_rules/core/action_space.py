"""What both games' fixed action spaces share (``Game.action_index`` and the rest): an
index checked against its space, the node an index may name an action at, a refusal that
names the index, and the legal mask.

Each game lays out its own indices; these are the guards around the layout, the same in
both, with the game's rule ids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from sonic_rules.core.chance import CHANCE, ChanceType
from sonic_rules.core.errors import IllegalActionError, InvalidActionError

S = TypeVar("S")
A = TypeVar("A")


def require_index(index: object, size: int, what: str) -> int:
    """``index`` if it is an ``int`` of a space of ``size`` (``what``: ``"action"`` or
    ``"chance"``); else ``TypeError`` or `InvalidActionError` naming it."""
    if type(index) is not int:
        raise TypeError(f"index must be an int, got {index!r}")
    if not 0 <= index < size:
        raise InvalidActionError(f"{what} index {index} is out of range: 0..{size - 1}")
    return index


def deciding_seat(
    to_act: int | ChanceType | None, index: int, chance_rule: str, over_rule: str
) -> int:
    """The seat the action ``index`` is for: the seat to act. At a chance node
    `IllegalActionError` under ``chance_rule``, once the game is over under ``over_rule``."""
    if to_act is CHANCE:
        raise IllegalActionError(
            chance_rule, f"action index {index}: chance acts here (see chance_from_index)"
        )
    if to_act is None:
        raise IllegalActionError(over_rule, f"action index {index}: the game is over")
    return to_act


def require_chance(to_act: int | ChanceType | None, index: int, rule: str) -> None:
    """The chance ``index`` names an outcome only at a chance node: elsewhere
    `IllegalActionError` under ``rule``."""
    if to_act is not CHANCE:
        raise IllegalActionError(rule, f"chance index {index}: a seat decides here, not chance")


def check_named(check: Callable[[S, A], None], state: S, action: A, name: str) -> None:
    """The game's ``check`` of ``action`` in ``state``, its refusal prefixed with ``name``
    (``"action index 3 (pass)"``): the same decision ``apply`` makes."""
    try:
        check(state, action)
    except IllegalActionError as error:
        raise IllegalActionError(error.rule, f"{name}: {error.message}") from None


def index_mask(size: int, indices: Iterable[int]) -> list[bool]:
    """``size`` flags, true at ``indices`` (the legal actions' indices, for ``legal_mask``)."""
    mask = [False] * size
    for index in indices:
        mask[index] = True
    return mask
