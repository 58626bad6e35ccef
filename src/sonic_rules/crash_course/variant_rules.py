"""The Crash Course rule book's last chapters: the variants (2-player, Beginner) and the
options.

``VARIANT_RULES`` (the 2-player and Beginner variants) and ``OPTION_RULES`` (the options,
and how they combine with the rest) list ``(id, title, text, source)`` as
`sonic_rules.crash_course.rules` does, which adds them after the chapters of the
standard game to build `RULES`.
"""

from __future__ import annotations

_R = "rulebook"
_P = "project"
_O = "option"

VARIANT_RULES: list[tuple[str, str, str, str]] = [
    (
        "CC-TWO-PLAYER-CHARACTERS",
        "Side-kicks",
        "In the 2-player variant each player has a "
        "main character and a side-kick, each with its own board.",
        _R,
    ),
    (
        "CC-TWO-PLAYER-ORDER",
        "2-player turn order",
        "P1 main, P2 main, P1 side-kick, P2 side-kick.",
        _R,
    ),
    (
        "CC-TWO-PLAYER-BIRDS",
        "2-player birds",
        "A player's two characters together need 7 Flicky Birds; either may then cross to win.",
        _R,
    ),
    (
        "CC-BEGINNER-SETUP",
        "Beginner set-up",
        "All 7 tiles are laid first, in a given order "
        "(Options.beginner_course) or a random one dealt by chance; two face-down items "
        "(Crabmeat, Booster or Ring only) on each tile.",
        _R,
    ),
    (
        "CC-PROJ-BEGINNER-RANDOM-TRACK",
        "A random Beginner track",
        "Without a given order, each next tile "
        "is a chance outcome, every tile left equally likely, laid as printed after the "
        "one before (a Mega Jump if its cell is taken); the first tile dealt is the Start.",
        _P,
    ),
    (
        "CC-PROJ-BEGINNER-HIDDEN",
        "Face-down tokens stay unknown",
        "The kind of a face-down token is not "
        "decided when it is laid: it is a chance outcome when a character enters its space, "
        "each token nobody has seen yet (in the box or face down) equally likely.",
        _P,
    ),
    (
        "CC-PROJ-BEGINNER-LAYOUT",
        "Beginner item spaces",
        "The two face-down items of a tile "
        "go on its first two empty spaces in the order row 1 left, row 2 right, row 1 right, "
        "row 2 left, then reading order (they are placed face down, kinds unknown).",
        _P,
    ),
    (
        "CC-BEGINNER-MOVE",
        "Beginner moves",
        "Move up to 3 spaces one at a time, forward or "
        "diagonally forward, bumping an occupant forward one space; the turn may end early.",
        _R,
    ),
    (
        "CC-BEGINNER-ITEMS",
        "Beginner items",
        "A face-down item is revealed when entered: a Ring "
        "is kept, a Booster moves 2 spaces on, a Crabmeat deals damage and stops a boost; "
        "Boosters and Crabmeats stay face up. Spikes and Buzz Bombers deal damage when landed "
        "on.",
        _R,
    ),
    (
        "CC-PROJ-BEGINNER-RINGS",
        "Beginner ring limit",
        "A character keeps at most 3 Rings; a Ring beyond that is discarded.",
        _P,
    ),
    (
        "CC-BEGINNER-SKIP",
        "Beginner damage",
        "A damaged character lies down and skips its "
        "next turn unless its player discards a Ring at once.",
        _R,
    ),
    (
        "CC-PROJ-BEGINNER-KNOCKED",
        "Lying down",
        "A character lying down cannot move on for the "
        "rest of the turn; further damage does nothing; it is still bumped.",
        _P,
    ),
    ("CC-BEGINNER-FINISH", "Beginner finish", "The first character off the finish tile wins.", _R),
    (
        "CC-BEGINNER-NO-EXTRAS",
        "Beginner simplifications",
        "No draws, abilities, shortcuts, Power-Ups, damage tokens or Flicky Birds.",
        _R,
    ),
]

OPTION_RULES: list[tuple[str, str, str, str]] = [
    (
        "CC-OPT-OFFICIAL-DRAW",
        "Official draw (option)",
        "Drawing is an action, taken after fixing and before moving, and may be repeated.",
        _O,
    ),
    (
        "CC-PROJ-OFFICIAL-DRAW-FULL-HAND",
        "Official draw with a full hand",
        "With the official-draw option, a player skips the draw by not taking the Draw "
        "action. A player holding 2 items may still take it: having spent the action, they "
        "must discard one of the 2 items and then draw; the draw cannot be skipped once the "
        "action is spent.",
        _P,
    ),
    (
        "CC-OPT-DAMAGE-BARS-ONLY-MOVES",
        "Damage bars only moves (option)",
        "A damaged character is only barred from moving (CC-FIX-BEFORE-MOVE, and so from "
        "shortcuts); it may use its items and its Power-Up as if undamaged. With the "
        "official draw, drawing still comes after fixing.",
        _O,
    ),
    (
        "CC-OPT-LITERAL-SECONDARY-WIN",
        "Literal secondary win (option)",
        "In the 2-player variant too, any character on the rearmost tile when it must be "
        "lifted, the lifter's own included, makes the lifting player win, as the rulebook "
        "literally reads. The set-back option (CC-OPT-SET-BACK) still takes precedence.",
        _O,
    ),
    (
        "CC-OPT-OPEN-ITEMS",
        "Open items (option)",
        "Every seat sees every character's held items (by default a held item is seen by "
        "its holder only, and the number held by everyone). Items drawn and not kept still "
        "go back unseen by the others.",
        _O,
    ),
    (
        "CC-OPT-TURN-LIMIT",
        "Turn limit (option)",
        "When the table sets a turn limit, the game ends as soon as that many turns have "
        "ended without a winner; the race is unfinished and nobody wins. Every turn counts, "
        "a skipped one (CC-BEGINNER-SKIP) included.",
        _O,
    ),
    (
        "CC-OPT-DECISION-LIMIT",
        "Decision limit (option)",
        "When a decision limit is set, the game ends as soon as the seats have made that "
        "many decisions (chance outcomes apart) without a winner, wherever it stands: a "
        "movement under way stops, a shortcut being laid goes back to the supply. The race "
        "is unfinished and nobody wins. Meant for programs that need a bound on a game's "
        "length; a turn limit alone gives none, since an incomplete shortcut can be laid and "
        "taken back again and again within one turn (CC-SHORTCUT-LAY-COMPLETE).",
        _O,
    ),
]
