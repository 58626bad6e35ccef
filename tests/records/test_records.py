"""The record format: header, body, result; validation reports and bad input."""

from __future__ import annotations

import pytest

import sonic_rules
from record_helpers import record, simulated
from sonic_rules import RulesError, records
from sonic_rules import super_teams as st

GAME = sonic_rules.game("super-teams")
HEADER = "game: super-teams\nformat: 1\nplayers: 2\n\n"


def _first(text: str | bytes, keep_going: bool = False) -> str:
    report = records.validate(text, keep_going=keep_going)
    assert not report.valid
    return str(report.problems[0])


def test_a_written_record_reads_back_with_its_header_and_comments() -> None:
    start, actions, final = simulated(GAME, "standard", 3, seed=5)
    text = records.write_record(GAME, [start, *actions], {"names": "Ana, Ben, Cleo"})
    lines = text.splitlines()
    body = lines.index("") + 1
    commented = [
        "# written at the table",
        *lines[:body],
        *(f"{line}   # said aloud" for line in lines[body:]),
    ]
    record = records.read_record("\n".join(commented))
    assert record.final == final
    assert dict(record.header)["names"] == "Ana, Ben, Cleo"
    assert record.result == lines[-1].removeprefix("result: ")
    assert [step.line for step in record.replay()][:2] == [body + 2, body + 3]


def test_write_record_accepts_states_in_place_of_actions() -> None:
    start, actions, _final = simulated(GAME, "standard", 2, seed=1)
    states = [start]
    for action in actions[:40]:
        states.append(st.apply(states[-1], action))
    assert records.write_record(GAME, states) == records.write_record(GAME, [start, *actions[:40]])
    with pytest.raises(RulesError, match=r"states_or_actions\[2\]"):
        records.write_record(GAME, [start, states[1], states[5]])


def test_a_start_the_header_cannot_describe_is_written_as_a_position_line() -> None:
    start = st.setup_position(2, positions={"sonic": 10}, hands=[["blue-4"], ["red-2"]])
    text = records.write_record(GAME, [start, st.Play(0, "blue-4", "sonic")])
    assert "\nposition: {" in text
    record = records.read_record(text)
    assert record.replay()[0].state == start
    assert record.final.piece(st.Character.SONIC).position == 14


def test_write_record_refuses_wrong_types_naming_the_parameter() -> None:
    with pytest.raises(TypeError, match="game"):
        records.write_record(3, [st.new_game(2)])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="states_or_actions"):
        records.write_record(GAME, [st.Deal(0, "blue-4")])
    with pytest.raises(TypeError, match="header"):
        records.write_record(GAME, [st.new_game(2)], ["names"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"states_or_actions\[1\]"):
        records.write_record(GAME, [st.new_game(2), "deal 0 blue4"])
    with pytest.raises(RulesError, match="colour"):
        records.write_record(GAME, [st.new_game(2)], {"colour": "blue"})
    with pytest.raises(TypeError, match="text"):
        records.validate(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="keep_going"):
        records.validate("", keep_going="yes")  # type: ignore[arg-type]


def test_an_illegal_line_names_the_rule_what_was_expected_and_from_whom() -> None:
    start, actions, _ = simulated(GAME, "standard", 2, seed=2)
    lines = records.write_record(GAME, [start, *actions]).split("\n")
    body = lines.index("") + 1
    first_play = next(i for i in range(body, len(lines)) if lines[i][:1].isdigit())
    broken = "\n".join([*lines[:first_play], lines[first_play + 1], *lines[first_play + 2 :]])
    report = records.validate(broken)
    problem = report.problems[0]
    assert problem.line == first_play + 1 and problem.column == 1
    assert problem.rule == "ST-RESPONSE-WINDOW" or problem.rule.startswith("ST-")
    assert problem.expected is not None and "seat" in problem.expected
    assert problem.before is not None and problem.before.phase is st.Phase.PLAY
    assert "expected: seat" in problem.message


def test_a_play_where_a_bonus_draw_is_due_says_who_must_draw() -> None:
    # Sonic on rings at 3 doubles blue-1 onto the bonus space at 5 (ST-BONUS-SPACE).
    state = st.setup_position(2, positions={"sonic": 3}, hands=[["blue-1"], ["red-1"]])
    text = records.write_record(GAME, [state, st.Play(0, "blue-1", "sonic")])
    assert st.apply(state, st.Play(0, "blue-1", "sonic")).phase is st.Phase.BONUS_DRAW
    broken = text.replace("result: unfinished", "1 red1 Amy")
    problem = records.validate(broken).problems[0]
    assert problem.rule == "ST-CHANCE"
    assert problem.expected == "seat 0 must take a bonus card before anyone plays (bonus 0 ...)"
    assert problem.message.startswith("'1 red1 Amy': Play is not possible in the bonus-draw phase")
    assert problem.message.endswith(f"— expected: {problem.expected}")


@pytest.mark.parametrize(
    ("text", "report"),
    [
        ("", "1:1: REC-HEADER"),
        ("deal 0 blue4\n", "1:1: REC-HEADER"),
        ("game: chess\nformat: 1\nplayers: 2\n", "1:7: REC-HEADER: no game 'chess'"),
        ("game: super-teams\nplayers: 2\n", "1:1: REC-HEADER: the header has no 'format' field"),
        ("game: super-teams\nformat: 2\nplayers: 2\n", "2:9: REC-FORMAT"),
        ("game: super-teams\nformat: 1\nplayers: 9\n", "3:10: REC-HEADER"),
        ("game: super-teams\ngame: super-teams\n", "2:7: REC-HEADER: 'game' is given twice"),
        (HEADER.replace("\n\n", "\nwho: me\n\n"), "4:6: REC-HEADER: who: not a Super Teams"),
        (HEADER + "deal 1 blue4\n", "5:1: ST-P-DEAL-ORDER"),
        (
            HEADER + "deal 0 green4\n",
            "5:8: REC-SYNTAX: 'deal 0 green4': names no action: unknown word 'green'",
        ),
        (HEADER + "result: seat 1 wins\n", "5:9: REC-RESULT"),
        (HEADER + "result: unfinished\ndeal 0 blue4\n", "6:1: REC-RESULT"),
        (HEADER + "position: [1, 2]\n", "5:11: REC-POSITION"),
        (HEADER + "x" * 200_000, "5:100001: REC-LINE-LENGTH"),
        (b"game: super-teams\nformat: 1\nplayers: 2\n\ndeal 0 \xff\n", "5:8: REC-ENCODING"),
        (b"\x00\xff\xfe garbage", "1:2: REC-ENCODING"),
    ],
    ids=[
        "empty",
        "no-header",
        "unknown-game",
        "no-format",
        "unknown-format",
        "players",
        "twice",
        "unknown-field",
        "out-of-turn",
        "no-such-card",
        "wrong-result",
        "after-result",
        "bad-position",
        "long-line",
        "not-utf8",
        "random-bytes",
    ],
)
def test_bad_input_gives_a_precise_report(text: str | bytes, report: str) -> None:
    assert _first(text).startswith(report)


def test_a_ten_megabyte_line_is_reported_not_read() -> None:
    text = record(GAME, "standard", 2, seed=1)
    lines = text.split("\n")
    lines.insert(20, "deal " + "9" * (records.MAX_RECORD - len(text) - 100))
    assert _first("\n".join(lines)).startswith("21:100001: REC-LINE-LENGTH")
    lines[20] = "deal " + "9" * 10_000_000
    assert _first("\n".join(lines)).startswith("1:1: REC-SIZE: the record is 10,00")


def test_a_truncated_record_is_valid_up_to_where_it_stops_or_names_the_cut_line() -> None:
    text = record(GAME, "standard", 3, seed=4)
    at_a_line_end = text[: text.index("\n", len(text) // 2) + 1]
    report = records.validate(at_a_line_end)
    assert report.valid and not report.final.is_over
    cut_in_a_word = at_a_line_end + "deal 0 bl"
    problem = records.validate(cut_in_a_word).problems[0]
    assert problem.line == at_a_line_end.count("\n") + 1
    assert problem.rule.startswith(("REC-SYNTAX", "ST-"))


def test_a_card_played_twice_is_refused_on_its_second_line() -> None:
    start = st.setup_position(2, hands=[["blue-4", "red-1"], ["red-2", "black-1"]])
    text = records.write_record(
        GAME,
        [start, st.Play(0, "blue-4", "sonic"), st.Play(1, "red-2", "amy")],
    ).replace("result: unfinished", "0 blue4 Sonic")
    problem = records.validate(text).problems[0]
    assert (problem.line, problem.rule) == (text.count("\n"), "ST-PLAY-CARD")
    assert "seat 0 holds no blue-4" in problem.message


def test_an_impossible_chance_outcome_is_refused() -> None:
    text = HEADER + "deal 0 blue4\ndeal 1 blue4\ndeal 0 blue4\n"
    problem = records.validate(text).problems[0]
    assert (problem.line, problem.rule) == (7, "ST-CHANCE")
    assert "blue-4 is not in the deck" in problem.message


def test_keep_going_skips_each_bad_line_and_collects_every_problem() -> None:
    text = record(GAME, "standard", 2, seed=3)
    lines = text.split("\n")
    for index in (15, 30, 45):
        lines.insert(index, "deal 7 blue4")
    report = records.validate("\n".join(lines), keep_going=True)
    assert [p.line for p in report.problems] == [16, 31, 46]
    assert report.final == records.read_record(text).final
    assert all("deal 7 blue4" in p.message for p in report.problems)
    assert len(records.validate("\n".join(lines)).problems) == 1


def test_a_position_line_resynchronises_after_a_problem() -> None:
    start, actions, final = simulated(GAME, "standard", 2, seed=6)
    text = records.write_record(GAME, [start, *actions])
    lines = text.split("\n")
    body = lines.index("") + 1
    state = start
    for action in actions[:30]:
        state = st.apply(state, action)
    broken = [
        *lines[:body],
        "deal 0 blue4",
        "deal 0 blue4",
        "nonsense words",
        f"position: {st.to_json(state)}  # the referee wrote the position down",
        *lines[body + 30 :],
    ]
    report = records.validate("\n".join(broken), keep_going=True)
    assert [p.rule for p in report.problems][-1] != "REC-POSITION"
    assert all(p.line <= body + 3 for p in report.problems)
    assert report.final == final


def test_a_position_line_that_disagrees_with_the_record_is_reported() -> None:
    start, actions, _ = simulated(GAME, "standard", 2, seed=6)
    lines = records.write_record(GAME, [start, *actions[:20]]).split("\n")
    lines.insert(-2, f"position: {st.to_json(start)}")
    problem = records.validate("\n".join(lines)).problems[0]
    assert problem.rule == "REC-POSITION" and "differs" in problem.message


def test_result_lines() -> None:
    start, actions, final = simulated(GAME, "standard", 4, seed=1)
    text = records.write_record(GAME, [start, *actions])
    winners = " and ".join(map(str, final.winners))
    assert text.endswith(f"result: seats {winners} win\n")
    assert records.validate(text.replace(f"seats {winners} win", f"{winners} won")).valid
    wrong = text.replace(f"seats {winners} win", "nobody wins")
    assert "REC-RESULT" in _first(wrong)


def test_every_record_rule_id_is_documented() -> None:
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "records.md").read_text(encoding="utf-8")
    for rule in records.RECORD_RULES:
        assert rule in page


def test_a_short_form_that_fits_two_actions_is_reported_with_both() -> None:
    start = st.setup_position(4, hands=[["blue-4"], ["red-1"], ["black-2"], ["yellow-3"]])
    text = records.write_record(GAME, [start]).replace("result: unfinished", "0 blue4")
    problem = records.validate(text).problems[0]
    assert problem.rule == "REC-AMBIGUOUS"
    assert problem.message.startswith(
        "'0 blue4': ambiguous: could be seat 0 plays blue 4 on Sonic; "
        "or seat 0 plays blue 4 on Tails — expected: seat 0 plays a movement card"
    )


@pytest.mark.parametrize(
    "text",
    [
        HEADER + "deal " + "9" * 5000 + " blue4\n",
        HEADER + "deal 0 blue" + "9" * 5000 + "\n",
        HEADER + "deal ٣ blue4\n",
        HEADER + "result: seat ² wins\n",
        HEADER + "result: seat " + "9" * 5000 + " wins\n",
        "game: super-teams\nformat: 1\nplayers: ²\n",
        "game: super-teams\nformat: 1\nplayers: 2\nbonus split: speed ²\n",
        "game: super-teams\nformat: 1\nplayers: 2\nseat " + "9" * 5000 + ": blue\n",
        "game: super-teams\nformat: 1\nplayers: 2\nturn limit: " + "9" * 5000 + "\n",
        "game: super-teams\nformat: 1\nplayers: 2\nfirst player: ٣\n",
    ],
    ids=[
        "seat",
        "card",
        "arabic-seat",
        "superscript",
        "huge-winner",
        "players",
        "split",
        "seat-field",
        "option",
        "first-player",
    ],
)
def test_numbers_that_are_not_plain_small_numbers_are_reported(text: str) -> None:
    problem = records.validate(text).problems[0]
    assert problem.rule in {"REC-SYNTAX", "REC-RESULT", "REC-HEADER"}
    assert len(problem.message) <= 600
