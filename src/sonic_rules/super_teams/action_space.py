"""Fixed integer spaces for Super Teams decisions and chance outcomes (agents, masks).

One space serves every player count and every option: an index names an action
without its seat (the seat is always the one to act), so the same 208 indices and 30
chance indices fit 2, 3 and 4 players. Every function takes the state the action is
taken in (both games' spaces have the same signatures; Crash Course needs the state).
At every decision node the legal actions, in `legal_actions` order, have increasing
indices; likewise the chance outcomes. `action_table` writes the layout for the docs.

Decisions (`action_index`, `action_from_index`, `legal_mask`):

=========  ===============================================================
index      action
=========  ===============================================================
0          ``Pass``
1-4        ``PlayBonus``: Speed, Dexterity, Superbonus, Shield
5-7        ``ChooseHalf``: rings, spikes, normal
8-15       ``ChooseJumper``: Sonic, Tails, Amy, Knuckles, Shadow, Silver,
           Metal Sonic, Rouge
16-207     ``Play``: 16 + 8 x card + character, card = 6 x colour + value - 1
           (colours blue, red, black, yellow), character as above
=========  ===============================================================

Chance outcomes (`chance_index`, `chance_from_index`):

=========  ===============================================================
index      outcome
=========  ===============================================================
0-23       ``Deal``: 6 x colour + value - 1
24         ``Deal`` of the special card
25-29      ``DrawBonus``: Speed, Dexterity, Superbonus, Shield, Super Jump
=========  ===============================================================

Super Jump has no decision index: it is never held, so never played (ST-SUPER-JUMP).
"""

from __future__ import annotations

import math

from sonic_rules.core.action_space import (
    check_named,
    deciding_seat,
    index_mask,
    require_chance,
    require_index,
)
from sonic_rules.core.chance import CHANCE
from sonic_rules.core.errors import InvalidActionError, require_instance
from sonic_rules.super_teams.actions import (
    ACTION_TYPES,
    Action,
    ChooseHalf,
    ChooseJumper,
    Deal,
    DrawBonus,
    Pass,
    Play,
    PlayBonus,
)
from sonic_rules.super_teams.board import Surface
from sonic_rules.super_teams.cards import SPECIAL, BonusKind, Card, Character, Colour
from sonic_rules.super_teams.engine import legal_actions
from sonic_rules.super_teams.legality import check
from sonic_rules.super_teams.state import HAND_SIZE, State

_HELD_BONUS: tuple[BonusKind, ...] = tuple(k for k in BonusKind if k is not BonusKind.SUPER_JUMP)
_HALVES: tuple[Surface, ...] = (Surface.RINGS, Surface.SPIKES, Surface.NORMAL)
_CHARACTERS: tuple[Character, ...] = tuple(Character)
_COLOURED: tuple[Card, ...] = tuple(Card(c, v) for c in Colour for v in range(1, 7))

PASS_INDEX = 0
BONUS_BASE = 1
HALF_BASE = BONUS_BASE + len(_HELD_BONUS)
JUMPER_BASE = HALF_BASE + len(_HALVES)
PLAY_BASE = JUMPER_BASE + len(_CHARACTERS)
NUM_DISTINCT_ACTIONS = PLAY_BASE + len(_COLOURED) * len(_CHARACTERS)

SPECIAL_INDEX = len(_COLOURED)
DRAW_BASE = SPECIAL_INDEX + 1
NUM_CHANCE_OUTCOMES = DRAW_BASE + len(BonusKind)


def _require_state(state: object) -> State:
    return require_instance(state, State, "state", "a Super Teams State")


def num_distinct_actions(state: State) -> int:
    """How many decision indices ``state``'s game has (any state of the game will do):
    208 for every configuration."""
    _require_state(state)
    return NUM_DISTINCT_ACTIONS


def num_chance_outcomes(state: State) -> int:
    """How many chance indices ``state``'s game has: 30 for every configuration."""
    _require_state(state)
    return NUM_CHANCE_OUTCOMES


def action_index(state: State, action: Action) -> int:
    """The index of a seat's decision in ``state`` (the seat itself is not part of it;
    in Super Teams the index does not depend on the state)."""
    _require_state(state)
    return _action_index(action)


def _action_index(action: Action) -> int:
    if type(action) not in ACTION_TYPES:
        raise TypeError(f"action must be a Super Teams action, got {action!r}")
    match action:
        case Pass():
            return PASS_INDEX
        case PlayBonus(kind=kind):
            if kind not in _HELD_BONUS:
                raise InvalidActionError(f"{action!r}: a {kind} is never played, so has no index")
            return BONUS_BASE + _HELD_BONUS.index(kind)
        case ChooseHalf(half=half):
            return HALF_BASE + _HALVES.index(half)
        case ChooseJumper(character=character):
            return JUMPER_BASE + character.order
        case Play(card=card, character=character):
            if card.is_special:
                raise InvalidActionError(f"{action!r}: the special card is never played")
            return PLAY_BASE + len(_CHARACTERS) * _COLOURED.index(card) + character.order
    raise InvalidActionError(f"{action!r} is a chance outcome: its index is chance_index()")


def _decision(seat: int, index: int) -> Action:
    if index == PASS_INDEX:
        return Pass(seat)
    if index < HALF_BASE:
        return PlayBonus(seat, _HELD_BONUS[index - BONUS_BASE])
    if index < JUMPER_BASE:
        return ChooseHalf(seat, _HALVES[index - HALF_BASE])
    if index < PLAY_BASE:
        return ChooseJumper(seat, _CHARACTERS[index - JUMPER_BASE])
    card, character = divmod(index - PLAY_BASE, len(_CHARACTERS))
    return Play(seat, _COLOURED[card], _CHARACTERS[character])


def action_from_index(state: State, index: int) -> Action:
    """The action ``index`` names for the seat to act in ``state``.

    Out of range: ``InvalidActionError``. In range but not legal here (a chance node,
    the game over, or a rule forbids it): ``IllegalActionError`` naming the index and
    the rule, the same decision ``apply`` makes.
    """
    state = _require_state(state)
    index = require_index(index, NUM_DISTINCT_ACTIONS, "action")
    action = _decision(deciding_seat(state.to_act, index, "ST-CHANCE", "ST-WIN"), index)
    check_named(check, state, action, f"action index {index} ({action})")
    return action


def legal_mask(state: State) -> list[bool]:
    """Which indices are legal for the seat to act (at a chance node: which chance
    indices are possible, `num_chance_outcomes` long; game over: all false)."""
    state = _require_state(state)
    if state.to_act is CHANCE:
        return index_mask(NUM_CHANCE_OUTCOMES, map(_chance_index, legal_actions(state)))
    return index_mask(NUM_DISTINCT_ACTIONS, map(_action_index, legal_actions(state)))


def chance_index(state: State, action: Action) -> int:
    """The index of a chance outcome (a `Deal` or a `DrawBonus`) in ``state``."""
    _require_state(state)
    return _chance_index(action)


def _chance_index(action: Action) -> int:
    if type(action) not in ACTION_TYPES:
        raise TypeError(f"action must be a Super Teams action, got {action!r}")
    match action:
        case Deal(card=card):
            return SPECIAL_INDEX if card.is_special else _COLOURED.index(card)
        case DrawBonus(kind=kind):
            return DRAW_BASE + kind.order
    raise InvalidActionError(f"{action!r} is a seat's decision: its index is action_index()")


def chance_from_index(state: State, index: int) -> Action:
    """The chance outcome ``index`` names in ``state`` (errors as `action_from_index`)."""
    state = _require_state(state)
    index = require_index(index, NUM_CHANCE_OUTCOMES, "chance")
    require_chance(state.to_act, index, "ST-CHANCE")
    action: Action
    if index < DRAW_BASE:
        card = SPECIAL if index == SPECIAL_INDEX else _COLOURED[index]
        action = Deal(state.deal_next, card)
    else:
        seat = state.bonus_queue[0] if state.bonus_queue else 0
        action = DrawBonus(seat, list(BonusKind)[index - DRAW_BASE])
    check_named(check, state, action, f"chance index {index} ({action})")
    return action


def max_decisions_per_turn(state: State) -> int:
    """At most 4 decisions per turn with 4 players, 3 otherwise (see `max_game_length`)."""
    state = _require_state(state)
    return 4 if state.players == 4 else 3


def max_game_length(state: State) -> int | None:
    """A proven bound on the decisions (chance excluded) of a whole game with
    ``state``'s configuration, so also on those still to come from ``state``; ``None``
    without a turn limit, because then no bound exists.

    Super Teams has no bound without a turn limit (ST-OPT-TURN-LIMIT). A move whose
    final space is in a loop goes back to the nearest normal space behind the loop
    (ST-LOOP-FALLBACK), which can be the space it started from: on the shipped board a
    character on space 10 (grass, the loop is 11-13) that plays a 1, 2 or 3 stays on 10;
    on a board whose loop is longer than any move from the normal space behind it can
    reach, it stays there whatever card is played, unless a Dexterity Bonus carries it
    through. Every hand is dealt again when it empties, so such moves can repeat
    without end. With a limit of ``T`` turns and ``n`` players:

    - A turn is one ``Play`` (1 decision), then the bonus response window: each seat in
      ``responders`` answers at most once (``PlayBonus`` or ``Pass`` removes it), and
      there are at most 2 of them (the holder, and with 4 players the partner), else
      1; then at most one ``ChooseHalf``. So at most 4 decisions (4 players), else 3.
    - The other decision is ``ChooseJumper``, only after a Super Jump taken in the
      bonus round of a revealed special card: at most n per reveal (one bonus card
      per seat). The special card is revealed at most twice per deal: a deal starts
      with at least 6n cards in the deck (ST-DECK-RESHUFFLE), so it runs dry only if
      the special card was among them; the mid-deal reshuffle then puts every card not
      in a hand in the deck (37 or 49 cards), more than the deal still needs even with
      one more special card, so the deck never runs dry again in that deal.
    - Each turn plays exactly one card and a deal gives 6n, so deals happen only when
      ``turns_played`` is 0, 6n, 12n, ...: at most ``ceil(T / 6n)`` deals, the game
      ending at the limit before another.

    Hence: ``T x max_decisions_per_turn + 2n x ceil(T / 6n)``.
    """
    state = _require_state(state)
    limit = state.options.turn_limit
    if limit is None:
        return None
    n = state.players
    return limit * max_decisions_per_turn(state) + 2 * n * _deals(limit, n)


def max_chance_nodes(state: State) -> int | None:
    """A proven bound on the chance nodes of a whole game with ``state``'s configuration;
    ``None`` without a turn limit.

    With a limit of ``T`` turns, ``n`` players and ``D = ceil(T / 6n)`` deals (see
    `max_game_length`): a deal is 6n ``Deal`` outcomes plus one more for each special
    card dealt (at most 2 per deal), and each special card starts a bonus round of at
    most n ``DrawBonus`` outcomes; a turn's move ends on at most one bonus space, one
    more ``DrawBonus`` (a Super Jump lands on rings and triggers nothing:
    ST-SUPER-JUMP-NO-TRIGGER). Hence ``D x (6n + 2 + 2n) + T``.
    """
    state = _require_state(state)
    limit = state.options.turn_limit
    if limit is None:
        return None
    n = state.players
    return _deals(limit, n) * (HAND_SIZE * n + 2 + 2 * n) + limit


def _deals(turns: int, players: int) -> int:
    return math.ceil(turns / (HAND_SIZE * players))


def action_table(state: State) -> str:
    """The decision and chance index layout as a markdown table (for the docs); the
    same for every Super Teams state."""
    _require_state(state)
    rows = ["| index | kind | action |", "|---|---|---|"]
    rows.append(f"| {PASS_INDEX} | decision | pass |")
    for i, kind in enumerate(_HELD_BONUS):
        rows.append(f"| {BONUS_BASE + i} | decision | play bonus card {kind.value} |")
    for i, half in enumerate(_HALVES):
        rows.append(f"| {HALF_BASE + i} | decision | choose the {half} half |")
    for character in _CHARACTERS:
        rows.append(
            f"| {JUMPER_BASE + character.order} | decision | Super Jump {character.value} |"
        )
    for i, card in enumerate(_COLOURED):
        first = PLAY_BASE + len(_CHARACTERS) * i
        rows.append(
            f"| {first}-{first + len(_CHARACTERS) - 1} | decision | play {card} for "
            "sonic, tails, amy, knuckles, shadow, silver, metal-sonic, rouge |"
        )
    for i, card in enumerate((*_COLOURED, SPECIAL)):
        rows.append(f"| {i} | chance | deal {card} |")
    for kind in BonusKind:
        rows.append(f"| {DRAW_BASE + kind.order} | chance | take bonus card {kind.value} |")
    return "\n".join(rows)
