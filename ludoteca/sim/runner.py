"""Running many matches: one match from a task, many on local processes with a progress bar.

A task holds everything a match needs (the game, players, options, seed, one bot spec per team),
so a worker process rebuilds its bots from the specs and the results are the same whatever the
number of workers: each match's seed is derived from the master seed and the match's number.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.bots.base import Bot, resolve_game
from ludoteca.bots.playout import play_out
from ludoteca.bots.simple import HeuristicBot
from ludoteca.bots.spec import parse_bot
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng


def match_seed(master: int, number: int) -> int:
    """The seed of match `number` of a run seeded `master` (independent of the workers)."""
    return Rng((master & 0xFFFFFFFF) << 32 | (number & 0xFFFFFFFF)).next_u64() >> 1


@dataclass(frozen=True)
class Task:
    game: str | Game[Any]
    players: int
    options: Any
    seed: int
    specs: tuple[str, ...]  # one bot spec per team
    number: int = 0
    extra: dict[str, Any] = field(default_factory=dict)  # carried to the record untouched


def run_task(task: Task) -> dict[str, Any]:
    """Play one match; a JSON-ready record of how it went."""
    game = resolve_game(task.game)
    state = game.setup(task.players, task.seed, task.options)
    team_seats = game.teams(state)
    built = {spec: parse_bot(spec) for spec in set(task.specs)}
    bots: dict[int, Bot] = {seat: HeuristicBot() for seat in game.seats(state)}
    for seats, spec in zip(team_seats, task.specs, strict=True):
        for seat in seats:
            bots[seat] = built[spec]
    playout = play_out(game, state, bots, task.seed)
    result = game.result(state)
    return {
        "number": task.number,
        "seed": task.seed,
        "specs": list(task.specs),
        "teams": team_seats,
        "scores": list(result.scores),
        "ranks": list(result.ranks),
        "details": dict(result.details),
        "actions": playout.actions,
        "seconds": playout.seconds,
        **task.extra,
    }


def run_tasks(
    tasks: Sequence[Task],
    workers: int = 1,
    advance: Callable[[], None] | None = None,
) -> list[dict[str, Any]]:
    """Every task's record, in task order; `advance` is called once per finished match."""
    records: list[dict[str, Any] | None] = [None] * len(tasks)
    if workers <= 1:
        for i, task in enumerate(tasks):
            records[i] = run_task(task)
            if advance:
                advance()
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(run_task, task): i for i, task in enumerate(tasks)}
            for future in concurrent.futures.as_completed(futures):
                records[futures[future]] = future.result()
                if advance:
                    advance()
    return [r for r in records if r is not None]
