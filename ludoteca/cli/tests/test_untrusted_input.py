"""The command line checks everything before any work starts: output paths, options, bot specs,
sizes and seeds, each refused with one `Error: ...` line and exit code 2; saves that do not
replay are one clear line; an unfinished match is debriefed only when asked. One test per
finding of the fuzzing pass (issue 10), each reproducing it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from ludoteca.cli import app
from ludoteca.engine.debrief import Debrief, Part, Table
from ludoteca.engine.game import Game
from ludoteca.engine.options import describe_options
from ludoteca.games import game_names, load_game

runner = CliRunner()
GAME = "goofspiel"  # any registered game does: the checks below are the game's own or generic
# A budget that would run for days, were it started: the tests below that use it replace the
# runners with `no_matches`, so a command that started working before checking its arguments
# fails at once instead.
ENDLESS = ["--bots", "mcts:seconds=3600,random", "--games", "100000"]


@pytest.fixture
def no_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tournament or a study that starts fails the test: the arguments are refused first."""

    def started(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("matches started before the arguments were checked")

    monkeypatch.setattr("ludoteca.cli.tournament.run_tournament", started)
    monkeypatch.setattr("ludoteca.cli.simulate.run_study", started)


def one_error_line(result: Result, *words: str) -> None:
    """Exit 2, and exactly one line, `Error: ...`, containing `words`; no traceback."""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    for word in words:
        assert word in lines[0], (word, lines[0])


def bad_outputs(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Output paths that cannot be written, and the words of their error."""
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("not a folder")
    return {
        "missing folder": (tmp_path / "missing" / "out.json", "does not exist"),
        "under a file": (a_file / "out.json", "is a file, not a folder"),
        "a folder": (tmp_path, "is a folder"),
        "a name too long": (tmp_path / ("x" * 5000), "cannot write"),
    }


# --- output paths: checked before the match, the tournament, the study ----------------------------
CASES = ["missing folder", "under a file", "a folder", "a name too long"]


@pytest.mark.parametrize("case", CASES)
def test_play_save_is_checked_before_the_match(tmp_path: Path, case: str) -> None:
    path, words = bad_outputs(tmp_path)[case]
    result = runner.invoke(app, ["play", GAME, "--save", str(path)], input="1\n" * 20)
    one_error_line(result, "--save", words)
    assert "Your move" not in result.output  # nobody played a match only to lose it


@pytest.mark.parametrize("option", ["--json", "--csv"])
@pytest.mark.parametrize("case", CASES)
def test_tournament_outputs_are_checked_before_any_match(
    tmp_path: Path, option: str, case: str, no_matches: None
) -> None:
    path, words = bad_outputs(tmp_path)[case]
    result = runner.invoke(app, ["tournament", GAME, *ENDLESS, option, str(path)])
    one_error_line(result, option, words)


def test_simulate_report_is_checked_before_the_study(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("")
    too_long = tmp_path / ("x" * 5000) / "report"
    for report, words in (
        (a_file, "is a file"),
        (a_file / "report", "cannot be made"),
        (too_long, "cannot make the folder"),
    ):
        result = runner.invoke(app, ["simulate", GAME, *ENDLESS, "--report", str(report)])
        one_error_line(result, "--report", words)


def test_debrief_report_is_checked_before_the_match_is_read(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("")
    result = runner.invoke(app, ["debrief", "no-such-save.json", "--report", str(a_file)])
    one_error_line(result, "--report", "is a file")


# --- options and bot specs of the batch commands -------------------------------------------------
def bad_option_values(game: Game[Any]) -> list[str]:
    """KEY=VALUE items every game must refuse: values of no option's type or range."""
    items = []
    for option in describe_options(game.Options):
        name = option["name"]
        items += [f"{name}=Infinity", f"{name}=NaN", f"{name}=[4,4.5]", f'{name}={{"a": 1}}']
        if option["choices"] and all(type(c) is int for c in option["choices"]):
            items.append(f"{name}={max(option['choices']) + 99}")
        if option["range"] and option["range"][1] is not None:
            items.append(f"{name}={option['range'][1] + 1}")
    return [*items, "no_such_option=1", "=3", "novalue"]


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_bad_options_are_one_error_line(name: str, command: str, tmp_path: Path) -> None:
    game = load_game(name)
    report = ["--report", str(tmp_path / "r")] if command == "simulate" else []
    for item in bad_option_values(game):
        result = runner.invoke(app, [command, name, "-o", item, "--games", "1", *report])
        one_error_line(result)
    assert not (tmp_path / "r").exists()


def test_a_sweep_is_checked_value_by_value(tmp_path: Path) -> None:
    out = ["--games", "1", "--report", str(tmp_path / "r")]
    for sweep, words in [
        ("cards=3,99", "cards"),
        ("cards=3,Infinity", "whole number"),
        ("cards=3,3", "lists a value twice"),
        ("cards", "KEY=V1,V2"),
        ("cards=" + ",".join(["3"] * 21), "at most 20"),
    ]:
        one_error_line(runner.invoke(app, ["simulate", GAME, "--sweep", sweep, *out]), words)


@pytest.mark.parametrize(
    ("bots", "words"),
    [
        ("mcts:c=nan,random", "finite number"),
        ("mcts:c=-1,random", "allowed: 0 to 100"),
        ("mcts:margin=-5,random", "allowed: 0 to 1"),
        ("mcts:seconds=inf,random", "finite number"),
        ("random:level=nope,random", "unknown bot level 'nope'"),
        ("heuristic:level=0,random", "speed factor"),
        ("random,genius", "unknown bot 'genius'"),
        (",".join(["random"] * 17), "at most 16"),
    ],
)
@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_bad_bot_specs_are_one_error_line(
    command: str, bots: str, words: str, tmp_path: Path
) -> None:
    report = ["--report", str(tmp_path / "r")] if command == "simulate" else []
    result = runner.invoke(app, [command, GAME, "--bots", bots, "--games", "1", *report])
    one_error_line(result, words)


# --- sizes and seeds -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ["tournament", GAME, "--games", "1000000000000"],
        ["tournament", GAME, "--games", "0"],
        ["tournament", GAME, "--workers", "0"],
        ["tournament", GAME, "--workers", "1000"],
        ["simulate", GAME, "--games", "20000", "--sweep", "cards=3,4,5,6,8,13"],
    ],
)
def test_sizes_are_bounded(args: list[str], tmp_path: Path, no_matches: None) -> None:
    report = ["--report", str(tmp_path / "r")] if args[0] == "simulate" else []
    one_error_line(runner.invoke(app, [*args, *report]))  # refused, not started


@pytest.mark.parametrize("seed", ["-1", str(2**64), str(10**30)])
@pytest.mark.parametrize("command", [["play", GAME], ["tournament", GAME], ["simulate", GAME]])
def test_seeds_outside_the_engine_range_are_one_error_line(
    command: list[str], seed: str, tmp_path: Path
) -> None:
    report = ["-g", "1", "--report", str(tmp_path / "r")] if command[0] == "simulate" else []
    result = runner.invoke(app, [*command, *report, "--seed", seed])
    one_error_line(result, "--seed", "2**64 - 1")
    assert not (tmp_path / "r").exists()


def test_the_largest_seed_plays() -> None:
    result = runner.invoke(app, ["play", GAME, "--watch", "--seed", str(2**64 - 1)])
    assert result.exit_code == 0, result.output


# --- saves ---------------------------------------------------------------------------------------
def saved_match(tmp_path: Path, moves: str = "1\n" * 20) -> Path:
    path = tmp_path / "match.json"
    result = runner.invoke(app, ["play", GAME, "--seed", "3", "--save", str(path)], input=moves)
    assert result.exit_code == 0, result.output
    return path


def edited(path: Path, change: Any) -> Path:
    data = json.loads(path.read_text())
    change(data)
    out = path.with_name("edited.json")
    out.write_text(json.dumps(data))
    return out


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(players=2.7), "players"),
        (lambda d: d["log"][0].update(seat=0.5), "seat"),
        (lambda d: d.update(format=99), "format"),
        (lambda d: d.update(seed=2**64), "seed"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d.update(game=None), "its game is None"),
        (lambda d: d["log"][0]["action"].update(card=1.5), "action 1"),
        (lambda d: d["log"].append(d["log"][0]), "does not replay"),
        (lambda d: d.update(options={"cards": 99}), "cards"),
    ],
)
@pytest.mark.parametrize("command", ["replay", "debrief"])
def test_a_save_that_does_not_replay_is_one_error_line(
    tmp_path: Path, command: str, change: Any, words: str
) -> None:
    bad = edited(saved_match(tmp_path), change)
    args = [command, str(bad)] + (["--report", str(tmp_path / "d")] if command == "debrief" else [])
    one_error_line(runner.invoke(app, args), "cannot replay the match", words)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "is a JSON object"),
        ("[" * 100_000 + "]" * 100_000, "not"),
        ("", "not JSON"),
    ],
)
def test_a_file_that_is_no_save_is_one_error_line(tmp_path: Path, content: str, words: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    one_error_line(runner.invoke(app, ["replay", str(bad)]), words)
    one_error_line(runner.invoke(app, ["replay", str(tmp_path / "absent.json")]), "cannot read")


# --- the debrief of an unfinished match ----------------------------------------------------------
MATERIAL = Debrief("A debrief", ["one line"], [Part("Part", [Table("T", ["a"], [[1]])])])


@pytest.fixture
def game_with_a_debrief(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(load_game(GAME)), "debrief",
                        lambda self, state, language="en", names=None: MATERIAL)


@pytest.mark.usefixtures("game_with_a_debrief")
def test_an_unfinished_match_is_debriefed_only_with_partial(tmp_path: Path) -> None:
    unfinished = saved_match(tmp_path, moves="1\nq\n")
    out = tmp_path / "debrief"
    result = runner.invoke(app, ["debrief", str(unfinished), "--report", str(out)])
    one_error_line(result, "not finished", "--partial")
    assert not out.exists()
    result = runner.invoke(app, ["debrief", str(unfinished), "--report", str(out), "--partial"])
    assert result.exit_code == 0, result.output
    assert "unfinished" in (out / "index.html").read_text()


@pytest.mark.usefixtures("game_with_a_debrief")
def test_a_finished_match_is_debriefed(tmp_path: Path) -> None:
    out = tmp_path / "debrief"
    result = runner.invoke(app, ["debrief", str(saved_match(tmp_path)), "--report", str(out)])
    assert result.exit_code == 0, result.output
    assert "A debrief" in (out / "index.html").read_text()
    assert json.loads((out / "debrief.json").read_text())["title"] == "A debrief"


# --- leaving a match ------------------------------------------------------------------------------
def test_leaving_a_match_keeps_its_log(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    # End of input is what Ctrl-D (or Ctrl-C) at the prompt gives: leave, and save what was played.
    result = runner.invoke(app, ["play", GAME, "--save", str(path)], input="1\n")
    assert result.exit_code == 0 and "You left the match." in result.output
    assert len(json.loads(path.read_text())["log"]) >= 1
