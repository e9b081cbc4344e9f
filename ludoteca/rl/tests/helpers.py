"""What the adapters' tests share: the tables each game is tested at, and short episodes."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.game import Game
from ludoteca.games import game_names, load_game

# Options that keep a test match short where a game allows it (a real-time match of one round).
SHORT: dict[str, dict[str, Any]] = {}


def learnable() -> list[Game[Any]]:
    """The registered games that have a learning encoding."""
    games = [load_game(name) for name in game_names()]
    return [g for g in games if g.learning_spec(g.min_players, g.options(None)) is not None]


def tables(game: Game[Any]) -> list[int]:
    """The player counts a game is tested at: every one when it has at most four; else the
    smallest two and the largest (a game for a whole room, 8 to 40, would take minutes)."""
    counts = list(range(game.min_players, game.max_players + 1))
    if len(counts) <= 4:
        return counts
    return [counts[0], counts[1], counts[-1]]


def every_table() -> list[tuple[str, int]]:
    return [(game.name, players) for game in learnable() for players in tables(game)]


def short_options(game: Game[Any]) -> dict[str, Any]:
    """Options for a short match: one round where the game has a `rounds` option."""
    fields = getattr(game.Options, "__dataclass_fields__", {})
    return {"rounds": 1} if "rounds" in fields else {}
