"""Goofspiel's options."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.engine.options import option_field
from ludoteca.games.goofspiel.data import HAND_SIZES


@dataclass(frozen=True)
class GoofspielOptions:
    cards: int = option_field(5, "cards in each hand and in the prize deck", HAND_SIZES)
