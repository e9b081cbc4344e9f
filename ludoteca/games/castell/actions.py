"""The actions of Castell: the four turn actions, the special actions, ending a turn, and
declaring (or not) a tower at a festival."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.engine.actions import Action


@dataclass(frozen=True)
class Move(Action):
    """Move the pawn to an adjacent region (from off the board: to any region)."""

    kind = "move"
    region: str


@dataclass(frozen=True)
class Recruit(Action):
    """Recruit one or two castellers of these sizes from the pawn's region."""

    kind = "recruit"
    sizes: tuple[int, ...]


@dataclass(frozen=True)
class Train(Action):
    """Take the wheel tile facing `source` ("region": the pawn's region, "all_regions": the
    special sector): raise `skill`, or `skill="special"` for a Special tile (a free special
    action follows at once)."""

    kind = "train"
    source: str
    skill: str


@dataclass(frozen=True)
class SpecialRecruit(Action):
    """Special action: recruit one more casteller from the pawn's region."""

    kind = "special_recruit"
    size: int


@dataclass(frozen=True)
class SpecialMove(Action):
    """Special action: move the pawn once more, to an adjacent region [D-19]."""

    kind = "special_move"
    region: str


@dataclass(frozen=True)
class Perform(Action):
    """Special action: perform local performance tile `tile` of the pawn's region with this
    tower (levels bottom first)."""

    kind = "perform"
    tile: int
    tower: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class EndTurn(Action):
    kind = "end_turn"


@dataclass(frozen=True)
class Declare(Action):
    """Declare this tower (levels bottom first) for the festival being held."""

    kind = "declare"
    tower: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Abstain(Action):
    """Do not take part in the festival being held."""

    kind = "abstain"


ACTION_CLASSES: tuple[type[Action], ...] = (
    Move, Recruit, Train, SpecialRecruit, SpecialMove, Perform, EndTurn, Declare, Abstain,
)
SPECIAL_ACTIONS = (SpecialRecruit, SpecialMove, Perform)
