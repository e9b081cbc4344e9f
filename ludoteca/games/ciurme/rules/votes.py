"""A crew vote, from its opening to its count: yes/no motions, and elections with a run-off.

Motions (steering the lifeboat, deposing the captain) pass or fail on the answers; elections
(quartermaster, preferred ships) elect by a strict majority of the votes cast, else go to a
run-off, and after the run-off to the facilitator [D-6]. What a result does is the business of
the vote's topic (see `ballots`).
"""

from __future__ import annotations

from ludoteca.games.ciurme.rules.roles import assembly_audience, board_audience
from ludoteca.games.ciurme.state import (
    ABSTAINED,
    NO,
    NOT_CAST,
    YES,
    CiurmeState,
    Crew,
    Outcome,
    Topic,
    Vote,
    VoteRecord,
)


def open_vote(
    state: CiurmeState,
    topic: Topic,
    voters: list[int],
    candidates: list[int],
    proposer: int | None = None,
    runoff: bool = False,
) -> Vote:
    """A new vote, numbered in the session (its clock's name) with the session's timer [D-21]."""
    state.votes_opened += 1
    vote = Vote(
        topic,
        list(voters),
        list(candidates),
        [NOT_CAST] * len(voters),
        runoff=runoff,
        proposer=proposer,
        number=state.votes_opened,
        seconds=state.options.vote_seconds,
    )
    if proposer is not None and proposer in vote.voters:
        vote.ballots[vote.voters.index(proposer)] = YES  # the proposer is for the motion
    return vote


def may_vote(vote: Vote, seat: int) -> bool:
    return (
        not vote.awaiting_facilitator
        and seat in vote.voters
        and vote.ballots[vote.voters.index(seat)] == NOT_CAST
    )


def cast(vote: Vote, seat: int, ballot: int) -> None:
    vote.ballots[vote.voters.index(seat)] = ballot


def motion_outcome(vote: Vote) -> Outcome | None:
    """YES, NO, or None while undecided. The lifeboat needs everybody aboard ("Se non è da solo,
    tutti i giocatori presenti devono essere d'accordo"); a deposition a strict majority of the
    electorate [D-10]. Once the vote is closed [D-21] a missing ballot is a no for the lifeboat
    and an abstention for a deposition: either way the motion fails without its majority."""
    yes = vote.ballots.count(YES)
    no = vote.ballots.count(NO)
    undecided = vote.ballots.count(NOT_CAST)
    if vote.topic == Topic.LIFEBOAT:
        if no:
            return Outcome.NO
        return Outcome.YES if yes == len(vote.voters) else None
    need = len(vote.voters) // 2 + 1
    if yes >= need:
        return Outcome.YES
    if yes + undecided < need:
        return Outcome.NO
    return None


def count_missing(vote: Vote) -> None:
    """The vote closes before everyone answered [D-21]: a missing ballot is a no for the
    lifeboat ("one 'no' keeps the boat where it is"), otherwise an abstention."""
    missing = NO if vote.topic == Topic.LIFEBOAT else ABSTAINED
    vote.ballots = [missing if b == NOT_CAST else b for b in vote.ballots]


def counts(vote: Vote) -> dict[int, int]:
    out = {c: 0 for c in vote.candidates}
    for ballot in vote.ballots:
        if ballot >= 0:
            out[ballot] += 1
    return out


def election_outcome(vote: Vote) -> tuple[Outcome | None, list[int]]:
    """Once every ballot is in: a strict majority of the votes cast elects (VOTE); otherwise a
    RUNOFF among the leader and those tied with them (or, a lone leader, those tied for
    second); after the run-off the FACILITATOR decides among the tied leaders. None while
    ballots are missing."""
    if NOT_CAST in vote.ballots:
        return None, []
    tally = counts(vote)
    cast_votes = sum(tally.values())
    ordered = sorted(set(tally.values()), reverse=True)
    top = ordered[0]
    leaders = [c for c in vote.candidates if tally[c] == top]
    if cast_votes and len(leaders) == 1 and 2 * top > cast_votes:
        return Outcome.VOTE, leaders
    if vote.runoff:
        return Outcome.FACILITATOR, leaders
    if len(leaders) == 1 and len(ordered) > 1:
        second = ordered[1]
        leaders += [c for c in vote.candidates if tally[c] == second]
    return Outcome.RUNOFF, leaders


def record(
    vote: Vote,
    crew: int,
    outcome: Outcome,
    winner: int | None,
    audience: list[int],
    told: list[int],
) -> VoteRecord:
    """The vote as the debrief lists it."""
    return VoteRecord(
        crew=crew,
        topic=vote.topic,
        runoff=vote.runoff,
        candidates=list(vote.candidates),
        ballots={str(v): b for v, b in zip(vote.voters, vote.ballots, strict=True)},
        outcome=outcome,
        winner=winner,
        audience=list(audience),
        told=told,
    )



def audience(state: CiurmeState, crew: Crew, topic: Topic) -> list[int]:
    """Who hears of a crew's vote: in the Assembly the crew without its captain (the wishes and
    a motion against the captain are the crew's), before it the whole crew; and the
    facilitator."""
    if topic in (Topic.FAVOURITE, Topic.SECOND, Topic.DEPOSITION):
        return assembly_audience(state, crew)
    return board_audience(state, crew)


def told(crew: Crew, topic: Topic) -> list[int]:
    """Who learns only the outcome: the captain, of a motion to depose them [D-23]."""
    if topic == Topic.DEPOSITION and crew.captain is not None:
        return [crew.captain]
    return []


def log_vote(state: CiurmeState, crew: Crew, outcome: Outcome, winner: int | None) -> None:
    """Write the crew's vote as it stands into the log of closed votes."""
    vote = crew.vote
    assert vote is not None
    index = state.index_of(crew)
    heard = audience(state, crew, vote.topic)
    closed = record(vote, index, outcome, winner, heard, told(crew, vote.topic))
    state.votes_log = [*state.votes_log, closed]  # shared by clones: replaced


def settle_motion(state: CiurmeState, crew: Crew) -> Outcome | None:
    """A motion whose answers decide it is logged and closed; its outcome (None: still open)."""
    vote = crew.vote
    assert vote is not None
    outcome = motion_outcome(vote)
    if outcome is not None:
        log_vote(state, crew, outcome, None)
        crew.vote = None
    return outcome
