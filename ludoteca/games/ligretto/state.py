"""The state of a Ligretto match: the board, the pawns, every player's tiles, the round's phase.

Plain data that the engine's codec writes and reads by the type hints below. Tiles are numbered
0-14 within their owner's set (their colours come from `data.TILE_SETS`). A covered square holds
a `square_key`: who covers it and with what (a tile number, or JOKER).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Any

from ludoteca.engine.codec import SKIP, Between, Size
from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import data

FREE = -1  # a square nothing covers
JOKER = 31  # what a joker covers a square with, in a square key
NO_TILE = -1  # a player's hand without a turned tile
KEY_BASE = 32  # square keys: owner * KEY_BASE + tile (or JOKER)


class Phase(StrEnum):
    PAWNS = "pawns"  # the host puts the pawns on the board, one by one (pawns="host") [D-5]
    PLAY = "play"  # the round runs: everybody acts at once
    SET_ASIDE = "set_aside"  # scoreless players choose tiles for their individual boards
    TAKE_BACK = "take_back"  # every board holds tiles: everybody takes some back
    OVER = "over"


class Ending(StrEnum):
    """How a round ended (recorded per round)."""

    LIGRETTO = "ligretto"  # a player placed all their tiles ("Ligretto stop!")
    STUCK = "stuck"  # nobody can place any more [D-10]
    HOST = "host"  # the host ended a stalled round
    STALLED = "stalled"  # it ended by itself after a long stall (see data.STALL_CYCLES)


def square_key(seat: int, covering: int) -> int:
    """What lies on a covered square: `seat`'s tile number `covering`, or its JOKER."""
    return seat * KEY_BASE + covering


def key_owner(key: int) -> int:
    """The seat whose tile or joker lies on a square (`key` a `square_key`)."""
    return key // KEY_BASE


def key_covering(key: int) -> int:
    """The tile number (or JOKER) lying on a square (`key` a `square_key`)."""
    return key % KEY_BASE


Seat = Annotated[int, Between(0, data.MAX_PLAYERS - 1)]
Tile = Annotated[int, Between(0, data.TILES_PER_PLAYER - 1)]
Square = Annotated[int, Between(0, data.MAX_SQUARES - 1)]
Pawn = Annotated[int, Between(0, data.PAWNS - 1)]
Count = Annotated[int, Between(0, None)]
SeatList = Annotated[list[Seat], Size(0, data.MAX_PLAYERS)]
PerSeat = Annotated[list[Count], Size(data.MIN_PLAYERS, data.MAX_PLAYERS)]


@dataclass
class Player:
    stack: Annotated[list[Tile], Size(0, data.TILES_PER_PLAYER)]  # face down, top at the end;
    # its order is unknown even to its owner
    pile: Annotated[list[Tile], Size(0, data.TILES_PER_PLAYER)]  # face up, top at the end
    hand: Annotated[int, Between(NO_TILE, data.TILES_PER_PLAYER - 1)] = NO_TILE  # turned tile
    placed: Annotated[int, Between(0, data.TILES_PER_PLAYER)] = 0  # tiles placed this round
    # (jokers not counted)
    jokers: Annotated[int, Between(0, data.JOKERS_PER_PLAYER)] = data.JOKERS_PER_PLAYER  # [D-13]
    aside: Annotated[list[Tile], Size(0, data.TILES_PER_PLAYER - 1)] = field(
        default_factory=list
    )  # the individual board [D-11]
    duties: Annotated[list[Pawn], Size(0, data.PAWNS)] = field(
        default_factory=list
    )  # pawns owed a restart [D-9]
    score: Count = 0
    turned: Count = 0  # tiles turned this round (for "fits per turned tile")
    fits: Count = 0  # legal placements summed over those turns

    def held(self) -> int:
        """Tiles still to place: stack, pile and the turned one."""
        return len(self.stack) + len(self.pile) + (self.hand != NO_TILE)

    def holding(self) -> list[int]:
        return self.stack + self.pile + ([self.hand] if self.hand != NO_TILE else [])

    def copy(self) -> Player:
        return Player(
            list(self.stack), list(self.pile), self.hand, self.placed, self.jokers,
            list(self.aside), list(self.duties), self.score, self.turned, self.fits,
        )


@dataclass(frozen=True)
class RoundRecord:
    """One scored round, per seat where a list."""

    round: Annotated[int, Between(1, data.MAX_ROUNDS)]
    ending: Ending
    winners: SeatList
    points: PerSeat
    placed: PerSeat
    tiles_left: PerSeat
    jokers_used: PerSeat
    turned: PerSeat
    fits: PerSeat


@dataclass
class LigrettoState:
    colours: Annotated[int, Between(min(data.COLOUR_PRESETS), max(data.COLOUR_PRESETS))]  # [D-2]
    rounds: Annotated[int, Between(1, data.MAX_ROUNDS)]  # rounds agreed for the match
    round: Annotated[int, Between(1, data.MAX_ROUNDS)]  # the current round, from 1
    phase: Phase
    cover: Annotated[list[int], Size(0, data.MAX_SQUARES)]  # per square: FREE or a square key
    pawns: Annotated[list[Square], Size(0, data.PAWNS)]  # the square of each pawn
    players: Annotated[list[Player], Size(data.MIN_PLAYERS, data.MAX_PLAYERS)]
    rng: Rng
    # per seat: tiles turned over since the last placement by anybody [D-16]
    stall_turns: Annotated[list[Count], Size(0, data.MAX_PLAYERS)] = field(default_factory=list)
    pending: SeatList = field(default_factory=list)  # seats still to choose between rounds
    history: Annotated[list[RoundRecord], Size(0, data.MAX_ROUNDS)] = field(
        default_factory=list
    )  # one record per scored round
    host_pawns: bool = False  # the host places the pawns of rounds 2+ [D-5]
    # Derived from the board (placements per pawn...); rebuilt on demand, never saved.
    cache: Any = field(default=None, compare=False, repr=False, metadata=SKIP)

    @property
    def layout(self) -> data.Layout:
        return data.layout(len(self.players), self.colours)

    def tiles(self) -> tuple[tuple[int, int], ...]:
        return data.TILE_SETS[self.colours]

    def tile_colours(self, tile: int) -> list[str]:
        """A tile's colours by name, for the events."""
        return list(data.tile_names(self.colours)[tile])

    def in_play(self, seat: int) -> list[int]:
        """The seat's tiles not on its individual board."""
        aside = self.players[seat].aside
        return [t for t in range(data.TILES_PER_PLAYER) if t not in aside]

    def board_changed(self) -> None:
        self.cache = None

    def clone(self) -> LigrettoState:
        return LigrettoState(
            self.colours, self.rounds, self.round, self.phase, list(self.cover),
            list(self.pawns), [p.copy() for p in self.players], self.rng.copy(),
            list(self.stall_turns), list(self.pending), list(self.history), self.host_pawns,
            self.cache,
        )
