"""The `plain` bot: one of the plain strategies a game names (`Game.plain_strategies`), the
habits people actually play by (bid the prize's value, rush one region, always vote yes).

They are the panel the strong level is measured against (`bench/bots.py`): a strong level that
one plain habit beats is not strong. A strategy decides where it has a say and leaves the rest
to the game's heuristic; it sees a state determinized for its seat, never the true one, and it
may keep notes for its seat over a match (what the other bid last), since the state does not
remember what a player may.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ludoteca.bots.base import Bot
from ludoteca.engine.actions import Action
from ludoteca.engine.codec import quote
from ludoteca.engine.game import Game, PlainStrategy
from ludoteca.engine.rng import Rng


def plain_strategy(game: Game[Any], strategy: str) -> PlainStrategy:
    """The game's strategy of that name; ValueError, naming those there are, otherwise."""
    known = game.plain_strategies
    if strategy not in known:
        names = ", ".join(known) or "none"
        raise ValueError(f"{game.title or game.name} has no plain strategy {quote(strategy)}; "
                         f"its plain strategies: {names}")
    return known[strategy]


class PlainBot(Bot):
    """The game's plain strategy `strategy`, the heuristic where the strategy has no say."""

    def __init__(self, strategy: str, level: str | None = None) -> None:
        self.strategy = strategy
        self.level = level
        self.name = f"plain:strategy={strategy}"
        self._notes: dict[int, dict[str, Any]] = {}  # per seat: one bot may play several

    def choose(self, game: Game[Any], state: Any, seat: int, rng: Rng) -> Action:
        """The plain strategy's action, or the game's heuristic one where the strategy has none."""
        play = plain_strategy(game, self.strategy)
        known = game.determinize(state, seat, rng)
        action = play(game, known, seat, rng, self._notes.setdefault(seat, {}))
        return action if action is not None else game.heuristic_action(known, seat, rng)

    def remembers(self, game: Game[Any]) -> bool:
        return True

    def recall(self, game: Game[Any], earlier: Iterable[Any], seat: int, rng: Rng) -> None:
        """Each earlier move chosen again, for the notes it took (the moves were played)."""
        play = plain_strategy(game, self.strategy)
        notes = self._notes.setdefault(seat, {})
        for state in earlier:
            play(game, game.determinize(state, seat, rng), seat, rng, notes)
