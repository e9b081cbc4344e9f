"""What a researcher can run in minutes on the research interfaces, measured: exact solvers on
a small Goofspiel through the OpenSpiel adapter and at native speed on its exported tree, and
the numpy training example.

- **Exact solvers.** OpenSpiel's Python CFR+ on `python_ludoteca_goofspiel` (2 players, a chance
  node per prize turned up), its exploitability after each block of iterations, and the CPU
  seconds spent; the same on OpenSpiel's own C++ Goofspiel of the same size and rules (prizes
  in random order, bids taken in turns and revealed, win-loss returns:
  `turn_based_simultaneous_game(goofspiel(imp_info=False,...))`), the baseline of the run: at 3
  cards the two reach the same exploitability at every iteration (OpenSpiel's plays the last,
  forced round itself, ours asks it), and the ratio of their seconds is what our Python adapter
  costs. From 4 cards on OpenSpiel's information states forget the order of tied rounds, so
  the games differ (docs/research/openspiel.md).
- **Native speed.** The same game's whole tree exported as a Gambit `.efg` file
  (`ludoteca solve export`, `ludoteca.rl.efg`) and loaded by OpenSpiel's C++
  `load_efg_game`: OpenSpiel's C++ CFR+ (`pyspiel.CFRPlusSolver`) and exploitability
  (`pyspiel.exploitability`) on it, against the same C++ solvers on OpenSpiel's own C++
  Goofspiel (the baseline, in the same run): CPU seconds to set up (export and load; the
  solver's construction), a CFR+ iteration (the mean over the run's iterations) and one
  exploitability. Like with like: at 3 cards the two games are the same (the same
  exploitability at every iteration); at 4 cards OpenSpiel's `imp_info=False` Goofspiel merges
  information sets that ours keeps apart (its information state forgets the order of tied
  rounds), so it is a smaller game with its own exploitability, and each table gives both
  games' information sets. Ours also asks the last, forced round (one legal bid: a decision
  node per deal), which OpenSpiel's plays itself.
- **Gambit.** The 3-card tree read by Gambit (`pygambit.read_efg`) and solved by its
  sequence-form linear program (`pygambit.nash.lp_solve`); its equilibrium and OpenSpiel's C++
  CFR+ one compared on the same file (`ludoteca.rl.profiles`): each one's value for the first
  seat, OpenSpiel's exploitability of Gambit's profile, and Gambit's largest regret of CFR+'s
  profile at one information set (weighted by the chance the profile reaches it, so at most
  twice its exploitability).
- **Training.** `python -m ludoteca.rl.examples.linear_policy`: a linear policy trained with
  numpy by REINFORCE on the Gymnasium environment (one Goofspiel seat against the heuristic),
  its greedy win rate on the same 400 matches at each checkpoint.

Run: `python bench/research.py [--cards 3] [--iterations 24] [--native-cards 3,4]
[--native-iterations 100] [--gambit-cards 3] [--episodes 8000]`; it writes its
page of the documentation site (docs/bench/research.md).
"""

from __future__ import annotations

import argparse
import io
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygambit
import pyspiel
from open_spiel.python.algorithms import cfr, exploitability
from pages import rich_markdown, write_page
from rich.console import Console
from rich.table import Table

from ludoteca.rl import efg, openspiel
from ludoteca.rl.examples.linear_policy import train
from ludoteca.rl.profiles import infosets, to_policy, to_profile, weighted_regret


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
    every = max(1, iterations // 4)
    table = Table(title=f"CFR+ on a {cards}-card Goofspiel, 2 players: exploitability and "
                        "CPU seconds")
    for column in ("iterations", "ours: exploitability", "ours: CPU s",
                   "OpenSpiel's C++ Goofspiel: exploitability", "its CPU s", "ours / its"):
        table.add_column(column, justify="right")
    for (done, found, spent), (_, base, base_spent) in zip(
        solve(ours, iterations, every), solve(theirs(cards), iterations, every), strict=True
    ):
        table.add_row(str(done), f"{found:.4f}", f"{spent:.1f}", f"{base:.4f}",
                      f"{base_spent:.2f}", f"{spent / base_spent:.0f}x")
    return table


def theirs(cards: int) -> Any:
    """OpenSpiel's own C++ Goofspiel of the same size and rules."""
    return pyspiel.load_game(
        "turn_based_simultaneous_game(game=goofspiel(imp_info=False,num_cards="
        f"{cards},players=2,points_order=random,returns_type=win_loss))")


def cpu(work: Callable[[], Any]) -> tuple[Any, float]:
    """What `work` returns and the CPU seconds it took."""
    start = time.process_time()
    found = work()
    return found, time.process_time() - start


def exported(cards: int) -> tuple[Any, float]:
    """Our Goofspiel's tree exported and loaded by OpenSpiel's C++ efg_game, and the CPU
    seconds of both."""
    def work() -> Any:
        text = io.StringIO()
        efg.write_efg(openspiel.load("goofspiel", 2, {"cards": cards}), text)
        return pyspiel.load_efg_game(text.getvalue())
    return cpu(work)


def native(game: Any, iterations: int) -> tuple[float, float, float, float]:
    """C++ CFR+ on `game`: the solver's set-up, a mean iteration and one exploitability in CPU
    seconds, and the exploitability after `iterations`."""
    solver, setup = cpu(lambda: pyspiel.CFRPlusSolver(game))
    _, spent = cpu(lambda: [solver.evaluate_and_update_policy() for _ in range(iterations)])
    found, measuring = cpu(lambda: pyspiel.exploitability(game, solver.average_policy()))
    return setup, spent / iterations, measuring, found


def infoset_count(game: Any) -> int:
    """The first player's information sets (both have as many in Goofspiel)."""
    return efg.write_efg(game, io.StringIO()).infosets[0]


def native_table(cards: list[int], iterations: int) -> Table:
    table = Table(title=f"Native speed: OpenSpiel's C++ CFR+ ({iterations} iterations) and "
                        "exploitability on our exported tree and on OpenSpiel's C++ Goofspiel, "
                        "2 players, CPU seconds")
    for column in ("cards", "game", "information sets a player", "set-up s", "iteration s",
                   "exploitability s", "exploitability"):
        table.add_column(column, justify="right")
    for count in cards:
        ours, loading = exported(count)
        base = theirs(count)
        found = native(ours, iterations)
        baseline = native(base, iterations)
        table.add_row(str(count), "ours (.efg)", f"{infoset_count(ours):,}",
                      f"{loading + found[0]:.3f}", f"{found[1]:.5f}", f"{found[2]:.4f}",
                      f"{found[3]:.6f}")
        table.add_row(str(count), "OpenSpiel's Goofspiel", f"{infoset_count(base):,}",
                      f"{baseline[0]:.3f}", f"{baseline[1]:.5f}", f"{baseline[2]:.4f}",
                      f"{baseline[3]:.6f}")
        table.add_row(str(count), "ours / its", "", f"{(loading + found[0]) / baseline[0]:.1f}x",
                      f"{found[1] / baseline[1]:.2f}x", f"{found[2] / baseline[2]:.2f}x", "")
    return table


def gambit_table(cards: int, iterations: int) -> Table:
    table = Table(title=f"Gambit and CFR+ on the same exported {cards}-card Goofspiel "
                        "(2 players)")
    for column in ("solver", "CPU s", "value for the first seat", "OpenSpiel's exploitability",
                   "Gambit's largest weighted regret"):
        table.add_column(column, justify="right")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "goofspiel.efg"
        efg.export("goofspiel", 2, {"cards": cards}, path)
        spiel = pyspiel.load_efg_game(path.read_text())
        gambit, read = cpu(lambda: pygambit.read_efg(str(path)))
    sets = infosets(spiel)
    solved, lp = cpu(lambda: pygambit.nash.lp_solve(gambit, rational=False).equilibria[0])
    solver = pyspiel.CFRPlusSolver(spiel)
    _, spent = cpu(lambda: [solver.evaluate_and_update_policy() for _ in range(iterations)])
    averaged = solver.average_policy()
    from_gambit = to_policy(solved, sets)
    as_profile = to_profile(averaged, sets, gambit)
    first = list(gambit.players)[0]
    table.add_row("Gambit lp_solve (read and solve)", f"{read + lp:.2f}",
                  f"{float(solved.payoff(first)):+.6f}",
                  f"{pyspiel.exploitability(spiel, from_gambit):.2e}",
                  f"{weighted_regret(to_profile(from_gambit, sets, gambit)):.2e}")
    table.add_row(f"OpenSpiel C++ CFR+, {iterations} iterations", f"{spent:.2f}",
                  f"{float(as_profile.payoff(first)):+.6f}",
                  f"{pyspiel.exploitability(spiel, averaged):.2e}",
                  f"{weighted_regret(as_profile):.2e}")
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
    parser.add_argument("--native-cards", default="3,4",
                        help="Goofspiel's cards for the native solvers, comma-separated")
    parser.add_argument("--native-iterations", type=int, default=100,
                        help="C++ CFR+ iterations on each native game")
    parser.add_argument("--gambit-cards", type=int, default=3,
                        help="Goofspiel's cards for Gambit against CFR+")
    parser.add_argument("--episodes", type=int, default=8000, help="training episodes")
    args = parser.parse_args()
    console = Console(width=140)
    native_cards = [int(c) for c in args.native_cards.split(",")]
    tables = [solvers_table(args.cards, args.iterations),
              native_table(native_cards, args.native_iterations),
              gambit_table(args.gambit_cards, args.native_iterations * 10),
              training_table(args.episodes)]
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
