"""What a crew's votes tell, event by event: a tie's run-off, a tie again left to the facilitator
[D-6], whose words refuse a decision, a preference vote heard without the captain [D-8], a
ballot on a motion to depose named to the facilitator alone [D-23]; and the words that refuse
an answer of the wrong kind. Two crews of 4 (seats 0-3, 4-7; captains 0 and 4) and the
facilitator (seat 8).
"""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event
from ludoteca.games.ciurme.actions import Abstain, Agree, Decide, Depose, Elect, Prefer
from ludoteca.games.ciurme.rules.ballots import ballot, check_ballot
from ludoteca.games.ciurme.state import CiurmeState, Topic
from ludoteca.games.ciurme.tests.helpers import act, assembly, offices, refusal

FACILITATOR = 8
BOARD = frozenset({0, 1, 2, 3, 8})  # crew 0 and the facilitator
WITHOUT_CAPTAIN = frozenset({1, 2, 3, 8})
QUARTERMASTER = Topic.QUARTERMASTER


def split_vote(state: CiurmeState) -> list[Event]:
    """Crew 0's four voters split two and two between the first two candidates; the events of
    the last ballot."""
    vote = state.crews[0].vote
    assert vote is not None
    first, second = vote.candidates[:2]
    events: list[Event] = []
    for voter, choice in zip(list(vote.voters), (first, second, first, second), strict=True):
        events = act(state, voter, Elect(choice))
    return events


def test_a_tied_election_goes_to_a_runoff_then_to_the_facilitator() -> None:
    # [D-6] a tie: a run-off among the tied; tied again: the facilitator decides
    state = offices()
    last = {"crew": 0, "topic": QUARTERMASTER, "voter": 3}
    assert split_vote(state) == [
        Event("ballot", last, BOARD, BOARD),
        Event("runoff", {"crew": 0, "topic": QUARTERMASTER, "candidates": [1, 2]}, BOARD, BOARD),
    ]
    assert split_vote(state) == [
        Event("ballot", last, BOARD, BOARD),
        Event("awaiting_facilitator", {"crew": 0, "topic": QUARTERMASTER}, BOARD, BOARD),
    ]
    assert refusal(state, FACILITATOR, Decide(1, 1)) == (
        "no election of that crew is waiting for your decision")
    assert refusal(state, FACILITATOR, Decide(0, 3)) == "decide among the tied candidates: [1, 2]"
    assert act(state, FACILITATOR, Decide(0, 2)) == [Event("quartermaster", {"crew": 0, "seat": 2})]


def test_a_tied_preference_vote_is_heard_by_the_crew_without_its_captain() -> None:
    # [D-8] the crew's wishes are the crew's: its captain hears neither ballots nor run-off
    state = assembly(prefs=())
    first, second, third = state.crews[0].members[1:]
    act(state, first, Prefer(1))
    act(state, second, Prefer(2))
    assert act(state, third, Abstain()) == [
        Event("ballot", {"crew": 0, "topic": Topic.FAVOURITE, "voter": third}, WITHOUT_CAPTAIN,
              BOARD),
        Event("runoff", {"crew": 0, "topic": Topic.FAVOURITE, "candidates": [1, 2]},
              WITHOUT_CAPTAIN, BOARD),
    ]


def test_who_answered_a_motion_to_depose_is_named_to_the_facilitator_alone() -> None:
    # [D-23] "il capitano non vede le votazioni"; the crew sees that a ballot came in
    state = assembly()
    act(state, 1, Depose())
    events = act(state, 2, Agree(True))
    assert events[:2] == [
        Event("ballot", {"crew": 0, "topic": Topic.DEPOSITION, "voter": 2}, frozenset({8}),
              frozenset({8})),
        Event("ballot", {"crew": 0, "topic": Topic.DEPOSITION}, frozenset({1, 2, 3}),
              frozenset({8})),
    ]


def test_an_answer_of_the_wrong_kind_is_refused_in_words_that_say_the_right_one() -> None:
    state = offices()
    election = state.crews[0].vote
    assert election is not None
    wrong = {
        Agree(True): "this is an election (quartermaster): vote for a candidate or abstain",
        Prefer(1): "in the quartermaster election vote with elect",
    }
    for answer, words in wrong.items():
        with pytest.raises(IllegalAction) as refused:
            ballot(election, answer)
        assert str(refused.value) == words
    motion = assembly()
    act(motion, 1, Depose())
    vote = motion.crews[0].vote
    assert vote is not None
    with pytest.raises(IllegalAction,
                       match=r"^this is a yes/no motion \(deposition\): answer it with agree$"):
        ballot(vote, Elect(2))


def test_a_ballot_with_no_vote_open_is_refused_with_the_reason() -> None:
    state = assembly()
    with pytest.raises(IllegalAction, match="^there is no vote open for you now"):
        check_ballot(state, 0, Agree(True))  # a captain votes on no motion against itself
    with pytest.raises(IllegalAction, match="^the facilitator does not play"):
        check_ballot(state, FACILITATOR, Agree(True))


def test_a_lone_leader_without_a_majority_meets_those_tied_second_in_the_runoff() -> None:
    # [D-6] two votes of four lead, the two others tied second: all three go to the run-off
    state = offices()
    vote = state.crews[0].vote
    assert vote is not None
    events: list[Event] = []
    for voter, choice in zip(list(vote.voters), (1, 1, 2, 3), strict=True):
        events = act(state, voter, Elect(choice))
    assert events[-1].data == {"crew": 0, "topic": QUARTERMASTER, "candidates": [1, 2, 3]}
