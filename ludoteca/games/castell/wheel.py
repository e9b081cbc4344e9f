"""The skill wheel: which board skill tile faces each sector in a round [D-3] [D-17]."""

from __future__ import annotations

from ludoteca.games.castell.data import REGIONS, SECTORS, Region, WheelTile
from ludoteca.games.castell.state import CastellState

SPECIAL_SECTOR = 0  # All Regions on the standard side, No Regions on the advanced side


def tile_facing(state: CastellState, sector: int, round: int | None = None) -> WheelTile:
    """The wheel turns one step clockwise each round from round 2 [D-17]: in round r, sector s
    faces slot (s + r - 1) mod 8."""
    r = state.round if round is None else round
    return state.wheel[(sector + r - 1) % len(SECTORS)]


REGION_SECTOR: dict[Region, int] = {
    region: number for number, region in enumerate(REGIONS, start=1)
}


def wheel_view(state: CastellState, round: int | None = None) -> dict[str, WheelTile]:
    """Sector name -> facing tile, in `round` (default: this round)."""
    name = {SPECIAL_SECTOR: "No Regions" if state.advanced else "All Regions"}
    return {name.get(s, SECTORS[s]): tile_facing(state, s, round) for s in range(len(SECTORS))}
