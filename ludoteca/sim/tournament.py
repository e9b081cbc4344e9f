"""Tournaments: bots against each other, seats rotated, with win rates, intervals and Elo.

Seats rotate so that every bot plays every team (a seat, or a game's team of seats) equally
often: match i gives team t the bot (t + i) mod K of the K bots. Consecutive blocks of K matches
replay the same deal (seed) with every rotation, which removes the luck of the deal from the
comparison. How many teams a match has comes from the game (`Game.team_count`).

Shared wins count as a fraction: when k teams tie for first, each gets 1/k of a win.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ludoteca.bots.spec import BotSpec
from ludoteca.engine.codec import encode
from ludoteca.engine.game import Game
from ludoteca.sim.runner import match_seed, parsed_specs, registered, run_tasks
from ludoteca.sim.stats import elo_ratings, wilson_interval
from ludoteca.sim.task import Task
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
        """The standing as JSON data."""
        data = asdict(self)
        data["ci95"] = list(self.ci95)
        return data


def bot_names(specs: Sequence[BotSpec]) -> list[str]:
    """Display names of the bots, numbered when a spec is listed twice."""
    names = [spec.name for spec in specs]
    return [
        name if names.count(name) == 1 else f"{name}#{names[: i + 1].count(name)}"
        for i, name in enumerate(names)
    ]


def schedule(
    game: Game[Any],
    players: int,
    specs: Sequence[BotSpec],
    games: int,
    seed: int,
    options: Any,
) -> Iterator[Task]:
    """The matches of a tournament, seats rotated, one at a time; `extra["lineup"]` is the bot
    of each team. `options` are typed; the tasks carry them as JSON."""
    count = game.team_count(players, options)
    as_json = encode(options, game.Options)
    k = len(specs)
    for i in range(games):
        lineup = [(team + i) % k for team in range(count)]
        yield Task(
            game.name,
            players,
            as_json,
            match_seed(seed, i // k),
            tuple(specs[b] for b in lineup),
            number=i,
            extra={"lineup": lineup},
        )


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
    """A tournament's outcome: the settings, every bot's standing and the matches' records."""

    game: str
    players: int
    games: int  # the matches played (fewer than asked when interrupted)
    seed: int
    bots: list[Standing]
    records: list[dict[str, Any]]
    interrupted: bool = False

    def to_json(self) -> dict[str, Any]:
        """The result as JSON data (results.json)."""
        data: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": [s.to_json() for s in self.bots],
        }
        if self.interrupted:
            data["interrupted"] = True
        return data


def run_tournament(
    game: Game[Any] | str,
    players: int,
    specs: Sequence[BotSpec | str],
    games: int,
    seed: int = 0,
    options: Any = None,
    workers: int | None = 1,
    advance: Callable[[], None] | None = None,
    ray: str | None = None,
) -> TournamentResult:
    """Play the tournament; the same seed gives the same result for any number of workers, on
    a Ray cluster too (`ray`: its address, see `ludoteca.sim.cluster`), bots with a time budget
    excepted (how far they search depends on the machine). A game may be given by its
    registered name, bot specs as text and options as a mapping: each is read once, here (the
    command line passes them already read)."""
    found = registered(game)
    found.check_players(players)
    typed = found.options(options)
    bots = parsed_specs(specs)
    tasks = schedule(found, players, bots, games, seed, typed)
    played = run_tasks(tasks, workers, advance, ray)
    records = played.records
    return TournamentResult(
        found.name,
        players,
        len(records),
        seed,
        standings(records, bot_names(bots)),
        records,
        played.interrupted,
    )
