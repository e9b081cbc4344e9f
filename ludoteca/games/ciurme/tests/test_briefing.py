"""The briefing: the crews, the meeples, the first players and the facilitator's seat."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    FirstPlayer,
    PickColour,
    StartPhase,
    Stay,
)
from ludoteca.games.ciurme.data import CREW_COLOURS, SHIP_NAMES, Wood
from ludoteca.games.ciurme.rules.briefing import form_crews
from ludoteca.games.ciurme.tests.helpers import (
    act,
)


def test_balanced_crews_and_explicit_crews() -> None:
    assert form_crews(8, ()) == [[0, 1, 2, 3], [4, 5, 6, 7]]
    assert [len(c) for c in form_crews(9, ())] == [4, 5]
    assert [len(c) for c in form_crews(13, ())] == [4, 4, 5]
    assert form_crews(10, (5, 5)) == [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]
    assert form_crews(8, ((0, 2, 4, 6), (1, 3, 5, 7))) == [[0, 2, 4, 6], [1, 3, 5, 7]]
    with pytest.raises(ValueError, match="cannot form"):
        form_crews(11, ())
    with pytest.raises(ValueError, match="4 or 5"):
        form_crews(9, (3, 6))


def test_facilitator_is_the_seat_after_the_last_player() -> None:
    state = GAME.setup(8, 0)
    assert GAME.seats(state) == list(range(9))
    # the briefing: players pick meeples, the facilitator names first players
    assert GAME.actors(state) == frozenset(range(9))
    assert StartPhase(1) not in GAME.legal_actions(state, 8)


def test_each_player_picks_an_unused_meeple_the_fifth_is_the_automaton() -> None:
    # "Ogni giocatore sceglie un meeple tra quelli disponibili"; "nei gruppi da 4, un colore non
    # verrà assegnato"
    state = GAME.setup(9, 0)
    act(state, 1, PickColour(Wood.RED))
    assert PickColour(Wood.RED) not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as refused:
        act(state, 2, PickColour(Wood.RED))
    assert str(refused.value) == (
        "the 'red' meeple is not free in your crew; free: yellow, purple, green, orange"
    )
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, PickColour(Wood.GREEN))
    assert str(refused.value) == "you already play the red meeple"
    assert GAME.legal_actions(state, 1) == []
    act(state, 4, PickColour(Wood.RED))  # another crew: its own set of meeples
    act(state, 2, PickColour(Wood.GREEN))
    for seat in (0, 3):
        act(state, seat, GAME.legal_actions(state, seat)[0])  # the first free: yellow, purple
    act(state, 9, FirstPlayer(0, 0))
    for seat in range(5, 9):
        act(state, seat, GAME.legal_actions(state, seat)[0])
    assert StartPhase(1) in GAME.legal_actions(state, 9)
    act(state, 9, StartPhase(1))
    crew = state.crews[0]
    assert crew.meeples == [Wood.YELLOW, Wood.RED, Wood.GREEN, Wood.PURPLE]
    assert crew.automaton == Wood.ORANGE
    assert state.crews[1].automaton is None
    act(state, 0, Stay())
    assert crew.common_pile == [Wood.YELLOW]


def test_the_facilitator_may_start_before_everyone_picked() -> None:
    # unpicked players get the first free meeple in seat order
    state = GAME.setup(8, 0)
    act(state, 2, PickColour(Wood.YELLOW))
    act(state, 8, StartPhase(1))
    assert state.crews[0].meeples == [Wood.PURPLE, Wood.GREEN, Wood.YELLOW, Wood.ORANGE]
    assert state.crews[0].automaton == Wood.RED
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, PickColour(Wood.RED))
    assert str(refused.value) == "meeples are picked before phase 1 starts; yours is taken"


def test_first_player_chosen_by_the_facilitator() -> None:
    # "a cominciare dal giocatore che è stato per ultimo su una nave" [D-1]
    state = GAME.setup(8, 0)
    act(state, 8, FirstPlayer(1, 6))
    act(state, 8, StartPhase(1))
    assert GAME.legal_actions(state, 6) and GAME.legal_actions(state, 4) == []
    assert GAME.actors(state) == frozenset({0, 6})
    assert state.crews[0].members[state.crews[0].active] == 0  # default: the first seat


def test_the_facilitator_picks_no_meeple() -> None:
    with pytest.raises(IllegalAction) as refused:
        act(GAME.setup(8, 0), 8, PickColour(Wood.RED))
    assert str(refused.value) == "the facilitator does not play: players pick their meeples"


def test_each_crew_s_first_player_is_chosen_once_d1() -> None:
    state = GAME.setup(8, 0)
    act(state, 8, FirstPlayer(1, 6))
    act(state, 8, FirstPlayer(0, 1))
    with pytest.raises(IllegalAction) as refused:
        act(state, 8, FirstPlayer(0, 2))
    assert str(refused.value) == "every crew's first player is already chosen"


def test_the_crews_are_the_teams_and_the_facilitator_is_in_none() -> None:
    teams = GAME.teams(GAME.setup(9, 0))
    assert sorted(len(t) for t in teams) == [4, 5]
    assert sorted(s for t in teams for s in t) == list(range(9))


def test_crew_colours_and_ship_names_are_data() -> None:
    # [D-18] eight crew colours, ship names with the flagship first
    state = GAME.setup(40, 0)
    view = GAME.view(state, None)
    assert [c["colour"] for c in view["crews"]] == list(CREW_COLOURS)
    assert len(set(CREW_COLOURS)) == 8 and view["fleet"] == list(SHIP_NAMES[:10])


def test_first_player_opens_the_rotation_and_the_automaton_follows_the_last() -> None:
    # "a cominciare dal giocatore che è stato per ultimo su una nave e procedendo in senso
    # orario" [D-1]
    state = GAME.setup(8, 0)
    act(state, 8, FirstPlayer(1, 6))
    act(state, 8, StartPhase(1))
    crew = state.crews[1]
    order = []
    for _ in range(4):
        seat = crew.members[crew.active]
        order.append(seat)
        assert Wood.LIGHT_BLUE not in crew.common_pile
        act(state, seat, Stay())
    assert order == [6, 7, 4, 5] and crew.common_pile[-1] == Wood.LIGHT_BLUE
    assert crew.members[crew.active] == 6
