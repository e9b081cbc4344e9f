"""The database tables (SQLAlchemy 2). A match is its header and its action log (event
sourcing); snapshots only make loading faster. Times are seconds since the epoch (floats), the
same in SQLite and PostgreSQL, so clocks survive a restart."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    # None for a session whose players are counted when the facilitator starts it.
    players: Mapped[int | None] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # lobby (a session before its start), open, running, paused, over (the game ended), ended
    status: Mapped[str] = mapped_column(String(12), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float)
    # Number of accepted actions: the log holds steps 1..step.
    step: Mapped[int] = mapped_column(Integer, default=0)
    host_token_hash: Mapped[str] = mapped_column(String(64))
    spectator_token_hash: Mapped[str] = mapped_column(String(64))
    public_spectators: Mapped[bool] = mapped_column(Boolean, default=True)
    join_code: Mapped[str | None] = mapped_column(String(8), unique=True)
    # Per-match settings: bot pause, grace before a stand-in, time bank.
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Running deadlines and time banks (see clocks.py), written with each action.
    clocks: Mapped[dict[str, Any]] = mapped_column(JSON)
    # A session's crews before the start: lists of member numbers.
    crews: Mapped[list[list[int]] | None] = mapped_column(JSON)
    # When a running or paused match was parked: nobody was at it and nothing was due, so no
    # process loads it (at a start or a sweep) until someone comes back to it.
    parked_at: Mapped[float | None] = mapped_column(Float, default=None)
    # Who created it, as the creation quotas count them (a hash of the creator's address).
    creator: Mapped[str | None] = mapped_column(String(64), index=True, default=None)


class SeatRow(Base):
    __tablename__ = "seats"

    match_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    # None: free (nobody has taken it).
    name: Mapped[str | None] = mapped_column(String(60))
    token_hash: Mapped[str | None] = mapped_column(String(64))
    # A bot spec where a bot plays the seat for good.
    bot: Mapped[str | None] = mapped_column(String(200))
    # Anyone may take it while it is free (from the lobby, or a session's code after its
    # start); a seat that is not open is kept for the person its invite link was given to.
    open: Mapped[bool] = mapped_column(Boolean, default=False)
    # A match's seat taken by name: its person's personal code, hashed, and the token it
    # replaced when they came back on another device (see api.guests; a session keeps these
    # on its members).
    code_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    replaced_hash: Mapped[str | None] = mapped_column(String(64), default=None)


class MemberRow(Base):
    """A person in a session's lobby; at the start each member is given a seat."""

    __tablename__ = "members"

    match_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    member: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    token_hash: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int | None] = mapped_column(Integer)
    left: Mapped[bool] = mapped_column(Boolean, default=False)
    # The person's personal code, hashed (see api.guests): with it they take this entry back
    # from another device.
    code_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    # The token this entry's person held before they came back on another device: a
    # connection still holding it is told why it was closed.
    replaced_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    # Merged by the facilitator into that member (the same person's older entry).
    merged_into: Mapped[int | None] = mapped_column(Integer, default=None)


class ClaimRow(Base):
    """A person without their personal code asks for a member's seat back; the facilitator
    gives it (the claim's token becomes the member's) or refuses."""

    __tablename__ = "seat_claims"

    match_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    claim: Mapped[int] = mapped_column(Integer, primary_key=True)
    member: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(60))
    token_hash: Mapped[str] = mapped_column(String(64))
    # The personal code the claimant is given, hashed: the member's once the seat is given.
    code_hash: Mapped[str] = mapped_column(String(64))
    # waiting, given or refused
    status: Mapped[str] = mapped_column(String(12))
    at: Mapped[float] = mapped_column(Float)


class ActionRow(Base):
    __tablename__ = "actions"

    match_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    # The primary key makes a step unique: two processes can never both append step n.
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Who sent it: human, bot (a bot seat or a stand-in) or clock (a deadline).
    source: Mapped[str] = mapped_column(String(12))
    at: Mapped[float] = mapped_column(Float)
    # The sender's `ref`, text: a resend with the same ref is told the step it was accepted at.
    ref: Mapped[str | None] = mapped_column(String(100))


class SnapshotRow(Base):
    __tablename__ = "snapshots"

    match_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
