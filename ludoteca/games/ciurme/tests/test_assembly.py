"""The Pirate Assembly: preferences, the flagship bonus, the placing order, stamps, the reveal."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    Elect,
    Place,
    Prefer,
    StartPhase,
)
from ludoteca.games.ciurme.data import FLAGSHIP
from ludoteca.games.ciurme.rules.assembly import score_ship
from ludoteca.games.ciurme.tests.helpers import (
    act,
    assembly,
    offices,
    play_round,
)


def test_fleet_flagship_bonus_and_preferences_by_the_crew_without_captain() -> None:
    # [D-7] fleet = crews + 2; "La ciurma che ha finito per prima ... due quadratini neri
    # sull'Ammiraglia"; [D-8]
    state = assembly(prefs=(0, 3))
    assert state.fleet == 4
    first = state.ranking[0]
    assert state.crews[first].points[FLAGSHIP] == 2
    crew = state.crews[0]
    assert (crew.favourite, crew.second) == (0, 3)
    assert crew.captain is not None
    captain_view = GAME.view(state, crew.captain)
    assert "0" not in captain_view["preferences"]
    assert GAME.view(state, crew.quartermaster)["preferences"]["0"] == [0, 3]
    assert "0" not in GAME.view(state, 4)["preferences"]  # another crew


def test_favourite_and_second_must_differ() -> None:
    state = offices()
    for crew in state.crews:
        assert crew.vote is not None
        for voter in list(crew.vote.voters):
            act(state, voter, Elect(crew.vote.candidates[0]))
    act(state, 8, StartPhase(2))
    crew = state.crews[0]
    voters = list(crew.vote.voters)  # type: ignore[union-attr]
    for voter in voters:
        act(state, voter, Prefer(2))
    with pytest.raises(IllegalAction) as refused:
        act(state, voters[0], Prefer(2))
    assert str(refused.value) == "2 is not eligible in this vote; candidates: [0, 1, 3]"


def test_first_round_places_from_the_last_ranked_to_the_first() -> None:
    # "A cominciare dal capitano dell'ultima ciurma ... L'ultimo a metterlo sarà il capitano che
    # è arrivato primo"
    state = assembly(players=12)
    assert state.round == 1
    assert state.order == list(reversed(state.ranking))


def test_later_rounds_start_left_of_the_fewest_points_ties_to_lower_rank() -> None:
    # "comincia a mettere i timbri il capitano alla sinistra del capitano della ciurma con meno
    # punti (... in caso di pareggio, il capitano più in basso ...)"
    state = assembly(players=12)
    ranking = state.ranking
    play_round(state, ships={ranking[0]: 1, ranking[1]: 2, ranking[2]: 3})
    # every crew took one lone-ish ship; the flagship bonus makes rank 1 richest;
    # ranks 2 and 3 tie on points, the lower (rank 3) counts as having fewer: it places last
    assert state.round == 2
    assert state.order[-1] == ranking[2]
    assert state.order == [ranking[1], ranking[0], ranking[2]]


def test_stamp_already_used_is_rejected() -> None:
    state = assembly()
    first = state.order[0]
    captain = state.crews[first].captain
    act(state, captain, Place(4, 1))
    state.placing = 0  # pretend it is this captain's turn again
    with pytest.raises(IllegalAction) as refused:
        act(state, captain, Place(4, 2))
    assert str(refused.value) == (
        "you have already used your stamp 4 this round; your stamps left: [0, 1, 2]"
    )


def test_not_your_turn_to_place() -> None:
    state = assembly()
    second = state.order[1]
    with pytest.raises(IllegalAction) as refused:
        act(state, state.crews[second].captain, Place(0, 1))
    assert str(refused.value) == "it is not your turn to place a stamp"


def test_only_captains_place_stamps_and_only_in_phase_2() -> None:
    state = assembly()
    crew = state.crews[state.order[0]]
    mate = next(m for m in crew.members if m != crew.captain)
    with pytest.raises(IllegalAction) as refused:
        act(state, mate, Place(0, 1))
    assert str(refused.value) == "only a captain places stamps, in phase 2"
    elections = offices()
    captain = elections.crews[0].captain
    assert captain is not None
    with pytest.raises(IllegalAction) as refused:
        act(elections, captain, Place(0, 1))
    assert str(refused.value) == "only a captain places stamps, in phase 2"


def test_one_stamp_of_value_zero_alone_scores_two() -> None:
    # "un unico timbro, di qualsiasi valore (anche uno 0)"
    assert score_ship([(1, 0, 3, 9)]) == {1: 2}


def test_strictly_highest_sum_scores_three_even_two_stamps_of_one_colour() -> None:
    # "con un colore che ha una somma di valori maggiore" [D-9]
    assert score_ship([(0, 4, 1, 0), (1, 2, 1, 4), (2, 1, 1, 8)]) == {0: 3}
    assert score_ship([(0, 1, 1, 0), (0, 2, 1, 0)]) == {0: 3}
    assert score_ship([(0, 4, 1, 0), (1, 1, 1, 4), (1, 2, 1, 4)]) == {0: 3}


def test_tie_for_the_highest_sum_scores_one_each() -> None:
    # "più colori pareggiano per la somma di maggior valore"
    assert score_ship([(0, 2, 1, 0), (1, 2, 1, 4), (2, 1, 1, 8)]) == {0: 1, 1: 1}
    assert score_ship([]) == {}  # "nessun timbro: ... non viene aggiudicata"


def test_reveal_scores_each_ship_and_returns_the_stamps() -> None:
    state = assembly()
    a, b = state.order
    play_round(state, ships={a: 1, b: 2})
    assert state.crews[a].points[1] == 3 and state.crews[b].points[2] == 3
    assert state.hands == [[0, 1, 2, 4], [0, 1, 2, 4]] and state.stamps == []
