"""Every rule of Sonic Super Teams, with its id.

Sources: ``rulebook`` (rulebooks/super-teams.txt), ``ruling`` (RULINGS.md),
``project`` (a ruling this project made where neither says anything), ``option``.
"""

from __future__ import annotations

from sonic_rules.core.rules import Rule, RuleBook

_R = Rule

RULES = RuleBook(
    "Sonic Super Teams",
    [
        _R(
            "ST-COMP-DECK",
            "Movement deck",
            "4 colours x values 1-6 x 2 copies = 48 movement cards plus 1 special card; with 3 "
            "players the unused colour's 12 cards are removed (37 cards).",
        ),
        _R(
            "ST-COMP-BONUS",
            "Bonus deck",
            "20 bonus cards: Speed Bonus, Dexterity Bonus, Superbonus, Shield and Super Jump, "
            "4 of each by default.",
            "ruling",
        ),
        _R(
            "ST-SETUP-START",
            "Characters start at the start",
            "Every character in play starts on space 0, the start.",
        ),
        _R(
            "ST-SEATS-SIDES",
            "Seats and sides",
            "2 players: each holds two colours and is one side. 3 players: each holds one colour "
            "and is one side. 4 players: each holds one colour; seats 0 and 2 are partners, as "
            "are 1 and 3, and a partnership is one side.",
            "ruling",
        ),
        _R(
            "ST-TURN-ORDER",
            "Turn order",
            "Players take turns clockwise (seat + 1). Only the seat to act may act.",
        ),
        _R(
            "ST-DEAL",
            "Dealing",
            "Each player is dealt 6 cards. Nobody draws during a round; when every hand is "
            "empty each player is dealt 6 again.",
        ),
        _R(
            "ST-DECK-RESHUFFLE",
            "Deck reshuffle",
            "When the deck cannot deal 6 to every player, the discard pile (with the special "
            "card if discarded) is shuffled with the rest of the deck, then the deal goes on. "
            "If the deck empties mid-deal, the same reshuffle happens then: it takes the whole "
            "discard pile, the special card included even if it was revealed earlier in the "
            "same deal; if it is dealt again, its effect happens again.",
            "ruling",
        ),
        _R(
            "ST-SPECIAL-CARD",
            "The special card",
            "A player dealt the special card reveals and discards it and is dealt a replacement.",
        ),
        _R(
            "ST-SPECIAL-BONUS",
            "Special card: a bonus card for everyone",
            "After the replacement, every player, starting with the one who was dealt the "
            "special card and going clockwise, takes the top bonus card.",
        ),
        _R(
            "ST-PLAY-CARD",
            "Play a movement card",
            "On their turn a player plays one movement card from their hand.",
        ),
        _R(
            "ST-CHARACTER-COLOUR",
            "Move a character of the card's colour",
            "The card moves one character of its colour that has not crossed, whoever owns it.",
        ),
        _R(
            "ST-COLOUR-FALLBACK",
            "Colour fallback",
            "If both characters of the card's colour have crossed, the card moves a character of "
            "the other colour of the same side (2 players: the player's other colour; 4 players: "
            "the partner's colour).",
        ),
        _R(
            "ST-CROSSED-STAY",
            "Crossed characters stay across",
            "A character that has crossed the finish line is never moved again.",
        ),
        _R(
            "ST-SHARED-SPACES",
            "Shared spaces",
            "Any number of characters may occupy the same space.",
        ),
        _R(
            "ST-VALUE-NORMAL",
            "Normal value",
            "From a normal space (start, grass, bridge, bonus) or a normal half, a character "
            "moves the card's value.",
        ),
        _R(
            "ST-VALUE-RINGS",
            "Rings double",
            "From rings (or a rings half) the card's value is doubled.",
        ),
        _R(
            "ST-VALUE-SPIKES",
            "Spikes make it 1",
            "From spikes (or a spikes half) any card's value is 1.",
        ),
        _R(
            "ST-DOUBLE-HALF",
            "Double spaces",
            "A character that stops on a double space is put on one half, chosen by the player "
            "who played the card; that half governs its next move.",
        ),
        _R(
            "ST-BONUS-SPACE",
            "Bonus spaces",
            "If a character's final space is a bonus space, the player holding that character's "
            "colour takes the top bonus card. The final space is where the move finally leaves "
            "it (after a loop fall-back or a Dexterity move too).",
        ),
        _R(
            "ST-LOOP-FALLBACK",
            "Loops: falling back",
            "If a move's final space is a loop space, the character goes back to the nearest "
            "normal space behind that loop.",
        ),
        _R(
            "ST-LOOP-PASS",
            "Loops: passing through",
            "A move that ends beyond a loop's last space passed through it and is unaffected.",
        ),
        _R(
            "ST-CROSSING",
            "Crossing the line",
            "A move that would reach past the last space crosses the finish line; no exact "
            "count is needed.",
            "ruling",
        ),
        _R(
            "ST-RESPONSE-WINDOW",
            "Bonus response window",
            "After the card is played and the character chosen, before the move resolves, the "
            "player holding the moved character's colour may play one bonus card; if that player "
            "passes, their partner (4 players) may. Passing is an explicit action.",
            "ruling",
        ),
        _R(
            "ST-RESPONSE-ONE-CARD",
            "One bonus card per move",
            "At most one bonus card applies to a move.",
            "ruling",
        ),
        _R(
            "ST-RESPONSE-MUST-APPLY",
            "The mover must apply it",
            "The player who played the movement card must apply the bonus card; nobody can "
            "refuse it.",
        ),
        _R(
            "ST-BONUS-SPEED",
            "Speed Bonus",
            "Adds 1 to the card's value, before doubling on rings; on spikes the value is still 1.",
        ),
        _R(
            "ST-BONUS-DEXTERITY",
            "Dexterity Bonus",
            "If the move stops on a loop space, the character goes forward to the nearest normal "
            "space beyond the loop instead (across the finish if there is none). It may always be "
            "played; it does nothing if the move does not stop in a loop.",
        ),
        _R(
            "ST-BONUS-SUPERBONUS",
            "Superbonus",
            "Doubles the card's value; only for a character on a normal space or normal half. "
            "Played for any other character it is an illegal action.",
        ),
        _R(
            "ST-BONUS-SHIELD",
            "Shield",
            "Only for a character on spikes or a spikes half: the move uses the normal rules "
            "(the card's value). Played for any other character it is an illegal action.",
        ),
        _R(
            "ST-BONUS-DISCARD",
            "Played bonus cards",
            "Played bonus cards go to the bonus discard pile.",
        ),
        _R(
            "ST-BONUS-RESHUFFLE",
            "Bonus deck reshuffle",
            "When the bonus deck is empty, the bonus discard pile is shuffled into a new bonus "
            "deck; if both are empty, no card is taken.",
            "ruling",
        ),
        _R(
            "ST-SUPER-JUMP",
            "Super Jump is played at once",
            "Super Jump is never held: when taken it is played at once, then discarded.",
        ),
        _R(
            "ST-SUPER-JUMP-SPACE",
            "Super Jump from a bonus space",
            "The character that stopped on the bonus space jumps to the next space ahead with "
            "rings (a double with a rings half counts; it stands on the rings half). No rings "
            "ahead: nothing happens.",
            "ruling",
        ),
        _R(
            "ST-SUPER-JUMP-SPECIAL",
            "Super Jump from the special card",
            "Its taker chooses one of their own characters that has not crossed (4 players: a "
            "partner's if both of theirs have crossed) and it jumps to the next rings.",
            "ruling",
        ),
        _R(
            "ST-SUPER-JUMP-NO-TRIGGER",
            "Super Jump triggers nothing",
            "The jump ignores loops and does not trigger a bonus space.",
            "ruling",
        ),
        _R(
            "ST-WIN",
            "A side wins",
            "The game ends the moment one side has all its characters across the line; that "
            "side wins. There is exactly one winning side; no action is possible afterwards.",
        ),
        _R(
            "ST-CHANCE",
            "Chance outcomes",
            "A deal or a bonus draw must be one of the possible outcomes: a card that is in the "
            "deck, given to the seat whose turn it is to receive one.",
            "project",
        ),
        _R(
            "ST-BOARD-NOTATION",
            "Board notation",
            "A board is written as one token per space: S . = B R X L R/X R/. X/. (either order "
            "for doubles); S first and only once.",
            "ruling",
        ),
        _R(
            "ST-OPT-BONUS-SPLIT",
            "Option: bonus split",
            "Any split of the 20 bonus cards among the five kinds.",
            "option",
        ),
        _R(
            "ST-OPT-FIRST-PLAYER",
            "Option: first player",
            "Which seat plays first (default seat 0); the first deal starts with that seat.",
            "option",
        ),
        _R(
            "ST-OPT-COLOURS",
            "Option: colour assignment",
            "Which colours each seat holds.",
            "option",
        ),
        _R(
            "ST-OPT-SECOND-BONUS",
            "Option: a partner's second bonus card",
            "After the holder plays a bonus card, the partner may add a second one. Two cards "
            "combine: each Speed Bonus adds 1 before any doubling, each Superbonus doubles, a "
            "Shield restores the normal rules on spikes.",
            "option",
        ),
        _R(
            "ST-OPT-TURN-LIMIT",
            "Option: a turn limit",
            "When the table sets a turn limit, the game ends as soon as that many turns have "
            "been played without a side all across the finish line; the race is unfinished and "
            "nobody wins. Every turn counts, whoever plays it.",
            "option",
        ),
        _R(
            "ST-P-DEAL-ORDER",
            "Deal order",
            "Cards are dealt one at a time, clockwise, starting with the seat that plays first "
            "in the coming round; a replacement for the special card goes to the same seat "
            "before the deal moves on.",
            "project",
        ),
        _R(
            "ST-P-RESPONSE-EMPTY",
            "No window for an empty bonus hand",
            "A seat holding no bonus card is not asked (the count of bonus cards is public). A "
            "seat holding bonus cards it may not play must still pass explicitly, so that "
            "nothing about its hand is revealed.",
            "project",
        ),
        _R(
            "ST-P-EMPTY-HAND",
            "A seat with no card is passed over",
            "In play every hand shrinks by one card per turn, so hands empty together. In a "
            "set-up position (a puzzle, a frontend's scenario) a seat may hold no card while "
            "others still do: the turn passes over it to the next seat that holds a card, and "
            "a new deal starts only when every hand is empty.",
            "project",
        ),
        _R(
            "ST-P-SPECIAL-JUMP-CHOICE",
            "Special-card Super Jump is always a choice",
            "A seat that takes Super Jump through the special card always chooses the jumper, "
            "even when only one character is eligible or no rings lie ahead (then nothing "
            "happens).",
            "project",
        ),
    ],
)
