"""Ligretto speed, as ratios to Goofspiel random playouts measured in the same run.

- heuristic rounds per second: 4 heuristic bots, each action by a seat drawn at random (the
  rules and the heuristic; the real-time scheduler's own cost is the bots' benchmark's);
- legal placement search on a crowded board: placements listed per second.

    python -m ludoteca.games.ligretto.bench
"""

from __future__ import annotations

from ludoteca.engine.rng import Rng
from ludoteca.engine.speed import cpu_clock, measure
from ludoteca.games import load_game
from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.bots.reaction import level_times
from ludoteca.games.ligretto.data import SOURCES as REACTION_SOURCES
from ludoteca.games.ligretto.state import NO_TILE, LigrettoState, Phase

# What `bench/bots.py` prints beside each level: its mean seconds per step, and their sources.
__all__ = ["REACTION_SOURCES", "level_times", "main"]

SECONDS = 2.0


def heuristic_rounds(state: LigrettoState, rng: Rng, placed: int | None = None) -> None:
    """Heuristic actions by seats drawn at random until the match is over (or, with `placed`,
    until that many tiles lie on the board)."""
    while not GAME.is_over(state):
        if placed is not None and (
            state.phase is not Phase.PLAY or sum(p.placed for p in state.players) >= placed
        ):
            return
        seat = rng.choice(sorted(GAME.actors(state)))
        GAME.apply(state, seat, GAME.heuristic_action(state, seat, rng))


def rounds_per_second() -> float:
    rounds, seed = 0, 0
    start = cpu_clock()
    while cpu_clock() - start < SECONDS:
        state = GAME.setup(4, seed, {"rounds": 6})
        heuristic_rounds(state, Rng(seed))
        rounds += len(state.history)
        seed += 1
    return rounds / (cpu_clock() - start)


def crowded_board() -> LigrettoState:
    """A 4-player round played by bots until about 40 tiles lie on the board."""
    state = GAME.setup(4, 1, {"rounds": 1})
    heuristic_rounds(state, Rng(1), placed=40)
    return state


def placements_per_second() -> tuple[float, int]:
    state = crowded_board()
    holders = [s for s, p in enumerate(state.players) if p.hand != NO_TILE] or [0]
    listed = calls = 0
    start = cpu_clock()
    while cpu_clock() - start < SECONDS:
        state.board_changed()  # search from scratch every time, as after a placement
        for seat in holders:
            listed += len(GAME.legal_actions(state, seat))
            calls += 1
    return listed / (cpu_clock() - start), calls


def main() -> None:
    # the baseline is measured before and after, so a machine busy with other work for part of
    # the run skews the ratios less
    baseline_game = load_game("goofspiel")
    before = measure(baseline_game, 4, seconds=SECONDS / 2).actions_per_second
    rps = rounds_per_second()
    pps, calls = placements_per_second()
    after = measure(baseline_game, 4, seconds=SECONDS / 2).actions_per_second
    baseline = (before + after) / 2
    print(f"goofspiel random playouts: {baseline:,.0f} actions/s (baseline)")
    print(f"ligretto heuristic rounds, 4 bots: {rps:,.1f} rounds/s "
          f"(ratio to goofspiel actions/s: {rps / baseline:.5f})")
    print(f"ligretto legal placements, crowded board: {pps:,.0f} placements/s over {calls} "
          f"searches (ratio: {pps / baseline:.3f})")


if __name__ == "__main__":
    main()
