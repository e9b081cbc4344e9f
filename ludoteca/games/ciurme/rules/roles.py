"""Who is who in a session: the facilitator (the seat after the last player) and the crews'
members, and what a seat is told when its role may not do something."""

from __future__ import annotations

from collections.abc import Iterable

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.ciurme.state import NOT_CAST, CiurmeState, Crew

ONLY_THE_FACILITATOR = (
    "only the facilitator names first players, starts phases, closes phase 1 and settles tied "
    "elections"
)
FACILITATOR_DOES_NOT_PLAY = (
    "the facilitator does not play: you may start phases, settle ties, close phase 1 and "
    "broadcast"
)


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


# --- who a rule may list a choice for (a superset, so that `actors` need not ask every seat) --
def players(state: CiurmeState) -> Iterable[int]:
    return range(state.players)


def facilitator_seat(state: CiurmeState) -> Iterable[int]:
    return (state.facilitator,)


def open_voters(state: CiurmeState) -> Iterable[int]:
    """The voters yet to answer a crew vote that is not waiting for the facilitator."""
    return [
        voter
        for crew in state.crews
        if crew.vote is not None and not crew.vote.awaiting_facilitator
        for voter, ballot in zip(crew.vote.voters, crew.vote.ballots, strict=True)
        if ballot == NOT_CAST
    ]


def quartermasters(state: CiurmeState) -> Iterable[int]:
    return [crew.quartermaster for crew in state.crews if crew.quartermaster is not None]
