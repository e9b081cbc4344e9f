"""Engine throughput per game: random-playout actions/s and clones/s, as ratios to a baseline.

The baseline is the engine's reference game (Goofspiel) measured in the same run; with the `rl`
extra installed, OpenSpiel's python_tic_tac_toe is driven the same way for comparison.
Run: `make bench` or `python bench/engine.py [--seconds S]`.
"""

from __future__ import annotations

import argparse
import random
import time

from rich.console import Console
from rich.table import Table

from ludoteca.engine.speed import Throughput, measure
from ludoteca.games import game_names, load_game

BASELINE = "goofspiel"  # the reference game: the smallest complete game of the contract
LARGEST_TABLE = 15  # players measured at most: a table of 40 takes minutes per playout


def open_spiel_tic_tac_toe(seconds: float) -> Throughput | None:
    """OpenSpiel's Python tic-tac-toe under the same random driver, if open_spiel is installed."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(0)
    actions = playouts = 0
    samples = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
            if len(state.history()) == 4:
                samples.append(state.clone())
        playouts += 1
    elapsed = time.perf_counter() - start
    clones = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for sample in samples:
            sample.clone()
        clones += len(samples)
    return Throughput(actions / elapsed, clones / (time.perf_counter() - start), playouts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    baseline = measure(load_game(BASELINE), 2, args.seconds)
    rows: list[tuple[str, Throughput]] = [(f"{BASELINE}, 2 players (baseline)", baseline)]
    for name in game_names():
        game = load_game(name)
        for players in sorted({game.min_players, min(game.max_players, LARGEST_TABLE)}):
            rows.append((f"{name}, {players} players", measure(game, players, args.seconds)))
    reference = open_spiel_tic_tac_toe(args.seconds)
    if reference is not None:
        rows.append(("open_spiel python_tic_tac_toe", reference))
    table = Table(title="Random playouts and clones (ratios to the baseline, same run)")
    for column in ("game", "actions/s", "ratio", "clones/s", "ratio", "playouts"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for label, t in rows:
        table.add_row(
            label,
            f"{t.actions_per_second:,.0f}",
            f"{t.actions_per_second / baseline.actions_per_second:.3f}",
            f"{t.clones_per_second:,.0f}",
            f"{t.clones_per_second / baseline.clones_per_second:.3f}",
            str(t.playouts),
        )
    Console().print(table)


if __name__ == "__main__":
    main()
