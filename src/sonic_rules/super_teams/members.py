"""The enum members the rules read on every action, as module globals, in one place.

On Python 3.11 reading a member off its class (``BonusKind.SHIELD``) goes through
``EnumType.__getattr__``: measured, about 1,300 more machine instructions than reading
a global, while a whole action takes about 84,000 and a move reads half a dozen
members (the value of the move, the space it stops on, the bonus cards that fit).
"""

from __future__ import annotations

from sonic_rules.super_teams.board import SpaceKind, Surface
from sonic_rules.super_teams.cards import BonusKind
from sonic_rules.super_teams.phases import Phase

GAME_OVER = Phase.GAME_OVER

DEXTERITY = BonusKind.DEXTERITY
SHIELD = BonusKind.SHIELD
SPEED = BonusKind.SPEED
SUPERBONUS = BonusKind.SUPERBONUS
SUPER_JUMP = BonusKind.SUPER_JUMP

NORMAL = Surface.NORMAL
RINGS = Surface.RINGS
SPIKES = Surface.SPIKES

BONUS_SPACE = SpaceKind.BONUS
DOUBLE_SPACES = frozenset(space for space in SpaceKind if space.is_double)
