"""Actions forged past their constructors, as a client holding a pickled or hand-patched
object could: the library's labels and ``apply`` must still cope with any field values."""

from __future__ import annotations

from typing import Any

import attrs


def forge(kind: type[Any], *values: Any) -> Any:
    """An instance of the attrs class ``kind`` with ``values`` as its fields, unchecked."""
    action = object.__new__(kind)
    for field, value in zip(attrs.fields(kind), values, strict=True):
        object.__setattr__(action, field.name, value)
    return action


def forge_fields(action_type: type[Any], /, **values: Any) -> Any:
    """`forge` with the fields by name."""
    return forge(action_type, *(values[field.name] for field in attrs.fields(action_type)))
