"""The bots' levels in every game: the ladder, the goals of the strong level, and its cost.

For each game (its smallest table): head-to-head matches, seats rotated and the same deals played
both ways (`ludoteca.sim.tournament`), of each level against the one below it (easy, normal,
strong, as the game's table `levels.json` names them), of the strong level against the normal
one, against the strong search the levels played before (`OLD_STRONG`), and against a yardstick
written apart from the game's bots where there is one (`castell_planner.py`, a member of the
panel below too: its matches are played once). Each line: the
pooled win rate of the first, its 95% Wilson interval, each seed's rate and the goal it answers.
The ladder's Elo (Bradley-Terry over every match of the levels and of the strong level against
the panel below, normal at 1500) is written into each game's `levels.json`, from which the
new-match form shows it.

The strong level's CPU per move is timed (process time) on its moves with a choice, in matches
against the normal level, at each seat count and with each set of options the panel is
measured at (`PANEL_PLAYERS` and `PANEL_OPTIONS` below), beside the goal of at most 1 s; in
real-time games the levels' reaction times (the game's own model, with its sources) are
printed with the placements a minute and the seconds a decision they give on the simulated
clock.

Everything is printed as Rich tables and written to the docs site (`docs/bench/bots.md`, and
the panel's tables to `docs/bench/bots-panel.md`).

The panel: the strong level against each plain strategy people play the game by (the game's
`plain_strategies`, `plain:strategy=NAME`, and Castell's planner written apart from the game's
bots, `castell_planner.py`), seats rotated and the same deals both ways, ties counted half;
goal: at least 70% against each, at every seat count the game's bench module names
(`PANEL_PLAYERS`; Castell: 2, 3 and 4) and with every set of options it names (`PANEL_OPTIONS`;
Goofspiel: its default 5 cards, and 8 beyond its solved tables, where the strong level
searches). With more than two players the strong level holds one seat and the plain strategy
all the others, the strong seat rotated through them on the same deal, and a match counts the
share of the other seats it finished above (ties half): 50% is an even match at any seat count.
Which of them the strong level beats everywhere measured (its
interval's low end above one half) goes into `levels.json` beside the Elo, for the new-match
form. For Goofspiel the page gives the strong level's exploitability at 3, 4 and 5 cards: the
solved table's alone by OpenSpiel's best response on OpenSpiel's own Goofspiel (as the command
that solved it measured it), and the whole strong strategy's (its response to habits included)
by a best response on the match's public tree (`ludoteca.games.goofspiel.equilibrium.
best_response`: every bid is revealed, so a best responder's information is the public history
and an expectimax over it is exact; a test checks it against OpenSpiel's at 3 and 4 cards);
goal: under 0.05; and the restricted response to the habits the strong level plays while the
other's bids fit one, with the share of habits p it was solved for and the exact figures the
solving command wrote beside it. The CPU table is repeated there when the panel is run alone.

Run: `python bench/bots.py [--games N|GAME=N,...] [--seeds N] [--workers W] [--only G,G] [--panel]
[--no-write]` (`--panel`: the panel, the CPU and the exploitability alone, written to
`bots-panel.md` only, of the games `--only` names if it does).
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
from ludoteca.games.goofspiel.bots.plain import STRATEGIES as GOOFSPIEL_HABITS
from ludoteca.games.goofspiel.equilibrium.kinds import KINDS as GOOFSPIEL_KINDS
from ludoteca.sim.progress import progress_bar
from ludoteca.sim.stats import elo_ratings, wilson_interval
from ludoteca.sim.teams import team_outcome
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
PANEL_GOAL = 0.70  # the strong level against each plain strategy
EXPLOITABILITY_GOAL = 0.05
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
         seeds: list[int], workers: int, options: dict[str, Any] | None = None) -> Row:
    wins, per_seed = 0.0, []
    for seed in seeds:
        with progress_bar(f"{game.name}: {first} v {second} (seed {seed})", matches) as advance:
            result = run_tournament(game, players, [first, second], matches, seed=seed,
                                    options=options, workers=workers, advance=advance)
        a = result.bots[0]
        wins += a.wins
        per_seed.append(a.win_rate)
        # A line a run off a terminal (no progress bar) can be followed by.
        print(f"{game.name}: {first} v {second} (seed {seed}): {a.win_rate:.1%} of {a.games}",
              file=sys.stderr, flush=True)
    return Row(first, second, matches * len(seeds), wins, per_seed)


def play_panel(game: Game[Any], players: int, strong: str, member: str, matches: int,
               seeds: list[int], workers: int, options: dict[str, Any] | None = None) -> Row:
    """The strong level against a panel member. With more than two teams, the strong level
    holds one seat and the member every other, the strong seat rotated through them all on the
    same deal; a match counts the share of the other seats the strong seat finished above
    (ties half), so 50% is an even match at any seat count."""
    count = game.team_count(players, game.options(options))
    if count <= 2:
        return play(game, players, strong, member, matches, seeds, workers, options)
    wins, per_seed = 0.0, []
    for seed in seeds:
        with progress_bar(f"{game.name} ({players}): {strong} v {member} (seed {seed})",
                          matches) as advance:
            result = run_tournament(game, players, [strong] + [member] * (count - 1), matches,
                                    seed=seed, options=options, workers=workers,
                                    advance=advance)
        won = sum(share_above(record) for record in result.records)
        wins += won
        per_seed.append(won / len(result.records))
        print(f"{game.name} ({players}): {strong} v {member} (seed {seed}): "
              f"{per_seed[-1]:.1%} of {len(result.records)}", file=sys.stderr, flush=True)
    return Row(strong, member, matches * len(seeds), wins, per_seed)


def share_above(record: dict[str, Any]) -> float:
    """The share of the other teams the team of bot 0 finished above, ties half."""
    _, ranks = team_outcome(record["teams"], record["scores"], record["ranks"])
    mine = ranks[record["lineup"].index(0)]
    others = [rank for team, rank in enumerate(ranks) if record["lineup"][team] != 0]
    return sum(1.0 if mine < r else 0.5 if mine == r else 0.0 for r in others) / len(others)


def panel_players(game: Game[Any]) -> tuple[int, ...]:
    """The seat counts the panel is measured at: the game's bench module's PANEL_PLAYERS, else
    its smallest table."""
    return tuple(getattr(bench_module(game), "PANEL_PLAYERS", (game.min_players,)))


def panel_options(game: Game[Any]) -> tuple[dict[str, Any], ...]:
    """The options the panel is measured at: the game's bench module's PANEL_OPTIONS, else
    the game's defaults alone ({})."""
    return tuple(getattr(bench_module(game), "PANEL_OPTIONS", ({},)))


def panel_settings(game: Game[Any]) -> list[tuple[int, dict[str, Any]]]:
    """Every seat count and set of options the panel is measured at."""
    return [(seated, options) for options in panel_options(game)
            for seated in panel_players(game)]


def options_label(options: dict[str, Any]) -> str:
    """A panel row's options as `name=value` pairs, or "default"."""
    return " ".join(f"{k}={v}" for k, v in options.items()) or "default"


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


def strong_cpu(game: Game[Any], players: int, strong: str, normal: str,
               options: dict[str, Any] | None = None) -> list[float]:
    """CPU seconds of the strong level's moves that had a choice (more than one legal move),
    searched or planned, over whole matches against the normal level (seats alternating) until
    there are `CPU_MOVES` of them: a whole match, because the costly moves may all come late
    (Ciurme's strong level plays phase 1 by its crew's plan and searches the Assembly; Castell's
    plans a whole turn at its first move)."""
    times: list[float] = []
    seed = 0
    while len(times) < CPU_MOVES and seed < 40:
        state = game.setup(players, seed, options)
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
    """The measured Elo into the game's `levels.json` (the specs left as they are, and what
    the panel measured beside it)."""
    path = table_path(game)
    if path is None:
        return
    table = read_table(game)
    table.setdefault("measured", {}).update({
        "elo": {name: round(elo[name]) for name in LEVEL_NAMES if name in elo},
        "matches": {f"{a} v {b}": row.matches for (a, b), row in rows.items()},
        "seeds": seeds,
        "date": datetime.date.today().isoformat(),
        "by": "bench/bots.py",
    })
    path.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")


def panel_members(game: Game[Any]) -> list[str]:
    """The plain strategies the strong level is measured against: the game's own, then the
    opponent written apart from the game's bots where there is one."""
    members = [f"plain:strategy={name}" for name in game.plain_strategies]
    return members + ([YARDSTICKS[game.name]] if game.name in YARDSTICKS else [])


def beaten(rows: dict[str, Row]) -> list[str]:
    """The panel members a level beats: its interval's low end above one half."""
    return [member.removeprefix("plain:strategy=") for member, row in rows.items()
            if row.interval[0] > 0.5]


def write_beats(game: Game[Any], level: str, beats: list[str], matches: int,
                seeds: list[int]) -> None:
    """Which plain strategies a level beats, into the game's `levels.json` beside its Elo."""
    path = table_path(game)
    if path is None:
        return
    table = read_table(game)
    measured = table.setdefault("measured", {})
    measured["beats"] = {level: beats}
    measured["panel"] = {"matches": matches, "seeds": seeds,
                         "date": datetime.date.today().isoformat(), "by": "bench/bots.py"}
    path.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")


def exploitability_rows() -> list[list[str]]:
    """Goofspiel's strong strategy's exploitability at every card count solved: the solved
    table's (as the command that solved it measured it) and the whole strategy's (a best
    response on the public tree)."""
    from ludoteca.games.goofspiel.equilibrium import SOLVED_CARDS
    from ludoteca.games.goofspiel.equilibrium import read_table as solved_table
    from ludoteca.games.goofspiel.equilibrium.best_response import exploitability

    out = []
    for cards in SOLVED_CARDS:
        table = solved_table(cards)
        if table is None:
            continue
        stored = float(table["exploitability"])
        out.append(["goofspiel", str(cards), "the solved table alone", f"{stored:.5f}",
                    f"< {EXPLOITABILITY_GOAL:g}", "yes" if stored < EXPLOITABILITY_GOAL
                    else "NO"])
        whole = exploitability(cards)
        out.append(["goofspiel", str(cards), "the strong level (the table and its "
                    "response to the habits)", f"{whole:.5f}", f"< {EXPLOITABILITY_GOAL:g}",
                    "yes" if whole < EXPLOITABILITY_GOAL else "NO"])
    return out


def response_rows() -> list[list[str]]:
    """Goofspiel's restricted response to the habits and the sampled bots at every card count
    solved, as the command that solved it wrote it: the share of them p, its exploitability and
    its exact win rate against each."""
    from ludoteca.games.goofspiel.equilibrium import SOLVED_CARDS
    from ludoteca.games.goofspiel.equilibrium.habits import read_table as response_table

    out = []
    for cards in SOLVED_CARDS:
        table = response_table(cards)
        if table is not None:
            out.append(["goofspiel", str(cards), f"{table['share']:g}",
                        f"{table['exploitability']:.5f}",
                        *(f"{rate:.1%}" for rate in table["win_rates"].values()),
                        *(f"{table.get('kinds_win_rates', {}).get(kind, 0):.1%}"
                          for kind in GOOFSPIEL_KINDS)])
    return out


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


def matches_per_game(text: str) -> dict[str, int]:
    """`--games`: N for every game ("" the key), or GAME=N,GAME=N for some."""
    try:
        if "=" not in text:
            return {"": int(text)}
        return {name.strip(): int(n) for name, n in (p.split("=") for p in text.split(","))}
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give a number of matches, or GAME=N,GAME=N (e.g. castell=10)") from None


def new_table(title: str, columns: tuple[str, ...], left: tuple[str, ...]) -> Table:
    table = Table(title=title)
    for column in columns:
        table.add_column(column, justify="left" if column in left else "right")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=matches_per_game, default={},
                        help="matches per pairing and seed: N for every game, or GAME=N,... "
                             "(default: per game)")
    parser.add_argument("--seeds", type=int, default=2, help="tournament seeds (1, 2, ...)")
    parser.add_argument("--workers", type=int, default=2, help="local processes")
    parser.add_argument("--only", default="", help="comma-separated game names to run")
    parser.add_argument("--panel", action="store_true",
                        help="the panel, the CPU per move and the exploitability alone")
    parser.add_argument("--no-write", action="store_true",
                        help="leave levels.json and the docs pages as they are")
    args = parser.parse_args()
    castell_planner.register()
    seeds = list(range(1, args.seeds + 1))
    only = {n for n in args.only.split(",") if n}
    strength = new_table(f"The levels head to head: seats rotated, same deals both ways, "
                         f"seeds {seeds}",
                         ("game", "players", "pairing", "matches", "win rate of the first",
                          "95% interval", "per seed", "goal", "met"),
                         ("game", "pairing", "goal"))
    ladder = new_table("Elo ladder (every match between levels and of the strong level "
                       "against the panel, normal at 1500)",
                       ("game", *LEVEL_NAMES, "the panel's Elo", "strong level's spec"),
                       ("game", "the panel's Elo", "strong level's spec"))
    panel = new_table(f"The panel: the strong level against each plain strategy, seats "
                      f"rotated, same deals both ways, ties half, seeds {seeds}",
                      ("game", "players", "options", "plain strategy", "matches",
                       "win rate of the strong level", "95% interval", "per seed", "goal",
                       "met"),
                      ("game", "plain strategy", "goal"))
    cpu = new_table("The strong level's CPU per move with a choice (whole matches against "
                    f"the normal level, {CPU_MOVES} moves at least; process time)",
                    ("game", "players", "options", "mean s", "95th percentile s", "most s",
                     "goal", "met"),
                    ("game", "options", "goal"))
    exploitability = new_table(
        "Goofspiel's strong strategy: exploitability (the table's by OpenSpiel's best response "
        "on OpenSpiel's goofspiel, the whole strong level's by a best response on the match's "
        "public tree; returns -1 to 1; half the sum of what a best response gains against "
        "each seat)", ("game", "cards", "strategy", "exploitability", "goal", "met"),
        ("game", "strategy", "goal"))
    habits = new_table(
        "Goofspiel's strong level while the other's bids fit a habit or a sampled bot: the "
        "restricted response (python -m ludoteca.games.goofspiel.equilibrium.solve --habits), "
        "the other a habit or a bot (heuristic: the normal level; old: the old strong search; "
        "as their sampled bids) with probability p in the game solved; exploitability and win "
        "rates (ties half) exact, as the command measured them",
        ("game", "cards", "p", "exploitability", *GOOFSPIEL_HABITS, *GOOFSPIEL_KINDS),
        ("game",))
    reactions = new_table(f"Real time: each level's mean seconds per step (the game's model), "
                          f"and what it gives playing against itself ({RATE_MINUTES} "
                          f"simulated minutes); goal for easy: {NEWCOMER}",
                          ("game", "level", "spec", "seconds per step", "placements a minute",
                           "seconds a decision"),
                          ("game", "level", "spec", "seconds per step"))
    sources: list[str] = []
    for game in map(load_game, game_names()):
        if only and game.name not in only:
            continue
        players = game.min_players
        module = bench_module(game)
        matches = args.games.get(game.name) or args.games.get("") or getattr(
            module, "LADDER_MATCHES", MATCHES)
        levels = {level.name: level.spec for level in game_levels(game)}
        rows: dict[tuple[str, str], Row] = {}
        if not args.panel:
            rows = ladder_rows(game, players, levels, matches, seeds, args.workers, strength)
        against: dict[str, Row] = {}
        if not game.real_time:
            for member in panel_members(game):
                for seated, options in panel_settings(game):
                    first = seated == players and not options  # the smallest default table
                    row = (rows.get((levels["strong"], member)) if first else None
                           ) or play_panel(  # the yardstick's, if played
                        game, seated, levels["strong"], member, matches, seeds, args.workers,
                        options)
                    if first:
                        against[member] = rows[levels["strong"], member] = row
                    elif row.interval[0] <= 0.5:  # beaten only if beaten everywhere measured
                        against[member] = row
                    low, high = row.interval
                    panel.add_row(game.name, str(seated), options_label(options), member,
                                  str(row.matches),
                                  f"{row.rate:.1%}", f"{low:.1%}–{high:.1%}",
                                  " ".join(f"{r:.0%}" for r in row.per_seed),
                                  f">= {PANEL_GOAL:.0%}",
                                  "yes" if row.rate >= PANEL_GOAL else "NO")
            if not args.no_write:
                write_beats(game, "strong", beaten(against), matches, seeds)
        if not args.panel:
            names = {spec: name for name, spec in levels.items()}
            names.update({member: member.removeprefix("plain:strategy=")
                          for member in against})
            named = {(names[a], names[b]): row for (a, b), row in rows.items()
                     if a in names and b in names}
            elo = ladder_elo(named, [*(n for n in LEVEL_NAMES if n in levels),
                                     *(names[m] for m in against)])
            ladder.add_row(game.name, *(f"{elo[name]:.0f}" for name in LEVEL_NAMES),
                           " ".join(f"{names[m]} {elo[names[m]]:.0f}" for m in against),
                           levels["strong"])
            if not args.no_write:
                write_elo(game, elo, named, seeds)
        for seated, options in panel_settings(game):  # a bigger table may cost more a move
            times = strong_cpu(game, seated, levels["strong"], levels["normal"], options)
            if times:
                ordered = sorted(times)
                p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
                cpu.add_row(game.name, str(seated), options_label(options),
                            f"{statistics.mean(times):.3f}",
                            f"{p95:.3f}", f"{ordered[-1]:.3f}", f"<= {CPU_GOAL:g} s",
                            "yes" if ordered[-1] <= CPU_GOAL else "NO")
        if game.name == "goofspiel":
            for line in exploitability_rows():
                exploitability.add_row(*line)
            for line in response_rows():
                habits.add_row(*line)
        if game.real_time and not args.panel:
            for line in reaction_rows(game, players):
                reactions.add_row(game.name, *line)
            sources += list(getattr(module, "REACTION_SOURCES", ()))
    console = Console(width=200)
    ladder_tables = [strength, ladder, cpu] + ([reactions] if reactions.row_count else [])
    panel_tables = [panel, exploitability] + ([habits] if habits.row_count else []) + (
        [cpu] if args.panel else [])
    for table in ([] if args.panel else ladder_tables) + panel_tables:
        console.print(table)
    for source in sources:
        console.print(f"source: {source}")
    if args.no_write or (only and not args.panel):  # a panel of some games: its page says so
        return
    if not args.panel:
        write_page(
            "bots",
            "Bot strength: the levels' ladder",
            __doc__.split("\n\nThe panel:")[0],
            [rich_markdown(table) for table in ladder_tables]
            + (["Sources of the reaction times:\n\n" + "\n".join(f"- {s}" for s in sources)]
               if sources else []),
        )
    write_page(
        "bots-panel",
        "Bot strength: the strong level against the plain strategies",
        "The panel:" + __doc__.split("\n\nThe panel:")[1].split("\n\nRun:")[0],
        [rich_markdown(table) for table in panel_tables],
        script="bots",
    )


def ladder_rows(game: Game[Any], players: int, levels: dict[str, str], matches: int,
                seeds: list[int], workers: int, strength: Table) -> dict[tuple[str, str], Row]:
    """Each level against the one below, and the strong level against the old strong search,
    into the `strength` table."""
    module = bench_module(game)
    pairings: list[tuple[str, str, str]] = [
        (levels[upper], levels[lower], "ladder")
        for lower, upper in zip(LEVEL_NAMES, LEVEL_NAMES[1:], strict=False)
    ]
    if not game.real_time:
        pairings.append((levels["strong"], OLD_STRONG + OLD_DEFAULTS.get(game.name, ""), "old"))
        if game.name in YARDSTICKS:
            pairings.append((levels["strong"], YARDSTICKS[game.name], "yardstick"))
    rows: dict[tuple[str, str], Row] = {}
    for first, second, kind in pairings:
        row = play(game, players, first, second, matches, seeds, workers)
        rows[first, second] = row
        low, high = row.interval
        goal = "normal" if (kind == "ladder" and first == levels["strong"]
                            and getattr(module, "STRONG_GOAL", False)) else kind
        met = goal_met(goal, row)
        text = goal_text(goal)
        if goal == "normal":
            text = goal_text("ladder") + "; " + text
            met = "yes" if goal_met("ladder", row) == met == "yes" else "NO"
        strength.add_row(game.name, str(players), f"{first} v {second}", str(row.matches),
                         f"{row.rate:.1%}", f"{low:.1%}–{high:.1%}",
                         " ".join(f"{r:.0%}" for r in row.per_seed), text, met)
    return rows


if __name__ == "__main__":
    main()
