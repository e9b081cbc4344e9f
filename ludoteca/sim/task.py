"""One match to play, as a worker receives it, and how any worker plays it: in this process, in
a local pool (`ludoteca.sim.runner`) or on a Ray cluster (`ludoteca.sim.cluster`), which both
import it from here, so neither imports the other's module back.

A task holds only what a worker process needs to play its match: the game's registered name, the
options as JSON, the seed and one parsed bot spec per team; the worker loads the game by its name
and builds the bots.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ludoteca.bots.base import Bot
from ludoteca.bots.playout import play_out
from ludoteca.bots.simple import HeuristicBot
from ludoteca.bots.spec import BotSpec
from ludoteca.games import load_game


@dataclass(frozen=True)
class Task:
    """One match for a worker: the game, its players and options, its seed and a bot spec per
    team."""

    game: str  # the registered name: the worker loads the game by it
    players: int
    options: dict[str, Any]  # the typed options, encoded by the engine's codec
    seed: int
    specs: tuple[BotSpec, ...]  # one bot spec per team
    number: int = 0
    extra: dict[str, Any] = field(default_factory=dict)  # carried to the record untouched


def run_task(task: Task) -> dict[str, Any]:
    """Play one match; a JSON-ready record of how it went."""
    game = load_game(task.game)
    state = game.setup(task.players, task.seed, game.options(task.options))
    team_seats = game.teams(state)
    if len(team_seats) != len(task.specs):
        raise ValueError(
            f"{game.name}: team_count({task.players}, ...) gave {len(task.specs)} teams but the "
            f"match has {len(team_seats)}; Game.team_count must agree with Game.teams"
        )
    built = {spec: spec.build() for spec in set(task.specs)}
    bots: dict[int, Bot] = {seat: HeuristicBot() for seat in game.seats(state)}
    for seats, spec in zip(team_seats, task.specs, strict=True):
        for seat in seats:
            bots[seat] = built[spec]
    playout = play_out(game, state, bots, task.seed)
    result = game.result(state)
    return {
        "number": task.number,
        "seed": task.seed,
        "specs": [spec.name for spec in task.specs],
        "teams": team_seats,
        "scores": list(result.scores),
        "ranks": list(result.ranks),
        "details": dict(result.details),
        "actions": playout.actions,
        "seconds": playout.seconds,
        **task.extra,
    }
