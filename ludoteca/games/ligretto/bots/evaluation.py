"""How each player stands in an unfinished match, for search bots that stop a playout early.

A player's standing is its match points, plus, while a round runs, the round winner's points
[D-14] weighted by its chance of going out first, which falls with the tiles it still holds
(less the jokers it kept, plus a penalty for each tile that fits next to no pawn on the board as
it stands) compared with the others'. Standings become rewards in [0, 1] by
comparing players pairwise.
"""

from __future__ import annotations

import math

from ludoteca.engine.result import Result, competition_ranks, soft_rewards
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.geometry import tile_keys
from ludoteca.games.ligretto.placement import fits
from ludoteca.games.ligretto.state import LigrettoState, Phase

# A joker kept is worth most of a tile: it places a tile that fits nowhere else, later [D-13].
JOKER_TILES = 0.8
# A held tile that fits next to no pawn without jokers costs this much more than one that fits:
# it waits for the board to change, or costs a joker or a discard. Boards that shut the other
# players' tiles out are worth playing for.
BLOCKED_TILES = 1.0
# Tiles behind at which a player's chance to go out first drops by a factor e.
TILES_SCALE = 2.0
# Points ahead that make a player about three times as likely to win as to lose the match.
POINTS_SCALE = 1.0


def round_chances(state: LigrettoState) -> list[float]:
    """Each player's chance of going out first in the running round (fewer tiles, better)."""
    plain = fits(state).plain_keys()
    keys = tile_keys(state.colours)
    weights = []
    for p in state.players:
        blocked = sum(1 for tile in p.holding() if keys[tile] not in plain)
        behind = p.held() + BLOCKED_TILES * blocked - JOKER_TILES * p.jokers
        weights.append(math.exp(-behind / TILES_SCALE))
    total = sum(weights)
    return [w / total for w in weights]


def evaluate_position(state: LigrettoState) -> list[float]:
    if state.phase is Phase.OVER:
        scores = [p.score for p in state.players]
        return Result(tuple(map(float, scores)), competition_ranks(scores)).rewards()
    standing = [float(p.score) for p in state.players]
    if state.phase is Phase.PLAY:
        for seat, chance in enumerate(round_chances(state)):
            standing[seat] += data.WINNER_POINTS * chance
    return soft_rewards(standing, POINTS_SCALE)
