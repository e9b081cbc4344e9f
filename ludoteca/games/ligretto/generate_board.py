"""The seeded generator of the board colouring [D-3]; run once, its output is frozen in board.json.

    python -m ludoteca.games.ligretto.generate_board          # rewrite board.json
    python -m ludoteca.games.ligretto.generate_board --check  # regenerate and compare

The 9 pieces of 6x6 squares are laid in a 3x3 grid (18x18) for 3-4 players; 2 players use the
top two rows of the same grid, pieces 1-6 (18x12) [D-1]. So one colouring of the 18x18 grid
serves both layouts, and it must satisfy [D-3] in both: no two side-adjacent squares of one
colour, every unordered colour pair about equally frequent among side-adjacent pairs (max/min <=
1.1), colour totals balanced. A colouring is made per colour preset (4, 5, 6 colours [D-2]) by
simulated annealing from a fixed seed, so the same command always rewrites the same file.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys

from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import data

PIECE = 6
GRID = 3
SIDE = PIECE * GRID  # 18
TWO_PLAYER_ROWS = 2 * PIECE  # 12: the top two rows of pieces [D-1]
SEED = 20240611
STEPS = 400_000
PAIR_RATIO = 1.1
BOARD_FILE = data.BOARD_FILE


def _edges(rows: int) -> list[tuple[int, int]]:
    """Side-adjacent cell pairs of the top `rows` rows of the 18-wide grid."""
    out = []
    for r in range(rows):
        for c in range(SIDE):
            cell = r * SIDE + c
            if c + 1 < SIDE:
                out.append((cell, cell + 1))
            if r + 1 < rows:
                out.append((cell, cell + SIDE))
    return out


EDGES_FULL = _edges(SIDE)
EDGES_TWO = _edges(TWO_PLAYER_ROWS)
NEIGHBOURS: list[list[int]] = [[] for _ in range(SIDE * SIDE)]
for _a, _b in EDGES_FULL:
    NEIGHBOURS[_a].append(_b)
    NEIGHBOURS[_b].append(_a)


def pair_counts(
    colours: list[int], edges: list[tuple[int, int]], k: int
) -> dict[tuple[int, int], int]:
    """How often each unordered colour pair (and a same-colour pair) occurs along `edges`."""
    counts = {p: 0 for p in itertools.combinations_with_replacement(range(k), 2)}
    for a, b in edges:
        x, y = colours[a], colours[b]
        counts[(x, y) if x <= y else (y, x)] += 1
    return counts


def colour_totals(colours: list[int], rows: int, k: int) -> list[int]:
    totals = [0] * k
    for cell in range(rows * SIDE):
        totals[colours[cell]] += 1
    return totals


class _Annealer:
    """Cost = squared deviations of pair counts and colour totals in both layouts, plus a heavy
    penalty per same-colour adjacency; moves recolour one square."""

    def __init__(self, k: int, rng: Rng) -> None:
        self.k = k
        self.rng = rng
        self.colours = [rng.randrange(k) for _ in range(SIDE * SIDE)]
        pairs = k * (k - 1) // 2
        self.pair_mean = (len(EDGES_FULL) / pairs, len(EDGES_TWO) / pairs)
        self.colour_mean = (SIDE * SIDE / k, SIDE * TWO_PLAYER_ROWS / k)
        self.pairs = [
            pair_counts(self.colours, EDGES_FULL, k),
            pair_counts(self.colours, EDGES_TWO, k),
        ]
        self.totals = [
            colour_totals(self.colours, SIDE, k),
            colour_totals(self.colours, TWO_PLAYER_ROWS, k),
        ]

    def _pair_term(self, layout: int, pair: tuple[int, int], count: int) -> float:
        if pair[0] == pair[1]:
            return 50.0 * count
        return (count - self.pair_mean[layout]) ** 2

    def _recolour(self, cell: int, new: int) -> float:
        """Recolour `cell`; returns the change of cost."""
        old = self.colours[cell]
        delta = 0.0
        in_two = cell < SIDE * TWO_PLAYER_ROWS
        changes: dict[tuple[int, tuple[int, int]], int] = {}
        for n in NEIGHBOURS[cell]:
            x = self.colours[n]
            layouts = (0, 1) if in_two and n < SIDE * TWO_PLAYER_ROWS else (0,)
            for layout in layouts:
                for colour, step in ((old, -1), (new, 1)):
                    pair = (colour, x) if colour <= x else (x, colour)
                    changes[(layout, pair)] = changes.get((layout, pair), 0) + step
        for (layout, pair), step in changes.items():
            count = self.pairs[layout][pair]
            before = self._pair_term(layout, pair, count)
            delta += self._pair_term(layout, pair, count + step) - before
            self.pairs[layout][pair] = count + step
        for layout in (0, 1) if in_two else (0,):
            t = self.totals[layout]
            mean = self.colour_mean[layout]
            delta += (t[old] - 1 - mean) ** 2 - (t[old] - mean) ** 2
            t[old] -= 1
            delta += (t[new] + 1 - mean) ** 2 - (t[new] - mean) ** 2
            t[new] += 1
        self.colours[cell] = new
        return delta

    def run(self, steps: int) -> list[int]:
        temperature = 4.0
        cooling = math.exp(math.log(0.01 / temperature) / steps)
        for _ in range(steps):
            cell = self.rng.randrange(SIDE * SIDE)
            old = self.colours[cell]
            new = self.rng.randrange(self.k - 1)
            new += new >= old
            delta = self._recolour(cell, new)
            if delta > 0 and self.rng.random() >= math.exp(-delta / temperature):
                self._recolour(cell, old)
            temperature *= cooling
        return self.colours


def check_colouring(colours: list[int], k: int) -> list[str]:
    """The [D-3] properties that fail (empty when all hold), in both layouts."""
    problems = []
    for name, edges, rows in (("3-4", EDGES_FULL, SIDE), ("2", EDGES_TWO, TWO_PLAYER_ROWS)):
        counts = pair_counts(colours, edges, k)
        same = sum(v for (x, y), v in counts.items() if x == y)
        if same:
            problems.append(f"layout {name}: {same} same-colour adjacent pairs")
        mixed = [v for (x, y), v in counts.items() if x != y]
        if min(mixed) == 0 or max(mixed) / min(mixed) > PAIR_RATIO:
            problems.append(f"layout {name}: pair counts {min(mixed)}..{max(mixed)}")
        totals = colour_totals(colours, rows, k)
        if max(totals) - min(totals) > max(2, rows * SIDE // k // 20):
            problems.append(f"layout {name}: colour totals {totals}")
    return problems


def colouring(k: int) -> list[int]:
    """The colouring of preset `k`: the first seeded attempt that satisfies [D-3]."""
    for attempt in range(20):
        colours = _Annealer(k, Rng(SEED * 10 + k * 1000 + attempt)).run(STEPS)
        if not check_colouring(colours, k):
            return colours
    raise RuntimeError(f"no colouring with {k} colours satisfies [D-3]")


def spread_starts(rows: int) -> list[list[int]]:
    """Four suggested pawn squares, one near the middle of each quarter of the layout."""
    top, bottom = rows // 4, rows - 1 - rows // 4
    left, right = SIDE // 4, SIDE - 1 - SIDE // 4
    return [[top, left], [top, right], [bottom, left], [bottom, right]]


def pieces_of(colours: list[int]) -> dict[str, list[str]]:
    """The colouring cut into its 9 pieces (numbered 1-9 row by row), rows as letter strings."""
    out = {}
    for number in range(1, GRID * GRID + 1):
        pr, pc = divmod(number - 1, GRID)
        rows = []
        for r in range(PIECE):
            cells = ((pr * PIECE + r) * SIDE + pc * PIECE + c for c in range(PIECE))
            rows.append("".join(data.LETTERS[colours[cell]] for cell in cells))
        out[str(number)] = rows
    return out


def build() -> dict[str, object]:
    return {
        "generator": "python -m ludoteca.games.ligretto.generate_board",
        "seed": SEED,
        "piece_size": PIECE,
        "layouts": {
            "2": {"pieces": [[1, 2, 3], [4, 5, 6]], "starts": spread_starts(TWO_PLAYER_ROWS)},
            "3-4": {"pieces": [[1, 2, 3], [4, 5, 6], [7, 8, 9]], "starts": spread_starts(SIDE)},
        },
        "colourings": {str(k): pieces_of(colouring(k)) for k in data.COLOUR_PRESETS},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with board.json only")
    args = parser.parse_args(argv)
    text = json.dumps(build(), indent=1) + "\n"
    if args.check:
        same = BOARD_FILE.exists() and BOARD_FILE.read_text() == text
        print("board.json is up to date" if same else "board.json differs from the generator")
        return 0 if same else 1
    BOARD_FILE.write_text(text)
    print(f"wrote {BOARD_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
