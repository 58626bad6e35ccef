"""The Crash Course rule book: an id for every rule of the rulebook and every ruling.

``source`` says where each rule comes from: ``rulebook`` (``rulebooks/crash-course.txt``),
``ruling`` (``RULINGS.md``), ``project`` (a ruling this library made where neither says
anything: what a table of players would expect) or ``option`` (a selectable reading).
The chapters of the variants and the options are in `variant_rules`.
"""

from __future__ import annotations

from sonic_rules.core.rules import Rule, RuleBook
from sonic_rules.crash_course.variant_rules import OPTION_RULES, VARIANT_RULES

_R = "rulebook"
_G = "ruling"
_P = "project"
_O = "option"

_RULES: list[tuple[str, str, str, str]] = [
    # Components, set-up, geometry
    (
        "CC-COMPONENTS",
        "Components",
        "60 item tokens (10 Rings, 10 Boosters, 10 Springs, "
        "10 Crabmeats, 5 Bombs, 5 Bumpers, 10 Motobugs), 24 Flicky Birds, 12 Damage tokens, "
        "4 Power-Up tokens, 7 track tiles and 3 shortcut tiles.",
        _R,
    ),
    (
        "CC-SETUP",
        "Set-up",
        "The two star tiles start the course, the starting line first; "
        "the characters wait off the track, facing the starting line.",
        _R,
    ),
    (
        "CC-GEOMETRY",
        "Tiles on a grid",
        "The track is three lanes wide; tiles sit one per "
        "cell of a square grid; a space is (tile, row, lane) and lane order is kept from tile "
        "to tile, corners included. The catalogue is package data (a reconstruction).",
        _G,
    ),
    (
        "CC-TILE-ORIENTATION",
        "Tile orientation",
        "A straight tile can be laid in two "
        "directions (flipping the sides its arrows point to); a corner can turn left or right.",
        _G,
    ),
    (
        "CC-COURSE-CONTINUOUS",
        "Continuous course",
        "A new tile's entry edge meets the newest tile's exit edge, walls and grass aligned.",
        _R,
    ),
    (
        "CC-MEGA-JUMP",
        "Mega Jump",
        "If the cell in front of the newest tile is taken, the "
        "new tile goes in the first free cell further along that straight line; leaving the "
        "tile before the gap lands on the facing row of the tile across, as one step.",
        _G,
    ),
    (
        "CC-PROJ-FIRST-PLAYER",
        "First player",
        "Seat 0 takes the first turn (the rulebook's "
        "'last in a race' is decided by the players before seating).",
        _P,
    ),
    (
        "CC-PROJ-CHARACTERS",
        "Characters",
        "By default seat 0 plays Sonic, seat 1 Tails, "
        "seat 2 Knuckles, seat 3 Eggman; Options.characters may assign them differently.",
        _P,
    ),
    # The turn
    ("CC-TURN-ORDER", "Turn order", "Play passes to the next seat on the left.", _R),
    (
        "CC-TURN-ACTIONS",
        "Three actions",
        "After the draw, the active character does "
        "exactly 3 actions, each Fix Damage or Move; using items, laying shortcut tiles and "
        "laying track tiles are free.",
        _R,
    ),
    (
        "CC-PROJ-END-TURN",
        "Ending the turn",
        "Ending the turn is an explicit action, legal "
        "once the 3 actions are spent (or when none of them is possible).",
        _P,
    ),
    ("CC-FIX-DAMAGE", "Fix Damage", "One action removes one Damage token.", _R),
    (
        "CC-FIX-BEFORE-MOVE",
        "Fix before moving",
        "A damaged character must fix all its "
        "damage before it may Move; damage taken mid-turn must be fixed again first.",
        _R,
    ),
    (
        "CC-DAMAGE-FIRST",
        "Damage first",
        "A character with any damage must fix all of it before doing anything else that "
        "turn: while it is damaged its player may only Fix Damage (an action) or spend its "
        "Power-Up to remove damage. No item is used (placing one, Motobug, Bomb, Bumper), no "
        "Power-Up turns the newest tile and, with the official draw, no Draw action is "
        "taken; shortcuts are neither laid nor used (both need a Move now: "
        "CC-FIX-BEFORE-MOVE). Damage taken mid-turn is fixed the same way with the actions "
        "left. What the turn owes goes on (the start-of-turn draw, which is not an action; "
        "a tile to lay; Rings to drop). With damage and no action left the turn can end; "
        "with damage and an action left it cannot, as Fix is possible.",
        _G,
    ),
    (
        "CC-FIRST-ENTRY",
        "First entry",
        "A character not yet on the track enters any of the "
        "three spaces of the first tile's entry row.",
        _R,
    ),
    (
        "CC-PROJ-WRONG-SEAT",
        "Whose decision",
        "Only the seat to act may act; every decision belongs to exactly one seat.",
        _P,
    ),
    (
        "CC-PROJ-PHASE",
        "One kind of decision at a time",
        "An action is only legal in the "
        "phase that asks for it (a draw choice, a tile to lay, a ring drop, ...).",
        _P,
    ),
    # Placement and draw
    (
        "CC-PLACEMENT",
        "Placement",
        "Progress is tile order then row; characters off the "
        "track are behind everyone; ties share the higher place (characters tied at the "
        "back are in the middle, not last); all tied is all first.",
        _G,
    ),
    (
        "CC-DRAW",
        "Placement draw",
        "At the start of the turn (no action): first place draws 1 "
        "item, last draws 3 and keeps 1, anyone between draws 2 and keeps 1.",
        _R,
    ),
    ("CC-DRAW-RINGS", "Drawn Rings", "Every Ring drawn is kept besides the item chosen.", _R),
    ("CC-DRAW-RETURN", "Unkept items", "Drawn items not kept go back into the pile.", _R),
    ("CC-HOLD-LIMIT", "Hold limit", "A character holds at most 2 items, Rings apart.", _R),
    (
        "CC-DRAW-FULL-HAND",
        "Full hand",
        "Holding 2 items, the player discards one and then draws, or skips the draw.",
        _G,
    ),
    (
        "CC-PILE-RESHUFFLE",
        "Pile reshuffle",
        "When the pile cannot supply the draw, the discard pile is shuffled into it.",
        _R,
    ),
    # Movement and hazards
    (
        "CC-MOVE-FORWARD",
        "Move",
        "A Move steps to the next row: same lane or diagonally one lane left or right.",
        _R,
    ),
    (
        "CC-PUSH",
        "Push",
        "Entering an occupied space pushes the occupant one space forward "
        "in its own lane; the pushed character resolves the space it enters.",
        _R,
    ),
    (
        "CC-PUSH-CHAIN",
        "Push chain",
        "A pushed character that enters an occupied space pushes that occupant in turn.",
        _R,
    ),
    ("CC-ONE-PER-SPACE", "One character per space", "At most one character stands on a space.", _G),
    ("CC-SPIKES", "Spikes", "Entering spikes deals 1 damage (a boost goes on).", _R),
    (
        "CC-BUZZ-BOMBER",
        "Buzz Bombers",
        "A Buzz Bomber hurts only a character that jumps "
        "(Spring or Bumper) into or over it: 1 damage, and the jump ends there.",
        _R,
    ),
    (
        "CC-DAMAGE-CAP",
        "Damage cap",
        "A character holds at most 2 damage and takes no more beyond that.",
        _R,
    ),
    # Items
    (
        "CC-ITEM-PLACE-EMPTY",
        "Placing items",
        "Springs, Boosters and Crabmeats are placed on "
        "an empty space: no item, spikes, Buzz Bomber or character.",
        _R,
    ),
    (
        "CC-PROJ-ITEMS-OWN-TURN",
        "When items are used",
        "Items and Power-Up tokens are used "
        "by the active character during its actions phase, as free steps.",
        _P,
    ),
    (
        "CC-ITEM-MOTOBUG",
        "Motobug",
        "Each character ahead in the user's lane (around "
        "corners) takes 1 damage, nearest first; a Crabmeat in the lane stops it and both are "
        "discarded.",
        _R,
    ),
    (
        "CC-PROJ-MOTOBUG-ON-TRACK",
        "Motobug needs a lane",
        "A character not yet on the track has no lane and cannot use a Motobug.",
        _P,
    ),
    (
        "CC-ITEM-BOMB",
        "Bomb",
        "Choose any tile: each character on it takes 1 damage (the "
        "user too) and every item on it is discarded.",
        _R,
    ),
    (
        "CC-ITEM-BUMPER",
        "Bumper",
        "Any character goes 2 spaces back in its lane, skipping "
        "what lies between, never behind the course's first row; a Buzz Bomber in the way "
        "stops it there with damage; the landing space resolves as an entry.",
        _R,
    ),
    (
        "CC-PROJ-BUMPER-PUSH",
        "Bumped onto a character",
        "A character bumped onto an occupied space pushes the occupant forward, as any entry "
        "does. The bounced character leaves its space at once: nothing moved meanwhile meets "
        "it there.",
        _P,
    ),
    (
        "CC-ITEM-SPRING",
        "Spring",
        "Entering a Spring with a ground obstacle (spikes, Crabmeat, "
        "a character) straight ahead jumps over every consecutive ground obstacle to the first "
        "space that is empty or holds a Booster, Spring or Buzz Bomber; otherwise it does "
        "nothing. Landing on a Spring ends a boost.",
        _R,
    ),
    (
        "CC-PROJ-SPRING-EDGE",
        "Spring at the edge",
        "A Spring on the last row of the newest "
        "tile has nothing ahead of it and does nothing (until a tile is laid).",
        _P,
    ),
    (
        "CC-ITEM-BOOSTER",
        "Booster",
        "Entering a Booster moves the character 2 more spaces "
        "straight ahead, one at a time; another Booster restarts the boost (two in a row: 3 "
        "spaces); spikes hurt and the boost goes on; a Crabmeat or Spring ends it.",
        _R,
    ),
    (
        "CC-ITEM-CRABMEAT",
        "Crabmeat",
        "Entering a Crabmeat deals 1 damage and ends a boost; "
        "the Crabmeat stays until a Motobug or Bomb removes it.",
        _R,
    ),
    ("CC-ITEM-RING", "Ring", "Rings are kept apart from the 2 items.", _R),
    (
        "CC-RING-LIMIT",
        "Ring limit",
        "At most 3 Rings; Rings taken while holding 3 or a Power-Up are discarded.",
        _R,
    ),
    (
        "CC-POWER-UP-GAIN",
        "Power-Up",
        "Three Rings are exchanged at once for the character's Power-Up token.",
        _R,
    ),
    (
        "CC-POWER-UP-HEAL",
        "Power-Up: heal",
        "Spend the Power-Up during your turn to remove 1 damage.",
        _G,
    ),
    (
        "CC-POWER-UP-TURN",
        "Power-Up: turn the newest tile",
        "Spend the Power-Up during your "
        "turn to turn the newest tile (a straight one reverses, a corner turns the other way); "
        "characters and items stay on their spaces and the course stays continuous.",
        _G,
    ),
    (
        "CC-RING-LOSS",
        "Ring loss",
        "A character without a Power-Up that takes damage from an "
        "item (Motobug, Bomb, Crabmeat) drops all its Rings as a stack on an empty space of the "
        "tile behind it, chosen by its player; with no such space the Rings are discarded.",
        _G,
    ),
    (
        "CC-PROJ-RING-DROP-TIMING",
        "When Rings drop",
        "The Rings leave the character at once; once the action has fully resolved "
        "(pushes, boosts, jumps and any tile laid included), its player chooses where the "
        "stack lands. 'The tile behind' is the tile behind the space the character stands on "
        "at that moment, not the one where it was hurt; with no tile behind it, or no empty "
        "space on that tile, the Rings are discarded.",
        _P,
    ),
    (
        "CC-PROJ-NO-DAMAGE-NO-LOSS",
        "No damage, no loss",
        "A character already at 2 damage takes none from an item and so keeps its Rings.",
        _P,
    ),
    (
        "CC-RING-STACK",
        "Ring stacks",
        "A character entering a ring stack takes it, up to its ring limit.",
        _G,
    ),
    (
        "CC-PROJ-RING-STACK-EXCESS",
        "Ring stack excess",
        "Rings of a stack beyond the taker's limit are discarded; the stack is gone.",
        _P,
    ),
    # Track tiles and birds
    (
        "CC-TILE-LAY",
        "Laying a tile",
        "A character leaving the front edge of the newest tile "
        "by any means (move, push, boost, spring) makes the active player lay a tile, then goes "
        "on onto it.",
        _R,
    ),
    (
        "CC-TILE-CHOICE",
        "Choice of tile",
        "The active player chooses which tile of the pile to lay and how it faces.",
        _R,
    ),
    (
        "CC-FLICKY-NEW-TILE",
        "Flicky Bird",
        "The first character onto a newly laid tile gains "
        "a Flicky Bird, even one forced onto it by another player.",
        _R,
    ),
    (
        "CC-TILE-RECYCLE",
        "Recycling the rearmost tile",
        "With the pile empty the rearmost tile moves to the front, items and all.",
        _R,
    ),
    (
        "CC-SECONDARY-WIN",
        "Secondary win",
        "If a character stands on the tile to be "
        "recycled, the player who had to move it wins at once (2-player variant: "
        "CC-TWO-PLAYER-SECONDARY-WIN).",
        _R,
    ),
    (
        "CC-OPT-SET-BACK",
        "Set back instead (option)",
        "Characters on the recycled tile are "
        "set back to the new rearmost tile instead of the game ending.",
        _O,
    ),
    (
        "CC-PROJ-SETBACK-SPACE",
        "Where a set-back character goes",
        "To the free space of the "
        "new rearmost tile nearest its old one: lowest row first, same lane first, then the "
        "nearer lane (left before right); the space is not resolved as an entry.",
        _P,
    ),
    (
        "CC-TWO-PLAYER-SECONDARY-WIN",
        "2-player secondary win",
        "In the 2-player variant, lifting the rearmost tile wins only when an opponent's "
        "character stands on it. The lifting player's own characters on it (the active "
        "character or its partner) are set back to the new rearmost tile instead "
        "(CC-PROJ-SETBACK-SPACE); with both the player's own and an opponent's character "
        "on it, the lifter wins. Otherwise parking one's own side-kick at the back would "
        "be a winning strategy. In the standard game every character is another player's, "
        "so CC-SECONDARY-WIN applies unchanged.",
        _G,
    ),
    # Shortcuts
    (
        "CC-SHORTCUT-JOIN",
        "Joined arrows",
        "Two arrow spaces are joined when their arrows face "
        "each other across side-by-side tiles, or through a continuous path of shortcut "
        "tiles from the side edge of one arrow's tile to the side edge of the other's.",
        _G,
    ),
    (
        "CC-PROJ-SHORTCUT-BENT",
        "Shortcut tiles run straight or bend",
        "A shortcut tile fills one empty grid cell and carries the path from the midpoint "
        "of the edge it is entered by to the midpoint of any other edge: straight across "
        "or round a corner, as the tile allows (the catalogue's shapes; the shipped tiles "
        "allow both). A path therefore starts and ends at a middle-row arrow space, where "
        "an arrow points at its tile edge's midpoint; arrows in the other rows join only "
        "side by side. The rulebook asks only for a continuous path connecting the arrows.",
        _P,
    ),
    (
        "CC-SHORTCUT-LAY",
        "Laying shortcut tiles",
        "Free, only while the active character "
        "stands on an arrow space with a Move still possible; the path must join two arrow "
        "spaces, leading further along the course.",
        _R,
    ),
    (
        "CC-SHORTCUT-LAY-STEP",
        "Laying a shortcut tile by tile",
        "A shortcut is laid one tile at a time by the active player: each tile goes in the "
        "one cell the open end of the path points into (first, the cell beside the "
        "character's arrow space), is entered by that edge and leaves by another, and is a "
        "free tile. The first tile starts the attempt (phase laying-shortcut), in which "
        "nothing else is done until it is finished. A tile after which no path to an "
        "arrow space further along can be completed with the tiles left is refused.",
        _P,
    ),
    (
        "CC-SHORTCUT-LAY-COMPLETE",
        "Finishing a shortcut",
        "The player finishes the attempt. A complete path (its open end meets an arrow "
        "space further along, pointing back at it) stays on the table and may be used; an "
        "incomplete one is refused and the tiles laid in the attempt return to the supply, "
        "the turn going on as before the attempt.",
        _P,
    ),
    (
        "CC-SHORTCUT-USE",
        "Using a shortcut",
        "One Move, from one arrow space to the joined one "
        "further along the course; the landing space resolves as an entry.",
        _R,
    ),
    (
        "CC-SHORTCUT-RETURN",
        "Returned shortcut tiles",
        "Shortcut tiles no longer joining two "
        "arrow spaces (a tile was moved or turned) return to the supply.",
        _R,
    ),
    # Finish
    (
        "CC-FINISH",
        "Finish line",
        "A character whose player holds the required Flicky Birds "
        "and leaves the front edge of the newest tile crosses the finish line: its player "
        "wins.",
        _R,
    ),
    ("CC-FINISH-BIRDS", "Birds needed", "2 players 10, 3 players 7, 4 players 5.", _R),
    # Abilities
    (
        "CC-ABILITY-SONIC",
        "Sonic",
        "+1 Flicky Bird when, within one of his own Move actions "
        "(a step, a first entry or a shortcut), a Booster carries him onto a second Booster; "
        "a Bumper or a push is not a Move action.",
        _R,
    ),
    (
        "CC-PROJ-SONIC-CHAIN",
        "Sonic's Booster chains",
        "Each time, within one of his Move actions, a Booster carries Sonic onto another "
        "Booster counts as a combo: three Boosters in a row earn 2 Flicky Birds.",
        _P,
    ),
    (
        "CC-ABILITY-TAILS",
        "Tails",
        "A Spring jump over exactly 3 obstacles: +1; over 4 or more: +2.",
        _R,
    ),
    (
        "CC-ABILITY-KNUCKLES",
        "Knuckles",
        "+1 each time he uses a shortcut running through "
        "shortcut tiles, and +1 for each shortcut tile laid for that use.",
        _R,
    ),
    (
        "CC-ABILITY-EGGMAN",
        "Eggman",
        "+1 for each character that takes 2 damage in total "
        "during Eggman's turn from spikes, Crabmeat and Buzz Bombers (once per character per "
        "turn).",
        _R,
    ),
]

RULES = RuleBook(
    "crash-course",
    [
        Rule(rule_id, title, text, source)
        for rule_id, title, text, source in _RULES + VARIANT_RULES + OPTION_RULES
    ],
)
"""Every Crash Course rule id with its title, plain-words text and source."""
