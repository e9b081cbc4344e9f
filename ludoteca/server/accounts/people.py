"""What the store keeps of a person: their account, the devices they are signed in on, the
matches they created or sit in. Synchronous, like `Store`'s own methods: callers run them in
a worker thread."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from ludoteca.server.accounts.models import AccountMatchRow, AccountRow, PasskeyRow, SignInRow
from ludoteca.server.store import Store
from ludoteca.server.store.models import MatchRow, MemberRow, SeatRow
from ludoteca.server.store.tokens import hash_token

# What a deleted person's seats and lobby entries are called from then on.
FORMER_PLAYER = "a former player"
# A sign-in nobody used for this long is over (the cookie lives as long).
SIGN_IN_SECONDS = 30 * 24 * 3600.0
# `seen_at` is written at most this often (a sign-in read on every request is not a write).
SEEN_EVERY = 300.0


class NameTaken(Exception):
    pass


@dataclass(frozen=True)
class Person:
    """Someone signed in on this request's device."""

    id: str
    name: str
    csrf_token: str
    cookie_hash: str


@dataclass(frozen=True)
class PersonMatch:
    match_id: str
    game: str
    status: str
    created_at: float
    finished_at: float | None
    seat: int | None
    seat_token: str | None
    host_token: str | None
    rated: bool
    session: bool


def cookie_hash(cookie: str) -> str:
    return hashlib.sha256(f"sign-in {cookie}".encode("utf-8", "surrogatepass")).hexdigest()


def create_account(store: Store, name: str, key: str, password_hash: str, now: float) -> str:
    account_id = secrets.token_urlsafe(9)
    try:
        with store.write() as session:
            session.add(AccountRow(id=account_id, name=name, name_key=key,
                                   password_hash=password_hash, created_at=now))
    except IntegrityError:
        raise NameTaken(name) from None
    return account_id


def password_hash_of(store: Store, key: str) -> tuple[str, str] | None:
    """The account id and password hash of the name `key`, or None."""
    with store.read() as session:
        row = session.scalar(select(AccountRow).where(AccountRow.name_key == key))
        return None if row is None else (row.id, row.password_hash)


def stored_password_hash(store: Store, account_id: str) -> str | None:
    with store.read() as session:
        row = session.get(AccountRow, account_id)
        return None if row is None else row.password_hash


def open_sign_in(store: Store, account_id: str, now: float) -> tuple[str, str]:
    """A new sign-in of the account: the cookie for the device and its CSRF token."""
    cookie, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    with store.write() as session:
        session.add(SignInRow(cookie_hash=cookie_hash(cookie), account_id=account_id,
                              csrf_token=csrf, created_at=now, seen_at=now))
    return cookie, csrf


def signed_in(store: Store, cookie: str, now: float) -> Person | None:
    """Who the cookie signs in, or None (unknown, or unused for too long)."""
    hashed = cookie_hash(cookie)
    with store.read() as session:
        found = session.execute(
            select(SignInRow, AccountRow.name).join(AccountRow)
            .where(SignInRow.cookie_hash == hashed)
        ).first()
    if found is None:
        return None
    row, name = found
    if row.seen_at < now - SIGN_IN_SECONDS:
        sign_out(store, hashed)
        return None
    if row.seen_at < now - SEEN_EVERY:
        with store.write() as session:
            session.execute(update(SignInRow).where(SignInRow.cookie_hash == hashed)
                            .values(seen_at=now))
    return Person(id=row.account_id, name=name, csrf_token=row.csrf_token, cookie_hash=hashed)


def sign_out(store: Store, hashed: str) -> None:
    with store.write() as session:
        session.execute(delete(SignInRow).where(SignInRow.cookie_hash == hashed))


def sign_out_everywhere(store: Store, account_id: str, keeping: str | None = None) -> int:
    """Every sign-in of the account ends (but `keeping`, this device's); how many ended."""
    with store.write() as session:
        doomed = delete(SignInRow).where(SignInRow.account_id == account_id)
        if keeping is not None:
            doomed = doomed.where(SignInRow.cookie_hash != keeping)
        return int(getattr(session.execute(doomed), "rowcount", 0) or 0)


def set_password(store: Store, account_id: str, password_hash: str) -> None:
    with store.write() as session:
        session.execute(update(AccountRow).where(AccountRow.id == account_id)
                        .values(password_hash=password_hash))


def link_match(store: Store, account_id: str, match_id: str, now: float, *,
               seat: int | None = None, seat_token: str | None = None,
               host_token: str | None = None) -> None:
    """Keep a match's tokens for the person (what they already had of it stays)."""
    with store.write() as session:
        row = session.get(AccountMatchRow, (account_id, match_id))
        if row is None:
            session.add(AccountMatchRow(account_id=account_id, match_id=match_id, seat=seat,
                                        seat_token=seat_token, host_token=host_token,
                                        added_at=now))
            return
        if seat_token is not None:
            row.seat, row.seat_token = seat, seat_token
        if host_token is not None:
            row.host_token = host_token


def matches_of(store: Store, account_id: str) -> list[PersonMatch]:
    """The person's matches, newest first."""
    with store.read() as session:
        rows = session.execute(
            select(AccountMatchRow, MatchRow).join(MatchRow)
            .where(AccountMatchRow.account_id == account_id)
            .order_by(MatchRow.created_at.desc())
        ).all()
        bots = set(session.scalars(
            select(SeatRow.match_id).where(SeatRow.bot.is_not(None),
                                           SeatRow.match_id.in_([m.id for _, m in rows]))
        ).all())
    return [
        PersonMatch(match_id=m.id, game=m.game, status=m.status, created_at=m.created_at,
                    finished_at=m.finished_at, seat=a.seat, seat_token=a.seat_token,
                    host_token=a.host_token,
                    rated=not m.settings.get("seed_chosen") and m.id not in bots,
                    session=m.join_code is not None)
        for a, m in rows
    ]


def people_at(store: Store, match_ids: list[str]) -> dict[str, dict[int, tuple[str, str]]]:
    """For each match, the seats that people with an account hold: seat → (id, name)."""
    with store.read() as session:
        rows = session.execute(
            select(AccountMatchRow.match_id, AccountMatchRow.seat, AccountRow.id,
                   AccountRow.name).join(AccountRow)
            .where(AccountMatchRow.match_id.in_(match_ids), AccountMatchRow.seat.is_not(None))
        ).all()
    out: dict[str, dict[int, tuple[str, str]]] = {}
    for match_id, seat, account_id, name in rows:
        if seat is not None:
            out.setdefault(match_id, {})[seat] = (account_id, name)
    return out


def data_of(store: Store, account_id: str) -> dict[str, Any]:
    """Everything kept of the person, for them to download (no token: those open seats)."""
    with store.read() as session:
        account = session.get(AccountRow, account_id)
        if account is None:
            return {}
        sign_ins = session.scalars(select(SignInRow).where(SignInRow.account_id == account_id)
                                   .order_by(SignInRow.created_at)).all()
        matches = session.scalars(select(AccountMatchRow)
                                  .where(AccountMatchRow.account_id == account_id)
                                  .order_by(AccountMatchRow.added_at)).all()
        passkeys = session.scalars(select(PasskeyRow)
                                   .where(PasskeyRow.account_id == account_id)
                                   .order_by(PasskeyRow.created_at)).all()
        return {
            "account": {"id": account.id, "name": account.name,
                        "created_at": account.created_at},
            "sign_ins": [{"created_at": s.created_at, "seen_at": s.seen_at} for s in sign_ins],
            "passkeys": [{"credential_id": p.credential_id, "created_at": p.created_at}
                         for p in passkeys],
            "matches": [{"match_id": m.match_id, "seat": m.seat,
                         "created_by_you": m.host_token is not None, "added_at": m.added_at}
                        for m in matches],
        }


def delete_account(store: Store, account_id: str) -> list[str]:
    """The account and everything of it goes; its seats and lobby entries are called
    FORMER_PLAYER from now on (the matches stay whole: their logs replay). The ids of the
    matches whose names changed."""
    with store.write() as session:
        held = session.scalars(select(AccountMatchRow)
                               .where(AccountMatchRow.account_id == account_id)).all()
        for row in held:
            if row.seat_token is None:
                continue
            # By the token, not the seat's number: a seat they left may be someone else's.
            token_hash = hash_token(row.seat_token)
            session.execute(update(SeatRow)
                            .where(SeatRow.match_id == row.match_id,
                                   SeatRow.token_hash == token_hash, SeatRow.bot.is_(None))
                            .values(name=FORMER_PLAYER))
            session.execute(update(MemberRow)
                            .where(MemberRow.match_id == row.match_id,
                                   MemberRow.token_hash == token_hash)
                            .values(name=FORMER_PLAYER))
        for table in (SignInRow, AccountMatchRow, PasskeyRow):  # (the keys cascade too)
            session.execute(delete(table).where(table.account_id == account_id))
        session.execute(delete(AccountRow).where(AccountRow.id == account_id))
        return [row.match_id for row in held if row.seat_token is not None]


def name_of(store: Store, account_id: str) -> str:
    with store.read() as session:
        row = session.get(AccountRow, account_id)
        return row.name if row is not None else FORMER_PLAYER


def rated_finished(store: Store) -> list[tuple[str, str, float]]:
    """Every finished match a person with an account sat in that counts for a rating (no bot
    seat, a deal nobody chose), as (id, game, finished at), in the order they finished."""
    with store.read() as session:
        with_bots = select(SeatRow.match_id).where(SeatRow.bot.is_not(None))
        people_in = select(AccountMatchRow.match_id).where(AccountMatchRow.seat.is_not(None))
        rows = session.execute(
            select(MatchRow.id, MatchRow.game, MatchRow.finished_at, MatchRow.settings)
            .where(MatchRow.status == "over", MatchRow.id.in_(people_in),
                   MatchRow.id.not_in(with_bots))
            .order_by(MatchRow.finished_at, MatchRow.id)
        ).all()
    return [(match_id, game, finished or 0.0) for match_id, game, finished, settings in rows
            if not settings.get("seed_chosen")]


def fellows_of(store: Store, account_id: str) -> dict[str, str]:
    """The people with an account who sat at a match with the person: id → name."""
    with store.read() as session:
        mine = select(AccountMatchRow.match_id).where(AccountMatchRow.account_id == account_id,
                                                      AccountMatchRow.seat.is_not(None))
        rows = session.execute(
            select(AccountRow.id, AccountRow.name).join(AccountMatchRow)
            .where(AccountMatchRow.match_id.in_(mine), AccountMatchRow.seat.is_not(None),
                   AccountRow.id != account_id).distinct()
        ).all()
    return {someone: name for someone, name in rows}
