"""PettingZoo environments for the room's games: AEC for turn-based games, Parallel for real time.

    from ludoteca.rl.pettingzoo import env, parallel_env
    aec = env("castell", players=3)          # Castell, Ciurme, Goofspiel
    par = parallel_env("ligretto", players=2)  # real time

Each is a thin layer over the game's contract (`ludoteca.rl.table`): the rules, the legal
actions and the views come from the game alone. Agents are named `player_0` ... for the player
seats; a role seat (Ciurme's facilitator) is played inside the environment by the game's
heuristic bot (`role_bot=` another bot spec), so agents are the players only.

Observations are dicts: `observation`, a float32 vector of the game's encoding of the agent's
view (`Game.observe`; its layout per game is documented in the game's `learning.py` and given
by `Game.learning_spec`), and `action_mask`, an int8 vector over the action space. The action
space is `Discrete(n + 1)`: indices 0 to n - 1 are the game's action indices
(`Game.action_index`), and the last index, n, is **wait**: the only index in the mask of an
agent that has nothing to choose now. An index outside the mask changes nothing (the agent lets
the moment pass) and sets `infos[agent]["illegal_action"]`.

**AEC (turn-based games).** Every cycle asks every agent once, in seat order; an agent that may
act chooses one of its legal actions, which is applied at once (as a server applies actions in
arrival order: a bid or a ballot stays secret because the game's views hide it), an agent that
may not answers wait. Several agents that may act at once (a festival's declarations, sealed
bids, votes) all act in the same cycle. The match ends, and the episode terminates for every
agent, at the end of the cycle in which the game ends, so the environment is parallelizable
(`parallel_env` is PettingZoo's `aec_to_parallel` of it). It is truncated after `max_cycles`
cycles (default: the game's bound on a match's actions, which legal play never reaches).

**Parallel (real time: Ligretto).** At every step each agent that may act and has nothing on
the clock submits an action; each submission fires after the reaction time that the game's
model (`Game.reaction_seconds`) gives a player of the agent's level (`levels=`, default: the
usual level) on a simulated clock, and the step fires the earliest one. A submission overtaken
by another (its squares taken a moment before) is refused (`infos[agent]["refused"]`) and the
agent chooses again; an agent whose submission is on the clock has only wait to choose. So
every step is one action of the game, at the simulated time `infos[agent]["clock"]`, and the
race goes to the quicker players as it does at the table. `env` is PettingZoo's
`parallel_to_aec` of it. It is truncated after `max_cycles` steps.

**Global state** (for centralised critics, QMIX...): `state()` is every agent's observation
vector, one after the other in seat order, in `state_space` (a Box of `players` x the
observation's size, in [0, 1]). It holds everything some seat sees (every hand), and nothing
no seat sees (the order of a deck): the true future is no more a critic's to read than a
player's.

Rewards come at the end, from the game's result: 1 for beating every other player, -1 for
losing to every other, a tie counting half (2 x `Result.rewards()` - 1); they sum to 0.
Seeds: `reset(seed=s)` plays the match the engine sets up with a seed drawn from `s`, and the
same seed and actions replay the same episode.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import AgentSelector
from pettingzoo.utils.conversions import aec_to_parallel, parallel_to_aec
from pettingzoo.utils.wrappers import AssertOutOfBoundsWrapper, OrderEnforcingWrapper

from ludoteca.engine.game import Game
from ludoteca.games import load_game
from ludoteca.rl.table import ROLE_BOT, Table, learning_spec

RENDER_MODES = ["ansi", "human"]
MAX_SEED = 2**63 - 1


def agent_name(seat: int) -> str:
    """The agent's name of a seat: `player_0` for seat 0."""
    return f"player_{seat}"


def seat_of(agent: str) -> int:
    """The seat of an agent's name: 0 for `player_0`."""
    return int(agent.rsplit("_", 1)[1])


class _Match:
    """What both kinds of environment share: the game, the spaces, the table, the seeds."""

    def __init__(
        self,
        game: Game[Any] | str,
        players: int | None,
        options: Any,
        max_cycles: int | None,
        levels: dict[int, str] | None,
        role_bot: str,
        render_mode: str | None,
    ) -> None:
        self.game = load_game(game) if isinstance(game, str) else game
        self.players = self.game.min_players if players is None else players
        self.spec = learning_spec(self.game, self.players, options)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {RENDER_MODES} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.levels = levels
        self.role_bot = role_bot
        self.max_cycles = (
            self.game.max_actions(self.players, self.spec.options)
            if max_cycles is None
            else max_cycles
        )
        self.wait = self.spec.actions  # the last index of the action space
        self.possible_agents = [agent_name(s) for s in range(self.players)]
        self.metadata = {
            "name": f"ludoteca_{self.game.name}_v0",
            "render_modes": RENDER_MODES,
            "is_parallelizable": True,
        }
        # one space object per agent, so that each agent's samples can be seeded on their own
        self.observation_spaces = {a: self._observation_space() for a in self.possible_agents}
        self.action_spaces = {
            a: gymnasium.spaces.Discrete(self.spec.actions + 1) for a in self.possible_agents
        }
        self.state_space = gymnasium.spaces.Box(
            0.0, 1.0, (self.players * self.spec.size,), np.float32
        )
        self._seeds = np.random.default_rng()
        self.table: Table | None = None

    def _observation_space(self) -> gymnasium.spaces.Dict:
        return gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(0.0, 1.0, (self.spec.size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.spec.actions + 1,), np.int8),
            }
        )

    def new_table(self, seed: int | None) -> Table:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.table = Table(
            self.game,
            self.players,
            self.spec.options,
            int(self._seeds.integers(MAX_SEED)),
            self.levels,
            self.role_bot,
        )
        return self.table

    def observation(self, table: Table, agent: str) -> dict[str, np.ndarray]:
        seat = seat_of(agent)
        mask = np.zeros(self.spec.actions + 1, np.int8)
        legal = table.legal(seat)
        mask[list(legal) or [self.wait]] = 1
        values = np.asarray(table.observe(seat), np.float32)
        return {"observation": values, "action_mask": mask}

    def state(self, table: Table | None) -> np.ndarray:
        """Every agent's observation, in seat order."""
        if table is None:
            raise RuntimeError("state() is there once the environment is reset")
        return np.concatenate(
            [np.asarray(table.observe(seat), np.float32) for seat in table.agents]
        )

    def text(self, table: Table | None) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; nothing to show")
            return None
        if table is None:
            return None
        text = self.game.render(self.game.view(table.state, None))
        if self.render_mode == "human":
            print(text)
            return None
        return text


class TurnBasedEnv(AECEnv):  # type: ignore[misc]
    """A turn-based game as a PettingZoo AEC environment (see the module's documentation)."""

    def __init__(
        self,
        game: Game[Any] | str,
        players: int | None = None,
        options: Any = None,
        max_cycles: int | None = None,
        role_bot: str = ROLE_BOT,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.match = _Match(game, players, options, max_cycles, None, role_bot, render_mode)
        if self.match.game.real_time:
            raise ValueError(f"{self.match.game.name} is played in real time: use parallel_env")
        self.metadata = self.match.metadata
        self.possible_agents = list(self.match.possible_agents)
        self.state_space = self.match.state_space
        self.render_mode = render_mode
        self.agents: list[str] = []

    @property
    def max_cycles(self) -> int:
        return self.match.max_cycles

    def state(self) -> np.ndarray:
        """The global state for centralised critics: every agent's observation, in seat order."""
        return self.match.state(getattr(self, "table", None))

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's observation space: the encoding's vector and the action mask."""
        return self.match.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's action space: the game's action indices and one more, wait."""
        return self.match.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new match (a seed fixes it: deal and bots)."""
        self.table = self.match.new_table(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._selector = AgentSelector(self.agents)
        self.agent_selection = self._selector.reset()
        self.cycles = 0

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation now: its view encoded and its action mask."""
        return self.match.observation(self.table, agent)

    def step(self, action: Any) -> None:
        """The selected agent's action (None once it is done); the next agent is selected."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        seat = seat_of(agent)
        legal = self.table.legal(seat)
        chosen = None if action is None else int(action)
        self.infos[agent] = {}
        if chosen in legal:
            self.table.apply(seat, legal[chosen])
        elif chosen != self.match.wait or legal:
            self.infos[agent] = {"illegal_action": True}
        if self._selector.is_last():
            self._end_of_cycle()
        self.agent_selection = self._selector.next()
        self._accumulate_rewards()

    def _end_of_cycle(self) -> None:
        """Terminations and truncations come at the end of a cycle, for everybody at once."""
        self.cycles += 1
        if self.table.is_over():
            for agent, reward in zip(self.agents, self.table.rewards(), strict=True):
                self.rewards[agent] = reward
                self.terminations[agent] = True
        elif self.cycles >= self.match.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)

    def render(self) -> str | None:
        """The match as text, as the terminal shows it, for `render_mode="ansi"` or `"human"`."""
        return self.match.text(getattr(self, "table", None))

    def close(self) -> None:
        """Nothing to release."""
        pass


class RealTimeEnv(ParallelEnv):  # type: ignore[misc]
    """A real-time game as a PettingZoo Parallel environment (see the module's
    documentation)."""

    def __init__(
        self,
        game: Game[Any] | str,
        players: int | None = None,
        options: Any = None,
        max_cycles: int | None = None,
        levels: dict[int, str] | None = None,
        role_bot: str = ROLE_BOT,
        render_mode: str | None = None,
    ) -> None:
        self.match = _Match(game, players, options, max_cycles, levels, role_bot, render_mode)
        if not self.match.game.real_time:
            raise ValueError(f"{self.match.game.name} is turn-based: use env")
        self.metadata = self.match.metadata
        self.possible_agents = list(self.match.possible_agents)
        self.state_space = self.match.state_space
        self.render_mode = render_mode
        self.max_cycles = self.match.max_cycles
        self.agents: list[str] = []

    def state(self) -> np.ndarray:
        """The global state for centralised critics: every agent's observation, in seat order."""
        return self.match.state(getattr(self, "table", None))

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's observation space: the encoding's vector and the action mask."""
        return self.match.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The agent's action space: the game's action indices and one more, wait."""
        return self.match.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """Starts a new match (a seed fixes it) and returns every agent's observation and info."""
        self.table = self.match.new_table(seed)
        self.agents = list(self.possible_agents)
        self.cycles = 0
        observations = {a: self.match.observation(self.table, a) for a in self.agents}
        return observations, {a: {"clock": 0.0} for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]
    ]:
        """Submits the agents' actions; the earliest on the simulated clock fires."""
        table = self.table
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        for seat in table.actors():
            agent = agent_name(seat)
            chosen = actions.get(agent)
            legal = table.legal(seat)
            if chosen is not None and int(chosen) in legal:
                table.submit(seat, legal[int(chosen)])
            else:
                infos[agent]["illegal_action"] = True
        fired = table.fire()
        for seat, _ in fired.refused if fired is not None else ():
            infos[agent_name(seat)]["refused"] = True
        self.cycles += 1
        rewards = dict.fromkeys(self.agents, 0.0)
        over = table.is_over()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, not over and self.cycles >= self.max_cycles)
        if over:
            rewards = dict(zip(self.agents, table.rewards(), strict=True))
        observations = {a: self.match.observation(table, a) for a in self.agents}
        for info in infos.values():
            info["clock"] = table.now
        if over or self.cycles >= self.max_cycles:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The match as text, as the terminal shows it, for `render_mode="ansi"` or `"human"`."""
        return self.match.text(getattr(self, "table", None))

    def close(self) -> None:
        """Nothing to release."""
        pass


# --- making environments --------------------------------------------------------------------------
def raw_env(game: Game[Any] | str, players: int | None = None, **kwargs: Any) -> Any:
    """The environment itself, unwrapped: AEC for a turn-based game, Parallel in real time."""
    found = load_game(game) if isinstance(game, str) else game
    if found.real_time:
        return RealTimeEnv(found, players, **kwargs)
    return TurnBasedEnv(found, players, **kwargs)


def env(game: Game[Any] | str, players: int | None = None, **kwargs: Any) -> AECEnv:
    """The game as an AEC environment (a real-time game through PettingZoo's
    `parallel_to_aec`). Keywords: `options` (the game's), `max_cycles`, `role_bot`,
    `render_mode`, and for a real-time game `levels` (seat -> bot level)."""
    made = raw_env(game, players, **kwargs)
    if isinstance(made, ParallelEnv):
        return parallel_to_aec(made)
    return OrderEnforcingWrapper(AssertOutOfBoundsWrapper(made))


def parallel_env(game: Game[Any] | str, players: int | None = None, **kwargs: Any) -> ParallelEnv:
    """The game as a Parallel environment (a turn-based game through PettingZoo's
    `aec_to_parallel`: every agent answers once per cycle)."""
    made = raw_env(game, players, **kwargs)
    if isinstance(made, ParallelEnv):
        return made
    return aec_to_parallel(made)


def environment_module(game: str, players: int | None = None, **kwargs: Any) -> SimpleNamespace:
    """`env`, `parallel_env` and `raw_env` for one game and table, as a PettingZoo environment
    module has them (what `pettingzoo.test.max_cycles_test` takes); keywords given to those
    functions override the ones given here."""

    def bound(make: Callable[..., Any]) -> Callable[..., Any]:
        return functools.wraps(make)(lambda **more: make(game, players, **{**kwargs, **more}))

    return SimpleNamespace(env=bound(env), parallel_env=bound(parallel_env), raw_env=bound(raw_env))
