"""The sampled bots the restricted response meets beside the habits (`kinds.py`): every
position of a solved card count is sampled as often as written, the normal level's most drawn
bid is the rank habit's (it is that habit, now and then a card off), and what the floor leaves
out of a distribution is a small part of it."""

from __future__ import annotations

import pytest

from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel.bots.plain import rank
from ludoteca.games.goofspiel.equilibrium import SOLVED_CARDS, key, kinds
from ludoteca.games.goofspiel.equilibrium.solve import positions
from ludoteca.games.goofspiel.state import GoofspielState


def read(cards: int) -> dict[str, object]:
    table = kinds.read_table(cards)
    assert table is not None and table["cards"] == cards
    return table


@pytest.mark.parametrize("cards", SOLVED_CARDS)
def test_every_position_with_a_choice_is_sampled_as_often_as_written(cards: int) -> None:
    table = read(cards)
    wanted = {key(*p) for size, found in positions(cards).items() if size > 1 for p in found}
    for name, (spec, samples) in kinds.KINDS.items():
        stored = table["kinds"][name]  # type: ignore[index]
        assert stored["spec"] == spec and stored["samples"] == samples
        assert set(stored["counts"]) == wanted
        for where, counts in stored["counts"].items():
            assert sum(counts) == samples and len(counts) == len(where.split("|")[0].split(","))


@pytest.mark.parametrize("cards", SOLVED_CARDS)
def test_the_normal_levels_most_drawn_bid_is_the_rank_habits(cards: int) -> None:
    for position in (p for size, found in positions(cards).items() if size > 1 for p in found):
        hand, other, prizes, prize, lead = position
        drawn = kinds.bids(cards, "heuristic", position)
        state = GoofspielState([list(other), list(hand)],
                               [prize, *(p for p in prizes if p != prize)], [None, None],
                               [0, 0], Rng(0))
        assert max(drawn, key=drawn.__getitem__) == rank(None, state, 1, Rng(0), {}).card  # type: ignore[attr-defined]


@pytest.mark.parametrize("cards", SOLVED_CARDS)
@pytest.mark.parametrize("name", list(kinds.KINDS))
def test_the_floor_leaves_out_little_of_a_bots_bids(cards: int, name: str) -> None:
    stored = read(cards)["kinds"][name]  # type: ignore[index]
    left_out = [sum(n for n in counts if n / sum(counts) < kinds.FLOOR) / sum(counts)
                for counts in stored["counts"].values()]
    assert sum(left_out) / len(left_out) < 0.05
