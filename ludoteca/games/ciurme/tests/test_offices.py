"""The captain, chosen by repairs."""

from __future__ import annotations

from ludoteca.engine.events import Event
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    ClosePhase1,
    Elect,
    FirstPlayer,
    StartPhase,
)
from ludoteca.games.ciurme.data import NEUTRAL
from ludoteca.games.ciurme.rules.offices import choose_captain
from ludoteca.games.ciurme.state import ClosedBy, Topic
from ludoteca.games.ciurme.tests.helpers import (
    act,
    offices,
    phase1,
)


def test_captain_at_seven_with_the_earlier_reached_tie_rule() -> None:
    # "massimo 7, se più di un giocatore ha aggiustato 7 volte, il primo che lo fa"
    state = phase1()
    crew = state.crews[0]
    crew.pieces = [(1, NEUTRAL, 1)] * 7 + [(2, NEUTRAL, 2)] * 7 + [(0, NEUTRAL, 0)]
    crew.reached_at = [5, 40, 30, 0]
    assert choose_captain(crew) == 2


def test_captain_with_no_repairs_is_the_earliest_in_turn_order() -> None:
    # [D-17]
    state = GAME.setup(8, 0)
    act(state, 8, FirstPlayer(0, 2))
    act(state, 8, StartPhase(1))
    act(state, 8, ClosePhase1())
    assert state.crews[0].captain == 2 and state.crews[1].captain == 4


def test_closing_phase1_names_each_crews_captain_to_all_and_opens_its_election_on_board() -> None:
    # [D-5] the ranking, then the offices: the captain at once, for the whole room to see; the
    # quartermaster's election [D-6] announced to the crew (captain included) and the facilitator
    state = phase1()
    assert act(state, 8, ClosePhase1()) == [
        Event("phase1_closed", {"by": ClosedBy.FACILITATOR, "ranking": [0, 1]}),
        Event("captain", {"crew": 0, "seat": 0}),
        Event("election_opened", {"crew": 0, "topic": Topic.QUARTERMASTER},
              frozenset({0, 1, 2, 3, 8})),
        Event("captain", {"crew": 1, "seat": 4}),
        Event("election_opened", {"crew": 1, "topic": Topic.QUARTERMASTER},
              frozenset({4, 5, 6, 7, 8})),
    ]


def test_the_elected_quartermaster_is_announced_to_the_room() -> None:
    # "il quartiermastro" is one of the crew's two offices: the room learns who holds it
    state = offices()
    vote = state.crews[1].vote
    assert vote is not None
    *first, last = vote.voters
    for voter in first:
        act(state, voter, Elect(5))
    events = act(state, last, Elect(5))
    assert [(e.kind, e.data, e.visible_to) for e in events[1:]] == [
        ("quartermaster", {"crew": 1, "seat": 5}, None)
    ]
    assert state.crews[1].quartermaster == 5
