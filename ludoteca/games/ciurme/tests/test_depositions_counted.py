"""Deposing the captain where the counts part ways: a crew of five, and two depositions in one
crew. The fingerprints change when these go wrong; these tests say what broke."""

from __future__ import annotations

from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import Agree, Depose, Elect
from ludoteca.games.ciurme.tests.helpers import act, assembly, play_round


def test_a_crew_of_five_deposes_with_three_of_its_four_voters_d10() -> None:
    # [D-10] "A vote of the crew members other than the captain, strict majority of them": in a
    # crew of five the four others vote, and two of four is half, not a majority (in a crew of
    # four, two of three is both)
    state = assembly(10)
    crew = state.crews[0]
    assert len(crew.members) == 5
    captain = crew.captain
    voters = [m for m in crew.members if m != captain]
    act(state, voters[0], Depose())
    act(state, voters[1], Agree(True))
    assert crew.captain == captain and state.depositions == []  # 2 of 4: not yet
    act(state, voters[2], Agree(True))
    assert crew.captain != captain and len(state.depositions) == 1  # 3 of 4: deposed


def test_a_crew_of_five_keeps_its_captain_when_two_of_four_say_no_d10() -> None:
    # [D-10] two yes and two no of four: no strict majority, the motion fails
    state = assembly(10)
    crew = state.crews[0]
    captain = crew.captain
    voters = [m for m in crew.members if m != captain]
    act(state, voters[0], Depose())
    act(state, voters[1], Agree(True))
    act(state, voters[2], Agree(False))
    act(state, voters[3], Agree(False))
    assert crew.captain == captain and state.depositions == [] and crew.vote is None


def elect(state: object, crew: object, seat: int) -> None:
    vote = crew.vote  # type: ignore[attr-defined]
    assert vote is not None and seat in vote.candidates
    for voter in list(vote.voters):
        act(state, voter, Elect(seat))  # type: ignore[arg-type]


def test_phase1_captain_title_stays_with_its_holder_after_two_depositions_d24() -> None:
    # "These two titles are the phase-1 individual wins and stay with those players whatever
    # happens in phase 2" [D-24]: deposed twice over, crew 0's captain title stays with the
    # seat that held it at the end of phase 1, neither the captain of now nor the one between
    state = assembly(10)
    crew, other = state.crews[0], state.crews[1]
    first, quartermaster = crew.captain, crew.quartermaster
    assert first is not None and quartermaster is not None
    voters = [m for m in crew.members if m != first]
    act(state, voters[0], Depose())
    for voter in voters[1:3]:
        act(state, voter, Agree(True))
    assert crew.captain == quartermaster  # the quartermaster becomes captain [D-10]
    third = next(m for m in crew.vote.candidates if m != first)  # type: ignore[union-attr]
    elect(state, crew, third)
    a, b = state.ranking
    play_round(state, ships={a: 0, b: 1})
    voters = [m for m in crew.members if m != crew.captain]
    act(state, voters[0], Depose())
    for voter in voters[1:]:
        if crew.captain == quartermaster:
            act(state, voter, Agree(True))
    assert crew.captain == third and len(state.depositions) == 2
    play_round(state, ships={a: 0, b: 2})
    by = {w["objective"]: w for w in GAME.result(state).details["winners"]}
    assert by["captain"]["seats"] == [first, other.captain]
    assert by["quartermaster"]["seats"] == [quartermaster, other.quartermaster]
