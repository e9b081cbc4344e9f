"""Ligretto, the board game: real-time tile laying for 2-4 players (rules: rules.en.md)."""

from ludoteca.games.ligretto.game import Ligretto

GAME = Ligretto()

__all__ = ["GAME", "Ligretto"]
