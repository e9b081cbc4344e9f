"""Time in the contract: the clocks a server runs for a game, and how fast a bot reacts.

Rules never read a clock. A game says, through `Game.deadlines`, which clocks are running (a
Ciurme vote's timer, a phase's timer); the server measures them on the wall clock and, when one
ends, applies the game's own action for it on behalf of the seat named. Batch simulations and
tests apply the same action directly. Real-time games (Ligretto) say through
`Game.reaction_seconds` how long a bot of some level takes to make an action; the scheduler runs
that on a simulated clock in batches and on the wall clock in a server.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import quote
from ludoteca.engine.rng import Rng


@dataclass(frozen=True)
class Deadline:
    """A running clock: `seconds` after the deadline called `key` first appeared, `seat` applies
    `action`, unless the deadline has gone by then (the vote was answered, say). A deadline whose
    `seconds` change keeps its start: the end moves. Keys are unique among a state's deadlines.
    `seen_by`: the seats told how long it has left (None: everybody, spectators included), so a
    clock never betrays a vote its seat may not know of."""

    key: str
    seconds: float
    seat: int
    action: Action
    seen_by: frozenset[int] | None = None


# Mean seconds a person takes to act, by bot level; a number N as level means 1.5 / N seconds.
MEAN_REACTION_SECONDS = {"beginner": 2.2, "casual": 1.5, "expert": 0.8}
DEFAULT_LEVEL = "casual"


def check_level(level: str) -> None:
    """Raise ValueError, saying what is allowed, unless `level` is one of the default model's
    levels or a speed factor from 0.01 to 100."""
    level_mean_seconds(level)


def speed_factor(level: str, levels: Iterable[str] = MEAN_REACTION_SECONDS) -> float:
    """A level given as a speed factor from 0.01 to 100 (2: twice as fast as the usual level);
    ValueError, naming the named `levels` too, for anything else."""
    try:
        factor = float(level)
    except ValueError:
        factor = 0.0
    if not 0.01 <= factor <= 100:  # also refuses nan and inf
        raise ValueError(
            f"unknown bot level {quote(level)}; levels: {', '.join(levels)}, or a speed factor "
            "from 0.01 to 100 like 2"
        )
    return factor


def level_mean_seconds(level: str | None) -> float:
    """The mean reaction seconds of a level of the default model (None: the usual level)."""
    name = level or DEFAULT_LEVEL
    if name in MEAN_REACTION_SECONDS:
        return MEAN_REACTION_SECONDS[name]
    return MEAN_REACTION_SECONDS[DEFAULT_LEVEL] / speed_factor(name)


def default_reaction_seconds(level: str | None, rng: Rng) -> float:
    """Half the level's mean as a floor (nobody reacts instantly) plus an exponential tail."""
    return level_mean_seconds(level) * (0.5 + rng.expovariate(2.0))
