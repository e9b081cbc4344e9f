"""The actions of Castell: the four turn actions, the special actions, ending a turn, and
declaring (or not) a tower at a festival. Every field has an exact type and range, so a decoded
action is well formed; the rules check whether it is legal now."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import Size
from ludoteca.games.castell.data import CastellerSize, Region, TileId, WheelTile

# A tower as a player declares it: levels bottom first, each a list of casteller sizes.
TowerLevels = Annotated[tuple[Annotated[tuple[CastellerSize, ...], Size(1)], ...], Size(1)]


class Source(StrEnum):
    """Where a player trains from: the wheel tile facing the pawn's region, or the one facing
    the special sector (All Regions, on the standard side only)."""

    REGION = "region"
    ALL_REGIONS = "all_regions"


# As plain names, for the training menu at every step (see state.TURN on Python 3.11's enums).
FROM_REGION, FROM_ALL_REGIONS = Source.REGION, Source.ALL_REGIONS


@dataclass(frozen=True)
class Move(Action):
    """Move the pawn to an adjacent region (from off the board: to any region)."""

    kind = "move"
    region: Region


@dataclass(frozen=True)
class Recruit(Action):
    """Recruit one or two castellers of these sizes from the pawn's region."""

    kind = "recruit"
    sizes: Annotated[tuple[CastellerSize, ...], Size(1, 2)]


@dataclass(frozen=True)
class Train(Action):
    """Take the wheel tile facing `source`: raise `skill`, or `skill="special"` for a Special tile
    (a free special action follows at once)."""

    kind = "train"
    source: Source
    skill: WheelTile


@dataclass(frozen=True)
class SpecialRecruit(Action):
    """Special action: recruit one more casteller from the pawn's region."""

    kind = "special_recruit"
    size: CastellerSize


@dataclass(frozen=True)
class SpecialMove(Action):
    """Special action: move the pawn once more, to an adjacent region [D-19]."""

    kind = "special_move"
    region: Region


@dataclass(frozen=True)
class Perform(Action):
    """Special action: perform local performance tile `tile` of the pawn's region with this
    tower (levels bottom first)."""

    kind = "perform"
    tile: TileId
    tower: TowerLevels


@dataclass(frozen=True)
class EndTurn(Action):
    kind = "end_turn"


@dataclass(frozen=True)
class Declare(Action):
    """Declare this tower (levels bottom first) for the festival being held."""

    kind = "declare"
    tower: TowerLevels


@dataclass(frozen=True)
class Abstain(Action):
    """Do not take part in the festival being held."""

    kind = "abstain"
