"""The engine: the game contract, seeded randomness, actions, events, matches and replay."""

from ludoteca.engine.actions import Action, ActionCodec
from ludoteca.engine.clock import Deadline
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, private, public, visible_events
from ludoteca.engine.game import Game
from ludoteca.engine.match import Match
from ludoteca.engine.options import NoOptions, option_field, parse_options
from ludoteca.engine.result import Result, competition_ranks
from ludoteca.engine.rng import Rng

__all__ = [
    "Action",
    "ActionCodec",
    "Deadline",
    "Event",
    "Game",
    "IllegalAction",
    "Match",
    "NoOptions",
    "Result",
    "Rng",
    "competition_ranks",
    "option_field",
    "parse_options",
    "private",
    "public",
    "visible_events",
]
