"""Game records: write a game played at the table down, check it line by line, replay it.

A record is plain UTF-8 text, the same for every game: a header of ``field: value``
lines, a blank line, then one action per line in the game's notation (chance outcomes
seen at the table included), ``#`` comments anywhere, and a result line. The docs'
records page gives the grammar and examples.

- `write_record` writes one; `read_record` reads one back as a `Record`, whose
  ``replay()`` gives each line's state and events;
- `validate` checks one and gives a `Report`: valid, or each problem's line, column,
  rule id, what was expected and from whom, and the position before the line;
- `parse_action` and `action_to_str` read and write one action line in the notation
  of a state's game.

>>> from sonic_rules import records, super_teams as st
>>> played = st.play_game(st.new_game(3), [st.RandomPlayer()] * 3, seed=1)
>>> text = records.write_record("super-teams", [st.new_game(3)]
...     + [ply.action for ply in played.plies])
>>> records.validate(text).valid
True
>>> records.read_record(text).final == played.final
True
"""

from sonic_rules.core.notation import AmbiguousActionError, NotationError
from sonic_rules.records.games import action_to_str, parse_action
from sonic_rules.records.reader import FREE_FIELDS, Record, Step, read_record, validate
from sonic_rules.records.report import RECORD_RULES, Problem, RecordError, Report
from sonic_rules.records.text import FORMAT, MAX_LINE, MAX_PROBLEMS, MAX_RECORD
from sonic_rules.records.writer import write_record

__all__ = [
    "FORMAT",
    "FREE_FIELDS",
    "MAX_LINE",
    "MAX_PROBLEMS",
    "MAX_RECORD",
    "RECORD_RULES",
    "AmbiguousActionError",
    "NotationError",
    "Problem",
    "Record",
    "RecordError",
    "Report",
    "Step",
    "action_to_str",
    "parse_action",
    "read_record",
    "validate",
    "write_record",
]
