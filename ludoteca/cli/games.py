"""`ludoteca games`: the games there are, and what their options allow."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from ludoteca.engine.options import describe_options
from ludoteca.games import game_names, load_game


def _option(option: dict[str, Any]) -> str:
    """`name=default`, then what is allowed: the choices, a range or the type."""
    if option["choices"]:
        allowed = "|".join(str(c) for c in option["choices"])
    elif option["range"]:
        low, high = option["range"]
        allowed = f"{option['type']} {'' if low is None else low}..{'' if high is None else high}"
    else:
        allowed = option["type"]
    return f"{option['name']}={option['default']} ({allowed})"


def games() -> None:
    """List the games, their player counts and their options."""
    table = Table("game", "players", "options (-o NAME=VALUE)")
    for name in game_names():
        game = load_game(name)
        options = "\n".join(_option(o) for o in describe_options(game.Options))
        title = name if not game.title else f"{game.title} ({name})"
        table.add_row(title, f"{game.min_players}-{game.max_players}", options or "-")
    Console().print(table)
