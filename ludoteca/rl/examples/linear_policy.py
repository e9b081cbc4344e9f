"""Train a linear policy with numpy on one seat of a game against bots, and watch it win more.

    python -m ludoteca.rl.examples.linear_policy            # Goofspiel against the heuristic
    python -m ludoteca.rl.examples.linear_policy --episodes 20000 --bots random --cards 8

The agent is one matrix: a score for every action from the observation (the game's encoding of
the seat's view, `ludoteca.rl.gym.SeatEnv`) and a constant, turned into probabilities over the
legal actions only (a softmax under the action mask). It learns by REINFORCE: every choice it
made in a match is pushed toward what it chose in proportion to how much better the match ended
(1 won, 0 tied, -1 lost) than the running average, the pushes of `batch` matches averaged into
one step (one match alone says little: a random opponent's bids decide many). No deep-learning
framework: a few lines of numpy.

Every `every` episodes it is evaluated greedily (its most likely legal action) on the same
`evaluation` matches (fixed seeds, the seat alternating), and the win rate against the bots (a
tie counting half) is printed: the learning curve. Goofspiel's heuristic bids at random (the
reference game has no rule of thumb), so the agent learns to spend its high cards on the high
prizes.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ludoteca.rl.gym import SeatEnv


@dataclass(frozen=True)
class Checkpoint:
    """The agent after `episodes` training matches: its greedy win rate over `matches`
    evaluation matches (a tie counting half), and the seconds spent so far."""

    episodes: int
    win_rate: float
    matches: int
    seconds: float


class LinearPolicy:
    """Action scores linear in the observation (and a constant); a softmax over the legal
    actions."""

    def __init__(self, observations: int, actions: int, rng: np.random.Generator) -> None:
        self.weights = rng.normal(0.0, 0.01, (actions, observations + 1))

    @staticmethod
    def features(observation: np.ndarray) -> np.ndarray:
        """The observation with a constant 1 appended."""
        found: np.ndarray = np.append(observation, 1.0)
        return found

    def probabilities(self, features: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The softmax of the legal actions' scores; illegal actions get 0."""
        scores = self.weights @ features
        scores = np.where(mask > 0, scores, -np.inf)
        scores -= scores[mask > 0].max()
        weights = np.exp(scores)
        found: np.ndarray = weights / weights.sum()
        return found

    def choose(self, observation: dict[str, np.ndarray], rng: np.random.Generator | None
               ) -> tuple[int, np.ndarray, np.ndarray]:
        """An action (sampled; the most likely without `rng`), its features and the
        probabilities it was drawn from."""
        features = self.features(observation["observation"])
        chances = self.probabilities(features, observation["action_mask"])
        action = int(rng.choice(len(chances), p=chances)) if rng else int(np.argmax(chances))
        return action, features, chances

    def gradient(self, steps: Sequence[tuple[int, np.ndarray, np.ndarray]], advantage: float
                 ) -> np.ndarray:
        """REINFORCE: the gradient of the log-probability of each choice, times the
        advantage."""
        total = np.zeros_like(self.weights)
        for action, features, chances in steps:
            push = -chances
            push[action] += 1.0
            total += advantage * np.outer(push, features)
        return total


def evaluate(policy: LinearPolicy, envs: Sequence[SeatEnv], matches: int) -> float:
    """The greedy policy's win rate over `matches` fixed matches (seeds 0 to matches - 1, the
    seat alternating between the environments), a tie counting half."""
    total = 0.0
    for number in range(matches):
        env = envs[number % len(envs)]
        observation, _ = env.reset(seed=1_000_000 + number)
        while True:
            action, _, _ = policy.choose(observation, None)
            observation, reward, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                total += (reward + 1.0) / 2.0
                break
    return total / matches


def train(
    game: str = "goofspiel",
    players: int = 2,
    options: dict[str, Any] | None = None,
    bots: str = "heuristic",
    episodes: int = 8000,
    every: int = 1000,
    evaluation: int = 400,
    rate: float = 0.5,
    batch: int = 16,
    seed: int = 0,
    report: Any = None,
) -> list[Checkpoint]:
    """Train and evaluate (see the module's documentation); `report(checkpoint)` is called at
    each evaluation. The checkpoints, the untrained policy's first."""
    envs = [SeatEnv(game, players, seat=seat, bots=bots, options=options)
            for seat in range(players)]
    rng = np.random.default_rng(seed)
    spec = envs[0].learning
    policy = LinearPolicy(spec.size, spec.actions, rng)
    baseline = 0.0
    pushes = np.zeros_like(policy.weights)
    start = time.perf_counter()
    curve: list[Checkpoint] = []

    def checkpoint(done: int) -> None:
        found = Checkpoint(done, evaluate(policy, envs, evaluation), evaluation,
                           time.perf_counter() - start)
        curve.append(found)
        if report is not None:
            report(found)

    checkpoint(0)
    for episode in range(1, episodes + 1):
        env = envs[episode % players]
        observation, _ = env.reset(seed=seed * 10_000_000 + episode)
        steps = []
        while True:
            action, features, chances = policy.choose(observation, rng)
            steps.append((action, features, chances))
            observation, reward, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                break
        pushes += policy.gradient(steps, float(reward) - baseline)
        baseline += 0.02 * (float(reward) - baseline)
        if episode % batch == 0:
            policy.weights += rate * pushes / batch
            pushes.fill(0.0)
        if episode % every == 0:
            checkpoint(episode)
    return curve


def main(argv: Sequence[str] | None = None) -> None:
    """The command line: trains, printing the greedy win rate at each evaluation."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="goofspiel", help="a game with a learning encoding")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--cards", type=int, help="Goofspiel's cards (default: the game's 5)")
    parser.add_argument("--bots", default="heuristic", help="bot specs of the other seats")
    parser.add_argument("--episodes", type=int, default=8000, help="training matches")
    parser.add_argument("--every", type=int, default=1000, help="episodes between evaluations")
    parser.add_argument("--evaluation", type=int, default=400, help="matches per evaluation")
    parser.add_argument("--rate", type=float, default=0.5, help="the learning rate")
    parser.add_argument("--batch", type=int, default=16, help="matches per learning step")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    options = {"cards": args.cards} if args.cards else None
    print(f"{args.game}, {args.players} players, against {args.bots}: greedy win rate over "
          f"{args.evaluation} fixed matches (a tie counts half)")

    def show(point: Checkpoint) -> None:
        print(f"after {point.episodes:>6} episodes: {point.win_rate:6.1%}   "
              f"({point.seconds:.0f} s)", flush=True)

    train(args.game, args.players, options, args.bots, args.episodes, args.every,
          args.evaluation, args.rate, args.batch, args.seed, show)


if __name__ == "__main__":
    main()
