"""`ludoteca tournament GAME`: bots against each other, with a results table."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from ludoteca.cli import common
from ludoteca.sim.progress import progress_bar
from ludoteca.sim.tournament import TournamentResult, run_tournament


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
    players: int | None = typer.Option(
        None, "--players", "-p", help="Players per match (default: the game's minimum)."
    ),
    bots: str = typer.Option(
        "mcts:iterations=200,heuristic,random",
        "--bots",
        help="Comma-separated bot specs: random, heuristic, mcts:iterations=N, mcts:seconds=S "
        "(mcts also takes c=, rollout=random|heuristic, horizon=, bias=, margin=, focus=; every "
        "bot takes level=, its reaction speed in real time).",
    ),
    games: int = typer.Option(30, "--games", "-g", help="Matches to play."),
    seed: int = typer.Option(0, "--seed", help="Master seed; each match's seed derives from it."),
    workers: int | None = common.WORKERS_OPTION,
    ray: str | None = common.RAY_OPTION,
    option: list[str] = typer.Option([], "--option", "-o", help="A game option KEY=VALUE."),
    json_path: Path | None = typer.Option(None, "--json", help="Write the results as JSON."),
    csv_path: Path | None = typer.Option(None, "--csv", help="Write the results as CSV."),
) -> None:
    """Pit bots against each other: win rates, 95% intervals, mean scores and Elo.

    Every bot plays every seat (every team, where the game has teams) equally often. Shared
    wins count as a fraction (1/k of a win each). With --ray the matches run on a Ray cluster,
    with the same results for the same seed. Ctrl-C stops the tournament and shows the matches
    played so far.
    """
    found = common.game_named(game)
    count = common.player_count(found, players)
    options = common.game_options(found, option)
    common.table_checked(found, count, options)
    specs = common.bot_specs(found, bots)
    common.match_count(games)
    common.seed_in_range(seed, "--seed")
    common.worker_count(workers)
    address = common.ray_address(ray)
    if json_path is not None:
        common.output_file(json_path, "--json")
    if csv_path is not None:
        common.output_file(csv_path, "--csv")
    with common.cluster_errors(), progress_bar(f"{found.name} tournament", games) as advance:
        result = run_tournament(
            found, count, specs, games, seed, options, workers, advance, address
        )
    if result.interrupted:
        typer.echo(f"Interrupted: {result.games} of {games} matches played.", err=True)
        if not result.records:
            raise typer.Exit(common.INTERRUPTED)
    Console().print(results_table(result))
    if json_path is not None:
        json_path.write_text(json.dumps(result.to_json(), indent=2) + "\n")
    if csv_path is not None:
        write_csv(csv_path, result)
    if result.interrupted:
        raise typer.Exit(common.INTERRUPTED)
