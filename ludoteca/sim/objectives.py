"""What a balance search aims at: objectives read from the command line, each a term of one loss.

    seat-fairness            spread of win rates by seat (or team): best minus worst, 0 to 1
    closeness                mean score gap between the winner and the runner-up, in points
    length=LOW-HIGH          share of matches whose length in actions falls outside LOW..HIGH
    published                parameters moved away from their published values (a count)
    win-rate-vs=BOT          1 minus the tuned bot's win rate against BOT (with `--bot`)
    NAME                     a game's own measure (`Game.measures`): its mean over the matches,
                             negated where the game wants it high

A term is `NAME[=ARG][:WEIGHT]` (weight 1 by default; `closeness:0.5`); the search minimises the
weighted sum of the terms. `win-rate-vs heuristic` (with a space) reads as `win-rate-vs=heuristic`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.bots.spec import BotSpec, parse_spec
from ludoteca.engine.codec import quote
from ludoteca.engine.game import Game
from ludoteca.engine.result import Measure
from ludoteca.sim.figures import mean
from ludoteca.sim.teams import team_outcome, win_shares

Records = Sequence[Mapping[str, Any]]

GENERAL = {
    "seat-fairness": "spread of win rates by seat (best minus worst)",
    "closeness": "mean score gap, winner minus runner-up",
    "length": "share of matches outside a length range (length=LOW-HIGH)",
    "published": "parameters moved from their published values",
    "win-rate-vs": "1 minus the tuned bot's win rate against a bot (win-rate-vs=BOT)",
}
MAX_WEIGHT = 1_000.0


@dataclass(frozen=True)
class Sums:
    """A term as sums over the matches, for the bootstrap (`ludoteca.sim.bootstrap`): the
    numbers each match adds (`columns`) and the term's value read from their sums over a
    sample of `n` matches (`value`: sums as an array whose last axis is the columns, one value
    per sample). Every term is a share, a mean or a spread of rates: a function of such sums."""

    columns: Callable[[Mapping[str, Any]], list[float]]
    value: Callable[[Any, int], Any]  # (sums: numpy array [..., k], n) -> values [...]


@dataclass(frozen=True)
class Term:
    """One objective with its weight; `value` reads a candidate's matches, `sums` (given the
    parameters moved and the tuned bot) says the same as sums over matches."""

    name: str
    weight: float
    label: str  # what the report calls it
    score: Callable[[Records, int, str], float]  # (records, parameters moved, tuned bot)
    opponent: BotSpec | None = None  # win-rate-vs
    meaning: str = ""  # what its value is, for the report
    sums: Callable[[int, str], Sums] | None = None

    def value(self, records: Records, moved: int, tuned: str) -> float:
        """The term's value on a trial's records."""
        return self.score(records, moved, tuned)


# --- the figures ---------------------------------------------------------------------------------
def _teams(record: Mapping[str, Any]) -> tuple[list[float], list[int]]:
    return team_outcome(record["teams"], record["scores"], record["ranks"])


def seat_spread(records: Records) -> float:
    """Best minus worst win rate by team position (shared wins as fractions)."""
    if not records:
        return math.nan
    wins: list[float] = []
    for record in records:
        shares = win_shares(_teams(record)[1])
        wins = [w + s for w, s in zip(wins, shares, strict=True)] if wins else shares
    rates = [w / len(records) for w in wins]
    return max(rates) - min(rates)


def score_gap(records: Records) -> float:
    """The mean gap between the best and the second-best team score."""
    gaps = []
    for record in records:
        scores = sorted(_teams(record)[0], reverse=True)
        gaps.append(scores[0] - scores[1] if len(scores) > 1 else 0.0)
    return mean(gaps) if gaps else math.nan


def outside_share(records: Records, low: int, high: int) -> float:
    """The share of matches whose length in actions is outside `low`..`high` (NaN with none)."""
    if not records:
        return math.nan
    return sum(1 for r in records if not low <= r["actions"] <= high) / len(records)


def win_rate(records: Records, bot: str) -> float:
    """The win share of `bot` over every team it played."""
    shares = [
        share
        for record in records
        for name, share in zip(record["specs"], win_shares(_teams(record)[1]), strict=True)
        if name == bot
    ]
    return mean(shares) if shares else math.nan


def measure_mean(records: Records, measure: Measure) -> float:
    """The mean of a game's measure over the records."""
    values = []
    for record in records:
        try:
            found = measure.value(record["details"])
        except (KeyError, IndexError, TypeError, ValueError, ZeroDivisionError):
            found = None
        if found is not None:
            values.append(float(found))
    if not values:
        return math.nan
    return mean(values) if measure.goal == "low" else -mean(values) or 0.0  # no -0.0


# --- the figures as sums over matches (the bootstrap's) ----------------------------------------
def _mean_of(columns: Callable[[Mapping[str, Any]], list[float]]) -> Sums:
    return Sums(columns, lambda sums, n: sums[..., 0] / n)


def _ratio(sums: Any, sign: float = 1.0) -> Any:
    """Sum of values over their count (NaN where nothing was counted), times `sign`."""
    import numpy as np

    with np.errstate(invalid="ignore", divide="ignore"):
        found = sign * sums[..., 0] / sums[..., 1]
    return found + 0.0  # no -0.0


def seat_spread_sums() -> Sums:
    def spread(sums: Any, n: int) -> Any:
        return (sums.max(axis=-1) - sums.min(axis=-1)) / n

    return Sums(lambda record: win_shares(_teams(record)[1]), spread)


def score_gap_sums() -> Sums:
    def gap(record: Mapping[str, Any]) -> list[float]:
        scores = sorted(_teams(record)[0], reverse=True)
        return [scores[0] - scores[1] if len(scores) > 1 else 0.0]

    return _mean_of(gap)


def outside_share_sums(low: int, high: int) -> Sums:
    return _mean_of(lambda record: [0.0 if low <= record["actions"] <= high else 1.0])


def win_rate_sums(bot: str) -> Sums:
    """1 minus the bot's win share, as `1 - win_rate`."""
    def shares(record: Mapping[str, Any]) -> list[float]:
        mine = [share for name, share in zip(record["specs"], win_shares(_teams(record)[1]),
                                             strict=True) if name == bot]
        return [sum(mine), float(len(mine))]

    return Sums(shares, lambda sums, n: 1.0 - _ratio(sums))


def measure_sums(measure: Measure) -> Sums:
    def found(record: Mapping[str, Any]) -> list[float]:
        try:
            value = measure.value(record["details"])
        except (KeyError, IndexError, TypeError, ValueError, ZeroDivisionError):
            value = None
        return [0.0, 0.0] if value is None else [float(value), 1.0]

    sign = 1.0 if measure.goal == "low" else -1.0
    return Sums(found, lambda sums, n: _ratio(sums, sign))


def constant_sums(value: float) -> Sums:
    import numpy as np

    return Sums(lambda record: [], lambda sums, n: np.full(sums.shape[:-1], value))


# --- reading the command line -----------------------------------------------------------------
def parse_objective(text: str, game: Game[Any], tuning_bot: bool) -> Term:
    """One `--objective`; a ValueError says what is wrong and what is allowed."""
    raw = text.strip()
    if " " in raw and "=" not in raw.split(" ", 1)[0]:
        raw = raw.replace(" ", "=", 1).replace(" ", "")
    body, weight = _weight(raw)
    name, _, arg = body.partition("=")
    name, arg = name.strip(), arg.strip()
    measures = {m.name: m for m in game.measures()}
    label = name if not arg else f"{name}={arg}"
    meaning = GENERAL.get(name, "")
    if name in measures:
        meaning = measures[name].help + (" (negated: higher is better)"
                                          if measures[name].goal == "high" else "")
    if name == "seat-fairness":
        _no_arg(name, arg)
        return Term(name, weight, label, lambda r, m, t: seat_spread(r), meaning=meaning,
                    sums=lambda m, t: seat_spread_sums())
    if name == "closeness":
        _no_arg(name, arg)
        return Term(name, weight, label, lambda r, m, t: score_gap(r), meaning=meaning,
                    sums=lambda m, t: score_gap_sums())
    if name == "published":
        _no_arg(name, arg)
        return Term(name, weight, label, lambda r, m, t: float(m), meaning=meaning,
                    sums=lambda m, t: constant_sums(float(m)))
    if name == "length":
        low, high = _range(arg)
        score = lambda r, m, t: outside_share(r, low, high)  # noqa: E731
        return Term(name, weight, label, score, meaning=meaning,
                    sums=lambda m, t: outside_share_sums(low, high))
    if name == "win-rate-vs":
        if not tuning_bot:
            raise ValueError("win-rate-vs needs a bot to tune: add --bot (e.g. --bot mcts)")
        if not arg:
            raise ValueError("win-rate-vs names the opponent: win-rate-vs=heuristic")
        opponent = parse_spec(arg)
        return Term(name, weight, label, lambda r, m, t: 1.0 - win_rate(r, t), opponent,
                    meaning, sums=lambda m, t: win_rate_sums(t))
    if name in measures:
        _no_arg(name, arg)
        measure = measures[name]
        return Term(name, weight, label, lambda r, m, t: measure_mean(r, measure),
                    meaning=meaning, sums=lambda m, t: measure_sums(measure))
    allowed = [*GENERAL, *measures]
    raise ValueError(
        f"unknown objective {quote(name)}; allowed: {', '.join(allowed)} "
        "(each NAME[=ARG][:WEIGHT], e.g. closeness:0.5 or length=40-80)"
    )


def parse_objectives(texts: Sequence[str], game: Game[Any], tuning_bot: bool) -> list[Term]:
    """The terms of `--objective` texts; ValueError, in a sentence, for a bad one or none."""
    if not texts:
        raise ValueError("give at least one --objective, e.g. --objective seat-fairness")
    terms = [parse_objective(text, game, tuning_bot) for text in texts]
    labels = [t.label for t in terms]
    for label in labels:
        if labels.count(label) > 1:
            raise ValueError(f"the objective {quote(label)} is given twice")
    if sum(1 for t in terms if t.opponent is not None) > 1:
        raise ValueError("give one win-rate-vs opponent")
    return terms


def _weight(text: str) -> tuple[str, float]:
    """`closeness:0.5` -> ("closeness", 0.5); a last `:` part that is not a number belongs to
    the objective (an opponent's spec, `win-rate-vs=mcts:iterations=50`)."""
    body, sep, last = text.rpartition(":")
    if not sep:
        return text, 1.0
    try:
        weight = float(last)
    except ValueError:
        return text, 1.0
    if not 0 < weight <= MAX_WEIGHT:
        raise ValueError(f"an objective's weight is from 0 (excluded) to {MAX_WEIGHT:g}, "
                         f"not {quote(last)}")
    return body, weight


def _no_arg(name: str, arg: str) -> None:
    if arg:
        raise ValueError(f"the objective {name} takes no value, not {quote(arg)}")


def _range(arg: str) -> tuple[int, int]:
    low, sep, high = arg.partition("-")
    try:
        bounds = (int(low), int(high))
    except ValueError:
        bounds = (-1, -1)
    if not sep or bounds[0] < 0 or bounds[0] > bounds[1]:
        raise ValueError(
            f"length takes a range of actions LOW-HIGH (e.g. length=40-80), not {quote(arg)}"
        )
    return bounds


def loss(terms: Sequence[Term], values: Mapping[str, float]) -> float:
    """The weighted sum the search minimises, from each term's value."""
    return sum(t.weight * values[t.label] for t in terms)


def term_values(
    terms: Sequence[Term], records: Records, moved: int, tuned: str
) -> dict[str, float]:
    """Each term's value on the records, by its label."""
    return {t.label: t.value(records, moved, tuned) for t in terms}
