"""Castell: build human towers across Catalonia, train skills, and shine at festivals."""

from ludoteca.games.castell.game import Castell
from ludoteca.games.castell.options import CastellOptions

GAME = Castell()

__all__ = ["GAME", "Castell", "CastellOptions"]
