"""A balance search's verdict, timed: how long the bootstrap of a finished study's verdict
takes now (vectorised, `ludoteca.sim.bootstrap`) against the same resamples read match by
match (the former pure-Python bootstrap), in one run.

The study: Goofspiel between random bots, its first seat's head start searched from 7 (0 is
fair) with the seat-fairness objective, as `ludoteca tune goofspiel --objective seat-fairness`
runs it, `--games` matches a candidate. Its verdict screens the search's three best candidates
and the start on fresh matches, then confirms the chosen one against the start: six
bootstraps of 1,000 resamples each and the paired one of the difference. The table gives the
whole search's CPU seconds, the verdict's (its matches included), and the bootstrap's alone,
both ways, with the intervals each found (the same resamples: the same intervals).

Run: `python bench/tuning.py [--games 600] [--budget 8]`; it writes its page of the
documentation site (docs/bench/tuning.md).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from ludoteca import load_game
from ludoteca.bots.spec import parse_spec
from ludoteca.sim import tune_verdict
from ludoteca.sim.candidates import (
    BOOTSTRAP,
    Search,
    candidate,
    interval,
    objective,
    play,
    start_params,
)
from ludoteca.sim.candidates import measured as vectorised
from ludoteca.sim.objectives import parse_objectives
from ludoteca.sim.runner import match_seed
from ludoteca.sim.tune import run_search

sys.path.insert(0, str(Path(__file__).parent))  # the benches' own helpers, beside them
from pages import rich_markdown, what_it_measures, write_page  # noqa: E402


def head_start_search(games: int, budget: int) -> Search:
    game = load_game("goofspiel")
    tunables = [t for t in game.tunables(2) if t.name == "head_start"]
    terms = parse_objectives(["seat-fairness"], game, tuning_bot=False)
    options = game.options({"variant": {"head_start": 7}})
    return Search(game, 2, terms, tunables, options, [parse_spec("random")], budget, games, 1, 1)


def match_by_match(search: Search, c: Any, records: list[dict[str, Any]]) -> tuple[float, float]:
    """The former bootstrap: the objective read again from each resample's records."""
    rng = random.Random(search.seed)
    samples = [objective(search, c, rng.choices(records, k=len(records)))
               for _ in range(BOOTSTRAP)]
    return interval(samples)


def cpu_seconds(work: Any) -> tuple[Any, float]:
    start = time.process_time()
    found = work()
    return found, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600, help="matches a candidate")
    parser.add_argument("--budget", type=int, default=8, help="trials of the search")
    args = parser.parse_args()
    search = head_start_search(args.games, args.budget)
    judged: list[float] = []
    judge = tune_verdict.judge

    def timed_judge(*given: Any) -> Any:
        found, spent = cpu_seconds(lambda: judge(*given))
        judged.append(spent)
        return found

    import ludoteca.sim.tune as tune_module

    setattr(tune_module, "judge", timed_judge)  # noqa: B010 (the search calls it by this name)
    with tempfile.TemporaryDirectory() as folder:
        _, whole = cpu_seconds(lambda: run_search(search, Path(folder) / "study.sqlite3"))
    start = candidate(search, start_params(search))
    records = play(search, [start], match_seed(search.seed, tune_verdict.CONFIRM), None)
    assert records is not None
    fast, fast_s = cpu_seconds(lambda: vectorised(search, start, records[0],
                                                  random.Random(search.seed)).ci95)
    slow, slow_s = cpu_seconds(lambda: match_by_match(search, start, records[0]))
    table = Table(title=f"A finished head-start search's verdict, {args.games} matches a "
                        "candidate: CPU seconds")
    for column in ("part", "CPU s", "95% interval found"):
        table.add_column(column, justify="right")
    table.add_row(f"the whole search ({args.budget} trials and the verdict)", f"{whole:.1f}", "")
    table.add_row("the verdict (its matches and its 7 bootstraps)", f"{sum(judged):.1f}", "")
    table.add_row("one bootstrap, vectorised (numpy)", f"{fast_s:.3f}",
                  f"{fast[0]:.4f} to {fast[1]:.4f}")
    table.add_row("one bootstrap, match by match (former)", f"{slow_s:.3f}",
                  f"{slow[0]:.4f} to {slow[1]:.4f}")
    table.add_row("match by match / vectorised", f"{slow_s / fast_s:.0f}x", "")
    console = Console(width=120)
    console.print(table)
    page = write_page("tuning", "A balance search's verdict, timed", what_it_measures(__doc__),
                      [rich_markdown(table)])
    console.print(f"page written to {page}")


if __name__ == "__main__":
    main()
