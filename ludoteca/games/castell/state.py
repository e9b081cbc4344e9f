"""The state of a game of Castell: plain data that the engine's codec writes and reads by the
type hints below (cloned by hand, for the speed of search bots). The mutable parts are slotted
dataclasses: a clone builds one of each per player and per state, and a slotted one is built
and read faster than one with an instance dictionary (nothing else may be set on them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated

from ludoteca.engine.codec import OMIT_DEFAULT, SKIP, Between, Size
from ludoteca.engine.rng import Rng
from ludoteca.games.castell.actions import Perform, Recruit, SpecialRecruit
from ludoteca.games.castell.data import (
    CALENDAR,
    MAX_SPECIAL_TOKENS,
    REGIONS,
    ROUNDS,
    SKILLS,
    CastellerSize,
    FestivalType,
    Prize,
    Region,
    Skill,
    TileId,
    WheelTile,
)
from ludoteca.games.castell.options import PUBLISHED, CastellVariant
from ludoteca.games.castell.performances import TileTowers

Seat = Annotated[int, Between(0, 3)]
Rank = Annotated[int, Between(0, 3)]  # [D-12]
Level = Annotated[list[CastellerSize], Size(1)]
Levels = Annotated[list[Level], Size(1)]  # a tower as the state keeps it: levels, bottom first
# What `menus.py` keeps: the castellers standing in a region with their recruit and
# special-recruit menus, and a player's tile towers and a row of tiles with their perform menu.
RegionMenus = tuple[list[CastellerSize], tuple[Recruit, ...], tuple[SpecialRecruit, ...]]
PerformMenu = tuple[TileTowers, list[TileId], tuple[Perform, ...]]


class Phase(StrEnum):
    """What the game is waiting for. FREE_SPECIAL is the step of a turn after a Special tile was
    trained, when only its free special action is allowed: the state keeps it as `free_special`
    during TURN (so `phase` never holds it), and `Castell.phase` reports it to the rule table."""

    TURN = "turn"
    FREE_SPECIAL = "free_special"
    FESTIVAL = "festival"
    OVER = "over"


class TurnAction(StrEnum):
    """The four actions of a turn, each at most once."""

    MOVE = "move"
    RECRUIT = "recruit"
    TRAIN = "train"
    SPECIAL = "special"


# The members the rules read at every step, bound once as plain names: Python 3.11's EnumType
# keeps a __getattr__ hook (3.12 drops it), which makes each `Phase.TURN` written in a function
# some ten times slower than a global name (it was a tenth of a random playout's work).
TURN, FREE_SPECIAL, FESTIVAL, OVER = Phase.TURN, Phase.FREE_SPECIAL, Phase.FESTIVAL, Phase.OVER
MOVE_ACTION, RECRUIT_ACTION, TRAIN_ACTION, SPECIAL_ACTION = (
    TurnAction.MOVE, TurnAction.RECRUIT, TurnAction.TRAIN, TurnAction.SPECIAL
)


class Absence(StrEnum):
    """Why a player did not take part in a festival."""

    ELSEWHERE = "elsewhere"  # the pawn was not in the festival's region
    NO_TOWER = "no_tower"  # the team could not build a qualifying tower [D-23]
    ABSTAINED = "abstained"  # could take part, and chose not to


ELSEWHERE, NO_TOWER, ABSTAINED = Absence.ELSEWHERE, Absence.NO_TOWER, Absence.ABSTAINED


@dataclass(slots=True)
class RegionBoard:
    """What a player earned in one region of their board."""

    prizes: list[Prize] = field(default_factory=list)
    size_tokens: list[CastellerSize] = field(default_factory=list)
    tiles: list[TileId] = field(default_factory=list)  # local performance tiles taken here
    collected: Annotated[int, Between(0, MAX_SPECIAL_TOKENS * 4)] = 0  # special tokens collected

    def earned(self) -> bool:
        """Whether the region counts as earned at the end ("regioni in cui si è guadagnato
        qualcosa")."""
        return bool(self.prizes or self.size_tokens or self.tiles or self.collected)

    def clone(self) -> RegionBoard:
        return RegionBoard(
            list(self.prizes), list(self.size_tokens), list(self.tiles), self.collected
        )


def empty_board() -> dict[Region, RegionBoard]:
    return {region: RegionBoard() for region in REGIONS}


@dataclass(slots=True)
class Player:
    team: Annotated[list[CastellerSize], Size(1)]  # casteller sizes, biggest first
    pawn: Region | None = None  # None: not yet on the board
    ranks: dict[Skill, Rank] = field(default_factory=lambda: dict.fromkeys(SKILLS, 0))
    tokens: Annotated[int, Between(0, MAX_SPECIAL_TOKENS)] = 0  # special tokens still in supply
    board: dict[Region, RegionBoard] = field(default_factory=empty_board)
    best_score: Annotated[int, Between(0)] = 0
    festivals_entered: Annotated[int, Between(0, len(CALENDAR))] = 0
    # What the team and ranks alone decide, kept between the rules that change them (see
    # `kept.py`): neither saved nor compared.
    kept: TileTowers | None = field(default=None, metadata=SKIP, compare=False)
    # The perform menu of those tile towers and a row (see `menus.py`): neither saved nor
    # compared.
    performs: PerformMenu | None = field(default=None, metadata=SKIP, compare=False)

    def clone(self) -> Player:
        return Player(
            list(self.team),
            self.pawn,
            dict(self.ranks),
            self.tokens,
            dict(self.board),  # the boards are shared: see `earn`
            self.best_score,
            self.festivals_entered,
            self.kept,  # shared: see `kept.py`
            self.performs,  # shared: see `menus.py`
        )

    def earn(self, region: Region) -> RegionBoard:
        """The board of `region`, to change: a player's boards are shared with the clones of
        the state (they change a few times a game, and a clone copies seven a player), so a
        board is replaced by a copy before any change, never changed in place."""
        spot = self.board[region] = self.board[region].clone()
        return spot


@dataclass(slots=True)
class Festival:
    """A festival of the calendar: when, where, its size tokens, and whether it is over."""

    round: Annotated[int, Between(1, ROUNDS)]
    type: FestivalType
    region: Region
    tokens: Annotated[list[CastellerSize], Size(1, 2)]
    done: bool = False

    def clone(self) -> Festival:
        return Festival(self.round, self.type, self.region, list(self.tokens), self.done)


def close(state: CastellState, festival: Festival) -> None:
    """Mark a festival of the calendar as held: the calendar's festivals are shared with the
    clones of the state (a festival changes once a game), so the held one is replaced by a
    closed copy, never changed in place."""
    index = next(i for i, f in enumerate(state.calendar) if f is festival)
    closed = festival.clone()
    closed.done = True
    state.calendar[index] = closed


@dataclass(frozen=True)
class FestivalOutcome:
    """A held festival, as everybody saw it (never changed once written)."""

    round: Annotated[int, Between(1, ROUNDS)]
    region: Region
    tokens: Annotated[list[CastellerSize], Size(1, 2)]
    towers: dict[str, Levels]  # by seat, written as text like JSON keys
    scores: dict[str, Annotated[int, Between(0)]]
    prizes: list[tuple[Seat, Prize]]
    size_tokens: list[tuple[Seat, CastellerSize]]
    skills: dict[str, dict[Skill, Rank]]  # each tower's skill uses, by seat (the uses made)
    absent: dict[str, Absence]  # every other seat, and why


@dataclass(slots=True)
class CastellState:
    players: Annotated[list[Player], Size(2, 4)]
    bag: list[CastellerSize]  # the order is secret; draws pop from the end
    regions: dict[Region, list[CastellerSize]]  # castellers standing in each region, biggest first
    wheel: Annotated[list[WheelTile], Size(8, 8)]  # board skill tile in each slot
    rows: dict[Region, list[TileId]]  # local performance tiles still in each region's row
    row_tokens: dict[Region, list[Seat]]  # owners of the special tokens lying in each row
    calendar: list[Festival]
    piles: dict[Prize, Annotated[int, Between(0)]]  # prize tokens left
    rng: Rng
    advanced: bool = False  # the wheel's No Regions side
    train_any_known_skill: bool = False  # [D-18] option
    round: Annotated[int, Between(1, ROUNDS)] = 1
    first: Seat = 0
    current: Seat = 0
    turns_done: Annotated[int, Between(0, 4)] = 0  # players who have ended their turn this round
    phase: Phase = TURN
    used: list[TurnAction] = field(default_factory=list)  # actions taken this turn
    free_special: bool = False  # a Special tile was trained: a free special action is due
    festival: Annotated[int, Between(0, len(CALENDAR) - 1)] | None = None  # being declared
    to_declare: list[Seat] = field(default_factory=list)  # seats that take part or abstain
    declarations: dict[int, Levels | None] = field(default_factory=dict)  # None: abstains
    history: list[FestivalOutcome] = field(default_factory=list)  # festivals held (public)
    actions: Annotated[int, Between(0)] = 0  # actions applied, reported in the result
    # The game's numbers, where a balance search changed them (saved only then).
    variant: CastellVariant = field(default=PUBLISHED, metadata=OMIT_DEFAULT)
    # The recruit menus of each region's castellers (see `menus.py`): neither saved nor
    # compared.
    region_menus: dict[Region, RegionMenus] = field(
        default_factory=dict, metadata=SKIP, compare=False
    )

    @property
    def n(self) -> int:
        return len(self.players)

    def turn_order(self) -> list[int]:
        """Seats clockwise from the first player."""
        return [*range(self.first, len(self.players)), *range(self.first)]

    def clone(self) -> CastellState:
        return CastellState(
            [p.clone() for p in self.players],
            list(self.bag),
            # A region's castellers, row of tiles and row of tokens are lists that play
            # replaces but never changes in place: shared.
            dict(self.regions),
            list(self.wheel),
            dict(self.rows),
            dict(self.row_tokens),
            list(self.calendar),  # the festivals are shared: see `close`
            dict(self.piles),
            self.rng.copy(),
            self.advanced,
            self.train_any_known_skill,
            self.round,
            self.first,
            self.current,
            self.turns_done,
            self.phase,
            list(self.used),
            self.free_special,
            self.festival,
            list(self.to_declare),
            {
                s: None if t is None else [list(level) for level in t]
                for s, t in self.declarations.items()
            } if self.declarations else {},  # empty but at a festival
            list(self.history),  # outcomes are frozen
            self.actions,
            self.variant,  # frozen
            self.region_menus,  # shared: see `menus.py`
        )
