"""The bot as the facilitator: it settles tied elections as the rules say for bots ([D-6]: the
candidate with the most help given, then the earliest seat; for a ship, the first candidate),
and starts each phase as soon as it may; it closes phase 1 when the menu offers it."""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.actions import ClosePhase1, Decide, StartPhase
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
    for wanted in (StartPhase(1), StartPhase(2), ClosePhase1()):
        if wanted in legal:
            return wanted
    return legal[0]
