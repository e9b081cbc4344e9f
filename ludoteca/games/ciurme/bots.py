"""The heuristic bot of every role: phase-1 player, voter, quartermaster, captain, facilitator.

It receives a state already determinized for its seat, so a captain's bot does not know its
crew's preferences: it reads them in the quartermaster's relay on the deck channel, as a human
captain would. Bots are not all alike: each seat has a temperament (temperament.py) and draws
its choices of the moment from the `rng` it is given, so bot crews play like different people
(sailor.py in phase 1, voter.py in the votes, captain.py at the Assembly table).
"""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import captain, sailor, voter
from ludoteca.games.ciurme.actions import (
    TURN_ACTIONS,
    Agree,
    ClosePhase1,
    Decide,
    PickColour,
    Post,
    StartPhase,
)
from ludoteca.games.ciurme.state import CiurmeState
from ludoteca.games.ciurme.votes import LIFEBOAT as LIFEBOAT_VOTE
from ludoteca.games.ciurme.votes import QUARTERMASTER

TURN_KINDS = {cls.kind for cls in TURN_ACTIONS}


def heuristic_action(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Action:
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do now")
    if seat == state.facilitator:
        return _facilitator(state, legal)
    index = state.crew_of(seat) or 0
    crew = state.crews[index]
    kinds = {a.kind for a in legal}
    if kinds & TURN_KINDS:
        return sailor.turn(state, crew, seat, legal, rng)
    if "agree" in kinds:
        vote = crew.vote
        if vote is not None and vote.topic == LIFEBOAT_VOTE:
            return Agree(sailor.steering_answer(state, crew, seat, rng))
        return Agree(voter.deposition_answer(state, crew, seat, rng))
    if "elect" in kinds or "prefer" in kinds:
        return voter.ballot(state, crew, seat, legal, rng)
    if "place" in kinds:
        return captain.stamp(state, index, seat, legal, rng)
    if "post" in kinds:  # the quartermaster's relay, the only listed message
        return next(a for a in legal if isinstance(a, Post))
    if "pick_colour" in kinds:
        return rng.choice([a for a in legal if isinstance(a, PickColour)])
    if "waive" in kinds:
        return voter.motion(state, crew, seat, rng)
    return legal[0]


# --- the facilitator ---------------------------------------------------------------------------
def _facilitator(state: CiurmeState, legal: list[Action]) -> Action:
    for action in legal:
        if isinstance(action, Decide):
            vote = state.crews[action.crew].vote
            assert vote is not None
            if vote.topic == QUARTERMASTER:
                pick = voter.quartermaster_pick(state.crews[action.crew], vote.candidates)
                return Decide(action.crew, pick)
            return Decide(action.crew, vote.candidates[0])
    for wanted in (StartPhase(1), StartPhase(2), ClosePhase1()):
        if wanted in legal:
            return wanted
    return legal[0]
