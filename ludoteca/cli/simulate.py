"""`ludoteca simulate GAME`: a balance study written as an HTML report with plots."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from ludoteca.cli.common import fail, parse_key_values
from ludoteca.cli.tournament import checked_game, checked_specs
from ludoteca.sim.options import option_sets, parse_sweep
from ludoteca.sim.progress import progress_bar
from ludoteca.sim.report import write_report
from ludoteca.sim.study import run_study


def simulate(
    game: str = typer.Argument(..., help="The game (see `ludoteca games`)."),
    games: int = typer.Option(..., "--games", "-g", help="Matches per option set.", min=1),
    report: Path = typer.Option(..., "--report", help="Directory for index.html and plots."),
    players: int | None = typer.Option(
        None, "--players", "-p", help="Players per match (default: the game's minimum)."
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="A game option KEY=VALUE."),
    sweep: str | None = typer.Option(
        None, "--sweep", help="Compare values of one option side by side: KEY=V1,V2,..."
    ),
    bots: str = typer.Option("heuristic", "--bots", help="Bot spec(s), rotated over the seats."),
    workers: int = typer.Option(1, "--workers", "-w", help="Local processes.", min=1),
    seed: int = typer.Option(0, "--seed", help="Master seed; each match's seed derives from it."),
) -> None:
    """Play many bot matches and write a balance report: win rate by seat, score
    distributions, game length and the game's own statistics."""
    resolved, _ = checked_game(game, players, option)
    count = players if players is not None else resolved.min_players
    specs = checked_specs(bots)
    try:
        configs = option_sets(parse_key_values(option), parse_sweep(sweep) if sweep else None)
        for _, options in configs:
            resolved.options(options)
    except ValueError as exc:
        fail(str(exc))
    with progress_bar(f"{resolved.name} study", games * len(configs)) as advance:
        study = run_study(resolved, count, configs, games, specs, seed, workers, advance)
    index = write_report(study, report)
    Console().print(f"report written to {index}")
