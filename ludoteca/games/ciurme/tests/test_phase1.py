"""Phase 1 scenarios; each cites the rule sentence of the original or the [D-n] it proves."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    Agree,
    ClosePhase1,
    FirstPlayer,
    Help,
    Move,
    Pass,
    PickColour,
    Repair,
    StartPhase,
    Stay,
    Steer,
)
from ludoteca.games.ciurme.crews import form_crews
from ludoteca.games.ciurme.data import AUTOMATON, ISLAND, LIFEBOAT, WRECK
from ludoteca.games.ciurme.offices import choose_captain
from ludoteca.games.ciurme.phase1 import complete, load, restored
from ludoteca.games.ciurme.tests.helpers import act, phase1


def put(state: Any, crew: Any, **places: str) -> None:
    """Place members: put(state, crew, s0='wreck', ...)."""
    for key, place in places.items():
        crew.place[crew.members.index(int(key[1:]))] = place


# --- the session ----------------------------------------------------------------------------
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
    act(state, 1, PickColour("red"))
    assert PickColour("red") not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="not free in your crew; free: yellow, purple"):
        act(state, 2, PickColour("red"))
    with pytest.raises(IllegalAction, match="already play the red meeple"):
        act(state, 1, PickColour("green"))
    assert GAME.legal_actions(state, 1) == []
    act(state, 4, PickColour("red"))  # another crew: its own set of meeples
    act(state, 2, PickColour("green"))
    for seat in (0, 3):
        act(state, seat, GAME.legal_actions(state, seat)[0])  # the first free: yellow, purple
    act(state, 9, FirstPlayer(0, 0))
    for seat in range(5, 9):
        act(state, seat, GAME.legal_actions(state, seat)[0])
    assert StartPhase(1) in GAME.legal_actions(state, 9)
    act(state, 9, StartPhase(1))
    crew = state.crews[0]
    assert crew.meeples == ["yellow", "red", "green", "purple"] and crew.automaton == "orange"
    assert state.crews[1].automaton is None
    act(state, 0, Stay())
    assert crew.common_pile == ["yellow"]


def test_the_facilitator_may_start_before_everyone_picked() -> None:
    # unpicked players get the first free meeple in seat order
    state = GAME.setup(8, 0)
    act(state, 2, PickColour("yellow"))
    act(state, 8, StartPhase(1))
    assert state.crews[0].meeples == ["purple", "green", "yellow", "orange"]
    assert state.crews[0].automaton == "red"
    with pytest.raises(IllegalAction, match="before phase 1 starts"):
        act(state, 0, PickColour("red"))


def test_first_player_chosen_by_the_facilitator() -> None:
    # "a cominciare dal giocatore che è stato per ultimo su una nave" [D-1]
    state = GAME.setup(8, 0)
    act(state, 8, FirstPlayer(1, 6))
    act(state, 8, StartPhase(1))
    assert GAME.legal_actions(state, 6) and GAME.legal_actions(state, 4) == []
    assert GAME.actors(state) == frozenset({0, 6})
    assert state.crews[0].members[state.crews[0].active] == 0  # default: the first seat


# --- places and moves ---------------------------------------------------------------------
def test_island_and_wreck_are_not_adjacent() -> None:
    # "L'isola e la nave relitto non sono limitrofe"
    state = phase1()
    with pytest.raises(IllegalAction, match="not adjacent"):
        act(state, 0, Move(WRECK))
    assert GAME.legal_actions(state, 0)[:2] == [Stay(), Move(LIFEBOAT)]


def test_boat_at_the_wreck_leaves_the_islander_only_staying() -> None:
    # "un giocatore di turno posizionato sull'isola non avrà altra scelta che rimanere"
    state = phase1()
    state.crews[0].dock = WRECK
    assert [a for a in GAME.legal_actions(state, 0) if a.kind in ("stay", "move")] == [Stay()]


def test_island_produces_own_colour_then_neutral_then_nothing() -> None:
    # "Se qualcuno dovrebbe aggiungere un legno del proprio colore ma li ha finiti, allora ne
    # aggiunge uno di colore neutro" and [D-2]
    state = phase1()
    crew = state.crews[0]
    act(state, 0, Stay())
    assert crew.common_pile == ["yellow"]
    crew.own_wood[1] = 0
    act(state, 1, Stay())
    assert crew.common_pile[-1] == "neutral"
    crew.own_wood[2], crew.neutral = 0, 0
    events = act(state, 2, Stay())
    assert len(crew.common_pile) == 2 and events[-1].kind == "nothing_produced"


def test_third_boarder_triggers_the_crossing_and_the_pile_arrives() -> None:
    # "il terzo giocatore che sale sulla scialuppa automaticamente carica anche tutto il cumulo
    # comune" [D-3]
    state = phase1()
    crew = state.crews[0]
    crew.common_pile = ["yellow", "purple", "neutral"]
    put(state, crew, s0=LIFEBOAT, s1=LIFEBOAT)
    crew.active = 2
    act(state, 2, Move(LIFEBOAT))
    assert crew.dock == WRECK and crew.common_pile == []
    assert sorted(crew.transported) == ["neutral", "purple", "yellow"]
    assert GAME.legal_actions(state, 2)[:2] == [Steer(), Pass()]  # may propose to steer back


def test_crossing_happens_with_an_empty_pile_and_not_on_steering_back() -> None:
    state = phase1()
    crew = state.crews[0]
    put(state, crew, s0=LIFEBOAT, s1=LIFEBOAT)
    crew.active = 2
    act(state, 2, Move(LIFEBOAT))
    assert crew.dock == WRECK and crew.transported == []
    # steering back with three aboard does not cross again
    act(state, 2, Steer())
    for voter in (0, 1):
        act(state, voter, Agree(True))
    assert crew.dock == ISLAND
    crew.common_pile = ["yellow"]
    crew.active = 0
    act(state, 0, Stay())  # staying aboard is not boarding
    act(state, 0, Pass())
    assert crew.dock == ISLAND and crew.common_pile == ["yellow"]


def test_steering_alone_moves_the_boat_without_wood() -> None:
    # "un giocatore che termina il suo turno su una scialuppa vuota può manovrarla" [D-13]
    state = phase1()
    crew = state.crews[0]
    crew.common_pile = ["yellow"]
    act(state, 0, Move(LIFEBOAT))
    act(state, 0, Steer())
    assert crew.dock == WRECK and crew.transported == [] and crew.common_pile == ["yellow"]


def test_steering_with_others_aboard_needs_everybody_one_no_keeps_it() -> None:
    # "Se non è da solo, tutti i giocatori presenti devono essere d'accordo."
    state = phase1()
    crew = state.crews[0]
    put(state, crew, s1=LIFEBOAT, s2=LIFEBOAT)
    act(state, 0, Move(LIFEBOAT))  # third aboard: crossing to the wreck
    act(state, 0, Steer())
    with pytest.raises(IllegalAction, match="voting on steering the lifeboat"):
        act(state, 0, Pass())
    with pytest.raises(IllegalAction, match="no vote open"):
        act(state, 3, Agree(True))  # not aboard: not entitled
    act(state, 1, Agree(True))
    act(state, 2, Agree(False))
    assert crew.dock == WRECK and crew.vote is None
    assert crew.members[crew.active] == 1  # the proposer's turn has ended


# --- repairs, loads and help --------------------------------------------------------------------
def on_wreck(state: Any, crew: Any, seat: int, wood: list[str]) -> None:
    crew.dock = WRECK
    crew.transported = list(wood)
    put(state, crew, **{f"s{seat}": WRECK})
    crew.active = crew.members.index(seat)


def test_wreck_repair_takes_any_colour_and_keeps_it() -> None:
    # "prende un legno di qualsiasi colore presente nel cumulo trasportato ... conservato
    # davanti al giocatore"
    state = phase1()
    crew = state.crews[0]
    on_wreck(state, crew, 0, ["purple", "neutral"])
    act(state, 0, Stay())
    assert GAME.legal_actions(state, 0)[:2] == [Repair("neutral"), Repair("purple")]
    with pytest.raises(IllegalAction, match="no red wood"):
        act(state, 0, Repair("red"))
    act(state, 0, Repair("purple"))
    assert crew.pieces == [[0, "purple", 0]] and crew.transported == ["neutral"]


def test_empty_transported_pile_means_nothing_to_do() -> None:
    state = phase1()
    crew = state.crews[0]
    on_wreck(state, crew, 0, [])
    act(state, 0, Stay())
    assert crew.active == 1 and crew.pieces == []


def test_two_pointing_pieces_complete_with_one_repair() -> None:
    # "se in due lo puntano, è sufficiente che quel giocatore aggiusti una volta la nave"
    state = phase1()
    crew = state.crews[0]
    crew.pieces = [[1, "purple", 1]] * 3 + [[2, "green", 2]] * 3 + [[1, "x", 0], [2, "y", 0]]
    on_wreck(state, crew, 0, ["yellow", "yellow"])
    act(state, 0, Stay())
    act(state, 0, Repair("yellow"))
    assert load(crew, 0) == 3 and complete(state, crew, 0)


def test_help_once_per_mate_only_incomplete_mates_and_optional() -> None:
    # "può aiutare ogni compagno di ciurma una volta" [D-4] [D-14]
    state = phase1()
    crew = state.crews[0]
    crew.pieces = [[0, "yellow", 0]] * 3 + [[1, "purple", 1]] * 3 + [[0, "yellow", 2]]
    on_wreck(state, crew, 0, ["neutral"])
    act(state, 0, Stay())
    legal = GAME.legal_actions(state, 0)
    assert Help("neutral", 1) not in legal  # seat 1 is complete [D-4]
    assert Help("neutral", 2) not in legal  # already helped once
    assert Help("neutral", 3) in legal and Help("neutral", AUTOMATON) in legal
    assert Pass() in legal  # [D-14]
    with pytest.raises(IllegalAction, match="at most once"):
        act(state, 0, Help("neutral", 2))
    act(state, 0, Pass())
    assert crew.transported == ["neutral"]


def test_help_complete_mates_option() -> None:
    state = phase1(help_complete_mates=True)
    crew = state.crews[0]
    crew.pieces = [[0, "yellow", 0]] * 3 + [[1, "purple", 1]] * 3
    on_wreck(state, crew, 0, ["neutral"])
    act(state, 0, Stay())
    assert Help("neutral", 1) in GAME.legal_actions(state, 0)


def test_incomplete_player_must_repair_for_themselves() -> None:
    # "dopo aver completato il suo carico di 3 aggiustamenti ... può aiutare"
    state = phase1()
    crew = state.crews[0]
    on_wreck(state, crew, 0, ["neutral"])
    act(state, 0, Stay())
    with pytest.raises(IllegalAction, match="only once your own load"):
        act(state, 0, Help("neutral", 1))
    assert Pass() not in GAME.legal_actions(state, 0)


# --- the automaton ----------------------------------------------------------------------------
def test_automaton_produces_light_blue_then_neutral_after_the_last_player() -> None:
    # "il quinto meeple ... rimane sull'isola a produrre un legno per turno ... Produce legna
    # azzurra." [D-15]
    state = phase1()
    crew = state.crews[0]
    for seat in range(4):
        act(state, seat, Stay())
    assert crew.common_pile.count("light-blue") == 1 and crew.active == 0
    crew.light_blue = 0
    for seat in range(4):
        act(state, seat, Stay())
    assert crew.common_pile[-1] == "neutral"


def test_four_player_crew_needs_fifteen_repairs_with_three_helps_to_the_automaton() -> None:
    # "La nave relitto è considerata ripristinata quando è stata aggiustata 15 volte." [D-16]
    state = phase1()
    crew = state.crews[0]
    crew.pieces = [[s, "w", s] for s in range(4) for _ in range(3)]
    assert not restored(state, crew)
    crew.pieces += [[0, "w", AUTOMATON], [1, "w", AUTOMATON], [2, "w", AUTOMATON]]
    assert restored(state, crew) and len(crew.pieces) == 15


def test_automaton_load_option_zero_gives_twelve_repairs() -> None:
    state = phase1(automaton_load=0)
    crew = state.crews[0]
    crew.pieces = [[s, "w", s] for s in range(4) for _ in range(3)]
    assert restored(state, crew)
    # [D-16] everybody is shown the repairs this option needs, not the usual 15
    assert "12/12 repairs" in GAME.render(GAME.view(state, 0))
    assert "0/15 repairs" in GAME.render(GAME.view(phase1(), 0))


# --- the end of phase 1 ---
def finish(state: Any, index: int) -> None:
    """Let crew `index` apply its last repair."""
    crew = state.crews[index]
    members = crew.members
    crew.pieces = [[s, "w", s] for s in members for _ in range(3)]
    if crew.automaton:
        crew.pieces += [[members[k], "w", AUTOMATON] for k in range(3)]
    crew.pieces.pop(0)
    on_wreck(state, crew, members[0], ["neutral"])
    act(state, members[0], Stay())
    act(state, members[0], Repair("neutral"))


def test_finishing_order_ranks_crews_and_all_done_closes_phase1() -> None:
    # "la partita continua finchè tutti i gruppi hanno terminato, determinando una classifica"
    state = phase1()
    finish(state, 1)
    assert state.finish_order == [1] and state.stage == "phase1"
    # the finished crew waits: none of its members has anything to do
    assert state.crews[1].finished_turns is not None
    assert all(GAME.legal_actions(state, s) == [] for s in state.crews[1].members)
    finish(state, 0)
    assert state.stage == "offices" and state.ranking == [1, 0]
    assert state.closed_by == "restored"


def test_facilitator_closes_phase1_unfinished_rank_by_repairs_then_turns() -> None:
    # [D-5]
    state = phase1(players=12)
    finish(state, 2)
    state.crews[0].pieces = [[0, "w", 0]]
    state.crews[1].pieces = [[4, "w", 4], [5, "w", 5]]
    act(state, state.facilitator, ClosePhase1())
    assert state.ranking == [2, 1, 0] and state.closed_by == "facilitator"


def test_session_clock_closes_phase1() -> None:
    state = phase1(phase1_max_rounds=1)
    for seat in range(8):
        act(state, seat, Stay())
    assert state.stage == "offices" and state.closed_by == "clock"


def test_captain_at_seven_with_the_earlier_reached_tie_rule() -> None:
    # "massimo 7, se più di un giocatore ha aggiustato 7 volte, il primo che lo fa"
    state = phase1()
    crew = state.crews[0]
    crew.pieces = [[1, "w", 1]] * 7 + [[2, "w", 2]] * 7 + [[0, "w", 0]]
    crew.reached_at = [5, 40, 30, 0]
    assert choose_captain(crew) == 2


def test_captain_with_no_repairs_is_the_earliest_in_turn_order() -> None:
    # [D-17]
    state = GAME.setup(8, 0)
    act(state, 8, FirstPlayer(0, 2))
    act(state, 8, StartPhase(1))
    act(state, 8, ClosePhase1())
    assert state.crews[0].captain == 2 and state.crews[1].captain == 4


def test_the_crews_are_the_teams_and_the_facilitator_is_in_none() -> None:
    teams = GAME.teams(GAME.setup(9, 0))
    assert sorted(len(t) for t in teams) == [4, 5]
    assert sorted(s for t in teams for s in t) == list(range(9))
