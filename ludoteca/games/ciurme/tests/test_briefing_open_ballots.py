"""Only a motion to depose hides who answered it [D-23]: a ballot on the lifeboat's crossing is
the crew's to see, like any other doing of a player."""

from __future__ import annotations

from ludoteca.games.ciurme.actions import Agree, Move, Steer
from ludoteca.games.ciurme.data import LIFEBOAT
from ludoteca.games.ciurme.rules.roles import board_audience
from ludoteca.games.ciurme.tests.helpers import act, phase1, put


def test_who_answered_a_lifeboat_motion_is_seen_by_the_crew() -> None:
    state = phase1()
    crew = state.crews[0]
    put(crew, s1=LIFEBOAT, s2=LIFEBOAT)
    for action in (Move(LIFEBOAT), Steer()):  # the third aboard proposes the crossing
        act(state, 0, action)
    events = act(state, 1, Agree(True))
    seen = frozenset(board_audience(state, crew))
    assert events and seen != {state.facilitator}
    assert [e.actor_seen_by for e in events] == [seen] * len(events)
