"""Fuzzing the reader and the validator: arbitrary text and mutated valid records give
only the library's own errors, and a valid record written differently stays valid."""

from __future__ import annotations

import functools
import os

from hypothesis import given, settings
from hypothesis import strategies as hs

import sonic_rules
from record_helpers import hide, record
from sonic_rules import RulesError, records

LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
FUZZ = settings(max_examples=1000 if LONG else 60, deadline=None)
FEW = settings(max_examples=1000 if LONG else 25, deadline=None)
"""Whole valid records take tens of milliseconds each: fewer of them by default."""


@functools.cache
def _valid_records() -> tuple[str, ...]:
    """A few valid records of every game, and one with hidden hands."""
    found = []
    for game in sonic_rules.games():
        for variant, players in game.configurations()[:3]:
            found.append(record(game, variant, players, seed=7))
    found.append(hide(record(sonic_rules.game("super-teams"), "standard", 4, seed=8)))
    return tuple(found)


def _read(data: str | bytes) -> records.Report:
    """Validate, then read: neither may raise anything but the library's own errors."""
    report = records.validate(data, keep_going=True)
    strict = records.validate(data)
    assert strict.valid == report.valid
    try:
        records.read_record(data)
    except RulesError:
        assert not report.valid
    else:
        assert report.valid
    return report


@FUZZ
@given(hs.text())
def test_arbitrary_text(text: str) -> None:
    _read(text)


@FUZZ
@given(hs.binary())
def test_arbitrary_bytes(data: bytes) -> None:
    _read(data)


@FUZZ
@given(hs.data())
def test_arbitrary_lines_after_a_valid_header(data: hs.DataObject) -> None:
    text = data.draw(hs.sampled_from(_valid_records()))
    header = text.split("\n\n")[0]
    words = hs.sampled_from(
        [
            "deal",
            "bonus",
            "seat",
            "plays",
            "on",
            "?",
            "0",
            "1",
            "7",
            "blue4",
            "red 9",
            "Tails",
            "Sonic",
            "pass",
            "half",
            "rings",
            "jump",
            "speed",
            "shield",
            "S",
            "move",
            "L",
            "M",
            "R",
            "position:",
            "result:",
            "{",
            "#",
            "special",
            "super",
            "-",
            "1.2L",
            "drew",
            "²",
            "٣",
            "9" * 5000,
            "win",
        ]
    )
    lines = data.draw(hs.lists(hs.lists(words, max_size=6).map(" ".join), max_size=12))
    _read(header + "\n\n" + "\n".join(lines))


def _mutated(text: str, data: hs.DataObject) -> str:
    if not text:  # an earlier mutation cut it all
        return data.draw(hs.text(max_size=10))
    lines = text.split("\n")
    kind = data.draw(hs.sampled_from(["drop", "repeat", "swap", "word", "truncate", "byte"]))
    index = data.draw(hs.integers(0, len(lines) - 1))
    other = data.draw(hs.integers(0, len(lines) - 1))
    if kind == "drop":
        del lines[index]
    elif kind == "repeat":
        lines.insert(other, lines[index])
    elif kind == "swap":
        lines[index], lines[other] = lines[other], lines[index]
    elif kind == "word":
        words = lines[index].split(" ")
        spot = data.draw(hs.integers(0, len(words) - 1))
        words[spot] = data.draw(hs.sampled_from([*" ".join(lines).split(" "), "?", "99", ""]))
        lines[index] = " ".join(words)
    elif kind == "truncate":
        return "\n".join(lines)[: data.draw(hs.integers(0, len(text)))]
    else:
        cut = data.draw(hs.integers(0, len(text) - 1))
        return text[:cut] + data.draw(hs.characters()) + text[cut + 1 :]
    return "\n".join(lines)


@FEW
@given(hs.data())
def test_mutated_valid_records(data: hs.DataObject) -> None:
    text = data.draw(hs.sampled_from(_valid_records()))
    for _ in range(data.draw(hs.integers(1, 3))):
        text = _mutated(text, data)
    _read(text)
    _read(text.encode("utf-8"))


@FEW
@given(hs.data())
def test_a_valid_record_written_differently_stays_valid(data: hs.DataObject) -> None:
    text = data.draw(hs.sampled_from(_valid_records()))
    final = records.validate(text).final
    lines = text.split("\n")
    body = lines.index("") + 1
    for _ in range(data.draw(hs.integers(1, 5))):
        index = data.draw(hs.integers(body, len(lines) - 1))
        change = data.draw(hs.sampled_from(["comment", "blank", "spaces", "upper"]))
        if change == "comment":
            lines.insert(index, "# " + data.draw(hs.text(max_size=20)).replace("\n", " "))
        elif change == "blank":
            lines.insert(index, data.draw(hs.sampled_from(["", "   ", "\t"])))
        elif change == "spaces":
            lines[index] = "  " + lines[index] + "   # noted"
        elif lines[index].strip() and "?" not in lines[index]:
            lines[index] = lines[index].upper()
    newline = data.draw(hs.sampled_from(["\n", "\r\n"]))
    report = records.validate(newline.join(lines))
    assert report.valid, str(report)
    assert report.final == final or not report.exact


@FUZZ
@given(hs.data())
def test_arbitrary_header_values(data: hs.DataObject) -> None:
    text = data.draw(hs.sampled_from(_valid_records()))
    lines = text.split("\n")
    index = data.draw(hs.integers(0, lines.index("") - 1))
    key = lines[index].split(":", 1)[0]
    tricky = hs.sampled_from(["²", "٣", "9" * 5000, "-1", "none", "yes", "[]", "{}", "1.5", ""])
    value = data.draw(hs.one_of(tricky, hs.text().map(lambda v: v.replace("\n", " "))))
    lines[index] = f"{key}: {value}"
    _read("\n".join(lines))
