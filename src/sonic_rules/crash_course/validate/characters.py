"""The characters of a consistent state and the tokens they hold: the roster of the
options, what each character board may hold, and every token of the box accounted for.
"""

from __future__ import annotations

from sonic_rules.core.errors import InvalidStateError
from sonic_rules.core.interning import Findings, IdentityMemo
from sonic_rules.crash_course.state import (
    BEGINNER_KINDS,
    KINDS,
    MAX_DAMAGE,
    MAX_ITEMS,
    MAX_RINGS,
    TOKEN_COUNTS,
    TOTAL_BIRDS,
    TOTAL_DAMAGE,
    TOTAL_ITEMS,
    Character,
    ItemKind,
    Options,
    Piece,
    State,
    Variant,
)

DEFAULT_ORDER = (
    Character.SONIC,
    Character.TAILS,
    Character.KNUCKLES,
    Character.EGGMAN,
)
"""The characters in turn order when the options name none (``CC-PROJ-CHARACTERS``)."""


def roster(players: int, variant: Variant, options: Options) -> tuple[Piece, ...]:
    """The characters of a game in turn order, each with its seat (checked)."""
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise InvalidStateError(f"players must be 2, 3 or 4, not {players!r}", "$.players")
    if variant is Variant.TWO_PLAYER and players != 2:
        raise InvalidStateError("the 2-player variant is for 2 players", "$.players")
    for name in ("turn_limit", "decision_limit"):
        limit = getattr(options, name)
        if limit is not None and (type(limit) is not int or limit < 1):
            raise InvalidStateError("must be a whole number, 1 or more", f"$.options.{name}")
    # CC-TWO-PLAYER-CHARACTERS: 2 players control 4 characters, each a Piece with its
    # own board (position, damage, items, Rings, Power-Up).
    count = 4 if variant is Variant.TWO_PLAYER else players
    names = options.characters or DEFAULT_ORDER[:count]
    if len(names) != count or len(set(names)) != count:
        raise InvalidStateError(
            f"expected {count} different characters, got {[n.value for n in names]}",
            "$.options.characters",
        )
    # CC-TWO-PLAYER-ORDER: characters 0..3 take turns in order; character n belongs
    # to seat n % 2, so P1 main, P2 main, P1 side-kick, P2 side-kick.
    return tuple(Piece(name, number % players) for number, name in enumerate(names))


_ROSTERS = IdentityMemo(256)
"""`roster` of the player counts, variants and options of states that passed."""
_BOARDS = IdentityMemo(256)
"""Characters found as their roster and variant allow, by characters, roster and variant."""


def state_roster(state: State, findings: Findings) -> tuple[Piece, ...]:
    """``roster(state.players, state.variant, state.options)``, remembered."""
    game = (state.players, state.variant, state.options)
    known: tuple[Piece, ...] | None = _ROSTERS.get(*game)
    if known is None:
        known = roster(*game)
        findings.note(_ROSTERS, game, known)
    return known


def check_characters(state: State, expected: tuple[Piece, ...], findings: Findings) -> None:
    """The characters are the roster's, in order, each holding what its board may hold."""
    if len(state.characters) != len(expected):
        raise InvalidStateError(f"expected {len(expected)} characters", "$.characters")
    boards = (state.characters, expected, state.variant)
    if _BOARDS.get(*boards) is None:
        _check_boards(state, expected)
        findings.note(_BOARDS, boards, True)


def _check_boards(state: State, expected: tuple[Piece, ...]) -> None:
    """Each character is its roster's, with what its board may hold."""
    for number, (character, wanted) in enumerate(zip(state.characters, expected, strict=True)):
        where = f"$.characters[{number}]"
        if character.name is not wanted.name or character.owner != wanted.owner:
            raise InvalidStateError(f"expected {wanted.name.value} of seat {wanted.owner}", where)
        if not 0 <= character.damage <= MAX_DAMAGE:
            raise InvalidStateError("damage must be 0, 1 or 2", f"{where}.damage")
        if len(character.items) > MAX_ITEMS or ItemKind.RING in character.items:
            raise InvalidStateError("at most 2 items, Rings apart", f"{where}.items")
        if not 0 <= character.rings <= MAX_RINGS:
            raise InvalidStateError("at most 3 Rings", f"{where}.rings")
        if character.power_up and character.rings:
            raise InvalidStateError("Rings are traded for the Power-Up", f"{where}.rings")
        if state.variant is Variant.BEGINNER:
            _check_beginner_board(character, where)


def _check_beginner_board(character: Piece, where: str) -> None:
    """``CC-BEGINNER-SKIP``, ``CC-PROJ-BEGINNER-RINGS``: a Beginner character holds Rings
    only: damage knocks it down instead, and Rings buy no Power-Up."""
    for name, value in (("damage", character.damage), ("items", character.items)):
        if value:
            raise InvalidStateError(f"the Beginner game has no {name}", f"{where}.{name}")
    if character.power_up:
        raise InvalidStateError("the Beginner game has no Power-Up", f"{where}.power_up")


def check_counts(state: State, count: int) -> None:
    """CC-COMPONENTS: the tokens in play add up to the box contents."""
    for name in ("pile", "discard", "box"):
        values = getattr(state, name)
        if len(values) != len(KINDS) or any(v < 0 for v in values):
            raise InvalidStateError(f"expected {len(KINDS)} non-negative counts", f"$.{name}")
    totals = _token_totals(state)
    if totals != _IN_PLAY:
        for kind, total in zip(KINDS, totals, strict=True):
            if total != TOKEN_COUNTS[kind]:
                raise InvalidStateError(
                    f"{total} {kind.value} tokens in play, the game has {TOKEN_COUNTS[kind]}",
                    "$.pile",
                )
    assert sum(totals) == TOTAL_ITEMS
    # CC-COMPONENTS, CC-BEGINNER-ITEMS: the tokens a game leaves in the box stay there.
    beginner = state.variant is Variant.BEGINNER
    if state.box != _BOXED[beginner]:
        raise InvalidStateError(
            "the Beginner game leaves every token but Boosters, Crabmeats and Rings in the box, "
            "the others leave none",
            "$.box",
        )
    if len(state.birds) != state.players or any(b < 0 for b in state.birds):
        raise InvalidStateError("one non-negative Flicky Bird count per seat", "$.birds")
    if beginner and any(state.birds):
        raise InvalidStateError("the Beginner game has no Flicky Birds", "$.birds")
    if state.bird_supply < 0 or state.bird_supply + sum(state.birds) != TOTAL_BIRDS:
        raise InvalidStateError("the Flicky Birds do not add up to 24", "$.bird_supply")
    if sum(c.damage for c in state.characters) > TOTAL_DAMAGE:
        raise InvalidStateError("more damage than the 12 tokens", "$.characters")
    if len(state.turn_hazard_damage) != count:
        raise InvalidStateError("one count per character", "$.turn_hazard_damage")


_IN_PLAY = [TOKEN_COUNTS[kind] for kind in KINDS]
"""``TOKEN_COUNTS`` in `KINDS` order: what `_token_totals` gives for a consistent state."""
_BOXED = {
    beginner: tuple(
        TOKEN_COUNTS[kind] if beginner and kind not in BEGINNER_KINDS else 0 for kind in KINDS
    )
    for beginner in (False, True)
}
"""The box of the Beginner game (``True``) and of the others."""
_RING = ItemKind.RING.index


def _token_totals(state: State) -> list[int]:
    """``state.token_count(kind)`` for each kind in `KINDS` order, in one pass."""
    totals = [a + b + c for a, b, c in zip(state.pile, state.discard, state.box, strict=True)]
    for character in state.characters:
        for kind in character.items:
            totals[kind.index] += 1
    ring = _RING
    totals[ring] += sum(c.rings for c in state.characters)
    totals[ring] += sum(pending.rings for pending in state.pending)
    for kind in state.drawn:
        totals[kind.index] += 1
    for item in state.board:
        totals[item.kind.index] += item.count
    return totals
