"""How each player stands in an unfinished match, for search bots that stop a playout early.

A player's standing is its match points, plus, while a round runs, the round winner's points
[D-14] weighted by its chance of going out first, which falls with the tiles it still holds
(less the jokers it kept) compared with the others'. Standings become rewards in [0, 1] by
comparing players pairwise.
"""

from __future__ import annotations

import math

from ludoteca.engine.result import Result, competition_ranks
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.state import OVER, PLAY, LigrettoState

# A joker kept is worth most of a tile: it places a tile that fits nowhere else, later [D-13].
JOKER_TILES = 0.8
# Tiles behind at which a player's chance to go out first drops by a factor e.
TILES_SCALE = 2.0
# Points ahead that make a player about three times as likely to win as to lose the match.
POINTS_SCALE = 1.0


def round_chances(state: LigrettoState) -> list[float]:
    """Each player's chance of going out first in the running round (fewer tiles, better)."""
    weights = [
        math.exp(-(p.held() - JOKER_TILES * p.jokers) / TILES_SCALE) for p in state.players
    ]
    total = sum(weights)
    return [w / total for w in weights]


def evaluate_position(state: LigrettoState) -> list[float]:
    if state.phase == OVER:
        scores = [p.score for p in state.players]
        return Result(tuple(map(float, scores)), competition_ranks(scores)).rewards()
    standing = [float(p.score) for p in state.players]
    if state.phase == PLAY:
        for seat, chance in enumerate(round_chances(state)):
            standing[seat] += data.WINNER_POINTS * chance
    return _pairwise(standing, POINTS_SCALE)


def _pairwise(standing: list[float], scale: float) -> list[float]:
    """Each player's mean chance of finishing ahead of each other player."""
    n = len(standing)
    return [
        sum(
            1 / (1 + math.exp((theirs - mine) / scale))
            for other, theirs in enumerate(standing)
            if other != seat
        )
        / (n - 1)
        for seat, mine in enumerate(standing)
    ]
