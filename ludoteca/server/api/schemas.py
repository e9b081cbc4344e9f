"""The lobby's request and answer bodies (they make the OpenAPI schema at /docs)."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from fastapi import Path, Query
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from ludoteca.server.store.tokens import CODE_LENGTH, PERSONAL_CODE_LENGTH

NAME_LENGTH = 40
# What a name shown to everybody may not hold: control characters, format characters (the
# right-to-left override that turns a name around, zero-width joiners), line and paragraph
# separators (U+2028, U+2029: a name on two lines), lone surrogates (no database stores them),
# private-use and unassigned code points.
NAME_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
# Letters and signs that draw nothing (Hangul fillers, the blank Braille pattern, Khmer's
# inherent vowels): a name of them alone shows as nobody.
INVISIBLE = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u17b4", "\u17b5"}
# Accents stacked on one letter: a few make Vietnamese or Yoruba; dozens paint over the names
# around it.
MARKS_IN_A_ROW = 3


def clean_name(name: str) -> str:
    """A person's name as everybody will see it, trimmed, or a ValueError saying why not."""
    name = name.strip()
    if not 1 <= len(name) <= NAME_LENGTH:
        raise ValueError(f"a name has 1 to {NAME_LENGTH} characters")
    odd = [c for c in name if unicodedata.category(c) in NAME_REFUSED]
    if odd:
        raise ValueError(f"a name holds letters, digits, spaces and punctuation; not "
                         f"U+{ord(odd[0]):04X}")
    if not any(unicodedata.category(c)[0] in "LNPS" and c not in INVISIBLE for c in name):
        raise ValueError("a name holds at least one letter, digit or sign you can see")
    check_marks(name)
    return name


def check_marks(name: str) -> None:
    """Accents (combining marks) each on a letter, at most MARKS_IN_A_ROW on one."""
    run = 0
    for index, c in enumerate(name):
        if unicodedata.category(c)[0] != "M":
            run = 0
            continue
        run += 1
        if index == run - 1 or unicodedata.category(name[index - run])[0] == "Z":
            raise ValueError("a name holds accents on letters, not on their own")
        if run > MARKS_IN_A_ROW:
            raise ValueError(f"a name holds at most {MARKS_IN_A_ROW} accents on one letter")


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
# Members are numbered in the order they joined, those who left included.
MEMBER_MOST = 2**31 - 1
MemberNumber = Annotated[int, Path(ge=0, le=MEMBER_MOST, description="a session member, "
                                                                    "from 0")]
GameName = Annotated[str, Path(pattern=r"^[a-z0-9-]{1,40}$", description="a game's name")]
Language = Literal["en", "it"]


# A request's body: no field it does not know, and no type stretched to fit (`true` is not the
# number 1, nor 1.0 an integer, nor "2" a number).
class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


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
    # False when its host chose the seed (the deal): such a match counts for no rating.
    rated: bool = True
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
    # A session's person: their personal code, shown on their screen (only to them), to take
    # their seat back from another device (POST /api/sessions/back).
    personal_code: str | None = None
    # Their name is a seat's whose person is away: the facilitator (a match's host) is asked to
    # give it back (GET /api/sessions/{id}/claim, or /api/matches/{id}/claim, with this token
    # says when); no seat until then.
    claim: int | None = None


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


def check_code(code: str) -> str:
    """A join code as typed (any case, spaces between), or a ValueError saying what one holds:
    the database is never asked about a NUL (which PostgreSQL cannot take) or the like."""
    if not "".join(code.split()).isascii() or not "".join(code.split()).isalnum():
        raise ValueError(f"a join code holds {CODE_LENGTH} letters and digits, as the "
                         "facilitator's screen shows it")
    return code


class JoinSession(Strict):
    code: Annotated[str, Field(min_length=1, max_length=12), AfterValidator(check_code)]
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
    members_cap: int | None = Field(None, description="the most people the lobby takes")
    grace: float | str | None = None
    latecomers: int | str = "most_bots"
    # Whose seat a name asks back after the start (api.guests): a person's who is away, or
    # any person's (the facilitator then tells the two apart in the room).
    claims: Literal["away", "any"] = "away"
    debrief_published: bool = False


class SessionSettings(Strict):
    grace: float | Literal["never"] | None = Field(
        None, description="seconds a phone may be away before a bot plays the seat"
    )
    latecomers: int | Literal["most_bots"] | None = Field(
        None, description="the crew (its index) whose bot seats latecomers take first; "
        "most_bots: the crew with the most bots"
    )
    claims: Literal["away", "any"] | None = Field(
        None, description="after the start, a name whose person is away asks for that seat "
        "(away, the default), or a name of anyone seated does (any)"
    )
    players: int | None = Field(
        None, ge=1, le=100, description="before the start: the seats the session is planned "
        "for (more than the people joined leaves seats for bots); the lobby's plan and the "
        "start follow it"
    )


class SetCrews(Strict):
    crews: list[list[Annotated[int, Field(ge=0, le=MEMBER_MOST)]]] = Field(max_length=40)


class Balance(Strict):
    players: int | None = Field(
        None, ge=1, le=100, description="seats the crews are balanced for (more than the "
        "people joined leaves seats for bots); default: one per person"
    )


class MoveMember(Strict):
    member: int = Field(ge=0, le=MEMBER_MOST)
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


# --- a way back for guests (api.guests) -----------------------------------------------------
def check_personal_code(code: str) -> str:
    """A personal code as typed, or a ValueError saying what one holds."""
    if not "".join(code.split()).isascii() or not "".join(code.split()).isalnum():
        raise ValueError(f"a personal code holds {PERSONAL_CODE_LENGTH} letters and digits, as "
                         "your screen showed it")
    return code


class SeatBack(Strict):
    code: Annotated[str, Field(min_length=1, max_length=12), AfterValidator(check_code)]
    name: Name
    personal_code: Annotated[str, Field(min_length=1, max_length=12),
                             AfterValidator(check_personal_code)]


class MatchBack(Strict):
    name: Name
    personal_code: Annotated[str, Field(min_length=1, max_length=12),
                             AfterValidator(check_personal_code)]


class ClaimOut(BaseModel):
    """Someone who joined with the name of a person who is away, asking for that seat."""

    claim: int
    name: str
    # A session's member asked back; at a match, which has no members, the seat.
    member: int
    seat: int | None
    at: float


class ClaimStatus(BaseModel):
    # waiting (for the facilitator), given (the claim's token now plays the seat), refused
    status: Literal["waiting", "given", "refused"]
    seat: int | None = None
    member: int | None = None


class MergeMembers(Strict):
    member: int = Field(ge=0, le=MEMBER_MOST, description="the newer entry of the person")
    into: int = Field(ge=0, le=MEMBER_MOST, description="the entry they keep (their own seat)")
