"""Ligretto's options, each checked by the engine's codec on the way in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from ludoteca.engine.codec import Between, InvalidData, Size
from ludoteca.engine.options import option_field
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.state import Tile


@dataclass(frozen=True)
class DistinctTiles:
    """A codec constraint: no tile number twice on one individual board."""

    def check(self, value: Any, path: str) -> None:
        if len(set(value)) != len(value):
            raise InvalidData("a tile number appears twice; allowed: distinct numbers 0-14", path)


# A board keeps at least one tile in play [D-11].
IndividualBoard = Annotated[
    tuple[Tile, ...], Size(0, data.TILES_PER_PLAYER - 1), DistinctTiles()
]


@dataclass(frozen=True)
class LigrettoOptions:
    rounds: Annotated[int, Between(1, data.MAX_ROUNDS)] = option_field(
        data.DEFAULT_ROUNDS, f"rounds in the match (1-{data.MAX_ROUNDS})", tunable=True
    )
    colours: int = option_field(
        data.DEFAULT_COLOURS, "colours on the board and the tiles", data.COLOUR_PRESETS,
        tunable=True,
    )
    individual_boards: Annotated[tuple[IndividualBoard, ...], Size(0, data.MAX_PLAYERS)] = (
        option_field(
            (),
            "resume a match: per seat, the tile numbers (0-14) already on its individual board "
            "(at most 14: one tile stays in play)",
        )
    )
    pawns: str = option_field(
        "random",
        "pawns of rounds 2+: spread at random, or put down one by one by the host (seat 0)",
        ("random", "host"),
    )
