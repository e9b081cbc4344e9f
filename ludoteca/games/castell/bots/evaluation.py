"""How each player stands in an unfinished game, for search bots that stop a playout early.

A player's standing is the points already earned [D-15] plus a share of what the next festival it
can reach still offers: the score of the best qualifying tower its team can build now, where that
beats its best tower so far, and a prize if it can take part at all [D-13]. Standings become
rewards in [0, 1] by comparing players pairwise: a few points ahead is nearly a sure win.
"""

from __future__ import annotations

from ludoteca.engine.result import soft_rewards
from ludoteca.games.castell.bots.heuristic import target_festival
from ludoteca.games.castell.data import PRIZE_POINTS, Prize
from ludoteca.games.castell.result import categories, result
from ludoteca.games.castell.rules.festival import suggestion
from ludoteca.games.castell.state import CastellState, Phase
from ludoteca.games.castell.towers import tower_score

# The share of a reachable festival's gain counted now (the pawn may still be beaten to it).
FESTIVAL_SHARE = 0.6
# The prize a festival tower earns on average: a medal.
EXPECTED_PRIZE = PRIZE_POINTS[Prize.MEDAL]
# Points ahead that make a win about three times as likely as a loss.
POINTS_SCALE = 4.0


def festival_prospect(state: CastellState, seat: int) -> float:
    """What the next reachable festival adds to the player's points, if its team can build a
    qualifying tower now."""
    festival = target_festival(state, seat)
    if festival is None:
        return 0.0
    player = state.players[seat]
    tower = suggestion(player, festival)
    if tower is None:
        return 0.0
    better = max(0, tower_score(tower, festival.tokens) - player.best_score)
    return better + EXPECTED_PRIZE


def standing(state: CastellState, seat: int) -> float:
    now = categories(state.players[seat], state.variant)["total"]
    return now + FESTIVAL_SHARE * festival_prospect(state, seat)


def evaluate(state: CastellState) -> list[float]:
    if state.phase == Phase.OVER:
        return result(state).rewards()
    return soft_rewards([standing(state, seat) for seat in range(state.n)], POINTS_SCALE)
