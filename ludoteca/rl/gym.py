"""A Gymnasium environment: one seat of a game, the other seats played by bots.

    from ludoteca.rl.gym import SeatEnv
    env = SeatEnv("castell", players=3, seat=0, bots="heuristic")
    observation, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

Or by name: `gymnasium.make("ludoteca/castell-v0", players=3, bots="mcts")` (importing
`ludoteca.rl.gym` registers one id per game with a learning encoding).

It is a thin layer over the game's contract, as the PettingZoo environments are
(`ludoteca.rl.table`): the agent plays `seat`; every other player seat is played by a bot of
`bots` (a spec as the command line writes them, `random`, `heuristic`, `mcts:iterations=50`;
several, comma-separated, are dealt to the other seats in turn); a role seat (Ciurme's
facilitator) is played by `role_bot`. A bot is asked with the true state and searches only
worlds its seat may know (`ludoteca.bots.base`).

- **Observation**: a dict of `observation`, the game's encoding of the seat's view (float32,
  in [0, 1]; its layout in the game's `learning.py`), and `action_mask`, int8 over the action
  space. **Actions**: `Discrete(n)`, the game's action indices. The environment returns only
  when the seat has something to choose (or the match is over): the bots play in between, each
  as soon as it may, so there is no waiting action.
- An action outside the mask changes nothing and sets `info["illegal_action"]`.
- **A terminal step's `action_mask` is all zeros** (the match is over: nothing is legal).
  Under `gymnasium.make_vec`'s autoreset the next step resets the environment and ignores its
  action, so a masked sampler must give some action for an empty mask
  (`ludoteca.rl.examples.vector_env.masked_sample`).
- **Real time** (Ligretto): the seat's action is *submitted* and fires after the seat's reaction
  time (`level`) on the simulated clock, the bots' after theirs, the earliest first, as the
  batch runner plays them; a submission that another made illegal first is refused
  (`info["refused"]`) and the seat chooses again. `info["clock"]` is the simulated time.
- **Reward** at the end: 1 for beating every other player, -1 for losing to every other, a tie
  counting half (2 x `Result.rewards()` - 1); 0 before. `terminated` when the match is over;
  `truncated` after `max_steps` steps (default: the game's bound on a match's length, which
  legal play never reaches).
- Seeds: `reset(seed=s)` sets up the match, and seeds the bots, from `s`; the same seed and
  actions replay the same episode.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from ludoteca.bots.base import Bot
from ludoteca.bots.spec import BotSpec, check_levels, parse_specs
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games import game_names, load_game
from ludoteca.rl.table import ROLE_BOT, Table, learning_spec

RENDER_MODES = ["ansi", "human"]
MAX_SEED = 2**63 - 1
_BOTS_SALT = 0xB075_5EA7


class SeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a game against bots (see the module's documentation)."""

    metadata = {"render_modes": RENDER_MODES}

    def __init__(
        self,
        game: Game[Any] | str,
        players: int | None = None,
        seat: int = 0,
        bots: str = "heuristic",
        options: Any = None,
        level: str | None = None,
        role_bot: str = ROLE_BOT,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.game = load_game(game) if isinstance(game, str) else game
        self.players = self.game.min_players if players is None else players
        self.learning = learning_spec(self.game, self.players, options)
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError(f"seat: one of the players' seats, 0 to {self.players - 1}, "
                             f"not {seat!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {RENDER_MODES} or None, not {render_mode!r}")
        self.seat = seat
        self.bot_specs = self._dealt(parse_specs(bots))
        check_levels(self.bot_specs.values(), self.game)
        if level is not None:
            self.game.check_level(level)
        self.levels = {s: spec.level for s, spec in self.bot_specs.items() if spec.level}
        if level is not None:
            self.levels[seat] = level
        self.role_bot = role_bot
        self.render_mode = render_mode
        bound = self.game.max_actions(self.players, self.learning.options)
        self.max_steps = (self.players * (bound + 1) if self.game.real_time else bound
                          ) if max_steps is None else max_steps
        self.observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, (self.learning.size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.learning.actions,), np.int8),
        })
        self.action_space = gymnasium.spaces.Discrete(self.learning.actions)
        self.table: Table | None = None
        self.bots: dict[int, Bot] = {}
        self.bot_rng = Rng(0)
        self.steps = 0

    def _dealt(self, specs: list[BotSpec]) -> dict[int, BotSpec]:
        """The specs dealt to the other player seats in turn."""
        others = [s for s in range(self.players) if s != self.seat]
        return {other: specs[i % len(specs)] for i, other in enumerate(others)}

    # --- Gymnasium's API ----------------------------------------------------------------------
    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Starts a new match (a seed fixes it) and plays the bots up to the seat's first choice."""
        super().reset(seed=seed)
        match_seed = int(self.np_random.integers(MAX_SEED))
        self.table = Table(self.game, self.players, self.learning.options, match_seed, self.levels,
                           self.role_bot)
        built = {spec: spec.build() for spec in set(self.bot_specs.values())}
        self.bots = {s: built[spec] for s, spec in self.bot_specs.items()}
        self.bot_rng = Rng(match_seed ^ _BOTS_SALT)
        self.steps = 0
        info = self._others_play()
        return self._observation(), info

    def step(
        self, action: Any
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Plays the seat's action, then the bots up to its next choice or the end."""
        table = self._table()
        if table.is_over():
            raise RuntimeError("the match is over: reset the environment")
        self.steps += 1
        legal = table.legal(self.seat)
        chosen = int(action)
        if chosen not in legal:
            info: dict[str, Any] = {"illegal_action": True, "clock": table.now}
        else:
            if table.real_time:
                table.submit(self.seat, legal[chosen])
            else:
                table.apply(self.seat, legal[chosen])
            info = self._others_play()
        over = table.is_over()
        reward = table.rewards()[self.seat] if over else 0.0
        truncated = not over and self.steps >= self.max_steps
        return self._observation(), reward, over, truncated, info

    def render(self) -> str | None:
        """The match as the seat's text view, for `render_mode="ansi"` or `"human"`."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; nothing to show")
            return None
        if self.table is None:
            return None
        text = self.game.render(self.table.view(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # --- the other seats ----------------------------------------------------------------------
    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("reset the environment before stepping it")
        return self.table

    def _others_play(self) -> dict[str, Any]:
        """The bots play until the seat has something to choose or the match is over; what the
        seat learnt on the way (a refused submission)."""
        table = self._table()
        info: dict[str, Any] = {}
        for _ in range(self.max_steps * self.players + 1):
            if table.is_over():
                break
            acting = [s for s in table.actors() if s != self.seat]
            if table.real_time:
                for seat in acting:
                    table.submit(seat, self._bot_action(seat))
                if self.seat in table.actors():
                    break
                fired = table.fire()
                if fired is None:
                    raise RuntimeError(f"{self.game.name}: nobody may act and nothing fires")
                if any(seat == self.seat for seat, _ in fired.refused):
                    info["refused"] = True
            elif acting:
                table.apply(acting[0], self._bot_action(acting[0]))
            elif self.seat in table.actors():
                break
            else:
                raise RuntimeError(f"{self.game.name}: nobody may act in a match not over")
        info["clock"] = table.now
        return info

    def _bot_action(self, seat: int) -> Any:
        table = self._table()
        return self.bots[seat].choose(self.game, table.state, seat, self.bot_rng)

    def _observation(self) -> dict[str, np.ndarray]:
        table = self._table()
        mask = np.zeros(self.learning.actions, np.int8)
        mask[list(table.legal(self.seat))] = 1
        values = np.asarray(table.observe(self.seat), np.float32)
        return {"observation": values, "action_mask": mask}


def register() -> list[str]:
    """Register `ludoteca/<game>-v0` with Gymnasium for every game with a learning encoding
    (once each); the ids."""
    ids = []
    for name in game_names():
        game = load_game(name)
        if game.learning_spec(game.min_players, game.options(None)) is None:
            continue
        env_id = f"ludoteca/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="ludoteca.rl.gym:SeatEnv", kwargs={"game": name})
        ids.append(env_id)
    return ids


register()
