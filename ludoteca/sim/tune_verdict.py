"""Whether a balance search found settings better than where it started, on fresh seeds.

A search ranks its candidates by the objective each measured on its own round's seeds; among
many, the best by those figures is also the luckiest, and a fair start can lose to an unfair
candidate that met kind deals. So nothing is called better on the search's own figures:

1. **Screening.** The search's `FINALISTS` best distinct candidates (by its figures; the
   start's own settings left out) and the start play the same fresh matches; the finalist with
   the lowest objective there is chosen.
2. **Confirmation.** The chosen candidate and the start play other fresh matches, and the
   verdict is theirs alone: both objectives with their bootstrap 95% intervals, and the
   difference (chosen minus start) with its own interval, the matches resampled in pairs (the
   two played the same seeds, seats and deals, so the difference is measured match by match):
   - **better**: the chosen candidate's objective is lower and the difference's interval lies
     below 0;
   - **not proven**: lower, but the interval reaches 0: luck may explain it, and more matches
     (`--games`) would tell;
   - **nothing better**: not lower. The report says so plainly, with both figures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.sim.bootstrap import counts, losses
from ludoteca.sim.candidates import (
    BOOTSTRAP,
    Candidate,
    Measured,
    Search,
    candidate,
    interval,
    measured,
    objective,
    play,
    settings_key,
    start_params,
)
from ludoteca.sim.runner import match_seed

FINALISTS = 3  # the search's best distinct candidates screened on fresh seeds
# The round numbers of the fresh seeds: never a search round.
SCREEN = 0xFFFFFFFF
CONFIRM = 0xFFFFFFFE

BETTER, NOT_PROVEN, NOTHING_BETTER = "better", "not proven", "nothing better"


@dataclass(frozen=True)
class Verdict:
    """The confirmation's answer: `kind` (better, not proven, nothing better), the difference
    of the objectives (chosen minus start; below 0: the chosen is better) and its 95%
    interval, over `matches` matches each."""

    kind: str
    difference: float
    ci95: tuple[float, float]
    matches: int

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON data."""
        return {"kind": self.kind, "difference": self.difference, "ci95": list(self.ci95),
                "matches": self.matches}


@dataclass
class Judgement:
    """What the fresh seeds said: the trial chosen (its row), every screened candidate's
    figures (`screened`, by label: `start` and `trial N`), the chosen and the start on the
    confirmation's seeds (`confirmed`: `best` and `start`), and the verdict."""

    chosen: dict[str, Any] | None = None
    screened: dict[str, Measured] = field(default_factory=dict)
    confirmed: dict[str, Measured] = field(default_factory=dict)
    verdict: Verdict | None = None


def finalists(search: Search, trials: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The search's best finished trials by its own figures, one per distinct settings, the
    start's settings left out (it is measured anyway), `FINALISTS` at most."""
    start = settings_key(start_params(search))
    seen = {start}
    out = []
    complete = [t for t in trials if t["state"] == "COMPLETE"]
    for trial in sorted(complete, key=lambda t: (t["value"], t["number"])):
        key = settings_key(trial["params"])
        if key not in seen:
            seen.add(key)
            out.append(trial)
    return out[:FINALISTS]


def judge(
    search: Search, trials: Sequence[dict[str, Any]], advance: Callable[[], None] | None
) -> Judgement | None:
    """Screen the finalists, confirm the chosen one, and say which is better (None: Ctrl-C
    stopped the matches). With no finalist (no trial finished, or every one at the start's
    settings) there is nothing to judge."""
    chosen_from = finalists(search, trials)
    if not chosen_from:
        return Judgement()
    start = candidate(search, start_params(search))
    labelled = {f"trial {t['number']}": t for t in chosen_from}
    screened = _measure(search, [start, *(candidate(search, t["params"]) for t in chosen_from)],
                        ["start", *labelled], SCREEN, advance)
    if screened is None:
        return None
    label = min(labelled, key=lambda name: (screened[name][1].loss, labelled[name]["number"]))
    chosen = candidate(search, labelled[label]["params"])
    confirmed = _measure(search, [chosen, start], ["best", "start"], CONFIRM, advance)
    if confirmed is None:
        return None
    return Judgement(
        chosen=labelled[label],
        screened={name: found for name, (_, found) in screened.items()},
        confirmed={name: found for name, (_, found) in confirmed.items()},
        verdict=_verdict(search, chosen, start, confirmed["best"][0], confirmed["start"][0]),
    )


def _measure(
    search: Search, candidates: list[Candidate], labels: list[str], round_number: int,
    advance: Callable[[], None] | None,
) -> dict[str, tuple[list[dict[str, Any]], Measured]] | None:
    """Every candidate's matches on the same fresh seeds, and its figures, by label."""
    records = play(search, candidates, match_seed(search.seed, round_number), advance)
    if records is None:
        return None
    return {
        label: (found, measured(search, c, found, random.Random(search.seed)))
        for label, c, found in zip(labels, candidates, records, strict=True)
    }


def _verdict(
    search: Search, chosen: Candidate, start: Candidate,
    chosen_records: list[dict[str, Any]], start_records: list[dict[str, Any]],
) -> Verdict:
    """The difference of the objectives and its paired bootstrap interval: the same matches
    (by their place in the schedule) drawn for both."""
    rng = random.Random(search.seed)
    count = len(chosen_records)
    difference = (objective(search, chosen, chosen_records)
                  - objective(search, start, start_records))
    drawn = counts([[rng.randrange(count) for _ in range(count)] for _ in range(BOOTSTRAP)],
                   count)
    samples = (losses(search.terms, chosen_records, chosen.moved, chosen.tuned, drawn)
               - losses(search.terms, start_records, start.moved, start.tuned, drawn))
    low, high = interval(samples.tolist())
    if difference >= 0:
        kind = NOTHING_BETTER
    elif high < 0:
        kind = BETTER
    else:
        kind = NOT_PROVEN
    return Verdict(kind, difference, (low, high), count)


def sentence(verdict: Verdict, best: Measured, start: Measured, settings: str) -> str:
    """The verdict in a designer's words, both figures and their intervals given."""

    def figure(m: Measured) -> str:
        return f"{m.loss:.3g} [95% {m.ci95[0]:.3g} to {m.ci95[1]:.3g}]"

    both = (f"on the same {verdict.matches} fresh matches, the start measured {figure(start)} "
            f"and the search's best candidate ({settings}) {figure(best)}")
    gap = (f"the difference {verdict.difference:+.3g} [95% {verdict.ci95[0]:+.3g} to "
           f"{verdict.ci95[1]:+.3g}]")
    if verdict.kind == BETTER:
        return f"Better than the start: {both}; {gap} is below 0. Lower is better."
    if verdict.kind == NOT_PROVEN:
        return (f"Not proven better: {both}; {gap} reaches 0, so luck may explain it. "
                "Play more matches per candidate (--games) to settle it.")
    return (f"Nothing beat the start: {both}. Lower is better, so keep the start's "
            "settings.")


def verdict_text(
    trials: Sequence[dict[str, Any]], chosen: dict[str, Any] | None,
    confirmed: dict[str, Measured], verdict: Verdict | None,
) -> str:
    """What the fresh seeds said, in one paragraph (`sentence`), or why nothing was judged."""
    if verdict is None or chosen is None:
        if not any(t["state"] == "COMPLETE" for t in trials):
            return "No trial finished: there is nothing to compare with the start yet."
        return ("Nothing to compare: every finished trial tried the start's own settings, "
                "so nothing beat the start.")
    settings = ", ".join(f"{name} {shown(value)}" for name, value in chosen["params"].items())
    return sentence(verdict, confirmed["best"], confirmed["start"], settings)


def shown(value: Any) -> str:
    """A setting's value as a report writes it."""
    return f"{value:.3g}" if isinstance(value, float) else str(value)
