"""The state of a game of Nim: plain data that the engine's codec writes and reads."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

from ludoteca.engine.codec import Between, Size
from ludoteca.games.nim.data import MAX_TAKE


class Phase(StrEnum):
    TAKING = "taking"
    OVER = "over"


@dataclass
class NimState:
    """The heaps, whose turn it is, who took last and the variant's cap on a take."""

    heaps: Annotated[list[Annotated[int, Between(0, 6)]], Size(2, 4)]
    turn: Annotated[int, Between(0, 1)]
    last: Annotated[int, Between(0, 1)] | None = None  # who took the last token so far
    take_limit: Annotated[int, Between(0, MAX_TAKE)] = 0

    @property
    def phase(self) -> Phase:
        return Phase.TAKING if any(self.heaps) else Phase.OVER

    def clone(self) -> NimState:
        return NimState(list(self.heaps), self.turn, self.last, self.take_limit)
