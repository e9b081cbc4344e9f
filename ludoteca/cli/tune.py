"""`ludoteca tune GAME`: search the game's tunable parameters (or a bot's) for what a designer
asks, and write the answer as an HTML report."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from ludoteca.bots.spec import BotSpec, bot_tunables
from ludoteca.cli import common
from ludoteca.engine.codec import quote
from ludoteca.engine.game import Game
from ludoteca.engine.tunables import Tunable
from ludoteca.sim.candidates import Search, start_params
from ludoteca.sim.objectives import parse_objectives
from ludoteca.sim.progress import progress_bar
from ludoteca.sim.tune import ROUND, Outcome, finished, open_study, run_search
from ludoteca.sim.tune_report import write_tune_report
from ludoteca.sim.tune_verdict import FINALISTS, shown, verdict_text

MAX_BUDGET = 10_000  # trials of one search
STUDY_FILE = "study.sqlite3"


def chosen_tunables(available: list[Tunable], names: list[str], what: str) -> list[Tunable]:
    """The parameters `--param` names (all of them without it)."""
    if not available:
        common.fail(f"{what} has no parameters to tune")
    if not names:
        return available
    by_name = {t.name: t for t in available}
    unknown = [n for n in names if n not in by_name]
    if unknown:
        common.fail(
            f"--param {quote(unknown[0])} is not a tunable parameter of {what}; "
            f"its parameters: {', '.join(by_name)}"
        )
    if len(set(names)) < len(names):
        common.fail("--param names a parameter twice")
    return [by_name[n] for n in names]


def _bot(game: Game[Any], text: str) -> BotSpec:
    spec = common.bot_specs(game, text)
    if len(spec) != 1:
        common.fail(f"--bot names one bot to tune, not {len(spec)}")
    return spec[0]


def _storage(report: Path, storage: Path | None) -> Path:
    """The study's SQLite file, checked before any match is played."""
    if storage is None:
        return report / STUDY_FILE
    return common.output_file(storage, "--storage")


def tune(
    game: str = typer.Argument(..., help="The game (see `ludoteca games`)."),
    objective: list[str] = typer.Option(
        ..., "--objective", help="What to aim at, NAME[=ARG][:WEIGHT]; repeat to combine "
        "(seat-fairness, closeness, length=LOW-HIGH, published, win-rate-vs=BOT, or one of the "
        "game's measures).",
    ),
    budget: int = typer.Option(..., "--budget", "-b", help="Candidates to try (trials)."),
    games: int = typer.Option(..., "--games", "-g", help="Matches per candidate."),
    report: Path = typer.Option(..., "--report", help="Folder for index.html, plots, trials."),
    players: int | None = typer.Option(
        None, "--players", "-p", help="Players per match (default: the game's minimum)."
    ),
    param: list[str] = typer.Option(
        [], "--param", help="Search only this parameter (repeat; default: all of them)."
    ),
    option: list[str] = typer.Option(
        [], "--option", "-o", help="A game option KEY=VALUE the search starts from."
    ),
    bot: str | None = typer.Option(
        None, "--bot", help="Tune this bot's parameters instead of the game's (e.g. mcts)."
    ),
    bots: str = typer.Option(
        "heuristic", "--bots", help="Bots rotated over the seats while tuning a game."
    ),
    storage: Path | None = typer.Option(
        None, "--storage", help=f"The study's SQLite file (default: REPORT/{STUDY_FILE}); "
        "run the same command again to resume a stopped search.",
    ),
    workers: int | None = common.WORKERS_OPTION,
    ray: str | None = common.RAY_OPTION,
    seed: int = typer.Option(0, "--seed", help="Master seed of the sampler and the matches."),
) -> None:
    """Balance tuning: search the game's numbers (or a bot's) for what you ask.

    Every candidate plays --games matches on the same seeds as the other candidates of its
    round (on local processes, or on Ray with --ray). The best few are then measured again on
    fresh seeds with the starting numbers, and the one chosen there once more on other fresh
    seeds: the verdict (better, not proven, nothing better than the start) comes from those,
    with 95% intervals. The study is kept in SQLite: Ctrl-C stops it, and the same command
    resumes it.
    """
    found = common.game_named(game)
    count = common.player_count(found, players)
    options = common.game_options(found, option)
    common.table_checked(found, count, options)
    tuned = _bot(found, bot) if bot is not None else None
    specs = common.bot_specs(found, bots)
    terms = common.checked(lambda: parse_objectives(objective, found, tuned is not None))
    if tuned is None:
        what = f"{found.title or found.name}"
        available = found.tunables(count)
    else:
        what = f"the {tuned.bot} bot"
        available = common.checked(lambda: bot_tunables(tuned))
    tunables = chosen_tunables(available, param, what)
    if not 1 <= budget <= MAX_BUDGET:
        common.fail(f"--budget must be from 1 to {MAX_BUDGET}, not {budget}")
    if not 1 <= games <= common.MAX_GAMES // ROUND:  # a round's records are kept together
        common.fail(f"--games (matches per candidate) must be from 1 to "
                    f"{common.MAX_GAMES // ROUND}, not {games}")
    common.seed_in_range(seed, "--seed")
    common.worker_count(workers)
    address = common.ray_address(ray)
    common.output_folder(report, "--report")
    path = _storage(report, storage)
    search = Search(found, count, terms, tunables, options, specs, budget, games, seed, workers,
                    tuned, address)
    report.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    try:
        before = common.checked(lambda: finished(_opened(search, path)))
        total = max(0, budget - before) * games + (FINALISTS + 3) * games
        with common.cluster_errors(), progress_bar(f"{found.name} tuning", total) as advance:
            outcome = run_search(search, path, advance)
    except KeyboardInterrupt:
        _stopped(path)
    if outcome.interrupted:
        _stopped(path)
    seconds = time.perf_counter() - start
    console = Console()
    console.print(summary_table(outcome))
    console.print(verdict_text(outcome.trials, outcome.best, outcome.remeasured, outcome.verdict))
    index = write_tune_report(outcome, report)
    again = f", {outcome.retried} of them replaying a round cut short" if outcome.retried else ""
    console.print(
        f"{outcome.new_trials} new trials{again}; {outcome.finished_trials} finished in the "
        f"study; {seconds:.1f} s; report written to {index}"
    )


def _opened(search: Search, path: Path) -> Any:
    """The study, or a ValueError when the file is not one Optuna can use."""
    try:
        return open_study(search, path)
    except Exception as exc:  # SQLAlchemy's and Optuna's own errors, which share no base
        if isinstance(exc, ValueError):
            raise
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        raise ValueError(
            f"cannot keep the study in {path}: not a study file Optuna can use ({reason})"
        ) from None


def _stopped(path: Path) -> None:
    typer.echo(
        f"Interrupted: the finished trials are saved in {path}; run the same command to "
        "resume (a round cut short is played again, the same candidates on the same seeds).",
        err=True,
    )
    raise typer.Exit(common.INTERRUPTED)


def summary_table(outcome: Outcome) -> Table:
    """The chosen candidate's settings next to the start's, both measured again on the same
    fresh seeds; the verdict is its title."""
    kind = outcome.verdict.kind if outcome.verdict else "nothing judged"
    table = Table(title=f"Verdict on fresh seeds: {kind}")
    table.add_column("", overflow="fold")
    table.add_column("start", overflow="fold")
    table.add_column("best candidate", overflow="fold")
    if outcome.best is None or not outcome.remeasured:
        table.add_row("no candidate to compare", "-", "-")
        return table
    start_measured = outcome.remeasured["start"]
    best = outcome.remeasured["best"]
    start = start_params(outcome.search)
    for tunable in outcome.search.tunables:
        value = outcome.best["params"].get(tunable.name)
        table.add_row(tunable.name, shown(start[tunable.name]), shown(value))
    for label in best.terms:
        table.add_row(label, f"{start_measured.terms[label]:.3g}", f"{best.terms[label]:.3g}")
    table.add_row(
        "objective [95%]",
        f"{start_measured.loss:.3g} [{start_measured.ci95[0]:.3g}, {start_measured.ci95[1]:.3g}]",
        f"{best.loss:.3g} [{best.ci95[0]:.3g}, {best.ci95[1]:.3g}]",
    )
    return table
