"""The one interface every bot implements, and the helpers every bot shares.

A bot is asked `choose(game, state, seat, rng)` with the TRUE state of a match. It may only look
at `game.determinize(state, seat, rng)` copies of it (TAG's rule: a bot gets the state as its seat
may know it, hidden parts resampled), so a bot can never cheat, whatever the game hides.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.game import Game
from ludoteca.engine.result import Result
from ludoteca.engine.rng import Rng


class Bot(ABC):
    """A player that picks one action for `seat`; `name` is what tables and reports show."""

    name: str = "bot"
    # The reaction-time level in real-time games (see `ludoteca.bots.realtime`); None: the usual.
    level: str | None = None

    @abstractmethod
    def choose(self, game: Game[Any], state: Any, seat: int, rng: Rng) -> Action:
        """One legal action for `seat`; `state` is the true state, read only via determinize."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def resolve_game(name_or_game: str | Game[Any]) -> Game[Any]:
    """A Game from a registered name, or the Game object itself (tests, the reference game)."""
    if isinstance(name_or_game, Game):
        return name_or_game
    from ludoteca.engine.reference import GOOFSPIEL
    from ludoteca.games import load_game

    if name_or_game == GOOFSPIEL.name:
        return GOOFSPIEL
    return load_game(name_or_game)


def rank_rewards(result: Result, seats: int) -> list[float]:
    """Every seat's reward in [0, 1]: the share of other players it beat (a tie counts half).

    Seats beyond the players (a facilitator) get a neutral 0.5: their choices never win or lose.
    """
    ranks = result.ranks
    players = len(ranks)
    rewards = [0.5] * max(seats, players)
    if players == 1:
        rewards[0] = 1.0
        return rewards
    for seat, rank in enumerate(ranks):
        beaten = sum(1 for other in ranks if other > rank)
        tied = sum(1 for other in ranks if other == rank) - 1
        rewards[seat] = (beaten + 0.5 * tied) / (players - 1)
    return rewards
