"""Who is who in a session: the facilitator (the seat after the last player) and the crews'
members, and what a seat is told when its role may not do something."""

from __future__ import annotations

from collections.abc import Iterable

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.ciurme.state import NOT_CAST, CiurmeState, Crew, Stage

ONLY_THE_FACILITATOR = (
    "only the facilitator names first players, starts phases, closes phase 1 and settles tied "
    "elections"
)
FACILITATOR_DOES_NOT_PLAY = (
    "the facilitator does not play: you may start phases, settle ties, close phase 1 and "
    "broadcast"
)


def is_facilitator(state: CiurmeState, seat: int) -> bool:
    return seat == state.facilitator


def require_facilitator(state: CiurmeState, seat: int) -> None:
    if seat != state.facilitator:
        raise IllegalAction(ONLY_THE_FACILITATOR)


def crew_of(state: CiurmeState, seat: int) -> Crew | None:
    """The crew `seat` belongs to (None: the facilitator)."""
    index = state.crew_of(seat)
    return None if index is None else state.crews[index]


def member_crew(state: CiurmeState, seat: int) -> Crew:
    """The crew of a seat known to be a player."""
    index = state.crew_of(seat)
    assert index is not None, "a player's seat"
    return state.crews[index]


def board_audience(state: CiurmeState, crew: Crew) -> list[int]:
    """Who sees a crew's board and hears its votes before the Assembly: its members and the
    facilitator."""
    return [*crew.members, state.facilitator]


def without_captain(crew: Crew) -> list[int]:
    """[D-8] The crew members other than the captain (who sits at the central table)."""
    return [m for m in crew.members if m != crew.captain]


def assembly_audience(state: CiurmeState, crew: Crew) -> list[int]:
    """Who shares the crew's secrets in the Assembly: the crew without the captain, and the
    facilitator."""
    return [*without_captain(crew), state.facilitator]


def may_have_a_decision(state: CiurmeState) -> Iterable[int]:
    """The seats that may have something to do now, a superset of the actors (so `actors` need
    not ask every seat): in phase 1 and the elections only the facilitator, each crew's active
    player and the voters yet to answer an open vote; in the Assembly also the captains
    (placing), the quartermasters (relaying) and, in a crew with no vote open, the members who
    have not yet moved to depose or waived it this round; during the briefing everybody."""
    if state.stage not in (Stage.PHASE1, Stage.OFFICES, Stage.ASSEMBLY):
        return range(state.players + 1)
    seats = {state.facilitator}
    for crew in state.crews:
        if state.stage == Stage.PHASE1:
            seats.add(crew.members[crew.active])
        vote = crew.vote
        if vote is not None and not vote.awaiting_facilitator:
            seats.update(v for v, b in zip(vote.voters, vote.ballots, strict=True) if b == NOT_CAST)
        if state.stage == Stage.ASSEMBLY:
            seats.update(s for s in (crew.captain, crew.quartermaster) if s is not None)
            if crew.vote is None:
                seats.update(m for m in crew.members if m not in crew.motions_used)
    return seats
