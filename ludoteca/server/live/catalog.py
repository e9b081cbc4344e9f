"""The games the server offers: the engine's registry, plus any a test or a deployment adds.

The server never names a game. What it needs to know about one it asks the contract: its
options, its player counts, and whether a set-up has role seats beyond the players (a
facilitator's seat, which makes it a game run as a session)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ludoteca import game_names, load_game
from ludoteca.bots.levels import game_levels
from ludoteca.engine.game import Game
from ludoteca.engine.options import describe_options


class Catalog:
    def __init__(self, extra: Mapping[str, Game[Any]] | None = None) -> None:
        self.extra = dict(extra or {})

    def names(self) -> list[str]:
        return [*game_names(), *(n for n in self.extra if n not in game_names())]

    def game(self, name: str) -> Game[Any]:
        """The game called `name`; ValueError lists the games there are."""
        if name in self.extra:
            return self.extra[name]
        if name not in game_names():
            raise ValueError(f"unknown game {name!r}; choose one of: {', '.join(self.names())}")
        return load_game(name)

    def describe(self, name: str) -> dict[str, Any]:
        game = self.game(name)
        return {
            "name": game.name,
            "title": game.title or game.name,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "real_time": game.real_time,
            "facilitated": has_role_seats(game),
            "abandoned_seat_grace": game.abandoned_seat_grace,
            "levels": [level.to_json() for level in game_levels(game)],
            "options": [
                {**option, "default": _jsonable(option["default"]),
                 "choices": _jsonable(option["choices"])}
                for option in describe_options(game.Options)
            ],
        }

    def facilitated(self) -> list[str]:
        """The games whose set-up has a role seat beyond the players (run as sessions)."""
        return [name for name in self.names() if has_role_seats(self.game(name))]


def has_role_seats(game: Game[Any]) -> bool:
    return _has_role_seats(game)


@cache
def _has_role_seats(game: Game[Any]) -> bool:
    return bool(game.role_seats(game.setup(game.min_players, 0)))


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value
