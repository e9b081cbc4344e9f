"""Nim, declared: its name, player counts, options, rule table and hooks.

Rules: heaps of 3, 4, 5 (and 6) tokens; the two players take turns, each taking one or more
tokens from one heap; whoever takes the last token wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import InvalidData
from ludoteca.engine.errors import Reason
from ludoteca.engine.game import Game
from ludoteca.engine.result import Result
from ludoteca.engine.rng import Rng
from ludoteca.engine.rules import Rule, RuleTable
from ludoteca.games.nim import heuristic, result, text, view
from ludoteca.games.nim.actions import Take
from ludoteca.games.nim.data import HEAP_SIZES
from ludoteca.games.nim.options import NimOptions
from ludoteca.games.nim.rules import taking
from ludoteca.games.nim.state import NimState, Phase

RULES = RuleTable(
    Rule(Take, (Phase.TAKING,), taking.check_take, taking.do_take, choices=taking.takes),
)


class Nim(Game[NimState]):
    """Nim, the example game of the contributors' pages."""

    name = "nim"
    title = "Nim"
    min_players = 2
    max_players = 2
    Options = NimOptions
    State = NimState
    rules = RULES

    def new_state(self, players: int, seed: int, options: NimOptions) -> NimState:
        """The first `options.heaps` heaps; the first seat takes first (no chance at all)."""
        return NimState(list(HEAP_SIZES[:options.heaps]), 0, None,
                        options.variant.take_limit)

    def seats(self, state: NimState) -> list[int]:
        """The two players."""
        return [0, 1]

    def max_actions(self, players: int, options: Any = None) -> int:
        """At most one turn per token."""
        return sum(HEAP_SIZES[:self.options(options).heaps])

    def phase(self, state: NimState) -> Phase:
        """Taking, until the heaps are empty."""
        return state.phase

    def actors(self, state: NimState) -> frozenset[int]:
        """The player whose turn it is."""
        return frozenset() if state.phase is Phase.OVER else frozenset({state.turn})

    def refuse_seat(self, state: NimState, seat: int, rule: Rule) -> str:
        """Why a player may not take now: it is the other's turn."""
        return Reason("it is the other player's turn", it="è il turno dell'altro giocatore")

    def refuse_phase(self, state: NimState, seat: int, rule: Rule) -> str:
        """Why nobody may take: the heaps are empty."""
        return Reason("the game is over", it="la partita è finita")

    def is_over(self, state: NimState) -> bool:
        """Whether every heap is empty."""
        return state.phase is Phase.OVER

    def result(self, state: NimState) -> Result:
        """Whoever took the last token wins."""
        return result.result(state)

    def seat_view(self, state: NimState, seat: int | None) -> dict[str, Any]:
        """Everything: Nim keeps no secret."""
        return view.seat_view(state, seat)

    def heuristic_action(self, state: NimState, seat: int, rng: Rng) -> Action:
        """The winning take where there is one."""
        return heuristic.heuristic_action(state, seat, rng)

    def clone(self, state: NimState) -> NimState:
        """A copy of the state."""
        return state.clone()

    def check_state(self, state: NimState) -> None:
        """Heaps no larger than at the start, and nobody to have taken last at the start."""
        for heap, size in enumerate(state.heaps):
            if size > HEAP_SIZES[heap]:
                raise InvalidData(f"at most {HEAP_SIZES[heap]} tokens", f"heaps[{heap}]")
        if state.last is None and state.heaps != list(HEAP_SIZES[:len(state.heaps)]):
            raise InvalidData("someone took a token, so somebody took last", "last")

    def render(self, view: Mapping[str, Any]) -> str:
        """The heaps as text."""
        return text.render(view)

    def describe_action(self, action: Action) -> str:
        """A take in words."""
        return text.describe_action(action)
