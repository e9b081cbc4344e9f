"""Balance studies: many matches per option set, summarised per seat and per game section."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ludoteca.bots.base import resolve_game
from ludoteca.engine.game import Game
from ludoteca.engine.options import options_to_json
from ludoteca.sim.runner import match_seed, run_tasks
from ludoteca.sim.sections import grouped, pooled, sections_for
from ludoteca.sim.stats import wilson_interval
from ludoteca.sim.teams import team_outcome, win_shares
from ludoteca.sim.tournament import schedule


@dataclass
class Config:
    """One option set of a study and the records of its matches."""

    label: str
    options: Any
    records: list[dict[str, Any]]

    def team_results(self) -> list[tuple[list[float], list[int]]]:
        return [team_outcome(r["teams"], r["scores"], r["ranks"]) for r in self.records]

    def seat_win_rates(self) -> list[tuple[float, tuple[float, float]]]:
        """Per team position (seat, or crew): win rate (shared wins as fractions) and its 95%
        interval."""
        results = self.team_results()
        count = len(results[0][1]) if results else 0
        wins = [0.0] * count
        for _, ranks in results:
            for t, share in enumerate(win_shares(ranks)):
                wins[t] += share
        games = len(results)
        return [(w / games, wilson_interval(w, games)) for w in wins]

    def scores(self) -> list[list[float]]:
        """Per team position, its score in every match."""
        results = self.team_results()
        count = len(results[0][0]) if results else 0
        return [[scores[t] for scores, _ in results] for t in range(count)]

    def lengths(self) -> list[int]:
        return [r["actions"] for r in self.records]

    def section_values(self, game: str) -> dict[str, list[Any]]:
        """Per section title, the value of every match that reports it."""
        out: dict[str, list[Any]] = {}
        for section in sections_for(game):
            values = [section.value(r["details"]) for r in self.records]
            out[section.title] = [v for v in values if v is not None]
        return out

    def summary(self, game: str) -> dict[str, Any]:
        """JSON-ready figures of this option set."""
        rates = self.seat_win_rates()
        lengths = self.lengths()
        sections: dict[str, Any] = {}
        section_values = self.section_values(game)
        for section in sections_for(game):
            values = section_values[section.title]
            if not values:
                continue
            if section.plot == "bars":
                sections[section.title] = {k: _mean(v) for k, v in grouped(values).items()}
            else:
                found = pooled(values)
                sections[section.title] = {
                    "mean": _mean(found),
                    "min": min(found, default=0.0),
                    "max": max(found, default=0.0),
                    "count": len(found),
                }
        return {
            "label": self.label,
            "options": options_to_json(self.options),
            "matches": len(self.records),
            "seat_win_rate": [rate for rate, _ in rates],
            "seat_ci95": [list(ci) for _, ci in rates],
            "mean_score_by_seat": [_mean(s) for s in self.scores()],
            "mean_length": _mean(lengths),
            "sections": sections,
        }


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


@dataclass
class Study:
    game: str
    players: int
    games: int
    bots: list[str]
    seed: int
    configs: list[Config]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "bots": self.bots,
            "seed": self.seed,
            "configs": [c.summary(self.game) for c in self.configs],
        }


def run_study(
    game: str | Game[Any],
    players: int,
    configs: Sequence[tuple[str, Any]],
    games: int,
    specs: Sequence[str] = ("heuristic",),
    seed: int = 0,
    workers: int = 1,
    advance: Callable[[], None] | None = None,
) -> Study:
    """`games` matches for every (label, options) pair; every option set replays the same seeds,
    so a sweep compares options on equal deals as far as the options allow."""
    resolved = resolve_game(game)
    parsed = [(label, resolved.options(options)) for label, options in configs]
    # The tournament's rotation of bots over seats, but every match of an option set on its own
    # seed (a tournament replays one seed per rotation block).
    tasks = [
        replace(task, seed=match_seed(seed, task.number), extra={**task.extra, "config": number})
        for number, (_, options) in enumerate(parsed)
        for task in schedule(resolved, players, specs, games, seed, options)
    ]
    records = run_tasks(tasks, workers, advance)
    return Study(
        resolved.name,
        players,
        games,
        list(specs),
        seed,
        [
            Config(label, options, [r for r in records if r["config"] == number])
            for number, (label, options) in enumerate(parsed)
        ],
    )
