"""Bot-only Ligretto matches on a simulated clock.

An event queue holds each bot's next action at the moment its reaction time runs out; the
earliest fires, goes through the same `apply` a server uses on the wall clock, and may be refused
because another bot got there first (the bot then looks again). When a tile lands, bots that were
about to discard look at the board again, since their tile may fit now.

    python -m ludoteca.games.ligretto.simulate --players 4 --matches 200 --rounds 6
"""

from __future__ import annotations

import argparse
import heapq
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.actions import Discard, Place, Restart
from ludoteca.games.ligretto.state import LigrettoState


@dataclass
class MatchRun:
    state: LigrettoState
    seconds: float  # simulated time
    actions: int
    refused: int  # actions overtaken by another bot's placement
    details: dict[str, Any] = field(default_factory=dict)


def play_match(
    players: int, seed: int, options: Any = None, levels: Sequence[str] | None = None
) -> MatchRun:
    """One bot-only match; `levels` per seat (default every bot "casual")."""
    levels = list(levels or ["casual"] * players)
    state = GAME.setup(players, seed, options)
    rng = Rng(seed * 1_000_003 + 17)  # the bots' own randomness; the match's lives in the state
    queue: list[tuple[float, int, int, Action]] = []
    plan: dict[int, int] = {}  # seat -> ticket of its current plan
    clock, ticket, actions, refused = 0.0, 0, 0, 0

    def schedule(seat: int) -> None:
        nonlocal ticket
        action = GAME.heuristic_action(state, seat, rng)
        delay = GAME.reaction_seconds(state, seat, action, levels[seat], rng)
        ticket += 1
        plan[seat] = ticket
        heapq.heappush(queue, (clock + delay, ticket, seat, action))

    while not GAME.is_over(state):
        for seat in GAME.actors(state):
            if seat not in plan:
                schedule(seat)
        clock, number, seat, action = heapq.heappop(queue)
        if plan.get(seat) != number:
            continue  # a plan replaced by a newer look at the board
        del plan[seat]
        try:
            GAME.apply(state, seat, action)
        except IllegalAction:
            refused += 1
            continue
        actions += 1
        if isinstance(action, Place | Restart):
            for _, number, other, planned in queue:
                if isinstance(planned, Discard) and plan.get(other) == number:
                    del plan[other]
    return MatchRun(state, clock, actions, refused, dict(GAME.result(state).details))


def batch(
    players: int, matches: int, seed: int = 0, options: Any = None
) -> dict[str, Any]:
    """Many matches; the figures a balance report reads."""
    rounds = stuck = 0
    seat_wins = [0] * players
    loser_tiles: list[int] = []
    fits: list[float] = []
    refused = actions = 0
    for m in range(matches):
        run = play_match(players, seed + m, options)
        details = run.details
        refused += run.refused
        actions += run.actions
        fits.append(details["fits_per_turned_tile"])
        rounds += details["rounds_played"]
        stuck += details["stuck_rounds"]
        for record in details["rounds"]:
            for w in record["winners"]:
                seat_wins[w] += 1
            loser_tiles.extend(
                t for s, t in enumerate(record["tiles_left"]) if s not in record["winners"]
            )
    return {
        "players": players,
        "matches": matches,
        "rounds": rounds,
        "stuck_share": stuck / rounds if rounds else 0.0,
        "seat_wins": seat_wins,
        "loser_tiles_mean": sum(loser_tiles) / len(loser_tiles) if loser_tiles else 0.0,
        "loser_tiles": loser_tiles,
        "fits_per_turned_tile": sum(fits) / len(fits) if fits else 0.0,
        "refused_per_action": refused / actions if actions else 0.0,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Bot-only Ligretto matches, simulated clock.")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--colours", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = batch(
        args.players, args.matches, args.seed, {"rounds": args.rounds, "colours": args.colours}
    )
    elapsed = time.perf_counter() - start
    report.pop("loser_tiles")
    report["rounds_per_second"] = report["rounds"] / elapsed
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
