"""What a phase-1 turn tells the crew's board (its members and the facilitator): each event's
kind and fields, whole, as the record and the screens show them. Crew 1 (seats 4 to 7, with an
automaton) plays, so that seats and the crew's index are not the defaults."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ludoteca.engine.events import Event
from ludoteca.games.ciurme.actions import Agree, Help, Move, Repair, Stay, Steer
from ludoteca.games.ciurme.data import ISLAND, LIFEBOAT, NEUTRAL, WRECK, Wood
from ludoteca.games.ciurme.state import Outcome, Topic
from ludoteca.games.ciurme.tests.helpers import act, on_wreck, phase1, put

BOARD = frozenset({4, 5, 6, 7, 8})  # crew 1's members and the facilitator


def told(events: Iterable[Event]) -> list[tuple[str, dict[str, Any]]]:
    """Each event's kind and fields, checking that only crew 1's board sees the private ones."""
    events = list(events)
    assert all(e.visible_to in (None, BOARD) for e in events)
    return [(e.kind, dict(e.data)) for e in events]


def test_a_turn_on_the_island_tells_the_move_and_the_wood_produced() -> None:
    # "scegliere se spostarsi in una posizione limitrofa oppure no"; the island produces the
    # player's colour
    state = phase1()
    assert told(act(state, 4, Stay())) == [
        ("moved", {"seat": 4, "start": ISLAND, "end": ISLAND}),
        ("produced", {"by": 4, "wood": Wood.YELLOW}),
    ]
    assert told(act(state, 5, Move(LIFEBOAT))) == [
        ("moved", {"seat": 5, "start": ISLAND, "end": LIFEBOAT}),
    ]


def test_the_automaton_produces_after_the_last_player_and_nothing_once_out_of_wood() -> None:
    # [D-15] the automaton produces light blue, then neutral; [D-2] with the neutral supply
    # empty too, nothing
    state = phase1()
    crew = state.crews[1]
    for seat in (4, 5, 6):
        act(state, seat, Stay())
    assert told(act(state, 7, Stay()))[1:] == [
        ("produced", {"by": 7, "wood": Wood.ORANGE}),
        ("produced", {"by": "automaton", "wood": Wood.LIGHT_BLUE}),
    ]
    crew.own_wood = [0, 0, 0, 0]
    crew.light_blue, crew.neutral = 0, 0
    pile = list(crew.common_pile)
    for seat in (4, 5, 6):
        assert told(act(state, seat, Stay()))[1:] == [("nothing_produced", {"by": seat})]
    assert told(act(state, 7, Stay()))[1:] == [
        ("nothing_produced", {"by": 7}),
        ("nothing_produced", {"by": "automaton"}),
    ]
    assert crew.common_pile == pile and crew.neutral == 0


def test_the_third_boarder_tells_the_crossing_with_the_wood_and_those_aboard() -> None:
    # [D-3] the third boarder at the island loads the common pile and sails to the wreck
    state = phase1()
    crew = state.crews[1]
    put(crew, s5=LIFEBOAT, s6=LIFEBOAT)
    crew.common_pile = [Wood.PURPLE, NEUTRAL]
    assert told(act(state, 4, Move(LIFEBOAT))) == [
        ("moved", {"seat": 4, "start": ISLAND, "end": LIFEBOAT}),
        ("crossing", {"wood": [Wood.PURPLE, NEUTRAL], "aboard": [4, 5, 6]}),
    ]


def test_steering_alone_tells_the_new_dock_and_who_is_aboard() -> None:
    # "un giocatore che termina il suo turno su una scialuppa vuota può manovrarla"
    state = phase1()
    act(state, 4, Move(LIFEBOAT))
    assert told(act(state, 4, Steer())) == [("steered", {"dock": WRECK, "aboard": [4]})]


def steering_put_to_the_vote(answer_of_6: bool) -> list[Event]:
    """Seats 5 and 6 aboard, seat 4 boards (crossing to the wreck) and proposes to steer back;
    5 agrees, 6 answers `answer_of_6`: the events of that last ballot."""
    state = phase1()
    put(state.crews[1], s5=LIFEBOAT, s6=LIFEBOAT)
    act(state, 4, Move(LIFEBOAT))
    assert told(act(state, 4, Steer())) == [
        ("steer_proposed", {"crew": 1, "by": 4, "voters": [5, 6]}),
    ]
    act(state, 5, Agree(True))
    return act(state, 6, Agree(answer_of_6))


def test_steering_with_others_aboard_tells_the_proposal_and_the_outcome() -> None:
    # "Se non è da solo, tutti i giocatori presenti devono essere d'accordo."
    ballot = ("ballot", {"crew": 1, "topic": Topic.LIFEBOAT, "voter": 6})
    assert told(steering_put_to_the_vote(True)) == [
        ballot,
        ("steered", {"dock": ISLAND, "aboard": [4, 5, 6]}),
        ("steer_vote", {"crew": 1, "outcome": Outcome.YES}),
    ]
    assert told(steering_put_to_the_vote(False)) == [
        ballot,
        ("steer_vote", {"crew": 1, "outcome": Outcome.NO}),
    ]


def test_a_repair_and_a_help_tell_who_used_which_wood_for_whom_and_the_progress() -> None:
    # "Ogni legno utilizzato in questo modo viene conservato davanti al giocatore che l'ha
    # utilizzato"; helping points the piece at the mate [D-4]; the repairs count is public
    state = phase1()
    crew = state.crews[1]
    crew.pieces = [(4, NEUTRAL, 4)] * 2
    on_wreck(crew, 4, [Wood.PURPLE, Wood.GREEN, NEUTRAL])
    act(state, 4, Stay())
    assert told(act(state, 4, Repair(Wood.PURPLE))) == [
        ("repaired", {"by": 4, "wood": Wood.PURPLE, "target": 4}),
        ("progress", {"crew": 1, "repairs": 3}),
    ]
    crew.active = crew.members.index(4)
    act(state, 4, Stay())
    assert told(act(state, 4, Help(Wood.GREEN, 6))) == [
        ("repaired", {"by": 4, "wood": Wood.GREEN, "target": 6}),
        ("progress", {"crew": 1, "repairs": 4}),
    ]


def test_the_session_clock_stops_a_crew_after_its_last_round() -> None:
    # [D-5] a crew stops after `phase1_max_rounds` rounds; everybody is told which crew
    state = phase1(phase1_max_rounds=1)
    for seat in (4, 5, 6):
        act(state, seat, Stay())
    events = act(state, 7, Stay())
    assert told(events)[-1] == ("clock_stopped", {"crew": 1})
    assert events[-1].visible_to is None and state.crews[1].stopped
