"""Who a token is in a match, and which doors of the match it opens.

A caller is a seat, a session's member, the host (a session's facilitator), a holder of the
spectator link, or nobody. Every door of a match asks here: the live WebSocket (which then
sends only what the game's view of that seat shows), and the doors that cannot ask the view:
the record (the seed and every action), the replay and the debrief. What may go through each:

- the record: to whoever may watch the match once it is over or ended, unless the game keeps
  secrets after its end (`Game.keeps_secrets_after_end`: Ciurme's ballots and channels), when
  it stays the host's. While a match waits or runs the record would tell its hidden
  information (the deal, a sealed bid), so nobody reads it: not its host either, who may hold
  a seat (a host who plays is a player); only a session's facilitator, who plays no seat and
  sees everything anyway;
- the replay (a spectator's view after each step): to whoever may watch, once the match ends;
- a seat's explanation (what its search weighed after a step, from what that seat knew): with
  the replay, except in a game that keeps secrets after its end, where it tells what only
  that seat knew (its ballot, its crew's talk): then to that seat and the host alone;
- the debrief (everything a facilitator saw): to the host, once the match ends;
- the room's debrief (the game's debrief with every secret ballot and private channel left
  out): to the host once the match ends, and to anyone once the host publishes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ludoteca.engine.game import Game
from ludoteca.server.store import MatchInfo
from ludoteca.server.store.tokens import find_hash, hash_token

FINISHED = ("over", "ended")
# Said to a screen whose token a person replaced by taking their seat back on another device.
SEAT_ELSEWHERE = ("this seat was opened on another device (with its personal code, or given "
                  "back by the facilitator): this screen no longer plays it")


class Door(StrEnum):
    """The doors of a match a token may open besides its seat: the record, the replay, an
    explanation, the debriefs."""

    RECORD = "record"
    REPLAY = "replay"
    EXPLAIN = "explanation"
    DEBRIEF = "debrief"
    ROOM_DEBRIEF = "room's debrief"


@dataclass(frozen=True)
class Refusal:
    """Why a door stays shut: 403 (who you are) or 409 (when you ask), with a code a client
    says in its reader's language."""

    status: int
    reason: str
    code: str = "door_closed"


@dataclass
class Identity:
    """Who a token is in a match: a seat, a session member, the host, or nobody."""

    seat: int | None = None
    member: int | None = None
    host: bool = False
    token_hash: str | None = None


def identify(info: MatchInfo, token: str | None) -> Identity | str:
    """Who `token` is in this match, or why it opens nothing (no token: a spectator, where the
    match lets anyone watch)."""
    if not token:
        if info.public_spectators:
            return Identity()
        return "this match is watched with its spectator link: send its token"
    found = identify_hash(info, hash_token(token))
    if found is None and replaced(info, hash_token(token)):
        return SEAT_ELSEWHERE
    return found if found is not None else "that token does not open this match"


def replaced(info: MatchInfo, presented: str) -> bool:
    """Whether the token with this hash was a member's before they came back elsewhere."""
    replacing = [(m.replaced_hash, True) for m in info.members]
    return find_hash(presented, replacing + [(s.replaced_hash, True) for s in info.seats]) is True


def identify_hash(info: MatchInfo, presented: str) -> Identity | None:
    """Who the token with this hash is (a connection keeps only the hash), or None."""
    seat = find_hash(presented, [(s.token_hash, s.seat) for s in info.seats])
    if isinstance(seat, int):
        member = find_hash(presented, [(m.token_hash, m.member) for m in info.members])
        host = find_hash(presented, [(info.host_token_hash, True)]) is True
        return Identity(seat, member if isinstance(member, int) else None, host, presented)
    member = find_hash(
        presented, [(m.token_hash, m.member) for m in info.members if not m.left]
    )
    if isinstance(member, int):
        return Identity(None, member, False, presented)
    if find_hash(presented, [(info.host_token_hash, True)]) is True:
        return Identity(None, None, True, presented)
    if find_hash(presented, [(info.spectator_token_hash, True)]) is True:
        return Identity(token_hash=presented)
    return None


def door_refusal(door: Door, info: MatchInfo, game: Game[Any], token: str | None,
                 seat: int | None = None) -> Refusal | None:
    """Why `token` may not go through `door` of this match now; None: it may. `seat`: the
    seat an explanation is asked of."""
    finished = info.status in FINISHED
    if door is not Door.RECORD and not finished:
        return Refusal(409, f"the {door} opens when the match is over: it is {info.status}",
                       "replay_not_yet" if door in (Door.REPLAY, Door.EXPLAIN)
                       else "debrief_not_yet")
    if door is Door.ROOM_DEBRIEF and info.settings.get("debrief_published"):
        return None  # it keeps no secret: the facilitator gave it to the room
    caller = identify(info, token)
    if isinstance(caller, str):
        return Refusal(403, caller)
    if caller.host and (finished or info.is_session):
        return None
    host_only = (
        "send the host token (a session's: the facilitator's) as 'Authorization: Bearer "
        "<token>'"
    )
    if door is Door.RECORD and not finished:
        return Refusal(403, "the record of a match still being played would tell what is "
                            "hidden from its players, its host's seat too: it opens when the "
                            "match is over")
    if door is Door.DEBRIEF:
        return Refusal(403, f"the debrief is the facilitator's: {host_only}")
    if door is Door.ROOM_DEBRIEF and not info.settings.get("debrief_published"):
        return Refusal(403, "the facilitator has not published the room's debrief yet",
                       "debrief_unpublished")
    secret = game.keeps_secrets_after_end
    if door is Door.RECORD and secret:
        return Refusal(403, f"the record of {game.title or game.name} keeps secret ballots and "
                            f"private messages after its end: {host_only}")
    if door is Door.EXPLAIN and secret and (caller.seat is None or caller.seat != seat):
        return Refusal(403, f"{game.title or game.name} keeps what each seat knew secret after "
                            f"its end: a seat's explanation is for that seat's own link, or "
                            f"the host's: {host_only}")
    return None
