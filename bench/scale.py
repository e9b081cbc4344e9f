"""One balance study run three ways: one process, 2 local worker processes, and Ray with 2
workers (a local Ray instance with 2 CPUs), with the same results each way.

For each run: its wall time, matches per second and the speed-up over one process. For Ray, the
overhead too: the worker time not spent playing matches (2 x the wall time - the matches' time
measured inside the workers), per Ray task and as a share of the matches' time. Ray sends its
tasks in batches sized to about half a second of matches (`ludoteca.sim.cluster`); the same
study with one match per task shows what batching saves. Ray's start-up (the instance and its
worker processes) is measured apart: a cluster is started once and serves many runs.

The load average is printed: on a machine shared with other work, two processes get less than
two cores, and the speed-ups show it.

Run: `python bench/scale.py [--games N]`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from ludoteca.bots.spec import parse_spec
from ludoteca.games import load_game
from ludoteca.sim import cluster
from ludoteca.sim.runner import run_tasks
from ludoteca.sim.study import study_tasks
from ludoteca.sim.task import Task

sys.path.insert(0, str(Path(__file__).parent))  # the benches' own helpers, beside them
from pages import rich_markdown, what_it_measures, write_page  # noqa: E402

GAME, PLAYERS = "ligretto", 2
BOT = "heuristic"
WORKERS = 2


def tasks(games: int) -> list[Task]:
    game = load_game(GAME)
    configs = [("default options", game.options())]
    return list(study_tasks(game, PLAYERS, configs, games, [parse_spec(BOT)], seed=1))


def local(study: list[Task], workers: int) -> tuple[list[dict[str, Any]], float]:
    start = time.perf_counter()
    played = run_tasks(study, workers)
    return played.records, time.perf_counter() - start


def on_ray(study: list[Task]) -> tuple[list[dict[str, Any]], cluster.RayRun]:
    done: list[tuple[int, dict[str, Any]]] = []
    run = cluster.run_on_ray(study, cluster.LOCAL, lambda i, r: done.append((i, r)), WORKERS)
    return [record for _, record in sorted(done, key=lambda pair: pair[0])], run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600, help="matches in the study")
    args = parser.parse_args()
    console = Console(width=120)
    study = tasks(args.games)
    begun = (f"A study of {args.games} {GAME} matches ({PLAYERS} players, {BOT} bots); "
             f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    console.print(begun)
    alone, alone_seconds = local(study, 1)
    pool, pool_seconds = local(study, WORKERS)
    start = time.perf_counter()
    with cluster.connected(cluster.LOCAL, WORKERS):
        on_ray(tasks(2 * WORKERS))  # the worker processes start and load ludoteca
        started = time.perf_counter() - start
        batched, batched_run = on_ray(study)
        saved, cluster.BATCH_SECONDS = cluster.BATCH_SECONDS, 0.0  # one match per task
        try:
            single, single_run = on_ray(study)
        finally:
            cluster.BATCH_SECONDS = saved
    table = Table(title=f"{GAME}, {args.games} matches, the same study three ways")
    for column in ("run", "Ray tasks", "wall s", "matches/s", "speed-up", "overhead/task",
                   "overhead / match time"):
        table.add_column(column, justify="left" if column == "run" else "right")
    rows: list[tuple[str, list[dict[str, Any]], float, cluster.RayRun | None]] = [
        ("1 process", alone, alone_seconds, None),
        (f"{WORKERS} local processes", pool, pool_seconds, None),
        (f"Ray, {WORKERS} workers, batched", batched, batched_run.seconds, batched_run),
        (f"Ray, {WORKERS} workers, 1 match a task", single, single_run.seconds, single_run),
    ]
    for name, records, seconds, run in rows:
        same = "" if records == alone else " (DIFFERENT RESULTS)"
        table.add_row(
            name + same,
            "-" if run is None else str(run.tasks),
            f"{seconds:.1f}",
            f"{args.games / seconds:.1f}",
            f"{alone_seconds / seconds:.2f}x",
            "-" if run is None else f"{1000 * run.overhead_seconds / run.tasks:.1f} ms",
            "-" if run is None else f"{run.overhead_seconds / run.work_seconds:.1%}",
        )
    console.print(table)
    ended = (f"Ray start-up (instance and workers, once per cluster): {started:.1f} s; "
             f"load average now {os.getloadavg()[0]:.1f}")
    console.print(ended)
    write_page("scale", "One study on one process, local processes and Ray",
               what_it_measures(__doc__), [begun + ".", rich_markdown(table), ended + "."])


if __name__ == "__main__":
    main()
