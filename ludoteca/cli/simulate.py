"""`ludoteca simulate GAME`: a balance study written as an HTML report with plots."""

from __future__ import annotations

import time
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from ludoteca.cli import common
from ludoteca.sim.progress import progress_bar
from ludoteca.sim.report import side_label, write_report
from ludoteca.sim.study import Study, run_study


def summary_table(study: Study) -> Table:
    """The study's figures in the terminal: per option set, win rates and each game section."""
    table = Table(title=f"{study.title}, {study.players} players")
    table.add_column("figure", overflow="fold")
    for config in study.configs:
        table.add_column(config.label, overflow="fold")
    summaries = [c.summary(study.sections) for c in study.configs]
    side = side_label(study.configs)
    rows = {
        "matches": [str(s["matches"]) for s in summaries],
        f"win rate by {side}": [_rates(s["seat_win_rate"]) for s in summaries],
        "mean actions": [f"{s['mean_length']:.1f}" for s in summaries],
    }
    for section in study.sections:
        rows[section.title] = [_figure(s["sections"].get(section.title)) for s in summaries]
    for name, cells in rows.items():
        table.add_row(name, *cells)
    return table


def _rates(rates: list[float]) -> str:
    return ", ".join(f"{rate:.0%}" for rate in rates)


def _figure(found: dict[str, float] | None) -> str:
    if found is None:
        return "-"
    if "mean" in found and "count" in found:
        return f"mean {found['mean']:.3g} ({found['min']:g}–{found['max']:g})"
    return ", ".join(f"{key}: {value:.3g}" for key, value in found.items())


def simulate(
    game: str = typer.Argument(..., help="The game (see `ludoteca games`)."),
    games: int = typer.Option(..., "--games", "-g", help="Matches per option set."),
    report: Path = typer.Option(..., "--report", help="Folder for index.html and the plots."),
    players: int | None = typer.Option(
        None, "--players", "-p", help="Players per match (default: the game's minimum)."
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="A game option KEY=VALUE."),
    sweep: str | None = typer.Option(
        None, "--sweep", help="Compare values of one option side by side: KEY=V1,V2,..."
    ),
    bots: str = typer.Option(
        "heuristic", "--bots", help="Bot spec(s), rotated over the seats (see `tournament`)."
    ),
    workers: int | None = common.WORKERS_OPTION,
    ray: str | None = common.RAY_OPTION,
    seed: int = typer.Option(0, "--seed", help="Master seed; each match's seed derives from it."),
) -> None:
    """A balance study: many bot matches, written as an HTML report with plots.

    The report shows win rate by seat, score distributions, game length and the game's own
    statistics, every option set of a sweep side by side. With --ray the matches run on a Ray
    cluster, with the same results for the same seed. Ctrl-C stops the study and reports the
    matches played so far.
    """
    found = common.game_named(game)
    count = common.player_count(found, players)
    configs = common.option_sets(found, option, sweep)
    for _, options in configs:
        common.table_checked(found, count, options)
    specs = common.bot_specs(found, bots)
    common.match_count(games, len(configs))
    common.seed_in_range(seed, "--seed")
    common.worker_count(workers)
    address = common.ray_address(ray)
    common.output_folder(report, "--report")
    start = time.perf_counter()
    total = games * len(configs)
    with common.cluster_errors(), progress_bar(f"{found.name} study", total) as advance:
        study = run_study(found, count, configs, games, specs, seed, workers, advance, address)
    seconds = time.perf_counter() - start
    played = sum(len(c.records) for c in study.configs)
    if study.interrupted:
        typer.echo(f"Interrupted: {played} of {games * len(configs)} matches played.", err=True)
        if not played:
            raise typer.Exit(common.INTERRUPTED)
    console = Console()
    console.print(summary_table(study))
    index = write_report(study, report)
    console.print(f"{played} matches in {seconds:.1f} s; report written to {index}")
    if study.interrupted:
        raise typer.Exit(common.INTERRUPTED)
