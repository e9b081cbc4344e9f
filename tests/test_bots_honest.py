"""A bot's honesty as a property: given two true states that differ only in what its seat may
not know, and the same random stream, a bot chooses the same action (and a search weighs the
same numbers) in both.

The second state of each pair is drawn from the first by the game's own `determinize`, at
several points of seeded playouts, so the two are alike in everything the seat knows. The
games' `determinize` shuffles the hidden part in the order it lies, so two states of one
information set give different worlds for one stream even to an honest bot; the game the bots
play here therefore draws every world of either state from the first one. Then the only way the
two runs can part is a bot reading the true state somewhere other than through `determinize`
(its heuristic bias, its rollouts, its rivals, its focus): that is what this test catches.

The specs come from every game's levels (`levels.json`), the bench's old strong search, the
explanation's search and `EXTRA_SPECS` below, each cut to a tiny budget: a new spec joins by
being added to one of them.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from scripts import ROOT, load_script

from ludoteca.bots import Bot, MctsBot
from ludoteca.bots.explain import explaining_bot
from ludoteca.bots.levels import game_levels
from ludoteca.bots.spec import parse_bot
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games import game_names, load_game

sys.path.insert(0, str(ROOT / "bench"))  # the bench's own modules import as top-level ones
BENCH = load_script("bench/bots.py")

# Every path of the search, beside what the levels and the bench play (each game's defaults
# fill what a spec leaves out).
EXTRA_SPECS = (
    "mcts:bias=2",
    "mcts:bias=2:focus=1",
    "mcts:rollout=heuristic:bias=1",
    "mcts:rollout=random:bias=0",
    "mcts:rivals=search",
    "mcts:rivals=search:focus=2",
    "mcts:focus=1",
    "mcts:focus=2",
    "mcts:horizon=2:rollout=heuristic",
    "mcts:margin=0",
)
ITERATIONS = 6  # a tiny budget: honesty does not need strength
HORIZON = 3  # rollouts cut short, unless a spec cuts them shorter
POINTS = 2  # pairs of states per game and player count (more in the slow test)
EXPLAINED = "explain"  # the explanation route's search, for the seat's own spec or none


def tiny(bot: Bot) -> Bot:
    """A search bot cut to a tiny budget (iterations, horizon); any other bot as it is."""
    if isinstance(bot, MctsBot):
        bot.seconds = None
        bot.given["iterations"] = ITERATIONS
        horizon = bot.given.get("horizon")
        bot.given["horizon"] = HORIZON if horizon is None else min(horizon, HORIZON)
    return bot


def specs(game: Game[Any]) -> list[str]:
    """Every spec the game's levels and the bench play, and `EXTRA_SPECS`."""
    levels = [level.spec for level in game_levels(game)]
    bench = [BENCH.OLD_STRONG + BENCH.OLD_DEFAULTS.get(game.name, "")]
    return list(dict.fromkeys([*levels, *bench, *EXTRA_SPECS]))


def settings(game: Game[Any], bot: Bot) -> tuple[Any, ...]:
    """What a bot does in this game: specs that differ only in what the game's defaults fill
    in are one bot."""
    if not isinstance(bot, MctsBot):
        return (type(bot),)
    bot._settle(game.mcts_defaults)
    return (type(bot), bot.iterations, bot.c, bot.rollout, bot.horizon, bot.bias, bot.margin,
            bot.focus, bot.rivals)


def bots(game: Game[Any]) -> dict[tuple[Any, ...], tuple[str, Bot]]:
    """Each distinct bot the specs name, and the explanation route's search (which explains a
    seat by its own search spec, else by the strong level's), by what it does."""
    named = [(spec, tiny(parse_bot(spec))) for spec in specs(game)]
    named.append((f"{EXPLAINED} (strong level)", tiny(explaining_bot(game, None))))
    found: dict[tuple[Any, ...], tuple[str, Bot]] = {}
    for spec, bot in named:
        found.setdefault(settings(game, bot), (spec, bot))
    return found


def pairs(game: Game[Any], players: int, seed: int, points: int
          ) -> Iterator[tuple[Any, Any, int]]:
    """(true state, another alike for the seat, seat) at points of a seeded random playout
    where the seat has a choice and the two differ."""
    state = game.setup(players, seed)
    rng = Rng(seed)
    found = step = 0
    while not game.is_over(state) and found < points:
        for seat in sorted(game.actors(state)):
            if step % 3 == 0 and len(game.legal_actions(state, seat)) > 1:
                other = game.determinize(state, seat, Rng(seed * 1000 + step))
                if game.to_json(other) != game.to_json(state):
                    yield game.clone(state), other, seat
                    found += 1
                    break
        seat = rng.choice(sorted(game.actors(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        step += 1


class Board:
    """A fresh instance of the game whose `determinize` draws the worlds of `first` and of
    `second` alike from `first` (the same stream gives the same world), and whose every other
    hook notes a call given either true state itself (`read`): a bot may hand the true state
    to `determinize` alone."""

    def __init__(self, name: str, first: Any, second: Any) -> None:
        self.game = type(load_game(name))()
        self.truths = (first, second)
        self.read: list[str] = []
        draw = self.game.determinize

        def determinize(state: Any, seat: int | None, rng: Rng) -> Any:
            return draw(first if state is second else state, seat, rng)

        for attr in dir(self.game):
            hook = getattr(self.game, attr)
            if not attr.startswith("_") and inspect.ismethod(hook):
                setattr(self.game, attr, self.guarded(attr, hook))
        self.game.determinize = determinize  # type: ignore[method-assign]

    def guarded(self, attr: str, hook: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            if any(arg is truth for arg in (*args, *kwargs.values()) for truth in self.truths):
                self.read.append(attr)
            return hook(*args, **kwargs)

        return call


def decisions(bot: Bot, game: Game[Any], state: Any, seat: int) -> tuple[Any, Any]:
    """What the bot chooses, and what a search weighs (the explanation route), from `state`
    with a fixed stream."""
    action = bot.choose(game, state, seat, Rng(11))
    weighed = bot.weigh(game, state, seat, Rng(12)) if isinstance(bot, MctsBot) else None
    return action, weighed


def check_honest(name: str, counts: list[int], points: int) -> None:
    game = load_game(name)
    checked = 0
    for players in counts:
        for first, second, seat in pairs(game, players, players, points):
            for spec, bot in bots(game).values():
                board = Board(name, first, second)
                one = decisions(bot, board.game, first, seat)
                other = decisions(bot, board.game, second, seat)
                assert not board.read, (
                    f"{name}, {players} players, seat {seat}: {spec} gave the true state to "
                    f"the game's {', '.join(sorted(set(board.read)))}, not to determinize alone"
                )
                assert one == other, (
                    f"{name}, {players} players, seat {seat}: {spec} chose {one[0]} in one "
                    f"state and {other[0]} in another it cannot tell apart (weighed "
                    f"{one[1]} and {other[1]}): it reads the true state"
                )
                checked += 1
    assert checked, f"{name}: no state with anything hidden from a seat with a choice"


@pytest.mark.parametrize("name", game_names())
def test_a_bot_chooses_alike_in_states_its_seat_cannot_tell_apart(name: str) -> None:
    check_honest(name, [load_game(name).min_players], POINTS)


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_a_bot_chooses_alike_at_every_table_size(name: str) -> None:
    game = load_game(name)
    check_honest(name, list(range(game.min_players, game.max_players + 1)), 3 * POINTS)
