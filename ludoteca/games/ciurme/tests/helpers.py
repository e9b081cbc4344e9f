"""Shared set-ups for the scenario tests."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.events import Event
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import ClosePhase1, Elect, Prefer, StartPhase
from ludoteca.games.ciurme.state import CiurmeState


def act(state: CiurmeState, seat: int | None, action: Any) -> list[Event]:
    assert seat is not None
    return GAME.apply(state, seat, action)


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


def assembly(players: int = 8, prefs: tuple[int, int] = (1, 2), **options: Any) -> CiurmeState:
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
