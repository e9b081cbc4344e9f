"""The levels a person chooses a bot by: easy, normal and strong, one table per game.

Each game keeps its table as data beside its rules (`levels.json` in the game's package): the
bot spec each level plays and, written by the bots benchmark (`bench/bots.py`), the Elo each
level measured in the game's ladder, with how it was measured, and the plain strategies (the
habits people play by, `Game.plain_strategies`) it beats. The server publishes the table
with the games (`GET /api/games`) and the browser creates its bots from it, so a level means the
same everywhere. In real-time games a level is a reaction speed as much as a choice (the spec's
`level=`, see the game's `reaction_seconds`).
"""

from __future__ import annotations

import inspect
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ludoteca.engine.game import Game

LEVEL_NAMES = ("easy", "normal", "strong")
TABLE_FILE = "levels.json"
# A game without a table of its own (one a test or a deployment adds) plays these.
DEFAULT_SPECS = {"easy": "random", "normal": "heuristic", "strong": "mcts"}


@dataclass(frozen=True)
class Level:
    """One level of one game: the spec its bot plays, its measured Elo (None until the bench
    has measured it) and the plain strategies it was measured to beat."""

    name: str
    spec: str
    elo: float | None = None
    beats: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The level as JSON data."""
        return {"name": self.name, "spec": self.spec, "elo": self.elo, "beats": list(self.beats)}


def table_path(game: Game[Any]) -> Path | None:
    """Where the game's table lives: `levels.json` in the package the game is declared in."""
    module = inspect.getmodule(type(game))
    package = module.__package__ if module is not None else None
    if not package:
        return None
    path = resources.files(package) / TABLE_FILE
    return Path(str(path)) if path.is_file() else None


def read_table(game: Game[Any]) -> dict[str, Any]:
    """The game's table as stored; an empty one for a game without a file."""
    path = table_path(game)
    if path is None:
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@cache
def _levels(game: Game[Any]) -> tuple[Level, ...]:
    table = read_table(game)
    specs = table.get("levels", DEFAULT_SPECS)
    measured = table.get("measured", {})
    elo, beats = measured.get("elo", {}), measured.get("beats", {})
    return tuple(Level(name, specs[name], elo.get(name), tuple(beats.get(name, ())))
                 for name in LEVEL_NAMES if name in specs)


def game_levels(game: Game[Any]) -> tuple[Level, ...]:
    """The game's levels in order, easy first."""
    return _levels(game)


def level_spec(game: Game[Any], name: str) -> str:
    """The bot spec of level `name`; ValueError, naming the levels there are, otherwise."""
    for level in game_levels(game):
        if level.name == name:
            return level.spec
    names = ", ".join(level.name for level in game_levels(game)) or "none"
    raise ValueError(f"{game.title or game.name} has no bot level {name!r}; its levels: {names}")
