"""Engine throughput per game: random-playout actions/s and clones/s, as ratios to a baseline.

The baseline is the engine's reference game (Goofspiel) measured in the same run; OpenSpiel's
python_tic_tac_toe (from the `rl` extra) is driven the same way, and every game at every player
count is compared with it (the goal: at least as many actions/s). Each figure is the best of a
few rounds, the rounds interleaved, so that other processes on the machine weigh on every row
alike. `--profile` prints, per game, where random playouts spend their time (cProfile).

Run: `make bench` or `python bench/engine.py [--seconds S] [--rounds R] [--profile]`.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from ludoteca.engine.speed import Throughput, measure, random_playout
from ludoteca.games import game_names, load_game

BASELINE = "goofspiel"  # the reference game: the smallest complete game of the contract
LARGEST_TABLE = 15  # players measured at most: a table of 40 takes minutes per playout
REFERENCE = "open_spiel python_tic_tac_toe"
ROUND_SEEDS = 1_000_000  # seeds per round
PROFILE_SECONDS = 3.0  # random playouts profiled per game and player count
PROFILE_LINES = 12  # functions listed per profile, by their own time


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


def measurements(
    seconds: float, first_seed: int
) -> list[tuple[str, Callable[[], Throughput | None]]]:
    """Every row of the table and how to measure it once, on seeds from `first_seed`."""
    baseline = load_game(BASELINE)
    rows: list[tuple[str, Callable[[], Throughput | None]]] = [
        (
            f"{BASELINE}, 2 players (baseline)",
            lambda: measure(baseline, 2, seconds, first_seed=first_seed),
        )
    ]
    for name, players in tables():
        game = load_game(name)
        rows.append((
            f"{name}, {players} players",
            lambda g=game, p=players: measure(g, p, seconds, first_seed=first_seed),
        ))
    rows.append((REFERENCE, lambda: open_spiel_tic_tac_toe(seconds)))
    return rows


def tables() -> list[tuple[str, int]]:
    """(game, players) for every game at its smallest and largest table (at most 15)."""
    out = []
    for name in game_names():
        game = load_game(name)
        for players in sorted({game.min_players, min(game.max_players, LARGEST_TABLE)}):
            out.append((name, players))
    return out


def best_of(rounds: int, seconds: float) -> dict[str, Throughput | None]:
    """Each row's best actions/s and best clones/s over `rounds` interleaved rounds."""
    best: dict[str, Throughput | None] = {}
    for number in range(rounds):
        # new seeds each round: a game's caches never see a deal twice
        for label, run in measurements(seconds, first_seed=number * ROUND_SEEDS):
            t = run()
            old = best.get(label)
            if t is not None and old is not None:
                t = Throughput(
                    max(t.actions_per_second, old.actions_per_second),
                    max(t.clones_per_second, old.clones_per_second),
                    t.playouts + old.playouts,
                )
            best[label] = t
    return best


def print_table(best: dict[str, Throughput | None]) -> None:
    baseline = best[f"{BASELINE}, 2 players (baseline)"]
    reference = best[REFERENCE]
    assert baseline is not None
    table = Table(title="Random playouts and clones (ratios to the baseline, same run)")
    columns = ("game", "actions/s", "ratio", "clones/s", "ratio", "v tic-tac-toe", "playouts")
    for column in columns:
        table.add_column(column, justify="left" if column == "game" else "right")
    for label, t in best.items():
        if t is None:
            continue
        versus = (
            f"{t.actions_per_second / reference.actions_per_second:.2f}x"
            if reference is not None
            else "-"
        )
        table.add_row(
            label,
            f"{t.actions_per_second:,.0f}",
            f"{t.actions_per_second / baseline.actions_per_second:.3f}",
            f"{t.clones_per_second:,.0f}",
            f"{t.clones_per_second / baseline.clones_per_second:.3f}",
            versus,
            str(t.playouts),
        )
    console = Console(width=120)
    console.print(table)
    if reference is None:
        console.print(
            "OpenSpiel is not installed, so there is no tic-tac-toe comparison: install the "
            "`rl` extra (pip install -e '.[rl]', or `make bench`)."
        )
        return
    slow = [
        label
        for label, t in best.items()
        if t is not None and label != REFERENCE
        and t.actions_per_second < reference.actions_per_second
    ]
    console.print(
        "Every game at every table makes at least tic-tac-toe's actions/s."
        if not slow
        else f"Slower than tic-tac-toe: {', '.join(slow)}."
    )


def profile(seconds: float) -> None:
    """Where random playouts of each game spend their time: the functions with the most time
    of their own."""
    for name, players in tables():
        game = load_game(name)
        profiler = cProfile.Profile()
        start = time.perf_counter()
        seed = 0
        profiler.enable()
        while time.perf_counter() - start < seconds:
            random_playout(game, players, seed)
            seed += 1
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(PROFILE_LINES)
        lines = out.getvalue().splitlines()
        body = lines[next(i for i, line in enumerate(lines) if "ncalls" in line):]
        print(f"--- profile: {name}, {players} players, {seed} random playouts")
        print("\n".join(line for line in body if line.strip()))
        print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; each row's best counts")
    parser.add_argument("--profile", action="store_true", help="print a profile per game")
    args = parser.parse_args()
    print_table(best_of(args.rounds, args.seconds))
    if args.profile:
        profile(PROFILE_SECONDS)


if __name__ == "__main__":
    main()
