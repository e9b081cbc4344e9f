"""Who a bot is: the lasting traits that make one bot player unlike another.

A real crew is four or five different people: one rushes to the lifeboat, another keeps
producing; one helps every mate, another rarely; one votes by the book, another for a friend.
A bot has no memory between its decisions, so its traits are a pure function of the session's
seed and its seat, drawn through the engine's `Rng`: the same session replays identically, two
sessions seat different people, and within a session a bot keeps its character. The choices of
each moment are then drawn from the `rng` the bot is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.data import SHIP_NAMES
from ludoteca.games.ciurme.state import CiurmeState

_MIX = 0x9E3779B97F4A7C15
T = TypeVar("T")


@dataclass(frozen=True)
class Temperament:
    boarding_pile: int  # wood in the common pile that makes them board the lifeboat (1-4)
    care: float  # chance of the sensible move at a choice; otherwise a slip
    helpfulness: float  # chance of helping a mate when they could
    agreeable: float  # chance of agreeing to a sensible steering of the lifeboat
    by_the_book: float  # chance of voting for the mate who helped most as quartermaster
    loyalty: float  # reluctance to depose a captain who plays badly
    own_wood_first: bool  # repairs with wood of their own colour when there is some
    thrift: float  # how much a captain saves its big stamps: its cost per point (captain.py)
    tastes: tuple[float, ...]  # how much they like each ship of the fleet chart


def _draw(rng: Rng) -> Temperament:
    return Temperament(
        boarding_pile=rng.choice((1, 2, 2, 2, 3, 3, 4)),
        care=0.86 + 0.12 * rng.random(),
        helpfulness=0.45 + 0.55 * rng.random(),
        agreeable=0.8 + 0.2 * rng.random(),
        by_the_book=0.5 + 0.45 * rng.random(),
        loyalty=0.5 + 0.45 * rng.random(),
        own_wood_first=rng.random() < 0.5,
        thrift=0.08 * rng.random(),
        tastes=tuple(rng.random() for _ in SHIP_NAMES),
    )


@lru_cache(maxsize=4096)
def _temperament(session: int, who: int) -> Temperament:
    return _draw(Rng(session ^ ((who + 1) * _MIX)))


def temperament(state: CiurmeState, seat: int) -> Temperament:
    """The traits of the bot in `seat` for this session."""
    return _temperament(state.seed, seat)


def crew_tastes(state: CiurmeState, crew_index: int) -> tuple[float, ...]:
    """What a crew's talk settles on before its vote: a shared liking for each ship."""
    return _temperament(state.seed, -2 - crew_index).tastes


def weighted(rng: Rng, options: list[tuple[T, float]]) -> T:
    """One of the options, with chances proportional to the weights (positive ones only)."""
    live = [(o, w) for o, w in options if w > 0]
    total = sum(w for _, w in live)
    x = rng.random() * total
    for option, weight in live:
        x -= weight
        if x < 0:
            return option
    return live[-1][0]
