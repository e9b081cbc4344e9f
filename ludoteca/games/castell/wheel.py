"""The skill wheel: which board skill tile faces each sector in a round [D-3] [D-17]."""

from __future__ import annotations

from ludoteca.games.castell.data import REGIONS, SECTORS
from ludoteca.games.castell.state import CastellState

ALL_REGIONS = "all_regions"
REGION = "region"


def tile_facing(state: CastellState, sector: int) -> str:
    """The wheel turns one step clockwise each round from round 2 [D-17]: in round r, sector s
    faces slot (s + r - 1) mod 8."""
    return state.wheel[(sector + state.round - 1) % len(SECTORS)]


def region_sector(region: str) -> int:
    return REGIONS.index(region) + 1


def tile_at(state: CastellState, seat: int, source: str) -> str | None:
    """The tile a player may train from `source`, or None if that source is not open to them:
    the pawn's region, or the All Regions sector on the standard side only ("in una partita
    avanzata, si può scegliere solo la regione della propria pedina")."""
    if source == REGION:
        pawn = state.players[seat].pawn
        return None if pawn is None else tile_facing(state, region_sector(pawn))
    if source == ALL_REGIONS and not state.advanced:
        return tile_facing(state, 0)
    return None


def wheel_view(state: CastellState) -> dict[str, str]:
    """Sector name -> facing tile, this round."""
    name = {0: "No Regions" if state.advanced else "All Regions"}
    return {name.get(s, SECTORS[s]): tile_facing(state, s) for s in range(len(SECTORS))}
