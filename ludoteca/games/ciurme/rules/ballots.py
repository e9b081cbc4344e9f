"""Answering a crew's vote, and the facilitator's decision on a tie.

A voter answers a motion with Agree and an election with Elect (a mate), Prefer (a ship) or
Abstain, once. When the answers decide the vote, its topic acts: the lifeboat sails or stays, the
captain is deposed or stays, the quartermaster or a preferred ship is chosen; an election without
a strict majority goes to a run-off, then to the facilitator [D-6].
"""

from __future__ import annotations

from collections.abc import Callable

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction, Reason
from ludoteca.engine.events import Event, private
from ludoteca.games.ciurme.actions import (
    ABSTAIN,
    AGREEMENTS,
    ELECT,
    PREFER,
    Abstain,
    Agree,
    CloseVote,
    Decide,
    Elect,
    Prefer,
)
from ludoteca.games.ciurme.rules import assembly, depositions, italian, offices, phase1
from ludoteca.games.ciurme.rules.clocks import timed_vote
from ludoteca.games.ciurme.rules.roles import (
    FACILITATOR_DOES_NOT_PLAY,
    ONLY_THE_FACILITATOR,
    crew_of,
    named_to_facilitator,
    require_facilitator,
)
from ludoteca.games.ciurme.rules.votes import (
    audience,
    cast,
    count_missing,
    election_outcome,
    log_vote,
    may_vote,
    open_vote,
    settle_motion,
)
from ludoteca.games.ciurme.state import (
    ABSTAINED,
    ELECTIONS,
    MOTIONS,
    NO,
    PREFERENCES,
    YES,
    CiurmeState,
    Crew,
    Outcome,
    Topic,
    Vote,
)

# What a decided motion does: (state, crew, carried) -> events.
MotionResult = Callable[[CiurmeState, Crew, bool], list[Event]]
MOTION_RESULTS: dict[Topic, MotionResult] = {
    Topic.LIFEBOAT: phase1.steering_decided,
    Topic.DEPOSITION: depositions.deposition_decided,
}
# The same under `Game.play`, which drops the events: the lifeboat's without building them (a
# lifeboat vote is decided every few actions of phase 1).
QUIET_MOTION_RESULTS = {**MOTION_RESULTS, Topic.LIFEBOAT: phase1.steering_settled}


# --- the voters' choices --------------------------------------------------------------------------
def vote_for(state: CiurmeState, seat: int) -> Vote | None:
    """The crew vote `seat` may still answer."""
    index = state.crew_of(seat)
    vote = state.crews[index].vote if index is not None else None
    return vote if vote is not None and may_vote(vote, seat) else None


def vote_menu(vote: Vote) -> list[Action]:
    """The four rules' choices below at once, for a voter who may still answer `vote` (the
    listing finds them): agree or not on a motion; a candidate (a mate, a ship) or abstain in
    an election."""
    topic = vote.topic
    if topic in MOTIONS:
        return list(AGREEMENTS)
    if topic == Topic.QUARTERMASTER:
        return [*(ELECT[c] for c in vote.candidates), ABSTAIN]
    return [*(PREFER[s] for s in vote.candidates), ABSTAIN]


def agreements(state: CiurmeState, seat: int) -> list[Agree]:
    vote = vote_for(state, seat)
    return list(AGREEMENTS) if vote is not None and vote.topic in MOTIONS else []


def elections(state: CiurmeState, seat: int) -> list[Elect]:
    vote = vote_for(state, seat)
    if vote is None or vote.topic != Topic.QUARTERMASTER:
        return []
    return [ELECT[c] for c in vote.candidates]


def preferences(state: CiurmeState, seat: int) -> list[Prefer]:
    vote = vote_for(state, seat)
    if vote is None or vote.topic not in PREFERENCES:
        return []
    return [PREFER[s] for s in vote.candidates]


def abstentions(state: CiurmeState, seat: int) -> list[Abstain]:
    vote = vote_for(state, seat)
    return [ABSTAIN] if vote is not None and vote.topic in ELECTIONS else []


# --- a ballot -------------------------------------------------------------------------------------
def check_ballot(state: CiurmeState, seat: int, action: Action) -> Action:
    vote = vote_for(state, seat)
    if vote is None:
        raise IllegalAction(why_not(state, seat))
    ballot(vote, action)
    return action


def why_not(state: CiurmeState, seat: int) -> str:
    if seat == state.facilitator:
        return FACILITATOR_DOES_NOT_PLAY
    return Reason(
        "there is no vote open for you now (you may vote once, and only in your crew's votes "
        "you are entitled to)",
        it="ora non c'è nessuna votazione aperta per te (voti una volta sola, e solo nelle "
        "votazioni della tua ciurma a cui hai diritto)",
    )


def ballot(vote: Vote, action: Action) -> int:
    """The ballot an answer casts in `vote`, or IllegalAction if it does not answer it."""
    topic = vote.topic
    if isinstance(action, Agree):
        if topic not in MOTIONS:
            raise IllegalAction(
                f"this is an election ({topic}): vote for a candidate or abstain",
                it=f"questa è un'elezione ({italian.topic(topic)}): vota un candidato o astieniti",
            )
        return YES if action.yes else NO
    if topic in MOTIONS:
        raise IllegalAction(
            f"this is a yes/no motion ({topic}): answer it with agree",
            it=f"questa è una proposta ({italian.topic(topic)}): rispondi sì o no",
        )
    if isinstance(action, Abstain):
        return ABSTAINED
    wanted = Elect if topic == Topic.QUARTERMASTER else Prefer
    if not isinstance(action, wanted):
        raise IllegalAction(
            f"in the {topic} election vote with {wanted.kind}",
            it=f"nell'elezione ({italian.topic(topic)}) vota "
            + ("un giocatore" if wanted is Elect else "una nave"),
        )
    choice = action.seat if isinstance(action, Elect) else action.ship
    if choice not in vote.candidates:
        raise IllegalAction(
            f"{quote(choice)} is not eligible in this vote; candidates: {vote.candidates}",
            it=f"{quote(choice)} non si può votare in questa votazione; candidati: "
            f"{vote.candidates}",
        )
    return int(choice)


def do_ballot(state: CiurmeState, seat: int, action: Action) -> list[Event]:
    crew = crew_of(state, seat)
    assert crew is not None and crew.vote is not None
    vote = crew.vote
    cast(vote, seat, ballot(vote, action))
    heard = audience(state, crew, vote.topic)
    index = state.index_of(crew)
    events: list[Event] = (
        # who answered a motion to depose is the facilitator's to know [D-23]
        named_to_facilitator(state, "ballot", heard, "voter", seat, crew=index, topic=vote.topic)
        if vote.topic == Topic.DEPOSITION else
        [private("ballot", heard, crew=index, topic=vote.topic, voter=seat)]
    )
    return events + ballot_counted(state, crew, vote)


def play_ballot(state: CiurmeState, seat: int, action: Action) -> None:
    """`do_ballot` without the events of the ballot and what it decides: `Game.play` drops
    them (ballots are a third of a random session's actions at 15 players)."""
    crew = crew_of(state, seat)
    assert crew is not None and crew.vote is not None
    vote = crew.vote
    cast(vote, seat, ballot(vote, action))
    ballot_counted(state, crew, vote, QUIET_MOTION_RESULTS)


def ballot_counted(state: CiurmeState, crew: Crew, vote: Vote,
                   results: dict[Topic, MotionResult] = MOTION_RESULTS) -> list[Event]:
    """What the ballot just cast in `vote` decides, if anything: a motion settled and acted on
    (its topic's result, from `results`), an election counted."""
    if vote.topic in MOTIONS:
        outcome = settle_motion(state, crew)
        if outcome is None:
            return []
        return results[vote.topic](state, crew, outcome == Outcome.YES)
    return count_election(state, crew)


def count_election(state: CiurmeState, crew: Crew) -> list[Event]:
    """Once every ballot is in: elected, a run-off, or the facilitator's decision [D-6]."""
    vote = crew.vote
    assert vote is not None
    outcome, leaders = election_outcome(vote)
    if outcome is None:
        return []
    if outcome == Outcome.VOTE:
        return elected(state, crew, leaders[0], Outcome.VOTE)
    heard = audience(state, crew, vote.topic)
    if outcome == Outcome.RUNOFF:
        log_vote(state, crew, outcome, None)
        crew.vote = open_vote(state, vote.topic, vote.voters, leaders, runoff=True)
        index = state.index_of(crew)
        return [private("runoff", heard, crew=index, topic=vote.topic, candidates=leaders)]
    # Still tied after the run-off: logged once, when the facilitator has decided.
    vote.candidates = leaders
    vote.awaiting_facilitator = True
    index = state.index_of(crew)
    return [private("awaiting_facilitator", heard, crew=index, topic=vote.topic)]


def elected(state: CiurmeState, crew: Crew, winner: int, how: Outcome) -> list[Event]:
    """An election is won: the quartermaster takes office, or the crew's wish is set."""
    vote = crew.vote
    assert vote is not None
    log_vote(state, crew, how, winner)
    crew.vote = None
    if vote.topic == Topic.QUARTERMASTER:
        return offices.quartermaster_elected(state, crew, winner)
    return assembly.preference_elected(state, crew, vote.topic, winner)


# --- the facilitator closes a vote [D-21] ---------------------------------------------------------
def check_close_vote(state: CiurmeState, seat: int, action: CloseVote) -> CloseVote:
    require_facilitator(state, seat)
    timed_vote(state, action.crew)
    return action


def do_close_vote(state: CiurmeState, seat: int, action: CloseVote) -> list[Event]:
    """The vote is counted now, missing ballots as abstentions (for the lifeboat as no), and
    its topic acts as when the last ballot comes in."""
    crew = state.crews[action.crew]
    vote = crew.vote
    assert vote is not None
    count_missing(vote)
    heard = audience(state, crew, vote.topic)
    events: list[Event] = [private("vote_closed", heard, crew=action.crew, topic=vote.topic)]
    if vote.topic in MOTIONS:
        outcome = settle_motion(state, crew)
        assert outcome is not None, "a closed motion is decided"
        return events + MOTION_RESULTS[vote.topic](state, crew, outcome == Outcome.YES)
    return events + count_election(state, crew)


# --- the facilitator settles a tie ----------------------------------------------------------------
def decisions(state: CiurmeState, seat: int) -> list[Decide]:
    if seat != state.facilitator:
        return []
    return [
        Decide(i, c)
        for i, crew in enumerate(state.crews)
        if crew.vote is not None and crew.vote.awaiting_facilitator
        for c in crew.vote.candidates
    ]


def decision_due(state: CiurmeState, seat: int) -> bool:
    """Whether `decisions` lists something for `seat`, without making the choices (a loop:
    the listing asks it after every action)."""
    if seat != state.players:  # `facilitator`, inlined
        return False
    for crew in state.crews:
        vote = crew.vote
        if vote is not None and vote.awaiting_facilitator and vote.candidates:
            return True
    return False


def check_decide(state: CiurmeState, seat: int, action: Decide) -> Decide:
    require_facilitator(state, seat)
    crews = state.crews
    vote = crews[action.crew].vote if 0 <= action.crew < len(crews) else None
    if vote is None or not vote.awaiting_facilitator:
        raise IllegalAction("no election of that crew is waiting for your decision",
                            it="nessuna elezione di quella ciurma aspetta la tua decisione")
    if action.choice not in vote.candidates:
        raise IllegalAction(f"decide among the tied candidates: {vote.candidates}",
                            it=f"scegli tra i candidati in parità: {vote.candidates}")
    return action


def do_decide(state: CiurmeState, seat: int, action: Decide) -> list[Event]:
    return elected(state, state.crews[action.crew], action.choice, Outcome.FACILITATOR)


def why_no_decision(state: CiurmeState, seat: int) -> str:
    if seat != state.facilitator:
        return ONLY_THE_FACILITATOR
    return Reason("no election is waiting for your decision",
                  it="nessuna elezione aspetta la tua decisione")
