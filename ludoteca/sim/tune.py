"""Balance tuning: a search over a game's tunable parameters (or a bot's) for what a designer
asks (`ludoteca.sim.objectives`), with Optuna's TPE sampler, every candidate played on the
simulation runner (`ludoteca.sim.candidates`), and a verdict on fresh seeds
(`ludoteca.sim.tune_verdict`).

- Rounds: the search asks `ROUND` candidates at a time, and every candidate of a round plays the
  same match seeds (common random numbers), so candidates meet the same deals; each round draws
  new seeds, so the search does not fit itself to one set of deals.
- A candidate already measured (its settings tried before, in this round or an earlier one) is
  not played again: its trial takes the earlier one's figures (`repeat_of`). The budget counts
  it, so a search of a small space that has tried everything ends without playing on.
- The study is stored in SQLite: run the same command again and a stopped search resumes where
  it was. A round Ctrl-C stopped is played again from the start, the same candidates on the same
  seeds (its trials asked but never finished are marked failed, and their settings asked
  again), so a search stopped and resumed ends as the same search never stopped would.
- Reproducible: the sampler is seeded from the master seed and the round, and match seeds
  derive from the master seed and the round, so a seed gives the same trials with one worker
  (and the same on local workers or Ray, whose records come back in task order).
- Nothing is called better on the search's own figures, which favour the luckiest candidate:
  `ludoteca.sim.tune_verdict` measures the best few again on fresh seeds, then the chosen one
  and the start on other fresh seeds, and says whether it beat the start.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludoteca.engine.tunables import Tunable
from ludoteca.sim.candidates import (
    Candidate,
    Measured,
    Search,
    candidate,
    play,
    settings_key,
)
from ludoteca.sim.objectives import loss, term_values
from ludoteca.sim.runner import ctrl_c_as_a_flag, match_seed
from ludoteca.sim.tune_verdict import Verdict, judge

ROUND = 4  # candidates asked at a time, sharing their match seeds
STARTUP = 8  # random candidates before TPE models the objective
SAMPLER_STEP = 7919  # the sampler's seed moves this far per round


@dataclass
class Outcome:
    """A search's trials and what the fresh seeds said: `best` is the trial chosen on them (its
    row), `screened` the finalists' and the start's figures on the screening's seeds,
    `remeasured` the chosen one's (`best`) and the start's on the confirmation's, `verdict`
    whether it beat the start. `new_trials` finished in this run, `retried` of them replaying
    an interrupted round."""

    search: Search
    study: str
    storage: Path
    trials: list[dict[str, Any]]
    best: dict[str, Any] | None = None
    screened: dict[str, Measured] = field(default_factory=dict)
    remeasured: dict[str, Measured] = field(default_factory=dict)
    verdict: Verdict | None = None
    interrupted: bool = False
    new_trials: int = 0
    retried: int = 0

    @property
    def finished_trials(self) -> int:
        """Trials of the study that finished (played, repeated or refused; not failed)."""
        return sum(1 for t in self.trials if t["state"] in ("COMPLETE", "PRUNED"))


# --- the study ----------------------------------------------------------------------------------
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
    """Marks the trials left running (by a run that stopped) as failed, so a resumed run does not
    wait for them."""
    running = _optuna().trial.TrialState.RUNNING
    for trial in study.get_trials(deepcopy=False, states=(running,)):
        study.tell(trial.number, state=_optuna().trial.TrialState.FAIL)


def finished(study: Any) -> int:
    """The trials of the study that completed or were pruned."""
    states = _optuna().trial.TrialState
    return len(study.get_trials(deepcopy=False, states=(states.COMPLETE, states.PRUNED)))


# --- the search ---------------------------------------------------------------------------------
def run_search(
    search: Search, storage: Path, advance: Callable[[], None] | None = None
) -> Outcome:
    """Search until the study holds `budget` finished trials, then judge the best on fresh
    seeds (`ludoteca.sim.tune_verdict`)."""
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
                    seed=(search.seed + SAMPLER_STEP * rounds) % 2**32,
                    n_startup_trials=STARTUP,
                )
                retried = _enqueue_interrupted(study, rounds)
                count = retried or min(ROUND, search.budget - done)
                asked = [study.ask() for _ in range(count)]
                if pressed.is_set() or not _play_round(search, study, asked, rounds, advance):
                    # Stopped between matches: the round's trials are closed as failed, and
                    # their settings asked again, in the same order, when the search resumes.
                    fail_running(study)
                    outcome.interrupted = True
                    break
                study.set_user_attr("rounds", rounds + 1)
                outcome.new_trials += len(asked)
                outcome.retried += retried
            if pressed.is_set():  # noted while Optuna worked
                outcome.interrupted = True
    except KeyboardInterrupt:
        # Ctrl-C where neither flag above is up (between them): nothing more is written now
        # (a transaction of Optuna's may be the one cut short); `open_study` closes the trials
        # left running as failed when the search resumes.
        outcome.interrupted = True
        return outcome
    outcome.trials = trial_rows(study)
    if not outcome.interrupted:
        judgement = judge(search, outcome.trials, advance)
        if judgement is None:
            outcome.interrupted = True
        else:
            outcome.best = judgement.chosen
            outcome.screened = judgement.screened
            outcome.remeasured = judgement.confirmed
            outcome.verdict = judgement.verdict
    return outcome


def _enqueue_interrupted(study: Any, rounds: int) -> int:
    """Ask again, in their order, the settings of round `rounds` if Ctrl-C stopped it (its
    trials failed); how many."""
    states = _optuna().trial.TrialState
    slots: dict[int, dict[str, Any]] = {}
    for trial in study.get_trials(deepcopy=False, states=(states.FAIL,)):
        if trial.user_attrs.get("round") == rounds and "slot" in trial.user_attrs:
            slots.setdefault(int(trial.user_attrs["slot"]), dict(trial.params))
    # Settings enqueued by a resumption stopped before it asked them all wait, in order.
    waiting = len(study.get_trials(deepcopy=False, states=(states.WAITING,)))
    for slot in sorted(slots)[waiting:]:
        study.enqueue_trial(slots[slot], skip_if_exists=False)
    return len(slots)


def _play_round(
    search: Search, study: Any, asked: list[Any], rounds: int,
    advance: Callable[[], None] | None,
) -> bool:
    """Play one round's new candidates, and tell the study every trial's figures (a repeat
    takes those of the trial it repeats); False when Ctrl-C stopped the matches."""
    states = _optuna().trial.TrialState
    known = _measured_settings(study)  # settings -> (trial number, figures)
    ready: list[tuple[Any, str, Candidate]] = []
    repeats: list[tuple[Any, str]] = []
    for slot, trial in enumerate(asked):
        trial.set_user_attr("round", rounds)
        trial.set_user_attr("slot", slot)
        params = {t.name: _suggest(trial, t) for t in search.tunables}
        key = settings_key(params)
        if key in known or any(key == k for _, k, _ in ready):
            repeats.append((trial, key))
            continue
        try:
            ready.append((trial, key, candidate(search, params)))
        except ValueError as exc:  # settings the game refuses: no matches to play
            trial.set_user_attr("refused", str(exc))
            study.tell(trial, state=states.PRUNED)
    records = play(search, [c for _, _, c in ready], match_seed(search.seed, rounds), advance)
    if records is None:
        return False
    for (trial, key, cand), found in zip(ready, records, strict=True):
        values = term_values(search.terms, found, cand.moved, cand.tuned)
        trial.set_user_attr("terms", values)
        value = loss(search.terms, values)
        if math.isnan(value):
            trial.set_user_attr("refused", "its matches do not report every objective")
            study.tell(trial, state=states.PRUNED)
        else:
            study.tell(trial, value)
            known.setdefault(key, (trial.number, values))
    for trial, key in repeats:
        if key not in known:  # a repeat of a candidate refused in this round
            trial.set_user_attr("refused", "the same settings as a refused candidate")
            study.tell(trial, state=states.PRUNED)
            continue
        number, values = known[key]
        trial.set_user_attr("repeat_of", number)
        trial.set_user_attr("terms", values)
        study.tell(trial, loss(search.terms, values))
    return True


def _measured_settings(study: Any) -> dict[str, tuple[int, dict[str, float]]]:
    """Every finished trial's settings, with the first trial that played them and its
    figures."""
    states = _optuna().trial.TrialState
    out: dict[str, tuple[int, dict[str, float]]] = {}
    for trial in study.get_trials(deepcopy=False, states=(states.COMPLETE,)):
        out.setdefault(settings_key(dict(trial.params)),
                       (trial.number, dict(trial.user_attrs.get("terms", {}))))
    return out


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
            "repeat_of": t.user_attrs.get("repeat_of"),
            "refused": t.user_attrs.get("refused"),
        }
        for t in study.get_trials(deepcopy=False)
    ]
