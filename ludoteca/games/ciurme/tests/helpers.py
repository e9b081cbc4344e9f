"""Shared set-ups for the scenario tests."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    Agree,
    ClosePhase1,
    Depose,
    Elect,
    Place,
    Prefer,
    StartPhase,
)
from ludoteca.games.ciurme.data import WRECK, Location, Wood
from ludoteca.games.ciurme.state import CiurmeState, Crew, Stage


def act(state: CiurmeState, seat: int | None, action: Any) -> list[Event]:
    """Apply, then forget who may act: the scenarios change states by hand between actions,
    where play keeps who may act from action to action (`listing.Lister.kept`)."""
    assert seat is not None
    events = GAME.apply(state, seat, action)
    state.actor_groups = None
    return events


def refusal(state: CiurmeState, seat: int, action: Any) -> str:
    """The reason the player reads when `action` is refused (nothing applied)."""
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, action)
    return str(refused.value)


def phase1(players: int = 8, **options: Any) -> CiurmeState:
    state = GAME.setup(players, seed=1, options=options or None)
    act(state, state.facilitator, StartPhase(1))
    return state


def offices(players: int = 8, **options: Any) -> CiurmeState:
    state = phase1(players, **options)
    act(state, state.facilitator, ClosePhase1())
    return state


def elect_all(state: CiurmeState) -> None:
    """Every crew elects its first eligible mate unanimously."""
    for crew in state.crews:
        vote = crew.vote
        assert vote is not None
        choice = vote.candidates[0]
        for voter in list(vote.voters):
            act(state, voter, Elect(choice))


def assembly(players: int = 8, prefs: tuple[int, ...] = (1, 2), **options: Any) -> CiurmeState:
    """Phase 2 with quartermasters elected and every crew wanting `prefs`."""
    state = offices(players, **options)
    elect_all(state)
    act(state, state.facilitator, StartPhase(2))
    for ship in prefs:
        for crew in state.crews:
            assert crew.vote is not None
            for voter in list(crew.vote.voters):
                act(state, voter, Prefer(ship))
    return state


def put(crew: Crew, **places: Location) -> None:
    """Place members: put(crew, s0=WRECK, ...)."""
    for key, place in places.items():
        crew.place[crew.members.index(int(key[1:]))] = place


def on_wreck(crew: Crew, seat: int, wood: list[Wood]) -> None:
    """`seat` on the wreck, at the start of its turn, the boat docked there with `wood`."""
    crew.dock = WRECK
    crew.transported = list(wood)
    put(crew, **{f"s{seat}": WRECK})
    crew.active = crew.members.index(seat)


def play_round(state: CiurmeState, ships: dict[int, int]) -> None:
    """Every captain places all four stamps on its ship of `ships`."""
    start = state.round
    while state.round == start and state.stage != Stage.OVER:
        crew_index = state.order[state.placing % len(state.order)]
        captain = state.crews[crew_index].captain
        value = max(state.hands[crew_index])
        act(state, captain, Place(value, ships[crew_index]))


def motion_to_depose(state: CiurmeState, index: int, *answers: bool) -> list[int]:
    """The first of crew `index`'s members without its captain raises a motion to depose, the
    next ones answer `answers`; those members, in seat order."""
    crew = state.crews[index]
    voters = [m for m in crew.members if m != crew.captain]
    act(state, voters[0], Depose())
    for voter, answer in zip(voters[1:], answers, strict=False):
        act(state, voter, Agree(answer))
    return voters
