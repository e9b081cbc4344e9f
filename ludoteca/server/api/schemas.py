"""The lobby's request and answer bodies (they make the OpenAPI schema at /docs)."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from fastapi import Path, Query
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

NAME_LENGTH = 40
# What a name shown to everybody may not hold: control characters, format characters (the
# right-to-left override that turns a name around, zero-width joiners), lone surrogates (no
# database stores them), private-use and unassigned code points.
NAME_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn"}


def clean_name(name: str) -> str:
    """A person's name as everybody will see it, trimmed, or a ValueError saying why not."""
    name = name.strip()
    if not 1 <= len(name) <= NAME_LENGTH:
        raise ValueError(f"a name has 1 to {NAME_LENGTH} characters")
    odd = [c for c in name if unicodedata.category(c) in NAME_REFUSED]
    if odd:
        raise ValueError(f"a name holds letters, digits, spaces and punctuation; not "
                         f"U+{ord(odd[0]):04X}")
    return name


Name = Annotated[
    str, StringConstraints(min_length=1, max_length=NAME_LENGTH,
                           pattern=r"^[^\x00-\x1f\x7f]*[^\x00-\x1f\x7f\s][^\x00-\x1f\x7f]*$"),
    AfterValidator(clean_name),
]
BotSpec = Annotated[str, StringConstraints(min_length=1, max_length=200)]
Seed = Annotated[int, Field(ge=0, le=2**62)]
# Seats named as the keys of a JSON object (a game has at most a hundred players).
SeatKey = Annotated[str, StringConstraints(pattern=r"^[0-9]{1,3}$")]
# What an address may name: a match (or session) by its id, a seat, a session's member, a
# game, a language of its pages.
MatchId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,16}$",
                              description="a match's or session's id")]
SeatNumber = Annotated[int, Path(ge=0, le=99, description="a seat, from 0")]
SeatAsked = Annotated[int, Query(ge=0, le=99, description="a seat, from 0")]
StepNumber = Annotated[int, Path(ge=0, le=10**6, description="a step: the state after that "
                                                              "many actions")]
MemberNumber = Annotated[int, Path(ge=0, le=1000, description="a session member, from 0")]
GameName = Annotated[str, Path(pattern=r"^[a-z0-9-]{1,40}$", description="a game's name")]
Language = Literal["en", "it"]


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
    bots: dict[SeatKey, BotSpec] | None = Field(
        None, max_length=100,
        description='seats played by a bot: {"1": "heuristic:level=expert"}',
    )
    open_seats: list[Annotated[int, Field(ge=0, le=99)]] | None = Field(
        None, max_length=100,
        description="seats anyone may take from the lobby; every other seat a person plays is "
        "kept for its invite link",
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
    open: bool = Field(False, description="free for anyone to take (not kept for an invite)")


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
    # A session joined after its start: the seat was free or a bot's; the game is under way.
    late: bool = False


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
    grace: float | Literal["never"] | None = Field(
        None, description="seconds a person's phone may be away before a bot plays the seat "
        "until it is back (never: only when the facilitator says); default 45"
    )


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
    grace: float | str | None = None
    latecomers: int | str = "most_bots"
    debrief_published: bool = False


class SessionSettings(Strict):
    grace: float | Literal["never"] | None = Field(
        None, description="seconds a phone may be away before a bot plays the seat"
    )
    latecomers: int | Literal["most_bots"] | None = Field(
        None, description="the crew (its index) whose bot seats latecomers take first; "
        "most_bots: the crew with the most bots"
    )


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
    """A bot level people choose by (easy, normal, strong): its spec, measured Elo and the
    plain strategies (habits people play by) it was measured to beat."""

    name: str
    spec: str
    elo: float | None
    beats: list[str] = []


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
    # Only when not ok: what is wrong, in a sentence.
    error: str | None = None
