"""How each crew stands in an unfinished session, for search bots that stop a playout early.

During the Assembly a crew's standing is the objectives it would win if the session ended now
(ships go to the crew with most points on them [D-11], [D-12]) plus its points on the ships;
before it, the phase-1 race counts: restoring the ship earlier gives the better phase-1 rank, and
each repair brings a crew closer. Every seat of a crew shares its crew's reward (the facilitator,
who is no player, gets none: the bots give it 0.5).
"""

from __future__ import annotations

from ludoteca.engine.result import soft_rewards
from ludoteca.games.ciurme.result import result
from ludoteca.games.ciurme.rules.objectives import objectives
from ludoteca.games.ciurme.state import CiurmeState, Stage

# Standing points that make a crew about three times as likely to win as to lose.
STANDING_SCALE = 1.0
# Worth of a repair, and of each place gained in the phase-1 ranking, in objectives.
REPAIR = 0.1
PHASE1_PLACE = 1.0
# Worth of a point on a ship during the Assembly, in objectives.
SHIP_POINT = 0.1


def crew_standing(state: CiurmeState) -> list[float]:
    crews = state.crews
    standing = [REPAIR * len(crew.pieces) for crew in crews]
    for place, crew in enumerate(state.finish_order or state.ranking):
        standing[crew] += PHASE1_PLACE * (len(crews) - place)
    if state.stage == Stage.ASSEMBLY:
        for i, outcome in enumerate(objectives(state)):
            standing[i] += outcome["won"] + SHIP_POINT * sum(crews[i].points)
    return standing


def evaluate_position(state: CiurmeState) -> list[float]:
    if state.stage == Stage.OVER:
        return result(state).rewards()
    standing = crew_standing(state)
    crew_reward = soft_rewards(standing, STANDING_SCALE)
    return [crew_reward[state.crew_of(seat) or 0] for seat in range(state.players)]
