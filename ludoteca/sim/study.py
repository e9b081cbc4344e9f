"""Balance studies: many matches per option set, summarised per team and per game section.

The game's own sections come from `Game.report_sections()`; a study reads each section's numbers
out of every match's `Result.details` and summarises them (`ludoteca.sim.figures`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ludoteca.bots.spec import BotSpec
from ludoteca.engine.game import Game
from ludoteca.engine.options import options_to_json
from ludoteca.engine.result import ReportSection
from ludoteca.sim.figures import grouped, mean, pooled
from ludoteca.sim.runner import match_seed, parsed_specs, registered, run_tasks
from ludoteca.sim.stats import wilson_interval
from ludoteca.sim.task import Task
from ludoteca.sim.teams import team_outcome, win_shares
from ludoteca.sim.tournament import schedule


@dataclass
class Config:
    """One option set of a study and the records of its matches."""

    label: str
    options: Any
    records: list[dict[str, Any]]

    def team_results(self) -> list[tuple[list[float], list[int]]]:
        """Each match's teams' scores and ranks."""
        return [team_outcome(r["teams"], r["scores"], r["ranks"]) for r in self.records]

    def seat_win_rates(self) -> list[tuple[float, tuple[float, float]]]:
        """Per team position (a seat, or a team of seats): win rate (shared wins as fractions)
        and its 95% interval."""
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
        """Each match's length in actions."""
        return [r["actions"] for r in self.records]

    def section_values(self, sections: Sequence[ReportSection]) -> dict[str, list[Any]]:
        """Per section title, the value of every match that reports it."""
        out: dict[str, list[Any]] = {}
        for section in sections:
            values = [section.value(r["details"]) for r in self.records]
            out[section.title] = [v for v in values if v is not None]
        return out

    def summary(self, sections: Sequence[ReportSection]) -> dict[str, Any]:
        """JSON-ready figures of this option set."""
        rates = self.seat_win_rates()
        summaries: dict[str, Any] = {}
        section_values = self.section_values(sections)
        for section in sections:
            values = section_values[section.title]
            if not values:
                continue
            if section.plot == "bars":
                summaries[section.title] = {k: mean(v) for k, v in grouped(values).items()}
            else:
                found = pooled(values)
                summaries[section.title] = {
                    "mean": mean(found),
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
            "mean_score_by_seat": [mean(s) for s in self.scores()],
            "mean_length": mean(self.lengths()),
            "sections": summaries,
        }


@dataclass
class Study:
    """A balance study's outcome: the settings and each option set's records."""

    game: str
    title: str
    players: int
    games: int
    bots: list[str]
    seed: int
    configs: list[Config]
    sections: list[ReportSection]
    interrupted: bool = False

    def to_json(self) -> dict[str, Any]:
        """The study as JSON data (results.json)."""
        data: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "bots": self.bots,
            "seed": self.seed,
            "configs": [c.summary(self.sections) for c in self.configs],
        }
        if self.interrupted:
            data["interrupted"] = True
        return data


def study_tasks(
    game: Game[Any],
    players: int,
    configs: Sequence[tuple[str, Any]],
    games: int,
    specs: Sequence[BotSpec],
    seed: int,
) -> Iterator[Task]:
    """The matches of every option set, one at a time: the tournament's rotation of bots over
    seats, but every match of an option set on its own seed, the same seeds for every option
    set. The option sets take turns, so a study stopped early has compared them on equal terms."""

    def stream(config: int, options: Any) -> Iterator[Task]:
        for task in schedule(game, players, specs, games, seed, options):
            extra = {**task.extra, "config": config}
            yield replace(task, seed=match_seed(seed, task.number), extra=extra)

    streams = [stream(number, options) for number, (_, options) in enumerate(configs)]
    for turn in zip(*streams, strict=True):
        yield from turn


def run_study(
    game: Game[Any] | str,
    players: int,
    configs: Sequence[tuple[str, Any]],
    games: int,
    specs: Sequence[BotSpec | str] = ("heuristic",),
    seed: int = 0,
    workers: int | None = 1,
    advance: Callable[[], None] | None = None,
    ray: str | None = None,
) -> Study:
    """`games` matches for every (label, options) pair; every option set replays the same seeds,
    so a sweep compares options on equal deals as far as the options allow. As with
    `run_tournament`, names, spec texts and option mappings are read once, here, and the
    matches run on one process, local `workers` or a Ray cluster (`ray`)."""
    found = registered(game)
    found.check_players(players)
    typed = [(label, found.options(options)) for label, options in configs]
    bots = parsed_specs(specs)
    tasks = study_tasks(found, players, typed, games, bots, seed)
    played = run_tasks(tasks, workers, advance, ray)
    return Study(
        found.name,
        found.title or found.name,
        players,
        games,
        [spec.name for spec in bots],
        seed,
        [
            Config(label, options, [r for r in played.records if r["config"] == number])
            for number, (label, options) in enumerate(typed)
        ],
        found.report_sections(),
        played.interrupted,
    )
