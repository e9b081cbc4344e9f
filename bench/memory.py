"""Memory of balance studies: the peak resident memory of a study of each game, at two sizes,
each in a fresh process (one worker), so that the growth with the number of games shows. The
baseline is the same process before the study (the interpreter and the imported game). A study
keeps every match's record for its report (a few kB each, measured here); beyond the records
nothing should grow with the number of games, every cache being bounded.

Run: `python bench/memory.py [--games 250,1000] [--bots random] [--only G,G]`.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from ludoteca.games import game_names, load_game
from ludoteca.sim.study import run_study

sys.path.insert(0, str(Path(__file__).parent))  # the benches' own helpers, beside them
from pages import rich_markdown, what_it_measures, write_page  # noqa: E402


def peak_mb() -> float:
    """The peak resident memory of this process so far, in MB (Linux reports kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(name: str, games: int, bots: list[str]) -> None:
    """Run one study here and print its figures as JSON (the parent reads them)."""
    game = load_game(name)
    game.setup(game.min_players, 0)  # imports and tables the game builds on first use
    before = peak_mb()
    start = time.perf_counter()
    study = run_study(game, game.min_players, [("base", {})], games, bots, seed=1, workers=1)
    records = [record for config in study.configs for record in config.records]
    print(json.dumps({
        "baseline": before, "peak": peak_mb(), "seconds": time.perf_counter() - start,
        "matches": len(records), "records": deep_size(records) / 2**20,
    }))


def deep_size(value: Any, seen: set[int] | None = None) -> int:
    """Bytes of a record's containers and values, each object counted once."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return 0
    seen.add(id(value))
    size = sys.getsizeof(value)
    if isinstance(value, dict):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in value.items())
    elif isinstance(value, list | tuple):
        size += sum(deep_size(v, seen) for v in value)
    return size


def measure(name: str, games: int, bots: list[str]) -> dict[str, float]:
    args = [sys.executable, __file__, "--child", name, "--games", str(games),
            "--bots", ",".join(bots)]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    figures: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default="250,1000", help="study sizes, comma-separated")
    parser.add_argument("--bots", default="random", help="the bots of the study")
    parser.add_argument("--only", default="", help="comma-separated game names to run")
    parser.add_argument("--child", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    bots = args.bots.split(",")
    sizes = [int(n) for n in args.games.split(",")]
    if args.child:
        child(args.child, sizes[0], bots)
        return
    only = {n for n in args.only.split(",") if n}
    table = Table(title=f"Peak memory of a study ({args.bots} bots, one worker, fresh process)")
    for column in ("game", "players", "games", "seconds", "baseline MB", "peak MB",
                   "study MB", "records MB", "growth per 1,000 games", "beyond the records"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for name in game_names():
        if only and name not in only:
            continue
        players = load_game(name).min_players
        rows = [(games, measure(name, games, bots)) for games in sizes]
        first_games, last_games = sizes[0], sizes[-1]
        added = [f["peak"] - f["baseline"] for _, f in rows]
        beyond = [a - f["records"] for a, (_, f) in zip(added, rows, strict=True)]
        per_1000 = 1000 / (last_games - first_games)
        growth = (added[-1] - added[0]) * per_1000
        other = (beyond[-1] - beyond[0]) * per_1000
        for (games, figures), study in zip(rows, added, strict=True):
            last = games == last_games
            table.add_row(
                name, str(players), str(games), f"{figures['seconds']:.0f}",
                f"{figures['baseline']:.1f}", f"{figures['peak']:.1f}", f"{study:.1f}",
                f"{figures['records']:.1f}", f"{growth:+.1f} MB" if last else "",
                f"{other:+.1f} MB" if last else "",
            )
    Console(width=140).print(table)
    write_page("memory", "Memory of balance studies", what_it_measures(__doc__),
               [rich_markdown(table)])


if __name__ == "__main__":
    main()
