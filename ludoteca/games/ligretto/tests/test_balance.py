"""The balance checks of the rules file, on a seeded batch of bot matches run by the room's
real-time scheduler on its simulated clock: stuck rounds below 5%, seat win rates within a
chi-square bound, and the tiles the losers still hold within a stated band. The numbers are
the ones the game's report sections show (`ludoteca simulate ligretto`)."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.bots import HeuristicBot, play_out
from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.result import losers_tiles_left, round_wins_by_seat

# chi-square critical values at p = 0.001 for 1, 2, 3 degrees of freedom
CHI2_CRITICAL = {1: 10.83, 2: 13.82, 3: 16.27}
LOSER_TILES_BAND = (1.5, 8.0)  # mean tiles a round's losers still hold


def bot_match(
    players: int, seed: int, options: Any, levels: list[str | None] | None = None
) -> tuple[Any, dict[str, Any], float]:
    """One match of heuristic bots on the simulated clock: the final state, the result's
    details and the simulated seconds."""
    state = GAME.setup(players, seed, options)
    levels = levels or [None] * players
    bots = {seat: HeuristicBot(level) for seat, level in enumerate(levels)}
    playout = play_out(GAME, state, bots, seed)
    return state, dict(GAME.result(state).details), playout.seconds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_balance_of_bot_rounds(players: int) -> None:
    matches = [bot_match(players, 1000 * players + m, {"rounds": 6})[1] for m in range(25)]
    rounds = sum(d["rounds_played"] for d in matches)
    assert rounds == 150
    assert sum(d["stuck_rounds"] for d in matches) / rounds < 0.05
    wins = [sum(round_wins_by_seat(d)[f"seat {s}"] for d in matches) for s in range(players)]
    expected = sum(wins) / players
    chi2 = sum((w - expected) ** 2 / expected for w in wins)
    assert chi2 < CHI2_CRITICAL[players - 1], wins
    left = [n for d in matches for n in losers_tiles_left(d)]
    low, high = LOSER_TILES_BAND
    assert low <= sum(left) / len(left) <= high


def test_simulated_match_details_for_balance_reports() -> None:
    state, details, seconds = bot_match(
        4, 7, {"rounds": 2}, ["beginner", "casual", "expert", "expert"]
    )
    assert GAME.is_over(state) and seconds > 0
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


def test_every_report_section_reads_a_real_match() -> None:
    _, details, _ = bot_match(3, 9, {"rounds": 2})
    for section in GAME.report_sections():
        assert section.value(details) is not None, section.title
