"""Nim: the example game of the contributors' page "Adding a game" (a package to copy into
ludoteca/games/ and register; it is not one of the room's games)."""

from ludoteca.games.nim.game import Nim

GAME = Nim()
