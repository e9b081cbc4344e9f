"""Goofspiel's options, and its variant: the numbers a balance search may vary."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ludoteca.engine.codec import Between
from ludoteca.engine.options import option_field
from ludoteca.engine.tunables import number_field, variant_field
from ludoteca.games.goofspiel.data import HAND_SIZES, HEAD_START, MAX_HEAD_START


@dataclass(frozen=True)
class GoofspielVariant:
    head_start: Annotated[int, Between(0, MAX_HEAD_START)] = number_field(
        HEAD_START,
        "prize points the first seat starts with: 0 is fair; a deliberately unfair knob, so a "
        "balance search has something to put right",
    )


@dataclass(frozen=True)
class GoofspielOptions:
    cards: int = option_field(
        5, "cards in each hand and in the prize deck", HAND_SIZES, tunable=True
    )
    variant: GoofspielVariant = variant_field(GoofspielVariant, "the game's numbers")
