"""What a researcher can run in minutes on the research interfaces, measured: exact solvers on
a small Goofspiel through the OpenSpiel adapter, and the numpy training example.

- **Exact solvers.** OpenSpiel's Python CFR+ on `python_ludoteca_goofspiel` (2 players, a chance
  node per prize turned up), its exploitability after each block of iterations, and the CPU
  seconds spent; the same on OpenSpiel's own C++ Goofspiel of the same size and rules (prizes
  in random order, bids taken in turns and revealed, win-loss returns:
  `turn_based_simultaneous_game(goofspiel(imp_info=False,...))`), the baseline of the run: at 3
  cards the two reach the same exploitability at every iteration (OpenSpiel's plays the last,
  forced round itself, ours asks it), and the ratio of their seconds is what our Python adapter
  costs. From 4 cards on OpenSpiel's information states forget the order of tied rounds, so
  the games differ (docs/research/openspiel.md).
- **Training.** `python -m ludoteca.rl.examples.linear_policy`: a linear policy trained with
  numpy by REINFORCE on the Gymnasium environment (one Goofspiel seat against the heuristic),
  its greedy win rate on the same 400 matches at each checkpoint.

Run: `python bench/research.py [--cards 3] [--iterations 24] [--episodes 8000]`; it writes its
page of the documentation site (docs/bench/research.md).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability
from pages import rich_markdown, write_page
from rich.console import Console
from rich.table import Table

from ludoteca.rl import openspiel
from ludoteca.rl.examples.linear_policy import train


def solve(game: Any, iterations: int, every: int) -> list[tuple[int, float, float]]:
    """CFR+ on `game`: (iterations, exploitability, the solver's CPU seconds so far, its set-up
    included and the exploitability's measurement not) every `every` iterations."""
    start = time.process_time()
    solver = cfr.CFRPlusSolver(game)
    spent = time.process_time() - start
    out = []
    for done in range(1, iterations + 1):
        start = time.process_time()
        solver.evaluate_and_update_policy()
        spent += time.process_time() - start
        if done % every == 0:
            out.append((done, exploitability.exploitability(game, solver.average_policy()),
                        spent))
    return out


def solvers_table(cards: int, iterations: int) -> Table:
    ours = openspiel.load("goofspiel", 2, {"cards": cards})
    theirs = pyspiel.load_game(
        "turn_based_simultaneous_game(game=goofspiel(imp_info=False,num_cards="
        f"{cards},players=2,points_order=random,returns_type=win_loss))")
    every = max(1, iterations // 4)
    table = Table(title=f"CFR+ on a {cards}-card Goofspiel, 2 players: exploitability and "
                        "CPU seconds")
    for column in ("iterations", "ours: exploitability", "ours: CPU s",
                   "OpenSpiel's C++ Goofspiel: exploitability", "its CPU s", "ours / its"):
        table.add_column(column, justify="right")
    for (done, found, spent), (_, base, base_spent) in zip(
        solve(ours, iterations, every), solve(theirs, iterations, every), strict=True
    ):
        table.add_row(str(done), f"{found:.4f}", f"{spent:.1f}", f"{base:.4f}",
                      f"{base_spent:.2f}", f"{spent / base_spent:.0f}x")
    return table


def training_table(episodes: int) -> Table:
    table = Table(title="A linear policy trained with numpy, one Goofspiel seat against the "
                        "heuristic: greedy win rate over 400 fixed matches")
    for column in ("episodes", "win rate", "seconds"):
        table.add_column(column, justify="right")
    for point in train(episodes=episodes, every=max(1, episodes // 8)):
        table.add_row(str(point.episodes), f"{point.win_rate:.1%}", f"{point.seconds:.0f}")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=3, help="Goofspiel's cards for CFR+")
    parser.add_argument("--iterations", type=int, default=24, help="CFR+ iterations")
    parser.add_argument("--episodes", type=int, default=8000, help="training episodes")
    args = parser.parse_args()
    console = Console(width=140)
    tables = [solvers_table(args.cards, args.iterations), training_table(args.episodes)]
    for table in tables:
        console.print(table)
    page = write_page(
        "research", "Research interfaces: exact solvers and a training example",
        __doc__.split("\n\n", 1)[1].rsplit("\n\nRun:", 1)[0],
        [rich_markdown(table) for table in tables],
    )
    console.print(f"page written to {page}")


if __name__ == "__main__":
    main()
