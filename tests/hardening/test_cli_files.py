"""Every file the command reads is a regular file within a documented size, checked before
a byte is read.

Regression tests for the hardening review: ``sonic-rules validate`` and ``replay`` read a
whole file with no cap, so a link to ``/dev/zero`` grew to 23 GB and ended in a
``MemoryError`` with a traceback.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from sonic_rules import RulesError, records
from sonic_rules.cli import main
from sonic_rules.core.boundary import read_file
from sonic_rules.core.errors import FileRefusedError
from sonic_rules.core.serialization import MAX_JSON_BYTES
from sonic_rules.crash_course import load_tiles
from sonic_rules.crash_course.tiles import MAX_CATALOGUE_CHARS

ZERO = Path("/dev/zero")
pytestmark = pytest.mark.skipif(not ZERO.exists(), reason="needs /dev/zero")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _zero_link(tmp_path: Path) -> Path:
    link = tmp_path / "zero.record"
    link.symlink_to(ZERO)
    return link


def _sparse(tmp_path: Path, size: int) -> Path:
    """A file of ``size`` bytes that takes no room on the disk."""
    path = tmp_path / "big"
    with path.open("wb") as file:
        file.truncate(size)
    return path


COMMANDS = [
    ("validate", "{}"),
    ("validate", "--keep-going {}"),
    ("replay", "{}"),
    ("render", "{} -o -"),
]


@pytest.mark.parametrize(("command", "arguments"), COMMANDS)
def test_a_link_to_dev_zero_is_refused_in_one_line(
    tmp_path: Path, command: str, arguments: str
) -> None:
    link = _zero_link(tmp_path)
    code, out, err = run(command, *arguments.format(link).split())
    assert code == 2 and not out
    assert err == f"sonic-rules {command}: error: {link}: not a regular file\n"


@pytest.mark.parametrize(("command", "arguments"), COMMANDS)
def test_a_directory_and_a_named_pipe_are_refused_without_blocking(
    tmp_path: Path, command: str, arguments: str
) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for path in (tmp_path, pipe):
        code, _, err = run(command, *arguments.format(path).split())
        assert code == 2
        assert err.count("\n") == 1 and "not a regular file" in err


@pytest.mark.parametrize(
    ("command", "arguments", "limit"),
    [
        ("validate", "{}", records.MAX_RECORD),
        ("replay", "{}", records.MAX_RECORD),
        ("render", "{} -o -", MAX_JSON_BYTES),
    ],
)
def test_a_file_over_the_limit_is_refused_in_one_line(
    tmp_path: Path, command: str, arguments: str, limit: int
) -> None:
    path = _sparse(tmp_path, limit + 1)
    code, out, err = run(command, *arguments.format(path).split())
    assert code == 2 and not out
    assert err == (
        f"sonic-rules {command}: error: {path}: {limit + 1:,} bytes long; "
        f"at most {limit:,} are read\n"
    )


def test_a_file_at_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "padded.record"
    text = "game: super-teams\nformat: 1\nplayers: 2\n\n"
    comments = ("#" * 99 + "\n") * (records.MAX_RECORD // 100)
    path.write_text(text + comments[: records.MAX_RECORD - len(text)])
    assert read_file(path, records.MAX_RECORD) == path.read_bytes()
    code, _, _ = run("validate", str(path))
    assert code == 0


def test_load_tiles_refuses_dev_zero_and_a_file_over_its_limit(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="not a regular file"):
        load_tiles(_zero_link(tmp_path))
    with pytest.raises(RulesError, match="at most"):
        load_tiles(_sparse(tmp_path, 4 * MAX_CATALOGUE_CHARS + 1))


def test_the_refusal_is_a_rules_error_naming_the_file(tmp_path: Path) -> None:
    link = _zero_link(tmp_path)
    with pytest.raises(FileRefusedError) as refused:
        read_file(link, 10)
    assert isinstance(refused.value, RulesError)
    assert refused.value.path == str(link)
    with pytest.raises(FileNotFoundError):
        read_file(tmp_path / "missing", 10)
