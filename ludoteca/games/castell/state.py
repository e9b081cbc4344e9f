"""The state of a game of Castell: plain data, cloned by hand and serialised to JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine.rng import Rng
from ludoteca.games.castell.data import REGIONS, SKILLS

TURN, FESTIVAL, OVER = "turn", "festival", "over"


def empty_board() -> dict[str, dict[str, Any]]:
    """A player's board: what they earned in each region."""
    return {
        region: {"prizes": [], "size_tokens": [], "tiles": [], "collected": 0}
        for region in REGIONS
    }


def copy_board(board: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    return {
        region: {
            "prizes": list(spot["prizes"]),
            "size_tokens": list(spot["size_tokens"]),
            "tiles": list(spot["tiles"]),
            "collected": spot["collected"],
        }
        for region, spot in board.items()
    }


@dataclass
class Player:
    team: list[int]  # casteller sizes, biggest first
    pawn: str | None = None  # None: not yet on the board
    ranks: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SKILLS, 0))
    tokens: int = 0  # special action tokens still in the player's supply
    board: dict[str, dict[str, Any]] = field(default_factory=empty_board)
    best_score: int = 0
    festivals_entered: int = 0

    def clone(self) -> Player:
        return Player(
            list(self.team),
            self.pawn,
            dict(self.ranks),
            self.tokens,
            copy_board(self.board),
            self.best_score,
            self.festivals_entered,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "team": list(self.team),
            "pawn": self.pawn,
            "ranks": dict(self.ranks),
            "tokens": self.tokens,
            "board": copy_board(self.board),
            "best_score": self.best_score,
            "festivals_entered": self.festivals_entered,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Player:
        return cls(
            [int(s) for s in data["team"]],
            data["pawn"],
            {k: int(v) for k, v in data["ranks"].items()},
            int(data["tokens"]),
            {
                region: {
                    "prizes": list(spot["prizes"]),
                    "size_tokens": list(spot["size_tokens"]),
                    "tiles": list(spot["tiles"]),
                    "collected": int(spot["collected"]),
                }
                for region, spot in data["board"].items()
            },
            int(data["best_score"]),
            int(data["festivals_entered"]),
        )


@dataclass
class Festival:
    """A festival of the calendar: when, where, its size tokens, and whether it is over."""

    round: int
    type: str
    region: str
    tokens: list[int]
    done: bool = False

    def clone(self) -> Festival:
        return Festival(self.round, self.type, self.region, list(self.tokens), self.done)

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "type": self.type, "region": self.region,
                "tokens": list(self.tokens), "done": self.done}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Festival:
        return cls(int(data["round"]), data["type"], data["region"],
                   [int(t) for t in data["tokens"]], bool(data["done"]))


Tower = list[list[int]]


@dataclass
class CastellState:
    players: list[Player]
    bag: list[int]  # the order is secret; draws pop from the end
    regions: dict[str, list[int]]  # castellers standing in each region, biggest first
    wheel: list[str]  # board skill tile in each slot
    rows: dict[str, list[int]]  # local performance tiles still in each region's row
    row_tokens: dict[str, list[int]]  # owners of the special tokens lying in each row
    calendar: list[Festival]
    piles: dict[str, int]  # prize tokens left
    rng: Rng
    advanced: bool = False  # the wheel's No Regions side
    train_any_known_skill: bool = False  # [D-18] option
    round: int = 1
    first: int = 0
    current: int = 0
    turns_done: int = 0  # players who have ended their turn this round
    phase: str = TURN
    used: list[str] = field(default_factory=list)  # actions taken this turn
    free_special: bool = False  # a Special tile was trained: a free special action is due
    festival: int | None = None  # calendar index of the festival being declared
    to_declare: list[int] = field(default_factory=list)  # seats that take part or abstain
    declarations: dict[int, Tower | None] = field(default_factory=dict)  # None: abstains
    history: list[dict[str, Any]] = field(default_factory=list)  # festival outcomes (public)
    actions: int = 0

    @property
    def n(self) -> int:
        return len(self.players)

    def turn_order(self) -> list[int]:
        """Seats clockwise from the first player."""
        return [(self.first + i) % self.n for i in range(self.n)]

    def clone(self) -> CastellState:
        return CastellState(
            [p.clone() for p in self.players],
            list(self.bag),
            {r: list(c) for r, c in self.regions.items()},
            list(self.wheel),
            {r: list(t) for r, t in self.rows.items()},
            {r: list(t) for r, t in self.row_tokens.items()},
            [f.clone() for f in self.calendar],
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
            },
            [dict(h) for h in self.history],  # entries are never mutated once written
            self.actions,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [p.to_json() for p in self.players],
            "bag": list(self.bag),
            "regions": {r: list(c) for r, c in self.regions.items()},
            "wheel": list(self.wheel),
            "rows": {r: list(t) for r, t in self.rows.items()},
            "row_tokens": {r: list(t) for r, t in self.row_tokens.items()},
            "calendar": [f.to_json() for f in self.calendar],
            "piles": dict(self.piles),
            "rng": self.rng.to_json(),
            "advanced": self.advanced,
            "train_any_known_skill": self.train_any_known_skill,
            "round": self.round,
            "first": self.first,
            "current": self.current,
            "turns_done": self.turns_done,
            "phase": self.phase,
            "used": list(self.used),
            "free_special": self.free_special,
            "festival": self.festival,
            "to_declare": list(self.to_declare),
            "declarations": [
                [s, None if t is None else [list(level) for level in t]]
                for s, t in sorted(self.declarations.items())
            ],
            "history": [dict(h) for h in self.history],
            "actions": self.actions,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CastellState:
        return cls(
            [Player.from_json(p) for p in data["players"]],
            [int(s) for s in data["bag"]],
            {r: [int(s) for s in c] for r, c in data["regions"].items()},
            list(data["wheel"]),
            {r: [int(t) for t in ts] for r, ts in data["rows"].items()},
            {r: [int(t) for t in ts] for r, ts in data["row_tokens"].items()},
            [Festival.from_json(f) for f in data["calendar"]],
            {k: int(v) for k, v in data["piles"].items()},
            Rng.from_json(data["rng"]),
            bool(data["advanced"]),
            bool(data["train_any_known_skill"]),
            int(data["round"]),
            int(data["first"]),
            int(data["current"]),
            int(data["turns_done"]),
            str(data["phase"]),
            list(data["used"]),
            bool(data["free_special"]),
            data["festival"],
            [int(s) for s in data["to_declare"]],
            {
                int(s): None if t is None else [[int(x) for x in level] for level in t]
                for s, t in data["declarations"]
            },
            [dict(h) for h in data["history"]],
            int(data["actions"]),
        )
