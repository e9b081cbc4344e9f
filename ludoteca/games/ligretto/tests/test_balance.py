"""The balance checks of the rules file, on a seeded batch of bot matches (simulated clock):
stuck rounds below 5%, seat win rates within a chi-square bound, and the tiles the losers still
hold within a stated band."""

import pytest

from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.simulate import batch, play_match

# chi-square critical values at p = 0.001 for 1, 2, 3 degrees of freedom
CHI2_CRITICAL = {1: 10.83, 2: 13.82, 3: 16.27}
LOSER_TILES_BAND = (1.5, 8.0)  # mean tiles a round's losers still hold


@pytest.mark.parametrize("players", [2, 3, 4])
def test_balance_of_bot_rounds(players: int) -> None:
    report = batch(players, matches=25, seed=1000 * players, options={"rounds": 6})
    assert report["rounds"] == 150
    assert report["stuck_share"] < 0.05
    wins = report["seat_wins"]
    expected = sum(wins) / players
    chi2 = sum((w - expected) ** 2 / expected for w in wins)
    assert chi2 < CHI2_CRITICAL[players - 1], wins
    low, high = LOSER_TILES_BAND
    assert low <= report["loser_tiles_mean"] <= high


def test_simulated_match_details_for_balance_reports() -> None:
    run = play_match(4, seed=7, options={"rounds": 2}, levels=["beginner", "casual", "expert",
                                                               "expert"])
    details = run.details
    assert GAME.is_over(run.state) and run.seconds > 0
    assert details["colours"] == 5 and details["rounds_played"] == 2
    for key in ("tiles_left", "jokers_used"):
        assert len(details[key]) == 2 and all(len(r) == 4 for r in details[key])
    assert len(details["round_winners"]) == 2
    for winners in details["round_winners"]:
        assert winners and len(set(winners)) == len(winners) and set(winners) <= {0, 1, 2, 3}
    assert all(0 <= used <= 2 for r in details["jokers_used"] for used in r)
    assert details["fits_per_turned_tile"] > 0
    assert sum(details["endings"].values()) == 2
    assert details["stuck_rounds"] == details["endings"]["stuck"]
