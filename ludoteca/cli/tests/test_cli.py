import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca import __version__
from ludoteca.cli import app
from ludoteca.engine import Match
from ludoteca.games.goofspiel import GAME as GOOFSPIEL

runner = CliRunner()


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and __version__ in result.output


def test_games_lists_the_games() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0 and "Goofspiel" in result.output and "cards=5" in result.output


def test_play_to_the_end_and_save(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    moves = "oops\n9\n" + "1\n" * 5
    result = runner.invoke(
        app,
        ["play", "goofspiel", "--seed", "3", "--players", "3", "--save", str(saved)],
        input=moves,
    )
    assert result.exit_code == 0, result.output
    assert "Please type a number from 1 to 5" in result.output
    assert "Game over." in result.output
    match = Match.from_json(GOOFSPIEL, json.loads(saved.read_text()))
    assert match.is_over and match.players == 3


def test_quit() -> None:
    result = runner.invoke(app, ["play", "goofspiel"], input="q\n")
    assert result.exit_code == 0 and "You left the match." in result.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "chess"], "unknown game 'chess'; choose one of:"),
        (["play", "goofspiel", "--players", "9"], "Goofspiel is for 2 to 4 players, not 9"),
        (["play", "goofspiel", "--seat", "7"], "seat 7 does not exist; choose one of [0, 1]"),
        (["play", "goofspiel", "-o", "cards=7"], "option 'cards' cannot be 7; allowed:"),
        (["play", "goofspiel", "-o", "cards"], "an option is written KEY=VALUE"),
    ],
)
def test_bad_input_gets_a_clear_error(args: list[str], words: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert words in result.output


def test_replay_a_saved_match(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    runner.invoke(app, ["play", "goofspiel", "--save", str(saved)], input="1\n" * 5)
    result = runner.invoke(app, ["replay", str(saved), "--step", "2", "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert "action 2 of 10" in result.output
    assert "Scores" in runner.invoke(app, ["replay", str(saved)]).output


def test_replay_a_saved_match_with_a_move_taken_back(tmp_path: Path) -> None:
    """An undo is an entry of the log: `ludoteca replay` replays it as it was played."""
    import json

    from ludoteca.engine.actions import Undo
    from ludoteca.engine.match import Match
    from ludoteca.games import load_game

    game = load_game("castell")
    match = Match.new(game, 2, 2)
    seat = min(game.actors(match.state))
    moves = [a for a in game.legal_actions(match.state, seat) if a.kind == "move"]
    match.apply(seat, moves[0])
    match.apply(seat, Undo())
    match.apply(seat, moves[1])
    saved = tmp_path / "match.json"
    saved.write_text(json.dumps(match.to_json()))
    result = runner.invoke(app, ["replay", str(saved), "--step", "2"])
    assert result.exit_code == 0, result.output
    assert "action 2 of 3" in result.output
    assert game.to_json(Match.from_json(game, match.to_json()).state) == \
        game.to_json(match.state)
    assert game.to_json(match.replay(2)) == game.to_json(game.setup(2, 2))


def test_replay_refuses_a_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and "is not a saved match: not JSON" in result.output
    saved = tmp_path / "match.json"
    runner.invoke(app, ["play", "goofspiel", "--save", str(saved)], input="1\n" * 5)
    result = runner.invoke(app, ["replay", str(saved), "--step", "99"])
    assert result.exit_code == 2 and "--step must be between 0 and 10" in result.output


def test_watch_bots_play_every_seat() -> None:
    result = runner.invoke(app, ["play", "goofspiel", "--watch", "--players", "4"])
    assert result.exit_code == 0, result.output
    assert "Game over." in result.output and "Your move" not in result.output


def test_debrief_of_a_ciurme_session(tmp_path: Path) -> None:
    saved = tmp_path / "session.json"
    result = runner.invoke(
        app, ["play", "ciurme", "--players", "8", "--watch", "--save", str(saved)]
    )
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["debrief", str(saved), "--report", str(tmp_path / "debrief")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "debrief" / "index.html").read_text()
    assert "<img" in page and json.loads((tmp_path / "debrief" / "debrief.json").read_text())
    result = runner.invoke(app, ["debrief", str(saved), "--report", str(tmp_path / "it"),
                                 "--language", "it"])
    assert result.exit_code == 0, result.output
    assert "Ciurme: il debriefing" in (tmp_path / "it" / "index.html").read_text()
    result = runner.invoke(app, ["debrief", str(saved), "--report", str(tmp_path / "fr"),
                                 "--language", "fr"])
    assert result.exit_code == 2 and "the debrief speaks en, it, not 'fr'" in result.output


def test_a_game_without_debrief_says_so(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    runner.invoke(app, ["play", "goofspiel", "--watch", "--save", str(saved)])
    result = runner.invoke(app, ["debrief", str(saved), "--report", str(tmp_path / "d")])
    assert result.exit_code == 2 and "Goofspiel has no debrief" in result.output


def test_play_takes_an_action_written_out_where_the_game_reads_one() -> None:
    # Castell reads a tower typed as levels (`#tile levels` performs a local tile): the
    # game's own reason comes back, and the menu is shown again.
    result = runner.invoke(app, ["play", "castell", "--seed", "3"], input="#20 9+8/6/5/4\nq\n")
    assert result.exit_code == 0, result.output
    assert "Not possible:" in result.output
    assert "Please type a number" not in result.output


def test_a_ciurme_match_ends_without_an_overall_winner() -> None:
    # [D-24]: who won each objective, never a single winner.
    result = runner.invoke(app, ["play", "ciurme", "--players", "8", "--watch"])
    assert result.exit_code == 0, result.output
    assert "no overall winner" in result.output and "Winner(s)" not in result.output
    assert "Race:" in result.output and "Command:" in result.output
