"""Who a token is in a match: a seat, a session's member, the host (a session's facilitator),
its spectator link, or nobody.

Every door of a match (the live WebSocket, the record, the replay, the debrief) asks here who
its caller is, and what that caller may read follows from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.server.store import MatchInfo
from ludoteca.server.store.tokens import find_hash, hash_token


@dataclass
class Identity:
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
    return found if found is not None else "that token does not open this match"


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
