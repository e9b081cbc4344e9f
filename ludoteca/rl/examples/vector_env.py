"""Several Gymnasium environments at once (`gymnasium.make_vec`), reset automatically, with a
sampler that takes only actions the mask allows.

    python -m ludoteca.rl.examples.vector_env

A terminal step's observation has an all-zero action mask: the match is over, nothing is
legal. Under autoreset (Gymnasium's default, next-step mode) the step after a terminal one
resets that environment and ignores its action, so a masked sampler must not fail on an empty
mask: `masked_sample` picks action 0 there (any action does).
"""

from __future__ import annotations

import gymnasium
import numpy as np

import ludoteca.rl.gym  # noqa: F401 (registers ludoteca/<game>-v0)


def masked_sample(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One legal action per environment, uniformly among its mask's ones; 0 where the mask is
    empty (a terminal step: the next step resets, whatever the action)."""
    actions = np.zeros(len(masks), dtype=np.int64)
    for row, mask in enumerate(masks):
        legal = np.flatnonzero(mask)
        if legal.size:
            actions[row] = rng.choice(legal)
    return actions


def play(envs: int = 4, steps: int = 200, seed: int = 0) -> int:
    """Random legal play on `envs` Goofspiel seats against the heuristic for `steps` steps;
    the matches finished."""
    vec = gymnasium.make_vec("ludoteca/goofspiel-v0", num_envs=envs,
                             vectorization_mode="sync", players=2, bots="heuristic")
    rng = np.random.default_rng(seed)
    observations, _ = vec.reset(seed=seed)
    finished = 0
    for _ in range(steps):
        actions = masked_sample(observations["action_mask"], rng)
        observations, _, terminated, truncated, infos = vec.step(actions)
        finished += int(np.sum(terminated | truncated))
        assert not np.any(infos.get("illegal_action", np.zeros(envs, bool)))
    vec.close()
    return finished


if __name__ == "__main__":
    print(f"{play()} matches finished")
