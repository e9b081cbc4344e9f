"""Planning a whole turn: every order of the turn's actions (each at most once, the Special
tile's free action too) down to ending the turn, each end judged by the player's `outlook`.

A turn's actions only make sense together (move where the castellers are, recruit them, then
perform with the tower they complete), so a search that weighs one action at a time with a
rough continuation misjudges them; planning the turn whole does not. The same position reached
in another order is planned once (its value is remembered). Nothing here is random, and a turn
never draws from the bag, so the plans of every determinization of a position are the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.games.castell.actions import EndTurn
from ludoteca.games.castell.bots.outlook import outlook
from ludoteca.games.castell.data import REGIONS
from ludoteca.games.castell.state import TURN, CastellState

Legal = Callable[[CastellState, int], list[Action]]
Apply = Callable[[CastellState, int, Action], Any]
Judge = Callable[[CastellState, int], float]


def turn_key(state: CastellState, seat: int) -> tuple[Any, ...]:
    """All that a turn's actions change: a position reached in two orders has one key."""
    player = state.players[seat]
    return (
        player.pawn, tuple(player.team), tuple(player.ranks.values()), player.tokens,
        tuple(sorted(state.used)), state.free_special,
        tuple(len(spot.tiles) + spot.collected for spot in player.board.values()),
        tuple(len(state.rows[region]) for region in REGIONS),
    )


@dataclass(frozen=True)
class Plan:
    """One way to play the turn: its first action, the position where it ends (the turn
    still to be ended with EndTurn when `open`) and the judgement of that end."""

    value: float
    first: Action
    end: CastellState
    open: bool


class TurnPlanner:
    """The turn's plans from one position, best first, by the outlook at their end (or another
    judgement of it)."""

    def __init__(self, legal: Legal, apply: Apply, judge: Judge = outlook) -> None:
        self.legal = legal
        self.apply = apply
        self.judge = judge  # how good a turn's end is for the player (a plain planner's own)

    def ranked(self, state: CastellState, seat: int) -> list[tuple[float, Action]]:
        """Each first action with the best outlook a turn starting with it reaches, best
        first (ties keep the menu's order)."""
        known: dict[tuple[Any, ...], float] = {}
        ranked = [(self._after(state, seat, action, known), action)
                  for action in self.legal(state, seat)]
        order = sorted(range(len(ranked)), key=lambda i: -ranked[i][0])
        return [ranked[i] for i in order]

    def _after(self, state: CastellState, seat: int, action: Action,
               known: dict[tuple[Any, ...], float]) -> float:
        if isinstance(action, EndTurn):
            return self.judge(state, seat)
        after = state.clone()
        self.apply(after, seat, action)
        if after.phase is not TURN or after.current != seat:
            return self.judge(after, seat)
        key = turn_key(after, seat)
        if key not in known:
            known[key] = max(self._after(after, seat, a, known) for a in self.legal(after, seat))
        return known[key]

    def plans(self, state: CastellState, seat: int, most: int | None = None) -> list[Plan]:
        """Every distinct end of the turn (the same position reached in two orders is one
        plan), best first by its judgement (ties: the shorter plan, then the menus' order).
        The plans are found by their number of actions, the shortest first, so that with
        `most` positions looked past (at four players a turn has thousands of ends) the search
        stops with the short plans of every first action weighed and the longer ones as far as
        it got: a count, not a clock, so that a match's seed plays the same on any machine."""
        looked = 0
        ends: dict[tuple[Any, ...], Plan] = {}
        seen: set[tuple[Any, ...]] = set()
        level: list[tuple[CastellState, Action | None]] = [(state, None)]
        while level:
            following: list[tuple[CastellState, Action | None]] = []
            for node, first in level:
                if most is not None and ends and looked >= most:
                    return sorted(ends.values(), key=lambda plan: -plan.value)
                looked += 1
                following += self._ends_after(node, seat, first, ends, seen)
            level = following
        return sorted(ends.values(), key=lambda plan: -plan.value)

    def _ends_after(self, state: CastellState, seat: int, first: Action | None,
                    ends: dict[tuple[Any, ...], Plan], seen: set[tuple[Any, ...]]
                    ) -> list[tuple[CastellState, Action | None]]:
        """Record the turn's ends one action after `state`; return the positions, not seen
        before, where the turn goes on."""
        going_on: list[tuple[CastellState, Action | None]] = []
        for action in self.legal(state, seat):
            lead = action if first is None else first
            if isinstance(action, EndTurn):
                key = (True, *turn_key(state, seat))
                ends.setdefault(key, Plan(self.judge(state, seat), lead, state, True))
                continue
            after = state.clone()
            self.apply(after, seat, action)
            key = (after.phase is not TURN or after.current != seat, *turn_key(after, seat))
            if key[0]:
                ends.setdefault(key, Plan(self.judge(after, seat), lead, after, False))
            elif key not in seen:
                seen.add(key)
                going_on.append((after, lead))
        return going_on
