"""``sonic-rules simulate --backend ray``: the same seeded games as Ray tasks give the
results of one process. Needs the ``ray`` extra; skipped without it. One local Ray
instance (two CPUs, no dashboard) serves the module: Ray is slow to start."""

from __future__ import annotations

import io
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ray: Any = pytest.importorskip("ray")

from sonic_rules import simulation  # noqa: E402
from sonic_rules.cli import main  # noqa: E402
from sonic_rules.simulation import Batch, GameResult  # noqa: E402


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_an_unreachable_address_is_refused_with_a_message_not_a_hang() -> None:
    """Runs before the module's Ray instance starts, as a fresh command would."""
    port = _closed_port()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sonic_rules.cli",
            "simulate",
            "--backend",
            "ray",
            "--address",
            f"127.0.0.1:{port}",
            "--games",
            "2",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert f"cannot reach a Ray cluster at 127.0.0.1:{port}" in result.stderr
    assert "Traceback" not in result.stderr


def test_workers_and_an_address_together_are_refused() -> None:
    code, _, err = run("simulate", "--backend", "ray", "--address", "h:1", "--workers", "2")
    assert code == 2 and "a cluster (--address) uses its own" in err


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.usefixtures("local_ray")
@pytest.mark.parametrize(
    ("game", "variant", "players"),
    [("super-teams", "standard", 4), ("crash-course", "two-player", 2)],
)
def test_ray_prints_the_summary_one_process_prints(game: str, variant: str, players: int) -> None:
    argv = ["simulate", "--game", game, "--variant", variant, "--players", str(players)]
    argv += ["--games", "6", "--seed", "9", "--no-progress"]
    code_1, one, _ = run(*argv, "--workers", "1")
    code_ray, on_ray, _ = run(*argv, "--backend", "ray")
    assert code_1 == code_ray == 0
    assert on_ray.splitlines()[0].endswith("games/s (Ray, 2 CPUs)")
    assert one.partition("\n")[2] == on_ray.partition("\n")[2]
    rate = re.compile(r", [0-9.]+ games/s \(.*\)$")
    assert rate.sub("", one.splitlines()[0]) == rate.sub("", on_ray.splitlines()[0])


@pytest.mark.usefixtures("local_ray")
def test_ray_tasks_play_every_game_as_one_process_does() -> None:
    batch = Batch("crash-course", "beginner", 3, "random", 20000)
    games = simulation.numbered(simulation.game_seeds(3, 10))
    chunks: list[list[GameResult]] = []
    simulation.run_ray(batch, games, chunks.append)
    assert len(chunks) > 1  # several tasks, each a chunk of games
    on_ray = sorted((r for chunk in chunks for r in chunk), key=lambda r: r.number)
    assert on_ray == simulation.play_games(batch, games)
    assert ray.is_initialized()  # an instance it did not start is left running


@pytest.mark.usefixtures("local_ray")
def test_ray_writes_the_records_one_process_writes(tmp_path: Path) -> None:
    argv = ["simulate", "--game", "super-teams", "--games", "3", "--seed", "6", "--no-progress"]
    run(*argv, "--workers", "1", "--record", str(tmp_path / "one"))
    run(*argv, "--backend", "ray", "--record", str(tmp_path / "ray"))
    names = sorted(path.name for path in (tmp_path / "one").iterdir())
    assert names == sorted(path.name for path in (tmp_path / "ray").iterdir())
    assert len(names) == 3
    for name in names:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "ray" / name).read_bytes()
