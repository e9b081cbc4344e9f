"""Goofspiel solved for few cards: the tables hold a strategy and a value for every position a
match reaches, agree with the solver that wrote them and with the game's symmetry, are close to
an equilibrium by OpenSpiel's measure (written beside them), and the strong level reads the
other's habits only as far as the match has given it room."""

from __future__ import annotations

import pytest

from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel.equilibrium import (
    SOLVED_CARDS,
    key,
    policy,
    read_strategy,
    read_table,
    reading,
    value,
)
from ludoteca.games.goofspiel.state import GoofspielState


def bidding(hands: list[list[int]], prizes: list[int], scores: list[int]) -> GoofspielState:
    return GoofspielState(hands, prizes, [None, None], scores, Rng(0))


@pytest.mark.parametrize("cards", SOLVED_CARDS)
def test_every_table_is_solved_with_its_exploitability_beside_it(cards: int) -> None:
    table = read_table(cards)
    assert table is not None and table["cards"] == cards
    assert 0 <= table["exploitability"] < 0.05
    assert set(table["strategy"]) == set(table["value"])
    for stored in list(table["strategy"].values())[:500]:
        assert sum(read_strategy(stored).values()) == pytest.approx(1, abs=1e-3)


@pytest.mark.parametrize("cards", SOLVED_CARDS)
def test_a_match_starts_even_and_a_position_is_worth_one_less_the_others(cards: int) -> None:
    deck = tuple(range(1, cards + 1))
    for prize in deck:
        assert value((deck, deck, deck, prize, 0)) == pytest.approx(0.5, abs=0.01)
    mine, theirs, prizes = (1, 3, 4), (2, 3, 4), (1, 2, 4)
    here = value((mine, theirs, prizes, 2, 1))
    there = value((theirs, mine, prizes, 2, -1))
    if here is not None and there is not None:
        assert here + there == pytest.approx(1, abs=0.01)


def test_the_solver_writes_the_tables_it_finds() -> None:
    pytest.importorskip("numpy")
    from ludoteca.games.goofspiel.equilibrium.solve import solve

    strategy, values = solve(3, 300)
    stored = read_table(3)
    assert stored is not None and set(strategy) == set(stored["strategy"])
    for position, worth in values.items():
        assert worth == pytest.approx(stored["value"][position], abs=0.01)


def test_the_table_is_read_from_the_seat_that_bids() -> None:
    state = bidding([[1, 2, 4], [1, 3, 4]], [4, 2, 3], [1, 0])
    assert policy(state, 0) == read_strategy(
        read_table(4)["strategy"][key([1, 2, 4], [1, 3, 4], [2, 3, 4], 4, 1)])  # type: ignore
    assert policy(bidding([[1, 2], [3, 4]], [1, 2], [9, 0]), 0) == {1: 1.0}  # decided
    assert policy(bidding([[1, 7], [3, 9]], [1, 2], [0, 0]), 0) is None  # no table has it


def test_the_strong_level_remembers_the_others_bids() -> None:
    notes: dict[str, object] = {}
    first = bidding([[1, 2, 3, 4], [1, 2, 3, 4]], [3, 1, 2, 4], [0, 0])
    assert reading.remember(notes, first, 0) == []
    second = bidding([[1, 2, 4], [1, 2, 4]], [1, 2, 4], [0, 0])  # both bid 3
    seen = reading.remember(notes, second, 0)
    assert [bid for _, bid in seen] == [3]
