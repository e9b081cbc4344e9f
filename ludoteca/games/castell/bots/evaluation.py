"""How each player stands in an unfinished game, for search bots that stop a playout early:
each player's `outlook` (the points they are likely to end with), turned into rewards in
[0, 1] by comparing players pairwise, so that a few points ahead is nearly a sure win."""

from __future__ import annotations

from ludoteca.engine.result import soft_rewards
from ludoteca.games.castell.bots.outlook import outlook
from ludoteca.games.castell.result import result
from ludoteca.games.castell.state import CastellState, Phase

# Points ahead at the end that make a win about three times as likely as a loss (the outlook
# is a guess: a match's last rounds still swing some ten points).
POINTS_SCALE = 6.0


def evaluate(state: CastellState) -> list[float]:
    if state.phase == Phase.OVER:
        return result(state).rewards()
    return soft_rewards([outlook(state, seat) for seat in range(state.n)], POINTS_SCALE)
