"""A match's state moved on by its logged actions, taking back included.

A seat may take back (undo) its own steps of a turn while nobody else has acted and nothing
hidden or left to chance came out: the game says which steps those are (`Game.undoable`), and
an undo is itself an entry of the action log, `{"kind": "undo"}`, so that the log stays the
match's whole truth (event sourcing): replaying it, undos and all, rebuilds every state.

The timeline keeps, for each step that may still be taken back, the state before it. Any step
that may not be taken back, or a step of another seat, forgets them: a seat's steps are taken
back newest first, and only until another seat has acted. Whoever replays a log (a live match,
`Match`, a replay, a restart) goes through a timeline, so an undo replays exactly everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine.actions import Action, Undo
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, public
from ludoteca.engine.game import Game


@dataclass(frozen=True)
class Takeback:
    """A step that may still be taken back: whose, its number, and the state before it."""

    seat: int
    step: int
    before: Any


@dataclass(frozen=True)
class Stepped:
    """One step of a replayed log: its number, who acted, what, the round it was played in
    (`Game.round_number` before the step) and the events it made."""

    step: int
    seat: int
    action: Action
    round: int | None
    events: list[Event]


@dataclass
class Timeline:
    """The state of a match after `step` logged actions, and the steps that may be taken back.
    An undo replaces the state with the one kept from before the step it takes back: read
    `state` after every `apply`, never keep it."""

    game: Game[Any]
    state: Any
    step: int = 0
    takebacks: list[Takeback] = field(default_factory=list)

    @classmethod
    def new(cls, game: Game[Any], players: int, seed: int, options: Any = None) -> Timeline:
        """A timeline at a new match's start."""
        return cls(game, game.setup(players, seed, options))

    def may_undo(self, seat: int | None) -> bool:
        """Whether `seat` has a step it may take back now."""
        return bool(self.takebacks) and self.takebacks[-1].seat == seat

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply `action` of `seat` (an `Undo` takes back its last step), or raise
        IllegalAction before anything changes."""
        if isinstance(action, Undo):
            return self._undo(seat)
        game = self.game
        keep = game.undoable(self.state, seat, action)
        before = game.clone(self.state) if keep else None
        events = game.apply(self.state, seat, action)
        self.step += 1
        if not keep:
            self.takebacks = []
        else:
            if self.takebacks and self.takebacks[-1].seat != seat:
                self.takebacks = []  # somebody else acted since: theirs are final
            self.takebacks.append(Takeback(seat, self.step, before))
        return events

    def _undo(self, seat: int) -> list[Event]:
        if not self.may_undo(seat):
            raise IllegalAction(
                "there is nothing of yours to take back: only your own moves of this turn, "
                "before anybody else acts or anything hidden is revealed",
                it="non hai nessuna mossa da riprendere: si riprendono solo le proprie mosse di "
                "questo turno, prima che un altro giochi o che si scopra qualcosa di nascosto",
            )
        back = self.takebacks.pop()
        self.state = back.before
        self.step += 1
        return [public("undone", seat=seat, step=back.step)]

    def play(self, log: Iterable[tuple[int, Action]]) -> Iterator[Stepped]:
        """Apply a log, step after step, telling what each step did."""
        for seat, action in log:
            played_in = self.game.round_number(self.state)
            events = self.apply(seat, action)
            yield Stepped(self.step, seat, action, played_in, events)
