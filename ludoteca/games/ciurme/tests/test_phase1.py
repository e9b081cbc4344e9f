"""A phase-1 turn: places and moves, the island, the lifeboat and the crossing, the wreck, loads,
help and the automaton. Each test cites the sentence of the original or the [D-n] it proves."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    Agree,
    Help,
    Move,
    Pass,
    Repair,
    Stay,
    Steer,
)
from ludoteca.games.ciurme.data import AUTOMATON, ISLAND, LIFEBOAT, NEUTRAL, PLACES, WRECK, Wood
from ludoteca.games.ciurme.rules.loads import complete, help_given, helped, load, restored
from ludoteca.games.ciurme.rules.roles import FACILITATOR_DOES_NOT_PLAY
from ludoteca.games.ciurme.tests.helpers import (
    act,
    offices,
    on_wreck,
    phase1,
    put,
)


def test_help_given_counts_the_pieces_pointed_at_others() -> None:
    """The quartermaster's intended criterion, which the voting bots weigh: a repair for
    oneself is no help; each piece pointed at a mate (or the automaton) is."""
    crew = phase1().crews[0]
    crew.pieces = [(1, NEUTRAL, 1)] * 3 + [(1, NEUTRAL, 2), (1, NEUTRAL, AUTOMATON)]
    crew.pieces += [(2, NEUTRAL, 2)]
    assert [help_given(crew, s) for s in (1, 2, 3)] == [2, 0, 0]
    assert (helped(crew, 1, 2), helped(crew, 1, 3), helped(crew, 2, 1)) == (True, False, False)


def test_island_and_wreck_are_not_adjacent() -> None:
    # "L'isola e la nave relitto non sono limitrofe"
    state = phase1()
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, Move(WRECK))
    assert str(refused.value) == (
        "you cannot move from the island to 'wreck': it is not adjacent (the lifeboat is docked "
        "at the island); adjacent now: lifeboat"
    )
    assert GAME.legal_actions(state, 0)[:2] == [Stay(), Move(LIFEBOAT)]
    put(state.crews[0], s0=WRECK)  # the lifeboat docked at the island: nowhere to go
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, Move(ISLAND))
    assert str(refused.value) == (
        "you cannot move from the wreck to 'island': it is not adjacent (the lifeboat is docked "
        "at the island); adjacent now: none: stay"
    )


@pytest.mark.parametrize("seat", [3, 1])  # 3 waits ashore; 1 votes aboard, so may act
def test_the_crew_waits_while_those_aboard_vote_on_steering(seat: int) -> None:
    # "tutti i giocatori presenti devono essere d'accordo": no turn step until they answer
    state = phase1()
    put(state.crews[0], s1=LIFEBOAT, s2=LIFEBOAT)
    act(state, 0, Move(LIFEBOAT))
    act(state, 0, Steer())
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, Stay())
    assert str(refused.value) == (
        "those aboard are voting on steering the lifeboat: wait for their answers"
    )


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
    assert crew.common_pile == [Wood.YELLOW]
    crew.own_wood[1] = 0
    act(state, 1, Stay())
    assert crew.common_pile[-1] == Wood.NEUTRAL
    crew.own_wood[2], crew.neutral = 0, 0
    events = act(state, 2, Stay())
    assert len(crew.common_pile) == 2 and events[-1].kind == "nothing_produced"


def test_third_boarder_triggers_the_crossing_and_the_pile_arrives() -> None:
    # "il terzo giocatore che sale sulla scialuppa automaticamente carica anche tutto il cumulo
    # comune" [D-3]
    state = phase1()
    crew = state.crews[0]
    crew.common_pile = [Wood.YELLOW, Wood.PURPLE, Wood.NEUTRAL]
    put(crew, s0=LIFEBOAT, s1=LIFEBOAT)
    crew.active = 2
    act(state, 2, Move(LIFEBOAT))
    assert crew.dock == WRECK and crew.common_pile == []
    assert sorted(crew.transported) == [Wood.NEUTRAL, Wood.PURPLE, Wood.YELLOW]
    assert GAME.legal_actions(state, 2)[:2] == [Steer(), Pass()]  # may propose to steer back


def test_crossing_happens_with_an_empty_pile_and_not_on_steering_back() -> None:
    state = phase1()
    crew = state.crews[0]
    put(crew, s0=LIFEBOAT, s1=LIFEBOAT)
    crew.active = 2
    act(state, 2, Move(LIFEBOAT))
    assert crew.dock == WRECK and crew.transported == []
    # steering back with three aboard does not cross again
    act(state, 2, Steer())
    for voter in (0, 1):
        act(state, voter, Agree(True))
    assert crew.dock == ISLAND
    crew.common_pile = [Wood.YELLOW]
    crew.active = 0
    act(state, 0, Stay())  # staying aboard is not boarding
    act(state, 0, Pass())
    assert crew.dock == ISLAND and crew.common_pile == [Wood.YELLOW]


def test_steering_alone_moves_the_boat_without_wood() -> None:
    # "un giocatore che termina il suo turno su una scialuppa vuota può manovrarla" [D-13]
    state = phase1()
    crew = state.crews[0]
    crew.common_pile = [Wood.YELLOW]
    act(state, 0, Move(LIFEBOAT))
    act(state, 0, Steer())
    assert crew.dock == WRECK and crew.transported == [] and crew.common_pile == [Wood.YELLOW]


def test_steering_with_others_aboard_needs_everybody_one_no_keeps_it() -> None:
    # "Se non è da solo, tutti i giocatori presenti devono essere d'accordo."
    state = phase1()
    crew = state.crews[0]
    put(crew, s1=LIFEBOAT, s2=LIFEBOAT)
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


def test_wreck_repair_takes_any_colour_and_keeps_it() -> None:
    # "prende un legno di qualsiasi colore presente nel cumulo trasportato ... conservato
    # davanti al giocatore"
    state = phase1()
    crew = state.crews[0]
    on_wreck(crew, 0, [Wood.PURPLE, Wood.NEUTRAL])
    act(state, 0, Stay())
    assert GAME.legal_actions(state, 0)[:2] == [Repair(Wood.NEUTRAL), Repair(Wood.PURPLE)]
    with pytest.raises(IllegalAction, match="no 'red' wood"):
        act(state, 0, Repair(Wood.RED))
    act(state, 0, Repair(Wood.PURPLE))
    assert crew.pieces == [(0, Wood.PURPLE, 0)] and crew.transported == [Wood.NEUTRAL]


def test_empty_transported_pile_means_nothing_to_do() -> None:
    state = phase1()
    crew = state.crews[0]
    on_wreck(crew, 0, [])
    act(state, 0, Stay())
    assert crew.active == 1 and crew.pieces == []


def test_two_pointing_pieces_complete_with_one_repair() -> None:
    # "se in due lo puntano, è sufficiente che quel giocatore aggiusti una volta la nave"
    state = phase1()
    crew = state.crews[0]
    crew.pieces = [(1, Wood.PURPLE, 1)] * 3 + [(2, Wood.GREEN, 2)] * 3
    crew.pieces += [(1, NEUTRAL, 0), (2, NEUTRAL, 0)]
    on_wreck(crew, 0, [Wood.YELLOW, Wood.YELLOW])
    act(state, 0, Stay())
    act(state, 0, Repair(Wood.YELLOW))
    assert load(crew, 0) == 3 and complete(state, crew, 0)


def test_help_once_per_mate_only_incomplete_mates_and_optional() -> None:
    # "può aiutare ogni compagno di ciurma una volta" [D-4] [D-14]
    state = phase1()
    crew = state.crews[0]
    crew.pieces = [(0, Wood.YELLOW, 0)] * 3 + [(1, Wood.PURPLE, 1)] * 3 + [(0, Wood.YELLOW, 2)]
    on_wreck(crew, 0, [Wood.NEUTRAL, Wood.GREEN])
    act(state, 0, Stay())
    legal = GAME.legal_actions(state, 0)
    assert Help(Wood.NEUTRAL, 1) not in legal  # seat 1 is complete [D-4]
    assert Help(Wood.NEUTRAL, 2) not in legal  # already helped once
    assert Help(Wood.NEUTRAL, 3) in legal and Help(Wood.NEUTRAL, AUTOMATON) in legal
    assert Pass() in legal  # [D-14]
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, Help(Wood.NEUTRAL, 2))
    assert str(refused.value) == (
        "you cannot help 2: you help each mate at most once, and only a mate whose load is "
        "incomplete [D-4]; you may help: [3, -1]"
    )
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, Repair(Wood.NEUTRAL))
    assert str(refused.value) == "your load is complete: help a mate who still needs it, or pass"
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, Steer())
    assert str(refused.value) == (
        "that is not possible now (repair step of your turn); allowed: help, pass"
    )
    act(state, 0, Pass())
    assert crew.transported == [Wood.NEUTRAL, Wood.GREEN]


def test_help_complete_mates_option() -> None:
    state = phase1(help_complete_mates=True)
    crew = state.crews[0]
    crew.pieces = [(0, Wood.YELLOW, 0)] * 3 + [(1, Wood.PURPLE, 1)] * 3
    on_wreck(crew, 0, [Wood.NEUTRAL])
    act(state, 0, Stay())
    assert Help(Wood.NEUTRAL, 1) in GAME.legal_actions(state, 0)


def test_incomplete_player_must_repair_for_themselves() -> None:
    # "dopo aver completato il suo carico di 3 aggiustamenti ... può aiutare"
    state = phase1()
    crew = state.crews[0]
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, Repair(Wood.NEUTRAL))
    assert str(refused.value) == (
        "that is not possible now (move step of your turn); allowed: move, stay"
    )
    on_wreck(crew, 0, [Wood.NEUTRAL, Wood.GREEN])
    act(state, 0, Stay())
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, Help(Wood.NEUTRAL, 1))
    assert str(refused.value) == (
        "you help only once your own load of 3 is complete: repair for yourself"
    )
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, Repair(Wood.RED))
    assert str(refused.value) == (
        "there is no 'red' wood on the wreck; colours there: green, neutral"
    )
    assert Pass() not in GAME.legal_actions(state, 0)


def test_automaton_produces_light_blue_then_neutral_after_the_last_player() -> None:
    # "il quinto meeple ... rimane sull'isola a produrre un legno per turno ... Produce legna
    # azzurra." [D-15]
    state = phase1()
    crew = state.crews[0]
    for seat in range(4):
        act(state, seat, Stay())
    assert crew.common_pile.count(Wood.LIGHT_BLUE) == 1 and crew.active == 0
    crew.light_blue = 0
    for seat in range(4):
        act(state, seat, Stay())
    assert crew.common_pile[-1] == Wood.NEUTRAL


def test_four_player_crew_needs_fifteen_repairs_with_three_helps_to_the_automaton() -> None:
    # "La nave relitto è considerata ripristinata quando è stata aggiustata 15 volte." [D-16]
    state = phase1()
    crew = state.crews[0]
    crew.pieces = [(s, NEUTRAL, s) for s in range(4) for _ in range(3)]
    assert not restored(state, crew)
    crew.pieces += [(0, NEUTRAL, AUTOMATON), (1, NEUTRAL, AUTOMATON), (2, NEUTRAL, AUTOMATON)]
    assert restored(state, crew) and len(crew.pieces) == 15


def test_automaton_load_option_zero_gives_twelve_repairs() -> None:
    state = phase1(automaton_load=0)
    crew = state.crews[0]
    crew.pieces = [(s, NEUTRAL, s) for s in range(4) for _ in range(3)]
    assert restored(state, crew)
    # [D-16] everybody is shown the repairs this option needs, not the usual 15
    assert "12/12 repairs" in GAME.render(GAME.view(state, 0))
    assert "0/15 repairs" in GAME.render(GAME.view(phase1(), 0))


def test_turns_out_of_turn_or_out_of_phase_1_are_refused_in_words() -> None:
    state = phase1()
    with pytest.raises(IllegalAction) as refused:
        act(state, 8, Stay())
    assert str(refused.value) == FACILITATOR_DOES_NOT_PLAY
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, Stay())  # seat 0 opens crew 0's turns
    assert str(refused.value) == "it is seat 0's turn in your crew, not yours"
    with pytest.raises(IllegalAction) as refused:
        act(offices(), 1, Stay())
    assert str(refused.value) == "moves and repairs belong to phase 1; now: offices"


def test_arriving_on_the_wreck_with_nothing_left_to_do_ends_the_turn() -> None:
    # [D-4] a complete player helps each mate at most once: with every mate helped already,
    # wood on the wreck leaves nothing to do
    state = phase1()
    crew = state.crews[0]
    crew.pieces = [(0, NEUTRAL, 0)] * 3 + [(0, NEUTRAL, m) for m in (1, 2, 3, AUTOMATON)]
    on_wreck(crew, 0, [Wood.GREEN])
    act(state, 0, Stay())
    assert crew.members[crew.active] == 1 and crew.transported == [Wood.GREEN]


def test_a_move_counts_one_turn_at_the_place_it_ends_on() -> None:
    """The turns each member spent at each place (the debrief's table): one a turn, at the
    place the move ends on; a clone taken before keeps its own count (the counts are replaced,
    never changed in place: clones share them)."""
    state = phase1()
    before = GAME.clone(state)
    act(state, 0, Move(LIFEBOAT))
    crew = state.crews[0]
    member = crew.members.index(0)
    assert crew.place_turns[member] == [int(place == LIFEBOAT) for place in PLACES]
    assert before.crews[0].place_turns[member] == [0] * len(PLACES)
