"""bench/bots.py's method, on made-up results (the figures themselves are the bench's to print,
never a test's to assert), and the independent Castell planner it measures the strong level
against."""

from __future__ import annotations

import sys

import pytest
from scripts import ROOT, load_script

from ludoteca.bots.spec import BOTS, parse_bot
from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME as CASTELL

sys.path.insert(0, str(ROOT / "bench"))  # the bench's own modules import as top-level ones
bench = load_script("bench/bots.py")
planner = load_script("bench/castell_planner.py")
goofspiel_kinds = load_script("bench/goofspiel_kinds.py")


def test_the_ladders_elo_puts_normal_at_1500_and_orders_the_levels() -> None:
    rows = {
        ("normal", "easy"): bench.Row("normal", "easy", 40, 36.0, [0.9]),
        ("strong", "normal"): bench.Row("strong", "normal", 40, 32.0, [0.8]),
    }
    elo = bench.ladder_elo(rows, ["easy", "normal", "strong"])
    assert round(elo["normal"]) == 1500
    assert elo["easy"] < elo["normal"] < elo["strong"]


def test_goals_read_the_rate_and_its_interval() -> None:
    sure = bench.Row("strong", "normal", 120, 114.0, [0.95])
    thin = bench.Row("strong", "normal", 20, 18.0, [0.9])  # 90% of 20: the low end is too low
    assert bench.goal_met("normal", sure) == "yes" and bench.goal_met("normal", thin) == "NO"
    assert bench.goal_met("ladder", thin) == "yes"
    even = bench.Row("strong", "castell-planner", 30, 12.0, [0.4])
    assert bench.goal_met("yardstick", even) == "yes"  # 50% is inside its interval


def test_the_independent_planner_plays_a_legal_turn_and_is_a_bot_spec() -> None:
    state = CASTELL.setup(2, 5)
    seat = state.current
    action = planner.CastellPlanner().choose(CASTELL, state, seat, Rng(1))
    assert action in CASTELL.legal_actions(state, seat)
    planner.register()
    try:
        assert parse_bot(planner.NAME).name == planner.NAME
    finally:
        del BOTS[planner.NAME]


def test_with_more_than_two_players_a_match_counts_the_seats_the_strong_one_finished_above(
        ) -> None:
    """Bot 0 (the strong level) in one seat, the plain strategy in the others: second of three
    beats one of two; tied first with one of three, ahead of the other: a half and a whole."""
    second = {"lineup": [1, 0, 2], "teams": [[0], [1], [2]], "scores": [50, 40, 30],
              "ranks": [1, 2, 3]}
    tied = {"lineup": [2, 0, 1, 3], "teams": [[0], [1], [2], [3]], "scores": [9, 9, 5, 1],
            "ranks": [1, 1, 3, 4]}
    assert bench.share_above(second) == 0.5
    assert bench.share_above(tied) == (0.5 + 1 + 1) / 3


def test_the_panel_measures_castell_at_every_seat_count_and_the_others_at_their_smallest(
        ) -> None:
    from ludoteca import load_game

    assert bench.panel_players(CASTELL) == (2, 3, 4)
    assert bench.panel_players(load_game("goofspiel")) == (2,)


@pytest.mark.slow
def test_the_independent_planner_plays_legal_matches_at_three_and_four_seats() -> None:
    """Every seat the planner's, each move applied to the state it was chosen from (`apply`
    refuses an illegal one)."""
    bot = planner.CastellPlanner()
    for players in (3, 4):
        state = CASTELL.setup(players, players)
        rng = Rng(players)
        while CASTELL.actors(state):
            for seat in sorted(CASTELL.actors(state)):
                if seat in CASTELL.actors(state):
                    CASTELL.apply(state, seat, bot.choose(CASTELL, state, seat, rng))


def test_goofspiels_strong_level_is_solved_against_the_old_search_the_bench_plays() -> None:
    from ludoteca.games.goofspiel.equilibrium.kinds import KINDS

    assert KINDS["old"][0] == bench.OLD_STRONG + bench.OLD_DEFAULTS["goofspiel"]
    assert KINDS["heuristic"][0] == "heuristic"  # the normal level, as levels.json names it


def test_a_goofspiel_kind_is_sampled_from_the_real_bot_with_a_seed_each_time() -> None:
    position = ((1, 2, 3), (1, 2, 3), (1, 2, 3), 3, 0)
    counts = goofspiel_kinds.sample("heuristic", position, 200, 1)
    assert sum(counts) == 200 and counts[2] > counts[1] > 0 and counts[0] == 0
    assert goofspiel_kinds.sample("heuristic", position, 200, 1) == counts
