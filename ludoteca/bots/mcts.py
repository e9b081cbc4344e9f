"""Information-set MCTS: the search bot.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): every iteration samples a fresh
`determinize(state, seat)` world, walks one shared tree of the observer's and the other seats'
moves with UCB (counting how often each move was *available*, since worlds differ), expands one
move, plays the rest out with a rollout policy and credits every move with the final reward of
the seat that made it. The true state is only ever passed to `determinize`, so the search cannot
read what the seat may not know.

A `horizon` cuts rollouts short and scores the state reached with `result` (the points so far):
far cheaper iterations in long games, at the price of a myopic estimate.

Several actors at once (simultaneous bids, votes, real time): the tree branches on the move of
one seat (the observer when it acts, else the lowest acting seat); the other actors' moves are
drawn from the rollout policy, like chance.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from typing import Any

from ludoteca.bots.base import Bot, rank_rewards
from ludoteca.engine.actions import Action
from ludoteca.engine.game import Game
from ludoteca.engine.result import Result
from ludoteca.engine.rng import Rng

ROLLOUTS = ("random", "heuristic")


class _Node:
    """The statistics of the move that leads here, from the view of the seat that made it."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0


class MctsBot(Bot):
    """ISMCTS with a budget of `iterations`, or of `seconds` of thinking per move."""

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: str = "random",
        horizon: int | None = None,
        level: str | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 200
        if iterations is not None and iterations < 1:
            raise ValueError(f"mcts iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"mcts seconds must be more than 0, not {seconds}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"mcts rollout {rollout!r} is unknown; allowed: {', '.join(ROLLOUTS)}")
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.horizon = horizon
        self.level = level
        self.last_iterations = 0
        budget = f"iterations={iterations}" if seconds is None else f"seconds={seconds:g}"
        extra = "" if rollout == "random" else f":rollout={rollout}"
        extra += "" if horizon is None else f":horizon={horizon}"
        self.name = f"mcts:{budget}{extra}"

    # --- the search ---------------------------------------------------------------------------
    def choose(self, game: Game[Any], state: Any, seat: int, rng: Rng) -> Action:
        world = game.determinize(state, seat, rng)
        legal = game.legal_actions(world, seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do now")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if deadline is None:
                if done >= (self.iterations or 0):
                    break
            elif done > 0 and time.perf_counter() >= deadline:
                break
            if done > 0:
                world = game.determinize(state, seat, rng)
            self._iterate(game, world, seat, root, rng)
            done += 1
        self.last_iterations = done
        return self._best(root, legal)

    def _best(self, root: _Node, legal: list[Action]) -> Action:
        def key(action: Action) -> tuple[int, float]:
            node = root.children.get(action)
            if node is None or node.visits == 0:
                return (0, 0.0)
            return (node.visits, node.reward / node.visits)

        return max(legal, key=key)

    def _iterate(self, game: Game[Any], world: Any, seat: int, root: _Node, rng: Rng) -> None:
        node = root
        path: list[tuple[_Node, int]] = []
        while True:
            actors = game.actors(world)
            if not actors:
                break
            mover = seat if seat in actors else min(actors)
            legal = game.legal_actions(world, mover)
            child, action, expanded = self._select(node, legal, rng)
            game.apply(world, mover, action)
            self._others_act(game, world, sorted(actors - {mover}), rng)
            path.append((child, mover))
            node = child
            if expanded:
                break
        rewards = rank_rewards(self._roll_out(game, world, rng), len(game.seats(world)))
        root.visits += 1
        for visited, mover in path:
            visited.visits += 1
            visited.reward += rewards[mover]

    def _select(self, node: _Node, legal: list[Action], rng: Rng) -> tuple[_Node, Action, bool]:
        """An untried move if there is one (expansion), else the best UCB move among those
        available in this world; every available move's availability count goes up."""
        children = node.children
        untried = [a for a in legal if a not in children]
        expanded = bool(untried)
        if expanded:
            action = rng.choice(untried)
            children[action] = _Node()
        best: Action | None = None
        best_score = -math.inf
        for a in legal:
            child = children.get(a)
            if child is None:
                continue
            child.available += 1
            if expanded or child.visits == 0:
                continue
            score = child.reward / child.visits + self.c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best, best_score = a, score
        if expanded:
            return children[action], action, True
        assert best is not None
        return children[best], best, False

    # --- the rollout policy -------------------------------------------------------------------
    def _policy(self, game: Game[Any], world: Any, seat: int, rng: Rng) -> Action | None:
        if self.rollout == "heuristic":
            if not game.legal_actions(world, seat):
                return None
            return game.heuristic_action(world, seat, rng)
        legal = game.legal_actions(world, seat)
        return rng.choice(legal) if legal else None

    def _others_act(self, game: Game[Any], world: Any, seats: Iterable[int], rng: Rng) -> None:
        """Each other actor moves once by the rollout policy, if it still may."""
        for other in seats:
            action = self._policy(game, world, other, rng)
            if action is not None:
                game.apply(world, other, action)

    def _roll_out(self, game: Game[Any], world: Any, rng: Rng) -> Result:
        """Play on to the end, or for `horizon` steps and take the result so far (for games
        whose `result` reads an unfinished state; where it cannot, play on to the end)."""
        steps = 0
        while True:
            actors = game.actors(world)
            if not actors:
                return game.result(world)
            if self.horizon is not None and steps >= self.horizon:
                try:
                    return game.result(world)
                except Exception:  # noqa: BLE001  (a game may only score finished states)
                    self.horizon = None
            self._others_act(game, world, sorted(actors), rng)
            steps += 1
