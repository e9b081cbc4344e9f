"""`ludoteca simulate`: a balance report in HTML with PNG plots and results.json."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.engine.result import ReportSection
from ludoteca.sim.figures import by_key, grouped, numbers, pooled

runner = CliRunner()


def test_a_sweep_report(tmp_path: Path) -> None:
    out = tmp_path / "report"
    run = runner.invoke(
        app,
        [
            "simulate",
            "goofspiel",
            "--games",
            "4",
            "--players",
            "3",
            "--sweep",
            "cards=3,5",
            "--bots",
            "heuristic,random",
            "--report",
            str(out),
            "--seed",
            "2",
        ],
    )
    assert run.exit_code == 0, run.output
    page = (out / "index.html").read_text()
    for png in ("win-rate-by-seat.png", "scores.png", "game-length.png"):
        assert (out / png).stat().st_size > 1000 and png in page
    data = json.loads((out / "results.json").read_text())
    assert [c["label"] for c in data["configs"]] == ["cards=3", "cards=5"]
    assert [c["options"]["cards"] for c in data["configs"]] == [3, 5]
    assert data["configs"][0]["mean_length"] == 9 and data["configs"][1]["mean_length"] == 15
    assert all(abs(sum(c["seat_win_rate"]) - 1) < 1e-9 for c in data["configs"])


def test_workers_give_the_same_report(tmp_path: Path) -> None:
    results = []
    for workers in ("1", "2"):
        out = tmp_path / workers
        run = runner.invoke(
            app,
            [
                "simulate",
                "goofspiel",
                "--games",
                "4",
                "--report",
                str(out),
                "--workers",
                workers,
                "--bots",
                "random",
            ],
        )
        assert run.exit_code == 0, run.output
        results.append(json.loads((out / "results.json").read_text()))
    assert results[0] == results[1]


def test_a_bad_option_is_a_clear_error(tmp_path: Path) -> None:
    for args in (
        ["--option", "cards=7"],
        ["--sweep", "cards=5,7"],
        ["--option", "jokers=2"],
        ["--option", "cards"],
        ["--sweep", "cards"],
    ):
        run = runner.invoke(
            app, ["simulate", "goofspiel", "--games", "2", "--report", str(tmp_path / "x"), *args]
        )
        assert run.exit_code == 2, args
        assert "Error:" in run.output and "Traceback" not in run.output
    run = runner.invoke(
        app,
        [
            "simulate",
            "goofspiel",
            "--games",
            "2",
            "--option",
            "jokers=2",
            "--report",
            str(tmp_path / "x"),
        ],
    )
    assert "this game's options: cards" in run.output
    assert not (tmp_path / "x").exists()


def test_sections_read_numbers_and_groups_and_skip_missing_keys() -> None:
    details = {"tiles_left": [3, 0], "by": [{"a": 1, "b": 2}, {"a": 3}], "rounds": [[1, 2], [4]]}
    assert numbers(details["tiles_left"]) == [3.0, 0.0]
    assert by_key(details["by"]) == {"a": [1.0, 3.0], "b": [2.0]}
    assert by_key(details["rounds"]) == {"1": [1.0, 2.0], "2": [4.0]}
    # over matches: one value per match, merged by key (bars) or pooled (hist)
    assert grouped([[1, 2], [4], {"1": 5}]) == {"1": [1.0, 4.0, 5.0], "2": [2.0]}
    assert pooled([[3, 0], {"a": 1}, True]) == [3.0, 0.0, 1.0, 1.0]
    assert ReportSection("missing", ("nothing", "here")).value(details) is None
    assert ReportSection("joined", compute=lambda d: d["absent"]).value(details) is None
