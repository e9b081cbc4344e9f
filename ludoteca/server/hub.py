"""The live matches of this process: loading them, who each connection is, and the heartbeat
that shares presence and leases with the other processes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.server import frames
from ludoteca.server.bots import controlled_seats
from ludoteca.server.bus import LocalBus, RedisBus
from ludoteca.server.catalog import Catalog
from ludoteca.server.config import ServerConfig
from ludoteca.server.connection import Connection
from ludoteca.server.driver import drive
from ludoteca.server.live import LiveMatch, load_state
from ludoteca.server.storage import Store
from ludoteca.server.tokens import find_hash, hash_token

log = logging.getLogger("ludoteca.server")
# A finished or idle match with nobody connected leaves memory after this many seconds.
IDLE_SECONDS = 60.0
SWEEP_EVERY = 5  # heartbeats between looks for running matches that nobody drives
FRAMES_TURN_SECONDS = 0.0005  # frames built before the event loop gets a turn (see _send_frames)
TIMER_SECONDS = 1e-6  # a timer due at once (see _after_actions)


@dataclass
class Identity:
    seat: int | None = None
    member: int | None = None
    host: bool = False
    token_hash: str | None = None


async def _after_actions() -> None:
    """Give the event loop a turn in which the actions that arrived meanwhile are read and
    answered before more frames are built. `sleep(0)` would resume ahead of them: a task woken
    so runs before the callbacks of the sockets that turn. A timer due at once resumes after
    those callbacks; a second one, after the tasks they woke (the actions' handling)."""
    await asyncio.sleep(TIMER_SECONDS)
    await asyncio.sleep(TIMER_SECONDS)


class Hub:
    def __init__(
        self,
        config: ServerConfig,
        store: Store,
        catalog: Catalog,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.store = store
        self.catalog = catalog
        self.now = now
        self.bus: LocalBus | RedisBus = (
            RedisBus(config.redis_url, 3 * config.heartbeat_seconds)
            if config.redis_url
            else LocalBus()
        )
        self.matches: dict[str, LiveMatch] = {}
        # Each game's actions as JSON text (see LiveMatch._legal_json).
        self.action_texts: defaultdict[str, dict[Action, str]] = defaultdict(dict)
        self._loading: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._idle_since: dict[str, float] = {}
        self._heartbeat: asyncio.Task[None] | None = None
        # Matches with steps whose frames are not out yet, in the order they became due.
        self._frames_due: dict[str, LiveMatch] = {}
        self._frames_wanted = asyncio.Event()
        self._frames: asyncio.Task[None] | None = None

    # --- lifetime -----------------------------------------------------------------------------
    async def start(self) -> None:
        await self.bus.start(self.on_notice)
        for match_id in await asyncio.to_thread(self.store.live_match_ids):
            await self.get(match_id)
        self._heartbeat = asyncio.create_task(self._beat())
        self._frames = asyncio.create_task(self._send_frames())

    async def stop(self) -> None:
        for task in (self._heartbeat, self._frames):
            if task is not None:
                task.cancel()
        for live in list(self.matches.values()):
            await self._unload(live)
        await self.bus.close()

    async def get(self, match_id: str) -> LiveMatch | None:
        """The live match, loaded from the database if needed; None if there is no such match."""
        live = self.matches.get(match_id)
        if live is not None:
            return live
        async with self._loading[match_id]:
            if match_id in self.matches:
                return self.matches[match_id]
            info = await asyncio.to_thread(self.store.match, match_id)
            if info is None:
                return None
            game = self.catalog.game(info.game)
            state, step = None, 0
            if info.players is not None:
                state, step = await asyncio.to_thread(load_state, self.store, game, info)
            live = LiveMatch(self, info, game, state)
            live.step = step
            live.driving = isinstance(self.bus, LocalBus) or await self._lease(live)
            self.matches[match_id] = live
            live.driver = asyncio.create_task(drive(live))
            return live

    async def _unload(self, live: LiveMatch) -> None:
        self.matches.pop(live.id, None)
        if live.driver is not None:
            live.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await live.driver
        if live.seat_bots is not None:
            live.seat_bots.forget_all_but(set())
        if live.driving:
            with contextlib.suppress(Exception):
                await self.bus.release_lease(live.id)

    # --- frames ---------------------------------------------------------------------------------
    def frames_due(self, live: LiveMatch) -> None:
        """`live` has steps whose frames are not out yet: send them soon (`_send_frames`)."""
        self._frames_due.setdefault(live.id, live)
        self._frames_wanted.set()

    async def _send_frames(self) -> None:
        """The frames of the steps accepted, about half a millisecond of work on them per turn
        of the event loop. An action's `accepted` leaves as soon as it is committed; its step's
        frames, built here (0.5-1.5 ms of work a step for every seat), then written here to one
        socket after another, each write a system call that wakes a client (0.1 ms and more),
        no longer make the actions of other matches that arrive meanwhile wait for several
        steps' frames at once, nor for all of one step's writes (nine in Ciurme, with the
        facilitator): the writes wait for `flush` here, not for the connections' writers, which
        would all run in one turn. The actions read in one turn are all answered before any of
        their frames is built."""
        began = 0.0

        async def pause_when_due() -> None:
            nonlocal began
            if time.perf_counter() - began >= FRAMES_TURN_SECONDS:
                await _after_actions()
                began = time.perf_counter()

        while True:
            await self._frames_wanted.wait()
            self._frames_wanted.clear()
            began = time.perf_counter()
            while self._frames_due:
                await pause_when_due()
                live = self._frames_due.pop(next(iter(self._frames_due)))
                held: list[Connection] = []
                try:
                    async with live.lock:
                        held = list(live.connections)
                        for connection in held:
                            connection.held = True
                        live.send_unsent()
                except Exception:
                    log.exception("sending the frames of match %s failed", live.id)
                for connection in held:
                    await pause_when_due()
                    connection.flush()

    # --- between processes --------------------------------------------------------------------
    async def publish(self, match_id: str, message: dict[str, Any]) -> None:
        try:
            await self.bus.publish(match_id, message)
        except Exception:  # the others catch up from the database at their next action
            log.exception("publishing a notice for match %s failed", match_id)

    async def header_changed(self, live: LiveMatch) -> None:
        """After a lobby or host change written to the database: refresh here, tell the rest."""
        await live.reload_header()
        await self.publish(live.id, {"kind": "header"})

    async def on_notice(self, notice: dict[str, Any]) -> None:
        live = self.matches.get(str(notice.get("match")))
        if live is None:
            return
        kind = notice.get("kind")
        if kind == "step" and int(notice.get("step", 0)) > live.step:
            await live.catch_up()
        elif kind == "header":
            await live.reload_header()
        elif kind == "presence":
            seats = {int(k): int(v) for k, v in dict(notice.get("seats", {})).items()}
            live.presence.update_remote(
                str(notice["process"]), seats, int(notice.get("spectators", 0)), self.now()
            )
            live.broadcast_presence()
            live.changed.set()

    async def share_presence(self, live: LiveMatch) -> None:
        if isinstance(self.bus, LocalBus):
            return
        await self.publish(
            live.id,
            {
                "kind": "presence",
                "seats": {str(k): v for k, v in live.local_counts().items()},
                "spectators": live.presence.local_spectators,
            },
        )

    async def _lease(self, live: LiveMatch) -> bool:
        if live.info.status not in ("running", "paused"):
            return False
        try:
            return await self.bus.hold_lease(live.id)
        except Exception:
            log.exception("the lease of match %s could not be renewed", live.id)
            return False

    async def _beat(self) -> None:
        beats = 0
        while True:
            await asyncio.sleep(self.config.heartbeat_seconds)
            beats += 1
            try:
                await self._beat_once(sweep=beats % SWEEP_EVERY == 0)
            except Exception:
                log.exception("the heartbeat failed")

    async def _beat_once(self, sweep: bool) -> None:
        now = self.now()
        shared = not isinstance(self.bus, LocalBus)
        for live in list(self.matches.values()):
            if shared:
                await self.share_presence(live)
                driving = await self._lease(live)
                if driving != live.driving:
                    live.driving = driving
                    live.changed.set()
            if live.presence.expire(now):
                live.broadcast_presence()
                live.changed.set()
            await self._unload_if_idle(live, now)
        if shared and sweep:
            for match_id in await asyncio.to_thread(self.store.live_match_ids):
                await self.get(match_id)

    async def _unload_if_idle(self, live: LiveMatch, now: float) -> None:
        busy = live.connections or live.info.status in ("running", "paused")
        if busy:
            self._idle_since.pop(live.id, None)
            return
        since = self._idle_since.setdefault(live.id, now)
        if now - since >= IDLE_SECONDS:
            self._idle_since.pop(live.id, None)
            await self._unload(live)

    # --- who a connection is --------------------------------------------------------------------
    def identify(self, live: LiveMatch, token: str | None) -> Identity | str:
        """Who `token` is in this match, or why it opens nothing."""
        if not token:
            if live.info.public_spectators:
                return Identity()
            return "this match is watched with its spectator link: send its token"
        found = self.identify_hash(live, hash_token(token))
        return found if found is not None else "that token does not open this match"

    def identify_hash(self, live: LiveMatch, presented: str) -> Identity | None:
        info = live.info
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

    def identify_again(self, live: LiveMatch, connection: Connection) -> None:
        """After a header change (a session started, a seat given to a bot, a leave)."""
        if connection.token_hash is None:
            return
        found = self.identify_hash(live, connection.token_hash)
        before = connection.seat
        if found is None:
            connection.seat, connection.member, connection.host = None, None, False
            connection.token_hash = None
            connection.send(frames.error("your token no longer opens this match: you watch it"))
        else:
            connection.seat, connection.member, connection.host = (
                found.seat, found.member, found.host
            )
        if before != connection.seat:
            live.presence.disconnect(before, self.now())
            live.presence.connect(connection.seat)
            connection.last_state = None

    def lobby_frame(self, live: LiveMatch) -> dict[str, Any]:
        info = live.info
        members = [
            {"member": m.member, "name": m.name} for m in info.members if not m.left
        ]
        return {
            "type": "lobby",
            "id": info.id,
            "game": info.game,
            "status": info.status,
            "code": info.join_code,
            "players": info.players,
            "members": members,
            "crews": info.crews or [],
        }

    def stand_ins(self, live: LiveMatch) -> set[int]:
        bots = {s.seat for s in live.info.seats if s.bot}
        return set(controlled_seats(live, self.now())) - bots
