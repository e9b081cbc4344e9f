"""Ligretto's report sections: what losers are left holding, jokers (2 a round [D-13]), stuck
rounds [D-10], and how often a turned tile fits somewhere, by number of colours [D-2] (run a
sweep over `colours` to compare 4, 5 and 6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.sim.sections import Section


def _losers_tiles_left(details: Mapping[str, Any]) -> list[int]:
    return [
        left
        for record in details["rounds"]
        for seat, left in enumerate(record["tiles_left"])
        if seat not in record["winners"]
    ]


def _fits_by_colours(details: Mapping[str, Any]) -> dict[str, float]:
    return {f"{details['colours']} colours": float(details["fits_per_turned_tile"])}


SECTIONS: list[Section] = [
    Section(
        "Tiles left",
        ("tiles_left",),
        note="Tiles every player still held at the end of each round (winners included).",
    ),
    Section(
        "Tiles left by the round's losers",
        compute=_losers_tiles_left,
        note="The band the balance checks watch.",
    ),
    Section("Jokers used", ("jokers_used",), note="Jokers a player used in a round (of 2)."),
    Section("Stuck rounds", ("stuck_rounds",), note="Rounds per match that ended with no fit."),
    Section("Round endings", ("endings",), plot="bars", note="Mean rounds per match by ending."),
    Section(
        "Fits per turned tile by colour count",
        plot="bars",
        compute=_fits_by_colours,
        note="Legal placements per turned tile, per match.",
    ),
]
