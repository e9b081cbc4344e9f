"""Every registered game plays in tournaments and balance reports (tiny budgets), and keeps the
contract the tools rely on: its report has every section the game declares, its team count
agrees with its teams, its options survive the trip to a worker process, and every bot level
it accepts drives its reaction model. Nothing here names a game."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.engine.codec import encode
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games import game_names, load_game
from ludoteca.sim.tournament import run_tournament

runner = CliRunner()
NAMES = game_names()


def loaded(name: str) -> Game[Any]:
    try:
        return load_game(name)
    except (AttributeError, ImportError, ValueError) as exc:
        pytest.skip(f"{name} is not playable yet: {exc}")


@pytest.mark.parametrize("name", NAMES)
def test_a_tiny_tournament(name: str) -> None:
    game = loaded(name)
    specs = ["heuristic", "random", "mcts:iterations=3:horizon=10"]
    result = run_tournament(game, game.min_players, specs, games=3, seed=1)
    assert sum(b.games for b in result.bots) == 3 * len(result.records[0]["teams"])
    assert abs(sum(b.wins for b in result.bots) - 3) < 1e-9


@pytest.mark.parametrize("name", NAMES)
def test_every_section_the_game_declares_is_reported(name: str, tmp_path: Path) -> None:
    game = loaded(name)
    run = runner.invoke(app, ["simulate", name, "--games", "2", "--report", str(tmp_path)])
    assert run.exit_code == 0, run.output
    data = json.loads((tmp_path / "results.json").read_text())
    declared = [section.title for section in game.report_sections()]
    reported = data["configs"][0]["sections"]
    assert sorted(reported) + sorted(data["omitted_sections"]) == sorted(declared)
    assert data["omitted_sections"] == []
    page = (tmp_path / "index.html").read_text()
    assert "Win rate by" in page and all(html.escape(title) in page for title in declared)


@pytest.mark.parametrize("name", NAMES)
def test_team_count_agrees_with_the_teams_of_a_match(name: str) -> None:
    game = loaded(name)
    for players in range(game.min_players, min(game.max_players, game.min_players + 8) + 1):
        try:
            teams = game.teams(game.setup(players, seed=players))
        except ValueError:  # a table the default options cannot seat
            continue
        assert game.team_count(players, game.options()) == len(teams), players


@pytest.mark.parametrize("name", NAMES)
def test_default_options_survive_the_trip_to_a_worker(name: str) -> None:
    game = loaded(name)
    options = game.options()
    assert game.options(json.loads(json.dumps(encode(options, game.Options)))) == options


@pytest.mark.parametrize("name", NAMES)
def test_a_level_the_game_accepts_drives_its_reaction_model(name: str) -> None:
    game = loaded(name)
    state = game.setup(game.min_players, seed=3)
    seat = min(game.actors(state))
    action = game.legal_actions(state, seat)[0]
    for level in ("beginner", "casual", "expert", "2", "0.5", "nope", "0", "nan", "inf", ""):
        try:
            game.check_level(level)
        except ValueError:
            continue
        assert game.reaction_seconds(state, seat, action, level, Rng(1)) > 0, level
