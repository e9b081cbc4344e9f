"""Ligretto's actions. Squares are cell numbers of the layout, counted row by row from the top
left; pawns are numbered 0-3."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import Size
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.state import Pawn, Square, Tile

# Tiles chosen between rounds: nothing, or up to 2 [D-11].
Tiles = Annotated[tuple[Tile, ...], Size(0, max(data.SET_ASIDE, data.TAKE_BACK))]


@dataclass(frozen=True)
class TurnOver(Action):
    """Turn over the top tile of one's stack (the pile becomes the stack when it is empty)."""

    kind = "turn"


@dataclass(frozen=True)
class Discard(Action):
    """Lay the turned tile face up on one's own pile [D-6]."""

    kind = "discard"


@dataclass(frozen=True)
class Place(Action):
    """Place the turned tile next to `pawn`: `near` touches the pawn's square, the pawn then
    moves to `far`. With jokers, `jokers` lists the joker squares in order (the first touches
    the pawn, the next touches the first) and `near` touches the last joker [D-8]."""

    kind = "place"
    pawn: Pawn
    near: Square
    far: Square
    jokers: Annotated[tuple[Square, ...], Size(0, data.JOKERS_PER_PLAYER)] = ()


@dataclass(frozen=True)
class Restart(Action):
    """The restart owed for a pawn in a dead end [D-9]: the turned tile on any matching free
    pair of squares `onto` and `other`, then the stuck pawn moves onto `onto`."""

    kind = "restart"
    pawn: Pawn
    onto: Square
    other: Square


@dataclass(frozen=True)
class PlacePawn(Action):
    """The host puts the next pawn on `square` before a round (option pawns="host") [D-5]."""

    kind = "place_pawn"
    square: Square


@dataclass(frozen=True)
class EndRound(Action):
    """The host ends a stalled round; it is scored as usual."""

    kind = "end_round"


@dataclass(frozen=True)
class SetAside(Action):
    """After a scoreless round: tiles (by number in one's set) laid on one's individual board."""

    kind = "set_aside"
    tiles: Tiles


@dataclass(frozen=True)
class TakeBack(Action):
    """When every individual board holds tiles: the tiles taken back into play."""

    kind = "take_back"
    tiles: Tiles

