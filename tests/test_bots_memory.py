"""A bot that reads the others' habits over a match (Goofspiel's strong level, the copy
strategy) remembers the same whether it played every move, was asked again at a prize (a
server's bot thinks again when the other's bid comes in) or joined late and recalled the
seat's earlier moves (a server's bot after a reload)."""

from __future__ import annotations

from typing import Any

from ludoteca import load_game
from ludoteca.bots import parse_bot
from ludoteca.bots.base import Bot
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel.actions import Bid

SPECS = ("mcts:solved=1", "plain:strategy=copy")


def played(spec: str, asked: int) -> tuple[Bot, list[Any], Any]:
    """A 5-card match of seat 1 (the bot, asked `asked` times a prize) against a value bidder
    in seat 0, three prizes in: the bot, the states of its moves, the state now."""
    game = load_game("goofspiel")
    state = game.setup(2, 7, game.options({"cards": 5}))
    bot, earlier = parse_bot(spec), []
    for prize in range(3):
        earlier.append(game.clone(state))
        for _ in range(asked):  # the same draw each time: the same move
            move = bot.choose(game, state, 1, Rng(prize))
        game.apply(state, 0, Bid(min(c for c in state.hands[0] if c >= state.prizes[0])
                                 if max(state.hands[0]) >= state.prizes[0]
                                 else min(state.hands[0])))
        game.apply(state, 1, move)
    return bot, earlier, state


def notes(bot: Any) -> Any:
    seen = bot._notes[1].get("seen")
    if seen is not None:  # the strong level's reading: the other's bids, the history it read
        return [bid for _, bid in seen], bot._notes[1]["history"]
    return {k: v for k, v in bot._notes[1].items() if k != "before"}


def test_asked_again_at_a_prize_a_bot_remembers_as_one_asked_once() -> None:
    game = load_game("goofspiel")
    for spec in SPECS:
        once, _, state = played(spec, 1)
        twice, _, _ = played(spec, 2)
        once.choose(game, state, 1, Rng(9))
        twice.choose(game, state, 1, Rng(9))
        twice.choose(game, state, 1, Rng(9))
        assert notes(once) == notes(twice), spec
        assert spec != SPECS[0] or len(notes(once)[0]) == 3


def test_a_bot_that_recalls_the_earlier_moves_remembers_as_one_that_played_them() -> None:
    game = load_game("goofspiel")
    for spec in SPECS:
        whole, earlier, state = played(spec, 1)
        late = parse_bot(spec)
        assert late.remembers(game)
        late.recall(game, earlier, 1, Rng(5))
        whole.choose(game, state, 1, Rng(9))
        late.choose(game, state, 1, Rng(9))
        assert notes(whole) == notes(late), spec


def test_a_search_or_a_heuristic_keeps_no_notes() -> None:
    game = load_game("goofspiel")
    assert not parse_bot("mcts").remembers(game)
    assert not parse_bot("heuristic").remembers(game)
