"""Every game's own benchmarks: for each registered game with a `bench` module in its package
(`ludoteca/games/<game>/bench.py`), run its `main()`. What each prints is its part of the page,
as printed: a game's own figures (its search's parts, its costliest rules) with the baseline
each game's bench measures in the same run.

Run: `make bench` or `python bench/games.py [--only G,G]`.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from ludoteca.engine.game import Game
from ludoteca.games import game_names, load_game

sys.path.insert(0, str(Path(__file__).parent))  # the benches' own helpers, beside them
from pages import Tee, fenced, what_it_measures, write_page  # noqa: E402


def bench_module(game: Game[Any]) -> ModuleType | None:
    """The `bench` module of the package the game is declared in, if it has one."""
    package = importlib.import_module(type(game).__module__).__package__
    if not package or importlib.util.find_spec(f"{package}.bench") is None:
        return None
    return importlib.import_module(f"{package}.bench")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", default="", help="comma-separated game names to run")
    args = parser.parse_args()
    only = {name for name in args.only.split(",") if name}
    arguments, sections = sys.argv[1:], []
    for name in game_names():
        if only and name not in only:
            continue
        module = bench_module(load_game(name))
        if module is None or not hasattr(module, "main"):
            print(f"{name}: no benchmarks of its own\n")
            continue
        print(f"=== {name} ({module.__name__})", flush=True)
        sys.argv = [module.__name__]  # each game's main reads its own (default) arguments
        printed = Tee(sys.stdout)
        with contextlib.redirect_stdout(printed):
            module.main()
        print(flush=True)
        sections += [f"## {load_game(name).title}",
                     f"`python -m {module.__name__}`:", fenced(printed.text)]
    write_page("games", "Each game's own benchmarks", what_it_measures(__doc__), sections,
               arguments=arguments)


if __name__ == "__main__":
    main()
