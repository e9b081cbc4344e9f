"""Ciurme, the facilitated training game: a race to repair a wreck, then the Pirate Assembly."""

from ludoteca.games.ciurme.game import Ciurme

GAME = Ciurme()

__all__ = ["GAME", "Ciurme"]
