"""Bots that play any game of the room: random, the game's heuristic, and ISMCTS.

Every bot implements `Bot.choose(game, state, seat, rng)` and only reads the state through
`game.determinize(state, seat, rng)`. `parse_bot("mcts:iterations=400")` builds one from a spec;
`play_out` plays a match to the end (real-time games on a simulated clock).
"""

from ludoteca.bots.base import Bot, resolve_game, seat_rewards
from ludoteca.bots.mcts import MctsBot
from ludoteca.bots.playout import Playout, play_out
from ludoteca.bots.realtime import RealTimeScheduler
from ludoteca.bots.simple import HeuristicBot, RandomBot
from ludoteca.bots.spec import BOTS, BotSpecError, parse_bot, split_specs

__all__ = [
    "BOTS",
    "Bot",
    "BotSpecError",
    "HeuristicBot",
    "MctsBot",
    "Playout",
    "RandomBot",
    "RealTimeScheduler",
    "parse_bot",
    "play_out",
    "resolve_game",
    "seat_rewards",
    "split_specs",
]
