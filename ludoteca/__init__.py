"""ludoteca: Castell, the Ligretto board game and Ciurme, for people, bots and researchers."""

from ludoteca.games import game_names, load_game

__version__ = "0.1.0"
__all__ = ["__version__", "game_names", "load_game"]
