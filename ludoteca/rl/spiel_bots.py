"""OpenSpiel's bots on the room's games, each searching only what its seat knows.

OpenSpiel's `MCTSBot.step(state)` searches the state it is given. Through the adapter
(`ludoteca.rl.openspiel`) that is the true state of the match, where the seats that moved
before this one have already made their sealed moves (a Goofspiel bid, a Castell festival's
declaration, a Ligretto submission on the clock): a bot stepped on it plays with their cards
face up, and in a round of sealed bids the seat that bids last always wins the comparison. So a
bot is stepped on a world drawn from its seat's information state instead
(`resample_from_infostate`: the hidden parts redrawn, the sealed moves of others too), the
determinized search OpenSpiel's examples run on imperfect-information games:

    from ludoteca.rl.spiel_bots import OnInformation, play_match
    bots = [OnInformation(mcts.MCTSBot(game, 2.0, 200, evaluator), seed=1), other_bot]
    returns = play_match(game, bots, seed=7)

`OnInformation` is an OpenSpiel bot (`pyspiel.Bot`), so it also goes wherever one goes
(`pyspiel.evaluate_bots`, OpenSpiel's example scripts). OpenSpiel's `ISMCTSBot` draws a world
for every iteration itself: give it the adapter's resampling (`ismcts_resampler`) and step it on
the state as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel


def chance_outcome(state: Any, rng: np.random.RandomState) -> int:
    """An outcome of the chance node `state` is at, drawn with its probability."""
    outcomes, chances = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choice(outcomes, p=chances))


def step_on_information(bot: Any, state: Any, rng: np.random.RandomState) -> int:
    """`bot`'s action for the seat to move, chosen on a world that seat cannot tell from
    `state` (drawn with `rng`); a seat with one legal action takes it without a search."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return int(legal[0])
    world = state.resample_from_infostate(state.current_player(), rng.random_sample)
    return int(bot.step(world))


class OnInformation(pyspiel.Bot):  # type: ignore[misc]
    """An OpenSpiel bot stepped only on worlds drawn from what its seat knows (see the
    module's documentation); `seed` seeds the draws."""

    def __init__(self, bot: Any, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self.rng = np.random.RandomState(seed)

    def step(self, state: Any) -> int:
        """The bot's action, chosen on a state guessed from the player's information only."""
        return step_on_information(self.bot, state, self.rng)

    def restart_at(self, state: Any) -> None:
        """Passes the restart to the bot, if it keeps a tree."""
        if hasattr(self.bot, "restart_at"):
            self.bot.restart_at(state)


def ismcts_resampler(seed: int = 0) -> Callable[[Any, int], Any]:
    """What OpenSpiel's `ISMCTSBot.set_resampler` takes: the adapter's resampling, its draws
    seeded (so that a match replays)."""
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    return lambda state, seat: state.resample_from_infostate(seat, sampler)


def play_match(game: Any, bots: Sequence[Any], seed: int = 0) -> list[float]:
    """A whole match of `game` between `bots` (one per player, each with a `step(state)`),
    chance drawn with its probabilities from `seed`; the players' returns."""
    if len(bots) != game.num_players():
        raise ValueError(f"one bot per player: {game.num_players()}, not {len(bots)}")
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance_outcome(state, rng))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return list(state.returns())
