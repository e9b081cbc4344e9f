"""Who is who in a session: the facilitator (the seat after the last player) and the crews'
members, and what a seat is told when its role may not do something."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ludoteca.engine.errors import IllegalAction, Reason
from ludoteca.engine.events import Event, private
from ludoteca.games.ciurme.state import NOT_CAST, CiurmeState, Crew, Topic

ONLY_THE_FACILITATOR = Reason(
    "only the facilitator names first players, starts phases, closes phase 1 and settles tied "
    "elections",
    it="solo il facilitatore sceglie i primi giocatori, avvia le fasi, chiude la fase 1 e "
    "risolve le elezioni in parità",
)
FACILITATOR_DOES_NOT_PLAY = Reason(
    "the facilitator does not play: you may start phases, settle ties, close phase 1 and "
    "broadcast",
    it="il facilitatore non gioca: puoi avviare le fasi, risolvere le parità, chiudere la fase 1 "
    "e scrivere a tutta la sala",
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


def board_seen(state: CiurmeState, crew: Crew) -> frozenset[int]:
    """`board_audience` as the set of seats an event keeps, made once a session (a crew's
    members never change)."""
    return state.board_of(state.index_of(crew))


def without_captain(crew: Crew) -> list[int]:
    """[D-8] The crew members other than the captain (who sits at the central table)."""
    return [m for m in crew.members if m != crew.captain]


def assembly_audience(state: CiurmeState, crew: Crew) -> list[int]:
    """Who shares the crew's secrets in the Assembly: the crew without the captain, and the
    facilitator."""
    return [*without_captain(crew), state.facilitator]


def actor_audience(state: CiurmeState, seat: int, deposing: bool) -> frozenset[int] | None:
    """Who may know that `seat` took the action (None: whoever sees its events). The
    facilitator acts in the open; a player's doings are its crew's (the other crews see only
    progress, "repairs done, finished or not"); a motion to depose and its ballots only the
    facilitator's [D-23]: the crew learns counts and the outcome, never who."""
    index = state.crew_of(seat)
    if index is None:
        return None
    if deposing:
        return frozenset((state.facilitator,))
    return state.board_of(index)


def deposition_ballot(state: CiurmeState, seat: int) -> bool:
    """Whether a ballot of `seat` now would answer a motion to depose."""
    index = state.crew_of(seat)
    vote = None if index is None else state.crews[index].vote
    return vote is not None and vote.topic == Topic.DEPOSITION and seat in vote.voters


def named_to_facilitator(state: CiurmeState, kind: str, heard: Iterable[int], key: str,
                         seat: int, **data: Any) -> list[Event]:
    """An event of a secret act [D-23]: the facilitator reads who did it (`key`: `seat`); the
    rest of `heard` reads the same event without the name."""
    facilitator = state.facilitator
    others = [s for s in heard if s != facilitator]
    events = [private(kind, [facilitator], **data, **{key: seat})]
    return events + ([private(kind, others, **data)] if others else [])


# --- who a rule may list a choice for (a superset, so that `actors` need not ask every seat) --
def players(state: CiurmeState) -> Iterable[int]:
    return range(state.players)


def facilitator_seat(state: CiurmeState) -> Iterable[int]:
    return (state.players,)  # `facilitator`, inlined: the listing asks after every action


def open_voters(state: CiurmeState) -> Iterable[int]:
    """The voters yet to answer a crew vote that is not waiting for the facilitator."""
    return [voter for crew in state.crews for voter in crew_open_voters(state, crew)]


def crew_open_voters(state: CiurmeState, crew: Crew) -> list[int]:
    """`open_voters` in one crew."""
    vote = crew.vote
    if vote is None or vote.awaiting_facilitator:
        return []
    return [voter for voter, ballot in zip(vote.voters, vote.ballots, strict=True)
            if ballot == NOT_CAST]


def quartermasters(state: CiurmeState) -> Iterable[int]:
    return [seat for crew in state.crews for seat in crew_quartermaster(state, crew)]


def crew_quartermaster(state: CiurmeState, crew: Crew) -> list[int]:
    """`quartermasters` in one crew: its quartermaster, once elected."""
    return [] if crew.quartermaster is None else [crew.quartermaster]


def crew_players(state: CiurmeState, crew: Crew) -> list[int]:
    """`players` in one crew: its members."""
    return crew.members
