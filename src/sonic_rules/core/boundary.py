"""The checks every untrusted input shares, before anything is built from it.

JSON text has its own gate (`serialization.loads_json`); this module holds the rest: a
file read whole only if it is a regular file within a size limit, a whole number within
the range a field allows, and a seat's view checked against a state that gives it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from typing import TypeVar

from sonic_rules.core.errors import FileRefusedError, InvalidStateError, shown_value
from sonic_rules.core.serialization import MAX_NUMBER_DIGITS

S = TypeVar("S")
V = TypeVar("V")

MAX_WHOLE_NUMBER = 10**MAX_NUMBER_DIGITS - 1
"""The largest count or limit an option may hold: the largest number JSON text may write
(`serialization.MAX_NUMBER_DIGITS` digits)."""

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
"""Non-blocking, so that opening a named pipe returns at once and is then refused."""


def read_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (a link is followed), at most ``limit``.

    Anything else (a device such as ``/dev/zero``, a pipe, a directory) or a file longer
    than ``limit`` bytes raises `FileRefusedError` before a byte is read; a file that
    grows past ``limit`` while it is read is refused too. A file that cannot be opened
    raises ``OSError`` as ``open`` does.
    """
    descriptor = os.open(path, _OPEN_FLAGS)
    try:
        found = os.fstat(descriptor)
        if not stat.S_ISREG(found.st_mode):
            raise FileRefusedError("not a regular file", os.fsdecode(path))
        if found.st_size > limit:
            raise FileRefusedError(_too_long(found.st_size, limit), os.fsdecode(path))
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(limit + 1)
    finally:
        os.close(descriptor)
    if len(data) > limit:
        raise FileRefusedError(_too_long(len(data), limit), os.fsdecode(path))
    return data


def _too_long(size: int, limit: int) -> str:
    return f"{size:,} bytes long; at most {limit:,} are read"


def check_whole_number(value: object, path: str, low: int, high: int = MAX_WHOLE_NUMBER) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) from ``low`` to ``high``; else an
    `InvalidStateError` naming ``path`` and the range."""
    if type(value) is int and low <= value <= high:
        return value
    if high == MAX_WHOLE_NUMBER:
        wanted = f"a whole number, {low:,} or more, of at most {MAX_NUMBER_DIGITS} digits"
    else:
        wanted = f"a whole number from {low:,} to {high:,}"
    raise InvalidStateError(f"must be {wanted}, not {shown_value(value)}", path)


def check_view_given(
    view: V,
    seat: int | None,
    stand_in: S,
    validate: Callable[[S], None],
    observe: Callable[[S, int | None], V],
) -> None:
    """Refuse a view no state gives: its ``stand_in`` (a state the view cannot tell from
    the real one) must be one the rules could reach (``validate`` raises if not) and must
    give this very view to ``seat``. Then every method of the view works as it does on
    any view `observe` gives."""
    validate(stand_in)
    if observe(stand_in, seat) != view:
        raise InvalidStateError("no state gives this view: its parts do not fit together")
