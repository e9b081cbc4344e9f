"""The bots' levels in every game: the ladder, the goals of the strong level, and its cost.

For each game (its smallest table): head-to-head matches, seats rotated and the same deals played
both ways (`ludoteca.sim.tournament`), of each level against the one below it (easy, normal,
strong, as the game's table `levels.json` names them), of the strong level against the normal
one, against the strong search the levels played before (`OLD_STRONG`), and against a yardstick
written apart from the game's bots where there is one (`castell_planner.py`). Each line: the
pooled win rate of the first, its 95% Wilson interval, each seed's rate and the goal it answers.
The ladder's Elo (Bradley-Terry over every match of the levels, normal at 1500) is written into
each game's `levels.json`, from which the new-match form shows it.

The strong level's CPU per move is timed (process time) on its moves with a choice, in matches
against the normal level, beside the goal of at most 1 s; in real-time games the levels'
reaction times (the game's own model, with its sources) are printed with the placements a
minute and the seconds a decision they give on the simulated clock.

Everything is printed as Rich tables and written to the docs site (`docs/bench/bots.md`).

Run: `python bench/bots.py [--games G] [--seeds N] [--workers W] [--only G,G] [--no-write]`.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
from dataclasses import dataclass
from typing import Any

import castell_planner
from games import bench_module
from pages import rich_markdown, write_page
from rich.console import Console
from rich.table import Table

from ludoteca.bots import parse_bot
from ludoteca.bots.levels import LEVEL_NAMES, game_levels, read_table, table_path
from ludoteca.bots.playout import seat_rngs
from ludoteca.bots.realtime import RealTimeScheduler
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.engine.speed import cpu_clock
from ludoteca.games import game_names, load_game
from ludoteca.sim.progress import progress_bar
from ludoteca.sim.stats import elo_ratings, wilson_interval
from ludoteca.sim.tournament import run_tournament

# The strong level's search before these levels were measured (the browser's "strong" in
# turn-based games), with what it took then from each game's defaults where those changed since
# (Castell searched every legal move, Ciurme expected the other captains to play as the
# heuristic does, Goofspiel searched the others' bids); the game's defaults
# fill the rest as they did.
OLD_STRONG = "mcts:iterations=8:rollout=heuristic:horizon=10:bias=2"
OLD_DEFAULTS = {"castell": ":focus=0", "ciurme": ":rivals=rollout", "goofspiel": ":rivals=search"}
# Opponents written apart from the game's bots, by game.
YARDSTICKS = {castell_planner.GAME: castell_planner.NAME}
MATCHES = 40  # per pairing and seed, unless the game's bench module sets LADDER_MATCHES
CPU_MOVES = 60  # at least this many of the strong level's moves with a choice are timed
CPU_GOAL = 1.0  # seconds of CPU a move at most
LADDER_STEP = 0.75  # each level wins at least this share against the one below
# The strong level against the heuristic, in the games whose bench module sets STRONG_GOAL
# (its win rate, and the low end of its interval).
BEATS_NORMAL, BEATS_NORMAL_LOW = 0.90, 0.80
BEATS_OLD = 0.70  # the strong level against the old strong search
RATE_MINUTES = 4  # simulated minutes of real-time play per level measured
NEWCOMER = "a newcomer: about 2 s a decision, 4 tiles placed in a 60-s round"


@dataclass(frozen=True)
class Row:
    """One pairing's pooled result."""

    first: str
    second: str
    matches: int
    wins: float  # of the first
    per_seed: list[float]

    @property
    def rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.matches)


def play(game: Game[Any], players: int, first: str, second: str, matches: int,
         seeds: list[int], workers: int) -> Row:
    wins, per_seed = 0.0, []
    for seed in seeds:
        with progress_bar(f"{game.name}: {first} v {second} (seed {seed})", matches) as advance:
            result = run_tournament(game, players, [first, second], matches, seed=seed,
                                    workers=workers, advance=advance)
        a = result.bots[0]
        wins += a.wins
        per_seed.append(a.win_rate)
        # A line a run off a terminal (no progress bar) can be followed by.
        print(f"{game.name}: {first} v {second} (seed {seed}): {a.win_rate:.1%} of {a.games}",
              file=sys.stderr, flush=True)
    return Row(first, second, matches * len(seeds), wins, per_seed)


def ladder_elo(rows: dict[tuple[str, str], Row], names: list[str]) -> dict[str, float]:
    """Elo of each level from every match between levels, normal at 1500."""
    index = {name: i for i, name in enumerate(names)}
    pairs: list[tuple[int, int, float]] = []
    for (a, b), row in rows.items():
        if a in index and b in index:
            share = row.wins / row.matches
            pairs += [(index[a], index[b], share)] * row.matches
    elo = elo_ratings(len(names), pairs)
    shift = 1500 - elo[index["normal"]] if "normal" in index else 0.0
    return {name: elo[i] + shift for name, i in index.items()}


def strong_cpu(game: Game[Any], players: int, strong: str, normal: str) -> list[float]:
    """CPU seconds of the strong level's moves that had a choice (more than one legal move),
    searched or planned, over whole matches against the normal level (seats alternating) until
    there are `CPU_MOVES` of them: a whole match, because the costly moves may all come late
    (Ciurme's strong level plays phase 1 by its crew's plan and searches the Assembly; Castell's
    plans a whole turn at its first move)."""
    times: list[float] = []
    seed = 0
    while len(times) < CPU_MOVES and seed < 40:
        state = game.setup(players, seed)
        rng = Rng(seed)
        bots = {seat: parse_bot(strong if (seat + seed) % 2 == 0 else normal)
                for seat in game.seats(state)}
        for _ in range(20_000):  # a real-time game under this driver may not end
            actors = sorted(game.actors(state))
            if not actors:
                break
            seat = actors[0]
            strong_turn = (seat + seed) % 2 == 0 and len(game.legal_actions(state, seat)) > 1
            start = cpu_clock()
            action = bots[seat].choose(game, state, seat, rng)
            spent = cpu_clock() - start
            if strong_turn:
                times.append(spent)
            game.apply(state, seat, action)
        seed += 1
    return times


def reaction_rows(game: Game[Any], players: int) -> list[list[str]]:
    """Each level of a real-time game: its mean seconds per step, and the placements a minute
    and seconds a decision it gives, playing against itself on the simulated clock."""
    out = []
    module = bench_module(game)
    for level in game_levels(game):
        spec = parse_bot(level.spec)
        steps = module.level_times(spec.level) if module else {}
        placed, decisions, seconds = 0, 0, 0.0
        seed = 0
        while seconds < 60 * RATE_MINUTES:
            state = game.setup(players, seed)
            seats = game.seats(state)
            bots = {seat: parse_bot(level.spec) for seat in seats}
            scheduler = RealTimeScheduler(game, state, bots, seat_rngs(seats, seed))
            scheduler.run()
            rounds = game.result(state).details["rounds"]
            placed += sum(sum(r["placed"]) for r in rounds)
            decisions += scheduler.actions
            seconds += scheduler.now * len(seats)  # each seat's clock
            seed += 1
        per_minute = placed / seconds * 60
        per_decision = seconds / decisions
        out.append([
            level.name, level.spec,
            " ".join(f"{k} {v:.2f}" for k, v in steps.items()),
            f"{per_minute:.1f}", f"{per_decision:.2f}",
        ])
    return out


def write_elo(game: Game[Any], elo: dict[str, float], rows: dict[tuple[str, str], Row],
              seeds: list[int]) -> None:
    """The measured Elo into the game's `levels.json` (the specs left as they are)."""
    path = table_path(game)
    if path is None:
        return
    table = read_table(game)
    table["measured"] = {
        "elo": {name: round(elo[name]) for name in LEVEL_NAMES if name in elo},
        "matches": {f"{a} v {b}": row.matches for (a, b), row in rows.items()},
        "seeds": seeds,
        "date": datetime.date.today().isoformat(),
        "by": "bench/bots.py",
    }
    path.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")


def goal_text(kind: str) -> str:
    return {
        "ladder": f"the level above wins >= {LADDER_STEP:.0%}",
        "normal": f">= {BEATS_NORMAL:.0%}, interval's low end > {BEATS_NORMAL_LOW:.0%}",
        "old": f">= {BEATS_OLD:.0%}",
        "yardstick": "holds its own: >= 50% within the interval",
        "": "",
    }[kind]


def goal_met(kind: str, row: Row) -> str:
    low, high = row.interval
    met = {
        "ladder": row.rate >= LADDER_STEP,
        "normal": row.rate >= BEATS_NORMAL and low > BEATS_NORMAL_LOW,
        "old": row.rate >= BEATS_OLD,
        "yardstick": high >= 0.5,
        "": True,
    }[kind]
    return "yes" if met else "NO"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=0,
                        help="matches per pairing and seed (default: per game)")
    parser.add_argument("--seeds", type=int, default=2, help="tournament seeds (1, 2, ...)")
    parser.add_argument("--workers", type=int, default=2, help="local processes")
    parser.add_argument("--only", default="", help="comma-separated game names to run")
    parser.add_argument("--no-write", action="store_true",
                        help="leave levels.json and the docs page as they are")
    args = parser.parse_args()
    castell_planner.register()
    seeds = list(range(1, args.seeds + 1))
    only = {n for n in args.only.split(",") if n}
    strength = Table(title=f"The levels head to head: seats rotated, same deals both ways, "
                           f"seeds {seeds}")
    for column in ("game", "players", "pairing", "matches", "win rate of the first",
                   "95% interval", "per seed", "goal", "met"):
        strength.add_column(column, justify="left" if column in ("game", "pairing", "goal")
                            else "right")
    ladder = Table(title="Elo ladder (every match between levels, normal at 1500)")
    for column in ("game", *LEVEL_NAMES, "strong level's spec"):
        ladder.add_column(column, justify="left" if column in ("game", "strong level's spec")
                          else "right")
    cpu = Table(title="The strong level's CPU per move with a choice (whole matches against "
                      f"the normal level, {CPU_MOVES} moves at least; process time)")
    for column in ("game", "mean s", "95th percentile s", "most s", "goal", "met"):
        cpu.add_column(column, justify="left" if column in ("game", "goal") else "right")
    reactions = Table(title=f"Real time: each level's mean seconds per step (the game's model), "
                            f"and what it gives playing against itself ({RATE_MINUTES} "
                            f"simulated minutes); goal for easy: {NEWCOMER}")
    for column in ("game", "level", "spec", "seconds per step", "placements a minute",
                   "seconds a decision"):
        reactions.add_column(column, justify="left" if column in ("game", "level", "spec",
                                                                  "seconds per step")
                             else "right")
    sources: list[str] = []
    for game in map(load_game, game_names()):
        if only and game.name not in only:
            continue
        players = game.min_players
        module = bench_module(game)
        matches = args.games or getattr(module, "LADDER_MATCHES", MATCHES)
        levels = {level.name: level.spec for level in game_levels(game)}
        pairings: list[tuple[str, str, str]] = [
            (levels[upper], levels[lower], "ladder")
            for lower, upper in zip(LEVEL_NAMES, LEVEL_NAMES[1:], strict=False)
        ]
        if not game.real_time:
            old = OLD_STRONG + OLD_DEFAULTS.get(game.name, "")
            pairings.append((levels["strong"], old, "old"))
            if game.name in YARDSTICKS:
                pairings.append((levels["strong"], YARDSTICKS[game.name], "yardstick"))
        rows: dict[tuple[str, str], Row] = {}
        for first, second, kind in pairings:
            row = play(game, players, first, second, matches, seeds, args.workers)
            rows[first, second] = row
            low, high = row.interval
            goal = "normal" if (kind == "ladder" and first == levels["strong"]
                                and getattr(module, "STRONG_GOAL", False)) else kind
            if goal == "normal":
                strength.add_row(game.name, str(players), f"{first} v {second}",
                                 str(row.matches), f"{row.rate:.1%}", f"{low:.1%}–{high:.1%}",
                                 " ".join(f"{r:.0%}" for r in row.per_seed),
                                 goal_text("ladder") + "; " + goal_text("normal"),
                                 "yes" if goal_met("ladder", row) == goal_met("normal", row)
                                 == "yes" else "NO")
            else:
                strength.add_row(game.name, str(players), f"{first} v {second}",
                                 str(row.matches), f"{row.rate:.1%}", f"{low:.1%}–{high:.1%}",
                                 " ".join(f"{r:.0%}" for r in row.per_seed), goal_text(goal),
                                 goal_met(goal, row))
        by_spec = {spec: name for name, spec in levels.items()}
        named = {(by_spec[a], by_spec[b]): row for (a, b), row in rows.items()
                 if a in by_spec and b in by_spec}
        elo = ladder_elo(named, [name for name in LEVEL_NAMES if name in levels])
        ladder.add_row(game.name, *(f"{elo[name]:.0f}" for name in LEVEL_NAMES),
                       levels["strong"])
        if not args.no_write:
            write_elo(game, elo, named, seeds)
        times = strong_cpu(game, players, levels["strong"], levels["normal"])
        if times:
            ordered = sorted(times)
            p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
            cpu.add_row(game.name, f"{statistics.mean(times):.3f}", f"{p95:.3f}",
                        f"{ordered[-1]:.3f}", f"<= {CPU_GOAL:g} s",
                        "yes" if ordered[-1] <= CPU_GOAL else "NO")
        if game.real_time:
            for line in reaction_rows(game, players):
                reactions.add_row(game.name, *line)
            sources += list(getattr(module, "REACTION_SOURCES", ()))
    console = Console(width=200)
    tables = [strength, ladder, cpu] + ([reactions] if reactions.row_count else [])
    for table in tables:
        console.print(table)
    for source in sources:
        console.print(f"source: {source}")
    if not args.no_write and not only:
        write_page(
            "bots",
            "Bot strength: the levels' ladder",
            __doc__.split("\n\nRun:")[0],
            [rich_markdown(table) for table in tables]
            + (["Sources of the reaction times:\n\n" + "\n".join(f"- {s}" for s in sources)]
               if sources else []),
        )


if __name__ == "__main__":
    main()
