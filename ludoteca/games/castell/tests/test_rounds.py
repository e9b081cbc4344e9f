"""The end of a round: the first player passes, refills, and the end after round 10."""

from __future__ import annotations

from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import EndTurn
from ludoteca.games.castell.data import Region
from ludoteca.games.castell.rules.rounds import refill
from ludoteca.games.castell.tests.helpers import act, end_all_turns, fresh


def test_turn_order_clockwise_and_d11_first_player_passes() -> None:
    # "Il giocatore con il primo segnalino inizia la partita e il gioco prosegue in senso
    # orario"
    state = fresh(3)
    first = state.first
    seen = []
    while state.round == 1:
        seen.append(state.current)
        act(state, state.current, EndTurn())
    assert seen == [(first + i) % 3 for i in range(3)]
    assert state.first == (first + 1) % 3 and state.current == state.first


def test_d10_refill_at_rounds_3_5_7_9_in_sector_order() -> None:
    state = fresh(2)
    state.regions[Region.LLEIDA] = []
    state.regions[Region.GIRONA] = []
    end_all_turns(state)  # round 1 -> 2: no refill
    assert state.regions[Region.LLEIDA] == []
    end_all_turns(state)  # round 2 -> 3: refill
    assert len(state.regions[Region.LLEIDA]) == 3 and len(state.regions[Region.GIRONA]) == 3
    # An empty bag stops the refill; one at a time round the regions in sector order.
    state.regions[Region.LLEIDA] = []
    state.regions[Region.GIRONA] = []
    state.bag = [4, 5, 6]
    refill(state)
    assert state.regions[Region.LLEIDA] == [6, 4] and state.regions[Region.GIRONA] == [5]


def test_festivals_only_at_the_end_of_rounds_3_to_10_and_game_lasts_10_rounds() -> None:
    # "Alla fine dei turni dal terzo al decimo, si svolgono i festival." "Alla fine del decimo
    # turno, il gioco termina"
    state = fresh(2)
    for _ in range(10):
        end_all_turns(state)
    assert state.phase == "over" and GAME.is_over(state)
    assert len(state.history) == 8 and all(f.done for f in state.calendar)
    assert [h.round for h in state.history] == list(range(3, 11))

