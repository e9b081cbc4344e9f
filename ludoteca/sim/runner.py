"""Running many matches: a stream of tasks (`ludoteca.sim.task`) on local processes.

The results are the same whatever the number of workers: each match's seed derives from the
master seed and the match's number, and the records come back in task order.

Tasks are streamed: `run_tasks` reads them from any iterable (a generator) and keeps only a small
window of them in flight, so a run of many matches never holds every task at once. Ctrl-C stops a
run cleanly: the matches finished so far come back, marked as interrupted. The same tasks run on
one process, on a pool of local processes, or on a Ray cluster (`ludoteca.sim.cluster`).
"""

from __future__ import annotations

import functools
import itertools
import multiprocessing
import queue
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ludoteca.bots.spec import BotSpec, parse_spec
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games import load_game
from ludoteca.sim.task import Task, run_task

LOW_32 = 0xFFFFFFFF


def match_seed(master: int, number: int) -> int:
    """The seed of match `number` of a run seeded `master` (independent of the workers)."""
    key = (master & LOW_32) << 32 | (number & LOW_32)
    if master >> 32:  # beyond 32 bits: matches of its own, not those of its low 32 bits
        key ^= Rng(master >> 32).next_u64()
    return Rng(key).next_u64() >> 1


@dataclass(frozen=True)
class Played:
    """The records of the matches a run finished, in task order; `interrupted`: Ctrl-C stopped
    the run before every task was played."""

    records: list[dict[str, Any]]
    interrupted: bool = False


def registered(game: Game[Any] | str) -> Game[Any]:
    """The game as the registry has it (a worker process loads it by name), from its name or
    the object itself; a ValueError for a game that is not registered under its name."""
    found = load_game(game if isinstance(game, str) else game.name)
    if not isinstance(game, str) and found is not game:
        raise ValueError(
            f"{game.name!r} is not the registered game of that name: simulations load their "
            "game by name in each worker, so they play registered games only"
        )
    return found


def parsed_specs(specs: Sequence[BotSpec | str]) -> list[BotSpec]:
    """Bot specs as `BotSpec`s (a spec's text is parsed here, once)."""
    return [spec if isinstance(spec, BotSpec) else parse_spec(spec) for spec in specs]


def run_tasks(
    tasks: Iterable[Task],
    workers: int | None = 1,
    advance: Callable[[], None] | None = None,
    ray: str | None = None,
) -> Played:
    """Every task's record, in task order; `advance` is called once per finished match.
    `workers`: local processes (None: 1); with `ray` (a cluster's address, see
    `ludoteca.sim.cluster`), the matches run there instead, at most `workers` at once (None:
    as many as the cluster has CPUs)."""
    done: list[tuple[int, dict[str, Any]]] = []

    def finished(index: int, record: dict[str, Any]) -> None:
        done.append((index, record))
        if advance:
            advance()

    interrupted = False
    try:
        if ray is not None:
            from ludoteca.sim.cluster import run_on_ray  # Ray is an optional extra

            run_on_ray(tasks, ray, finished, workers)
        elif (workers or 1) <= 1:
            _run_here(tasks, finished)
        else:
            _run_in_pool(tasks, workers or 1, finished)
    except KeyboardInterrupt:
        interrupted = True
    done.sort(key=lambda pair: pair[0])
    return Played([record for _, record in done], interrupted)


Arrivals = queue.Queue[tuple[int, Any, BaseException | None]]


def _arrived(results: Arrivals, index: int, record: dict[str, Any]) -> None:
    results.put((index, record, None))


def _failed(results: Arrivals, index: int, error: BaseException) -> None:
    results.put((index, None, error))


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them (no traceback from each worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# How often the parent of a pool looks whether Ctrl-C was pressed while it waits for a match.
INTERRUPT_POLL_SECONDS = 0.1


@contextmanager
def ctrl_c_as_a_flag(raise_now: Callable[[], bool] = lambda: False
                     ) -> Iterator[threading.Event]:
    """Ctrl-C sets the flag instead of raising wherever the main thread happens to be: raised
    inside a lock another thread also takes (the pool's arrivals queue, the progress bar's
    refresh), it left that lock held, and stopping the pool or the bar then waited on that
    thread for ever. The caller raises KeyboardInterrupt where it is safe, and Ctrl-C raises at
    once while `raise_now()` says so. Elsewhere than the main thread (where signals cannot be
    handled) the flag is never set."""
    pressed = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield pressed
        return

    def press(*_: Any) -> None:
        pressed.set()
        if raise_now():
            raise KeyboardInterrupt

    before = signal.signal(signal.SIGINT, press)
    try:
        yield pressed
    finally:
        signal.signal(signal.SIGINT, before)


def _run_here(tasks: Iterable[Task], finished: Callable[[int, dict[str, Any]], None]) -> None:
    """One match after another in this process. Ctrl-C stops the match under way at once (the
    game's code holds no lock); while a finished one is handed on (to the progress bar, which
    shares a lock with its refresh thread) it is noted, and the run stops right after."""
    playing = False
    with ctrl_c_as_a_flag(lambda: playing) as pressed:
        for index, task in enumerate(tasks):
            playing = True
            record = run_task(task)
            playing = False
            finished(index, record)
            if pressed.is_set():
                raise KeyboardInterrupt


def _run_in_pool(
    tasks: Iterable[Task], workers: int, finished: Callable[[int, dict[str, Any]], None]
) -> None:
    """Feed the pool a window of 2 tasks per worker, one more as each finishes."""
    results: Arrivals = queue.Queue()
    numbered = enumerate(tasks)
    # Leaving the block terminates the workers: on Ctrl-C the matches under way are dropped.
    with (ctrl_c_as_a_flag() as pressed,
          multiprocessing.Pool(workers, initializer=_ignore_interrupts) as pool):

        def submit(count: int) -> int:
            sent = 0
            for index, task in itertools.islice(numbered, count):
                pool.apply_async(
                    run_task,
                    (task,),
                    callback=functools.partial(_arrived, results, index),
                    error_callback=functools.partial(_failed, results, index),
                )
                sent += 1
            return sent

        pending = submit(2 * workers)
        while pending:
            if pressed.is_set():
                raise KeyboardInterrupt
            try:
                index, record, error = results.get(timeout=INTERRUPT_POLL_SECONDS)
            except queue.Empty:
                continue
            if error is not None:
                raise error
            finished(index, record)
            pending += submit(1) - 1
