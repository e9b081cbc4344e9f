"""Goofspiel, the room's reference game: the smallest complete example of a game package."""

from ludoteca.games.goofspiel.game import Goofspiel

GAME = Goofspiel()

__all__ = ["GAME", "Goofspiel"]
