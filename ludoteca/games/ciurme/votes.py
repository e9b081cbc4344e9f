"""Crew votes: yes/no motions and elections with a run-off and the facilitator's decision.

Motions (steering the lifeboat, deposing the captain) are a show of hands: the electorate sees
every answer. Election ballots (quartermaster, preferred ships) stay secret until the count.
"""

from __future__ import annotations

from ludoteca.games.ciurme.state import Vote

LIFEBOAT, DEPOSITION = "lifeboat", "deposition"
QUARTERMASTER, FAVOURITE, SECOND = "quartermaster", "favourite", "second"
MOTIONS = (LIFEBOAT, DEPOSITION)
ELECTIONS = (QUARTERMASTER, FAVOURITE, SECOND)
NOT_CAST, ABSTAINED = -2, -1
YES, NO = 1, 0

# Outcomes of a count.
PENDING, ELECTED, RUNOFF, FACILITATOR = "pending", "elected", "runoff", "facilitator"


def open_vote(
    topic: str, voters: list[int], candidates: list[int], proposer: int | None = None
) -> Vote:
    vote = Vote(topic, list(voters), list(candidates), [NOT_CAST] * len(voters), proposer=proposer)
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


def motion_outcome(vote: Vote) -> str:
    """'yes', 'no' or PENDING. The lifeboat needs everybody aboard ("Se non è da solo, tutti i
    giocatori presenti devono essere d'accordo"); a deposition a strict majority of the
    electorate [D-10]."""
    yes = vote.ballots.count(YES)
    no = vote.ballots.count(NO)
    if vote.topic == LIFEBOAT:
        if no:
            return "no"
        return "yes" if yes == len(vote.voters) else PENDING
    need = len(vote.voters) // 2 + 1
    if yes >= need:
        return "yes"
    if len(vote.voters) - no < need:
        return "no"
    return PENDING


def counts(vote: Vote) -> dict[int, int]:
    out = {c: 0 for c in vote.candidates}
    for ballot in vote.ballots:
        if ballot >= 0:
            out[ballot] += 1
    return out


def election_outcome(vote: Vote) -> tuple[str, list[int]]:
    """Once every ballot is in: a strict majority of the votes cast elects; otherwise a run-off
    among the leader and those tied with them (or, a lone leader, those tied for second);
    after the run-off the facilitator decides among the tied leaders."""
    if NOT_CAST in vote.ballots:
        return PENDING, []
    tally = counts(vote)
    cast_votes = sum(tally.values())
    ordered = sorted(set(tally.values()), reverse=True)
    top = ordered[0]
    leaders = [c for c in vote.candidates if tally[c] == top]
    if cast_votes and len(leaders) == 1 and 2 * top > cast_votes:
        return ELECTED, leaders
    if vote.runoff:
        return FACILITATOR, leaders
    if len(leaders) == 1 and len(ordered) > 1:
        second = ordered[1]
        leaders += [c for c in vote.candidates if tally[c] == second]
    return RUNOFF, leaders


def record(vote: Vote, crew: int, outcome: str, winner: int | None, audience: list[int]) -> dict:  # type: ignore[type-arg]
    """The vote as the debrief lists it."""
    return {
        "crew": crew,
        "topic": vote.topic,
        "runoff": vote.runoff,
        "candidates": list(vote.candidates),
        "ballots": {str(v): b for v, b in zip(vote.voters, vote.ballots, strict=True)},
        "outcome": outcome,
        "winner": winner,
        "audience": list(audience),
    }
