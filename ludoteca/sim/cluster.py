"""Running a batch of matches on a Ray cluster: the same tasks and the same records as local
processes, so a tournament or a study gives the same results for the same seed wherever it runs.

Where the matches run (`address`):

- `local`: a Ray instance started on this machine for the run, bound to loopback, and stopped
  after it (with `cpus`, that many CPUs; else every core);
- `auto`: the cluster already running on this machine (`ray start --head`);
- `HOST:PORT`: the head of a cluster (its GCS address, as `ray start --head` prints it);
- `ray://HOST:PORT`: a cluster through the Ray Client.

Every node needs ludoteca installed (the same version), since a worker loads the game by its
registered name, as a local worker process does. A process already connected to Ray (its own
`ray.init`) uses that connection, and keeps it.

Tasks travel in batches: a Ray task costs about a millisecond of scheduling and transfer, far
more than a short match, so matches are sent a batch at a time, sized from the time the
matches so far took, so that each batch is about `BATCH_SECONDS` of work (its overhead a few
per cent). A small window of batches is in flight, two per CPU, so a huge run never holds every
task at once and progress is reported as each batch comes back.
"""

from __future__ import annotations

import logging
import os
import re
import socket
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ludoteca.sim.task import Task, run_task

LOCAL = "local"
AUTO = "auto"
BATCH_SECONDS = 0.5  # the work one Ray task should carry
MAX_BATCH = 500
PROBE_SECONDS = 5.0  # how long to try to reach a cluster's head before saying it cannot be
_HOST_PORT = re.compile(r"^(ray://)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})$")


class ClusterError(ValueError):
    """The cluster cannot be used: Ray is not installed, or the address is wrong or cannot be
    reached. The message says which, in a sentence."""


def check_address(address: str) -> str:
    """`address` if it is one Ray understands (see the module), else ClusterError."""
    if address in (LOCAL, AUTO):
        return address
    found = _HOST_PORT.match(address)
    if found is None or not 1 <= int(found.group(3)) <= 65535:
        raise ClusterError(
            f"a Ray address is local, auto, HOST:PORT or ray://HOST:PORT, not {address!r}"
        )
    return address


def probe(address: str, seconds: float = PROBE_SECONDS) -> None:
    """Raise ClusterError, quickly, when nothing answers at a HOST:PORT address (Ray itself
    would retry for a minute before giving up)."""
    found = _HOST_PORT.match(address)
    if found is None:
        return
    host, port = found.group(2).strip("[]"), int(found.group(3))
    try:
        with socket.create_connection((host, port), timeout=seconds):
            pass
    except OSError as exc:
        reason = "no answer" if isinstance(exc, TimeoutError) else exc.strerror or str(exc)
        raise ClusterError(f"cannot reach the Ray cluster at {address}: {reason}") from None


def local_instance_settings() -> None:
    """Settings for a local instance, read when Ray is imported and when it starts: bound to
    loopback (Ray does so only when told that clusters are off), and workers at the usual
    priority (Ray starts them at niceness 15, so on a machine doing other work the matches
    would wait behind every other process)."""
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    os.environ.setdefault("RAY_worker_niceness", "0")


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ClusterError(
            "Ray is not installed: install ludoteca with the ray extra (pip install "
            "'ludoteca[ray]')"
        ) from None
    return ray


@contextmanager
def connected(address: str, cpus: int | None = None) -> Iterator[int]:
    """Connected to the cluster at `address` for the block; yields how many CPUs it has. A
    `local` instance is started (on loopback, with `cpus` CPUs) and stopped after the block."""
    check_address(address)
    if address == LOCAL:
        local_instance_settings()
    ray = _ray()
    if ray.is_initialized():
        yield int(ray.cluster_resources().get("CPU", 1))
        return
    probe(address)
    quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
    try:
        if address == LOCAL:
            ray.init(num_cpus=cpus, include_dashboard=False, **quiet)
        else:
            ray.init(address=address, **quiet)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ClusterError(f"cannot connect to the Ray cluster at {address}: {first}") from None
    try:
        yield int(ray.cluster_resources().get("CPU", 1))
    finally:
        ray.shutdown()


def play_batch(tasks: list[Task]) -> tuple[list[dict[str, Any]], float]:
    """Play a batch of matches in a Ray worker: their records, and the seconds they took."""
    start = time.perf_counter()
    records = [run_task(task) for task in tasks]
    return records, time.perf_counter() - start


class Batcher:
    """How many matches the next batch holds: enough for `BATCH_SECONDS` of work at the mean
    time per match seen so far (one match until there is a time to go by)."""

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = BATCH_SECONDS if seconds is None else seconds
        self.matches = 0
        self.spent = 0.0

    def record(self, matches: int, seconds: float) -> None:
        """Counts a batch's matches and the seconds it took."""
        self.matches += matches
        self.spent += seconds

    def size(self) -> int:
        """The matches of the next batch: about the target seconds' worth at the pace so far."""
        if not self.matches or self.spent <= 0:
            return 1
        return max(1, min(MAX_BATCH, round(self.seconds * self.matches / self.spent)))


@dataclass(frozen=True)
class RayRun:
    """What a run on Ray did: its Ray tasks (batches), matches, the seconds the matches took in
    the workers, the workers it could use, and the run's wall-clock seconds."""

    tasks: int
    matches: int
    work_seconds: float
    workers: int
    seconds: float

    @property
    def overhead_seconds(self) -> float:
        """Worker time not spent on matches: scheduling, transfers, waiting at the start and
        the end of the run."""
        return max(0.0, self.workers * self.seconds - self.work_seconds)


def run_on_ray(
    tasks: Iterable[Task],
    address: str,
    finished: Callable[[int, dict[str, Any]], None],
    cpus: int | None = None,
) -> RayRun:
    """Play every task on the cluster, calling `finished(index, record)` as each batch comes
    back (in any order; the caller sorts). `cpus`: at most that many batches run at once (and a
    local instance gets that many CPUs)."""
    with connected(address, cpus) as available:
        ray = _ray()
        remote = ray.remote(num_cpus=1, max_retries=1)(play_batch)
        numbered = enumerate(tasks)
        batcher = Batcher()
        window = 2 * (cpus or available)
        in_flight: dict[Any, list[int]] = {}
        start = time.perf_counter()
        sent = 0

        def submit() -> None:
            nonlocal sent
            batch = [next(numbered, None) for _ in range(batcher.size())]
            chosen = [pair for pair in batch if pair is not None]
            if chosen:
                ref = remote.remote([task for _, task in chosen])
                in_flight[ref] = [index for index, _ in chosen]
                sent += 1

        try:
            for _ in range(window):
                submit()
            while in_flight:
                (ref,), _ = ray.wait(list(in_flight), num_returns=1)
                indices = in_flight.pop(ref)
                records, seconds = ray.get(ref)
                batcher.record(len(records), seconds)
                for index, record in zip(indices, records, strict=True):
                    finished(index, record)
                submit()
        except BaseException:
            for ref in in_flight:
                ray.cancel(ref, force=True)
            raise
        return RayRun(
            sent, batcher.matches, batcher.spent, min(window // 2, available),
            time.perf_counter() - start,
        )
