"""The lobby's request and answer bodies (they make the OpenAPI schema at /docs)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

Name = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40,
                           pattern=r"^[^\x00-\x1f\x7f]+$")
]
BotSpec = Annotated[str, StringConstraints(min_length=1, max_length=200)]
Seed = Annotated[int, Field(ge=0, le=2**62)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TimeBankIn(Strict):
    seconds: float = Field(gt=0, le=86_400, description="the bank each seat starts with")
    per_move: float = Field(0.0, ge=0, le=3_600, description="seconds added after each move")


class CreateMatch(Strict):
    game: str = Field(max_length=40, description="a game name from GET /api/games")
    players: int = Field(ge=1, le=100)
    options: dict[str, Any] | None = Field(None, description="the game's options by name")
    seed: Seed | None = Field(None, description="the same seed plays the same match")
    bots: dict[str, BotSpec] | None = Field(
        None, description='seats played by a bot: {"1": "heuristic:level=expert"}'
    )
    spectators: Literal["anyone", "link"] = Field(
        "anyone", description="who may watch: anyone, or only holders of the spectator link"
    )
    bot_pause: float | None = Field(
        None, ge=0, le=30, description="seconds a bot waits before a move in a turn-based game"
    )
    grace: float | Literal["never"] | None = Field(
        None,
        description="seconds before a bot plays a seat whose player left; never: only when "
        "the host says; default: the game's own",
    )
    time_bank: TimeBankIn | None = Field(None, description="per-seat time banks (turn games)")


class SeatOut(BaseModel):
    seat: int
    token: str | None
    invite_url: str | None
    bot: str | None = None


class CreatedMatch(BaseModel):
    id: str
    game: str
    status: str
    seats: list[SeatOut]
    spectator_url: str
    spectator_token: str
    host_token: str


class SeatSummary(BaseModel):
    seat: int
    name: str | None
    taken: bool
    bot: str | None
    connected: bool


class MatchSummary(BaseModel):
    id: str
    game: str
    title: str
    status: str
    players: int | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    step: int
    seats: list[SeatSummary]
    free_seats: int
    session: bool
    result: dict[str, Any] | None = None


class JoinMatch(Strict):
    seat: int | None = Field(None, ge=0, le=1000)
    name: Name


class Joined(BaseModel):
    id: str
    seat: int | None
    token: str
    member: int | None = None


class StartMatch(Strict):
    players: int | None = Field(
        None, ge=1, le=100, description="a session: seats to make (more than the people "
        "joined leaves empty seats)"
    )
    bots: BotSpec | None = Field(None, description="a session: a bot for every empty seat")


class SetBot(Strict):
    bot: BotSpec = Field(description='a bot spec such as "heuristic" or "mcts:iterations=8"')


class Done(BaseModel):
    ok: bool = True
    status: str


class CreateSession(Strict):
    game: str | None = Field(
        None, max_length=40, description="default: the game run with a facilitator"
    )
    players: int | None = Field(None, ge=1, le=100, description="seats expected (optional)")
    options: dict[str, Any] | None = None
    seed: Seed | None = None
    bot_pause: float | None = Field(None, ge=0, le=30)


class CreatedSession(BaseModel):
    id: str
    code: str
    facilitator_token: str
    spectator_url: str
    spectator_token: str
    join_url: str


class JoinSession(Strict):
    code: str = Field(min_length=1, max_length=12)
    name: Name


class MemberOut(BaseModel):
    member: int
    name: str
    seat: int | None


class SessionOut(BaseModel):
    id: str
    game: str
    code: str
    status: str
    players: int | None
    members: list[MemberOut]
    crews: list[list[int]]


class SetCrews(Strict):
    crews: list[list[Annotated[int, Field(ge=0, le=1000)]]] = Field(max_length=40)


class Balance(Strict):
    players: int | None = Field(
        None, ge=1, le=100, description="seats the crews are balanced for (more than the "
        "people joined leaves seats for bots); default: one per person"
    )


class MoveMember(Strict):
    member: int = Field(ge=0, le=1000)
    crew: int = Field(ge=0, le=40, description="a crew's index; one past the last: a new crew")


class LevelOut(BaseModel):
    """A bot level people choose by (easy, normal, strong): its spec and measured Elo."""

    name: str
    spec: str
    elo: float | None


class GameOut(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    real_time: bool
    facilitated: bool
    abandoned_seat_grace: float | None
    options: list[dict[str, Any]]
    levels: list[LevelOut]


class Health(BaseModel):
    ok: bool
    matches_live: int
    matches_driven: int
