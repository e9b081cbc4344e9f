"""A match's event history, as each seat may see it: the log of the match on screen.

Events are never stored: the action log is the match's truth, and replaying it through the
game (undos included, see `ludoteca.engine.timeline`) gives every step's events again, the same
ones the step made live. What each seat is told of them is each event's own `visible` (and
`actor_visible` for who acted), nothing else, so the log reads the same live, after a reload,
for a spectator and in the replay. A live match builds its history once, when a screen first
asks for it, then adds each step's events as they come; a screen is sent the newest page of
it, and asks for older pages as it scrolls.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ludoteca.engine.events import Event
from ludoteca.engine.game import Game
from ludoteca.engine.timeline import Timeline
from ludoteca.server.store import MatchInfo, Store

PAGE = 400  # events sent at once; older ones come a page at a time


@dataclass(frozen=True)
class Told:
    """One event of the history: the step that made it, who acted (None where the receiver may
    not know it), the round it was played in (None: the game has no rounds), the event, and
    whether a bot sent the step's action (a bot's seat, or a bot standing in for a person)."""

    step: int
    seat: int | None
    round: int | None
    event: Event
    bot: bool = False


@dataclass
class History:
    """Every event of a match's steps so far, in order, and where it stands: the timeline
    that replayed them, while the history is being caught up with the live match."""

    told: list[Told] = field(default_factory=list)
    step: int = 0
    timeline: Timeline | None = None

    def add(self, step: int, seat: int, played_in: int | None, events: list[Event],
            bot: bool = False) -> None:
        self.told.extend(Told(step, seat, played_in, event, bot) for event in events)
        self.step = step

    def caught_up(self, store: Store, game: Game[Any], match_id: str, step: int) -> History:
        """This history brought to `step` (the live match's): the steps logged since it was
        replayed are replayed too, the ones past `step` (logged by another process and not
        yet caught up here) dropped, as they will be added when the match catches up."""
        if self.step < step and self.timeline is not None:
            for logged in store.actions(match_id, after=self.step):
                if logged.step > step:
                    break
                played_in = game.round_number(self.timeline.state)
                events = self.timeline.apply(logged.seat, game.decode_action(logged.action))
                self.add(logged.step, logged.seat, played_in, events, logged.source == "bot")
        self.told = [t for t in self.told if t.step <= step]
        self.step, self.timeline = step, None
        return self

    def page(self, seat: int | None, before: int | None) -> tuple[list[Told], bool]:
        """The newest `PAGE` events `seat` may see of the steps before `before` (None: every
        step), oldest first, the first step's whole, and whether there are older ones."""
        seen = [t for t in self.told
                if (before is None or t.step < before) and t.event.visible(seat)]
        # A page begins with a whole step (one page may hold a few more than `PAGE`): the next
        # page is asked for by the steps before this one's first, so a step cut in two would
        # lose its first events.
        start = max(0, len(seen) - PAGE)
        while start > 0 and seen[start - 1].step == seen[start].step:
            start -= 1
        # Who acted only where the seat may know it, as the live event frames tell it.
        told = [t if t.event.actor_visible(seat) else replace(t, seat=None, bot=False)
                for t in seen[start:]]
        return told, start > 0


def rebuild_history(store: Store, game: Game[Any], info: MatchInfo) -> History:
    """The history of a stored match, replayed from its set-up through its whole log."""
    history = History()
    if info.players is None:  # a session before its start: nothing has happened
        return history
    timeline = Timeline.new(game, info.players, info.seed, info.options)
    for logged in store.actions(info.id):
        played_in = game.round_number(timeline.state)
        events = timeline.apply(logged.seat, game.decode_action(logged.action))
        history.add(logged.step, logged.seat, played_in, events, logged.source == "bot")
    history.timeline = timeline
    return history
