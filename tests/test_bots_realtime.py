"""The real-time scheduler: a simulated clock, reaction times, and stale plans re-planned."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.bots import HeuristicBot, RandomBot, play_out
from ludoteca.bots.realtime import RealTimeScheduler
from ludoteca.engine import (
    Action,
    Event,
    Game,
    IllegalAction,
    Result,
    Rng,
    competition_ranks,
    public,
)
from ludoteca.engine.clock import default_reaction_seconds
from ludoteca.engine.rules import Rule, RuleTable


@dataclass(frozen=True)
class Grab(Action):
    kind = "grab"
    token: int


@dataclass
class GrabState:
    free: list[int]
    taken: list[int]


def grabs(state: GrabState, seat: int) -> list[Grab]:
    return [Grab(t) for t in state.free]


def check_grab(state: GrabState, seat: int, action: Grab) -> Grab:
    if action.token not in state.free:
        raise IllegalAction(f"grab a free token: {state.free}")
    return action


def do_grab(state: GrabState, seat: int, action: Grab) -> list[Event]:
    state.free.remove(action.token)
    state.taken[seat] += 1
    return [public("grab", seat=seat, token=action.token)]


class Grab5(Game[GrabState]):
    """Everybody grabs at once from 5 tokens; most tokens wins. Real time, like Ligretto."""

    name = "grab"
    min_players, max_players = 2, 3
    real_time = True
    State = GrabState
    rules = RuleTable(Rule(Grab, ("play",), check_grab, do_grab, choices=grabs))

    def new_state(self, players: int, seed: int, options: Any) -> GrabState:
        return GrabState(list(range(5)), [0] * players)

    def phase(self, state: GrabState) -> str:
        return "play" if state.free else "over"

    def seats(self, state: GrabState) -> list[int]:
        return list(range(len(state.taken)))

    def max_actions(self, players: int, options: Any = None) -> int:
        return 5

    def actors(self, state: GrabState) -> frozenset[int]:
        return frozenset(self.seats(state)) if state.free else frozenset()

    def seat_view(self, state: GrabState, seat: int | None) -> dict[str, Any]:
        return {"free": state.free, "taken": state.taken}

    def is_over(self, state: GrabState) -> bool:
        return not state.free

    def result(self, state: GrabState) -> Result:
        return Result(tuple(state.taken), competition_ranks(state.taken))

    def clone(self, state: GrabState) -> GrabState:
        return GrabState(list(state.free), list(state.taken))


class TimedGrab5(Grab5):
    """With the game's own reaction model: seat 0 takes 1 s, seat 1 takes 1.5 s."""

    def reaction_seconds(
        self, state: Any, seat: int, action: Action, level: str | None, rng: Rng
    ) -> float:
        return 1.0 if seat == 0 else 1.5


def test_the_game_reaction_model_drives_the_clock_and_stale_plans_are_replanned() -> None:
    game = TimedGrab5()
    state = game.setup(2, 0)
    scheduler = RealTimeScheduler(
        game, state, {0: RandomBot(), 1: RandomBot()}, {0: Rng(1), 1: Rng(2)}
    )
    scheduler.run()
    # Seat 0 fires at 1, 2, 3, 4, 5; seat 1 at 1.5 and then 1.5 s after each (re-)plan: it
    # grabs whatever is still free when its plan fires, unless seat 0 took that token first.
    assert sum(state.taken) == 5 and state.taken[0] >= 3
    assert scheduler.now <= 5.0 and scheduler.actions == 5


def test_without_a_game_model_a_faster_level_grabs_more() -> None:
    game = Grab5()
    totals = [0, 0]
    for seed in range(30):
        state = game.setup(2, seed)
        slow, fast = HeuristicBot(level="1"), HeuristicBot(level="4")
        playout = play_out(game, state, {0: slow, 1: fast}, seed)
        assert game.is_over(state) and playout.seconds > 0
        totals[0] += state.taken[0]
        totals[1] += state.taken[1]
    assert totals[1] > 2 * totals[0]


def test_default_reaction_times_are_positive_and_faster_with_level() -> None:
    rng = Rng(3)
    slow = [default_reaction_seconds("beginner", rng) for _ in range(500)]
    fast = [default_reaction_seconds("expert", rng) for _ in range(500)]
    assert min(slow) > 0 and sum(fast) < sum(slow)


def test_real_time_matches_replay_for_a_seed() -> None:
    game = Grab5()
    runs = []
    for _ in range(2):
        state = game.setup(3, 4)
        playout = play_out(game, state, {s: RandomBot() for s in range(3)}, seed=4)
        runs.append((state.taken, playout))
    assert runs[0] == runs[1]
