"""The facilitator's controls, what each tells and to whom, and every refusal word for word: the
clocks of the votes and of phase 1 [D-21], closing a vote, settling a tie, starting phases, the
captains' table [D-20] and writing to the room, a crew or a person [D-22]."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    Abstain,
    ClosePhase1,
    CloseVote,
    Decide,
    OpenTable,
    PlayOn,
    Post,
    Prefer,
    SetPhase1Timer,
    SetVoteTimer,
    StartPhase,
)
from ludoteca.games.ciurme.data import Channel
from ludoteca.games.ciurme.rules.roles import ONLY_THE_FACILITATOR
from ludoteca.games.ciurme.state import CiurmeState
from ludoteca.games.ciurme.tests.helpers import act, assembly, elect_all, offices, phase1

FACILITATOR = 8  # in a session of 8 players, seats 0-7 play


def refusal(state: CiurmeState, seat: int, action: Action) -> str:
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, action)
    return str(caught.value)


def told(events: list[Event]) -> list[tuple[str, dict[str, Any], frozenset[int] | None]]:
    return [(event.kind, dict(event.data), event.visible_to) for event in events]


def test_a_vote_s_clock_is_set_and_told_to_those_who_see_the_vote_d21() -> None:
    state = offices(vote_seconds=120)
    assert told(act(state, FACILITATOR, SetVoteTimer(1, 600))) == [
        ("vote_timer", {"crew": 1, "seconds": 600}, frozenset({4, 5, 6, 7, 8})),
    ]
    assert [(d.key, d.seconds, d.seen_by) for d in GAME.deadlines(state)] == [
        ("vote 1", 120, frozenset({0, 1, 2, 3, 8})),
        ("vote 2", 600, frozenset({4, 5, 6, 7, 8})),
    ]


def test_a_vote_without_a_clock_or_out_of_range_is_refused_in_words_d21() -> None:
    state = offices()
    elect_all(state)  # no vote is open any more
    assert refusal(state, FACILITATOR, CloseVote(0)) == "crew 0 has no open vote"
    assert refusal(state, FACILITATOR, SetVoteTimer(1, 60)) == "crew 1 has no open vote"
    assert refusal(state, FACILITATOR, CloseVote(2)) == "there are crews 0 to 1"
    assert refusal(state, FACILITATOR, CloseVote(-1)) == "there are crews 0 to 1"


def test_an_election_waiting_for_the_facilitator_runs_on_no_clock_d21() -> None:
    state = offices(fleet_size=2)
    elect_all(state)
    act(state, FACILITATOR, StartPhase(2))
    crew = state.crews[0]
    for ship in (0, None, None):  # a lone candidate nobody votes for: the facilitator decides
        assert crew.vote is not None
        for voter in list(crew.vote.voters):
            act(state, voter, Prefer(ship) if ship is not None else Abstain())
    assert crew.vote is not None and crew.vote.awaiting_facilitator
    assert refusal(state, FACILITATOR, CloseVote(0)) == (
        "crew 0's election waits for your decision: decide it"
    )
    other = state.crews[1].vote
    assert other is not None
    assert [d.key for d in GAME.deadlines(state)] == [f"vote {other.number}"]


def test_the_phase_1_clock_is_told_to_everybody_d21() -> None:
    state = phase1()
    assert told(act(state, FACILITATOR, SetPhase1Timer(1800))) == [
        ("phase1_timer", {"seconds": 1800}, None),
    ]


def test_the_facilitator_s_controls_out_of_their_time_are_refused_in_words() -> None:
    briefing = GAME.setup(8, seed=1)
    assert refusal(briefing, FACILITATOR, CloseVote(0)) == (
        "the clocks run while votes are open and during phase 1"
    )
    assert refusal(briefing, FACILITATOR, ClosePhase1()) == (
        "phase 1 is not running, so it cannot be closed"
    )
    running = phase1()
    assert refusal(running, FACILITATOR, StartPhase(2)) == (
        "no phase can start now (stage: phase1); phase 1 starts after the briefing, phase 2 "
        "after the elections"
    )
    assert refusal(running, FACILITATOR, PlayOn()) == (  # no crew has finished yet
        "there is nothing to decide: phase 1 goes on until every crew has finished, and you "
        "are asked again when another crew finishes"
    )
    elections = offices()
    assert refusal(elections, FACILITATOR, SetPhase1Timer(60)) == (
        "the clocks run while votes are open and during phase 1"
    )
    assert refusal(elections, FACILITATOR, Decide(0, 1)) == (
        "no election is waiting for your decision"
    )
    assert refusal(elections, 0, Decide(0, 1)) == ONLY_THE_FACILITATOR
    assert refusal(elections, FACILITATOR, PlayOn()) == (
        "there is nothing to decide: phase 1 goes on until every crew has finished, and you "
        "are asked again when another crew finishes"
    )
    assert refusal(elections, 0, PlayOn()) == ONLY_THE_FACILITATOR


def test_the_captains_table_is_opened_once_by_the_facilitator_d20() -> None:
    state = offices()
    assert refusal(state, 0, OpenTable()) == (
        "only the facilitator opens the captains' table [D-20]"
    )
    act(state, FACILITATOR, OpenTable())
    assert refusal(state, FACILITATOR, OpenTable()) == "the captains' table is already open"


def test_the_facilitator_writes_to_a_crew_or_a_person_that_exists_d22() -> None:
    state = assembly()
    to_seat_0 = act(state, FACILITATOR, Post(Channel.DIRECT, "Please vote", to=0))
    assert to_seat_0[0].visible_to == frozenset({0, FACILITATOR})
    rest = (
        ": the facilitator writes to the room on 'all', to one crew on 'crew' (to: the crew) or "
        "to one person on 'direct' (to: the seat). Your channels now: all"
    )
    assert refusal(state, FACILITATOR, Post(Channel.CREW, "Which crew?")) == (
        "you may not speak on the 'crew' channel now" + rest
    )
    assert refusal(state, FACILITATOR, Post(Channel.CREW, "No such crew", to=2)) == (
        "you may not speak on the 'crew' channel now to 2" + rest
    )
    assert refusal(state, FACILITATOR, Post(Channel.DIRECT, "To myself", to=8)) == (
        "you may not speak on the 'direct' channel now to 8" + rest
    )
