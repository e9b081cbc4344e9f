"""Crew votes: the quartermaster's election, run-offs, the facilitator's decision, who may vote."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    Abstain,
    Agree,
    ClosePhase1,
    Decide,
    Elect,
    Move,
    Prefer,
    StartPhase,
    Steer,
)
from ludoteca.games.ciurme.data import LIFEBOAT, WRECK
from ludoteca.games.ciurme.tests.helpers import (
    act,
    elect_all,
    offices,
    phase1,
)


def test_captain_votes_but_is_not_eligible_as_quartermaster() -> None:
    # "il capitano NON può essere eletto quartiermastro, ma può partecipare" [D-6]
    state = offices()
    crew = state.crews[0]
    vote = crew.vote
    assert vote is not None and crew.captain in vote.voters
    assert crew.captain not in vote.candidates
    with pytest.raises(IllegalAction, match="not eligible"):
        act(state, 1, Elect(crew.captain))


def test_strict_majority_elects_the_quartermaster() -> None:
    state = offices()
    for voter, choice in ((0, 1), (1, 2), (2, 1), (3, 1)):
        act(state, voter, Elect(choice))
    assert state.crews[0].quartermaster == 1


def test_runoff_then_the_facilitator_decides() -> None:
    # [D-6] run-off among the tied leaders, then the facilitator
    state = offices()
    for voter, choice in ((0, 1), (1, 2), (2, 1), (3, 2)):
        act(state, voter, Elect(choice))
    vote = state.crews[0].vote
    assert vote is not None and vote.runoff and vote.candidates == [1, 2]
    with pytest.raises(IllegalAction, match="not eligible"):
        act(state, 0, Elect(3))
    for voter, choice in ((0, 1), (1, 2), (2, 2), (3, 1)):
        act(state, voter, Elect(choice))
    assert vote is state.crews[0].vote and vote.awaiting_facilitator
    assert GAME.legal_actions(state, 8)[:2] == [Decide(0, 1), Decide(0, 2)]
    act(state, 8, Decide(0, 2))
    assert state.crews[0].quartermaster == 2


def test_lone_leader_without_majority_goes_to_runoff_with_those_tied_second() -> None:
    state = offices(players=10)
    for voter, choice in ((0, 1), (1, 1), (2, 2), (3, 3), (4, Abstain())):
        act(state, voter, choice if isinstance(choice, Abstain) else Elect(choice))
    vote = state.crews[0].vote
    assert vote is not None and vote.runoff and vote.candidates == [1, 2, 3]


def test_vote_by_someone_not_entitled_is_rejected() -> None:
    state = offices()
    with pytest.raises(IllegalAction, match="facilitator does not play"):
        act(state, 8, Elect(1))
    act(state, 0, Elect(1))
    with pytest.raises(IllegalAction, match="vote once"):
        act(state, 0, Elect(2))


def test_unanswered_steering_vote_lapses_when_phase1_closes() -> None:
    # "one 'no' keeps the boat where it is (so does a vote left unanswered ...)"
    state = phase1()
    crew = state.crews[0]
    crew.place[1] = crew.place[2] = LIFEBOAT
    act(state, 0, Move(LIFEBOAT))  # the third aboard: crossing
    act(state, 0, Steer())
    assert crew.vote is not None and crew.dock == WRECK
    act(state, 1, Agree(True))
    act(state, 8, ClosePhase1())
    assert crew.dock == WRECK and crew.vote is not None and crew.vote.topic == "quartermaster"


def test_a_lone_candidate_nobody_votes_for_goes_to_the_facilitator() -> None:
    # a fleet of two ships leaves one candidate for the second favourite
    state = offices(fleet_size=2)
    elect_all(state)
    act(state, 8, StartPhase(2))
    crew = state.crews[0]
    for ship in (0, None, None):
        assert crew.vote is not None
        for voter in list(crew.vote.voters):
            act(state, voter, Prefer(ship) if ship is not None else Abstain())
    assert crew.vote is not None and crew.vote.awaiting_facilitator
    act(state, 8, Decide(0, 1))
    assert (crew.favourite, crew.second) == (0, 1)
