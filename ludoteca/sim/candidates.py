"""What a balance search compares: a search's settings (`Search`), the candidates it tries
(`Candidate`), how their matches are played on shared seeds, and how a candidate's objective is
measured with its bootstrap 95% interval. The search itself is `ludoteca.sim.tune`; the verdict
on fresh seeds, `ludoteca.sim.tune_verdict`.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ludoteca.bots.spec import BotSpec, with_params
from ludoteca.engine.game import Game
from ludoteca.engine.options import options_to_json
from ludoteca.engine.tunables import Tunable, current_value, with_values
from ludoteca.sim.bootstrap import counts, losses
from ludoteca.sim.objectives import Term, loss, term_values
from ludoteca.sim.runner import run_tasks
from ludoteca.sim.task import Task
from ludoteca.sim.tournament import schedule

BOOTSTRAP = 1000  # resamples of the matches for a 95% interval


@dataclass(frozen=True)
class Search:
    """What a designer asked: the game and table, what to vary, what to aim at, and how much to
    spend. `tuned` is the bot whose parameters are searched (None: the game's)."""

    game: Game[Any]
    players: int
    terms: list[Term]
    tunables: list[Tunable]
    options: Any  # the typed options the search starts from (published, or `--option`s)
    bots: list[BotSpec]  # rotated over the seats (tuning a game)
    budget: int
    games: int
    seed: int = 0
    workers: int | None = 1  # local processes; on Ray, matches at once (None: every CPU)
    tuned: BotSpec | None = None
    ray: str | None = None  # a Ray cluster's address (`ludoteca.sim.cluster`): play there

    def key(self) -> str:
        """The study's name: everything that defines the search but its budget and where its
        matches run (workers, Ray), so
        the same command resumes it and a different one never mixes with it."""
        settings = {
            "game": self.game.name,
            "players": self.players,
            "objectives": [(t.label, t.weight) for t in self.terms],
            "parameters": [t.name for t in self.tunables],
            "options": options_to_json(self.options),
            "bots": [b.name for b in self.bots],
            "tuned": self.tuned.name if self.tuned else None,
            "games": self.games,
            "seed": self.seed,
        }
        digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()
        return f"{self.game.name}-{self.players}p-{digest[:12]}"

    @property
    def opponent(self) -> BotSpec | None:
        return next((t.opponent for t in self.terms if t.opponent is not None), None)


@dataclass(frozen=True)
class Candidate:
    """One point of the search: the settings it stands for, ready to play."""

    params: dict[str, Any]
    options: Any
    specs: list[BotSpec]
    moved: int  # parameters away from their published values
    tuned: str  # the tuned bot's spec name ("" when tuning a game)


def settings_key(params: dict[str, Any]) -> str:
    """The same text for the same settings (what tells a repeated candidate)."""
    return json.dumps(params, sort_keys=True)


def _moved(tunable: Tunable, value: Any) -> bool:
    if tunable.kind == "float":
        assert tunable.low is not None and tunable.high is not None
        return bool(abs(value - tunable.published) > 0.01 * (tunable.high - tunable.low))
    return bool(value != tunable.published)


def candidate(search: Search, params: dict[str, Any]) -> Candidate:
    """The settings `params` stand for; a ValueError when the game or the bot refuses them."""
    moved = sum(1 for t in search.tunables if _moved(t, params.get(t.name, t.published)))
    if search.tuned is None:
        options = with_values(search.game, search.options, search.tunables, params)
        search.game.setup(search.players, 0, options)  # options that hold only for some tables
        return Candidate(params, options, list(search.bots), moved, "")
    spec = with_params(search.tuned, params)
    opponent = search.opponent
    specs = [spec] if opponent is None else [spec, opponent]
    return Candidate(params, search.options, specs, moved, spec.name)


def start_params(search: Search) -> dict[str, Any]:
    """Where the search started: the published numbers, or the `--option`s given."""
    if search.tuned is None:
        return {t.name: current_value(search.options, t) for t in search.tunables}
    return {t.name: t.published for t in search.tunables}


def _tasks(search: Search, candidates: Sequence[Candidate], seed: int) -> Iterator[Task]:
    """Every candidate's matches on the same seeds, the candidates taking turns."""

    def stream(index: int, c: Candidate) -> Iterator[Task]:
        for task in schedule(search.game, search.players, c.specs, search.games, seed, c.options):
            yield replace(task, extra={**task.extra, "candidate": index})

    streams = [stream(index, c) for index, c in enumerate(candidates)]
    for turn in zip(*streams, strict=True):
        yield from turn


def play(
    search: Search,
    candidates: Sequence[Candidate],
    seed: int,
    advance: Callable[[], None] | None,
) -> list[list[dict[str, Any]]] | None:
    """Every candidate's match records, in the same order of seeds for each (None: Ctrl-C
    stopped the matches)."""
    played = run_tasks(_tasks(search, candidates, seed), search.workers, advance, search.ray)
    if played.interrupted:
        return None
    by_candidate: list[list[dict[str, Any]]] = [[] for _ in candidates]
    for record in played.records:
        by_candidate[record["candidate"]].append(record)
    return by_candidate


@dataclass
class Measured:
    """A candidate's objective on fresh seeds: the loss, its 95% interval and every term."""

    loss: float
    ci95: tuple[float, float]
    terms: dict[str, float]
    matches: int

    def to_json(self) -> dict[str, Any]:
        """The measurement as JSON data."""
        return {"loss": self.loss, "ci95": list(self.ci95), "terms": self.terms,
                "matches": self.matches}


def objective(search: Search, c: Candidate, records: Sequence[dict[str, Any]]) -> float:
    """The loss of these matches for candidate `c`."""
    return loss(search.terms, term_values(search.terms, records, c.moved, c.tuned))


def interval(samples: list[float]) -> tuple[float, float]:
    """The 95% interval of bootstrap samples."""
    ordered = sorted(samples)
    return ordered[int(0.025 * len(ordered))], ordered[int(0.975 * len(ordered)) - 1]


def measured(
    search: Search, c: Candidate, records: list[dict[str, Any]], rng: random.Random
) -> Measured:
    """The loss of these matches and a bootstrap 95% interval (matches resampled)."""
    values = term_values(search.terms, records, c.moved, c.tuned)
    everyone = range(len(records))
    drawn = counts([rng.choices(everyone, k=len(records)) for _ in range(BOOTSTRAP)],
                   len(records))
    samples = losses(search.terms, records, c.moved, c.tuned, drawn).tolist()
    return Measured(loss(search.terms, values), interval(samples), values, len(records))
