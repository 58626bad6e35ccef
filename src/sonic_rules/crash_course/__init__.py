"""Sonic the Hedgehog: Crash Course, refereed.

Start with :func:`new_game` (or :func:`setup_position` for a mid-game position), ask
:func:`legal_actions` and ``state.to_act``, resolve chance nodes with
:func:`chance_outcomes`, and play with :func:`apply` / :func:`step`. States are frozen
values; :func:`to_json` / :func:`from_json` round-trip them exactly. Every rule has an
id in :data:`RULES`; :data:`PHASES` is the declared turn structure; :data:`GAME` plugs
into :func:`sonic_rules.core.driver.play`.
"""

from sonic_rules.crash_course.actions import (
    ACTION_TYPES,
    Action,
    DealTile,
    DiscardToDraw,
    DrawItem,
    DrawItems,
    DropRings,
    EndTurn,
    Fix,
    KeepItem,
    LayShortcut,
    LayTile,
    Move,
    PlaceItem,
    PowerUpHeal,
    PowerUpTurn,
    Recover,
    RevealItem,
    SkipDraw,
    UseBomb,
    UseBumper,
    UseMotobug,
    UseShortcut,
    action_key,
)
from sonic_rules.crash_course.engine import apply, chance_outcomes, legal_actions, step
from sonic_rules.crash_course.game import (
    GAME,
    action_from_json,
    action_to_json,
    describe_state,
    from_json,
    new_game,
    score,
    setup_position,
    to_json,
    validate_state,
)
from sonic_rules.crash_course.phases import PHASES, Phase
from sonic_rules.crash_course.rules import RULES
from sonic_rules.crash_course.state import (
    CharacterName,
    ItemKind,
    Options,
    Space,
    State,
    Variant,
)
from sonic_rules.crash_course.tiles import Catalogue, default_catalogue, load_tiles

__all__ = [
    "ACTION_TYPES",
    "GAME",
    "PHASES",
    "RULES",
    "Action",
    "Catalogue",
    "CharacterName",
    "DealTile",
    "DiscardToDraw",
    "DrawItem",
    "DrawItems",
    "DropRings",
    "EndTurn",
    "Fix",
    "ItemKind",
    "KeepItem",
    "LayShortcut",
    "LayTile",
    "Move",
    "Options",
    "Phase",
    "PlaceItem",
    "PowerUpHeal",
    "PowerUpTurn",
    "Recover",
    "RevealItem",
    "SkipDraw",
    "Space",
    "State",
    "UseBomb",
    "UseBumper",
    "UseMotobug",
    "UseShortcut",
    "Variant",
    "action_from_json",
    "action_key",
    "action_to_json",
    "apply",
    "chance_outcomes",
    "default_catalogue",
    "describe_state",
    "from_json",
    "legal_actions",
    "load_tiles",
    "new_game",
    "score",
    "setup_position",
    "step",
    "to_json",
    "validate_state",
]
