"""Balance tuning: a search over a game's tunable parameters (or a bot's) for what a designer
asks (`ludoteca.sim.objectives`), with Optuna's TPE sampler, every candidate played on the
simulation runner.

- Rounds: the search asks `ROUND` candidates at a time, and every candidate of a round plays the
  same match seeds (common random numbers), so candidates meet the same deals; each round draws
  new seeds, so the search does not fit itself to one set of deals.
- The study is stored in SQLite: run the same command again and a stopped search resumes where
  it was (trials asked but never finished are marked failed; the budget counts finished ones).
- Reproducible: the sampler is seeded from the master seed and the trials so far, and match seeds
  derive from the master seed and the round, so a seed gives the same trials with one worker
  (and the same on local workers or Ray, whose records come back in task order).
- The best candidate is then measured again on fresh seeds, next to the starting settings (the
  published ones, or the options given) on the same seeds, each with a bootstrap 95% interval:
  never the search's own (optimistic) estimate, which picked the luckiest candidate.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ludoteca.bots.spec import BotSpec, with_params
from ludoteca.engine.game import Game
from ludoteca.engine.options import options_to_json
from ludoteca.engine.tunables import Tunable, current_value, with_values
from ludoteca.sim.objectives import Term, loss, term_values
from ludoteca.sim.runner import ctrl_c_as_a_flag, match_seed, run_tasks
from ludoteca.sim.task import Task
from ludoteca.sim.tournament import schedule

ROUND = 4  # candidates asked at a time, sharing their match seeds
FRESH = 0xFFFFFFFF  # the round number of the re-measure's seeds: never a search round
BOOTSTRAP = 1000  # resamples of the re-measured matches for the 95% interval
STARTUP = 8  # random candidates before TPE models the objective


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


@dataclass
class Measured:
    """A candidate's objective on fresh seeds: the loss, its 95% interval and every term."""

    loss: float
    ci95: tuple[float, float]
    terms: dict[str, float]
    matches: int

    def to_json(self) -> dict[str, Any]:
        return {"loss": self.loss, "ci95": list(self.ci95), "terms": self.terms,
                "matches": self.matches}


@dataclass
class Outcome:
    search: Search
    study: str
    storage: Path
    trials: list[dict[str, Any]]
    best: dict[str, Any] | None = None
    remeasured: dict[str, Measured] = field(default_factory=dict)
    interrupted: bool = False
    new_trials: int = 0


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
    """Every candidate's match records (None: Ctrl-C stopped the round)."""
    played = run_tasks(_tasks(search, candidates, seed), search.workers, advance, search.ray)
    if played.interrupted:
        return None
    by_candidate: list[list[dict[str, Any]]] = [[] for _ in candidates]
    for record in played.records:
        by_candidate[record["candidate"]].append(record)
    return by_candidate


# --- the search ---------------------------------------------------------------------------------
def _optuna() -> Any:
    """Optuna, imported on first use (it takes a moment, and only `tune` needs it)."""
    try:
        import optuna
    except ImportError:  # pragma: no cover - the dev and tune extras install it
        raise ValueError(
            "ludoteca tune needs Optuna: pip install 'ludoteca[tune]'"
        ) from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def _suggest(trial: Any, tunable: Tunable) -> Any:
    if tunable.choices is not None:
        return trial.suggest_categorical(tunable.name, list(tunable.choices))
    if tunable.kind == "int":
        return trial.suggest_int(tunable.name, int(tunable.low or 0), int(tunable.high or 0))
    return trial.suggest_float(tunable.name, tunable.low, tunable.high)


def open_study(search: Search, storage: Path) -> Any:
    """The search's study in its SQLite file, created or resumed; trials left running by a
    stopped search are marked failed."""
    optuna = _optuna()
    study = optuna.create_study(
        study_name=search.key(),
        storage=f"sqlite:///{storage}",
        direction="minimize",
        load_if_exists=True,
    )
    fail_running(study)  # a search stopped hard (killed) left them running
    return study


def fail_running(study: Any) -> None:
    running = _optuna().trial.TrialState.RUNNING
    for trial in study.get_trials(deepcopy=False, states=(running,)):
        study.tell(trial.number, state=_optuna().trial.TrialState.FAIL)


def finished(study: Any) -> int:
    states = _optuna().trial.TrialState
    return len(study.get_trials(deepcopy=False, states=(states.COMPLETE, states.PRUNED)))


def run_search(
    search: Search, storage: Path, advance: Callable[[], None] | None = None
) -> Outcome:
    """Search until the study holds `budget` finished trials, then re-measure the best."""
    optuna = _optuna()
    study = open_study(search, storage)
    outcome = Outcome(search, study.study_name, storage, [])
    try:
        # Ctrl-C while Optuna works (its file, its sampler) is noted and acted on between
        # rounds: raised inside a lock of its database's connection pool, it could leave the
        # process unable to stop. While matches are played the runner has its own.
        with ctrl_c_as_a_flag() as pressed:
            while (done := finished(study)) < search.budget and not pressed.is_set():
                rounds = int(study.user_attrs.get("rounds", 0))
                study.sampler = optuna.samplers.TPESampler(
                    seed=(search.seed + 7919 * len(study.trials)) % 2**32,
                    n_startup_trials=STARTUP,
                )
                asked = [study.ask() for _ in range(min(ROUND, search.budget - done))]
                if pressed.is_set() or not _play_round(search, study, asked, rounds, advance):
                    # Stopped between matches: the round's trials are closed as failed, and
                    # asked again when the search resumes.
                    fail_running(study)
                    outcome.interrupted = True
                    break
                study.set_user_attr("rounds", rounds + 1)
                outcome.new_trials += len(asked)
            if pressed.is_set():  # noted while Optuna worked
                outcome.interrupted = True
    except KeyboardInterrupt:
        # Ctrl-C where neither flag above is up (between them): nothing more is written now
        # (a transaction of Optuna's may be the one cut short); `open_study` closes the trials
        # left running as failed when the search resumes.
        outcome.interrupted = True
        return outcome
    outcome.trials = trial_rows(study)
    complete: list[dict[str, Any]] = [t for t in outcome.trials if t["state"] == "COMPLETE"]
    if complete and not outcome.interrupted:
        best = min(complete, key=lambda t: (t["value"], t["number"]))
        outcome.best = best
        measured = remeasure(search, best["params"], advance)
        if measured is None:
            outcome.interrupted = True
        else:
            outcome.remeasured = measured
    return outcome


def _play_round(
    search: Search, study: Any, asked: list[Any], rounds: int,
    advance: Callable[[], None] | None,
) -> bool:
    """Play one round's candidates and tell the study; False when Ctrl-C stopped it."""
    states = _optuna().trial.TrialState
    ready: list[tuple[Any, Candidate]] = []
    for trial in asked:
        params = {t.name: _suggest(trial, t) for t in search.tunables}
        try:
            ready.append((trial, candidate(search, params)))
        except ValueError as exc:  # settings the game refuses: no matches to play
            trial.set_user_attr("refused", str(exc))
            study.tell(trial, state=states.PRUNED)
    records = play(search, [c for _, c in ready], match_seed(search.seed, rounds), advance)
    if records is None:
        return False
    for (trial, cand), found in zip(ready, records, strict=True):
        values = term_values(search.terms, found, cand.moved, cand.tuned)
        trial.set_user_attr("terms", values)
        trial.set_user_attr("round", rounds)
        value = loss(search.terms, values)
        if math.isnan(value):
            trial.set_user_attr("refused", "its matches do not report every objective")
            study.tell(trial, state=states.PRUNED)
        else:
            study.tell(trial, value)
    return True


def trial_rows(study: Any) -> list[dict[str, Any]]:
    """Every trial of the study as a JSON-ready row."""
    return [
        {
            "number": t.number,
            "state": t.state.name,
            "value": t.value,
            "params": dict(t.params),
            "terms": t.user_attrs.get("terms", {}),
            "round": t.user_attrs.get("round"),
            "refused": t.user_attrs.get("refused"),
        }
        for t in study.get_trials(deepcopy=False)
    ]


# --- the re-measure ----------------------------------------------------------------------------
def remeasure(
    search: Search, params: dict[str, Any], advance: Callable[[], None] | None = None
) -> dict[str, Measured] | None:
    """The best and the starting settings played on the same fresh seeds (None: Ctrl-C)."""
    chosen = {"best": candidate(search, params),
              "start": candidate(search, start_params(search))}
    records = play(search, list(chosen.values()), match_seed(search.seed, FRESH), advance)
    if records is None:
        return None
    return {
        label: measured(search, c, found, random.Random(search.seed))
        for (label, c), found in zip(chosen.items(), records, strict=True)
    }


def measured(
    search: Search, c: Candidate, records: list[dict[str, Any]], rng: random.Random
) -> Measured:
    """The loss of these matches and a bootstrap 95% interval (matches resampled)."""
    values = term_values(search.terms, records, c.moved, c.tuned)
    samples = sorted(
        loss(search.terms, term_values(search.terms, rng.choices(records, k=len(records)),
                                       c.moved, c.tuned))
        for _ in range(BOOTSTRAP)
    )
    low = samples[int(0.025 * BOOTSTRAP)]
    high = samples[int(0.975 * BOOTSTRAP) - 1]
    return Measured(loss(search.terms, values), (low, high), values, len(records))
