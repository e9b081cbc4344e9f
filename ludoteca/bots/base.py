"""The one interface every bot implements, and the helpers every bot shares.

A bot is asked `choose(game, state, seat, rng)` with the TRUE state of a match. It may only look
at `game.determinize(state, seat, rng)` copies of it (TAG's rule: a bot gets the state as its seat
may know it, hidden parts resampled), so a bot can never cheat, whatever the game hides.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng


class Bot(ABC):
    """A player that picks one action for `seat`; `name` is what tables and reports show."""

    name: str = "bot"
    # The reaction-time level in real-time games (see `ludoteca.bots.realtime`); None: the usual.
    level: str | None = None

    @abstractmethod
    def choose(self, game: Game[Any], state: Any, seat: int, rng: Rng) -> Action:
        """One legal action for `seat`; `state` is the true state, read only via determinize."""

    def remembers(self, game: Game[Any]) -> bool:
        """Whether the bot keeps notes over a match (what the others did before), so that one
        joining a match late must `recall` it first. Default: no."""
        return False

    def recall(self, game: Game[Any], earlier: Iterable[Any], seat: int, rng: Rng) -> None:
        """Take the notes the bot would have taken had it played `seat` from the start:
        `earlier` holds the true states of the seat's earlier moves, in order, each read only
        via determinize, as `choose` reads them. Default: nothing to note."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def seat_rewards(rewards: list[float], seats: int) -> list[float]:
    """The players' rewards, padded to every seat: seats beyond the players (a facilitator)
    get a neutral 0.5, since their choices never win or lose."""
    return rewards + [0.5] * (seats - len(rewards))
