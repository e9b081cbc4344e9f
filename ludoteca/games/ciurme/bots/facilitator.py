"""The bot as the facilitator: it settles tied elections as the rules say for bots ([D-6]: the
candidate with the most help given, then the earliest seat; for a ship, the first candidate),
starts each phase as soon as it may, and lets the crews still at work finish ("la partita
continua finchè tutti i gruppi hanno terminato"): a bot never closes phase 1 on a crew that can
still progress (the session clock ends a phase 1 that drags on)."""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.actions import ClosePhase1, Decide, PlayOn, StartPhase
from ludoteca.games.ciurme.bots.voter import quartermaster_pick
from ludoteca.games.ciurme.state import CiurmeState, Topic


def steer(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Action:
    for action in legal:
        if isinstance(action, Decide):
            vote = state.crews[action.crew].vote
            assert vote is not None
            if vote.topic == Topic.QUARTERMASTER:
                pick = quartermaster_pick(state.crews[action.crew], vote.candidates)
                return Decide(action.crew, pick)
            return Decide(action.crew, vote.candidates[0])
    for wanted in (StartPhase(1), StartPhase(2), PlayOn()):
        if wanted in legal:
            return wanted
    return next((a for a in legal if not isinstance(a, ClosePhase1)), legal[0])
