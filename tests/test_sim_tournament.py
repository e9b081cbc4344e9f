"""`ludoteca tournament`: seats rotated fairly, reproducible for a seed and any number of
workers, a results table and JSON/CSV files, clear errors."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from ludoteca.bots.spec import parse_spec
from ludoteca.cli import app
from ludoteca.games.goofspiel import GAME as GOOFSPIEL
from ludoteca.sim.runner import match_seed
from ludoteca.sim.stats import elo_ratings, wilson_interval
from ludoteca.sim.teams import win_shares
from ludoteca.sim.tournament import run_tournament, schedule

runner = CliRunner()


def test_every_bot_plays_every_seat_equally() -> None:
    for players, specs in (
        (2, ["random", "heuristic"]),
        (3, ["random", "heuristic", "mcts"]),
        (4, ["random", "heuristic"]),
        (2, ["random", "heuristic", "mcts:c=1"]),
    ):
        bots = [parse_spec(spec) for spec in specs]
        tasks = list(schedule(GOOFSPIEL, players, bots, 12, 0, GOOFSPIEL.options()))
        seats = Counter((seat, b) for t in tasks for seat, b in enumerate(t.extra["lineup"]))
        assert len(set(seats.values())) == 1
        assert len(seats) == players * len(specs)


def test_same_seed_same_results_for_one_or_two_workers() -> None:
    specs = ["mcts:iterations=20", "heuristic", "random"]
    one = run_tournament("goofspiel", 3, specs, games=9, seed=11, workers=1)
    again = run_tournament("goofspiel", 3, specs, games=9, seed=11, workers=1)
    two = run_tournament("goofspiel", 3, specs, games=9, seed=11, workers=2)
    assert one.to_json() == again.to_json() == two.to_json()
    assert one.records == two.records
    other = run_tournament("goofspiel", 3, specs, games=9, seed=12, workers=1)
    assert other.records != one.records


def test_the_command_writes_a_table_json_and_csv(tmp_path: Path) -> None:
    out, table = tmp_path / "r.json", tmp_path / "r.csv"
    run = runner.invoke(
        app,
        [
            "tournament",
            "goofspiel",
            "--players",
            "2",
            "--bots",
            "mcts:iterations=30,random",
            "--games",
            "6",
            "--seed",
            "1",
            "--json",
            str(out),
            "--csv",
            str(table),
        ],
    )
    assert run.exit_code == 0, run.output
    assert "win rate" in run.output and "Elo" in run.output
    data = json.loads(out.read_text())
    assert data["game"] == "goofspiel" and data["players"] == 2 and data["games"] == 6
    for bot in data["bots"]:
        assert set(bot) >= {"name", "wins", "win_rate", "ci95", "mean_score", "elo"}
        assert bot["ci95"][0] <= bot["win_rate"] <= bot["ci95"][1]
    assert [b["name"] for b in data["bots"]] == ["mcts:iterations=30", "random"]
    assert sum(b["wins"] for b in data["bots"]) == 6  # shared wins count as fractions
    assert table.read_text().splitlines()[0].startswith("name,games,wins,win_rate")


def test_unknown_bot_is_a_clear_error() -> None:
    run = runner.invoke(app, ["tournament", "goofspiel", "--bots", "random,genius"])
    assert run.exit_code == 2
    assert "Error: unknown bot 'genius'" in run.output and "mcts" in run.output
    assert "Traceback" not in run.output


def test_bad_option_and_bad_game_are_clear_errors() -> None:
    run = runner.invoke(app, ["tournament", "goofspiel", "--option", "cards=7"])
    assert run.exit_code == 2 and "allowed: 3, 4, 5, 6, 8, 13" in run.output
    run = runner.invoke(app, ["tournament", "chess"])
    assert run.exit_code == 2 and "unknown game 'chess'" in run.output
    run = runner.invoke(app, ["tournament", "goofspiel", "--players", "9"])
    assert run.exit_code == 2 and "2 to 4 players" in run.output


def test_wilson_interval_and_elo() -> None:
    lo, hi = wilson_interval(5, 10)
    assert 0.23 < lo < 0.24 and 0.76 < hi < 0.77
    assert wilson_interval(0, 0) == (0.0, 1.0)
    strong, weak = elo_ratings(2, [(0, 1, 1.0)] * 30 + [(0, 1, 0.0)] * 10)
    assert strong > 1500 > weak and abs(strong + weak - 3000) < 1e-6
    assert all(abs(r - 1500) < 1e-6 for r in elo_ratings(2, [(0, 1, 0.5)] * 4))


def test_a_shared_win_is_split() -> None:
    assert win_shares([1, 3, 1, 2]) == [0.5, 0.0, 0.5, 0.0]
    assert win_shares([2, 1]) == [0.0, 1.0]


def test_a_task_carries_only_what_a_worker_needs() -> None:
    task = next(schedule(GOOFSPIEL, 2, [parse_spec("random")] * 2, 1, 0, GOOFSPIEL.options()))
    assert task.game == "goofspiel" and task.options == {"cards": 5}
    assert [spec.name for spec in task.specs] == ["random", "random"]


def test_master_seeds_beyond_32_bits_have_matches_of_their_own() -> None:
    assert match_seed(0, 3) != match_seed(2**32, 3)
    assert match_seed(5, 3) != match_seed(5 + 2**40, 3)
    assert len({match_seed(2**64 - 1, n) for n in range(100)}) == 100
