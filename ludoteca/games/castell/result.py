"""The end of the game: the five scoring categories and the tie-breaks [D-15] [D-24], and the
game's sections of a balance report."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ludoteca.engine.result import ReportSection, Result, competition_ranks
from ludoteca.games.castell.data import (
    PRIZE_POINTS,
    SIZE_TOKEN_REPEATED,
    SIZE_TOKEN_UNIQUE,
    local_tile_points,
)
from ludoteca.games.castell.options import PUBLISHED, CastellVariant
from ludoteca.games.castell.state import CastellState, Player


def regions_earned(player: Player) -> int:
    """Regions where the player earned a prize, a size token, a tile or collected tokens ("il
    numero di regioni in cui si è guadagnato qualcosa")."""
    return sum(1 for spot in player.board.values() if spot.earned())


def prize_points(player: Player) -> int:
    """"ogni trofeo vinto vale cinque punti, ogni metallo vale tre punti e ogni nastro vale un
    punto"."""
    return sum(PRIZE_POINTS[p] for spot in player.board.values() for p in spot.prizes)


def size_token_points(player: Player) -> int:
    """[D-24] 2 for a token whose size no other token of the player has; 1 for each token of a
    size held more than once (5, 5, 7 scores 1 + 1 + 2)."""
    counts = Counter(t for spot in player.board.values() for t in spot.size_tokens)
    return sum(
        SIZE_TOKEN_UNIQUE if n == 1 else n * SIZE_TOKEN_REPEATED for n in counts.values()
    )


def local_points(player: Player) -> int:
    """Local tile points, plus one per special token collected at local performances: "Si
    ottiene un punto per ogni gettone azione speciale raccolto durante le esibizioni locali."."""
    spots = player.board.values()
    tiles = sum(local_tile_points(t) for s in spots for t in s.tiles)
    return tiles + sum(s.collected for s in spots)


def categories(player: Player, variant: CastellVariant = PUBLISHED) -> dict[str, int]:
    out = {
        "best_tower": player.best_score,
        "regions": variant.region_points[regions_earned(player)],
        "prizes": prize_points(player),
        "size_tokens": size_token_points(player),
        "local": local_points(player),
    }
    out["total"] = sum(out.values())
    return out


def result(state: CastellState) -> Result:
    """Highest total wins; ties: higher best tower score, then more prize points, then shared
    [D-15]."""
    rows = [categories(p, state.variant) for p in state.players]
    keys = [(r["total"], r["best_tower"], r["prizes"]) for r in rows]
    details: dict[str, Any] = {
        "categories": rows,
        "skill_ranks": [dict(p.ranks) for p in state.players],
        "festivals_entered": [p.festivals_entered for p in state.players],
        "regions_earned": [regions_earned(p) for p in state.players],
        "team_sizes": [len(p.team) for p in state.players],
        "actions": state.actions,
        "rounds": state.round,
    }
    return Result(tuple(float(r["total"]) for r in rows), competition_ranks(keys), details)


# --- the balance report's sections ----------------------------------------------------------------
def _categories_without_total(details: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k != "total"} for row in details["categories"]]


def report_sections() -> list[ReportSection]:
    """Where the points come from, how far skills are trained [D-12], and how often players
    enter festivals [D-23]."""
    return [
        ReportSection(
            "Score by category",
            plot="bars",
            compute=_categories_without_total,
            note="Mean points per player from each scoring category.",
        ),
        ReportSection(
            "Skill ranks at the end",
            ("skill_ranks",),
            plot="bars",
            note="Mean final rank (0-3) of each skill per player.",
        ),
        ReportSection(
            "Festival participation",
            ("festivals_entered",),
            note="Festivals each player entered in a game.",
        ),
        ReportSection(
            "Regions earned", ("regions_earned",), note="Regions in which a player earned."
        ),
        ReportSection(
            "Team size at the end", ("team_sizes",), note="Castellers in a player's team."
        ),
    ]
