"""What the room is told in the Pirate Assembly, event by event: the flagship bonus and the
preference votes opening, each crew's preferred ships told to its own board, the stamps (ship to
all, value to its captain and the facilitator), the reveal ship by ship, the next round or the
end. Two crews of 4 (seats 0-3, 4-7) and the facilitator (seat 8); crew 0 finished phase 1 first.
"""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event
from ludoteca.games.ciurme.actions import Place, Prefer, StartPhase
from ludoteca.games.ciurme.state import CiurmeState, Stage, Topic
from ludoteca.games.ciurme.tests.helpers import act, assembly, elect_all, offices

FACILITATOR = 8
BOARDS = (frozenset({0, 1, 2, 3, 8}), frozenset({4, 5, 6, 7, 8}))  # a crew and the facilitator
AUDIENCES = (frozenset({1, 2, 3, 8}), frozenset({5, 6, 7, 8}))  # its board less the captain


def prefer(state: CiurmeState, crew: int, ship: int) -> list[Event]:
    """Every voter of the crew votes `ship`; the events of the last ballot."""
    vote = state.crews[crew].vote
    assert vote is not None
    events: list[Event] = []
    for voter in list(vote.voters):
        events = act(state, voter, Prefer(ship))
    return events


def place_round(state: CiurmeState, ships: dict[int, int]) -> list[Event]:
    """Each captain in turn places its highest stamp left on its crew's ship of `ships`, to the
    round's end; the events of the last stamp."""
    events: list[Event] = []
    start = state.round
    while state.round == start and state.stage != Stage.OVER:
        index = state.order[state.placing % len(state.order)]
        captain = state.crews[index].captain
        events = act(state, captain, Place(max(state.hands[index]), ships[index]))
    return events


def test_the_assembly_opens_with_the_flagship_bonus_and_each_crews_favourite_vote() -> None:
    # "La ciurma che ha finito per prima ... due quadratini neri sull'Ammiraglia"; [D-8] the
    # crew without its captain votes its favourite ship
    state = offices()
    elect_all(state)
    assert act(state, FACILITATOR, StartPhase(2)) == [
        Event("phase_started", {"phase": 2}),
        Event("flagship_bonus", {"crew": 0, "squares": 2}),
        Event("election_opened", {"crew": 0, "topic": Topic.FAVOURITE}, AUDIENCES[0]),
        Event("election_opened", {"crew": 1, "topic": Topic.FAVOURITE}, AUDIENCES[1]),
    ]


def test_a_crews_preferences_are_told_to_its_board_and_the_first_round_opens_after_all() -> None:
    # [D-8] the favourite, then a second ship; the room learns only that a crew has chosen
    state = offices()
    elect_all(state)
    act(state, FACILITATOR, StartPhase(2))
    ballot = {"crew": 0, "voter": 3}
    assert prefer(state, 0, 1) == [
        Event("ballot", {**ballot, "topic": Topic.FAVOURITE}, AUDIENCES[0], BOARDS[0]),
        Event("preference", {"crew": 0, "topic": Topic.FAVOURITE, "ship": 1}, AUDIENCES[0],
              BOARDS[0]),
        Event("election_opened", {"crew": 0, "topic": Topic.SECOND}, AUDIENCES[0], BOARDS[0]),
    ]
    assert prefer(state, 0, 2) == [
        Event("ballot", {**ballot, "topic": Topic.SECOND}, AUDIENCES[0], BOARDS[0]),
        Event("preference", {"crew": 0, "topic": Topic.SECOND, "ship": 2}, AUDIENCES[0],
              BOARDS[0]),
        Event("preferences_chosen", {"crew": 0}, None, BOARDS[0]),
    ]
    assert state.round == 0  # crew 1 has not chosen yet
    prefer(state, 1, 3)
    # "A cominciare dal capitano dell'ultima ciurma": crew 1 places first
    assert prefer(state, 1, 0)[-2:] == [
        Event("preferences_chosen", {"crew": 1}, None, BOARDS[1]),
        Event("round", {"round": 1, "order": [1, 0]}, None, BOARDS[1]),
    ]


def test_a_stamp_shows_its_ship_to_all_and_its_value_to_its_captain_and_the_facilitator() -> None:
    # [D-19] "solo quel capitano conoscerà il valore del timbro"
    state = assembly()
    assert act(state, 4, Place(4, 1)) == [
        Event("stamp", {"crew": 1, "ship": 1}, None, BOARDS[1]),
        Event("stamp_value", {"crew": 1, "ship": 1, "value": 4}, frozenset({4, 8}), BOARDS[1]),
    ]


def test_the_last_stamp_of_a_round_reveals_every_ship_and_opens_the_next_round() -> None:
    # "Al termine del giro, si rivelano i timbri messi su ogni nave, una nave alla volta": each
    # stamp as (crew, value, ship, captain), each crew's points as (crew, ship, points) [D-9]
    state = assembly()
    assert place_round(state, {0: 2, 1: 1}) == [
        Event("stamp", {"crew": 0, "ship": 2}, None, BOARDS[0]),
        Event("stamp_value", {"crew": 0, "ship": 2, "value": 0}, frozenset({0, 8}), BOARDS[0]),
        Event("reveal", {"round": 1,
                         "stamps": [[1, 4, 1, 4], [0, 4, 2, 0], [1, 2, 1, 4], [0, 2, 2, 0],
                                    [1, 1, 1, 4], [0, 1, 2, 0], [1, 0, 1, 4], [0, 0, 2, 0]],
                         "points": [[1, 1, 3], [0, 2, 3]]}, None, BOARDS[0]),
        Event("round", {"round": 2, "order": [0, 1]}, None, BOARDS[0]),
    ]


def test_after_as_many_rounds_as_crews_the_reveal_ends_the_session() -> None:
    # "un numero di giri pari al numero di ciurme"; a tie on a ship: 1 point to each [D-9]
    state = assembly()
    place_round(state, {0: 2, 1: 1})
    events = place_round(state, {0: 3, 1: 3})
    assert events[2:] == [
        Event("reveal", {"round": 2,
                         "stamps": [[0, 4, 3, 0], [1, 4, 3, 4], [0, 2, 3, 0], [1, 2, 3, 4],
                                    [0, 1, 3, 0], [1, 1, 3, 4], [0, 0, 3, 0], [1, 0, 3, 4]],
                         "points": [[0, 3, 1], [1, 3, 1]]}, None, BOARDS[1]),
        Event("session_over", {}, None, BOARDS[1]),
    ]
    assert state.stage == Stage.OVER


def test_a_stamp_is_refused_to_a_sailor_to_a_captain_out_of_turn_and_off_the_fleet_chart() -> None:
    # "In senso orario i capitani continuano a mettere un timbro alla volta"; [D-7] the fleet
    state = assembly()
    refusals = {}
    for seat, stamp in ((1, Place(4, 1)), (0, Place(4, 1)), (4, Place(4, 4))):
        with pytest.raises(IllegalAction) as refused:
            act(state, seat, stamp)
        refusals[seat] = str(refused.value)
    assert refusals == {
        1: "only a captain places stamps, in phase 2",
        0: "it is not your turn to place a stamp",
        4: "there are ships 0 to 3 in the fleet chart",
    }
    assert state.stamps == []
