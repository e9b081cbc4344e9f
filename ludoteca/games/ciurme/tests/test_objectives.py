"""The objectives at the end of the Assembly."""

from __future__ import annotations

from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import Agree, Depose, Elect
from ludoteca.games.ciurme.options import TieBreak
from ludoteca.games.ciurme.rules.objectives import objectives, owners
from ludoteca.games.ciurme.state import Stage
from ludoteca.games.ciurme.tests.helpers import (
    act,
    assembly,
    play_round,
)


def test_as_many_rounds_as_crews_then_objectives() -> None:
    # "un numero di giri pari al numero di ciurme"; "Vince chi ottiene gli obiettivi"
    state = assembly(prefs=(1, 2))
    a, b = state.ranking
    play_round(state, ships={a: 0, b: 1})
    play_round(state, ships={a: 0, b: 2})
    assert state.stage == Stage.OVER
    outcome = objectives(state)
    assert outcome[a]["command"] and outcome[b]["personal"] == "maximal"
    assert outcome[b]["power"] and not outcome[a]["power"]  # 2 ships against 1
    # objectives won, each on its own: command for a; the personal one and power for b
    assert (outcome[a]["won"], outcome[b]["won"]) == (1, 2)
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
    state.options = type(state.options)(ship_tie_break=TieBreak.PHASE1_RANK)
    assert owners(state)[1] == a
    state.crews[b].points = [0, 3, 3, 0]
    state.crews[a].points = [3, 0, 0, 3]
    state.options = type(state.options)()
    assert [o["power"] for o in objectives(state)] == [True, True]  # shared


def test_results_say_who_won_each_objective_in_words() -> None:
    # [D-24]; "Vince chi ottiene gli obiettivi – la vittoria su un obiettivo non pregiudica la
    # vittoria sugli altri"
    state = assembly(prefs=(1, 2))
    a, b = state.ranking
    play_round(state, ships={a: 0, b: 1})
    play_round(state, ships={a: 0, b: 2})
    winners = GAME.result(state).details["winners"]
    assert [w["objective"] for w in winners] == [
        "race", "captain", "quartermaster", "personal", "command", "power",
    ]
    by = {w["objective"]: w for w in winners}
    assert by["race"]["text"] == "Race: no crew restored its ship."  # phase 1 was closed
    assert by["command"]["crews"] == [a]
    assert by["personal"]["crews"] == [b] and by["power"]["crews"] == [b]
    assert by["personal"]["text"] == "Personal: crew 1 (white), maximal (Black Pearl and Fancy)."
    assert by["command"]["text"] == (
        "Command: crew 0 (black) owns the flagship, Queen Anne's Revenge."
    )
    assert by["captain"]["seats"] == [c.captain for c in state.crews]
    # The room's pages read who won what, without an overall order or the English sentences.
    public = GAME.public_result(GAME.result(state))
    assert public == {"details": {"winners": [
        {k: v for k, v in w.items() if k != "text"} for w in winners]}}
    screen = GAME.render(GAME.view(state, 0))
    assert "Who won what (each objective is won on its own):" in screen
    assert all(w["text"] in screen for w in winners)


def test_phase1_titles_stay_with_their_holders_after_a_deposition() -> None:
    # "These two titles are the phase-1 individual wins and stay with those players whatever
    # happens in phase 2"; [D-24]
    state = assembly()
    crew = state.crews[0]
    captain, quartermaster = crew.captain, crew.quartermaster
    assert captain is not None
    voters = [m for m in crew.members if m != captain]
    act(state, voters[0], Depose())
    act(state, voters[1], Agree(True))  # 2 of the 3 without the captain: deposed
    assert crew.captain == quartermaster
    for voter in list(crew.vote.voters):  # type: ignore[union-attr]
        act(state, voter, Elect(captain))  # the deposed captain, now eligible
    assert crew.quartermaster == captain
    other = state.crews[1]
    a, b = state.ranking
    play_round(state, ships={a: 0, b: 1})
    play_round(state, ships={a: 0, b: 2})
    by = {w["objective"]: w for w in GAME.result(state).details["winners"]}
    # crew by crew: the deposition and the second election in crew 0 change nothing in crew 1
    assert by["captain"]["seats"] == [captain, other.captain]
    assert by["quartermaster"]["seats"] == [quartermaster, other.quartermaster]


def test_ships_go_to_the_most_points_and_a_tie_to_the_better_phase1_rank_d11() -> None:
    # [D-11] with the option, a tied ship goes to the crew with the better phase-1 rank; a ship
    # nobody stamped is nobody's
    state = assembly()
    state.ranking = [1, 0]  # crew 1 finished phase 1 first
    state.options = type(state.options)(ship_tie_break=TieBreak.PHASE1_RANK)
    state.crews[0].points = [2, 1, 0, 0]
    state.crews[1].points = [2, 0, 0, 0]
    assert owners(state) == [1, 0, None, None]
    state.crews[0].favourite, state.crews[0].second = 2, 1
    state.crews[1].favourite, state.crews[1].second = 1, 2
    # crew 0: its second ship (secondary) and a share of power; crew 1: the flagship (command)
    # and a share of power
    assert [(o["personal"], o["command"], o["power"], o["won"], o["ships"])
            for o in objectives(state)] == [
        ("secondary", False, True, 2, [1]),
        ("none", True, True, 2, [0]),
    ]
    # "primario se si vince la nave preferita": the favourite alone
    state.crews[0].favourite, state.crews[0].second = 1, 2
    assert [o["personal"] for o in objectives(state)] == ["primary", "none"]
