"""Fuzz every entry point that reads untrusted data, for a fixed time budget.

Run: ``python benchmarks/fuzz.py [--seconds 120] [--entry NAME ...] [--engine auto]``.
The entry points are listed in ``tests/hardening/entry_points.py``: state, action,
event and view JSON of both games, board notation, card names, tile catalogues and
records. Each input is a valid one (a saved state, an action, a record...) mutated a
few times, at the byte level and, when it is JSON, at the level of its values (a
number made huge, a field deleted, a list nested 40 deep...), or plain random bytes.

The promise checked: nothing but a ``RulesError`` comes out, and no input takes more
than ``--slow`` seconds. Every input that breaks it is written to the regression
corpus (``tests/corpus/<entry point>/``), which ``tests/hardening/test_corpus.py``
replays on every test run; the script exits 1 when it found any.

The engine is atheris (coverage-guided, libFuzzer) when it is installed, else
hypothesis; ``--engine`` chooses. The summary gives the inputs run per entry point.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from hardening.entry_points import CORPUS, ENTRY_POINTS, seeds
from sonic_rules import RulesError


class Chooser(Protocol):
    """Where the fuzzer's choices come from (atheris' data provider or hypothesis)."""

    def integer(self, low: int, high: int) -> int: ...


def _pick(chooser: Chooser, items: Sequence[Any]) -> Any:
    return items[chooser.integer(0, len(items) - 1)]


INTERESTING_TEXT: tuple[bytes, ...] = (
    b"[" * 40,
    b"{" * 40,
    b"[" * 5000,
    b"9" * 5000,
    b"-1",
    b"1e999",
    b"NaN",
    b"\x00",
    b"\xff\xfe",
    b"\xc3",
    b'"\\ud800"',
    "²".encode(),
    b"x" * 5000,
    b"L " * 500,
    b"\n" * 50,
    b"#",
    b"r/x",
)
"""Byte strings that broke or nearly broke a parser once, inserted anywhere."""

INTERESTING_VALUES: tuple[Any, ...] = (
    0,
    -1,
    1,
    2,
    3,
    2**31,
    10**20,
    10**6,
    1.5,
    -0.0,
    True,
    False,
    None,
    "",
    "x" * 1000,
    "\ud800",
    "blue-²",
    "special",
    [],
    {},
    [[[[[[[[]]]]]]]],
    {"type": "move"},
)
"""JSON values put in place of a value of a valid input."""


def _byte_mutation(data: bytes, chooser: Chooser) -> bytes:
    where = chooser.integer(0, len(data))
    kind = chooser.integer(0, 4)
    if kind == 0 and data:
        index = min(where, len(data) - 1)
        return data[:index] + bytes([chooser.integer(0, 255)]) + data[index + 1 :]
    if kind == 1:
        return data[:where] + data[where + chooser.integer(1, 64) :]
    if kind == 2:
        return data[:where] + _pick(chooser, INTERESTING_TEXT) + data[where:]
    if kind == 3:
        end = min(len(data), where + chooser.integer(1, 256))
        return data[:where] + data[where:end] * chooser.integer(2, 50) + data[end:]
    return data[:where].lower() + data[where:]


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_nodes(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_nodes(item, (*path, index)))
    return found


def _replace(value: Any, path: tuple[Any, ...], new: Callable[[Any], Any]) -> Any:
    if not path:
        return new(value)
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    copy = list(value)
    copy[head] = _replace(copy[head], rest, new)
    return copy


def _json_mutation(document: Any, chooser: Chooser) -> Any:
    path = _pick(chooser, _nodes(document))
    kind = chooser.integer(0, 3)
    if kind == 0:
        return _replace(document, path, lambda _: _pick(chooser, INTERESTING_VALUES))
    if kind == 1 and path:
        parent, key = path[:-1], path[-1]

        def remove(container: Any) -> Any:
            if isinstance(container, dict):
                return {k: v for k, v in container.items() if k != key}
            return [item for index, item in enumerate(container) if index != key]

        return _replace(document, parent, remove)
    if kind == 2:
        return _replace(document, path, lambda old: [old, old])
    other = _pick(chooser, _nodes(document))
    taken: list[Any] = []
    _replace(document, other, lambda old: taken.append(old) or old)
    return _replace(document, path, lambda _: taken[0])


def mutate(data: bytes, chooser: Chooser) -> bytes:
    """``data`` changed one to four times (or replaced by random bytes)."""
    if chooser.integer(0, 15) == 0:
        return bytes(chooser.integer(0, 255) for _ in range(chooser.integer(0, 200)))
    for _ in range(chooser.integer(1, 4)):
        if chooser.integer(0, 1):
            try:
                document = json.loads(data)
            except (ValueError, RecursionError):
                document = None
            if isinstance(document, dict | list):
                data = json.dumps(_json_mutation(document, chooser)).encode()
                continue
        data = _byte_mutation(data, chooser)
    return data


class Fuzzer:
    """Runs inputs, counts them, and saves each one that breaks the promise."""

    def __init__(self, corpus: Path, slow: float) -> None:
        self.corpus = corpus
        self.slow = slow
        self.runs: Counter[str] = Counter()
        self.saved: list[Path] = []

    def run(self, name: str, data: bytes) -> BaseException | None:
        """Feed ``data`` to entry point ``name``; the foreign exception, if one came out."""
        self.runs[name] += 1
        started = time.perf_counter()
        failure: BaseException | None = None
        try:
            ENTRY_POINTS[name](data)
        except RulesError:
            pass
        except Exception as error:
            failure = error
        elapsed = time.perf_counter() - started
        if failure is None and elapsed > self.slow:
            failure = TimeoutError(f"{elapsed:.1f} s")
        if failure is not None:
            self.save(name, data, failure)
        return failure

    def save(self, name: str, data: bytes, failure: BaseException) -> None:
        folder = self.corpus / name
        folder.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha1(data).hexdigest()[:12]
        path = folder / f"{type(failure).__name__}-{digest}"
        if not path.exists():
            path.write_bytes(data)
            self.saved.append(path)
            print(f"  {name}: {type(failure).__name__}: {str(failure)[:120]} -> {path}")


def run_atheris(
    fuzzer: Fuzzer, names: list[str], seconds: float, report: Callable[[], int]
) -> None:
    """libFuzzer never returns: at the end of the budget the report is printed and the
    process exits with its status."""
    import atheris

    atheris.instrument_all()
    inputs = seeds()
    deadline = time.monotonic() + seconds

    class Provider:
        def __init__(self, provider: Any) -> None:
            self.provider = provider

        def integer(self, low: int, high: int) -> int:
            return int(self.provider.ConsumeIntInRange(low, high))

    def one_input(raw: bytes) -> None:
        if time.monotonic() > deadline:
            status = report()
            sys.stdout.flush()
            os._exit(status)
        chooser = Provider(atheris.FuzzedDataProvider(raw))
        name = _pick(chooser, names)
        fuzzer.run(name, mutate(_pick(chooser, inputs[name]), chooser))

    atheris.Setup(
        [sys.argv[0], f"-max_total_time={int(seconds) + 60}", "-rss_limit_mb=4096"], one_input
    )
    atheris.Fuzz()


def run_hypothesis(
    fuzzer: Fuzzer, names: list[str], seconds: float, report: Callable[[], int]
) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as hs

    inputs = seeds()
    deadline = time.monotonic() + seconds

    class Drawn:
        def __init__(self, data: hs.DataObject) -> None:
            self.data = data

        def integer(self, low: int, high: int) -> int:
            return self.data.draw(hs.integers(low, high))

    @settings(
        max_examples=500,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(hs.sampled_from(names), hs.data())
    def probe(name: str, data: hs.DataObject) -> None:
        chooser = Drawn(data)
        failure = fuzzer.run(name, mutate(_pick(chooser, inputs[name]), chooser))
        if failure is not None:
            raise AssertionError(f"{name}: {failure!r}")

    while time.monotonic() < deadline:
        # A failure is saved (its shrunk example too); carry on with a new round.
        with contextlib.suppress(AssertionError):
            probe()
    report()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=120.0, help="the time budget")
    parser.add_argument(
        "--entry", action="append", choices=sorted(ENTRY_POINTS), help="default: every one"
    )
    parser.add_argument("--engine", choices=("auto", "atheris", "hypothesis"), default="auto")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="where crashing inputs go")
    parser.add_argument(
        "--slow", type=float, default=2.0, help="an input taking longer is a failure"
    )
    args = parser.parse_args(argv)
    names = args.entry or sorted(ENTRY_POINTS)
    engine = args.engine
    if engine == "auto":
        try:
            import atheris  # noqa: F401
        except ImportError:
            engine = "hypothesis"
        else:
            engine = "atheris"
    fuzzer = Fuzzer(args.corpus, args.slow)
    print(f"fuzzing {len(names)} entry points with {engine} for {args.seconds:g} s")
    started = time.monotonic()

    def report() -> int:
        elapsed = time.monotonic() - started
        for name in names:
            print(f"  {name:24} {fuzzer.runs[name]:>9,} inputs")
        total = sum(fuzzer.runs.values())
        print(f"{total:,} inputs in {elapsed:.0f} s; {len(fuzzer.saved)} new corpus file(s)")
        return 1 if fuzzer.saved else 0

    run = run_atheris if engine == "atheris" else run_hypothesis
    run(fuzzer, names, args.seconds, report)
    return 1 if fuzzer.saved else 0


if __name__ == "__main__":
    sys.exit(main())
