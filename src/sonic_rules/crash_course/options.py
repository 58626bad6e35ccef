"""What a table chooses before it plays: the variant, the characters and the rules options.

(``CC-OPT-*``, ``CC-PROJ-CHARACTERS``.) All three are carried in the state.
"""

from __future__ import annotations

import enum

import attrs

from sonic_rules.core.boundary import check_whole_number


class Character(enum.Enum):
    """The four characters; each has an ability (``CC-ABILITY-*``)."""

    SONIC = "sonic"
    TAILS = "tails"
    KNUCKLES = "knuckles"
    EGGMAN = "eggman"


class Variant(enum.Enum):
    """The standard game, the 2-player variant with side-kicks, the Beginner rules."""

    STANDARD = "standard"
    TWO_PLAYER = "two-player"
    BEGINNER = "beginner"


@attrs.frozen
class Options:
    """Rules options carried in the state (``CC-OPT-*``, ``CC-PROJ-CHARACTERS``).

    ``official_draw``: drawing is an action after fixing and before moving, repeatable
    (holding 2 items, the player then discards one and draws:
    ``CC-PROJ-OFFICIAL-DRAW-FULL-HAND``).
    ``set_back``: characters on a recycled tile are set back instead of the mover winning
    (``CC-OPT-SET-BACK``; it takes precedence over ``literal_secondary_win``).
    ``damage_bars_only_moves``: a damaged character is only barred from moving (and so
    from shortcuts, and the official draw still comes after fixing); its items and
    Power-Up turn stay usable (``CC-OPT-DAMAGE-BARS-ONLY-MOVES``; default
    ``CC-DAMAGE-FIRST``: its player may only fix the damage).
    ``literal_secondary_win``: 2-player variant, lifting the rearmost tile wins with any
    character on it, the lifter's own included (``CC-OPT-LITERAL-SECONDARY-WIN``; default
    ``CC-TWO-PLAYER-SECONDARY-WIN``: an opponent's character must be on it, the lifter's
    own are set back). The standard game is the same either way.
    ``open_items``: every seat sees every character's held items (``CC-OPT-OPEN-ITEMS``;
    default: held items are seen by their holder only, their number by everyone).
    ``turn_limit``: the game ends unfinished, nobody winning, once this many turns have
    been played (``CC-OPT-TURN-LIMIT``; ``None``, the default: no limit). Agents need it:
    without it no bound on a game's length exists (see `action_space.max_game_length`).
    ``decision_limit``: the game ends unfinished, nobody winning, once the seats have made
    this many decisions, chance outcomes apart (``CC-OPT-DECISION-LIMIT``; ``None``, the
    default: no limit). A turn limit alone does not bound a game's decisions: an
    incomplete shortcut can be laid and taken back again and again in one turn
    (``CC-SHORTCUT-LAY-COMPLETE``), so agents that need a horizon set this one.
    ``characters``: the characters in seat/turn order (empty: Sonic, Tails, Knuckles,
    Eggman in that order).
    ``beginner_course``: Beginner only, the track as the table laid it, rearmost first, as
    ``(tile id, reversed)`` pairs naming every track tile once (empty: the order is dealt
    at random by chance, each tile as printed; ``CC-BEGINNER-SETUP``).
    """

    official_draw: bool = False
    set_back: bool = False
    damage_bars_only_moves: bool = False
    literal_secondary_win: bool = False
    open_items: bool = False
    turn_limit: int | None = None
    decision_limit: int | None = None
    characters: tuple[Character, ...] = ()
    beginner_course: tuple[tuple[str, bool], ...] = ()


LIMITS = ("turn_limit", "decision_limit")
"""The options that end a game unfinished after a count (``None``: no limit)."""


def check_options(options: Options, path: str = "$.options") -> None:
    """Refuse a limit out of range, naming it (`core.boundary.check_whole_number`): a
    count of 1 or more, of no more digits than JSON text may write. The other fields'
    types are the converter's to check."""
    for name in LIMITS:
        limit = getattr(options, name)
        if limit is not None:
            check_whole_number(limit, f"{path}.{name}", 1)
