"""The state of a Ligretto match: the board, the pawns, every player's tiles, the round's phase.

Tiles are numbered 0-14 within their owner's set (their colours come from `data.TILE_SETS`).
A covered square holds `owner * 32 + tile`, or `owner * 32 + JOKER` for a joker.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import data

FREE = -1
JOKER = 31
NO_TILE = -1

PAWNS = "pawns"  # the host puts the pawns on the board, one by one (option pawns="host") [D-5]
PLAY = "play"  # the round runs: everybody acts at once
ASIDE = "set_aside"  # scoreless players choose tiles for their individual boards
TAKE_BACK = "take_back"  # every board holds tiles: everybody takes some back
OVER = "over"


@dataclass
class Player:
    stack: list[int]  # face down, top at the end; its order is unknown even to its owner
    pile: list[int]  # face up, top at the end; its order is known to its owner only
    hand: int = NO_TILE  # the turned tile
    placed: int = 0  # tiles placed this round (jokers not counted)
    jokers: int = data.JOKERS_PER_PLAYER  # jokers left this round [D-13]
    aside: list[int] = field(default_factory=list)  # the individual board
    duties: list[int] = field(default_factory=list)  # pawns owed a restart [D-9]
    score: int = 0
    turned: int = 0  # tiles turned this round (for "fits per turned tile")
    fits: int = 0  # legal placements summed over those turns

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

    def to_json(self) -> dict[str, Any]:
        return {
            "stack": self.stack, "pile": self.pile, "hand": self.hand, "placed": self.placed,
            "jokers": self.jokers, "aside": self.aside, "duties": self.duties,
            "score": self.score, "turned": self.turned, "fits": self.fits,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Player:
        return cls(
            list(d["stack"]), list(d["pile"]), int(d["hand"]), int(d["placed"]),
            int(d["jokers"]), list(d["aside"]), list(d["duties"]), int(d["score"]),
            int(d["turned"]), int(d["fits"]),
        )


@dataclass
class LigrettoState:
    colours: int  # the colour preset [D-2]
    rounds: int  # rounds agreed for the match
    round: int  # the current round, from 1
    phase: str
    cover: list[int]  # per square: FREE or what covers it
    pawns: list[int]  # the square of each pawn
    players: list[Player]
    rng: Rng
    stall_turns: int = 0  # tiles turned over since the last placement
    pending: list[int] = field(default_factory=list)  # seats still to choose between rounds
    history: list[dict[str, Any]] = field(default_factory=list)  # one record per scored round
    host_pawns: bool = False  # the host places the pawns of rounds 2+ [D-5]
    # Derived from the board (placements per pawn...); rebuilt on demand, never saved.
    cache: Any = field(default=None, compare=False, repr=False)

    @property
    def layout(self) -> data.Layout:
        return data.layout(len(self.players), self.colours)

    def tiles(self) -> tuple[tuple[int, int], ...]:
        return data.TILE_SETS[self.colours]

    def board_changed(self) -> None:
        self.cache = None

    def clone(self) -> LigrettoState:
        return LigrettoState(
            self.colours, self.rounds, self.round, self.phase, list(self.cover),
            list(self.pawns), [p.copy() for p in self.players], self.rng.copy(),
            self.stall_turns, list(self.pending), [dict(h) for h in self.history],
            self.host_pawns, self.cache,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "colours": self.colours, "rounds": self.rounds, "round": self.round,
            "phase": self.phase, "cover": list(self.cover), "pawns": list(self.pawns),
            "players": [p.to_json() for p in self.players], "rng": self.rng.to_json(),
            "stall_turns": self.stall_turns, "pending": list(self.pending),
            "history": [dict(h) for h in self.history], "host_pawns": self.host_pawns,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> LigrettoState:
        return cls(
            int(d["colours"]), int(d["rounds"]), int(d["round"]), str(d["phase"]),
            list(d["cover"]), list(d["pawns"]), [Player.from_json(p) for p in d["players"]],
            Rng.from_json(d["rng"]), int(d["stall_turns"]), list(d["pending"]),
            [dict(h) for h in d["history"]], bool(d.get("host_pawns", False)),
        )
