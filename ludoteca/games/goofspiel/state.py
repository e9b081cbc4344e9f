"""The state of a game of Goofspiel: plain data that the engine's codec writes and reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated

from ludoteca.engine.codec import OMIT_DEFAULT, Between, Size
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel.data import MAX_HEAD_START

Card = Annotated[int, Between(1, 13)]


class Phase(StrEnum):
    BIDDING = "bidding"
    OVER = "over"


@dataclass
class GoofspielState:
    hands: Annotated[list[list[Card]], Size(2, 4)]
    prizes: list[Card]  # the hidden deck; prizes[0] is face up
    bids: list[Card | None]
    scores: list[Annotated[int, Between(0, 91 + MAX_HEAD_START)]]  # a head start included
    rng: Rng
    # The first seat's head start, counted in its score (a variant's; saved only when set).
    head_start: Annotated[int, Between(0, MAX_HEAD_START)] = field(default=0,
                                                                   metadata=OMIT_DEFAULT)

    @property
    def phase(self) -> Phase:
        return Phase.BIDDING if self.prizes else Phase.OVER

    def clone(self) -> GoofspielState:
        return GoofspielState(
            [list(h) for h in self.hands],
            list(self.prizes),
            list(self.bids),
            list(self.scores),
            self.rng.copy(),
            self.head_start,
        )
