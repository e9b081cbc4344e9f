"""Nim's options, and its variant: the numbers a balance search may vary."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ludoteca.engine.codec import Between
from ludoteca.engine.options import option_field
from ludoteca.engine.tunables import number_field, variant_field
from ludoteca.games.nim.data import HEAP_COUNTS, MAX_TAKE


@dataclass(frozen=True)
class NimVariant:
    """The tunable numbers: the most tokens one turn may take."""

    take_limit: Annotated[int, Between(0, MAX_TAKE)] = number_field(
        0, "the most tokens a turn may take from its heap (0: any number)")


@dataclass(frozen=True)
class NimOptions:
    """How many heaps, and the variant."""

    heaps: int = option_field(3, "how many heaps (of 3, 4, 5 and 6 tokens)", HEAP_COUNTS,
                              tunable=True)
    variant: NimVariant = variant_field(NimVariant, "the game's numbers")
