"""Engine throughput per game: random-playout actions/s and clones/s, as ratios to a baseline.

The baseline is the engine's reference game (Goofspiel) measured in the same run; OpenSpiel's
python_tic_tac_toe (from the `rl` extra) is driven the same way, and every game at every player
count is compared with it (the goal: twice its actions/s, and at least as many clones/s). The
driver is the same for both: an action drawn from the legal actions goes in unchecked, without
events (`Game.play`; tic-tac-toe's `apply_action` checks nothing either: both trust the list
they drew from), and a lone actor is taken without a draw, as tic-tac-toe's driver draws no
seat. Every rate is timed in CPU time (`cpu_clock`). Each round measures every row once, each
between two measurements of the references (the baseline and tic-tac-toe), and a row's ratios
in that round are to their mean: the machine's speed drifts within seconds, and pairs made
moments apart meet it alike. The table gives each figure's median over the rounds. `--profile`
prints, per game, where random playouts spend their time (cProfile).

Run: `make bench` or `python bench/engine.py [--seconds S] [--rounds R] [--profile]`.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ludoteca.engine.speed import Throughput, cpu_clock, measure, random_playout
from ludoteca.games import game_names, load_game

sys.path.insert(0, str(Path(__file__).parent))  # the benches' own helpers, beside them
from pages import rich_markdown, what_it_measures, write_page  # noqa: E402

BASELINE = "goofspiel"  # the reference game: the smallest complete game of the contract
BASELINE_ROW = f"{BASELINE}, 2 players (baseline)"
LARGEST_TABLE = 15  # players measured at most: a table of 40 takes minutes per playout
REFERENCE = "open_spiel python_tic_tac_toe"
ROUND_SEEDS = 1_000_000  # seeds per round
ACTIONS_GOAL = 2.0  # every row's actions/s against tic-tac-toe's, at least
CLONES_GOAL = 1.0  # and its clones/s
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
    start = cpu_clock()
    while cpu_clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
            if len(state.history()) == 4:
                samples.append(state.clone())
        playouts += 1
    elapsed = cpu_clock() - start
    clones = 0
    start = cpu_clock()
    while cpu_clock() - start < seconds:
        for sample in samples:
            sample.clone()
        clones += len(samples)
    return Throughput(actions / elapsed, clones / (cpu_clock() - start), playouts)


@dataclass
class Row:
    """One row's measurements, a round each, and its ratios to the references measured around
    it in the same round."""

    rates: list[Throughput] = field(default_factory=list)
    actions_v_baseline: list[float] = field(default_factory=list)
    clones_v_baseline: list[float] = field(default_factory=list)
    actions_v_reference: list[float] = field(default_factory=list)
    clones_v_reference: list[float] = field(default_factory=list)

    def add(self, t: Throughput, before: References, after: References) -> None:
        self.rates.append(t)
        baseline = mean_throughput([before.baseline, after.baseline])
        self.actions_v_baseline.append(t.actions_per_second / baseline.actions_per_second)
        self.clones_v_baseline.append(t.clones_per_second / baseline.clones_per_second)
        if before.reference is not None and after.reference is not None:
            reference = mean_throughput([before.reference, after.reference])
            self.actions_v_reference.append(t.actions_per_second / reference.actions_per_second)
            self.clones_v_reference.append(t.clones_per_second / reference.clones_per_second)


@dataclass(frozen=True)
class References:
    baseline: Throughput
    reference: Throughput | None  # tic-tac-toe, when OpenSpiel is installed


def mean_throughput(rates: list[Throughput]) -> Throughput:
    return Throughput(
        statistics.fmean(t.actions_per_second for t in rates),
        statistics.fmean(t.clones_per_second for t in rates),
        sum(t.playouts for t in rates),
    )


def tables() -> list[tuple[str, int]]:
    """(game, players) for every game at its smallest and largest table (at most 15)."""
    out = []
    for name in game_names():
        game = load_game(name)
        for players in sorted({game.min_players, min(game.max_players, LARGEST_TABLE)}):
            out.append((name, players))
    return out


def references(seconds: float, first_seed: int) -> References:
    return References(
        measure(load_game(BASELINE), 2, seconds, first_seed=first_seed),
        open_spiel_tic_tac_toe(seconds),
    )


def paired_rounds(rounds: int, seconds: float) -> dict[str, Row]:
    """Every row measured once a round, each measurement between two of the references (the
    baseline and tic-tac-toe), whose mean its ratios of that round are to. The machine's speed
    drifts within seconds (tic-tac-toe alone, timed a quarter second at a time, moved between
    13,000 and 29,000 actions/s in one quiet minute here): a ratio of two measurements made
    far apart measured the drift as much as the games."""
    rows: dict[str, Row] = {}
    for number in range(rounds):
        first_seed = number * ROUND_SEEDS  # a game's caches never see a deal twice
        before = references(seconds, first_seed)
        for name, players in tables():
            measured = measure(load_game(name), players, seconds, first_seed=first_seed)
            after = references(seconds, first_seed)
            rows.setdefault(f"{name}, {players} players", Row()).add(measured, before, after)
            rows.setdefault(BASELINE_ROW, Row()).add(before.baseline, before, after)
            if before.reference is not None:
                rows.setdefault(REFERENCE, Row()).add(before.reference, before, after)
            before = after
    return rows


def print_table(rows: dict[str, Row]) -> list[str]:
    """Print the rows' table and what it shows; return both as Markdown, for the page."""
    table = Table(
        title="Random playouts and clones (medians of the rounds; each ratio to the references "
        "measured just before and after, in CPU time)"
    )
    columns = ("game", "actions/s", "ratio", "clones/s", "ratio", "v tic-tac-toe",
               "clones v tic-tac-toe", "playouts")
    for column in columns:
        table.add_column(column, justify="left" if column == "game" else "right")
    has_reference = REFERENCE in rows
    ordered = [BASELINE_ROW] + [label for label in rows if label not in (BASELINE_ROW, REFERENCE)]
    for label in ordered + ([REFERENCE] if has_reference else []):
        row = rows[label]
        table.add_row(
            label,
            f"{median(t.actions_per_second for t in row.rates):,.0f}",
            f"{median(row.actions_v_baseline):.3f}",
            f"{median(t.clones_per_second for t in row.rates):,.0f}",
            f"{median(row.clones_v_baseline):.3f}",
            f"{median(row.actions_v_reference):.2f}x" if row.actions_v_reference else "-",
            f"{median(row.clones_v_reference):.2f}x" if row.clones_v_reference else "-",
            str(sum(t.playouts for t in row.rates)),
        )
    console = Console(width=130)
    console.print(table)
    if not has_reference:
        note = ("OpenSpiel is not installed, so there is no tic-tac-toe comparison: install the "
                "`rl` extra (`make bench` has it).")
    else:
        slow = [label for label in ordered
                if median(rows[label].actions_v_reference) < ACTIONS_GOAL]
        slow_clones = [label for label in ordered
                       if median(rows[label].clones_v_reference) < CLONES_GOAL]
        note = " ".join([
            f"Under {ACTIONS_GOAL:g}x tic-tac-toe's actions/s: {'; '.join(slow)}." if slow
            else f"Every game at every table makes at least {ACTIONS_GOAL:g}x tic-tac-toe's "
            "actions/s.",
            f"Under {CLONES_GOAL:g}x its clones/s: {'; '.join(slow_clones)}." if slow_clones
            else f"Every one clones at least {CLONES_GOAL:g}x as fast as it does.",
        ])
    console.print(note)
    return [rich_markdown(table), note]


def median(values: Iterable[float]) -> float:
    return statistics.median(list(values))


def profile(seconds: float) -> None:
    """Where random playouts of each game spend their time: the functions with the most time
    of their own."""
    for name, players in tables():
        game = load_game(name)
        profiler = cProfile.Profile()
        start = cpu_clock()
        seed = 0
        profiler.enable()
        while cpu_clock() - start < seconds:
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
    parser.add_argument("--seconds", type=float, default=0.25,
                        help="CPU time per measurement (of playouts, then as long of clones)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds; each row's median counts")
    parser.add_argument("--profile", action="store_true", help="print a profile per game")
    args = parser.parse_args()
    sections = print_table(paired_rounds(args.rounds, args.seconds))
    write_page("engine", "Engine throughput", what_it_measures(__doc__), sections)
    if args.profile:
        profile(PROFILE_SECONDS)


if __name__ == "__main__":
    main()
