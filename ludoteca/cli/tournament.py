"""`ludoteca tournament GAME`: bots against each other, with a results table."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from ludoteca.bots.base import resolve_game
from ludoteca.bots.spec import BotSpecError, split_specs
from ludoteca.bots.spec import parse_bot as check_spec
from ludoteca.cli.common import fail, parse_key_values
from ludoteca.engine.game import Game
from ludoteca.sim.progress import progress_bar
from ludoteca.sim.tournament import TournamentResult, run_tournament


def checked_game(name: str, players: int | None, options: list[str]) -> tuple[Game[Any], Any]:
    """The game and its parsed options, or a CLI error saying what is allowed."""
    try:
        game = resolve_game(name)
        if players is not None:
            game.check_players(players)
        return game, game.options(parse_key_values(options))
    except ValueError as exc:
        fail(str(exc))


def checked_specs(text: str) -> list[str]:
    try:
        specs = split_specs(text)
        for spec in specs:
            check_spec(spec)
        return specs
    except BotSpecError as exc:
        fail(str(exc))


def results_table(result: TournamentResult) -> Table:
    table = Table(title=f"{result.game}, {result.players} players, {result.games} games")
    for column in ("bot", "games", "wins", "win rate", "95% interval", "mean score", "Elo"):
        if column == "bot":  # long specs fold onto several lines; the numbers never do
            table.add_column(column, overflow="fold", min_width=14)
        else:
            table.add_column(column, justify="right", no_wrap=True)
    for s in sorted(result.bots, key=lambda s: -s.elo):
        table.add_row(
            s.name,
            str(s.games),
            f"{s.wins:g}",
            f"{s.win_rate:.1%}",
            f"{s.ci95[0]:.1%}–{s.ci95[1]:.1%}",
            f"{s.mean_score:.2f}",
            f"{s.elo:.0f}",
        )
    return table


def write_csv(path: Path, result: TournamentResult) -> None:
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["name", "games", "wins", "win_rate", "ci95_lo", "ci95_hi", "mean_score", "elo"]
        )
        for s in result.bots:
            writer.writerow([s.name, s.games, s.wins, s.win_rate, *s.ci95, s.mean_score, s.elo])


def tournament(
    game: str = typer.Argument(..., help="The game (see `ludoteca games`)."),
    players: int = typer.Option(2, "--players", "-p", help="Players per match."),
    bots: str = typer.Option(
        "mcts:iterations=200,heuristic,random",
        "--bots",
        help="Comma-separated bot specs: random, heuristic, mcts:iterations=N, mcts:seconds=S "
        "(mcts also takes c=, rollout=random|heuristic; every bot takes level=).",
    ),
    games: int = typer.Option(30, "--games", "-g", help="Matches to play.", min=1),
    seed: int = typer.Option(0, "--seed", help="Master seed; each match's seed derives from it."),
    workers: int = typer.Option(1, "--workers", "-w", help="Local processes.", min=1),
    option: list[str] = typer.Option([], "--option", "-o", help="A game option KEY=VALUE."),
    json_path: Path | None = typer.Option(None, "--json", help="Write the results as JSON."),
    csv_path: Path | None = typer.Option(None, "--csv", help="Write the results as CSV."),
) -> None:
    """Play bots against each other, every bot on every seat (every crew in Ciurme) equally
    often, and show win rates with 95% Wilson intervals, mean scores and Elo ratings.
    Shared wins count as a fraction (1/k of a win each)."""
    resolved, options = checked_game(game, players, option)
    specs = checked_specs(bots)
    with progress_bar(f"{resolved.name} tournament", games) as advance:
        result = run_tournament(resolved, players, specs, games, seed, options, workers, advance)
    Console().print(results_table(result))
    if json_path is not None:
        json_path.write_text(json.dumps(result.to_json(), indent=2) + "\n")
    if csv_path is not None:
        write_csv(csv_path, result)
