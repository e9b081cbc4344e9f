"""Set-up: the bag, the regions, the map, the wheel, the calendar, the tiles, the first
player."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

import pytest

from ludoteca.engine.rng import Rng
from ludoteca.games.castell.data import (
    ADJACENCY,
    BOARD_SKILL_TILES,
    CALENDAR,
    PRIZE_PILES,
    REGIONS,
    Region,
)
from ludoteca.games.castell.rules.setup import deal_calendar
from ludoteca.games.castell.tests.helpers import all_castellers, fresh
from ludoteca.games.castell.wheel import tile_facing


def test_d1_150_castellers_15_of_each_size() -> None:
    assert all_castellers(fresh(4)) == Counter({s: 15 for s in range(1, 11)})


@pytest.mark.parametrize("players,per_region", [(4, 5), (3, 4), (2, 3)])
def test_regions_at_setup(players: int, per_region: int) -> None:
    # "Per quattro giocatori, mettete cinque Castelleri per regione, per tre giocatori servono
    # quattro Castelleri e per due giocatori tre Castelleri."
    state = fresh(players)
    assert all(len(state.regions[r]) == per_region for r in REGIONS)


def test_players_start_with_seven_castellers_and_seven_tokens() -> None:
    # "sette gettoni azione speciale" ... "Ogni giocatore pesca quindi sette Castelleri"
    state = fresh(3)
    assert all(len(p.team) == 7 and p.tokens == 7 for p in state.players)
    assert all(p.pawn is None for p in state.players)  # [D-9] pawns start off the board


def test_d2_adjacency_is_undirected_and_the_dashed_line_counts() -> None:
    for region, near in ADJACENCY.items():
        assert all(region in ADJACENCY[other] for other in near)
    assert "Girona" in ADJACENCY[Region.LLEIDA]


def test_d3_d4_d17_wheel_tiles_and_turning() -> None:
    state = fresh()
    assert Counter(state.wheel) == Counter(BOARD_SKILL_TILES)
    assert Counter(BOARD_SKILL_TILES)["special"] == 3
    assert [tile_facing(state, s) for s in range(8)] == state.wheel  # round 1: slot s
    state.round = 3
    assert [tile_facing(state, s) for s in range(8)] == state.wheel[2:] + state.wheel[:2]


def test_d5_d6_d7_calendar() -> None:
    for players, count in [(2, 8), (3, 11), (4, 13)]:
        state = fresh(players)
        assert len(state.calendar) == count
        for f in state.calendar:
            assert (f.type == "I") == (f.round <= 6)
            assert len(f.tokens) == len(set(f.tokens)) == (1 if f.type == "I" else 2)
        for rnd in range(3, 11):
            regions = [f.region for f in state.calendar if f.round == rnd]
            assert len(regions) == len(set(regions)) >= 1
        for kind in ("I", "II"):
            regions = [f.region for f in state.calendar if f.type == kind]
            assert len(regions) == len(set(regions))
    assert len(CALENDAR) == 13


def test_d8_prize_piles_and_local_tiles_dealt() -> None:
    # "distribuirne due rivolte verso l'alto su ogni fila ... Le diciotto tessere non
    # utilizzate possono essere rimesse nella scatola"
    state = fresh()
    assert state.piles == PRIZE_PILES == {"trophy": 14, "medal": 13, "ribbon": 13}
    dealt = [t for r in REGIONS for t in state.rows[r]]
    assert all(len(state.rows[r]) == 2 for r in REGIONS) and len(set(dealt)) == 14


def test_d9_first_player_random_with_the_seed() -> None:
    firsts = {fresh(4, seed).first for seed in range(20)}
    assert len(firsts) > 1
    assert fresh(4, 7).first == fresh(4, 7).first



class StackedTokens:
    """A generator that leaves every list as it is but the size tokens, which it stacks in
    the order given (top first)."""

    def __init__(self, top_first: list[int]) -> None:
        self.top_first = top_first

    def shuffle(self, items: list[Any]) -> None:
        if items and isinstance(items[0], int):
            items[:] = reversed(self.top_first)


# Six type I spaces, then seven type II spaces that each meet their first token's size again
# (twice for the first four): with the pile's last tokens below, A clashes 11 times and so runs
# through the whole pile; B clashes 10 times and ends on the pile's bottom token.
FIRST = [8, 8, 8, 9, 9, 9, 1, 1, 1, 10, 2, 2, 2, 10, 3, 3, 3, 10, 4, 4, 4, 5]
A = [*FIRST, 5, 5, 6, 6, 6, 7, 7, 7]
B = [*FIRST, 5, 5, 7, 6, 6, 7, 7, 6]


@pytest.mark.parametrize("top_first,last_three", [
    (A, [[5, 6], [6, 7], [7, 1]]),  # 7 clashes with the bottom 7: the first token under, a 1
    (B, [[5, 7], [6, 7], [7, 6]]),  # the bottom token, a 6, before any token that went under
])
def test_d7_a_clash_goes_under_the_pile_and_comes_back_last(
    top_first: list[int], last_three: list[list[int]]
) -> None:
    """[D-7] "a type II space holds 2 of different sizes (redeal a clash at set-up)": the
    clashing token goes under the pile, below every token still there, so the next token is
    the pile's top and the clashed ones come back only once the pile runs out, in the order
    they went under."""
    assert sorted(Counter(top_first).values()) == [3] * 10  # 30 tokens, 3 of each size
    calendar = deal_calendar(4, 3, cast(Rng, StackedTokens(top_first)))
    tokens = [festival.tokens for festival in calendar]
    assert tokens[:10] == [[8], [8], [8], [9], [9], [9], [1, 10], [2, 10], [3, 10], [4, 5]]
    assert tokens[10:] == last_three
