"""Tournaments: bots against each other, seats rotated, with win rates, intervals and Elo.

Seats rotate so that every bot plays every seat (every crew, in Ciurme) equally often: match i
gives team t the bot (t + i) mod K of the K bots. Consecutive blocks of K matches replay the same
deal (seed) with every rotation, which removes the luck of the deal from the comparison.

Shared wins count as a fraction: when k teams tie for first, each gets 1/k of a win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ludoteca.bots.base import resolve_game
from ludoteca.bots.spec import parse_bot
from ludoteca.engine.game import Game
from ludoteca.sim.runner import Task, match_seed, run_tasks
from ludoteca.sim.stats import elo_ratings, wilson_interval
from ludoteca.sim.teams import team_outcome, win_shares


@dataclass(frozen=True)
class Standing:
    """One bot's line of the results table (`games` counts the seats it played)."""

    name: str
    games: int
    wins: float
    win_rate: float
    ci95: tuple[float, float]
    mean_score: float
    elo: float

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["ci95"] = list(self.ci95)
        return data


def bot_names(specs: Sequence[str]) -> list[str]:
    """Display names of the bots, numbered when a spec is listed twice."""
    names = [parse_bot(spec).name for spec in specs]
    return [
        name if names.count(name) == 1 else f"{name}#{names[: i + 1].count(name)}"
        for i, name in enumerate(names)
    ]


def game_ref(game: Game[Any]) -> str | Game[Any]:
    """A name a worker process can load the game by, else the game object itself."""
    try:
        return game.name if resolve_game(game.name) is game else game
    except ValueError:
        return game


def schedule(
    game: Game[Any], players: int, specs: Sequence[str], games: int, seed: int, options: Any
) -> list[Task]:
    """The matches of a tournament, seats rotated; `extra["lineup"]` is the bot of each team."""
    count = len(game.teams(game.setup(players, seed, options)))
    k = len(specs)
    ref = game_ref(game)
    tasks = []
    for i in range(games):
        lineup = [(team + i) % k for team in range(count)]
        tasks.append(
            Task(
                ref,
                players,
                options,
                match_seed(seed, i // k),
                tuple(specs[b] for b in lineup),
                number=i,
                extra={"lineup": lineup},
            )
        )
    return tasks


def standings(records: Sequence[dict[str, Any]], names: Sequence[str]) -> list[Standing]:
    """The results table from the match records."""
    k = len(names)
    played, wins, score_sum = [0] * k, [0.0] * k, [0.0] * k
    pairs: list[tuple[int, int, float]] = []
    for record in records:
        lineup = record["lineup"]
        scores, ranks = team_outcome(record["teams"], record["scores"], record["ranks"])
        shares = win_shares(ranks)
        for team, bot in enumerate(lineup):
            played[bot] += 1
            score_sum[bot] += scores[team]
            wins[bot] += shares[team]
        for a in range(len(lineup)):
            for b in range(a + 1, len(lineup)):
                if lineup[a] != lineup[b]:
                    outcome = 1.0 if ranks[a] < ranks[b] else 0.0 if ranks[a] > ranks[b] else 0.5
                    pairs.append((lineup[a], lineup[b], outcome))
    elo = elo_ratings(k, pairs)
    return [
        Standing(
            names[b],
            played[b],
            round(wins[b], 6),
            wins[b] / played[b] if played[b] else 0.0,
            wilson_interval(wins[b], played[b]),
            score_sum[b] / played[b] if played[b] else 0.0,
            elo[b],
        )
        for b in range(k)
    ]


@dataclass(frozen=True)
class TournamentResult:
    game: str
    players: int
    games: int
    seed: int
    bots: list[Standing]
    records: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": [s.to_json() for s in self.bots],
        }


def run_tournament(
    game: str | Game[Any],
    players: int,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    options: Any = None,
    workers: int = 1,
    advance: Callable[[], None] | None = None,
) -> TournamentResult:
    """Play the tournament; the same seed gives the same result for any number of workers
    (bots with a time budget excepted: how far they search depends on the machine)."""
    resolved = resolve_game(game)
    resolved.check_players(players)
    opts = resolved.options(options)
    names = bot_names(specs)
    tasks = schedule(resolved, players, specs, games, seed, opts)
    records = run_tasks(tasks, workers, advance)
    return TournamentResult(resolved.name, players, games, seed, standings(records, names), records)
