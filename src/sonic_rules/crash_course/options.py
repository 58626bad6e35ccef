"""What a table chooses before it plays: the variant, the characters and the rules options.

(``CC-OPT-*``, ``CC-PROJ-CHARACTERS``.) All three are carried in the state.
"""

from __future__ import annotations

import enum

import attrs


class CharacterName(enum.Enum):
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
    ``set_back``: characters on a recycled tile are set back instead of the mover winning.
    ``characters``: the characters in seat/turn order (empty: Sonic, Tails, Knuckles,
    Eggman in that order).
    ``beginner_course``: Beginner only, the track as the table laid it, rearmost first, as
    ``(tile id, reversed)`` pairs naming every track tile once (empty: the order is dealt
    at random by chance, each tile as printed; ``CC-BEGINNER-SETUP``).
    """

    official_draw: bool = False
    set_back: bool = False
    characters: tuple[CharacterName, ...] = ()
    beginner_course: tuple[tuple[str, bool], ...] = ()
