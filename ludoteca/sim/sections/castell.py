"""Castell's report sections: where the points come from, how far skills are trained, and how
often players enter festivals (rules: end-of-game scoring, skill ranks [D-12], festivals [D-23])."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.sim.sections import Section


def _categories_without_total(details: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k != "total"} for row in details["categories"]]


SECTIONS: list[Section] = [
    Section(
        "Score by category",
        plot="bars",
        compute=_categories_without_total,
        note="Mean points per player from each scoring category.",
    ),
    Section(
        "Skill ranks at the end",
        ("skill_ranks",),
        plot="bars",
        note="Mean final rank (0-3) of each skill per player.",
    ),
    Section(
        "Festival participation",
        ("festivals_entered",),
        note="Festivals each player entered in a game.",
    ),
    Section("Regions earned", ("regions_earned",), note="Regions in which a player earned."),
    Section("Team size at the end", ("team_sizes",), note="Castellers in a player's team."),
]
