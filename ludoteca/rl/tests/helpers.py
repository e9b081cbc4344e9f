"""What the adapters' tests share: the tables each game is tested at, how long the upstream tests
run there, and short matches."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.game import Game
from ludoteca.games import game_names, load_game

# Options that keep a test match short where a game has no `rounds` option: Ciurme's session
# clock stops phase 1 after a few rounds, as its own conformance tests set it.
SHORT: dict[str, dict[str, Any]] = {"ciurme": {"phase1_max_rounds": 6, "message_budget": 1}}

# Cycles of PettingZoo's api_test and seed_test (each agent is asked once per cycle).
API_CYCLES, SEED_CYCLES = 60, 40
# A game for a whole room (Ciurme, 8 to 40 players: 32 tables) gets fewer cycles at each table,
# which is enough there: a table's size decides only its crews (how many, of 4 or of 5), which
# fix the spaces the tests check at reset, and the first cycles (the facilitator's briefing,
# then phase-1 turns in every crew, all agents asked every cycle) exercise everything the
# upstream tests check: agents, spaces, masks, the reward and info bookkeeping, determinism by
# seed and truncation. Whole matches, with their later stages and their end, are played at the
# smallest tables by the other tests here and by the game's own learning tests (8, 9 and 40).
ROOM_CYCLES = 12
SMALL_TABLES = 4  # a game with at most this many player counts is a table game


def learnable() -> list[Game[Any]]:
    """The registered games that have a learning encoding."""
    games = [load_game(name) for name in game_names()]
    return [g for g in games if g.learning_spec(g.min_players, g.options(None)) is not None]


def tables(game: Game[Any]) -> list[int]:
    """Every player count the game can seat with its usual options (Ciurme: 8 to 40 but 11,
    which no crews of 4 or 5 add up to)."""
    return [n for n in range(game.min_players, game.max_players + 1) if _seats(game, n)]


def _seats(game: Game[Any], players: int) -> bool:
    try:
        game.setup(players, 0)
    except ValueError:
        return False
    return True


def every_table() -> list[tuple[str, int]]:
    return [(game.name, players) for game in learnable() for players in tables(game)]


def cycles(game: Game[Any], usual: int) -> int:
    """How many cycles an upstream test runs at one of the game's tables (see ROOM_CYCLES)."""
    return usual if len(tables(game)) <= SMALL_TABLES else ROOM_CYCLES


def whole_match_tables() -> list[tuple[str, int]]:
    """Where whole matches are played to the end: every table of a table game, the two smallest
    of a room game (Ciurme: two crews of 4, and crews of 4 and 5). OpenSpiel's random_sim_test
    restores the state from its history at every step, so its time grows with the square of a
    match's length: a short match of 40 players takes many minutes."""
    out = []
    for game in learnable():
        counts = tables(game)
        chosen = counts if len(counts) <= SMALL_TABLES else counts[:2]
        out += [(game.name, players) for players in chosen]
    return out


def learnable_names() -> list[str]:
    return sorted(game.name for game in learnable())


def short_options(game: Game[Any]) -> dict[str, Any]:
    """Options for a short match: the game's own in SHORT, else one round where the game has a
    `rounds` option."""
    if game.name in SHORT:
        return SHORT[game.name]
    fields = getattr(game.Options, "__dataclass_fields__", {})
    return {"rounds": 1} if "rounds" in fields else {}
