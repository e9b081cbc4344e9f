"""A motion to depose as the room hears it [D-10], [D-23]: a failed motion told to the crew and
its captain only, and the motion offered to a crew member, never to the captain. Two crews of 4
(seats 0-3, 4-7; captains 0 and 4) and the facilitator (seat 8)."""

from __future__ import annotations

from ludoteca.engine.events import Event
from ludoteca.games.ciurme.actions import DEPOSE, WAIVE, Agree
from ludoteca.games.ciurme.rules.depositions import motion_menu
from ludoteca.games.ciurme.tests.helpers import act, assembly, motion_to_depose


def test_a_failed_motion_is_told_to_the_crew_and_its_captain_only() -> None:
    # [D-23] "Failed: the crew and the captain learn the outcome, nobody else"
    state = assembly()
    motion_to_depose(state, 0, False)
    vote = state.crews[0].vote
    assert vote is not None
    last = [m for m in vote.voters if m not in vote.ballots][-1]
    assert act(state, last, Agree(False))[-1] == Event(
        "deposition_failed", {"crew": 0}, frozenset({0, 1, 2, 3, 8}), frozenset({8}))


def test_the_motion_is_offered_to_a_crew_member_and_never_to_the_captain() -> None:
    # [D-10] "never the captain"
    state = assembly()
    assert motion_menu(state, 1) == [DEPOSE, WAIVE]
    assert motion_menu(state, 0) == []
