"""Bots that play any game of the room: random, the game's heuristic, its plain strategies
(`plain:strategy=NAME`, the habits people play by) and ISMCTS.

Every bot implements `Bot.choose(game, state, seat, rng)` and only reads the state through
`game.determinize(state, seat, rng)`. `parse_spec("mcts:iterations=400")` reads a spec once into a
checked `BotSpec`, whose `build()` makes the bot; `play_out` plays a match to the end (real-time
games on the simulated clock of `RealTimeScheduler`).
"""

from ludoteca.bots.base import Bot, seat_rewards
from ludoteca.bots.mcts import MctsBot
from ludoteca.bots.plain import PlainBot
from ludoteca.bots.playout import Playout, play_out
from ludoteca.bots.realtime import RealTimeScheduler
from ludoteca.bots.simple import HeuristicBot, RandomBot
from ludoteca.bots.spec import (
    BOTS,
    BotSpec,
    BotSpecError,
    check_levels,
    parse_bot,
    parse_spec,
    parse_specs,
    split_specs,
)

__all__ = [
    "BOTS",
    "Bot",
    "BotSpec",
    "BotSpecError",
    "HeuristicBot",
    "MctsBot",
    "PlainBot",
    "Playout",
    "RandomBot",
    "RealTimeScheduler",
    "check_levels",
    "parse_bot",
    "parse_spec",
    "parse_specs",
    "play_out",
    "seat_rewards",
    "split_specs",
]
