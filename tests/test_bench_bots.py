"""bench/bots.py's method, on made-up results (the figures themselves are the bench's to print,
never a test's to assert), and the independent Castell planner it measures the strong level
against."""

from __future__ import annotations

import sys

from scripts import ROOT, load_script

from ludoteca.bots.spec import BOTS, parse_bot
from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME as CASTELL

sys.path.insert(0, str(ROOT / "bench"))  # the bench's own modules import as top-level ones
bench = load_script("bench/bots.py")
planner = load_script("bench/castell_planner.py")


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
