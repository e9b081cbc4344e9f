"""The end of the game: five scoring categories and the tie-breaks."""

from __future__ import annotations

from ludoteca.games.castell import GAME
from ludoteca.games.castell.data import REGION_SCORING, Prize, Region
from ludoteca.games.castell.result import categories, size_token_points
from ludoteca.games.castell.tests.helpers import end_all_turns, fresh


def test_d24_size_token_points() -> None:
    # "due punti per ogni gettone di taglia unica e un punto per ogni gettone della stessa taglia"
    state = fresh(2)
    p = state.players[0]
    p.board[Region.VALLS].size_tokens = [5, 7]
    p.board[Region.GIRONA].size_tokens = [5]
    assert size_token_points(p) == 1 + 1 + 2


def test_five_categories_and_region_table() -> None:
    # "una regione fa guadagnare zero punti, due ... un punto, tre ... tre punti, quattro ...
    # cinque, cinque ... sette, sei ... dieci e sette ... quattordici"
    assert REGION_SCORING == (0, 0, 1, 3, 5, 7, 10, 14)
    state = fresh(2)
    p = state.players[0]
    p.best_score = 9
    # "trofeo cinque ... nastro un punto"
    p.board[Region.VALLS].prizes = [Prize.TROPHY, Prize.RIBBON]
    p.board[Region.GIRONA].prizes = [Prize.MEDAL]
    p.board[Region.LLEIDA].tiles = [0]  # the 3-2-1 shape: 2 points
    p.board[Region.LLEIDA].collected = 2  # "un punto per ogni gettone azione speciale raccolto"
    p.board[Region.BARCELONA].size_tokens = [4]
    assert categories(p) == {
        "best_tower": 9, "regions": 5, "prizes": 9, "size_tokens": 2, "local": 4, "total": 29
    }


def test_d15_ties_best_tower_then_prizes_then_shared() -> None:
    state = fresh(3)
    for _ in range(10):
        end_all_turns(state)
    a, b, c = state.players
    a.best_score, b.best_score, c.best_score = 10, 8, 8
    b.board[Region.VALLS].prizes = [Prize.TROPHY]  # 8 + 5 = 13
    c.board[Region.VALLS].size_tokens = [3]
    c.board[Region.GIRONA].size_tokens = [4]
    c.board[Region.GIRONA].collected = 0
    # c: 8 + 1 (two regions) + 2 + 2 = 13, same best tower as b, fewer prize points.
    a.best_score = 13  # 13, the best tower breaks the tie
    result = GAME.result(state)
    assert result.scores == (13.0, 13.0, 13.0)
    assert result.ranks == (1, 2, 3)
    assert result.details["categories"][0]["total"] == 13
    assert set(result.details) >= {"categories", "skill_ranks", "festivals_entered", "actions"}


def test_d15_full_ties_are_shared() -> None:
    state = fresh(2)
    for _ in range(10):
        end_all_turns(state)
    for p in state.players:
        p.best_score = 7
        p.board[Region.VALLS].prizes = [Prize.MEDAL]
    assert GAME.result(state).ranks == (1, 1)

