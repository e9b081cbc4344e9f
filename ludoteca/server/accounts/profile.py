"""A person's profile: the matches they played with the results, their rating in each game
(see ratings) with the bot levels' ladder read against it, the people they played with (to
invite again), and the sessions they ran as a trainer."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable

from pydantic import BaseModel, Field

from ludoteca.bots.levels import game_levels
from ludoteca.server.accounts import people, ratings
from ludoteca.server.hub import Hub

# Finished matches read for one profile at most (each is loaded to read its result).
MATCHES_SHOWN = 100


class SeatPerson(BaseModel):
    seat: int
    name: str | None
    rank: int | None
    you: bool
    account: str | None = Field(description="their account's id, where they have one")


class PlayedMatch(BaseModel):
    id: str
    game: str
    status: str
    finished_at: float | None
    seat: int | None
    rank: int | None = Field(description="your place: 1 is best")
    rated: bool
    seats: list[SeatPerson]


class LevelAgainst(BaseModel):
    level: str
    elo: float
    expected: float = Field(description="the share of duels you are expected to win")


class GameRating(BaseModel):
    game: str
    rating: float
    matches: int
    levels: list[LevelAgainst]


class Fellow(BaseModel):
    id: str
    name: str
    matches: int


class RunSession(BaseModel):
    id: str
    game: str
    status: str
    created_at: float
    facilitator_token: str


class Profile(BaseModel):
    name: str
    matches: list[PlayedMatch]
    ratings: list[GameRating]
    played_with: list[Fellow]
    sessions: list[RunSession]
    method: str = Field(description="how the rating is counted, in a sentence")


# A finished match's ranks by seat, kept by the app (they never change).
Known = dict[str, tuple[int, ...] | None]


async def ranks_of(hub: Hub, known: Known, match_id: str) -> tuple[int, ...] | None:
    """A finished match's ranks by seat, read through the engine contract."""
    if match_id not in known:
        live = await hub.get(match_id)
        over = live is not None and live.state is not None and live.game.is_over(live.state)
        known[match_id] = (tuple(live.game.result(live.state).ranks)
                           if over and live is not None else None)
    return known[match_id]


async def all_ratings(hub: Hub, known: Known) -> dict[str, dict[Hashable, ratings.Rating]]:
    finished = await asyncio.to_thread(people.rated_finished, hub.store)
    seated = await asyncio.to_thread(people.people_at, hub.store, [m for m, _, _ in finished])
    placed = []
    for match_id, game, _ in finished:
        ranks = await ranks_of(hub, known, match_id)
        if ranks is None:
            continue
        at = seated.get(match_id, {})
        placed.append(ratings.Placed(
            game, [at[seat][0] if seat in at else None for seat in range(len(ranks))], ranks))
    return ratings.ratings(placed)


async def profile(hub: Hub, known: Known, account_id: str) -> Profile:
    held = await asyncio.to_thread(people.matches_of, hub.store, account_id)
    played = [m for m in held if m.seat is not None][:MATCHES_SHOWN]
    seated = await asyncio.to_thread(people.people_at, hub.store, [m.match_id for m in played])
    matches = []
    fellows: dict[str, Fellow] = {}
    for mine in played:
        live = await hub.get(mine.match_id)
        if live is None:
            continue
        ranks = await ranks_of(hub, known, mine.match_id) if mine.status == "over" else None
        at = seated.get(mine.match_id, {})
        seats = [SeatPerson(seat=s.seat, name=s.name, you=s.seat == mine.seat,
                            rank=ranks[s.seat] if ranks and s.seat < len(ranks) else None,
                            account=at[s.seat][0] if s.seat in at else None)
                 for s in live.info.seats]
        matches.append(PlayedMatch(
            id=mine.match_id, game=mine.game, status=mine.status,
            finished_at=mine.finished_at, seat=mine.seat, rated=mine.rated, seats=seats,
            rank=ranks[mine.seat] if ranks and mine.seat is not None
            and mine.seat < len(ranks) else None))
        for seat, (other, name) in at.items():
            if other != account_id and seat != mine.seat:
                fellow = fellows.setdefault(other, Fellow(id=other, name=name, matches=0))
                fellow.matches += 1
    book = await all_ratings(hub, known)
    games = [
        GameRating(game=game, rating=round(own.rating, 1), matches=own.matches,
                   levels=levels(hub, game, own.rating))
        for game, table in sorted(book.items())
        if (own := table.get(account_id)) is not None
    ]
    ran = [RunSession(id=m.match_id, game=m.game, status=m.status, created_at=m.created_at,
                      facilitator_token=m.host_token)
           for m in held if m.host_token is not None and m.session]
    name = await asyncio.to_thread(people.name_of, hub.store, account_id)
    return Profile(name=name, matches=matches, ratings=games,
                   played_with=sorted(fellows.values(), key=lambda f: (-f.matches, f.name)),
                   sessions=ran, method=ratings.METHOD)


def levels(hub: Hub, game: str, rating: float) -> list[LevelAgainst]:
    measured = {level.name: level.elo for level in game_levels(hub.catalog.game(game))
                if level.elo is not None}
    return [LevelAgainst(level=name, elo=elo, expected=round(share, 3))
            for name, elo, share in ratings.level_against(rating, measured)]
