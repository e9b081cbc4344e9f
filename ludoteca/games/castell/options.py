"""Castell's options: the wheel's advanced side, and the [D-18] reading of training; and its
variant, the numbers a balance search may vary (`ludoteca.engine.tunables`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ludoteca.engine.codec import Between, Size
from ludoteca.engine.options import option_field
from ludoteca.engine.tunables import number_field, table_field, variant_field
from ludoteca.games.castell.data import (
    MAX_REGION_CASTELLERS,
    MAX_REGION_POINTS,
    MAX_SIZE_TOKENS_PER_SIZE,
    MAX_SPECIAL_TOKENS,
    MIN_SIZE_TOKENS_PER_SIZE,
    MIN_SPECIAL_TOKENS,
    REGION_CASTELLERS,
    REGION_SCORING,
    REGIONS,
    SIZE_TOKENS_PER_SIZE,
    SPECIAL_TOKENS,
)

PLAYER_COUNTS = tuple(REGION_CASTELLERS)
RegionPoints = Annotated[int, Between(0, MAX_REGION_POINTS)]
RegionCastellers = Annotated[int, Between(1, MAX_REGION_CASTELLERS)]


@dataclass(frozen=True)
class CastellVariant:
    """The published numbers by default; each may vary within its range."""

    region_points: Annotated[tuple[RegionPoints, ...], Size(len(REGIONS) + 1, len(REGIONS) + 1)] = (
        table_field(
            REGION_SCORING,
            "end-of-game points by the number of regions where a player earned something",
        )
    )
    region_castellers: Annotated[
        tuple[RegionCastellers, ...], Size(len(PLAYER_COUNTS), len(PLAYER_COUNTS))
    ] = table_field(
        tuple(REGION_CASTELLERS.values()),
        "castellers standing in each region at set-up and after each refill, by player count",
        keys=PLAYER_COUNTS,
    )
    special_tokens: Annotated[int, Between(MIN_SPECIAL_TOKENS, MAX_SPECIAL_TOKENS)] = (
        number_field(SPECIAL_TOKENS, "special-action tokens each player starts with")
    )
    size_tokens_per_size: Annotated[
        int, Between(MIN_SIZE_TOKENS_PER_SIZE, MAX_SIZE_TOKENS_PER_SIZE)
    ] = number_field(SIZE_TOKENS_PER_SIZE, "size tokens of each size dealt onto the calendar")

    def castellers_per_region(self, players: int) -> int:
        return self.region_castellers[PLAYER_COUNTS.index(players)]


PUBLISHED = CastellVariant()


@dataclass(frozen=True)
class CastellOptions:
    advanced: bool = option_field(
        False, "play the wheel's No Regions side: train only at your pawn's region"
    )
    train_any_known_skill: bool = option_field(
        False, "training may raise any skill already on your track instead [D-18]"
    )
    variant: CastellVariant = variant_field(CastellVariant, "the game's numbers")
