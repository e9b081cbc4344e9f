"""The database: one `Store` per process, over SQLAlchemy 2 (SQLite or PostgreSQL).

Every method is synchronous and runs in a worker thread (the event loop never waits on the
database), but `log_step`, the hot path of every action, and `save_snapshot`, which on SQLite
commit in the event loop itself when no other write holds the database (see there). Writes
to one match go through `locked_write`, a transaction that first takes the match's lock (a
PostgreSQL advisory lock held until the transaction ends; in SQLite the process's single
writer), then reads the actions other processes appended since the caller's step: so the
caller catches up, decides, and appends the next step in the same transaction.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    Connection,
    Engine,
    Table,
    bindparam,
    create_engine,
    event,
    func,
    select,
    text,
    update,
)
from sqlalchemy.orm import Session

from ludoteca.server.store.models import ActionRow, MatchRow, MemberRow, SeatRow, SnapshotRow

T = TypeVar("T")
LIVE = ("running", "paused")  # statuses of a match being played
UNSTARTED = ("open", "lobby")  # a match waiting for its start, a session's lobby
UNFINISHED = (*UNSTARTED, *LIVE)
MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 0x1D07EC4  # the advisory lock that lets one process of many migrate


@dataclass(frozen=True)
class LoggedAction:
    step: int
    seat: int
    action: dict[str, Any]
    source: str = "human"
    at: float = 0.0
    ref: str | None = None


@dataclass(frozen=True)
class StepRows:
    """What one accepted action logs: its action row and the match row's new values (step,
    clocks, status). Snapshots of the state are saved apart (`save_snapshot`)."""

    match_id: str
    step: int
    action: dict[str, Any]
    match_values: dict[str, Any]


ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]
MATCHES: Table = MatchRow.__table__  # type: ignore[assignment]
SNAPSHOTS: Table = SnapshotRow.__table__  # type: ignore[assignment]
INSERT_ACTION = ACTIONS.insert()
INSERT_SNAPSHOT = SNAPSHOTS.insert()
# An SQLite commit appends to the WAL without syncing; copying the WAL back into the database
# (a checkpoint) syncs, so the steps logged in the event loop leave it to the writer thread,
# every this many steps.
CHECKPOINT_EVERY = 200


def _sqlite_insert(table: Table) -> str:
    """The table's INSERT as SQLite text, for the driver's own `execute` (named parameters)."""
    names = [column.name for column in table.columns]
    return (f"INSERT INTO {table.name} ({', '.join(names)}) "
            f"VALUES ({', '.join(':' + name for name in names)})")


SQLITE_INSERT_ACTION = _sqlite_insert(ACTIONS)
SQLITE_INSERT_SNAPSHOT = _sqlite_insert(SNAPSHOTS)
JSON_COLUMNS = frozenset(c.name for t in (ACTIONS, MATCHES, SNAPSHOTS) for c in t.columns
                         if isinstance(c.type, JSON))


@cache
def _sqlite_update_match(columns: frozenset[str]) -> str:
    sets = ", ".join(f"{name} = :{name}" for name in sorted(columns))
    return f"UPDATE {MATCHES.name} SET {sets} WHERE id = :match"


def _sqlite_values(values: dict[str, Any]) -> dict[str, Any]:
    """Values as the driver takes them: JSON columns as text (as SQLAlchemy's JSON type writes
    them, so that the ORM reads them back)."""
    return {name: json.dumps(value) if name in JSON_COLUMNS else value
            for name, value in values.items()}


@cache
def _update_match(columns: frozenset[str]) -> Any:
    """The match row's update of these columns (one statement per set, built once)."""
    return (
        MATCHES.update()
        .where(MATCHES.c.id == bindparam("match"))
        .values({name: bindparam(name) for name in sorted(columns)})
    )


@dataclass
class SeatInfo:
    seat: int
    name: str | None
    token_hash: str | None
    bot: str | None
    open: bool = False
    code_hash: str | None = None  # a match's seat taken by name: its personal code's hash
    replaced_hash: str | None = None  # the token a way back replaced

    @property
    def free(self) -> bool:
        return self.name is None and self.bot is None

    @property
    def joinable(self) -> bool:
        """Free and open to anyone (not kept for an invited person)."""
        return self.free and self.open


@dataclass
class MemberInfo:
    member: int
    name: str
    token_hash: str
    seat: int | None
    left: bool
    code_hash: str | None = None  # the personal code's hash (api.guests)
    replaced_hash: str | None = None  # the token a way back replaced
    merged_into: int | None = None  # the member this entry was merged into

    @property
    def present(self) -> bool:
        """A person of the session: not gone, not merged into another entry."""
        return not self.left and self.merged_into is None


@dataclass
class MatchInfo:
    """A match's header as stored: what it is, who sits where, how it is going."""

    id: str
    game: str
    players: int | None
    seed: int
    options: dict[str, Any]
    status: str
    created_at: float
    started_at: float | None
    finished_at: float | None
    step: int
    host_token_hash: str
    spectator_token_hash: str
    public_spectators: bool
    join_code: str | None
    settings: dict[str, Any]
    clocks: dict[str, Any]
    crews: list[list[int]] | None
    parked_at: float | None = None
    seats: list[SeatInfo] = field(default_factory=list)
    members: list[MemberInfo] = field(default_factory=list)

    @property
    def is_session(self) -> bool:
        return self.join_code is not None


def _match_info(row: MatchRow, seats: list[SeatRow], members: list[MemberRow]) -> MatchInfo:
    return MatchInfo(
        id=row.id,
        game=row.game,
        players=row.players,
        seed=row.seed,
        options=dict(row.options),
        status=row.status,
        created_at=row.created_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        step=row.step,
        host_token_hash=row.host_token_hash,
        spectator_token_hash=row.spectator_token_hash,
        public_spectators=row.public_spectators,
        join_code=row.join_code,
        settings=dict(row.settings),
        clocks=dict(row.clocks),
        crews=[list(c) for c in row.crews] if row.crews is not None else None,
        parked_at=row.parked_at,
        seats=[SeatInfo(s.seat, s.name, s.token_hash, s.bot, s.open, s.code_hash,
                        s.replaced_hash) for s in seats],
        members=[MemberInfo(m.member, m.name, m.token_hash, m.seat, m.left, m.code_hash,
                            m.replaced_hash, m.merged_into) for m in members],
    )


def _lock_key(match_id: str) -> int:
    """A signed 64-bit key for PostgreSQL's advisory locks."""
    return int.from_bytes(hashlib.sha256(match_id.encode()).digest()[:8], "big", signed=True)


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        self.sqlite = url.startswith("sqlite")
        if self.sqlite:
            self.engine: Engine = create_engine(url, connect_args={"check_same_thread": False})
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)
        # SQLite has one writer; serialising this process's writes avoids its busy errors.
        self._sqlite_writer = threading.Lock()
        # The thread that logs actions: one for SQLite (its single writer), several else.
        self.writer = ThreadPoolExecutor(max_workers=1 if self.sqlite else 4,
                                         thread_name_prefix="ludoteca-db")

        # SQLite: the one connection that logs steps, kept open (see `log_step`).
        self._step_log: Any = None
        self._logged_since_checkpoint = 0

    async def run_write(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.writer, fn, *args)

    async def log_step(self, rows: StepRows) -> None:
        """Log one accepted step; it is committed when this returns.

        SQLite, when no other write of this process holds the database: here, in the event
        loop, with the driver's own statements on a connection kept for it. Its commit appends
        to the WAL without syncing (about 0.1 ms), much less than handing the write to a
        thread and back, which costs a millisecond or more once the loop is busy (the thread
        waits for the interpreter's lock while the loop builds other matches' frames).
        Otherwise, and always with PostgreSQL (a network round trip): the writer thread."""
        if await self._write(lambda driver: self._log_sqlite(driver, rows),
                             lambda connection: self.write_step(connection, rows)):
            self._logged_since_checkpoint += 1
            if self._logged_since_checkpoint >= CHECKPOINT_EVERY:
                self._logged_since_checkpoint = 0
                self.writer.submit(self._checkpoint)

    async def save_snapshot(self, match_id: str, step: int, state_json: str) -> None:
        """Save a match's state after `step` (its `to_json` as JSON text) in a transaction of
        its own; committed, as `log_step`, when this returns."""
        values = {"match_id": match_id, "step": step, "state": state_json}
        await self._write(
            lambda driver: driver.execute(SQLITE_INSERT_SNAPSHOT, values),
            lambda connection: connection.execute(  # the JSON column takes a value
                INSERT_SNAPSHOT, {**values, "state": json.loads(state_json)}),
        )

    async def _write(self, sqlite: Callable[[Any], Any], other: Callable[[Connection], Any]
                     ) -> bool:
        """One transaction: on SQLite `sqlite(the driver's connection)`, in the event loop when
        no other write of this process holds the database (then True, see `log_step`), else in
        the writer thread; on any other database `other(a connection)` in the writer thread."""
        if self.sqlite and self._sqlite_writer.acquire(blocking=False):
            try:
                self._in_step_log(sqlite)
            finally:
                self._sqlite_writer.release()
            return True
        await self.run_write(self._write_in_thread, sqlite, other)
        return False

    def _write_in_thread(self, sqlite: Callable[[Any], Any],
                         other: Callable[[Connection], Any]) -> None:
        if self.sqlite:
            with self._sqlite_writer:
                self._in_step_log(sqlite)
        else:
            with self.engine.begin() as connection:
                other(connection)

    def _in_step_log(self, write: Callable[[Any], Any]) -> None:
        """`write(the driver's connection)` in one transaction on the connection kept for
        logging (the caller holds the writer lock): building and running SQLAlchemy's
        statements costs more than SQLite's work."""
        if self._step_log is None:
            self._step_log = self.engine.raw_connection()
            # Its checkpoints are the writer thread's (`_checkpoint`), never in the loop.
            self._step_log.driver_connection.execute("PRAGMA wal_autocheckpoint=0")
        driver = self._step_log.driver_connection
        with driver:  # commits, or rolls back on an exception
            write(driver)

    @staticmethod
    def _log_sqlite(driver: Any, rows: StepRows) -> None:
        """`write_step` in the driver's SQL."""
        driver.execute(SQLITE_INSERT_ACTION, _sqlite_values(
            {"match_id": rows.match_id, "step": rows.step, **rows.action}))
        driver.execute(_sqlite_update_match(frozenset(rows.match_values)),
                       {"match": rows.match_id, **_sqlite_values(rows.match_values)})

    def _checkpoint(self) -> None:
        with self.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    @staticmethod
    def write_step(where: Session | Connection, rows: StepRows) -> None:
        """The hot path of every action: statements built once (building one costs more than
        running it), no ORM bookkeeping."""
        connection = where.connection() if isinstance(where, Session) else where
        connection.execute(INSERT_ACTION, {"match_id": rows.match_id, "step": rows.step,
                                           **rows.action})
        connection.execute(_update_match(frozenset(rows.match_values)),
                           {"match": rows.match_id, **rows.match_values})

    def close(self) -> None:
        self.writer.shutdown(wait=True)
        if self._step_log is not None:
            self._step_log.close()
        self.engine.dispose()

    # --- schema -------------------------------------------------------------------------------
    def migrate(self) -> None:
        """Bring the schema to the newest migration (several processes may start at once)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            if not self.sqlite:
                connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    # --- transactions -------------------------------------------------------------------------
    @contextmanager
    def write(self) -> Iterator[Session]:
        if self.sqlite:
            with self._sqlite_writer, Session(self.engine) as session, session.begin():
                yield session
        else:
            with Session(self.engine) as session, session.begin():
                yield session

    @contextmanager
    def read(self) -> Iterator[Session]:
        with Session(self.engine) as session:
            yield session

    def locked_write(
        self,
        match_id: str,
        known_step: int,
        decide: Callable[[Session, list[LoggedAction]], T],
        shared: bool = True,
    ) -> T:
        """Run `decide(session, missed)` in a transaction holding the match's lock, where
        `missed` are the actions logged after `known_step`; whatever it raises rolls back.
        With `shared` False this process is the only writer (its own lock on the match is
        held by the caller), so there is no lock to take and nothing to catch up with."""
        with self.write() as session:
            if not shared:
                return decide(session, [])
            if not self.sqlite:
                session.execute(
                    text("SELECT pg_advisory_xact_lock(:k)"), {"k": _lock_key(match_id)}
                )
            return decide(session, self._actions(session, match_id, known_step))

    # --- reading ------------------------------------------------------------------------------
    def match(self, match_id: str) -> MatchInfo | None:
        with self.read() as session:
            return self._match(session, match_id)

    def _match(self, session: Session, match_id: str) -> MatchInfo | None:
        row = session.get(MatchRow, match_id)
        if row is None:
            return None
        seats = session.scalars(
            select(SeatRow).where(SeatRow.match_id == match_id).order_by(SeatRow.seat)
        ).all()
        members = session.scalars(
            select(MemberRow).where(MemberRow.match_id == match_id).order_by(MemberRow.member)
        ).all()
        return _match_info(row, list(seats), list(members))

    def match_by_code(self, code: str) -> MatchInfo | None:
        with self.read() as session:
            match_id = session.scalar(select(MatchRow.id).where(MatchRow.join_code == code))
            return None if match_id is None else self._match(session, match_id)

    def open_matches(self, limit: int) -> list[MatchInfo]:
        """Matches that have not ended and have a free seat, newest first."""
        with self.read() as session:
            free = (
                select(SeatRow.match_id)
                .where(SeatRow.name.is_(None), SeatRow.bot.is_(None), SeatRow.open.is_(True))
                .distinct()
            )
            ids = session.scalars(
                select(MatchRow.id)
                .where(MatchRow.status.in_(("open", "running", "paused")), MatchRow.id.in_(free))
                .order_by(MatchRow.created_at.desc())
                .limit(limit)
            ).all()
            found = (self._match(session, match_id) for match_id in ids)
            return [info for info in found if info is not None]

    def live_match_ids(self) -> list[str]:
        """Running and paused matches, but those parked (nobody at them, nothing due)."""
        with self.read() as session:
            return list(
                session.scalars(
                    select(MatchRow.id).where(MatchRow.status.in_(LIVE),
                                              MatchRow.parked_at.is_(None))
                ).all()
            )

    def parked_count(self) -> int:
        """Running and paused matches parked now (for the metrics)."""
        with self.read() as session:
            return int(session.scalar(select(func.count()).where(
                MatchRow.status.in_(LIVE), MatchRow.parked_at.is_not(None))) or 0)

    def ping(self) -> None:
        """One round trip to the database (the metrics' probe); raises if it cannot answer."""
        with self.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    def park(self, match_id: str, at: float | None) -> None:
        """Park a running or paused match (None: take it out of the car park)."""
        with self.write() as session:
            session.execute(update(MatchRow).where(MatchRow.id == match_id,
                                                   MatchRow.status.in_(LIVE))
                            .values(parked_at=at))

    def created(self, creator: str, since: float) -> tuple[int, int]:
        """How many matches and sessions `creator` made since `since`, and how many of all
        it made are not finished."""
        with self.read() as session:
            recent = session.scalar(select(func.count()).where(
                MatchRow.creator == creator, MatchRow.created_at >= since))
            unfinished = session.scalar(select(func.count()).where(
                MatchRow.creator == creator, MatchRow.status.in_(UNFINISHED)))
            return int(recent or 0), int(unfinished or 0)

    def abandoned(self, idle_since: float) -> list[tuple[str, str, str, float]]:
        """Matches not finished that nobody has been at since `idle_since`: parked ones, and
        those never started (open, or a session's lobby), with nothing logged since: (id, game,
        status, the time of the last sign of life), the longest idle first."""
        last_step = (select(ActionRow.match_id, func.max(ActionRow.at).label("at"))
                     .group_by(ActionRow.match_id).subquery())
        lived = func.coalesce(MatchRow.parked_at, last_step.c.at, MatchRow.started_at,
                              MatchRow.created_at)
        with self.read() as session:
            rows = session.execute(
                select(MatchRow.id, MatchRow.game, MatchRow.status, lived)
                .outerjoin(last_step, last_step.c.match_id == MatchRow.id)
                .where(MatchRow.status.in_(UNFINISHED), lived < idle_since,
                       (MatchRow.parked_at.is_not(None)) | MatchRow.status.in_(UNSTARTED))
                .order_by(lived)
            ).all()
        return [(match_id, game, status, float(at)) for match_id, game, status, at in rows]

    def end_matches(self, match_ids: list[str], at: float) -> int:
        """End these matches if they are not finished; how many were."""
        with self.write() as session:
            result = session.execute(
                update(MatchRow).where(MatchRow.id.in_(match_ids),
                                       MatchRow.status.in_(UNFINISHED))
                .values(status="ended", finished_at=at, parked_at=None))
            return int(getattr(result, "rowcount", 0))

    def steps(self, match_ids: list[str]) -> dict[str, tuple[int, str]]:
        """Each match's logged step and status, in one query (a heartbeat's check for the steps
        other processes logged whose notices never came)."""
        with self.read() as session:
            rows = session.execute(
                select(MatchRow.id, MatchRow.step, MatchRow.status)
                .where(MatchRow.id.in_(match_ids))
            ).all()
            return {match_id: (step, status) for match_id, step, status in rows}

    def actions(self, match_id: str, after: int = 0) -> list[LoggedAction]:
        with self.read() as session:
            return self._actions(session, match_id, after)

    @staticmethod
    def _actions(session: Session, match_id: str, after: int) -> list[LoggedAction]:
        rows = session.scalars(
            select(ActionRow)
            .where(ActionRow.match_id == match_id, ActionRow.step > after)
            .order_by(ActionRow.step)
        ).all()
        return [LoggedAction(r.step, r.seat, dict(r.action), r.source, r.at, r.ref)
                for r in rows]

    def recent_refs(self, match_id: str, limit: int = 2_000) -> list[tuple[int, str, int]]:
        """The newest actions logged with a ref, as (seat, ref, step), oldest first."""
        with self.read() as session:
            rows = session.execute(
                select(ActionRow.seat, ActionRow.ref, ActionRow.step)
                .where(ActionRow.match_id == match_id, ActionRow.ref.is_not(None))
                .order_by(ActionRow.step.desc())
                .limit(limit)
            ).all()
        return [(seat, str(ref), step) for seat, ref, step in reversed(rows)]

    def latest_snapshot(self, match_id: str) -> tuple[int, dict[str, Any]] | None:
        with self.read() as session:
            step = session.scalar(
                select(func.max(SnapshotRow.step)).where(SnapshotRow.match_id == match_id)
            )
            if step is None:
                return None
            row = session.get(SnapshotRow, (match_id, step))
            assert row is not None
            return step, dict(row.state)

    # --- writing ------------------------------------------------------------------------------
    def insert(self, *rows: Any) -> None:
        with self.write() as session:
            session.add_all(rows)

    def update_match(self, match_id: str, **values: Any) -> None:
        with self.write() as session:
            session.execute(update(MatchRow).where(MatchRow.id == match_id).values(**values))

    def claim_seat(self, match_id: str, seat: int, name: str, token_hash: str | None,
                   code_hash: str | None = None) -> bool:
        """Take a free seat; False if someone took it first. With `token_hash` None the seat
        keeps its token (an invite link being used); with a new token only an open seat can
        be taken (the others are kept for their invite link), with its person's personal code
        (`code_hash`)."""
        values: dict[str, Any] = {"name": name, "code_hash": code_hash, "replaced_hash": None}
        conditions = [SeatRow.match_id == match_id, SeatRow.seat == seat,
                      SeatRow.name.is_(None), SeatRow.bot.is_(None)]
        if token_hash is not None:
            values["token_hash"] = token_hash
            conditions.append(SeatRow.open.is_(True))
        with self.write() as session:
            result = session.execute(update(SeatRow).where(*conditions).values(**values))
            return bool(getattr(result, "rowcount", 0))

    def set_seat(self, match_id: str, seat: int, **values: Any) -> None:
        with self.write() as session:
            session.execute(
                update(SeatRow)
                .where(SeatRow.match_id == match_id, SeatRow.seat == seat)
                .values(**values)
            )

    def set_member(self, match_id: str, member: int, **values: Any) -> None:
        with self.write() as session:
            session.execute(
                update(MemberRow)
                .where(MemberRow.match_id == match_id, MemberRow.member == member)
                .values(**values)
            )


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL with synchronous=NORMAL: a commit reaches the operating system before it returns, so
    killing the server loses nothing acknowledged (only a power cut could lose the last few)."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()
