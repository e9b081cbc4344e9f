"""A match: its header (game, options, players, seed) and its action log.

That is all a match is (event sourcing): replaying the log from the header rebuilds every state
exactly, because all randomness comes from the state's own seeded RNG.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.events import Event
from ludoteca.engine.game import Game
from ludoteca.engine.options import options_to_json

FORMAT = 1


@dataclass
class Match:
    """A live match: the header, the log, and the current state kept in step with them."""

    game: Game[Any]
    players: int
    seed: int
    options: Any
    log: list[tuple[int, Action]] = field(default_factory=list)
    state: Any = None

    @classmethod
    def new(cls, game: Game[Any], players: int, seed: int, options: Any = None) -> Match:
        opts = game.options(options)
        return cls(game, players, seed, opts, [], game.setup(players, seed, opts))

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply and record; an IllegalAction leaves both the state and the log unchanged."""
        events = self.game.apply(self.state, seat, action)
        self.log.append((seat, action))
        return events

    def replay(self, upto: int | None = None) -> Any:
        """A fresh state rebuilt from the header and the first `upto` logged actions."""
        state = self.game.setup(self.players, self.seed, self.options)
        for seat, action in self.log[:upto]:
            self.game.apply(state, seat, action)
        return state

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def header(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game.name,
            "players": self.players,
            "seed": self.seed,
            "options": options_to_json(self.options),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            **self.header(),
            "log": [{"seat": s, "action": self.game.encode_action(a)} for s, a in self.log],
        }

    @classmethod
    def from_json(cls, game: Game[Any], data: Mapping[str, Any]) -> Match:
        """Rebuild a saved match by replaying its log; a corrupt log raises ValueError."""
        if data.get("game") != game.name:
            raise ValueError(f"this match is of {data.get('game')!r}, not {game.name!r}")
        match = cls.new(game, int(data["players"]), int(data["seed"]), data.get("options"))
        for number, entry in enumerate(data.get("log", []), start=1):
            try:
                match.apply(int(entry["seat"]), game.decode_action(entry["action"]))
            except Exception as exc:
                raise ValueError(
                    f"action {number} of the saved log does not replay: {exc}"
                ) from exc
        return match
