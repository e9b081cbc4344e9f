"""Deposing the captain [D-10]."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    Agree,
    Depose,
    Place,
    Post,
    Waive,
)
from ludoteca.games.ciurme.data import Channel
from ludoteca.games.ciurme.tests.helpers import (
    act,
    assembly,
    motion_to_depose,
)


def test_deposed_captains_stamps_pass_to_the_quartermaster_mid_round() -> None:
    # "la ciurma può destituire il capitano ed eleggere il quartiermastro come nuovo capitano"
    # [D-10]
    state = assembly()
    index = state.order[0]
    crew = state.crews[index]
    old, quartermaster = crew.captain, crew.quartermaster
    assert old is not None and quartermaster is not None
    act(state, old, Place(4, 1))
    act(state, state.crews[state.order[1]].captain, Place(0, 2))
    assert state.order[state.placing % 2] == index  # the deposed captain's turn
    others = [m for m in crew.members if m not in (old,)]
    act(state, others[0], Depose())
    events = act(state, others[1], Agree(True))
    assert crew.captain == quartermaster and crew.quartermaster is None
    # everybody hears who was deposed and who is captain now
    deposed = [(e.data, e.visible_to) for e in events if e.kind == "deposed"]
    assert deposed == [({"crew": index, "deposed": old, "captain": quartermaster}, None)]
    assert old in crew.vote.voters and old in crew.vote.candidates  # type: ignore[union-attr]
    assert quartermaster not in crew.vote.candidates  # type: ignore[union-attr]
    assert Place(2, 1) in GAME.legal_actions(state, quartermaster)
    assert GAME.legal_actions(state, old) and Place(2, 1) not in GAME.legal_actions(state, old)
    # nobody speaks to the captain until the new quartermaster is elected
    with pytest.raises(IllegalAction) as refused:
        act(state, others[1], Post(Channel.DECK, "hello"))
    assert str(refused.value) == (
        "you may not speak on the 'deck' channel now: only the quartermaster speaks to the "
        "captain, in phase 2, and nobody does while the crew has no quartermaster. Your channels "
        "now: crew"
    )
    act(state, quartermaster, Place(2, 1))
    assert state.stamps[-1][3] == quartermaster


def test_deposition_needs_a_strict_majority_of_the_crew_without_captain() -> None:
    state = assembly()
    crew = state.crews[0]
    voters = motion_to_depose(state, 0, False, False)
    assert crew.vote is None and state.depositions == []
    with pytest.raises(IllegalAction) as refused:
        act(state, voters[0], Depose())
    assert str(refused.value) == (
        "you cannot move to depose now: in phase 2 a crew member other than the captain may "
        "propose it once per round, when the crew has a quartermaster and no other vote is open"
    )
    act(state, voters[1], Waive())
    with pytest.raises(IllegalAction) as refused:
        act(state, crew.captain, Depose())
    assert str(refused.value) == (
        "you cannot move to depose now: in phase 2 a crew member other than the captain may "
        "propose it once per round, when the crew has a quartermaster and no other vote is open"
    )
