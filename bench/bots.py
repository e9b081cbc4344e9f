"""Bot strength and search speed for every game.

Strength: for each game, head-to-head matches (seats rotated, same deals both ways) of MCTS
against the heuristic bot and of the heuristic bot against random play, on several tournament
seeds (`--seeds`), with the pooled win rate, its 95% Wilson interval and each seed's rate.
Speed: MCTS iterations per second, as a ratio to the engine's random playouts
per second of the same game measured in the same run (one iteration is one determinization, a
tree walk and one playout, so the ratio shows the search's overhead).

The MCTS pitted against each game's heuristic is, by default, the game's default `mcts` (its
`Game.mcts_defaults`: rollouts that follow the game's heuristic for a few steps, the game's
`evaluate` where they stop, a progressive bias toward the heuristic's move; see
`ludoteca.bots.mcts`).
A game's own bench module (`ludoteca/games/<game>/bench.py`) may set `MCTS_SPEC` (its MCTS) and
`STRENGTH_MATCHES` (matches per pairing, for a tight interval).

Run: `python bench/bots.py [--games G] [--seeds N] [--mcts SPEC] [--workers W] [--seconds S]
[--only G,G]`.
"""

from __future__ import annotations

import argparse
from typing import Any

from games import bench_module
from rich.console import Console
from rich.table import Table

from ludoteca.bots import MctsBot, parse_bot
from ludoteca.bots.simple import HeuristicBot
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.engine.speed import cpu_clock, playout_rate
from ludoteca.games import game_names, load_game
from ludoteca.sim.progress import progress_bar
from ludoteca.sim.stats import wilson_interval
from ludoteca.sim.tournament import run_tournament

MCTS_SPEC = "mcts"  # each game's default search (`Game.mcts_defaults`)
STRENGTH_MATCHES = 120
SPEED_DECISIONS = 5  # searched decisions timed per match, spread over it, then the next match
SPEED_MATCHES = 50  # matches at most: a game whose bot never searches gets 0
SPEED_TRIES = 400  # decisions per match at most


def strength_settings(game: Game[Any]) -> tuple[str, int]:
    """The MCTS spec and the matches per pairing: the game's own, else the defaults."""
    module = bench_module(game)
    return (
        getattr(module, "MCTS_SPEC", MCTS_SPEC),
        getattr(module, "STRENGTH_MATCHES", STRENGTH_MATCHES),
    )


def mcts_speed(game: Game[Any], players: int, spec: str, seconds: float) -> float:
    """MCTS iterations per second, on the decisions of a heuristic match where the bot searched
    (a decision with one candidate, as Ciurme's phase-1 turns, is played without searching and
    timed by nothing), for about `seconds`."""
    bot = parse_bot(spec)
    assert isinstance(bot, MctsBot)
    done, spent, seed = 0, 0.0, 0
    while spent < seconds and seed < SPEED_MATCHES:
        state = game.setup(players, seed)
        rng = Rng(seed)
        heuristic = HeuristicBot()
        searched = 0
        for _ in range(SPEED_TRIES):  # a real-time match under this driver may not end
            if searched == SPEED_DECISIONS or game.is_over(state):
                break
            seat = min(game.actors(state))
            start = cpu_clock()
            action = bot.choose(game, state, seat, rng)
            if bot.last_iterations:
                spent += cpu_clock() - start
                done += bot.last_iterations
                searched += 1
            game.apply(state, seat, action)
            play_out_steps(game, state, heuristic, rng, 7)
        seed += 1
    return done / spent if spent else 0.0


def play_out_steps(game: Game[Any], state: Any, bot: HeuristicBot, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        actors = sorted(game.actors(state))
        if not actors:
            return
        game.apply(state, actors[0], bot.choose(game, state, actors[0], rng))


def strength_row(
    game: Game[Any], players: int, pairing: list[str], matches: int, seeds: list[int],
    workers: int,
) -> tuple[str, float, tuple[float, float], list[float], float]:
    """The pairing played `matches` times on each seed: (name, pooled win rate of the first,
    its 95% Wilson interval, the win rate on each seed, Elo difference on the pooled games)."""
    wins = 0.0
    per_seed = []
    name = ""
    elo = 0.0
    for seed in seeds:
        first, second = pairing
        with progress_bar(f"{game.name}: {first} v {second} (seed {seed})", matches) as advance:
            result = run_tournament(
                game, players, pairing, matches, seed=seed, workers=workers, advance=advance
            )
        a, b = result.bots
        name = f"{a.name} v {b.name}"
        wins += a.win_rate * a.games
        per_seed.append(a.win_rate)
        elo += (a.elo - b.elo) / len(seeds)
    total = matches * len(seeds)
    return name, wins / total, wilson_interval(wins, total), per_seed, elo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--games", type=int, default=0, help="matches per pairing and seed (default: per game)"
    )
    parser.add_argument(
        "--mcts", default="", help="the MCTS spec to pit against the heuristic (default: per game)"
    )
    parser.add_argument("--seeds", type=int, default=3, help="tournament seeds (1, 2, ...)")
    parser.add_argument("--workers", type=int, default=2, help="local processes")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per speed measurement")
    parser.add_argument("--only", default="", help="comma-separated game names to run")
    args = parser.parse_args()
    seeds = list(range(1, args.seeds + 1))
    strength = Table(
        title=f"Strength: head to head, seats rotated, same deals both ways, seeds {seeds}"
    )
    for column in (
        "game",
        "players",
        "pairing",
        "matches",
        "win rate of the first",
        "95% interval",
        "per seed",
        "Elo",
    ):
        strength.add_column(column, justify="left" if column in ("game", "pairing") else "right")
    speed = Table(title="MCTS speed (ratio to random playouts of the same game, same run)")
    for column in ("game", "players", "mcts", "iterations/s", "random playouts/s", "ratio"):
        speed.add_column(column, justify="left" if column == "game" else "right")
    only = {n for n in args.only.split(",") if n}
    for game in map(load_game, game_names()):
        if only and game.name not in only:
            continue
        players = game.min_players  # the smallest table
        own_mcts, own_matches = strength_settings(game)
        mcts = args.mcts or own_mcts
        matches = args.games or own_matches
        for pairing in ([mcts, "heuristic"], ["heuristic", "random"]):
            name, rate, (low, high), per_seed, elo = strength_row(
                game, players, pairing, matches, seeds, args.workers
            )
            strength.add_row(
                game.name,
                str(players),
                name,
                str(matches * len(seeds)),
                f"{rate:.1%}",
                f"{low:.1%}–{high:.1%}",
                " ".join(f"{r:.0%}" for r in per_seed),
                f"{elo:+.0f}",
            )
        playouts_per_second = playout_rate(game, players, args.seconds).playouts_per_second
        iterations_per_second = mcts_speed(game, players, mcts, args.seconds)
        speed.add_row(
            game.name,
            str(players),
            mcts,
            f"{iterations_per_second:,.0f}",
            f"{playouts_per_second:,.0f}",
            f"{iterations_per_second / playouts_per_second:.2f}",
        )
    console = Console(width=180)
    console.print(strength)
    console.print(speed)


if __name__ == "__main__":
    main()
