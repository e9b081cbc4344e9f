"""A match: its header (game, options, players, seed) and its action log.

That is all a match is (event sourcing): replaying the log from the header rebuilds every state
exactly, because all randomness comes from the state's own seeded RNG. The log may hold undos,
replayed through a `Timeline` like every other step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import STATE_LIMITS, Between, InvalidData, Size, decode, quote
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event
from ludoteca.engine.game import Game
from ludoteca.engine.options import options_to_json
from ludoteca.engine.timeline import Stepped, Timeline

FORMAT = 1


@dataclass
class Match:
    """A live match: the header, the log, and the current state kept in step with them."""

    game: Game[Any]
    players: int
    seed: int
    options: Any
    log: list[tuple[int, Action]] = field(default_factory=list)
    timeline: Timeline | None = None

    @classmethod
    def new(cls, game: Game[Any], players: int, seed: int, options: Any = None) -> Match:
        """A match not yet played: its header (game, players, seed, options) and an empty log."""
        opts = game.options(options)
        return cls(game, players, seed, opts, [], Timeline.new(game, players, seed, opts))

    @property
    def state(self) -> Any:
        """The state after the log (an undo replaces it: read it again after each step)."""
        if self.timeline is None:
            self.timeline = self.fresh()
            for _ in self.timeline.play(self.log):
                pass
        return self.timeline.state

    def fresh(self) -> Timeline:
        """The match's timeline at its start, before any action."""
        return Timeline.new(self.game, self.players, self.seed, self.options)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply and record; an IllegalAction leaves both the state and the log unchanged."""
        self.state  # noqa: B018  (the timeline caught up with the log first)
        assert self.timeline is not None
        events = self.timeline.apply(seat, action)
        self.log.append((seat, action))
        return events

    def replay(self, upto: int | None = None) -> Any:
        """A fresh state rebuilt from the header and the first `upto` logged actions."""
        timeline = self.fresh()
        for _ in timeline.play(self.log[:upto]):
            pass
        return timeline.state

    def steps(self) -> list[Stepped]:
        """Every step of the log replayed, with its round and events."""
        return list(self.fresh().play(self.log))

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def header(self) -> dict[str, Any]:
        """What fixes the match besides its log: the format, game, players, seed and options."""
        return {
            "format": FORMAT,
            "game": self.game.name,
            "players": self.players,
            "seed": self.seed,
            "options": options_to_json(self.options),
        }

    def to_json(self) -> dict[str, Any]:
        """The saved match: its header and its log of actions."""
        return {
            **self.header(),
            "log": [{"seat": s, "action": self.game.encode_action(a)} for s, a in self.log],
        }

    @classmethod
    def from_json(cls, game: Game[Any], data: Any) -> Match:
        """Rebuild a saved match from an untrusted document by replaying its log; InvalidData
        (a ValueError) says what is wrong: a header field, or the first action that does not
        replay."""
        header = decode(SavedMatch, data, STATE_LIMITS)
        if header.game != game.name:
            raise InvalidData(f"this match is of {quote(header.game)}, not {game.name!r}", "game")
        try:
            match = cls.new(game, header.players, header.seed, header.options)
        except ValueError as exc:
            raise InvalidData(str(exc), "the header") from None
        for number, entry in enumerate(header.log, start=1):
            try:
                match.apply(entry.seat, game.decode_action(entry.action))
            except (IllegalAction, ValueError) as exc:
                raise InvalidData(
                    f"action {number} of the saved log does not replay: {exc}", f"log[{number - 1}]"
                ) from None
        return match


@dataclass(frozen=True)
class LoggedAction:
    """One step of a match's log: the seat that acted and its action as JSON data."""

    seat: Annotated[int, Between(0, 1000)]
    action: dict[str, Any]


@dataclass(frozen=True)
class SavedMatch:
    """The document `Match.to_json` writes (checked field by field when read back)."""

    format: Literal[1]
    game: Annotated[str, Size(1, 64)]
    players: Annotated[int, Between(1, 1000)]
    seed: Annotated[int, Between(0, 2**64 - 1)]
    options: dict[str, Any]
    log: list[LoggedAction]
