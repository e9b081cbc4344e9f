"""The clocks the server runs for a session [D-21]: every open vote has a timer (the option
`vote_seconds`, 5 minutes by default), phase 1 may have one (the option `phase1_seconds`); the
facilitator sets or extends them. When a timer runs out the server applies, on the
facilitator's behalf, the facilitator's own action: close that vote, or close phase 1. Rules
never read a clock (see `ludoteca.engine.clock`)."""

from __future__ import annotations

from ludoteca.engine.clock import Deadline
from ludoteca.engine.errors import IllegalAction, Reason
from ludoteca.engine.events import Event, private, public
from ludoteca.games.ciurme.actions import ClosePhase1, CloseVote, SetPhase1Timer, SetVoteTimer
from ludoteca.games.ciurme.rules import italian
from ludoteca.games.ciurme.rules.roles import require_facilitator
from ludoteca.games.ciurme.rules.votes import audience
from ludoteca.games.ciurme.state import CiurmeState, Stage, Vote

PHASE1_CLOCK = "phase 1"


def vote_clock(vote: Vote) -> str:
    """A vote's clock, named after the vote's number so that a new vote, a run-off included,
    starts a new clock (the views name it too, for the screens to show its time left)."""
    return f"vote {vote.number}"


def phase1_timed(state: CiurmeState) -> bool:
    return state.stage == Stage.PHASE1 and state.phase1_seconds > 0


def deadlines(state: CiurmeState) -> list[Deadline]:
    """A deadline per open vote (not one waiting for the facilitator's decision) [D-21], its
    time left told only to those who see the vote (a deposition's other crews and captain
    learn nothing of the attempt [D-23]); and the phase-1 timer, if set, told to everybody."""
    out = [
        Deadline(vote_clock(vote), vote.seconds, state.facilitator, CloseVote(index),
                 frozenset(audience(state, crew, vote.topic)))
        for index, crew in enumerate(state.crews)
        if (vote := crew.vote) is not None and not vote.awaiting_facilitator
    ]
    if phase1_timed(state):
        out.append(Deadline(PHASE1_CLOCK, state.phase1_seconds, state.facilitator,
                            ClosePhase1()))
    return out


def timed_vote(state: CiurmeState, crew: int) -> Vote:
    """The crew's open vote that runs on a clock, or IllegalAction."""
    vote = state.crews[crew].vote if 0 <= crew < len(state.crews) else None
    if vote is None:
        if 0 <= crew < len(state.crews):
            raise IllegalAction(f"crew {crew} has no open vote",
                                it=f"la {italian.crew(crew)} non ha votazioni aperte")
        raise IllegalAction(f"there are crews 0 to {len(state.crews) - 1}",
                            it=f"le ciurme sono {len(state.crews)}: non c'è la "
                            f"{italian.crew(crew)}")
    if vote.awaiting_facilitator:
        raise IllegalAction(f"crew {crew}'s election waits for your decision: decide it",
                            it=f"l'elezione della {italian.crew(crew)} aspetta la tua decisione: "
                            "risolvi la parità")
    return vote


def check_vote_timer(state: CiurmeState, seat: int, action: SetVoteTimer) -> SetVoteTimer:
    require_facilitator(state, seat)
    timed_vote(state, action.crew)
    return action


def do_vote_timer(state: CiurmeState, seat: int, action: SetVoteTimer) -> list[Event]:
    crew = state.crews[action.crew]
    vote = crew.vote
    assert vote is not None
    vote.seconds = action.seconds
    heard = audience(state, crew, vote.topic)
    return [private("vote_timer", heard, crew=action.crew, seconds=action.seconds)]


def check_phase1_timer(state: CiurmeState, seat: int, action: SetPhase1Timer) -> SetPhase1Timer:
    require_facilitator(state, seat)
    return action


def do_phase1_timer(state: CiurmeState, seat: int, action: SetPhase1Timer) -> list[Event]:
    state.phase1_seconds = action.seconds
    return [public("phase1_timer", seconds=action.seconds)]


def why_not(state: CiurmeState, seat: int) -> str:
    return Reason("the clocks run while votes are open and during phase 1",
                  it="i timer corrono mentre le votazioni sono aperte e durante la fase 1")


