"""``sonic-rules simulate --workers N``: the seeded games spread over processes give
exactly the results of one process, game by game and in the printed summary."""

from __future__ import annotations

import io
import random
import re
import socket
import sys
from pathlib import Path
from typing import Any

import pytest

import sonic_rules
from sonic_rules import simulation
from sonic_rules.cli import MAX_WORKERS, main
from sonic_rules.simulation import Batch, GameResult


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def _summary(out: str) -> tuple[str, str]:
    """The first line up to its timing, and everything after the first line."""
    first, _, rest = out.partition("\n")
    return re.sub(r", [0-9.]+ games/s \(.*\)$", "", first), rest


def _one_by_one(batch: Batch, seed: int, games: int) -> list[GameResult]:
    """What a single process plays: each game with its seed, through ``play_game``."""
    game = sonic_rules.game(batch.game)
    rng = random.Random(seed)
    results = []
    for number in range(1, games + 1):
        game_seed = rng.randrange(2**32)
        bots = [game.player(batch.bot) for _ in range(batch.players)]
        played = game.play_game(
            game.new_game(batch.players, variant=batch.variant),
            bots,
            seed=game_seed,
            record=False,
            max_actions=batch.max_actions,
        )
        turns = getattr(played.final, "turns_played", None)
        results.append(
            GameResult(
                number=number,
                seed=game_seed,
                winners=() if played.capped else played.final.winners,
                actions=played.actions,
                decisions=played.decisions,
                turns=turns if isinstance(turns, int) else None,
                capped=played.capped,
            )
        )
    return results


BATCHES = [
    Batch("super-teams", "standard", 4, "random", 20000),
    Batch("crash-course", "two-player", 2, "random", 20000),
    Batch("crash-course", "beginner", 3, "greedy", 20000),
]


@pytest.mark.parametrize("batch", BATCHES, ids=lambda batch: f"{batch.game}-{batch.variant}")
def test_two_processes_play_every_game_as_one_process_does(batch: Batch) -> None:
    games = simulation.numbered(simulation.game_seeds(11, 7))
    chunks: list[list[GameResult]] = []
    simulation.run_processes(batch, games, 2, chunks.append)
    results = sorted((r for chunk in chunks for r in chunk), key=lambda r: r.number)
    assert results == _one_by_one(batch, 11, 7)
    assert len(chunks) > 1  # really spread over chunks


def test_seeds_are_drawn_in_game_order_from_the_run_seed() -> None:
    rng = random.Random(5)
    assert simulation.game_seeds(5, 4) == [rng.randrange(2**32) for _ in range(4)]
    assert simulation.numbered([7, 8]) == [(1, 7), (2, 8)]


@pytest.mark.parametrize(
    ("games", "workers", "size"),
    [(1, 2, 1), (16, 2, 1), (17, 2, 2), (2000, 2, 125), (10**6, 2, simulation.MAX_CHUNK)],
)
def test_chunks_are_about_eight_per_worker_and_bounded(games: int, workers: int, size: int) -> None:
    assert simulation.chunk_size(games, workers) == size


@pytest.mark.parametrize("game", ["super-teams", "crash-course"])
def test_the_summary_is_the_same_with_one_and_two_workers(game: str) -> None:
    argv = ["simulate", "--game", game, "--players", "3", "--games", "9", "--seed", "4"]
    code_1, out_1, err_1 = run(*argv, "--workers", "1")
    code_2, out_2, err_2 = run(*argv, "--workers", "2")
    assert code_1 == code_2 == 0
    assert _summary(out_1) == _summary(out_2)
    assert out_1.splitlines()[0].endswith("games/s (1 process)")
    assert out_2.splitlines()[0].endswith("games/s (2 processes)")
    assert "9/9 games" in err_1 and "9/9 games" in err_2


def test_capped_games_are_reported_the_same_with_two_workers() -> None:
    argv = ["simulate", "--games", "4", "--max-actions", "10", "--no-progress"]
    _, out_1, _ = run(*argv, "--workers", "1")
    _, out_2, _ = run(*argv, "--workers", "2")
    assert "4 game(s) reached the driver's cap of 10 actions" in out_1
    assert _summary(out_1) == _summary(out_2)


def test_records_are_the_same_files_with_one_and_two_workers(tmp_path: Path) -> None:
    argv = ["simulate", "--game", "crash-course", "--games", "5", "--seed", "2", "--no-progress"]
    run(*argv, "--workers", "1", "--record", str(tmp_path / "one"))
    run(*argv, "--workers", "2", "--record", str(tmp_path / "two"))
    one = sorted(path.name for path in (tmp_path / "one").iterdir())
    assert one == sorted(path.name for path in (tmp_path / "two").iterdir())
    assert len(one) == 5
    for name in one:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()


def test_the_default_is_every_core_and_never_more_processes_than_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    used: list[int] = []
    in_one_process = simulation.run_processes

    def record_workers(batch: Batch, games: Any, workers: int, take: Any) -> None:
        used.append(workers)
        in_one_process(batch, games, 1, take)

    monkeypatch.setattr(simulation, "run_processes", record_workers)
    monkeypatch.setattr("os.cpu_count", lambda: 3)
    assert run("simulate", "--games", "5", "--no-progress")[0] == 0
    assert run("simulate", "--games", "2", "--no-progress")[0] == 0
    assert run("simulate", "--games", "5", "--workers", "4", "--no-progress")[0] == 0
    assert used == [3, 2, 4]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--workers", "0"], "at least 1"),
        (["--workers", "-3"], "at least 1"),
        (["--workers", "abc"], "not a whole number"),
        (["--workers", "2.5"], "not a whole number"),
        (["--workers", str(MAX_WORKERS + 1)], f"at most {MAX_WORKERS}"),
        (["--address", "127.0.0.1:6379"], "--address needs --backend ray"),
        (["--backend", "dask"], "invalid choice"),
    ],
)
def test_bad_worker_and_backend_arguments_are_refused(argv: list[str], message: str) -> None:
    code, out, err = run("simulate", *argv)
    assert code == 2
    assert out == ""
    assert "error:" in err and message in err
    assert "Traceback" not in err


def test_without_ray_the_ray_backend_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    code, out, err = run("simulate", "--backend", "ray", "--games", "1")
    assert code == 2 and out == ""
    assert "pip install 'sonic-rules[ray]'" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("localhost", "not HOST:PORT"),
        (":6379", "not HOST:PORT"),
        ("host:port", "not HOST:PORT"),
        ("host:0", "port must be 1 to 65535"),
        ("host:70000", "port must be 1 to 65535"),
    ],
)
def test_a_malformed_address_is_refused_before_any_connection(address: str, message: str) -> None:
    with pytest.raises(simulation.SimulationError, match=message):
        simulation.check_address(address)


def test_split_address_reads_ray_client_and_ipv6_forms() -> None:
    assert simulation.split_address("10.0.0.5:6379") == ("10.0.0.5", 6379)
    assert simulation.split_address("ray://head:10001") == ("head", 10001)
    assert simulation.split_address("[::1]:6379") == ("::1", 6379)


def test_a_closed_port_is_reported_as_unreachable() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(
        simulation.SimulationError, match=f"cannot reach a Ray cluster at 127.0.0.1:{port}"
    ):
        simulation.check_address(f"127.0.0.1:{port}", timeout=2.0)


class _FakeRay:
    """Just enough of Ray's API for `run_ray`: tasks run at once, in this process."""

    class exceptions:  # Ray's module name
        class RayError(Exception):
            pass

    def __init__(self, fail: str | None = None) -> None:
        self.initialized = False
        self.options: dict[str, Any] | None = None
        self.shutdowns = 0
        self.fail = fail
        self.tasks = 0

    def is_initialized(self) -> bool:
        return self.initialized

    def init(self, **options: Any) -> None:
        if self.fail is not None:
            raise ConnectionError(self.fail)
        self.options = options
        self.initialized = True

    def shutdown(self) -> None:
        self.initialized = False
        self.shutdowns += 1

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 3.0, "memory": 1e9}

    def remote(self, num_cpus: int) -> Any:
        assert num_cpus == 1
        fake = self

        class Task:
            def __init__(self, function: Any) -> None:
                self.function = function

            def remote(self, *args: Any) -> Any:
                fake.tasks += 1
                return self.function(*args)

        return Task

    def wait(self, pending: list[Any], num_returns: int) -> tuple[list[Any], list[Any]]:
        return pending[:num_returns], pending[num_returns:]

    def get(self, ref: Any) -> Any:
        return ref


def test_run_ray_starts_a_local_instance_for_the_run_and_stops_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    batch = Batch("crash-course", "beginner", 2, "random", 20000)
    games = simulation.numbered(simulation.game_seeds(8, 30))
    chunks: list[list[GameResult]] = []
    assert simulation.run_ray(batch, games, chunks.append, cpus=3) == 3
    assert fake.options is not None
    assert fake.options["num_cpus"] == 3 and fake.options["include_dashboard"] is False
    assert "address" not in fake.options
    assert fake.shutdowns == 1 and not fake.initialized
    assert fake.tasks == len(chunks) == 15  # chunks of chunk_size(30, 3) == 2 games
    assert [r for chunk in chunks for r in chunk] == simulation.play_games(batch, games)


def test_run_ray_joins_a_cluster_at_a_reachable_address(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    with socket.socket() as head:
        head.bind(("127.0.0.1", 0))
        head.listen()
        address = f"127.0.0.1:{head.getsockname()[1]}"
        batch = Batch("super-teams", "standard", 2, "random", 20000)
        simulation.run_ray(batch, [(1, 5)], lambda chunk: None, address=address)
    assert fake.options is not None and fake.options["address"] == address
    assert "num_cpus" not in fake.options


def test_an_instance_already_running_is_used_and_left_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = _FakeRay()
    fake.initialized = True
    monkeypatch.setitem(sys.modules, "ray", fake)
    batch = Batch("super-teams", "standard", 2, "random", 20000)
    simulation.run_ray(batch, [(1, 5)], lambda chunk: None)
    assert fake.options is None and fake.shutdowns == 0 and fake.initialized


def test_a_cluster_that_refuses_to_be_joined_is_a_message_and_status_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", _FakeRay(fail="Failed to connect to Ray cluster"))
    with socket.socket() as head:
        head.bind(("127.0.0.1", 0))
        head.listen()
        address = f"127.0.0.1:{head.getsockname()[1]}"
        code, out, err = run("simulate", "--games", "2", "--backend", "ray", "--address", address)
    assert code == 1 and out == ""
    assert f"cannot join the Ray cluster at {address}: Failed to connect" in err
    assert "RAY_AUTH_MODE=token" in err and "Traceback" not in err
