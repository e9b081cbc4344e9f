"""The rating per game: Elo counted pairwise by placement, as Board Game Arena counts it for
several players."""

from __future__ import annotations

import pytest

from ludoteca.server.accounts.ratings import (
    START,
    Placed,
    changes,
    expected,
    level_against,
    ratings,
)


def test_two_equal_players_win_and_lose_half_of_k() -> None:
    assert changes([START, START], [1, 2]) == [16.0, -16.0]
    assert changes([START, START], [1, 1]) == [0.0, 0.0]


def test_several_players_are_duels_by_placement_with_k_shared() -> None:
    # Four equal players placed 1..4: the winner won 3 duels of 3, the last lost 3.
    moved = changes([START] * 4, [1, 2, 3, 4])
    assert moved == pytest.approx([16.0, 16.0 / 3, -16.0 / 3, -16.0])
    assert sum(moved) == pytest.approx(0.0)  # nobody gains what another does not lose
    # A shared place is a draw between the two.
    assert changes([START] * 3, [1, 1, 3]) == pytest.approx([8.0, 8.0, -16.0])


def test_beating_a_stronger_player_moves_more() -> None:
    assert expected(1700, 1500) == pytest.approx(0.7597, abs=1e-4)
    upset, expected_win = changes([1500, 1700], [1, 2]), changes([1700, 1500], [1, 2])
    assert upset[0] > expected_win[0] > 0


def test_guests_count_at_the_start_and_keep_nothing() -> None:
    table = ratings([Placed("goofspiel", ["ann", None], [1, 2]),
                     Placed("goofspiel", ["ann", None], [1, 2]),
                     Placed("castell", [None, "ann", "bo"], [1, 2, 3])])
    assert set(table["goofspiel"]) == {"ann"}
    ann = table["goofspiel"]["ann"]
    assert ann.matches == 2 and ann.rating == pytest.approx(1500 + 16 + 32 * (1 - expected(
        1516, 1500)))
    assert table["castell"]["ann"].rating == pytest.approx(1500.0)  # beat bo, lost to a guest


def test_the_bot_ladder_is_read_against_a_rating() -> None:
    ladder = level_against(1500, {"strong": 1705, "easy": 1242, "normal": 1500})
    assert [name for name, _, _ in ladder] == ["easy", "normal", "strong"]
    assert [share for _, _, share in ladder][1] == pytest.approx(0.5)
