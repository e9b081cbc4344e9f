"""Balance tuning: the search finds the fair value of a deliberately unfair number, resumes where
it stopped, repeats itself for a seed, and refuses bad input clearly. Budgets are small: these
prove the machinery, not the balance of any game."""

from __future__ import annotations

import csv
import html
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ludoteca import load_game
from ludoteca.bots.spec import parse_spec
from ludoteca.cli import app
from ludoteca.sim.candidates import Search
from ludoteca.sim.objectives import parse_objectives
from ludoteca.sim.study import run_study
from ludoteca.sim.tune import ROUND, Outcome, open_study, run_search
from ludoteca.sim.tune_report import write_tune_report
from ludoteca.sim.tune_verdict import BETTER, NOTHING_BETTER, finalists, verdict_text

GOOFSPIEL = load_game("goofspiel")
runner = CliRunner()


def head_start_search(budget: int, games: int = 40, seed: int = 1, workers: int = 1,
                      start: int = 0) -> Search:
    """Goofspiel between random bots, searching only the first seat's head start (0 is fair),
    from a head start of `start`."""
    tunables = [t for t in GOOFSPIEL.tunables(2) if t.name == "head_start"]
    terms = parse_objectives(["seat-fairness"], GOOFSPIEL, tuning_bot=False)
    options = GOOFSPIEL.options({"variant": {"head_start": start}})
    return Search(GOOFSPIEL, 2, terms, tunables, options, [parse_spec("random")],
                  budget, games, seed, workers)


def test_the_search_finds_the_fair_head_start_and_says_it_is_better(tmp_path: Path) -> None:
    outcome = run_search(head_start_search(budget=12, start=7), tmp_path / "study.sqlite3")
    assert outcome.best is not None and outcome.best["params"]["head_start"] <= 1
    best, start = outcome.remeasured["best"], outcome.remeasured["start"]
    assert best.matches == start.matches == 40
    low, high = best.ci95
    assert low <= best.loss <= high
    assert outcome.verdict is not None and outcome.verdict.kind == BETTER
    assert outcome.verdict.ci95[1] < 0 < start.loss - best.loss
    # Unfair head starts were tried and measured as such.
    worst = max(t["value"] for t in outcome.trials if t["state"] == "COMPLETE")
    assert worst > 0.5


def test_when_nothing_beats_the_start_the_verdict_says_so_with_both_figures(
    tmp_path: Path,
) -> None:
    """From the fair default, every other head start is unfair: a lucky round may rank one
    well, but on fresh seeds it loses to the start, and the report says so plainly."""
    outcome = run_search(head_start_search(budget=12), tmp_path / "study.sqlite3")
    assert outcome.verdict is not None and outcome.verdict.kind == NOTHING_BETTER
    best, start = outcome.remeasured["best"], outcome.remeasured["start"]
    assert best.loss >= start.loss
    assert set(outcome.screened) == {"start", *(f"trial {t['number']}" for t in
                                                finalists(outcome.search, outcome.trials))}
    text = verdict_text(outcome.trials, outcome.best, outcome.remeasured, outcome.verdict)
    assert text.startswith("Nothing beat the start: on the same 40 fresh matches, the start "
                           f"measured {start.loss:.3g} [95% {start.ci95[0]:.3g} to ")
    assert f"{best.loss:.3g} [95% {best.ci95[0]:.3g} to {best.ci95[1]:.3g}]" in text
    page = write_tune_report(outcome, tmp_path / "report").read_text()
    assert html.escape(text) in page and "Best settings found" not in page


def test_settings_already_measured_are_not_played_again(tmp_path: Path) -> None:
    """Head starts 0 to 10: in 16 trials some settings come up again; they take the figures
    of the trial that played them, and no match is played for them."""
    played = 0

    def count() -> None:
        nonlocal played
        played += 1

    search = head_start_search(budget=16, games=10)
    outcome = run_search(search, tmp_path / "study.sqlite3", advance=count)
    trials = {t["number"]: t for t in outcome.trials}
    repeats = [t for t in trials.values() if t["repeat_of"] is not None]
    assert repeats
    for repeat in repeats:
        first = trials[repeat["repeat_of"]]
        assert first["repeat_of"] is None and first["params"] == repeat["params"]
        assert (repeat["value"], repeat["terms"]) == (first["value"], first["terms"])
    distinct = {t["params"]["head_start"] for t in trials.values()}
    assert len(distinct) == 16 - len(repeats)
    judged = (len(outcome.screened) + len(outcome.remeasured)) * 10
    assert played == len(distinct) * 10 + judged


def test_an_interrupted_search_resumes_to_the_same_answer(tmp_path: Path) -> None:
    """Ctrl-C in the middle of the second round, then the same command: the round is played
    again from its start, the same candidates on the same seeds, and the search ends as the
    one never stopped did."""
    whole = run_search(head_start_search(budget=12, games=10, start=4), tmp_path / "a.sqlite3")
    played = 0

    def ctrl_c_midway() -> None:
        nonlocal played
        played += 1
        if played == ROUND * 10 + 15:  # 15 matches into the second round
            raise KeyboardInterrupt

    storage = tmp_path / "b.sqlite3"
    stopped = run_search(head_start_search(budget=12, games=10, start=4), storage, ctrl_c_midway)
    assert stopped.interrupted and stopped.new_trials == ROUND
    resumed = run_search(head_start_search(budget=12, games=10, start=4), storage)
    assert resumed.retried == ROUND and resumed.new_trials == 12 - ROUND
    assert resumed.finished_trials == 12
    assert [t["state"] for t in resumed.trials].count("FAIL") == ROUND

    def answer(outcome: Outcome) -> Any:
        done = [(t["params"], t["value"], t["round"]) for t in outcome.trials
                if t["state"] != "FAIL"]
        assert outcome.verdict is not None and outcome.best is not None
        return (done, outcome.best["params"], outcome.verdict.to_json(),
                {k: v.to_json() for k, v in outcome.remeasured.items()})

    assert answer(resumed) == answer(whole)


def test_a_stopped_search_resumes_where_it_was(tmp_path: Path) -> None:
    storage = tmp_path / "study.sqlite3"
    first = run_search(head_start_search(budget=4), storage)
    again = run_search(head_start_search(budget=8), storage)
    assert (first.new_trials, again.new_trials) == (4, 4)
    assert len(again.trials) == 8 and again.trials[:4] == first.trials
    done = run_search(head_start_search(budget=8), storage)
    assert done.new_trials == 0 and done.trials == again.trials


def test_trials_a_hard_stop_left_running_are_closed_on_resuming(tmp_path: Path) -> None:
    storage = tmp_path / "study.sqlite3"
    search = head_start_search(budget=4)
    open_study(search, storage).ask()  # asked, then the process stopped before telling
    states = [t.state.name for t in open_study(search, storage).trials]
    assert states == ["FAIL"]
    assert run_search(search, storage).new_trials == 4


def test_a_seed_gives_the_same_trials(tmp_path: Path) -> None:
    one = run_search(head_start_search(budget=8, games=10), tmp_path / "a.sqlite3")
    two = run_search(head_start_search(budget=8, games=10), tmp_path / "b.sqlite3")
    assert one.trials == two.trials
    assert one.remeasured["best"].to_json() == two.remeasured["best"].to_json()
    other = run_search(head_start_search(budget=8, games=10, seed=2), tmp_path / "c.sqlite3")
    assert other.trials != one.trials


def test_a_bot_is_tuned_against_an_opponent(tmp_path: Path) -> None:
    code = runner.invoke(app, [
        "tune", "goofspiel", "--bot", "mcts:iterations=4", "--objective", "win-rate-vs random",
        "--param", "c", "--budget", "4", "--games", "4", "--report", str(tmp_path / "r"),
    ])
    assert code.exit_code == 0, code.output
    data = json.loads((tmp_path / "r" / "trials.json").read_text())
    assert data["tuned_bot"] == "mcts:iterations=4"
    assert [set(t["params"]) for t in data["trials"]] == [{"c"}] * 4
    assert set(data["remeasured"]["best"]["terms"]) == {"win-rate-vs=random"}


def test_the_report_has_its_pictures_and_tables(tmp_path: Path) -> None:
    report = tmp_path / "report"
    code = runner.invoke(app, [
        "tune", "goofspiel", "--objective", "seat-fairness", "--objective", "closeness:0.1",
        "--objective", "published:0.05", "--budget", "4", "--games", "6",
        "--report", str(report), "--bots", "random",
    ])
    assert code.exit_code == 0, code.output
    page = (report / "index.html").read_text()
    for picture in ("remeasured.png", "parameters.png", "search.png"):
        assert f'src="{picture}"' in page and (report / picture).stat().st_size > 1000
    assert "Measured again on 6 fresh matches each" in page
    rows = list(csv.DictReader((report / "trials.csv").open()))
    assert len(rows) == 4 and {"cards", "head_start", "closeness"} <= set(rows[0])
    assert (report / "study.sqlite3").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--objective", "nope"], "unknown objective 'nope'; allowed: seat-fairness"),
        (["--objective", "closeness:-1"], "an objective's weight is from 0 (excluded)"),
        (["--objective", "length=80-40"], "length takes a range of actions LOW-HIGH"),
        (["--objective", "win-rate-vs=random"], "win-rate-vs needs a bot to tune"),
        (["--objective", "seat-fairness", "--param", "nope"],
         "--param 'nope' is not a tunable parameter of Goofspiel; its parameters: cards"),
        (["--objective", "seat-fairness", "--bot", "random"],
         "the random bot has no parameters to tune"),
        (["--objective", "seat-fairness", "--budget", "0"], "--budget must be from 1"),
        (["--objective", "seat-fairness", "--games", "0"],
         "--games (matches per candidate) must be from 1 to 25000, not 0"),
        (["--objective", "seat-fairness", "--storage", "missing/study.sqlite3"],
         "the folder missing does not exist"),
        (["--objective", "seat-fairness", "--storage", "not-a-study"],
         "cannot keep the study in not-a-study: not a study file"),
    ],
)
def test_bad_input_is_one_clear_error(args: list[str], message: str, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("not-a-study").write_text("hello")
    defaults = ["--budget", "2", "--games", "2", "--report", "report"]
    code = runner.invoke(app, ["tune", "goofspiel", *defaults, *args])
    assert code.exit_code == 2, code.output
    assert message in code.output


def test_a_report_path_that_is_a_file_is_refused_before_any_match(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("")
    code = runner.invoke(app, ["tune", "goofspiel", "--objective", "seat-fairness",
                               "--budget", "2", "--games", "2", "--report", str(taken)])
    assert code.exit_code == 2 and "is a file; give a folder" in code.output



@pytest.mark.parametrize(("name", "players", "options", "measure", "low", "high"), [
    ("ligretto", 2, {"rounds": 2}, "stuck-share", 0.0, 1.0),
    ("ciurme", 8, {}, "restored-share", -1.0, 0.0),  # wanted high: the loss is its negative
])
def test_a_games_own_measure_is_an_objective(
    name: str, players: int, options: dict[str, object], measure: str, low: float, high: float
) -> None:
    game = load_game(name)
    term = parse_objectives([f"{measure}:2"], game, tuning_bot=False)[0]
    declared = next(m for m in game.measures() if m.name == measure)
    assert term.weight == 2.0 and term.meaning.startswith(declared.help)
    records = run_study(name, players, [("base", options)], 2).configs[0].records
    assert low <= term.value(records, 0, "") <= high
