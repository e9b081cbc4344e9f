"""Goofspiel's one action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import Between


@dataclass(frozen=True)
class Bid(Action):
    """Bid this card of your hand for the prize turned up."""

    kind = "bid"
    card: Annotated[int, Between(1, 13)]
