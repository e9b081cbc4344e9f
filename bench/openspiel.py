"""Our ISMCTS (`ludoteca.bots.mcts`) against OpenSpiel's Python MCTSBot and ISMCTSBot, on the
room's games through the OpenSpiel adapter (`ludoteca.rl.openspiel`), in one run.

Every searcher gets the same budget: `iterations` per move, each iteration one world and one
uniformly random playout to the end of the match (ours: `mcts:iterations=N` with random
rollouts, no horizon, no bias and no focus whatever the game's default search says, keeping only
how the game asks the tree to be grown, `rivals` and `Game.search_key`; OpenSpiel's:
`max_simulations=N` with `RandomRolloutEvaluator`, UCT constant 2 on returns in [-1, 1], as
OpenSpiel's examples set it). OpenSpiel's MCTSBot searches one world
per move, the adapter's `resample_from_infostate` (it would otherwise read the true state,
hidden cards included); its ISMCTSBot samples a world per iteration with the same hook, as ours
samples `determinize`.

Speed: iterations per second of each searcher on the same positions (decisions with a choice,
from random matches). Strength: head-to-head matches, ours against each, seats rotated and every
deal played both ways, with our win rate (a tie counts half) and its 95% Wilson interval.

Run: `python bench/openspiel.py [--matches N] [--only goofspiel,castell] [--workers W]`
(`SETTINGS` says how many matches each game gets by default, and why).
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts
from rich.console import Console
from rich.table import Table

from ludoteca.bots import MctsBot
from ludoteca.engine.rng import Rng
from ludoteca.games import load_game
from ludoteca.rl import openspiel
from ludoteca.rl.spiel_bots import OnInformation, chance_outcome, ismcts_resampler, play_match
from ludoteca.sim.stats import wilson_interval

sys.path.insert(0, str(Path(__file__).parent))  # the benches' own helpers, beside them
from pages import rich_markdown, what_it_measures, write_page  # noqa: E402

UCT_C = 2.0


@dataclass(frozen=True)
class Setting:
    """A game at a table, with the options that keep a match short, and the budget."""

    game: str
    players: int
    options: dict[str, Any]
    iterations: int
    matches: int  # per pairing
    our_c: float | None = None  # our UCT constant (None: the bot's own)

    @property
    def label(self) -> str:
        extra = "".join(f", {k}={v}" for k, v in self.options.items())
        return f"{self.game}, {self.players} players{extra}"


# Matches per pairing, for a 95% interval of about +-7 points in Goofspiel, +-15 in Castell
# and +-20 in Ligretto (whose OpenSpiel searchers manage 8 to 11 iterations a second through
# the adapter): 5 to 12 minutes a pairing on a quiet 2-core machine, several times that under
# load.
# Ciurme's rows are speed alone: a session is 300 to 450 decisions, and OpenSpiel's searchers,
# under one iteration a second there, would take hours over one match with a useful budget.
SETTINGS = (
    Setting("goofspiel", 2, {}, 200, 200),
    Setting("castell", 2, {}, 20, 40),
    Setting("ligretto", 2, {"rounds": 1}, 20, 24),
    Setting("ciurme", 8, {}, 4, 0),
)


# --- the searchers --------------------------------------------------------------------------------
class Ours:
    """`ludoteca.bots.mcts` on the engine's state behind the OpenSpiel state, under the bench's
    budget rules. A game's default search may follow its heuristic, judge positions with its
    `evaluate` or look only at its `search_choices` (Castell's, Ligretto's and Ciurme's do),
    knowledge OpenSpiel's bots are not given: here the game's defaults are ignored
    (`game_defaults=False`) but for how the tree grows (`rivals`), and every iteration is one
    uniformly random playout to the end."""

    name = "ours (ludoteca ISMCTS)"

    def __init__(self, game: str, iterations: int, seed: int, c: float | None = None) -> None:
        rivals = load_game(game).mcts_defaults.get("rivals")
        self.bot = MctsBot(iterations=iterations, c=c, rivals=rivals, game_defaults=False)
        self.rng = Rng(seed)

    def step(self, state: Any) -> tuple[int, int]:
        """The OpenSpiel action to play, and the iterations spent."""
        table = state.table
        seat = state.current_player()
        chosen = self.bot.choose(table.game, table.state, seat, self.rng)
        index = next(i for i, action in table.legal(seat).items() if action == chosen)
        return index, self.bot.last_iterations


class SpielMcts:
    """OpenSpiel's MCTSBot, on one world of the seat's information state per move
    (`ludoteca.rl.spiel_bots.OnInformation`)."""

    name = "OpenSpiel MCTSBot"

    def __init__(self, game: Any, iterations: int, seed: int) -> None:
        randomness = np.random.RandomState(seed)
        rollouts = mcts.RandomRolloutEvaluator(1, randomness)
        self.bot = OnInformation(
            mcts.MCTSBot(game, UCT_C, iterations, rollouts, solve=False,
                         random_state=randomness),
            seed,
        )
        self.iterations = iterations

    def step(self, state: Any) -> tuple[int, int]:
        if len(state.legal_actions()) == 1:
            return state.legal_actions()[0], 0
        return self.bot.step(state), self.iterations


class SpielIsmcts:
    """OpenSpiel's ISMCTSBot (it samples its worlds with the adapter's resampling)."""

    name = "OpenSpiel ISMCTSBot"

    def __init__(self, game: Any, iterations: int, seed: int) -> None:
        randomness = np.random.RandomState(seed)
        rollouts = mcts.RandomRolloutEvaluator(1, randomness)
        self.bot = ismcts.ISMCTSBot(game, rollouts, UCT_C, iterations, random_state=randomness)
        self.bot.set_resampler(ismcts_resampler(seed))  # seeded: a run replays
        self.iterations = iterations

    def step(self, state: Any) -> tuple[int, int]:
        if len(state.legal_actions()) == 1:
            return state.legal_actions()[0], 0
        return int(self.bot.step(state)), self.iterations


def searchers(game: Any, setting: Setting, seed: int) -> list[Any]:
    return [
        Ours(setting.game, setting.iterations, seed, setting.our_c),
        SpielMcts(game, setting.iterations, seed),
        SpielIsmcts(game, setting.iterations, seed),
    ]


# --- speed ----------------------------------------------------------------------------------------
def positions(game: Any, count: int, seed: int) -> list[Any]:
    """Decisions with a choice, spread over random matches."""
    rng = np.random.RandomState(seed)
    found: list[Any] = []
    match = 0
    while len(found) < count:
        state = game.new_initial_state()
        chance = np.random.RandomState(seed * 1000 + match)
        step = 0
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply_action(chance_outcome(state, chance))
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and step % 7 == 3:
                found.append(state.clone())
            state.apply_action(int(rng.choice(legal)))
            step += 1
        match += 1
    return found


def speeds(game: Any, setting: Setting, count: int = 6) -> list[float]:
    """Iterations per second of each searcher on the same positions, taken in turns so that a
    busy machine slows them alike."""
    spent = [0.0, 0.0, 0.0]
    done = [0, 0, 0]
    bots = searchers(game, setting, seed=1)
    for state in positions(game, count, seed=2):
        for i, bot in enumerate(bots):
            start = time.perf_counter()
            _, iterations = bot.step(state.clone())
            spent[i] += time.perf_counter() - start
            done[i] += iterations
    return [d / s if s else 0.0 for d, s in zip(done, spent, strict=True)]


# --- strength -------------------------------------------------------------------------------------
class _Played:
    """A searcher as `play_match` steps it: the action alone."""

    def __init__(self, searcher: Any) -> None:
        self.searcher = searcher

    def step(self, state: Any) -> int:
        action, _ = self.searcher.step(state)
        return int(action)


def match(game: Any, bots: list[Any], deal_seed: int) -> list[float]:
    """A match whose chance (the deal, the draws) comes from `deal_seed`: the same draws
    whichever seats the searchers take."""
    return play_match(game, [_Played(bot) for bot in bots], deal_seed)


def one_match(setting: Setting, rival: int, number: int) -> float:
    """Our score (1 a win, 0.5 a tie) in match `number` against searcher `rival`: ours on seat 0
    of even matches and on seat 1 of odd ones, every deal played both ways."""
    game = openspiel.load(setting.game, setting.players, setting.options)
    ours_at = number % 2
    lineup = searchers(game, setting, seed=100 + number)
    bots = [lineup[0] if seat == ours_at else lineup[rival] for seat in range(setting.players)]
    returns = match(game, bots, deal_seed=number // 2)
    return (returns[ours_at] + 1) / 2


def head_to_head(setting: Setting, rival: int, workers: int) -> tuple[float, int]:
    """Our wins over `setting.matches` matches against searcher `rival`."""
    jobs = [(setting, rival, number) for number in range(setting.matches)]
    if workers <= 1:
        return sum(one_match(*job) for job in jobs), len(jobs)
    with multiprocessing.Pool(workers) as pool:
        return sum(pool.starmap(one_match, jobs)), len(jobs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--matches", type=int,
        help="matches per pairing (default: per game; 0: speed alone, as Ciurme's rows are)",
    )
    parser.add_argument("--only", help="games to run, comma-separated")
    parser.add_argument("--workers", type=int, default=2, help="processes for the matches")
    parser.add_argument(
        "--our-c", type=float,
        help="our UCT constant (default: the bot's own, 0.7 on rewards in [0, 1]; OpenSpiel's "
        f"{UCT_C} on returns in [-1, 1] is {UCT_C / 2} on ours)",
    )
    args = parser.parse_args()
    chosen = [s for s in SETTINGS if not args.only or s.game in args.only.split(",")]
    console = Console(width=120)
    speed_table = Table(title="Search speed: iterations per second (random rollouts to the end)")
    for column in ("game", "iterations/move", "ours", "MCTSBot", "ISMCTSBot", "ours / MCTSBot",
                   "ours / ISMCTSBot"):
        speed_table.add_column(column, justify="left" if column == "game" else "right")
    match_table = Table(title="Head to head at equal iterations: our win rate")
    for column in ("game", "against", "matches", "our win rate", "95% interval"):
        match_table.add_column(column, justify="left" if column in ("game", "against") else "right")
    for setting in chosen:
        game = openspiel.load(setting.game, setting.players, setting.options)
        matches = setting.matches if args.matches is None or not setting.matches else args.matches
        setting = dataclasses.replace(setting, matches=matches, our_c=args.our_c)
        console.print(f"{setting.label}: speed...")
        ours, spiel_mcts, spiel_ismcts = speeds(game, setting)
        row = (
            setting.label, str(setting.iterations), f"{ours:.1f}", f"{spiel_mcts:.1f}",
            f"{spiel_ismcts:.1f}", f"{ours / spiel_mcts:.1f}x", f"{ours / spiel_ismcts:.1f}x",
        )
        console.print(" | ".join(row))  # as it comes: a long run interrupted keeps its rows
        speed_table.add_row(*row)
        for rival, name in ((1, SpielMcts.name), (2, SpielIsmcts.name)) if setting.matches else ():
            console.print(f"{setting.label}: {setting.matches} matches against {name}...")
            wins, played = head_to_head(setting, rival, args.workers)
            low, high = wilson_interval(wins, played)
            result = (setting.label, name, str(played), f"{wins / played:.1%}",
                      f"{low:.1%}-{high:.1%}")
            console.print(" | ".join(result))
            match_table.add_row(*result)
    console.print(speed_table)
    console.print(match_table)
    write_page("openspiel", "Our ISMCTS against OpenSpiel's searchers", what_it_measures(__doc__),
               [rich_markdown(speed_table), rich_markdown(match_table)])


if __name__ == "__main__":
    main()
