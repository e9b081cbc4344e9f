"""The plain strategies (the panel the strong level is measured against): every one a game
names plays only legal moves, from the deal to the end, at the smallest and the largest table,
and a spec naming a strategy a game does not have is refused with the ones it has."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

import pytest

from ludoteca import game_names, load_game
from ludoteca.bots import BotSpecError, check_levels, parse_spec
from ludoteca.bots.plain import PlainBot
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel.actions import Bid

PANEL = [(name, strategy) for name in game_names()
         for strategy in load_game(name).plain_strategies]


def play_legally(game: Game[Any], players: int, seed: int, strategy: str,
                 options: dict[str, Any] | None = None) -> None:
    """A match of the strategy (every other seat too, and the heuristic where the strategy is
    silent), each move applied to the very state it was chosen from: `apply` refuses an
    illegal one with IllegalAction."""
    state = game.setup(players, seed, options)
    bot = PlainBot(strategy)
    rng = Rng(seed)
    for _ in range(game.max_actions(players) * 4):
        actors = sorted(game.actors(state))
        if not actors:
            return
        for seat in actors:
            if seat in game.actors(state):
                game.apply(state, seat, bot.choose(game, state, seat, rng))
    raise AssertionError(f"{game.name}: a match of {strategy} did not end")


def test_every_turn_based_game_names_a_panel() -> None:
    for name in game_names():
        game = load_game(name)
        assert game.real_time or len(game.plain_strategies) >= 3, name


@pytest.mark.parametrize(("name", "strategy"), PANEL)
def test_a_plain_strategy_plays_only_legal_moves(name: str, strategy: str) -> None:
    game = load_game(name)
    for players, seed in ((game.min_players, 1), (game.max_players, 2)):
        play_legally(game, players, seed, strategy)


def bench_settings(game: Game[Any], name: str) -> Any:
    """A setting of the game's bench module (None where it has none)."""
    package = type(game).__module__.rsplit(".", 1)[0]
    found = importlib.util.find_spec(f"{package}.bench")
    module = importlib.import_module(f"{package}.bench") if found else None
    return getattr(module, name, None)


def panel_seat_counts(game: Game[Any]) -> list[int]:
    """The seat counts the bench's panel measures beyond the smallest and largest table (the
    game's bench module's PANEL_PLAYERS)."""
    counts = bench_settings(game, "PANEL_PLAYERS") or ()
    return [n for n in counts if n not in (game.min_players, game.max_players)]


@pytest.mark.parametrize(("name", "strategy"), PANEL)
def test_a_plain_strategy_plays_only_legal_moves_with_every_option_measured(
        name: str, strategy: str) -> None:
    """The options the bench's panel measures (the game's bench module's PANEL_OPTIONS: for
    Goofspiel 8 cards beside the default 5), at every seat count it measures."""
    game = load_game(name)
    counts = bench_settings(game, "PANEL_PLAYERS") or (game.min_players,)
    for options in bench_settings(game, "PANEL_OPTIONS") or ():
        for players in counts:
            play_legally(game, players, 4, strategy, options)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "strategy"), PANEL)
def test_a_plain_strategy_plays_only_legal_moves_at_every_seat_count_measured(
        name: str, strategy: str) -> None:
    game = load_game(name)
    for players in panel_seat_counts(game):
        play_legally(game, players, 3, strategy)


def test_a_plain_strategy_the_game_lacks_is_refused_with_those_it_has() -> None:
    spec = parse_spec("plain:strategy=bluff")
    with pytest.raises(BotSpecError, match="Goofspiel has no plain strategy 'bluff'; its plain "
                                           "strategies: value, value-plus-one, rank, copy"):
        check_levels([spec], load_game("goofspiel"))
    with pytest.raises(BotSpecError, match="give plain a strategy"):
        parse_spec("plain")


def test_goofspiel_plain_bids() -> None:
    game = load_game("goofspiel")
    state = game.setup(2, 3, game.options({"cards": 5}))
    prize = state.prizes[0]
    bid = {s: PlainBot(s).choose(game, state, 0, Rng(0)) for s in game.plain_strategies}
    assert bid["value"].card == prize  # type: ignore[attr-defined]
    assert bid["value-plus-one"].card == (prize + 1 if prize < 5 else 1)  # type: ignore
    copier = PlainBot("copy")
    copier.choose(game, state, 0, Rng(0))
    game.apply(state, 0, bid["value"])
    game.apply(state, 1, Bid(2))  # the other bids 2
    assert copier.choose(game, state, 0, Rng(0)).card in (2, 1, 3)  # type: ignore[attr-defined]
