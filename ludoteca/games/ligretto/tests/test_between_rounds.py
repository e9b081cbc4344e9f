"""Between rounds: setting tiles aside [D-11], taking them back, the host's pawns [D-5]."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import GAME, data
from ludoteca.games.ligretto.actions import (
    PlacePawn,
    SetAside,
    TakeBack,
    TurnOver,
)
from ludoteca.games.ligretto.rules.between_rounds import (
    SET_ASIDE_MENUS,
    set_aside_choices,
    set_asides,
)
from ludoteca.games.ligretto.rules.rounds import end_round
from ludoteca.games.ligretto.state import Ending, Phase
from ludoteca.games.ligretto.tests.helpers import (
    W,
    finish_round_one,
    fresh,
    held,
)


def test_set_aside_is_nothing_or_two_tiles_of_ones_choice() -> None:
    """'possono posare 2 delle loro tessere sulla propria plancia individuale': they may, and
    it is 2 tiles, whichever they choose."""
    s = fresh(players=3)
    held(s, [0, 2, 5])
    end_round(s, Ending.LIGRETTO)
    assert s.pending == [2]
    choices = [a.tiles for a in GAME.legal_actions(s, 2) if isinstance(a, SetAside)]
    assert choices[0] == () and len(choices) == 1 + 15 * 14 // 2
    assert all(len(c) == 2 for c in choices[1:])
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 2, SetAside((4,)))
    # all 15 tiles in play: no word of keeping one in play
    assert str(refused.value) == (
        f"set aside nothing or 2 different tiles of yours still in play {list(range(15))}"
    )
    GAME.apply(s, 2, SetAside((4, 9)))
    assert s.players[2].aside == [4, 9] and s.round == 2
    assert sorted(s.players[2].stack) == [t for t in range(15) if t not in (4, 9)]


def test_set_aside_keeps_one_tile_in_play_d11_and_take_back() -> None:
    """'Se tutti i giocatori hanno delle tessere sulla plancia, ciascun giocatore riprende in
    mano 2 tessere'."""
    s = fresh(players=2, rounds=3)
    s.players[1].aside = list(range(1, 14))  # only tiles 0 and 14 in play
    held(s, [0, 2])
    end_round(s, Ending.LIGRETTO)
    assert s.pending == [1]
    # it keeps one tile in play
    assert all(len(getattr(a, "tiles", ())) <= 1 for a in GAME.legal_actions(s, 1))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 1, SetAside((0, 14)))
    assert str(refused.value) == (
        "set aside nothing or 1 different tiles of yours still in play [0, 14]"
        " (only 1: at least one tile stays in play)"
    )
    assert [getattr(a, "tiles", None) for a in GAME.legal_actions(s, 1)] == [(), (0,), (14,)]
    GAME.apply(s, 1, SetAside((14,)))
    assert s.players[1].aside == list(range(1, 15))
    # seat 0 has nothing aside, so nobody takes back
    assert s.phase is Phase.PLAY and s.round == 2
    s.players[0].aside = [3, 4, 5]
    s.players[0].placed = 1
    end_round(s, Ending.HOST)  # seat 1 keeps its last tile in play: nothing to set aside
    assert GAME.phase(s) is Phase.TAKE_BACK and s.pending == [0, 1]
    GAME.apply(s, 0, TakeBack((3, 5)))
    assert s.players[0].aside == [4]
    with pytest.raises(IllegalAction, match="take back 2"):
        GAME.apply(s, 1, TakeBack((1,)))
    GAME.apply(s, 1, TakeBack((1, 2)))
    assert s.phase is Phase.PLAY and s.round == 3


def test_the_set_aside_menu_kept_per_individual_board_is_the_boards_own() -> None:
    """The set-aside menu is made once per individual board, then kept: asked again, and for
    another seat with the same board, it is the same; another board has its own [D-11]."""
    SET_ASIDE_MENUS.clear()  # made here, whatever ran before
    s = fresh(players=3)
    boards: tuple[list[int], ...] = (
        [], [3], [0, 7], list(range(1, 14)), list(range(2, 15)), [0, 7]
    )
    for seat, board in zip((2, 1, 2, 0, 1, 0), boards, strict=True):
        s.players[seat].aside = list(board)
        expected = [SetAside(c) for c in set_aside_choices(s, seat)]
        menu = set_asides(s, seat)
        kept = SET_ASIDE_MENUS[tuple(board)]
        assert menu == expected == list(kept)
        menu.clear()  # a menu of one's own: what is kept does not change with it
        assert set_asides(s, seat) == expected and SET_ASIDE_MENUS[tuple(board)] is kept
    assert len(SET_ASIDE_MENUS) == 5
    assert len(set_asides(s, 0)) == 1 + 13 * 12 // 2


def test_the_last_round_ends_the_match_without_setting_aside_d11() -> None:
    """After the agreed rounds the match is over ("Vince la partita il giocatore che ottiene il
    punteggio più alto dopo il numero di round stabilito"): nobody is asked to set tiles aside
    or take them back, and the individual boards stay as they are [D-11]."""
    s = fresh(players=3, rounds=1)
    s.players[2].aside = [7]
    held(s, [0, 2, 5])
    end_round(s, Ending.LIGRETTO)
    assert GAME.is_over(s) and s.pending == [] and GAME.actors(s) == frozenset()
    assert [p.aside for p in s.players] == [[], [], [7]]


def test_the_host_may_place_the_pawns_of_later_rounds_d5() -> None:
    """[D-5] 'spread at random with the seed (or placed by the host)'; the seed: 'i giocatori
    mettono le 4 pedine Ligretto su 4 caselle qualsiasi del tabellone'."""
    s = fresh(players=3, pawns="host")
    assert s.pawns == list(s.layout.starts) and s.phase is Phase.PLAY  # round 1: the marked squares
    finish_round_one(s)
    assert GAME.phase(s) is Phase.PAWNS and s.round == 2 and s.pawns == []
    assert GAME.actors(s) == {data.HOST_SEAT}
    assert GAME.legal_actions(s, 1) == []
    with pytest.raises(IllegalAction, match="only the host"):
        GAME.apply(s, 1, PlacePawn(5))
    with pytest.raises(IllegalAction, match="not started"):
        GAME.apply(s, 1, TurnOver())
    GAME.apply(s, 0, PlacePawn(1))
    GAME.apply(s, 0, PlacePawn(W))
    with pytest.raises(IllegalAction, match="pawn cannot go on square 1"):
        GAME.apply(s, 0, PlacePawn(1))  # a pawn is there
    # square 0 between two pawns in the corner would be a dead end from the start [D-9]
    assert PlacePawn(0) not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction, match="two free neighbouring squares"):
        GAME.apply(s, 0, PlacePawn(0))
    with pytest.raises(IllegalAction, match="0 to 323"):
        GAME.apply(s, 0, PlacePawn(400))
    assert s.pawns == [1, W]
    GAME.apply(s, 0, PlacePawn(100))
    events = GAME.apply(s, 0, PlacePawn(200))
    assert s.phase is Phase.PLAY and s.pawns == [1, W, 100, 200]
    assert events[-1].kind == "round_started"
    assert GAME.actors(s) == {0, 1, 2}


def test_the_host_bot_spreads_the_pawns_over_the_quarters_d5() -> None:
    s = fresh(players=4, pawns="host")
    finish_round_one(s)
    rng = Rng(4)
    while s.phase is Phase.PAWNS:
        GAME.apply(s, 0, GAME.heuristic_action(s, 0, rng))
    quarters = {(r >= 9, c >= 9) for r, c in map(s.layout.row_col, s.pawns)}
    assert len(quarters) == 4 and s.phase is Phase.PLAY


def test_the_host_s_pawns_are_judged_on_the_two_player_board() -> None:
    """The 2-player board is 18x12 [D-1]: its bottom-left corner, with pawns on its two
    neighbours, is a dead end from the start [D-9], though a square below it lies on the
    3-4-player board."""
    s = fresh(players=2, pawns="host")
    finish_round_one(s)
    corner = 11 * W
    GAME.apply(s, 0, PlacePawn(corner - W))
    GAME.apply(s, 0, PlacePawn(corner + 1))
    assert PlacePawn(corner) not in GAME.legal_actions(s, 0)
    assert PlacePawn(corner + 3) in GAME.legal_actions(s, 0)
