"""`ludoteca games`: the games there are."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from ludoteca.engine.options import describe_options
from ludoteca.games import game_names, load_game


def games() -> None:
    """List the games, their player counts and their options."""
    table = Table("game", "players", "options")
    for name in game_names():
        game = load_game(name)
        options = ", ".join(f"{o['name']}={o['default']}" for o in describe_options(game.Options))
        table.add_row(game.title or name, f"{game.min_players}-{game.max_players}", options or "-")
    Console().print(table)
