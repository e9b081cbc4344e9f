"""Every component of Castell, as data: the one place to swap in the published component data.

Numbers in brackets ([D-n]) are the decisions of the rules specification that fill gaps of the
original rules summary.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from ludoteca.engine.codec import Between

# --- castellers [D-1] ---------------------------------------------------------------------------
SIZES = tuple(range(1, 11))  # 10 is the biggest (bottom of towers)
CastellerSize = Annotated[int, Between(SIZES[0], SIZES[-1])]
CASTELLERS_PER_SIZE = 15  # 150 castellers in the bag
TEAM_AT_START = 7  # "Ogni giocatore pesca quindi sette Castelleri"

# --- regions, in wheel-sector order [D-2] [D-3] -------------------------------------------------
class Region(StrEnum):
    LLEIDA = "Lleida"
    VALLS = "Valls"
    TARRAGONA = "Tarragona"
    VILANOVA = "Vilanova"
    VILAFRANCA = "Vilafranca"
    BARCELONA = "Barcelona"
    GIRONA = "Girona"


REGIONS = tuple(Region)

# Undirected; Lleida-Girona is the dashed line, which counts as adjacency [D-2].
ADJACENCY: dict[Region, tuple[Region, ...]] = {
    Region.LLEIDA: (Region.VALLS, Region.VILAFRANCA, Region.GIRONA),
    Region.VALLS: (Region.LLEIDA, Region.TARRAGONA, Region.VILAFRANCA),
    Region.TARRAGONA: (Region.VALLS, Region.VILANOVA),
    Region.VILAFRANCA: (Region.LLEIDA, Region.VALLS, Region.VILANOVA, Region.BARCELONA),
    Region.VILANOVA: (Region.TARRAGONA, Region.VILAFRANCA, Region.BARCELONA),
    Region.BARCELONA: (Region.VILAFRANCA, Region.VILANOVA, Region.GIRONA),
    Region.GIRONA: (Region.BARCELONA, Region.LLEIDA),
}

# Castellers drawn into every region at set-up (and refilled up to) by player count: "Per
# quattro giocatori, mettete cinque Castelleri per regione, per tre giocatori servono quattro
# Castelleri e per due giocatori tre Castelleri."
REGION_CASTELLERS = {2: 3, 3: 4, 4: 5}
MAX_REGION_CASTELLERS = 8  # a variant's most: 7 regions of 8 and 4 teams of 7 leave a bag
REFILL_ROUNDS = (3, 5, 7, 9)  # [D-10]

# --- skill wheel [D-3] [D-4] [D-17] --------------------------------------------------------------
# Sector 0 is the special sector (All Regions on the standard side, No Regions on the advanced
# side); sectors 1..7 are REGIONS in order.
SECTORS = ("special", *REGIONS)


class Skill(StrEnum):
    BALANCE = "balance"
    BASE = "base"
    MIX = "mix"
    STRENGTH = "strength"
    WIDTH = "width"


SKILLS = tuple(Skill)
SPECIAL_TILE: Literal["special"] = "special"  # gives a free special action instead of a rank
WheelTile = Skill | Literal["special"]
BOARD_SKILL_TILES: tuple[WheelTile, ...] = (*SKILLS, SPECIAL_TILE, SPECIAL_TILE, SPECIAL_TILE)
MAX_RANK = 3  # [D-12]

# --- per player ----------------------------------------------------------------------------------
SPECIAL_TOKENS = 7  # "sette gettoni azione speciale"
MIN_SPECIAL_TOKENS, MAX_SPECIAL_TOKENS = 1, 12  # a variant's range
ROUNDS = 10  # "il punteggio più alto alla fine dei dieci round"

# --- festivals [D-5] [D-6] [D-7] -----------------------------------------------------------------
class FestivalType(StrEnum):
    I = "I"  # noqa: E741 - the calendar's own name
    II = "II"


FESTIVAL_TYPES = {FestivalType.I: 1, FestivalType.II: 2}  # size tokens on a space of each type
# (round, type, minimum player count): the main space of a round first [D-6].
CALENDAR = (
    (3, FestivalType.I, 2),
    (4, FestivalType.I, 2),
    (5, FestivalType.I, 2),
    (5, FestivalType.I, 3),
    (6, FestivalType.I, 2),
    (6, FestivalType.I, 4),
    (7, FestivalType.II, 2),
    (8, FestivalType.II, 2),
    (8, FestivalType.II, 3),
    (9, FestivalType.II, 2),
    (9, FestivalType.II, 4),
    (10, FestivalType.II, 2),
    (10, FestivalType.II, 3),
)
FESTIVAL_ROUNDS = tuple(range(3, 11))
SIZE_TOKENS_PER_SIZE = 3  # 30 tokens [D-7]
# A variant's range: fewer than 3 a size cannot fill the 13 spaces of a 4-player calendar.
MIN_SIZE_TOKENS_PER_SIZE, MAX_SIZE_TOKENS_PER_SIZE = 3, 6
MIN_FESTIVAL_LEVELS = 4  # [D-23]

# --- prizes [D-8] [D-13] -------------------------------------------------------------------------
class Prize(StrEnum):
    TROPHY = "trophy"
    MEDAL = "medal"
    RIBBON = "ribbon"


# "ogni trofeo vinto vale cinque punti, ogni metallo vale tre punti e ogni nastro vale un punto"
PRIZE_POINTS = {Prize.TROPHY: 5, Prize.MEDAL: 3, Prize.RIBBON: 1}
PRIZE_PILES = {Prize.TROPHY: 14, Prize.MEDAL: 13, Prize.RIBBON: 13}
# Prize by rank among a festival's participants, by player count.
PRIZE_TABLE = {
    2: (Prize.TROPHY,),
    3: (Prize.TROPHY, Prize.MEDAL),
    4: (Prize.TROPHY, Prize.MEDAL, Prize.RIBBON),
}

# --- end of game scoring -------------------------------------------------------------------------
# Points by the number of regions in which a player earned something (index = regions): "una
# regione fa guadagnare zero punti, due fanno guadagnare un punto, tre fanno guadagnare tre
# punti, quattro ... cinque punti, cinque ... sette punti, sei ... dieci punti e sette ...
# quattordici punti."
REGION_SCORING = (0, 0, 1, 3, 5, 7, 10, 14)
MAX_REGION_POINTS = 30  # a variant's most for one entry
SIZE_TOKEN_UNIQUE = 2  # [D-24] a token whose size no other token of the player has
SIZE_TOKEN_REPEATED = 1  # [D-24] each token of a size held more than once

# --- local performance tiles [D-16] --------------------------------------------------------------
LOCAL_TILES_PER_REGION = 2  # "distribuirne due rivolte verso l'alto su ogni fila"
# Tower shapes: widths bottom -> top, and points.
SHAPE_TILES: tuple[tuple[tuple[int, ...], int], ...] = (
    ((3, 2, 1), 2),
    ((2, 1, 1), 3),
    ((4, 2, 1), 3),
    ((3, 2, 1, 1), 4),
    ((3, 2, 2, 1), 4),
    ((3, 3, 2, 1), 4),
    ((4, 3, 2, 1), 4),
    ((5, 3, 2, 1), 4),
    ((3, 3, 3), 4),
    ((6, 3, 2, 1), 4),
    ((2, 2, 1, 1), 5),
    ((3, 3, 2, 2, 1), 6),
    ((4, 3, 3, 2, 1), 6),
    ((4, 4, 3, 2, 1), 6),
    ((5, 4, 3, 2, 1), 6),
    ((3, 3, 2, 2, 1, 1), 8),
)
# Skill exhibitions: points (= exact levels) and the skills the tower must use [D-22].
EXHIBITION_TILES: tuple[tuple[int, tuple[str, ...]], ...] = (
    (4, ("balance",)),
    (4, ("base",)),
    (4, ("width",)),
    (4, ("strength",)),
    (4, ("mix",)),
    (5, ("balance", "strength")),
    (5, ("base", "mix")),
    (5, ("width", "balance")),
    (5, ("strength", "mix")),
    (5, ("base", "width")),
    (5, ("balance", "mix")),
    (6, ("balance", "base", "strength")),
    (6, ("width", "mix", "balance")),
    (6, ("base", "strength", "width")),
    (6, ("mix", "base", "balance")),
    (6, ("strength", "width", "mix")),
)


def local_tile(tile_id: int) -> dict[str, object]:
    """Tile `tile_id` (0..31): shapes first, then exhibitions."""
    if 0 <= tile_id < len(SHAPE_TILES):
        shape, points = SHAPE_TILES[tile_id]
        return {"id": tile_id, "kind": "shape", "shape": list(shape), "points": points}
    index = tile_id - len(SHAPE_TILES)
    levels, skills = EXHIBITION_TILES[index]
    return {"id": tile_id, "kind": "exhibition", "levels": levels, "skills": list(skills),
            "points": levels}


LOCAL_TILE_IDS = tuple(range(len(SHAPE_TILES) + len(EXHIBITION_TILES)))
TileId = Annotated[int, Between(LOCAL_TILE_IDS[0], LOCAL_TILE_IDS[-1])]


def local_tile_points(tile_id: int) -> int:
    if tile_id < len(SHAPE_TILES):
        return SHAPE_TILES[tile_id][1]
    return EXHIBITION_TILES[tile_id - len(SHAPE_TILES)][0]
