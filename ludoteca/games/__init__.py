"""The games of the room. Each package exposes `GAME`, an instance of its `Game` subclass."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from ludoteca.engine.codec import quote
from ludoteca.engine.game import Game

# name -> module; the one place that lists the games.
GAMES: dict[str, str] = {
    "castell": "ludoteca.games.castell",
    "ligretto": "ludoteca.games.ligretto",
    "ciurme": "ludoteca.games.ciurme",
    "goofspiel": "ludoteca.games.goofspiel",
}


def game_names() -> list[str]:
    """The names of the games this installation can load."""
    return [name for name in GAMES if importlib.util.find_spec(GAMES[name]) is not None]


def load_game(name: str) -> Game[Any]:
    """The game called `name`; a ValueError lists the games there are."""
    if name not in game_names():
        raise ValueError(f"unknown game {quote(name)}; choose one of: {', '.join(game_names())}")
    game: Game[Any] = importlib.import_module(GAMES[name]).GAME
    return game
