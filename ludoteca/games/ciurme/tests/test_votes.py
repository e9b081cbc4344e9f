"""Crew votes: the quartermaster's election, run-offs, the facilitator's decision, who may vote."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    Abstain,
    Agree,
    ClosePhase1,
    CloseVote,
    Decide,
    Depose,
    Elect,
    Move,
    Prefer,
    SetPhase1Timer,
    SetVoteTimer,
    StartPhase,
    Steer,
)
from ludoteca.games.ciurme.data import LIFEBOAT, WRECK
from ludoteca.games.ciurme.state import Topic
from ludoteca.games.ciurme.tests.helpers import (
    act,
    assembly,
    elect_all,
    offices,
    phase1,
    put,
)


def test_captain_votes_but_is_not_eligible_as_quartermaster() -> None:
    # "il capitano NON può essere eletto quartiermastro, ma può partecipare" [D-6]
    state = offices()
    crew = state.crews[0]
    vote = crew.vote
    assert vote is not None and crew.captain in vote.voters
    assert crew.captain not in vote.candidates
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, Elect(crew.captain))
    assert str(refused.value) == "0 is not eligible in this vote; candidates: [1, 2, 3]"


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
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, Elect(3))
    assert str(refused.value) == "3 is not eligible in this vote; candidates: [1, 2]"
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
    with pytest.raises(IllegalAction) as refused:
        act(state, 8, Elect(1))
    assert str(refused.value) == (
        "the facilitator does not play: you may start phases, settle ties, close phase 1 and "
        "broadcast"
    )
    act(state, 0, Elect(1))
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, Elect(2))
    assert str(refused.value) == (
        "there is no vote open for you now (you may vote once, and only in your crew's votes you "
        "are entitled to)"
    )


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


# --- [D-21] closing a vote ----------------------------------------------------------------------
def test_a_silent_voter_no_longer_blocks_the_crew() -> None:
    # [D-21] "an unanswered vote counts as abstain, also when the clock runs out"
    state = offices()
    for voter in (0, 1, 2):
        act(state, voter, Elect(1))
    act(state, 8, CloseVote(1))  # crew 1 has not voted at all: every ballot an abstention
    vote = state.crews[1].vote
    assert vote is not None and vote.runoff and vote.candidates == [5, 6, 7]
    assert GAME.legal_actions(state, 8) == []  # seat 3 is silent: no phase 2 yet
    events = act(state, 8, CloseVote(0))  # seat 3 abstains: seat 1 has all the votes cast
    assert state.crews[0].quartermaster == 1
    assert events[0].kind == "vote_closed" and events[0].visible_to == frozenset({0, 1, 2, 3, 8})


def test_an_unanswered_lifeboat_proposal_is_a_no() -> None:
    # [D-21]; "one 'no' keeps the boat where it is (so does a vote left unanswered when the
    # server's clock runs out)"
    state = phase1()
    crew = state.crews[0]
    put(crew, s1=LIFEBOAT, s2=LIFEBOAT)
    act(state, 0, Move(LIFEBOAT))  # the third aboard: the crossing to the wreck
    act(state, 0, Steer())
    act(state, 1, Agree(True))
    act(state, 8, CloseVote(0))
    assert crew.dock == WRECK and crew.vote is None and crew.members[crew.active] == 1
    assert state.votes_log[-1].outcome == "no" and state.votes_log[-1].ballots == {"1": 1, "2": 0}


def test_an_unanswered_motion_to_depose_needs_its_majority() -> None:
    # [D-21] missing ballots are abstentions; [D-10] a strict majority of the crew without the
    # captain deposes
    state = assembly()
    crew = state.crews[0]
    captain = crew.captain
    voters = [m for m in crew.members if m != captain]
    act(state, voters[0], Depose())
    # [D-23] the captain never learns of the motion: not of its clock, nor of its closing
    heard = frozenset({*voters, 8})
    assert [d.seen_by for d in GAME.deadlines(state) if d.action == CloseVote(0)] == [heard]
    timer = act(state, 8, SetVoteTimer(0, 60))
    assert [(e.kind, dict(e.data), e.visible_to) for e in timer] == [
        ("vote_timer", {"crew": 0, "seconds": 60}, heard)
    ]
    closed = act(state, 8, CloseVote(0))[0]
    assert (closed.kind, dict(closed.data), closed.visible_to) == (
        "vote_closed", {"crew": 0, "topic": Topic.DEPOSITION}, heard
    )
    assert crew.captain == captain and crew.vote is None
    assert state.votes_log[-1].ballots == {str(voters[0]): 1, str(voters[1]): -1,
                                           str(voters[2]): -1}


def test_every_open_vote_runs_on_a_clock_that_closes_it() -> None:
    # [D-21] "when the timer the facilitator set for it runs out (the server's clock applies the
    # facilitator's close action)"
    state = offices(vote_seconds=120)
    deadlines = GAME.deadlines(state)
    assert [(d.key, d.seconds, d.seat, d.action) for d in deadlines] == [
        ("vote 1", 120, 8, CloseVote(0)),
        ("vote 2", 120, 8, CloseVote(1)),
    ]
    act(state, 8, SetVoteTimer(0, 600))  # extended: the same clock, a later end
    assert [(d.key, d.seconds) for d in GAME.deadlines(state)][0] == ("vote 1", 600)
    deadline = GAME.deadlines(state)[1]
    act(state, deadline.seat, deadline.action)  # the clock ends: crew 1's run-off begins
    assert [d.key for d in GAME.deadlines(state)] == ["vote 1", "vote 3"]
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, CloseVote(0))
    assert str(refused.value) == (
        "only the facilitator names first players, starts phases, closes phase 1 and settles tied "
        "elections"
    )
    with pytest.raises(IllegalAction) as refused:
        act(state, 8, CloseVote(5))
    assert str(refused.value) == "there are crews 0 to 1"


def test_a_phase1_timer_closes_phase1_when_it_runs_out() -> None:
    # [D-21] the facilitator's phase-1 timer, applied by the server's clock
    state = phase1()
    assert GAME.deadlines(state) == []
    act(state, 8, SetPhase1Timer(1800))
    (deadline,) = GAME.deadlines(state)
    assert (deadline.key, deadline.seconds, deadline.action) == ("phase 1", 1800, ClosePhase1())
    act(state, deadline.seat, deadline.action)
    assert state.stage == "offices" and state.closed_by == "facilitator"


def test_a_phase1_timer_of_any_length_runs_and_the_screens_name_its_clock() -> None:
    # [D-21] `phase1_seconds`: 0 is no timer, any other length is one
    state = phase1()
    assert GAME.view(state, 0)["phase1_clock"] is None
    act(state, 8, SetPhase1Timer(1))
    (deadline,) = GAME.deadlines(state)
    assert GAME.view(state, 0)["phase1_clock"] == deadline.key == "phase 1"
