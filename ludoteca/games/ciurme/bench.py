"""Ciurme random-playout speed for 3 and 6 crews, as ratios to Goofspiel measured in the same run.

Run: `python -m ludoteca.games.ciurme.bench [--seconds S]`.
"""

from __future__ import annotations

import argparse

from ludoteca.engine.speed import measure
from ludoteca.games import load_game
from ludoteca.games.ciurme import GAME

SESSIONS = (("3 crews (13 players)", 13), ("6 crews (27 players)", 27))
# Matches per pairing and seed in `bench/bots.py`: a searched match takes seconds (every stamp
# and preference of the Assembly is searched to the end of the session).
LADDER_MATCHES = 60
# The strong level must beat the heuristic 90% of the time, the interval's low end above 80%.
STRONG_GOAL = True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    baseline = measure(load_game("goofspiel"), 2, args.seconds)
    print(f"{'game':<32}{'actions/s':>12}{'ratio':>9}{'clones/s':>12}{'ratio':>9}{'playouts':>10}")
    rows = [("goofspiel, 2 players (baseline)", baseline)]
    rows += [(f"ciurme, {label}", measure(GAME, n, args.seconds)) for label, n in SESSIONS]
    for label, t in rows:
        print(
            f"{label:<32}{t.actions_per_second:>12,.0f}"
            f"{t.actions_per_second / baseline.actions_per_second:>9.3f}"
            f"{t.clones_per_second:>12,.0f}"
            f"{t.clones_per_second / baseline.clones_per_second:>9.3f}{t.playouts:>10}"
        )


if __name__ == "__main__":
    main()
