"""Solve two-player Goofspiel with few cards, and write the tables the strong level plays.

    python -m ludoteca.games.goofspiel.equilibrium.solve [--cards 3 4 5] [--iterations 2000]
    python -m ludoteca.games.goofspiel.equilibrium.solve --habits [--cards 3 4 5] [--target 0.04]

Every position a match of that many cards can reach (the two hands, the prizes left, the prize
turned up, the lead; see the package's docstring) is a simultaneous step, a matrix game whose
entries are the values of the positions after it, the next prize drawn at random. They are
solved from the last step back: each step's matrix games, all of one step together, by CFR+
(regret matching+ with alternating updates and weights growing with the iteration, Tammelin
2014), and a position's value is its solution's. The table keeps each position's strategy for
the bidder; by symmetry it is the other bidder's too (its own hand first, its lead).

Each table's exploitability is measured by OpenSpiel's best response (`open_spiel`, the `rl`
extra) on OpenSpiel's own Goofspiel with the same rules (random prize order, bids revealed,
a tie takes nothing, win/loss returns from -1 to 1): half the sum of what a best response gains
against each seat, 0 for an exact equilibrium. It is written in the table beside the strategy.
Nothing here runs at play time: numpy and OpenSpiel are needed only by this command.

With `--habits` it writes instead, from the tables and the kinds already written (the sampled
bots' counts, `kinds.py`, `kinds-N.json`, written by `python bench/goofspiel_kinds.py`), the
strong level's restricted response to the plain habits and those bots (`restricted.py`,
`habits-N.json`; each bot `--lean` times as likely as a habit in the game solved): for each
share p of them in `--shares` in turn, until one leaves a best response `--target` or more,
the response is solved and its exploitability and win rate against each kind measured; the
table kept is the one under the target that beats its least beaten kind most (then the least
exploitable; `restricted.preference`), written with p, its figures and the whole frontier
tried.
"""

from __future__ import annotations

import argparse
import datetime
import json
import time
from pathlib import Path
from typing import Any

from ludoteca.games.goofspiel.equilibrium import (
    SOLVED_CARDS,
    Position,
    after,
    compact,
    decided,
    key,
    read_strategy,
    table_name,
)

ITERATIONS = 2000  # CFR+ iterations for every step's matrix games (and for the habits' tree)
# The restricted response's exploitability must stay under this; the goal is 0.05, the rest is
# left for what the solver's measure does not see (the table's own exploitability, rounding).
TARGET = 0.04
SHARES = [round(0.025 * i, 3) for i in range(41)]  # the shares of habits tried, in order
# How many times a habit's probability each sampled bot has in the game solved: the bots are
# beaten least (their bids are drawn), so they weigh more.
LEAN = 2.0


def positions(cards: int) -> dict[int, set[Position]]:
    """Every undecided position a match of `cards` cards reaches, by cards left in a hand."""
    deck = tuple(range(1, cards + 1))
    by_size: dict[int, set[Position]] = {cards: {(deck, deck, deck, p, 0) for p in deck}}
    for size in range(cards, 1, -1):
        nxt = by_size.setdefault(size - 1, set())
        for position in by_size[size]:
            for mine in position[0]:
                for theirs in position[1]:
                    follow = after(position, mine, theirs)
                    if isinstance(follow, tuple):
                        nxt.update(p for p in follow if not decided(p[4], p[2]))
    return by_size


def value_of(values: dict[Position, float], position: Position) -> float:
    hand, other, prizes, prize, lead = position
    if decided(lead, prizes):
        return 1.0 if lead > 0 else 0.0
    return values[position]


def entry(values: dict[Position, float], position: Position, mine: int, theirs: int) -> float:
    follow = after(position, mine, theirs)
    if isinstance(follow, float):
        return follow
    return sum(value_of(values, p) for p in follow) / len(follow)


def cfr_plus(matrices: Any, iterations: int) -> tuple[Any, Any]:
    """Both players' average strategies of a batch of matrix games (the row player gets the
    entries, the column player loses them), by CFR+."""
    import numpy as np

    count, rows, cols = matrices.shape
    regret_row, regret_col = np.zeros((count, rows)), np.zeros((count, cols))
    mean_row, mean_col = np.zeros((count, rows)), np.zeros((count, cols))

    def strategy(regret: Any) -> Any:
        total = regret.sum(axis=1, keepdims=True)
        return np.where(total > 0, regret / np.where(total > 0, total, 1), 1 / regret.shape[1])

    col = strategy(regret_col)
    for t in range(1, iterations + 1):
        row = strategy(regret_row)
        gain = np.einsum("nij,nj->ni", matrices, col)
        regret_row = np.maximum(regret_row + gain - (row * gain).sum(1, keepdims=True), 0)
        mean_row += t * row
        row = strategy(regret_row)
        loss = -np.einsum("nij,ni->nj", matrices, row)
        regret_col = np.maximum(regret_col + loss - (col * loss).sum(1, keepdims=True), 0)
        mean_col += t * col
        col = strategy(regret_col)
    return (mean_row / mean_row.sum(1, keepdims=True),
            mean_col / mean_col.sum(1, keepdims=True))


def solve(cards: int, iterations: int
          ) -> tuple[dict[str, int | dict[str, float]], dict[str, float]]:
    """The bidder's strategy and its value (its chance of winning, ties half) in every
    undecided position of a match of `cards` cards with a choice left (the last bid is
    forced)."""
    import numpy as np

    by_size = positions(cards)
    values: dict[Position, float] = {}
    strategy: dict[str, int | dict[str, float]] = {}
    worths: dict[str, float] = {}
    for size in range(1, cards + 1):
        batch = sorted(by_size.get(size, ()))
        if not batch:
            continue
        matrices = np.array([[[entry(values, p, mine, theirs) for theirs in p[1]]
                              for mine in p[0]] for p in batch])
        if size == 1:
            rows, cols = np.ones((len(batch), 1)), np.ones((len(batch), 1))
        else:
            rows, cols = cfr_plus(matrices, iterations)
        worth = np.einsum("ni,nij,nj->n", rows, matrices, cols)
        for position, row, value in zip(batch, rows, worth, strict=True):
            values[position] = float(value)
            if size > 1:
                strategy[key(*position)] = compact(position[0], row)
                worths[key(*position)] = round(float(value), 5)
    return strategy, worths


def exploitability(cards: int, strategy: dict[str, int | dict[str, float]]) -> float:
    """OpenSpiel's exploitability of the table on its own Goofspiel of `cards` cards."""
    def table(history: list[int], player: int) -> dict[int, float]:
        return read_strategy(strategy.get(spiel_key(history, player, cards), {}))

    return spiel_exploitability(cards, table)


def spiel_exploitability(cards: int, play: Any) -> float:
    """OpenSpiel's exploitability of `play` (history, player -> card -> probability; none
    given: any card alike) on its Goofspiel of `cards` cards."""
    import pyspiel
    from open_spiel.python import policy as spiel_policy
    from open_spiel.python.algorithms import exploitability as spiel_module

    game = pyspiel.load_game(
        "turn_based_simultaneous_game(game=goofspiel(num_cards=" + str(cards)
        + ",points_order=random,returns_type=win_loss,imp_info=false,players=2))")

    class Table(spiel_policy.Policy):  # type: ignore[misc]
        def action_probabilities(self, state: Any, player_id: int | None = None
                                 ) -> dict[int, float]:
            player = state.current_player()
            legal = state.legal_actions(player)
            chosen = play(state.history(), player)
            probs = {card - 1: chosen.get(card, 0.0) for card in range(1, cards + 1)}
            total = sum(probs[a] for a in legal)
            if total <= 0:
                return {a: 1 / len(legal) for a in legal}
            return {a: probs[a] / total for a in legal}

    return float(spiel_module.exploitability(game, Table(game, [0, 1])))


def spiel_key(history: list[int], player: int, cards: int) -> str:
    """A table's key for a player of OpenSpiel's turn-based Goofspiel, from the state's history
    (prize, bid, bid, prize, ...; cards counted from 0); the other's sealed bid of the prize
    turned up, if in, is not read."""
    deck = set(range(1, cards + 1))
    hands, prizes, lead = [set(deck), set(deck)], set(deck), 0
    turns = [history[i:i + 3] for i in range(0, len(history), 3)]
    for turn in turns:
        if len(turn) < 3:
            break
        prize, bids = turn[0] + 1, (turn[1] + 1, turn[2] + 1)
        hands[0].discard(bids[0])
        hands[1].discard(bids[1])
        prizes.discard(prize)
        lead += prize if bids[0] > bids[1] else -prize if bids[1] > bids[0] else 0
    prize = turns[-1][0] + 1
    mine = lead if player == 0 else -lead
    return key(hands[player], hands[1 - player], prizes, prize, mine)


def write(cards: int, iterations: int, folder: Path) -> dict[str, Any]:
    start = time.process_time()
    strategy, worths = solve(cards, iterations)
    solved = time.process_time() - start
    start = time.process_time()
    exploit = exploitability(cards, strategy)
    measured = time.process_time() - start
    table = {
        "cards": cards,
        "method": f"CFR+ at every simultaneous step, from the last back, {iterations} "
                  "iterations each",
        "exploitability": round(exploit, 6),
        "exploitability_by": "OpenSpiel's best response on its goofspiel(num_cards="
                             f"{cards}, points_order=random, returns_type=win_loss, "
                             "imp_info=false), returns from -1 to 1",
        "positions": len(strategy),
        "seconds": {"solve": round(solved, 1), "exploitability": round(measured, 1)},
        "date": datetime.date.today().isoformat(),
        "by": "python -m ludoteca.games.goofspiel.equilibrium.solve",
        "strategy": strategy,
        "value": worths,
    }
    (folder / table_name(cards)).write_text(
        json.dumps(table, separators=(",", ":"), sort_keys=False) + "\n", encoding="utf-8")
    return table


def write_habits(cards: int, iterations: int, target: float, shares: list[float],
                 folder: Path, lean: float = LEAN) -> dict[str, Any]:
    from ludoteca.games.goofspiel.equilibrium import habits, kinds, restricted

    start = time.process_time()
    found = restricted.respond(cards, iterations, target, shares, lean)
    figures = dict(found["figures"])
    table = {
        "cards": cards,
        "method": "restricted Nash response: CFR+ on the histories some kind may bid (the "
                  "plain habits, the sampled bots), "
                  f"{iterations} iterations, the other one of the kinds with probability share",
        "share": found["share"],
        "lean": lean,
        "exploitability": figures.pop("exploitability"),
        "win_rates": {habit: figures.pop(habit) for habit in restricted.HABITS},
        "kinds_win_rates": {kind: figures.pop(kind) for kind in restricted.DRAWN},
        "kinds": {kind: {"spec": spec, "samples": samples, "floor": kinds.FLOOR}
                  for kind, (spec, samples) in kinds.KINDS.items()},
        "measured_by": "exact: a best response over the public tree (the Markov table's "
                       "value where no kind bids so), and each kind's expectation over the "
                       "prize order (a sampled bot's: its stored distribution); returns from "
                       "-1 to 1, win rates ties half",
        "target": target,
        "frontier": found["frontier"],
        "positions": found["positions"],
        "seconds": round(time.process_time() - start, 1),
        "date": datetime.date.today().isoformat(),
        "by": "python -m ludoteca.games.goofspiel.equilibrium.solve --habits",
        "strategy": found["strategy"],
    }
    (folder / habits.table_name(cards)).write_text(
        json.dumps(table, separators=(",", ":"), sort_keys=False) + "\n", encoding="utf-8")
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, nargs="+", default=list(SOLVED_CARDS),
                        choices=range(2, 7), help="hand sizes to solve (default: 3 4 5)")
    parser.add_argument("--iterations", type=int, default=ITERATIONS,
                        help=f"CFR+ iterations at each step (default {ITERATIONS})")
    parser.add_argument("--habits", action="store_true",
                        help="write the restricted response to the plain habits (habits-N.json) "
                             "from the tables already written, instead of the tables")
    parser.add_argument("--target", type=float, default=TARGET,
                        help=f"--habits: the exploitability to stay under (default {TARGET})")
    parser.add_argument("--lean", type=float, default=LEAN,
                        help="--habits: how many times a habit's probability each sampled bot "
                             f"has in the game solved (default {LEAN:g})")
    parser.add_argument("--shares", type=float, nargs="+", default=SHARES,
                        help="--habits: the shares of habits tried, in order (default 0 to 1 "
                             "by 0.025)")
    args = parser.parse_args(argv)
    folder = Path(__file__).parent
    for cards in args.cards:
        if args.habits:
            habit_table = write_habits(cards, args.iterations, args.target, args.shares, folder,
                                       args.lean)
            print(f"{cards} cards: share {habit_table['share']}, exploitability "
                  f"{habit_table['exploitability']}, win rates {habit_table['win_rates']}, "
                  f"{habit_table['positions']} histories, {habit_table['seconds']} s")
            continue
        table = write(cards, args.iterations, folder)
        print(f"{cards} cards: {table['positions']} positions, exploitability "
              f"{table['exploitability']:.6f}, {table['seconds']}")


if __name__ == "__main__":
    main()
