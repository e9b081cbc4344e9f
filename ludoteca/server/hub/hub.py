"""The live matches of this process and their connections: loading a match, every action's way
through its pipeline and out to the screens, the frames task, each match's driver, and the
heartbeat that shares presence and leases with the other processes.

With other processes, the database is the truth and notices only say when to read it: a notice
can be missed (Redis restarted, this process cut off from it, a match loading while it came, a
process killed between its commit and its notice), so what they would have said is read again
after a match is loaded, after the bus subscribes again, and in every heartbeat (one query for
the steps and statuses of every match loaded here; those behind catch up).

The matches are shared out: a process drives no more than its share (the running matches over
the live processes, rounded up), hands what it drives beyond it to the others when a process
joins, takes up matches nobody drives up to it, and keeps in memory only the matches it drives
or its own clients are at; so its heartbeat's work grows with its share, not with the site.

The hub is the only caller of a live match: it takes the decisions and the frames the match
hands back and sends them (a match never calls the hub).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from ludoteca.engine.actions import Action
from ludoteca.server.config import ServerConfig
from ludoteca.server.hub import bus as bus_module
from ludoteca.server.hub.bus import LocalBus, RedisBus
from ludoteca.server.hub.connection import SERVICE_RESTART, SERVICE_RESTART_REASON, Connection
from ludoteca.server.hub.room import Room
from ludoteca.server.live import Decision, LiveMatch
from ludoteca.server.live.bot_pool import BotPool
from ludoteca.server.live.catalog import Catalog
from ludoteca.server.live.due import due_now
from ludoteca.server.live.explanations import Explanations
from ludoteca.server.live.match import load_timeline
from ludoteca.server.logs import about_match
from ludoteca.server.metrics import Metrics
from ludoteca.server.store import Store
from ludoteca.server.store.database import LIVE
from ludoteca.server.store.models import MatchRow

log = logging.getLogger("ludoteca.server")
SWEEP_EVERY = 5  # heartbeats between looks for running matches that nobody drives
FRAMES_TURN_SECONDS = 0.0005  # frames built before the event loop gets a turn (see _send_frames)
TIMER_SECONDS = 1e-6  # a timer due at once (see _after_actions)


# What a match id can be (see store.tokens.new_match_id): other ids are not looked up.
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")


@dataclass
class _Loading:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


async def _after_actions() -> None:
    """Give the event loop a turn in which the actions that arrived meanwhile are read and
    answered before more frames are built. `sleep(0)` would resume ahead of them: a task woken
    so runs before the callbacks of the sockets that turn. A timer due at once resumes after
    those callbacks; a second one, after the tasks they woke (the actions' handling)."""
    await asyncio.sleep(TIMER_SECONDS)
    await asyncio.sleep(TIMER_SECONDS)


def ref_text(ref: str | int | None) -> str | None:
    """A client's ref (checked by the WebSocket: short text or a whole number) as the text
    kept with its action."""
    return None if ref is None else str(ref)


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
            RedisBus(config.redis_url, config.heartbeat_seconds)
            if config.redis_url
            else LocalBus()
        )
        self.rooms: dict[str, Room] = {}
        self.bot_pool = BotPool(config.bot_threads, config.bot_max_seconds)
        self.metrics = Metrics(config.shared)
        self.bot_pool.on_move = self.metrics.bot_think_seconds.observe
        self.draining = False  # SIGTERM: no new socket, the matches handed over (`drain`)
        # With several processes: how many are live (from their heartbeats in Redis), the
        # running matches known (the last sweep's, and those loaded since), and so the most
        # matches this process drives (None: no limit, one process).
        self.processes = 1
        self.live_known: set[str] = set()
        self.share: int | None = None
        # Since when each match loaded here has had no driver that this process knows of.
        self._undriven_since: dict[str, float] = {}
        self.explanations = Explanations(self.bot_pool)
        self._drivers: dict[str, asyncio.Task[None]] = {}
        # Each game's actions as JSON text, shared by its matches (see LiveMatch._legal_json).
        self.action_texts: defaultdict[str, dict[Action, str]] = defaultdict(dict)
        self._loading: dict[str, _Loading] = {}
        self._idle_since: dict[str, float] = {}
        self._heartbeat: asyncio.Task[None] | None = None
        # Matches with steps whose frames are not out yet, in the order they became due.
        self._frames_due: dict[str, LiveMatch] = {}
        self._frames_wanted = asyncio.Event()
        self._frames: asyncio.Task[None] | None = None
        # The notices that could not be sent (cut off from Redis), by match: sent when back.
        self._unsent_notices: defaultdict[str, set[str]] = defaultdict(set)
        self._publish_failing = False

    @property
    def matches(self) -> dict[str, LiveMatch]:
        """The matches loaded in this process, by id."""
        return {match_id: room.live for match_id, room in self.rooms.items()}

    # --- lifetime -----------------------------------------------------------------------------
    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()  # the loop every match of this hub lives in
        await self.bus.start(self.on_notice, self._reconnected)
        if self.config.shared:  # its share of the matches nobody drives, no more
            with contextlib.suppress(Exception):
                self.processes = await self.bus.beat()
            await self._sweep()
        else:  # the one process drives every running match
            for match_id in await asyncio.to_thread(self.store.live_match_ids):
                await self.get(match_id)
        self._heartbeat = asyncio.create_task(self._beat())
        self._frames = asyncio.create_task(self._send_frames())

    async def stop(self) -> None:
        for task in (self._heartbeat, self._frames):
            if task is not None:
                task.cancel()
        for room in list(self.rooms.values()):
            await self._unload(room.live)
        self.bot_pool.close()
        await self.bus.close()

    async def get(self, match_id: str) -> LiveMatch | None:
        """The live match, loaded from the database if needed; None if there is no such match
        (an id that no match could have is not even looked for)."""
        room = self.rooms.get(match_id)
        if room is not None:
            return room.live
        if not MATCH_ID.fullmatch(match_id):
            return None
        async with self._loading_lock(match_id):
            if match_id in self.rooms:
                return self.rooms[match_id].live
            info = await asyncio.to_thread(self.store.match, match_id)
            if info is None:
                return None
            game = self.catalog.game(info.game)
            timeline = None
            if info.players is not None:
                timeline = await asyncio.to_thread(load_timeline, self.store, game, info)
            live = LiveMatch(info, game, timeline, store=self.store, config=self.config,
                             now=self.now, action_texts=self.action_texts[info.game],
                             bot_pool=self.bot_pool)
            live.keep_refs(await asyncio.to_thread(self.store.recent_refs, match_id))
            if info.parked_at is not None:  # someone came back: every process may load it
                await asyncio.to_thread(self.store.park, match_id, None)
                info.parked_at = None
            if info.status in LIVE and match_id not in self.live_known:  # new since the sweep
                self.live_known.add(match_id)
                self._count_share()
            live.driving = isinstance(self.bus, LocalBus) or await self._lease(live)
            self.rooms[match_id] = Room(live)
            self._drivers[match_id] = asyncio.create_task(self._drive(live))
            if self.config.shared:  # the notices that came while it loaded found no room
                await self._refresh(live)
            return live

    @contextlib.asynccontextmanager
    async def _loading_lock(self, match_id: str) -> AsyncIterator[None]:
        """One load of a match at a time; the lock is forgotten once nobody waits for it, so
        ids asked for (most of them unknown, from anyone) cost nothing to keep."""
        entry = self._loading.setdefault(match_id, _Loading())
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            if entry.users == 0:
                del self._loading[match_id]

    def room(self, live: LiveMatch) -> Room:
        """The room of `live`; a match no longer loaded here has an empty one."""
        room = self.rooms.get(live.id)
        return room if room is not None and room.live is live else Room(live)

    async def _unload(self, live: LiveMatch) -> None:
        self.rooms.pop(live.id, None)
        self._undriven_since.pop(live.id, None)
        driver = self._drivers.pop(live.id, None)
        if driver is not None:
            driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await driver
        live.seat_bots.forget_all_but(set())
        if live.driving:
            with contextlib.suppress(Exception):
                await self.bus.release_lease(live.id)

    def sockets(self) -> int:
        """Live-play sockets open on this process."""
        return sum(len(room.connections) for room in self.rooms.values())

    async def drain(self) -> None:
        """This process is stopping: it takes no lease any more, hands every match it drives
        to the others (the lease released, a notice so that one takes it at once), and tells
        every client to reconnect (elsewhere: this process no longer listens)."""
        self.draining = True
        with contextlib.suppress(Exception):
            await self.bus.leave()
        for room in list(self.rooms.values()):
            if room.live.driving:
                await self._hand_over(room.live)
        for room in list(self.rooms.values()):
            for connection in list(room.connections):
                connection.close(SERVICE_RESTART, SERVICE_RESTART_REASON)

    async def _hand_over(self, live: LiveMatch) -> None:
        """Stop driving `live` and ask the others to: its lease released, a notice sent, so
        that a process under its share takes it at once."""
        async with live.lock:  # no bot's move or clock of this process after this
            live.driving = False
            live.seat_bots.forget_all_but(set())
        live.changed.set()
        with contextlib.suppress(Exception):
            await self.bus.release_lease(live.id)
        await self.publish(live.id, {"kind": "handover"})

    # --- the share of each process --------------------------------------------------------------
    def _driven(self) -> int:
        return sum(1 for room in self.rooms.values() if room.live.driving)

    def _count_share(self) -> None:
        """The most matches this process drives: the running matches over the live processes,
        rounded up (so that together they can drive every one)."""
        self.share = max(1, -(-len(self.live_known) // self.processes))

    def _left_undriven(self, live: LiveMatch) -> bool:
        """Offered to the others for a lease's length and still not driven (their shares were
        counted before a process came or went): taken beyond the share, which the next sweep
        evens out."""
        since = self._undriven_since.setdefault(live.id, time.monotonic())
        return time.monotonic() - since >= bus_module.LEASE_HEARTBEATS * (
            self.config.heartbeat_seconds)

    def _under_share(self) -> bool:
        return not self.draining and (self.share is None or self._driven() < self.share)

    async def _sweep(self) -> None:
        """Every few heartbeats: the share again (running matches and live processes), the
        matches driven beyond it handed over (a process joined), and running matches nobody
        drives taken up to it (their driver died)."""
        stored = await asyncio.to_thread(self.store.live_match_ids)
        self.live_known = set(stored)
        self._count_share()
        await self._hand_over_excess()
        free = (self.share or 0) - self._driven()
        if free <= 0 or self.draining:
            return
        orphans = await self.bus.unleased([m for m in stored if m not in self.rooms])
        for match_id in orphans[:free]:
            await self.get(match_id)

    async def _hand_over_excess(self) -> None:
        """Drive no more than the share: those beyond it, the ones with fewest players here
        first, go to the processes under theirs."""
        driven = [room for room in self.rooms.values() if room.live.driving]
        excess = len(driven) - (self.share if self.share is not None else len(driven))
        if excess <= 0:
            return
        driven.sort(key=lambda room: len(room.connections))
        for room in driven[:excess]:
            await self._hand_over(room.live)

    async def metrics_text(self) -> bytes:
        """This process's figures for Prometheus: its state read now (see metrics.py)."""
        figures, loaded = self.metrics, self.matches
        figures.matches_loaded.set(len(loaded))
        figures.matches_driven.set(sum(1 for live in loaded.values()
                                       if live.driving and live.info.status == "running"))
        figures.sockets.set(self.sockets())
        figures.bot_queue.set(self.bot_pool.waiting)
        figures.bot_searching.set(self.bot_pool.running)
        figures.draining.set(1 if self.draining else 0)
        redis = None
        if isinstance(self.bus, RedisBus):
            redis = (self.bus.ping, self.bus.cut_off is None)
            figures.processes.set(self.processes)
            figures.share.set(self.share or 0)
        return await figures.exposition(self.store, redis)

    # --- connections ----------------------------------------------------------------------------
    async def enter(self, live: LiveMatch, connection: Connection) -> LiveMatch:
        """`connection` joins its match's room: it gets the events it may see of the steps so
        far (the newest page of them), then the whole view (a session's lobby before its start),
        and everyone the new presence. Returns the match as loaded now (it may have left memory
        while the client said hello)."""
        if live.id not in self.rooms:
            live = await self.get(live.id) or live
        await live.build_history()
        room = self.room(live)
        async with live.lock:
            room.send_unsent()  # the steps before this connection came are not news to it
            room.connections.add(connection)
            live.presence.connect(connection.seat)
            live.gather(self.now())  # one more person to wait for
            if live.state is None:
                connection.send(live.lobby_frame())
            else:
                connection.send(live.history_frame(connection.seat))
                room.send_state(connection, force=True)
            room.broadcast_presence(batched=connection.seat is None)
        live.changed.set()
        return live

    async def history(self, live: LiveMatch, connection: Connection, before: int) -> None:
        """An older page of the history, asked for by a screen that scrolled back."""
        await live.build_history()
        connection.send(live.history_frame(connection.seat, before))

    async def stand_in(self, live: LiveMatch, seat: int, *, shared: bool = True) -> None:
        """The host has a stand-in play the empty `seat` now, until its person is back: the
        driver looks, everybody sees it, the other processes hear."""
        async with live.lock:
            live.presence.hand_to_bot(seat)
        live.changed.set()
        if shared:
            await self.publish(live.id, {"kind": "stand_in", "seat": seat})

    async def ready(self, live: LiveMatch, seat: int, *, shared: bool = True) -> None:
        """`seat`'s person is ready for the stretch of play being gathered for: everybody
        sees it (and the countdown, once the last one is), and the other processes hear."""
        async with live.lock:
            news = live.ready(seat)
            if news:
                live.gather(self.now())
                self.room(live).send_states()
        if news:
            live.changed.set()
            if shared:
                await self.publish(live.id, {"kind": "ready", "seat": seat})

    async def leave(self, live: LiveMatch, connection: Connection) -> None:
        await connection.finish()
        room = self.room(live)
        if connection in room.connections:
            room.connections.discard(connection)
            live.presence.disconnect(connection.seat, self.now())
            room.broadcast_presence(batched=connection.seat is None)
            live.changed.set()
            with contextlib.suppress(Exception):
                await self.share_presence(live)

    # --- actions ------------------------------------------------------------------------------
    async def act(
        self,
        live: LiveMatch,
        seat: int,
        action: Action | Any,
        *,
        source: str = "human",
        connection: Connection | None = None,
        ref: str | int | None = None,
        guard: Callable[[], bool] | None = None,
    ) -> Decision:
        """An action through its match's pipeline, then out: the sender's answer at once, the
        steps' frames soon (`frames_due`), a notice to the other processes, a snapshot now and
        then. What follows `submit` runs in the turn of the event loop that released the
        match's lock, so no other step comes between."""
        began = time.perf_counter()
        decision = await live.submit(seat, action, source=source, guard=guard,
                                     ref=ref_text(ref))
        if connection is not None:
            answer = decision.answer(ref)
            if answer is not None:  # it leaves before the step's other frames
                connection.send_now(answer)
                self.metrics.ack_seconds.observe(time.perf_counter() - began)
        room = self.room(live)
        if decision.reloaded:
            room.send_states(force=True)
        if decision.stepped:
            self.frames_due(live)
            # A time bank stops and another starts: every screen's clocks are told at once.
            if decision.caught_up or live.info.status == "over" or live.clocks.bank:
                room.send_unsent()  # the steps' frames go before the presence they changed
                room.broadcast_presence()
        if decision.applied is not None:
            self.metrics.actions.labels(source).inc()
            await self.publish(live.id, {"kind": "step", "step": decision.applied.step})
            if decision.snapshot is not None:
                await live.keep_snapshot(decision.applied.step, decision.snapshot)
        return decision

    async def change_header(self, live: LiveMatch,
                            write: Callable[[Session, MatchRow], None]) -> None:
        """Change the stored header (status, seats...) in the match's locked transaction, then
        refresh everyone here and tell the other processes. `write` refuses by raising before
        it writes anything (an ApiError), so a refusal changes nothing."""
        room = self.room(live)
        async with live.lock:
            try:
                await live.write_header(write)
            finally:
                room.send_unsent()
        await self.header_changed(live)

    async def header_changed(self, live: LiveMatch) -> None:
        """After a lobby or host change written to the database: refresh here, tell the rest."""
        await self._refresh(live)
        await self.publish(live.id, {"kind": "header"})

    # --- each match's driver: its bots, clocks and stand-ins -------------------------------------
    async def _drive(self, live: LiveMatch) -> None:
        """Sleep until the earliest thing due (a deadline, a bot's move, a grace or a time bank
        running out) or until something changes, then send what is due through the same
        pipeline as a person's action. With several processes only the one holding the
        match's lease drives it (see bus.py)."""
        about_match(live.id)
        while True:
            live.changed.clear()
            try:
                wake = await self._drive_turn(live)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the driver of match %s failed; retrying", live.id)
                wake = live.now() + 1.0
            timeout = None if wake is None else max(0.0, wake - live.now())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.changed.wait(), timeout)

    async def _drive_turn(self, live: LiveMatch) -> float | None:
        """Fire what is due; the time of the next thing due (None: wait for a change)."""
        async with live.lock:
            agenda = due_now(live)
            live.driver_turns += 1
            # Nothing will happen here until something changes: no move, clock or stand-in
            # due, no bot thinking (a match nobody is at may then be parked).
            live.quiet = not agenda.due and agenda.wake is None and not live.seat_bots.plans
            if agenda.gathering_changed:  # who is ready, the countdown, the start
                self.room(live).send_states()
            if agenda.stand_ins_changed:  # everybody sees who is being played by a bot
                self.room(live).broadcast_presence()
        for item in agenda.due:
            await self.act(live, item.seat, item.action, source=item.source, guard=item.guard)
        return agenda.wake

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
                room = self.room(live)
                held: list[Connection] = []
                try:
                    async with live.lock:
                        held = list(room.connections)
                        for connection in held:
                            connection.held = True
                        room.send_unsent()
                except Exception:
                    log.exception("sending the frames of match %s failed", live.id)
                for connection in held:
                    await pause_when_due()
                    connection.flush()

    # --- between processes --------------------------------------------------------------------
    async def publish(self, match_id: str, message: dict[str, Any]) -> None:
        """Tell the other processes. A step or header notice that cannot be sent now is sent
        once the bus is back (`_send_unsent_notices`); meanwhile the others find the steps in
        their heartbeat. Presence is shared again with every heartbeat anyway."""
        try:
            sent = await self.bus.publish(match_id, message)
        except Exception as exc:  # Redis went away; the reader will say so
            if not self._publish_failing:  # once, not for every action until then
                log.warning("publishing a notice for match %s failed (%s: %s); it is sent "
                            "again once Redis is back", match_id, type(exc).__name__, exc)
            self._publish_failing = True
            sent = False
        else:
            self._publish_failing = False
        if not sent and message["kind"] != "presence":
            self._unsent_notices[match_id].add(message["kind"])

    async def _send_unsent_notices(self) -> None:
        unsent, self._unsent_notices = self._unsent_notices, defaultdict(set)
        for match_id, kinds in unsent.items():
            room = self.rooms.get(match_id)
            if room is None:  # no longer here: the others read it in their heartbeat
                continue
            if "header" in kinds:
                await self.publish(match_id, {"kind": "header"})
            if "step" in kinds:
                await self.publish(match_id, {"kind": "step", "step": room.live.step})

    async def on_notice(self, notice: dict[str, Any]) -> None:
        match_id = str(notice.get("match"))
        kind = notice.get("kind")
        room = self.rooms.get(match_id)
        if room is None:
            if kind == "handover" and self._under_share():  # another let it go
                await self.get(match_id)
            return
        live = room.live
        if kind == "handover":
            await self._update_driving(live)
        elif kind == "step" and int(notice.get("step", 0)) > live.step:
            await self._catch_up(live)
        elif kind == "header":
            await self._refresh(live)
        elif kind == "ready":
            await self.ready(live, int(notice.get("seat", -1)), shared=False)
        elif kind == "stand_in":
            await self.stand_in(live, int(notice.get("seat", -1)), shared=False)
        elif kind == "presence":
            seats = {int(k): int(v) for k, v in dict(notice.get("seats", {})).items()}
            live.presence.update_remote(
                str(notice["process"]), seats, int(notice.get("spectators", 0)), self.now()
            )
            room.broadcast_presence()
            live.changed.set()

    async def _refresh(self, live: LiveMatch) -> None:
        """Read the match again from the database: the header (who sits where, the status; a
        session's state once it has started) and the steps logged since this process's (read
        with the header, which never comes before its step), then send everyone what
        changed. After a header change, and where notices may have been missed."""
        room = self.room(live)
        async with live.lock:
            if live.state is None:
                if not await live.reload_header():
                    return
                reloaded = False
            else:
                reloaded = await live.catch_up()
            room.refresh_all()
            if reloaded:
                room.send_states(force=True)

    async def _catch_up(self, live: LiveMatch) -> None:
        """Another process logged steps: apply them here and send them."""
        if live.state is None:
            return
        room = self.room(live)
        async with live.lock:
            reloaded = await live.catch_up()
            room.send_states(force=reloaded)  # the status may be `over` now
            if not reloaded:
                room.broadcast_presence()

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

    async def _reconnected(self) -> None:
        """The bus has subscribed (again): keep the presence the others last reported until
        they report again, renew the leases (a lease Redis forgot in a restart goes back to its
        holder), tell the others what could not be sent, and read what was missed."""
        now = self.now()
        for room in list(self.rooms.values()):
            room.live.presence.hold_remote(now)
            await self._update_driving(room.live)
            await self.share_presence(room.live)
        await self._send_unsent_notices()
        for room in list(self.rooms.values()):
            await self._refresh(room.live)

    async def _catch_up_missed(self) -> None:
        """Steps and statuses whose notice never came: one query for every match loaded here;
        those the database is ahead of are read again."""
        loaded = self.matches
        if not loaded:
            return
        stored = await asyncio.to_thread(self.store.steps, list(loaded))
        for match_id, (step, status) in stored.items():
            live = loaded[match_id]
            if step > live.step or status != live.info.status:
                await self._refresh(live)

    async def _update_driving(self, live: LiveMatch) -> None:
        driving = await self._lease(live)
        if driving:
            self._undriven_since.pop(live.id, None)
        if driving != live.driving:
            live.driving = driving
            # Nothing is known to be due until its driver has looked: not parked before then.
            live.quiet = False
            self._idle_since.pop(live.id, None)
            live.changed.set()
        if (not driving and live.info.status == "running" and not self._under_share()
                and await self.bus.unleased([live.id])):
            # Nobody drives it and this process has its share: one under theirs takes it.
            await self.publish(live.id, {"kind": "handover"})

    async def _lease(self, live: LiveMatch) -> bool:
        if self.draining or live.info.status not in ("running", "paused"):
            return False
        if not live.driving and not self._under_share() and not self._left_undriven(live):
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
        cut_off = self.bus.cut_off is not None
        if shared and not cut_off and not self.draining:
            with contextlib.suppress(Exception):
                self.processes = await self.bus.beat()
        for room in list(self.rooms.values()):
            live = room.live
            if shared:
                if cut_off:  # the others' seats are not empty because their news stopped
                    live.presence.hold_remote(now)
                else:
                    await self.share_presence(live)
                await self._update_driving(live)
            if live.presence.expire(now):
                room.broadcast_presence()
                live.changed.set()
            await self._unload_if_idle(room, now)
        if shared:
            await self._catch_up_missed()
        if shared and sweep and not cut_off:
            await self._sweep()

    async def _unload_if_idle(self, room: Room, now: float) -> None:
        """A match leaves memory once it has been idle for `match_idle_seconds`: one this
        process does not drive once none of its own clients is at it (another process serves
        the others); one it drives once nobody is at it anywhere and nothing is due (no move,
        clock or stand-in; a paused one). That last is parked, so that no process loads it
        again before someone comes back to it (its link, its page, its host's controls load it
        on demand): what a process carries, and what its heartbeats and leases cost, is the
        matches its people are at or its bots play."""
        live = room.live
        playing = live.info.status in LIVE
        # A process that does not drive the match keeps it for its own players only.
        here = self._someone_at(room, now) if live.driving else bool(room.connections)
        if here or (playing and live.driving and not live.quiet):
            self._idle_since.pop(live.id, None)
            return
        since = self._idle_since.setdefault(live.id, now)
        if now - since < self.config.match_idle_seconds:
            return
        self._idle_since.pop(live.id, None)
        if playing and live.driving:
            await asyncio.to_thread(self.store.park, live.id, now)
            if self._someone_at(room, self.now()):  # came while it was being parked
                await asyncio.to_thread(self.store.park, live.id, None)
                return
            self.metrics.parks.inc()
        await self._unload(live)

    @staticmethod
    def _someone_at(room: Room, now: float) -> bool:
        """Anyone connected to the match, here or in another process."""
        presence = room.live.presence
        return bool(room.connections) or any(presence.counts(now).values()) or bool(
            presence.spectators(now))
