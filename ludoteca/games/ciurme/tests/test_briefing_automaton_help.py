"""[D-16] with automaton_load=0 the automaton owes nothing: nobody is offered to help it, even
when the option lets players help complete mates."""

from __future__ import annotations

from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import Help, Stay
from ludoteca.games.ciurme.data import Wood
from ludoteca.games.ciurme.tests.helpers import act, on_wreck, phase1


def test_an_automaton_owing_nothing_is_never_helped() -> None:
    state = phase1(automaton_load=0, help_complete_mates=True)
    crew = state.crews[0]
    crew.pieces = [(0, Wood.YELLOW, 0)] * 3
    on_wreck(crew, 0, [Wood.NEUTRAL])
    act(state, 0, Stay())
    helps = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Help)]
    assert helps == [Help(Wood.NEUTRAL, mate) for mate in (1, 2, 3)]
