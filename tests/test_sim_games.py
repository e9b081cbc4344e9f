"""Every room game plays in tournaments and balance reports (tiny budgets), and its report has
every game section the game's results feed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.engine.game import Game
from ludoteca.games import GAMES, load_game
from ludoteca.sim.sections import sections_for
from ludoteca.sim.tournament import run_tournament

runner = CliRunner()


def loaded(name: str) -> Game[Any]:
    try:
        return load_game(name)
    except (AttributeError, ImportError, ValueError) as exc:
        pytest.skip(f"{name} is not playable yet: {exc}")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_tiny_tournament(name: str) -> None:
    game = loaded(name)
    specs = ["heuristic", "random", "mcts:iterations=3:horizon=10"]
    result = run_tournament(game, game.min_players, specs, games=3, seed=1)
    assert sum(b.games for b in result.bots) == 3 * len(result.records[0]["teams"])
    assert abs(sum(b.wins for b in result.bots) - 3) < 1e-9


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_tiny_report_has_the_game_sections(name: str, tmp_path: Path) -> None:
    loaded(name)
    run = runner.invoke(app, ["simulate", name, "--games", "2", "--report", str(tmp_path)])
    assert run.exit_code == 0, run.output
    data = json.loads((tmp_path / "results.json").read_text())
    assert data["omitted_sections"] == []
    # every section the game declares is reported (the reference game declares none)
    assert bool(data["configs"][0]["sections"]) == bool(sections_for(name))
    page = (tmp_path / "index.html").read_text()  # Ciurme's bots play whole crews
    assert ("Win rate by crew" in page) == (name == "ciurme")
