"""Local performances: which towers meet a tile [D-16] [D-22], and the best tower for one."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ludoteca.engine.errors import Reason, in_language
from ludoteca.games.castell.actions import Perform
from ludoteca.games.castell.data import (
    EXHIBITION_TILES,
    LOCAL_TILE_IDS,
    MAX_RANK,
    SHAPE_TILES,
    SKILLS,
)
from ludoteca.games.castell.towers import (
    RANK_ZERO,
    SKILL_NAMES,
    Ranks,
    Reach,
    Tower,
    check_tower,
    normalize_skills,
    out_of_reach,
    search_towers,
    team_counts,
    team_reach,
)

# Teams whose answers are kept: a few games' worth, bounded so that long studies do not grow.
TEAM_CACHE_SIZE = 2048
RANKS_KEPT: int = (MAX_RANK + 1) ** len(SKILLS)  # every ranks the rules allow


def tile_goal(tile: int) -> tuple[tuple[int, ...] | None, int | None, tuple[str, ...]]:
    """(shape, exact levels, skills) a tower must meet for the tile."""
    if tile < len(SHAPE_TILES):
        return SHAPE_TILES[tile][0], None, ()
    levels, skills = EXHIBITION_TILES[tile - len(SHAPE_TILES)]
    return None, levels, skills


def tile_skills(tile: int) -> tuple[str, ...]:
    """The skills a tile asks a tower to use (none for a tower shape)."""
    return tile_goal(tile)[2]


def tile_problem(tile: int, tower: Tower, ranks: Ranks) -> Reason | None:
    """Why the (well-formed) tower does not meet the tile, or None if it does. A tower shape
    wants exactly its widths; a skill exhibition exactly its levels and, in one legal
    assignment, every skill shown [D-22]."""
    shape, levels, skills = tile_goal(tile)
    if shape is not None:
        widths = tuple(len(level) for level in tower)
        if widths != shape:
            return Reason(f"this tile wants the shape {'-'.join(map(str, shape))}, "
                          f"your tower is {'-'.join(map(str, widths))}",
                          it=f"questa tessera vuole la forma {'-'.join(map(str, shape))}, la "
                          f"tua torre è {'-'.join(map(str, widths))}")
    elif len(tower) != levels:
        return Reason(f"this tile wants exactly {levels} levels, your tower has {len(tower)}",
                      it=f"questa tessera vuole esattamente {levels} livelli, la tua torre ne "
                      f"ha {len(tower)}")
    check = check_tower(tower, ranks, skills)
    if not check.legal:
        return Reason(f"the tower does not work: {check.reason}",
                      it=f"la torre crolla: {in_language(check.reason or '', 'it')}")
    return None


def tower_for_tile(team: Sequence[int], ranks: Ranks, tile: int) -> Tower | None:
    """A tower from the team meeting the tile, or None; every such tower earns the same."""
    return team_tiles(team, ranks).tower(tile)


def team_tiles(team: Sequence[int], ranks: Ranks) -> TileTowers:
    """The team's tile towers for these ranks, kept on all they depend on (the team's castellers
    and the ranks): a team changes a few times a game, and the menu asks at every step."""
    return _team_tiles(tuple(team), tuple(map(ranks.get, SKILLS, RANK_ZERO)))


@lru_cache(maxsize=TEAM_CACHE_SIZE)
def _team_tiles(team: tuple[int, ...], ranks: tuple[int, ...]) -> TileTowers:
    return TileTowers(team_counts(team), ranks)


class TileTowers:
    """One team's performance of each tile (None: it cannot meet it), its tower found when
    first asked (actions are frozen: the menus share them)."""

    __slots__ = ("counts", "ranks", "rank", "reach", "performances")

    def __init__(self, counts: tuple[int, ...], ranks: tuple[int, ...]) -> None:
        self.counts = counts
        self.ranks = ranks
        self.rank = rank_by_skill(ranks)  # shared: never changed
        # What the bounds need of the team, worked out when a tile is first asked (a team
        # recruited into is often replaced before any tile is).
        self.reach: Reach | None = None
        self.performances: dict[int, Perform | None] = {}

    def joined(self, sizes: Sequence[int]) -> TileTowers:
        """The tile towers of the team once castellers of `sizes` (1-10, as a recruit checked
        them) join it, counted from this team's count: none of its towers is carried over (a
        bigger team may meet a tile it could not, and its search may find another tower
        first)."""
        counts = list(self.counts)
        for size in sizes:
            counts[size - 1] += 1
        return TileTowers(tuple(counts), self.ranks)

    def trained(self, skill: int) -> TileTowers:
        """The tile towers of the team once the skill at index `skill` of SKILLS gains a rank:
        none carried over either (higher ranks allow more towers)."""
        ranks = list(self.ranks)
        ranks[skill] += 1
        return TileTowers(self.counts, tuple(ranks))

    def performance(self, tile: int) -> Perform | None:
        """Performing the tile with the team's tower for it; None if the team cannot."""
        performances = self.performances
        if tile in performances:
            return performances[tile]
        shape, levels, skills, min_levels, fewest = SEARCH_GOALS[tile]
        found = None
        reach = self.reach
        if reach is None:
            reach = self.reach = team_reach(self.counts, self.ranks)
        if not out_of_reach(reach, self.rank, fewest, shape, skills):
            tower = search_towers(
                self.counts, self.ranks, (), min_levels, shape, skills, levels, True
            )
            if tower is not None:
                found = Perform(tile, tower)
        performances[tile] = found
        return found

    def row_performances(self, row: Sequence[int]) -> list[Perform]:
        """The performances of the row's tiles the team can meet, in row order (the menu's, at
        every step: the tiles known are read here, without a call each)."""
        known = self.performances
        out = []
        for tile in row:
            found = known[tile] if tile in known else self.performance(tile)
            if found is not None:
                out.append(found)
        return out

    def tower(self, tile: int) -> Tower | None:
        performance = self.performance(tile)
        return None if performance is None else performance.tower


@lru_cache(maxsize=RANKS_KEPT)
def rank_by_skill(ranks: tuple[int, ...]) -> dict[str, int]:
    """Ranks in SKILLS order as a mapping by skill name (the tower search's), made once per
    ranks: a team's tile towers are made at every recruit, the ranks seldom change."""
    return dict(zip(SKILL_NAMES, ranks, strict=True))


def search_goal(
    tile: int,
) -> tuple[tuple[int, ...] | None, int | None, tuple[str, ...], int, int]:
    """The tile's goal as the tower search takes it: (shape, exact levels, sorted skills, the
    fewest levels it may have, the fewest levels every tower meeting it has)."""
    shape, levels, skills = tile_goal(tile)
    min_levels = 1 if levels is None else levels
    fewest = max(min_levels, len(shape or ()))
    return shape, levels, tuple(sorted(normalize_skills(skills))), min_levels, fewest


SEARCH_GOALS = tuple(search_goal(tile) for tile in LOCAL_TILE_IDS)  # by tile
