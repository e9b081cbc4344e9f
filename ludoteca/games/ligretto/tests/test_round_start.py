"""The start of a round and of a match: pawns [D-5], jokers [D-13], boards and colours [D-1]
[D-2], resuming a match."""

from __future__ import annotations

import json

import pytest

from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.actions import (
    Place,
    TurnOver,
)
from ludoteca.games.ligretto.rules.rounds import end_round
from ludoteca.games.ligretto.state import Ending, Phase
from ludoteca.games.ligretto.tests.helpers import (
    fresh,
    give_for,
)


def test_first_round_on_the_marked_squares_then_spread_d5() -> None:
    s = fresh(players=4)
    assert s.pawns == list(s.layout.starts)
    end_round(s, Ending.HOST)
    while s.phase is not Phase.PLAY:
        seat = min(GAME.actors(s))
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert s.pawns != list(s.layout.starts) and len(set(s.pawns)) == 4


def test_jokers_come_back_every_round_d13() -> None:
    s = fresh(players=2)
    p = s.pawns[0]
    give_for(s, 0, p + 2, p + 3)
    GAME.apply(s, 0, Place(0, p + 2, p + 3, (p + 1,)))
    end_round(s, Ending.HOST)
    while s.phase is not Phase.PLAY:
        seat = min(GAME.actors(s))
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert [p.jokers for p in s.players] == [2, 2]
    assert s.history[0].jokers_used == [1, 0]


def test_options_colours_and_layouts_d1_d2() -> None:
    for players, size in ((2, 18 * 12), (3, 18 * 18), (4, 18 * 18)):
        for k in (4, 5, 6):
            s = GAME.setup(players, 0, {"colours": k})
            assert len(s.cover) == size and s.colours == k
            assert all(p.held() == 15 for p in s.players)
    with pytest.raises(ValueError):
        GAME.setup(3, 0, {"colours": 7})


def test_resume_from_saved_state_and_from_individual_boards() -> None:
    """'alla fine della partita potete annotare ... il numero di tessere che ogni giocatore ha
    sulla sua plancia individuale'."""
    s = fresh(players=3)
    GAME.apply(s, 0, TurnOver())
    text = json.dumps(GAME.to_json(s))
    again = GAME.from_json(json.loads(text))
    assert GAME.to_json(again) == GAME.to_json(s)
    resumed = GAME.setup(3, 5, {"individual_boards": [[0, 1], [], [7]]})
    assert [p.held() for p in resumed.players] == [13, 15, 14]
    with pytest.raises(ValueError):
        GAME.setup(3, 5, {"individual_boards": [list(range(15)), [], []]})


def test_each_rounds_play_is_named_for_the_table_to_gather_for() -> None:
    """"Al comando “Ligretto!” ha inizio il gioco": a server holds each round's play until the
    table is ready; the game names it while it is played, and nothing between rounds (here the
    host puts the pawns down)."""
    s = fresh(players=3, pawns="host")
    assert GAME.gathers(s) == "round 1" and GAME.round_number(s) == 1
    end_round(s, Ending.HOST)
    assert GAME.phase(s) is Phase.PAWNS and GAME.gathers(s) is None
    while GAME.phase(s) is not Phase.PLAY:
        seat = min(GAME.actors(s))
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert GAME.gathers(s) == "round 2" and GAME.round_number(s) == 2
