"""Scoring a round [D-14] and the match [D-12]."""

from __future__ import annotations

from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.rules.rounds import end_round
from ludoteca.games.ligretto.state import Ending, Phase
from ludoteca.games.ligretto.tests.helpers import (
    fresh,
    held,
)


def test_scoring_four_players_like_the_rulebook() -> None:
    """Rudi out: 2 points; Lena and Fabian 2 tiles each: 1 point; Alex 4 tiles: sets aside."""
    s = fresh(players=4)
    held(s, [0, 2, 2, 4])
    record = end_round(s, Ending.LIGRETTO)
    assert record.points == [2, 1, 1, 0]
    assert s.phase is Phase.SET_ASIDE and s.pending == [3]


def test_scoring_three_players_single_fewest() -> None:
    s = fresh(players=3)
    held(s, [3, 0, 5])
    assert end_round(s, Ending.LIGRETTO).points == [1, 2, 0]
    assert s.pending == [2]


def test_scoring_two_players_only_the_winner_scores() -> None:
    """'se si gioca in due, solo il giocatore che ha chiuso il round riceve i punti'."""
    s = fresh(players=2)
    held(s, [1, 0])
    assert end_round(s, Ending.LIGRETTO).points == [0, 2]
    assert s.pending == [0]


def test_two_players_both_winning_a_stuck_round_nobody_sets_aside() -> None:
    s = fresh(players=2)
    held(s, [4, 6])
    s.players[0].placed = s.players[1].placed = 5
    assert end_round(s, Ending.STUCK).points == [2, 2]
    assert s.phase is Phase.PLAY and s.round == 2  # straight on to the next round


def test_match_of_n_rounds_and_shared_victory_d12() -> None:
    s = GAME.setup(2, 3, {"rounds": 1})
    held(s, [2, 2])
    s.players[0].placed = s.players[1].placed = 3
    end_round(s, Ending.HOST)
    assert GAME.is_over(s)
    result = GAME.result(s)
    assert result.scores == (2.0, 2.0) and result.ranks == (1, 1)
