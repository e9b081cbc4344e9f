"""Ligretto's options."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.engine.options import option_field
from ludoteca.games.ligretto import data


@dataclass(frozen=True)
class LigrettoOptions:
    rounds: int = option_field(data.DEFAULT_ROUNDS, "rounds in the match (1-20)")
    colours: int = option_field(
        data.DEFAULT_COLOURS, "colours on the board and the tiles", data.COLOUR_PRESETS
    )
    individual_boards: tuple = option_field(  # type: ignore[type-arg]
        (),
        "resume a match: per seat, the tile numbers (0-14) already on its individual board",
    )
    pawns: str = option_field(
        "random",
        "pawns of rounds 2+: spread at random, or put down one by one by the host (seat 0)",
        ("random", "host"),
    )
