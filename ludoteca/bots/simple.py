"""The two simple bots: uniform random play, and the game's own heuristic."""

from __future__ import annotations

from typing import Any

from ludoteca.bots.base import Bot
from ludoteca.engine.actions import Action
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng


class RandomBot(Bot):
    """A uniformly random legal action (the legal actions of a seat are the same in every
    determinization, so they are read from one)."""

    name = "random"

    def __init__(self, level: str | None = None) -> None:
        self.level = level

    def choose(self, game: Game[Any], state: Any, seat: int, rng: Rng) -> Action:
        """A legal action drawn at random, from a state the seat may know (the rest guessed)."""
        known = game.determinize(state, seat, rng)
        return rng.choice(game.legal_actions(known, seat))


class HeuristicBot(Bot):
    """The game's `heuristic_action`, given a state determinized for the seat, never the true
    one: the heuristic's contract says so, and this wrapper is where it is kept."""

    name = "heuristic"

    def __init__(self, level: str | None = None) -> None:
        self.level = level

    def choose(self, game: Game[Any], state: Any, seat: int, rng: Rng) -> Action:
        """The game's heuristic action, on a state the seat may know (the rest guessed)."""
        known = game.determinize(state, seat, rng)
        return game.heuristic_action(known, seat, rng)
