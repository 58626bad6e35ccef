"""Many seeded games at once: in this process, spread over processes, or as Ray tasks.

What ``sonic-rules simulate`` runs. The seeds come from one ``random.Random(seed)`` in
game order (`game_seeds`), and each game is played by ``game.play_game`` with its own
seed alone, so game ``n`` is the same game whichever way the games are run: one
process, several processes (`run_processes`) or Ray tasks on a cluster (`run_ray`).
The games are handed out in chunks (`chunk_size`), and each chunk's results come back
to the caller as the chunk finishes, in whatever order; `GameResult.number` puts them
back in game order.

Ray is an optional extra (``pip install 'sonic-rules[ray]'``), imported only when
`run_ray` or `ray_module` is called.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import logging
import multiprocessing
import random
import socket
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import sonic_rules
from sonic_rules.core.game import Player

SEED_BITS = 32
"""Each game's seed is a whole number below ``2**SEED_BITS``."""

CHUNKS_PER_WORKER = 8
"""About this many chunks per worker: enough to balance the load and show progress."""

MAX_CHUNK = 250
"""The most games in one chunk (one task)."""

CONNECT_SECONDS = 5.0
"""How long `check_address` waits for a Ray head to accept a connection."""

RAY_EXTRA = "pip install 'sonic-rules[ray]'"
"""The command that installs Ray, named when it is missing."""


@attrs.frozen
class Batch:
    """What every game of a run shares: the game by name, its configuration, the bot.

    ``record``: also write each game as record text (`GameResult.record`).
    """

    game: str
    variant: str
    players: int
    bot: str
    max_actions: int
    record: bool = False


@attrs.frozen
class GameResult:
    """One game's result, small enough to send back from another process or machine.

    ``number`` counts games from 1 in seed order. ``turns`` is ``None`` when the game
    does not count turns. ``record`` is the record's file name and text when the batch
    asked for records.
    """

    number: int
    seed: int
    winners: tuple[int, ...]
    actions: int
    decisions: int
    turns: int | None
    capped: bool
    record: tuple[str, str] | None = None


Take = Callable[[list[GameResult]], None]
"""Called with each chunk's results as the chunk finishes."""


class SimulationError(Exception):
    """A run that cannot start: Ray missing, a cluster out of reach. The text says why."""


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each of ``games`` games, in order, drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return [rng.randrange(2**SEED_BITS) for _ in range(games)]


def play_games(batch: Batch, games: Sequence[tuple[int, int]]) -> list[GameResult]:
    """Play each ``(number, seed)`` of ``games``; their results in the same order.

    A module-level function, so that another process or a Ray worker can run it.
    """
    game = sonic_rules.game(batch.game)
    bots: list[Player[Any, Any]] = [game.player(batch.bot) for _ in range(batch.players)]
    results: list[GameResult] = []
    for number, seed in games:
        start = game.new_game(batch.players, variant=batch.variant)
        played = game.play_game(
            start, bots, seed=seed, record=batch.record, max_actions=batch.max_actions
        )
        record = None
        if batch.record:
            from sonic_rules.records.commands import simulated_record

            record = simulated_record(game, batch.variant, start, played, number, seed)
        turns = getattr(played.final, "turns_played", None)
        results.append(
            GameResult(
                number=number,
                seed=seed,
                winners=() if played.capped else tuple(played.final.winners),
                actions=played.actions,
                decisions=played.decisions,
                turns=turns if isinstance(turns, int) else None,
                capped=played.capped,
                record=record,
            )
        )
    return results


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk for ``games`` games over ``workers`` workers: about
    `CHUNKS_PER_WORKER` chunks each, at most `MAX_CHUNK` games, at least one."""
    return max(1, min(MAX_CHUNK, -(-games // (workers * CHUNKS_PER_WORKER))))


def _chunks(games: Sequence[tuple[int, int]], size: int) -> list[Sequence[tuple[int, int]]]:
    return [games[i : i + size] for i in range(0, len(games), size)]


def numbered(seeds: Sequence[int]) -> list[tuple[int, int]]:
    """Each seed with its game number (from 1)."""
    return list(enumerate(seeds, start=1))


def run_processes(batch: Batch, games: Sequence[tuple[int, int]], workers: int, take: Take) -> None:
    """Play ``games`` over ``workers`` processes (1: in this process, game by game).

    The processes are started with ``spawn``, so the run behaves the same on every
    platform; at most one per chunk is started.
    """
    if workers <= 1:
        for item in games:
            take(play_games(batch, [item]))
        return
    chunks = _chunks(games, chunk_size(len(games), workers))
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(
        max_workers=min(workers, len(chunks)), mp_context=context
    ) as pool:
        futures = [pool.submit(play_games, batch, chunk) for chunk in chunks]
        try:
            for future in concurrent.futures.as_completed(futures):
                take(future.result())
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def ray_module() -> Any:
    """The ``ray`` module; `SimulationError` naming the extra to install when it is absent."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise SimulationError(
            f"--backend ray needs Ray, which is not installed: {RAY_EXTRA}"
        ) from None


def split_address(address: str) -> tuple[str, int]:
    """``HOST:PORT`` (or ``ray://HOST:PORT``, ``[IPv6]:PORT``) as host and port.

    `ValueError` saying what is wrong when it is not one.
    """
    rest = address.removeprefix("ray://")
    host, colon, port_text = rest.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not colon or not host or not port_text.isdigit() or len(port_text) > 5:
        raise ValueError(f"not HOST:PORT: {address[:100]!r}")
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise ValueError(f"port must be 1 to 65535, got {port}")
    return host, port


def check_address(address: str, timeout: float = CONNECT_SECONDS) -> None:
    """`SimulationError` unless something accepts a connection at ``address`` within
    ``timeout`` seconds (Ray itself would retry an unreachable address for minutes)."""
    try:
        host, port = split_address(address)
    except ValueError as error:
        raise SimulationError(f"--address {error}") from None
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as error:
        reason = "no answer" if isinstance(error, TimeoutError) else error.strerror or error
        raise SimulationError(
            f"cannot reach a Ray cluster at {address}: {reason} "
            f"(start one with 'ray start --head' there, or check the address)"
        ) from None


def run_ray(
    batch: Batch,
    games: Sequence[tuple[int, int]],
    take: Take,
    address: str | None = None,
    cpus: int | None = None,
) -> int:
    """Play ``games`` as Ray tasks, a chunk of games per task; the cluster's CPU count.

    On the cluster at ``address`` (checked first with `check_address`); without one,
    on a local Ray instance of ``cpus`` CPUs (default: every core) started for this
    run. When Ray is already initialized in this process, its instance is used as is
    and left running. Every node needs ``sonic-rules`` installed.
    """
    ray = ray_module()
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
        if address is not None:
            check_address(address)
            options["address"] = address
        else:
            options.update(num_cpus=cpus, include_dashboard=False)
        try:
            ray.init(**options)
        except (ConnectionError, RuntimeError, ValueError, ray.exceptions.RayError) as error:
            if address is None:
                raise SimulationError(f"cannot start a local Ray instance: {error}") from None
            raise SimulationError(
                f"cannot join the Ray cluster at {address}: {error} (is it a Ray head of the "
                "same Ray version? With token authentication, set RAY_AUTH_MODE=token and "
                "give the cluster's token in RAY_AUTH_TOKEN or ~/.ray/auth_token)"
            ) from None
        started = True
    try:
        total = max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(num_cpus=1)(play_games)
        pending = [
            task.remote(batch, chunk) for chunk in _chunks(games, chunk_size(len(games), total))
        ]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                take(ray.get(ref))
        return total
    finally:
        if started:
            ray.shutdown()
