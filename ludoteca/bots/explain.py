"""Bots explain themselves: at a step of a finished match, the moves a seat's search compared,
with the chance of winning it saw after each.

The search runs from the state before that step as the seat knew it: the true state goes only
to the bot, which reads it through `Game.determinize` like every bot (the seat's own secrets
kept, the others' resampled), never whole. A seat played by a search bot is explained by its
own spec; a seat played by a simpler bot or a person, by the game's strong level, which says
what a strong player would have weighed there. The search is seeded by the match's seed and the
step, so the same question always gets the same answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.bots.levels import level_spec
from ludoteca.bots.mcts import MctsBot
from ludoteca.bots.spec import BotSpecError, parse_bot
from ludoteca.engine.game import Game
from ludoteca.engine.match import Match
from ludoteca.engine.rng import Rng


@dataclass(frozen=True)
class Weighed:
    """One move the search compared: how often it tried it, and the seat's chance of winning
    it saw after it (its mean reward)."""

    action: dict[str, Any]  # encoded, as the replay's actions are
    text: str
    visits: int
    value: float


@dataclass(frozen=True)
class Explanation:
    """What a seat's search weighed after one step of a finished match: every move with its
    weight, the chosen one first."""

    step: int  # the state after this many steps: the one the seat chose from
    seat: int
    spec: str  # the search that weighed the moves
    moves: list[Weighed]  # its choice first
    # What the seat played at the next step, if it was its move and the game tells it after
    # its end.
    played: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        """The explanation as JSON data."""
        return {
            "step": self.step, "seat": self.seat, "spec": self.spec, "played": self.played,
            "moves": [{"action": m.action, "text": m.text, "visits": m.visits,
                       "value": round(m.value, 4)} for m in self.moves],
        }


def explaining_bot(game: Game[Any], spec: str | None) -> MctsBot:
    """The search that explains a seat: its own, if a search bot played it; else the game's
    strong level."""
    for candidate in (spec, level_spec(game, "strong")):
        if candidate is None:
            continue
        try:
            bot = parse_bot(candidate)
        except BotSpecError:
            continue
        if isinstance(bot, MctsBot) and bot.seconds is None:
            return bot
    return MctsBot()


def explain(game: Game[Any], record: Any, step: int, seat: int,
            spec: str | None = None, cpu_seconds: float | None = None) -> Explanation:
    """What `seat`'s search weighed in the state after `step` steps of the saved match
    `record` (spec: the bot that played the seat, if one did; `cpu_seconds`: a bound on the
    search, a server's cap). ValueError, saying what is allowed, for a step outside the match
    or a seat with nothing to choose there."""
    match = Match.from_json(game, record)
    if not 0 <= step < len(match.log):
        raise ValueError(
            f"step {step} is not one this match chose from: its steps are 0 to "
            f"{len(match.log) - 1} (the state after that many actions)"
        )
    state = match.replay(step)
    if not game.is_seat(state, seat):
        last = len(game.seats(state)) - 1
        raise ValueError(f"there is no seat {seat}; the seats are 0 to {last}")
    if seat not in game.actors(state):
        raise ValueError(f"seat {seat} had nothing to choose after step {step}")
    bot = explaining_bot(game, spec)
    bot.cpu_seconds = cpu_seconds
    rng = Rng((match.seed ^ (step * 0x9E3779B97F4A7C15) ^ seat) & 0xFFFF_FFFF_FFFF_FFFF)
    weighed = bot.weigh(game, state, seat, rng)
    next_seat, next_action = match.log[step]
    return Explanation(
        step=step,
        seat=seat,
        spec=bot.name,
        moves=[Weighed(game.encode_action(a), game.describe_action(a), visits, value)
               for a, visits, value in weighed],
        # A game that keeps secrets after its end (a ballot) does not tell what was played,
        # as its replay does not.
        played=(game.encode_action(next_action)
                if next_seat == seat and not game.keeps_secrets_after_end else None),
    )
