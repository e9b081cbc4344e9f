"""Offices, the Assembly, channels, visibility and the debrief; each cites its rule."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import GAME, debrief
from ludoteca.games.ciurme.actions import (
    Abstain,
    Agree,
    Decide,
    Depose,
    Elect,
    Place,
    Post,
    Prefer,
    StartPhase,
    Waive,
)
from ludoteca.games.ciurme.assembly import objectives, owners, score_ship
from ludoteca.games.ciurme.data import FLAGSHIP
from ludoteca.games.ciurme.tests.helpers import act, assembly, offices


# --- offices ------------------------------------------------------------------------------------
def test_captain_votes_but_is_not_eligible_as_quartermaster() -> None:
    # "il capitano NON può essere eletto quartiermastro, ma può partecipare" [D-6]
    state = offices()
    crew = state.crews[0]
    vote = crew.vote
    assert vote is not None and crew.captain in vote.voters
    assert crew.captain not in vote.candidates
    with pytest.raises(IllegalAction, match="not eligible"):
        act(state, 1, Elect(crew.captain))


def test_strict_majority_elects_the_quartermaster() -> None:
    state = offices()
    for voter, choice in ((0, 1), (1, 2), (2, 1), (3, 1)):
        act(state, voter, Elect(choice))
    assert state.crews[0].quartermaster == 1


def test_runoff_then_the_facilitator_decides() -> None:
    # [D-6] run-off among the tied leaders, then the facilitator
    state = offices()
    for voter, choice in ((0, 1), (1, 2), (2, 1), (3, 2)):
        act(state, voter, Elect(choice))
    vote = state.crews[0].vote
    assert vote is not None and vote.runoff and vote.candidates == [1, 2]
    with pytest.raises(IllegalAction, match="not eligible"):
        act(state, 0, Elect(3))
    for voter, choice in ((0, 1), (1, 2), (2, 2), (3, 1)):
        act(state, voter, Elect(choice))
    assert vote is state.crews[0].vote and vote.awaiting_facilitator
    assert GAME.legal_actions(state, 8)[:2] == [Decide(0, 1), Decide(0, 2)]
    act(state, 8, Decide(0, 2))
    assert state.crews[0].quartermaster == 2


def test_lone_leader_without_majority_goes_to_runoff_with_those_tied_second() -> None:
    state = offices(players=10)
    for voter, choice in ((0, 1), (1, 1), (2, 2), (3, 3), (4, Abstain())):
        act(state, voter, choice if isinstance(choice, Abstain) else Elect(choice))
    vote = state.crews[0].vote
    assert vote is not None and vote.runoff and vote.candidates == [1, 2, 3]


def test_vote_by_someone_not_entitled_is_rejected() -> None:
    state = offices()
    with pytest.raises(IllegalAction, match="facilitator does not play"):
        act(state, 8, Elect(1))
    act(state, 0, Elect(1))
    with pytest.raises(IllegalAction, match="vote once"):
        act(state, 0, Elect(2))


# --- set-up of phase 2 --------------------------------------------------------------------------
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
    with pytest.raises(IllegalAction, match="not eligible"):
        act(state, voters[0], Prefer(2))


# --- rounds --------------------------------------------------------------------------------------
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


def play_round(state: Any, ships: dict[int, int]) -> None:
    """Every captain places all four stamps on its ship of `ships`."""
    start = state.round
    while state.round == start and state.stage != "over":
        crew_index = state.order[state.placing % len(state.order)]
        captain = state.crews[crew_index].captain
        value = max(state.hands[crew_index])
        act(state, captain, Place(value, ships[crew_index]))


def test_stamp_already_used_is_rejected() -> None:
    state = assembly()
    first = state.order[0]
    captain = state.crews[first].captain
    act(state, captain, Place(4, 1))
    state.placing = 0  # pretend it is this captain's turn again
    with pytest.raises(IllegalAction, match="already used your stamp 4"):
        act(state, captain, Place(4, 2))


def test_not_your_turn_to_place() -> None:
    state = assembly()
    second = state.order[1]
    with pytest.raises(IllegalAction, match="not your turn"):
        act(state, state.crews[second].captain, Place(0, 1))


# --- the reveal ----------------------------------------------------------------------------------
def test_one_stamp_of_value_zero_alone_scores_two() -> None:
    # "un unico timbro, di qualsiasi valore (anche uno 0)"
    assert score_ship([[1, 0, 3, 9]]) == {1: 2}


def test_strictly_highest_sum_scores_three_even_two_stamps_of_one_colour() -> None:
    # "con un colore che ha una somma di valori maggiore" [D-9]
    assert score_ship([[0, 4, 1, 0], [1, 2, 1, 4], [2, 1, 1, 8]]) == {0: 3}
    assert score_ship([[0, 1, 1, 0], [0, 2, 1, 0]]) == {0: 3}
    assert score_ship([[0, 4, 1, 0], [1, 1, 1, 4], [1, 2, 1, 4]]) == {0: 3}


def test_tie_for_the_highest_sum_scores_one_each() -> None:
    # "più colori pareggiano per la somma di maggior valore"
    assert score_ship([[0, 2, 1, 0], [1, 2, 1, 4], [2, 1, 1, 8]]) == {0: 1, 1: 1}
    assert score_ship([]) == {}  # "nessun timbro: ... non viene aggiudicata"


def test_reveal_scores_each_ship_and_returns_the_stamps() -> None:
    state = assembly()
    a, b = state.order
    play_round(state, ships={a: 1, b: 2})
    assert state.crews[a].points[1] == 3 and state.crews[b].points[2] == 3
    assert state.hands == [[0, 1, 2, 4], [0, 1, 2, 4]] and state.stamps == []


def test_as_many_rounds_as_crews_then_objectives() -> None:
    # "un numero di giri pari al numero di ciurme"; "Vince chi ottiene gli obiettivi"
    state = assembly(prefs=(1, 2))
    a, b = state.ranking
    play_round(state, ships={a: 0, b: 1})
    play_round(state, ships={a: 0, b: 2})
    assert state.stage == "over"
    outcome = objectives(state)
    assert outcome[a]["command"] and outcome[b]["personal"] == "maximal"
    assert outcome[b]["power"] and not outcome[a]["power"]  # 2 ships against 1
    result = GAME.result(state)
    assert result.scores[state.crews[b].members[0]] == 2.0


def test_tied_ship_unassigned_or_to_the_better_phase1_rank() -> None:
    # [D-11], [D-12]
    state = assembly()
    a, b = state.ranking
    state.crews[a].points = [0, 3, 0, 0]
    state.crews[b].points = [0, 3, 0, 0]
    assert owners(state) == [None, None, None, None]
    assert all(not o["power"] for o in objectives(state))  # no ship, no power
    state.options = type(state.options)(ship_tie_break="phase1_rank")
    assert owners(state)[1] == a
    state.crews[b].points = [0, 3, 3, 0]
    state.crews[a].points = [3, 0, 0, 3]
    state.options = type(state.options)()
    assert [o["power"] for o in objectives(state)] == [True, True]  # shared


# --- deposing ---
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
    act(state, others[1], Agree(True))
    assert crew.captain == quartermaster and crew.quartermaster is None
    assert old in crew.vote.voters and old in crew.vote.candidates  # type: ignore[union-attr]
    assert quartermaster not in crew.vote.candidates  # type: ignore[union-attr]
    assert Place(2, 1) in GAME.legal_actions(state, quartermaster)
    assert GAME.legal_actions(state, old) and Place(2, 1) not in GAME.legal_actions(state, old)
    # nobody speaks to the captain until the new quartermaster is elected
    with pytest.raises(IllegalAction, match="may not speak"):
        act(state, others[1], Post("deck", "hello"))
    act(state, quartermaster, Place(2, 1))
    assert state.stamps[-1][3] == quartermaster


def test_deposition_needs_a_strict_majority_of_the_crew_without_captain() -> None:
    state = assembly()
    crew = state.crews[0]
    voters = [m for m in crew.members if m != crew.captain]
    act(state, voters[0], Depose())
    act(state, voters[1], Agree(False))
    act(state, voters[2], Agree(False))
    assert crew.vote is None and state.depositions == []
    with pytest.raises(IllegalAction, match="once per round"):
        act(state, voters[0], Depose())
    act(state, voters[1], Waive())
    with pytest.raises(IllegalAction, match="cannot move to depose"):
        act(state, crew.captain, Depose())


# --- channels and visibility ---------------------------------------------------------------------
def test_only_the_quartermaster_speaks_to_the_captain() -> None:
    # "A fare da spola tra capitano e ciurma sarà il quartiermastro, unica persona che può
    # parlare direttamente con il capitano" [D-20]
    state = assembly()
    crew = state.crews[0]
    member = next(m for m in crew.members if m not in (crew.captain, crew.quartermaster))
    with pytest.raises(IllegalAction, match="may not speak on the 'deck'"):
        act(state, member, Post("deck", "Put the 4 on the flagship!"))
    with pytest.raises(IllegalAction, match="may not speak on the 'table'"):
        act(state, crew.captain, Post("table", "Let's share the ships"))
    events = act(state, crew.quartermaster, Post("deck", "The crew wants the flagship"))
    assert events[0].visible_to == frozenset({crew.captain, crew.quartermaster, 8})
    events = act(state, member, Post("crew", "Agreed."))
    assert crew.captain not in events[0].visible_to  # type: ignore[operator]


def test_captains_table_option() -> None:
    state = assembly(captains_table=True)
    captain = state.crews[0].captain
    events = act(state, captain, Post("table", "Let's share the ships"))
    assert events[0].visible_to == frozenset({state.crews[1].captain, captain, 8})


def test_message_budget_bounds_the_talk() -> None:
    state = assembly(message_budget=1)
    seat = next(m for m in state.crews[0].members if m != state.crews[0].captain)
    act(state, seat, Post("crew", "Agreed."))
    with pytest.raises(IllegalAction, match="posted your 1 messages"):
        act(state, seat, Post("crew", "Again"))


def test_stamp_value_known_only_to_its_captain_and_the_facilitator() -> None:
    # "solo quel capitano conoscerà il valore del timbro" [D-19]
    state = assembly()
    index = state.order[0]
    crew = state.crews[index]
    act(state, crew.captain, Place(2, 1))
    assert GAME.view(state, crew.captain)["stamps"][0]["value"] == 2
    assert GAME.view(state, 8)["stamps"][0]["value"] == 2
    assert GAME.view(state, crew.quartermaster)["stamps"][0]["value"] is None
    assert GAME.view(state, None)["stamps"][0] == {"crew": index, "ship": 1, "value": None}


def test_determinize_permutes_what_is_left_of_another_captains_stamps() -> None:
    state = assembly()
    index = state.order[0]
    act(state, state.crews[index].captain, Place(2, 1))
    other = state.crews[state.order[1]].captain
    seen = set()
    for k in range(20):
        variant = GAME.determinize(state, other, Rng(k))
        placed = variant.stamps[0][1]
        assert sorted([placed, *variant.hands[index]]) == [0, 1, 2, 4]
        seen.add(placed)
        assert GAME.view(variant, other) == GAME.view(state, other)
    assert len(seen) > 1


def test_other_crews_boards_show_only_progress() -> None:
    state = offices()
    view = GAME.view(state, 0)
    assert set(view["boards"]) == {"0"}
    assert set(view["crews"][1]) >= {"repairs", "finished"}
    assert set(GAME.view(state, 8)["boards"]) == {"0", "1"}
    assert GAME.view(state, None)["boards"] == {}


def test_rules_and_objectives_are_in_every_view() -> None:
    # "le regole vanno spiegate TUTTE ... compresi i modi per vincere"
    state = GAME.setup(8, 0)
    for seat in [*GAME.seats(state), None]:
        assert "Quartermaster" in " ".join(GAME.view(state, seat)["objectives"])


# --- the debrief and the result ------------------------------------------------------------------
def test_debrief_tables_and_result_details() -> None:
    import json

    state = assembly()
    a, b = state.ranking
    play_round(state, ships={a: 0, b: 1})
    play_round(state, ships={a: 0, b: 1})
    report = debrief(state)
    json.dumps(report)
    crew = report["crews"][0]
    assert set(crew) >= {"wood", "help", "turns_per_place", "votes", "depositions", "objectives"}
    assert len(report["rounds"]) == 2 and report["rounds"][0]["points"]
    details = GAME.result(state).details
    assert details["crews"] == {"0": [0, 1, 2, 3], "1": [4, 5, 6, 7]}
    per = details["per_crew"][0]
    assert set(per) >= {"phase1_turns_to_restore", "phase1_rank", "repairs_by_captain",
                        "objectives_won", "stamp_values_per_round", "points_per_ship"}
