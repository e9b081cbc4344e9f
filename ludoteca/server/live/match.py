"""One live match: its state, and the pipeline every action goes through.

The pipeline, for a person's action, a bot's or a clock's, is boardgame.io's master in short:
is the match running -> decode -> (under the match's lock) catch up with what other processes
logged -> is it legal (the game's `apply`, which raises `IllegalAction` with its reason and
never half-applies) -> log it in the same transaction that accepts it -> hand the decision
back. The caller (the hub) acknowledges, sends each connection what its seat may see (the
frames `step_frames` builds from the steps not sent yet), tells the other processes, and
every so often has a snapshot of the state saved (apart from the step, see `keep_snapshot`).

A live match knows no socket and never calls the layer above: it returns what it produced.
The state is touched only while `lock` is held, by the event loop or by the worker thread that
writes the action; the frames of its steps are built while it is held, so every client gets
steps in order.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event
from ludoteca.engine.game import Game
from ludoteca.engine.timeline import Timeline
from ludoteca.server.config import ServerConfig
from ludoteca.server.live import frames
from ludoteca.server.live.bot_pool import BotPool
from ludoteca.server.live.clocks import ClockBook, TimeBank
from ludoteca.server.live.gathering import ARRIVING_SECONDS, Gathering
from ludoteca.server.live.history import History, rebuild_history
from ludoteca.server.live.presence import Presence
from ludoteca.server.live.seat_bots import SeatBots, grace_left, grace_seconds, stand_ins
from ludoteca.server.live.seating import lobby_plan, member_cap
from ludoteca.server.store import LoggedAction, MatchInfo, StepRows, Store
from ludoteca.server.store.models import MatchRow

log = logging.getLogger("ludoteca.server")

CATCH_UP_READS = 3  # reads of the log and header in a catch-up, while steps keep coming
ACTION_TEXTS_KEPT = 4096  # encoded actions kept per game (a game has a bounded set of them)
REFS_KEPT = 64  # a seat's newest accepted refs, each with its step (see `earlier_step`)

STATUS_REFUSALS = {
    "lobby": "the session has not started yet",
    "open": "the match has not started yet",
    "paused": "the match is paused",
    "over": "the match is over",
    "ended": "the match was ended by its host",
}

Seat = int | None


@dataclass
class Applied:
    """One logged step, with what it did and the round it was played in."""

    step: int
    seat: int
    action: Action
    events: list[Event]
    source: str
    round: int | None = None


@dataclass
class Decision:
    """What a locked write did: steps caught up from other processes, then this action's fate,
    and what the caller has to do about it."""

    caught_up: list[Applied] = field(default_factory=list)
    applied: Applied | None = None
    reason: str | None = None  # why the action was refused
    code: str | None = None  # the reason's kind, for a client that says it in its language
    reasons: dict[str, str] = field(default_factory=dict)  # the game's reason in other languages
    skipped: bool = False  # a guard said the action was no longer due (a bot's, a clock's)
    rows: StepRows | None = None  # what to log for the applied action
    snapshot: str | None = None  # the state's JSON to keep after the applied step
    reloaded: bool = False  # a write failed and the state was rebuilt: every screen is stale
    earlier: int | None = None  # the step this action (by its ref) was accepted at before

    def answer(self, ref: Any) -> dict[str, Any] | None:
        """The frame that answers the action's sender (none for a skipped bot's move)."""
        if self.earlier is not None:
            return frames.accepted(ref, self.earlier, earlier=True)
        if self.applied is not None:
            return frames.accepted(ref, self.applied.step)
        if self.reason is not None:
            return frames.rejected(ref, self.reason, self.code, self.reasons)
        return None

    @property
    def stepped(self) -> bool:
        return bool(self.caught_up) or self.applied is not None


@dataclass
class StepFrames:
    """The frames of the steps applied since the last ones were built, for each seat watching:
    the steps' events that seat may see, in order, then its state frame (with the key that
    says whether it changed since a connection's last one)."""

    events: dict[Seat, list[str]]
    states: dict[Seat, tuple[str, str]]


def time_bank(settings: dict[str, Any]) -> TimeBank | None:
    bank = settings.get("time_bank")
    if not bank:
        return None
    return TimeBank(float(bank["seconds"]), float(bank.get("per_move", 0.0)))


class LiveMatch:
    def __init__(
        self,
        info: MatchInfo,
        game: Game[Any],
        timeline: Timeline | None,
        *,
        store: Store,
        config: ServerConfig,
        now: Callable[[], float],
        action_texts: dict[Action, str],
        bot_pool: BotPool,
    ) -> None:
        self.info = info
        self.game = game
        # The state after the logged steps, and the steps that may still be taken back; None
        # for a session before its start.
        self.timeline = timeline
        self.step = info.step if timeline is None else timeline.step
        # Whether a snapshot is due (every `snapshot_every` steps) but waits for a step that
        # nobody may take back: a snapshot never holds a step an undo logged later reaches.
        self.snapshot_due = False
        # The events of every step, seat by seat (see history.py); built when first asked for.
        self.history: History | None = None
        self.gathering = Gathering(config.countdown_seconds)
        self.store = store
        self.config = config
        self.now = now
        # This game's actions as JSON text, shared by its matches (see `_legal_json`).
        self.action_texts = action_texts
        self.lock = asyncio.Lock()
        self.presence = Presence(config.heartbeat_seconds, now=now())
        self.clocks = ClockBook(info.clocks, time_bank(info.settings))
        # Set whenever something the driver waits for may have changed.
        self.changed = asyncio.Event()
        # Whether this process drives the match: runs its bots, clocks and stand-ins (always,
        # with one process; with several, the one holding its lease).
        self.driving = False
        # The driver's looks at what is due, counted: once it has looked after a change, what
        # it did not do is not due (how a test knows nothing was, without waiting on a clock).
        self.driver_turns = 0
        # Whether the driver's last look found nothing due and nothing to wait for (see
        # `Hub._drive_turn`): a match nobody is at may then be parked.
        self.quiet = False
        self.bot_pool = bot_pool
        self.seat_bots = SeatBots(self)
        self.unsent: list[Applied] = []  # steps applied whose frames are not built yet
        # Each seat's newest refs (the sender's name for an action) with the step each was
        # accepted at: a client that sends an action again (its answer lost with a dropped
        # connection or a killed process) is told it was accepted, not applied twice.
        self.refs: dict[int, OrderedDict[str, int]] = defaultdict(OrderedDict)

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def state(self) -> Any:
        """The game's state now (an undo replaces it: read it again after every step)."""
        return None if self.timeline is None else self.timeline.state

    @property
    def status(self) -> str:
        return self.info.status

    # --- the pipeline -------------------------------------------------------------------------
    def refusal(self, seat: int | None) -> str | None:
        """Why no action of `seat` can be accepted now, whatever it is."""
        if self.info.status != "running":
            return STATUS_REFUSALS.get(self.info.status, "the match is not running")
        if seat is None:
            return "spectators watch: they cannot act"
        if seat not in self.game.seats(self.state):
            return f"seat {seat} does not exist in this match"
        return self.gathering.refusal(self.now())

    def refusal_code(self, seat: int | None) -> str:
        """The kind of `refusal`: the match's status (`status_paused`...), or the seat's."""
        if self.info.status != "running":
            return f"status_{self.info.status}"
        return "spectator" if seat is None else "no_seat"

    async def submit(
        self,
        seat: int,
        action: Action | Any,
        *,
        source: str = "human",
        guard: Callable[[], bool] | None = None,
        ref: str | None = None,
    ) -> Decision:
        """Run `action` of `seat` through the pipeline; `action` is an Action or its JSON.
        `guard` (checked under the lock, after catching up) says whether a bot's or a clock's
        action is still due; `ref`, the sender's name for the action, is kept with it (an
        action sent again with the ref of one accepted is answered with that one's step).
        The steps applied wait in `unsent` for their frames."""
        async with self.lock:
            earlier = self.earlier_step(seat, ref)
            if earlier is not None:
                return Decision(earlier=earlier)
        if not isinstance(action, Action):
            try:
                action = self.game.decode_action(action)
            except (IllegalAction, ValueError) as exc:
                return Decision(reason=str(exc), code="malformed")
        async with self.lock:
            reason = self.refusal(seat)
            if reason is not None:
                return Decision(reason=reason, code=self.refusal_code(seat))
            try:
                decision = await self._accept(seat, action, source, guard, ref)
            except Exception:
                log.exception("saving an action of match %s failed", self.id)
                await self._reload_state()
                return Decision(reason="the server could not save that action; please try "
                                       "again", code="not_saved", reloaded=True)
            self.unsent.extend(decision.caught_up)
            if decision.applied is not None:
                # Kept only now that the step is stored: a ref kept before a write that then
                # failed would answer its resend "accepted" for a step no log holds.
                self._keep_ref(seat, ref, decision.applied.step)
                self.unsent.append(decision.applied)
            if decision.stepped:
                self._after_steps()
            decision.snapshot = self._snapshot_after(decision.applied)
        return decision

    def earlier_step(self, seat: int, ref: str | None) -> int | None:
        """The step at which `seat`'s action named `ref` was accepted, if it was lately."""
        return None if ref is None else self.refs[seat].get(ref)

    def keep_refs(self, logged: Iterable[tuple[int, str, int]]) -> None:
        """Remember refs read from the log, (seat, ref, step) oldest first (at loading)."""
        for seat, ref, step in logged:
            self._keep_ref(seat, ref, step)

    def _keep_ref(self, seat: int, ref: str | None, step: int) -> None:
        if ref is None:
            return
        kept = self.refs[seat]
        kept[ref] = step
        kept.move_to_end(ref)
        while len(kept) > REFS_KEPT:
            kept.popitem(last=False)

    async def _accept(self, seat: int, action: Action, source: str,
                      guard: Callable[[], bool] | None, ref: str | None) -> Decision:
        if self.config.shared:
            return await asyncio.to_thread(
                self.store.locked_write, self.id, self.step,
                lambda session, missed: self._decide(session, missed, seat, action, source,
                                                     guard, ref),
            )
        # One process: the lock held here is the match's lock. Deciding in the event loop
        # makes a refused action cost no database work; an accepted step is logged before
        # anyone hears of it.
        decision = self._decide(None, [], seat, action, source, guard, ref)
        if decision.rows is not None:
            await self.store.log_step(decision.rows)
        return decision

    def _snapshot_after(self, applied: Applied | None) -> str | None:
        """The state's JSON if `applied` is a step to keep a snapshot after (every
        `snapshot_every` steps, and the last), taken while the lock is held: the state as that
        step left it. A snapshot due while a step may still be taken back waits for the first
        step after which none may (loading replays the log after the snapshot, so an undo
        logged after it must not reach back before it)."""
        if applied is None:
            return None
        if applied.step % self.config.snapshot_every == 0:
            self.snapshot_due = True
        assert self.timeline is not None
        if self.timeline.takebacks or not (self.snapshot_due or self.info.status == "over"):
            return None
        self.snapshot_due = False
        return frames.dumps(self.game.to_json(self.state))

    async def keep_snapshot(self, step: int, state_json: str) -> None:
        """Save the state after `step`, apart from the step and after its answer. A snapshot
        only makes loading faster (`load_state` replays the log after the newest one): one lost
        to a crash costs a longer replay, nothing else. Logged with its step, as it was, every
        fiftieth action's answer waited for the state's JSON and its row (in one process
        without clients, a Ciurme action with its snapshot took 0.49 ms against 0.08 ms)."""
        try:
            await self.store.save_snapshot(self.id, step, state_json)
        except Exception:
            log.exception("saving a snapshot of match %s failed; loading it replays more of "
                          "its log", self.id)

    def _decide(
        self,
        session: Session | None,
        missed: list[LoggedAction],
        seat: int,
        action: Action,
        source: str,
        guard: Callable[[], bool] | None,
        ref: str | None,
    ) -> Decision:
        """Catch up, check, apply and make the rows to log; with a `session` (several
        processes: in a worker thread, inside the match's locked transaction) write them."""
        decision = Decision(caught_up=self._catch_up(missed))
        decision.earlier = self.earlier_step(seat, ref)  # logged by another process
        if decision.earlier is not None:
            return decision
        if session is not None:
            # Another process may have paused or ended the match, or moved its clocks.
            row = session.get(MatchRow, self.id)
            assert row is not None
            if row.status != self.info.status or decision.caught_up:
                self.info.status = row.status
                self.info.clocks = self.clocks.data = dict(row.clocks)
        if self.info.status != "running":
            decision.reason = STATUS_REFUSALS.get(self.info.status, "the match is not running")
            decision.code = self.refusal_code(seat)
            return decision
        if guard is not None and not guard():
            decision.skipped = True
            return decision
        reason = self.gathering.refusal(self.now())  # held meanwhile (a bot's move, a clock's)
        if reason is not None:
            decision.reason = reason
            return decision
        assert self.timeline is not None
        played_in = self.game.round_number(self.state)
        try:
            events = self.timeline.apply(seat, action)
        except IllegalAction as exc:
            decision.reason, decision.code = str(exc), "illegal"
            decision.reasons = exc.translations
            return decision
        now = self.now()
        self.step += 1
        over = self.game.is_over(self.state)
        clocks_before = json.dumps(self.clocks.data, sort_keys=True)
        self.clocks.track(self.game.deadlines(self.state), now, running=not over)
        self.clocks.settle(now, self.timed_seats(), seat, running=not over)
        values: dict[str, Any] = {"step": self.step}
        if json.dumps(self.clocks.data, sort_keys=True) != clocks_before:
            values["clocks"] = self.clocks.data
        if over:
            values.update(status="over", finished_at=now)
        decision.rows = StepRows(
            self.id, self.step,
            {"seat": seat, "action": self.game.encode_action(action), "source": source,
             "at": now, "ref": ref},
            values,
        )
        if session is not None:
            Store.write_step(session, decision.rows)
        if over:
            self.info.status, self.info.finished_at = "over", now
        self.info.step = self.step
        decision.applied = Applied(self.step, seat, action, events, source, played_in)
        self._remember(decision.applied)
        return decision

    def _catch_up(self, missed: list[LoggedAction]) -> list[Applied]:
        """Apply steps other processes logged; they were legal when logged, so they are now."""
        done = []
        for logged in missed:
            if logged.step != self.step + 1:
                raise RuntimeError(f"match {self.id}: step {logged.step} after {self.step}")
            assert self.timeline is not None
            action = self.game.decode_action(logged.action)
            played_in = self.game.round_number(self.state)
            events = self.timeline.apply(logged.seat, action)
            self.step = logged.step
            self._keep_ref(logged.seat, logged.ref, logged.step)
            applied = Applied(logged.step, logged.seat, action, events, logged.source, played_in)
            self._remember(applied)
            done.append(applied)
        self.info.step = self.step
        return done

    def _remember(self, applied: Applied) -> None:
        """Add a step's events to the history, once it is built."""
        if self.history is not None:
            self.history.add(applied.step, applied.seat, applied.round, applied.events,
                             applied.source == "bot")

    def may_undo(self, seat: int | None) -> bool:
        """Whether `seat` may take back its last step now (the server offers it the undo)."""
        return (self.timeline is not None and self.info.status == "running"
                and self.timeline.may_undo(seat))

    async def build_history(self) -> None:
        """Build the history (see history.py) if it is not yet: by replaying the log (events
        are never stored) outside the lock, then adding under it the steps logged meanwhile.
        From then on every step adds its events. Call without the lock held."""
        if self.history is not None or self.state is None:
            return
        built = await asyncio.to_thread(rebuild_history, self.store, self.game, self.info)
        async with self.lock:
            if self.history is None:
                self.history = built.caught_up(self.store, self.game, self.id, self.step)

    def history_frame(self, seat: int | None, before: int | None = None) -> dict[str, Any]:
        """The `history` frame of `seat`: the newest page of the events it may see of the steps
        before `before` (None: of every step so far; then call with the lock held, so that the
        page and the frames after it meet). Build the history first."""
        told, more = self.history.page(seat, before) if self.history else ([], False)
        return frames.history(told, more, before)

    def timed_seats(self) -> list[int]:
        """Seats whose time bank runs now: people (not bot seats) who may act."""
        bots = {s.seat for s in self.info.seats if s.bot}
        return sorted(s for s in self.game.actors(self.state) if s not in bots)

    def _after_steps(self) -> None:
        if self.game.is_over(self.state) and self.info.status == "running":
            self.info.status = "over"
        self.gather(self.now())  # a new round held before anyone hears of it
        self.changed.set()

    async def catch_up(self) -> bool:
        """Another process logged steps: apply them (their frames wait in `unsent`) and take
        the stored header. Call with the lock held; True when the state had to be rebuilt
        (every screen is stale)."""
        if self.state is None:
            return False
        info: MatchInfo | None = None
        try:
            for _ in range(CATCH_UP_READS):
                missed = await asyncio.to_thread(self.store.actions, self.id, self.step)
                self.unsent.extend(self._catch_up(missed))
                info = await asyncio.to_thread(self.store.match, self.id)
                # A step logged between the two reads: read it too, so that the header (an
                # `over` status, the step's clocks) never comes before its step.
                if info is None or info.step <= self.step:
                    break
        except Exception:
            log.exception("catching up match %s failed; reloading it", self.id)
            await self._reload_state()
            return True
        if info is not None and info.step <= self.step:
            self._take_header(info)
            self.info.step = self.step
        self._after_steps()
        return False

    async def _reload_state(self) -> None:
        """Rebuild the state from the database (the truth) after a failed write."""
        info = await asyncio.to_thread(self.store.match, self.id)
        if info is None:
            return
        self.timeline = await asyncio.to_thread(load_timeline, self.store, self.game, info)
        self.step = self.timeline.step
        self.unsent = []
        self.history = None  # rebuilt from the log when next asked for
        self.refs.clear()  # only what the log holds answers a resend
        self.keep_refs(await asyncio.to_thread(self.store.recent_refs, self.id))
        self._take_header(info)

    # --- header changes (status, seats), from this process or another --------------------------
    async def write_header(self, write: Callable[[Session, MatchRow], None]) -> None:
        """Change the stored header (status, seats...) in the match's locked transaction,
        catching up first. `write` refuses by raising before it writes anything (an ApiError),
        so a refusal changes nothing; it is raised after the steps caught up are queued. Call
        with the lock held, then `reload_header`."""
        failure: list[Exception] = []

        def do(session: Session, missed: list[LoggedAction]) -> list[Applied]:
            caught = self._catch_up(missed) if self.state is not None else []
            row = session.get(MatchRow, self.id)
            assert row is not None
            try:
                write(session, row)
            except Exception as exc:  # re-raised below, after the caught-up steps are queued
                failure.append(exc)
            return caught

        self.unsent.extend(
            await asyncio.to_thread(self.store.locked_write, self.id, self.step, do))
        if failure:
            raise failure[0]

    def _take_header(self, info: MatchInfo) -> None:
        self.info = info
        self.clocks = ClockBook(info.clocks, time_bank(info.settings))

    async def reload_header(self) -> bool:
        """Read the stored header again (and the state, for a session just started). Call with
        the lock held; False when the match is gone."""
        info = await asyncio.to_thread(self.store.match, self.id)
        if info is None:
            return False
        self._take_header(info)
        if self.state is None and info.players is not None:
            self.timeline = await asyncio.to_thread(load_timeline, self.store, self.game, info)
            self.step = self.timeline.step
        self.gather(self.now())  # a match just started gathers before anyone plays
        self.changed.set()
        return True

    # --- frames ---------------------------------------------------------------------------------
    def step_frames(self, seats: Iterable[Seat]) -> StepFrames | None:
        """The frames of the steps applied since frames were last built, for each of `seats`:
        every step's events the seat may see, in order, then one state frame of the match as it
        is now (when actions come faster than frames, several steps share one state frame).
        None when there is no such step. Call with the lock held."""
        steps, self.unsent = self.unsent, []
        if not steps:
            return None
        wanted = set(seats)
        event_texts: dict[tuple[int, int, bool], str] = {}
        events: dict[Seat, list[str]] = {}
        for seat in wanted:
            texts = events[seat] = []
            for applied in steps:
                for index, ev in enumerate(applied.events):
                    if ev.visible(seat):
                        named = ev.actor_visible(seat)  # who acted, where the seat may know
                        key = (applied.step, index, named)
                        if key not in event_texts:
                            event_texts[key] = frames.dumps(frames.event(
                                applied.step, applied.seat if named else None, ev,
                                applied.round, applied.source == "bot"))
                        texts.append(event_texts[key])
        return StepFrames(events, self.state_texts(wanted))

    def state_texts(self, seats: Iterable[Seat]) -> dict[Seat, tuple[str, str]]:
        """Each seat's state frame and what says whether it changed, built once per seat
        however many connections it has, from views the game builds together (they share
        their public parts). Call with the lock held, once the steps' frames are built."""
        view_texts = frames.views_json(self.game.views(self.state, set(seats)))
        now = self.now()
        held = self.gathering.seen(self.people(now), now)
        running = self.info.status == "running" and held is None
        deadlines = self.game.deadlines(self.state)
        gathering = "null" if held is None else frames.dumps(held)
        out = {}
        for seat, view_json in view_texts.items():
            legal_json = self._legal_json(seat) if seat is not None and running else "[]"
            undo = self.may_undo(seat)
            # the time left is not part of `key`: a frame resent for it alone would be noise
            key = f"{self.info.status}|{undo}|{gathering}|{legal_json}|{view_json}"
            clocks = self.clocks.seen_left(deadlines, seat, now)
            out[seat] = (key, frames.state_text(seat, view_json, legal_json, self.step,
                                                self.info.status, clocks, undo, gathering))
        return out

    def people(self, now: float) -> set[int]:
        """The seats a person plays and is connected to now, or arriving (taken or kept for
        an invited person, empty for less than `ARRIVING_SECONDS`): not a bot's, not a seat
        open to anyone that nobody took."""
        return {
            s.seat for s in self.info.seats
            if not s.bot and (s.name is not None or s.token_hash is not None)
            and self.presence.empty_for(s.seat, now) < ARRIVING_SECONDS
            and not self.presence.handed_over(s.seat, now)
        }

    def gather(self, now: float) -> bool:
        """Follow the game's stretch of real-time play to gather for (see gathering.py); True
        when what the screens show of it changed. Call with the lock held."""
        if self.state is None or self.info.status != "running":
            return False
        return self.gathering.update(self.game.gathers(self.state), self.people(now), now)

    def ready(self, seat: int) -> bool:
        """`seat` is ready for the stretch held; True when that was news. Call with the lock
        held."""
        if self.state is None:
            return False
        return self.gathering.ready(seat, self.game.gathers(self.state))

    def _legal_json(self, seat: int) -> str:
        """The seat's legal actions as JSON text, each action's text kept from step to step
        (the same ballots and placements are listed to many seats, again and again) in one
        table for all the matches of a game: a table per match kept a hundred copies of
        Ligretto's placements alive, which the garbage collector walked (flat out at 200
        clients, collections of up to 30 ms that held every match up)."""
        kept = self.action_texts
        texts = []
        for action in self.game.legal_actions(self.state, seat):
            try:
                text = kept.get(action)
            except TypeError:  # an action holding a list cannot be a key: encoded each time
                texts.append(frames.dumps(self.game.encode_action(action)))
                continue
            if text is None:
                if len(kept) >= ACTION_TEXTS_KEPT:
                    kept.clear()
                text = kept[action] = frames.dumps(self.game.encode_action(action))
            texts.append(text)
        return f"[{', '.join(texts)}]"

    def presence_frame(self) -> dict[str, Any]:
        """Who is at each seat: connected, a bot's, stood in for; in a session the person whose
        seat it is (named even while a bot plays for them: `covered`) and, for a person away,
        the seconds before a bot takes over (`grace_left`, on the server's clock)."""
        now = self.now()
        counts = self.presence.counts(now)
        standing_in = stand_ins(self, now)
        people = {m.seat: m.name for m in self.info.members if not m.left and m.seat is not None}
        seats = []
        for s in self.info.seats:
            entry: dict[str, Any] = {
                "seat": s.seat,
                "name": s.name,
                "connected": counts[s.seat] > 0,
                "bot": s.bot,
                "stand_in": s.seat in standing_in,
                "grace_left": grace_left(self, s.seat, now, standing_in),
            }
            if s.seat in people:
                entry["person"] = people[s.seat]
                entry["covered"] = self.info.status in ("running", "paused") and (
                    bool(s.bot) or s.seat in standing_in)
            seats.append(entry)
        frame: dict[str, Any] = {
            "type": "presence",
            "status": self.info.status,
            "seats": seats,
            "spectators": self.presence.spectators(now),
        }
        if self.clocks.bank is not None:
            banks = self.clocks.banks_view(now)
            for s in self.info.seats:  # a seat that has not played yet: its whole bank
                if not s.bot and str(s.seat) not in banks:
                    banks[str(s.seat)] = round(self.clocks.left(s.seat), 1)
            frame["time_banks"] = dict(sorted(banks.items()))
            frame["time_banks_running"] = self.clocks.banks_running()
        if self.info.is_session:
            frame["players"] = self.info.players  # seats from this one on are roles
            frame["grace"] = grace_seconds(self)
            frame["debrief_published"] = bool(self.info.settings.get("debrief_published"))
            frame["latecomers"] = self.info.settings.get("latecomers", "most_bots")
        return frame

    def lobby_frame(self) -> dict[str, Any]:
        """A session's lobby before its start: who joined, the crews, the code, and the plan
        (each crew's seats and the bots that will take those nobody fills)."""
        info = self.info
        active = [m for m in info.members if not m.left]
        game = self.game
        return {
            "type": "lobby",
            "id": info.id,
            "game": info.game,
            "status": info.status,
            "code": info.join_code,
            "players": info.players,
            "members": [{"member": m.member, "name": m.name} for m in active],
            "members_cap": member_cap(game, self.config.session_member_margin),
            "crews": info.crews or [],
            "plan": lobby_plan(game, game.options(info.options), info.crews or [],
                               [m.member for m in active], info.settings.get("players") or 0),
        }

    def local_counts(self) -> dict[int, int]:
        return dict(self.presence.local)


def load_timeline(store: Store, game: Game[Any], info: MatchInfo) -> Timeline:
    """The timeline of a stored match: its newest snapshot (taken where no step could be taken
    back) plus the actions logged after it, undos included (the whole log replayed from the
    set-up when there is no snapshot)."""
    assert info.players is not None
    snapshot = store.latest_snapshot(info.id)
    if snapshot is None:
        timeline = Timeline.new(game, info.players, info.seed, info.options)
    else:
        timeline = Timeline(game, game.from_json(snapshot[1]), snapshot[0])
    for logged in store.actions(info.id, after=timeline.step):
        timeline.apply(logged.seat, game.decode_action(logged.action))
        assert timeline.step == logged.step
    return timeline


def load_state(store: Store, game: Game[Any], info: MatchInfo) -> tuple[Any, int]:
    """The state of a stored match and its step (see `load_timeline`)."""
    timeline = load_timeline(store, game, info)
    return timeline.state, timeline.step


def replay_state(store: Store, game: Game[Any], info: MatchInfo) -> tuple[Any, int]:
    """The state rebuilt from the set-up and the whole log, ignoring snapshots (for checks)."""
    assert info.players is not None
    timeline = Timeline.new(game, info.players, info.seed, info.options)
    for logged in store.actions(info.id):
        timeline.apply(logged.seat, game.decode_action(logged.action))
    return timeline.state, timeline.step
