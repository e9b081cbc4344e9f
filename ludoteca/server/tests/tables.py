"""The tables at which the server's secrecy, leak and door tests play each registered game:
every game of the registry, at its fewest players and default options unless a test names
another table (a shorter match, more seats). A game added to the registry is checked by them
at once, with no list to extend by hand."""

from __future__ import annotations

from typing import Any

from ludoteca.games import game_names, load_game

# One round of Ligretto meets every secret of the game; more only make the tests longer.
SHORTER: dict[str, dict[str, Any]] = {"ligretto": {"rounds": 1}}


def table(name: str) -> tuple[str, int, dict[str, Any]]:
    """A game's name, its fewest players and the options the tests play it with."""
    return name, load_game(name).min_players, SHORTER.get(name, {})


def every_game() -> list[tuple[str, int, dict[str, Any]]]:
    """The table of every registered game."""
    return [table(name) for name in game_names()]


def has_role_seats(name: str) -> bool:
    """Whether the game seats a role beyond its players (Ciurme's facilitator): it is run as a
    facilitated session, whose own tests check its doors."""
    game = load_game(name)
    state = game.setup(game.min_players, 1, game.options({}))
    return bool(game.role_seats(state))


def plain_games() -> list[tuple[str, int, dict[str, Any]]]:
    """The table of every registered game played as a plain match (no role seat)."""
    return [entry for entry in every_game() if not has_role_seats(entry[0])]
