"""The race: the finishing order, the close of phase 1 and the phase-1 ranking."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.bots.playout import play_out
from ludoteca.bots.simple import HeuristicBot
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    ClosePhase1,
    PlayOn,
    Repair,
    Stay,
)
from ludoteca.games.ciurme.data import AUTOMATON, NEUTRAL, Wood
from ludoteca.games.ciurme.state import ClosedBy
from ludoteca.games.ciurme.tests.helpers import (
    act,
    on_wreck,
    phase1,
)


def finish(state: Any, index: int) -> list[Event]:
    """Let crew `index` apply its last repair; the events of that repair."""
    crew = state.crews[index]
    members = crew.members
    crew.pieces = [(s, NEUTRAL, s) for s in members for _ in range(3)]
    if crew.automaton:
        crew.pieces += [(members[k], NEUTRAL, AUTOMATON) for k in range(3)]
    crew.pieces.pop(0)
    on_wreck(crew, members[0], [Wood.NEUTRAL])
    act(state, members[0], Stay())
    return act(state, members[0], Repair(Wood.NEUTRAL))


def test_finishing_order_ranks_crews_and_all_done_closes_phase1() -> None:
    # "la partita continua finchè tutti i gruppi hanno terminato, determinando una classifica"
    state = phase1()
    finish(state, 1)
    assert state.finish_order == [1] and state.stage == "phase1"
    # the finished crew waits: none of its members has anything to do
    assert state.crews[1].finished_turns is not None
    assert all(GAME.legal_actions(state, s) == [] for s in state.crews[1].members)
    with pytest.raises(IllegalAction) as refused:
        act(state, state.crews[1].members[1], Stay())
    assert str(refused.value) == "your crew's phase 1 is over: wait for the other crews"
    finish(state, 0)
    assert state.stage == "offices" and state.ranking == [1, 0]
    assert state.closed_by == "restored"


def test_facilitator_closes_phase1_unfinished_rank_by_repairs_then_turns() -> None:
    # [D-5]
    state = phase1(players=12)
    finish(state, 2)
    state.crews[0].pieces = [(0, NEUTRAL, 0)]
    state.crews[1].pieces = [(4, NEUTRAL, 4), (5, NEUTRAL, 5)]
    act(state, state.facilitator, ClosePhase1())
    assert state.ranking == [2, 1, 0] and state.closed_by == "facilitator"


def test_session_clock_closes_phase1() -> None:
    state = phase1(phase1_max_rounds=1)
    for seat in range(8):
        act(state, seat, Stay())
    assert state.stage == "offices" and state.closed_by == "clock"


def test_the_facilitator_is_asked_to_close_or_play_on_when_a_crew_finishes() -> None:
    # "la partita continua finchè tutti i gruppi hanno terminato": closing early is the
    # facilitator's choice (a workshop out of time), offered once a crew has finished
    state = phase1(players=12)
    assert GAME.legal_actions(state, 12) == []
    finish(state, 2)
    assert GAME.legal_actions(state, 12) == [PlayOn(), ClosePhase1()]
    assert "rank after those finished" in GAME.describe_action(ClosePhase1())
    act(state, 12, PlayOn())
    assert GAME.legal_actions(state, 12) == [] and state.stage == "phase1"
    with pytest.raises(IllegalAction) as refused:
        act(state, 12, PlayOn())
    assert str(refused.value) == (
        "there is nothing to decide: phase 1 goes on until every crew has finished, and you are "
        "asked again when another crew finishes"
    )
    finish(state, 0)
    assert GAME.legal_actions(state, 12) == [PlayOn(), ClosePhase1()]
    act(state, 12, ClosePhase1())  # closing: crew 1 stops and ranks last
    assert state.ranking == [2, 0, 1] and state.closed_by == "facilitator"


def test_the_facilitator_may_close_phase1_at_any_time() -> None:
    # [D-5] "or until the facilitator closes phase 1": accepted even when not in the menu
    state = phase1()
    act(state, 8, ClosePhase1())
    assert state.stage == "offices" and state.closed_by == "facilitator"


@pytest.mark.parametrize(("players", "seed"), [(8, 1), (9, 2), (10, 3), (10, 4), (13, 5)])
def test_bots_let_every_crew_finish_its_ship(players: int, seed: int) -> None:
    # "la partita continua finchè tutti i gruppi hanno terminato": the facilitator's bot never
    # closes phase 1 on a crew at work
    state = GAME.setup(players, seed)
    bots = {s: HeuristicBot() for s in GAME.seats(state)}
    play_out(GAME, state, bots, seed)
    assert state.closed_by == "restored"
    assert all(crew.finished_turns is not None for crew in state.crews)


def seen(events: list[Event]) -> list[tuple[str, dict[str, Any]]]:
    """What the room reads of public events: their names and fields."""
    assert all(e.visible_to is None for e in events)
    return [(e.kind, dict(e.data)) for e in events]


def test_the_room_sees_each_crew_restored_with_its_rank_and_the_facilitator_play_on() -> None:
    # "determinando una classifica in base all'ordine di arrivo" [D-5]: each finish is announced
    # with its place; letting the others finish tells the room who is done and who still works
    state = phase1(players=12)
    assert seen(finish(state, 2)[2:]) == [("restored", {"crew": 2, "rank": 1})]
    assert seen(act(state, 12, PlayOn())) == [
        ("phase1_goes_on", {"finished": [2], "working": [0, 1]})
    ]
    assert seen(finish(state, 0)[2:]) == [("restored", {"crew": 0, "rank": 2})]
    assert seen(act(state, 12, PlayOn())) == [
        ("phase1_goes_on", {"finished": [2, 0], "working": [1]})
    ]
    events = finish(state, 1)
    assert seen(events[2:4]) == [
        ("restored", {"crew": 1, "rank": 3}),
        ("phase1_closed", {"by": ClosedBy.RESTORED, "ranking": [2, 0, 1]}),
    ]
    assert [e.kind for e in events[4:]] == ["captain", "election_opened"] * 3
