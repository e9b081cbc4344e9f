"""Where the server's event loop stalls: `ludoteca serve` with probes, for bench/server.py.

    python bench/stalls.py LOG serve [ludoteca serve's options]

runs the server with three probes, each writing JSON lines to LOG as it goes (uvicorn ends on
SIGTERM without running atexit):
- every garbage collection: its generation, milliseconds and objects collected ("gc");
- every event-loop callback that ran LONG_MS or more: its milliseconds, what ran (the task's
  coroutine and where it waits next), the collections and the pipeline's parts inside it
  ("long");
- every second, the pipeline's parts per game: count, p50, p99 and the longest, in ms
  ("parts"): a whole action (`submit`), deciding it (`decide`: the game's apply and the rows),
  logging it (`log`), the frames of a step (`broadcast`), its seats' state frames (`frames`),
  the views in them (`views`), the legal lists (`legal`), and the acknowledgement (`ack`,
  `wire ack`, `wire to handle`; see time_acks), and the WAL's checkpoints (`checkpoint`, in
  the writer thread).
`summary(LOG)` reads it back: the longest stalls with their causes, the collections by
generation and the parts. Nothing here changes what the server does.
"""

from __future__ import annotations

import asyncio
import gc
import json
import selectors
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

LONG_MS = 5.0
FLUSH_SECONDS = 1.0


class Probe:
    def __init__(self, path: str) -> None:
        self.out = open(path, "a", buffering=1)  # noqa: SIM115 - open for the process's life
        self.inside: dict[str, float] = defaultdict(float)  # the running callback's parts, ms
        self.parts: dict[str, list[float]] = defaultdict(list)
        self.gc_started = self.gc_cpu = 0.0
        self.busy_since = 0.0
        self.flushed = time.perf_counter()

    def write(self, record: dict[str, Any]) -> None:
        self.out.write(json.dumps(record) + "\n")

    # --- garbage collections ------------------------------------------------------------------
    def on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.gc_started, self.gc_cpu = time.perf_counter(), time.thread_time()
            return
        spent = (time.perf_counter() - self.gc_started) * 1000
        self.inside[f"gc{info['generation']}"] += spent
        self.write({"kind": "gc", "gen": info["generation"], "ms": round(spent, 3),
                    "cpu": round((time.thread_time() - self.gc_cpu) * 1000, 3),
                    "collected": info["collected"], "at": time.time()})

    # --- the event loop's callbacks -----------------------------------------------------------
    def wrap_handle(self) -> None:
        run = asyncio.events.Handle._run
        probe = self

        def timed_run(handle: asyncio.events.Handle) -> None:
            probe.inside.clear()
            start, cpu = time.perf_counter(), time.thread_time()
            run(handle)
            spent = (time.perf_counter() - start) * 1000
            if spent >= LONG_MS:
                probe.write({"kind": "long", "ms": round(spent, 3),
                             "cpu": round((time.thread_time() - cpu) * 1000, 3),
                             "what": describe(handle),
                             "inside": {k: round(v, 3) for k, v in probe.inside.items()},
                             "at": time.time()})
            if start - probe.flushed >= FLUSH_SECONDS:
                probe.flush_parts()

        asyncio.events.Handle._run = timed_run  # type: ignore[method-assign, assignment]

    # --- the pipeline's parts -----------------------------------------------------------------
    def time_method(self, owner: Any, name: str, part: str,
                    game_of: Callable[[Any], str]) -> None:
        method = getattr(owner, name)
        probe = self

        if asyncio.iscoroutinefunction(method):
            async def timed_async(this: Any, *args: Any, **kwargs: Any) -> Any:
                start = time.perf_counter()
                try:
                    return await method(this, *args, **kwargs)
                finally:
                    probe.parts[f"{game_of(this)} {part}"].append(
                        (time.perf_counter() - start) * 1000)
            setattr(owner, name, timed_async)
            return

        def timed(this: Any, *args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return method(this, *args, **kwargs)
            finally:
                spent = (time.perf_counter() - start) * 1000
                key = f"{game_of(this)} {part}"
                probe.parts[key].append(spent)
                probe.inside[key] += spent
        setattr(owner, name, timed)

    def wrap_select(self) -> None:
        """`loop busy`: each stretch of 1 ms or more between the event loop's looks at its
        sockets (bytes that arrive meanwhile wait for its end)."""
        select = selectors.EpollSelector.select
        probe = self

        def timed_select(selector: Any, timeout: float | None = None) -> Any:
            now = time.perf_counter()
            if probe.busy_since and now - probe.busy_since >= 0.001:
                probe.parts["loop busy"].append((now - probe.busy_since) * 1000)
            try:
                return select(selector, timeout)
            finally:
                probe.busy_since = time.perf_counter()

        selectors.EpollSelector.select = timed_select  # type: ignore[method-assign, assignment]

    def flush_parts(self) -> None:
        self.flushed = time.perf_counter()
        if not self.parts:
            return
        record = {key: [round(v, 2) for v in values] for key, values in self.parts.items()}
        self.parts.clear()
        self.write({"kind": "parts", "parts": record, "at": time.time()})


def describe(handle: asyncio.events.Handle) -> str:
    """The task a callback stepped (its coroutine and where it now waits), or the callback."""
    callback = getattr(handle, "_callback", None)  # asyncio's own Handle keeps it there
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        coro = task.get_coro()
        frame = getattr(coro, "cr_frame", None)
        where = f" at {Path(frame.f_code.co_filename).name}:{frame.f_lineno}" if frame else ""
        return f"task {getattr(coro, '__qualname__', coro)}{where}"
    return repr(callback)[:120]


def install(path: str) -> None:
    from ludoteca.server.hub import room as room_module
    from ludoteca.server.live import match as live_module
    from ludoteca.server.store import database as storage

    probe = Probe(path)
    gc.callbacks.append(probe.on_gc)
    probe.wrap_handle()
    probe.wrap_select()
    live_cls = live_module.LiveMatch

    def game(live: Any) -> str:
        return str(live.info.game)

    for name, part in (("submit", "submit"), ("_decide", "decide"), ("_legal_json", "legal")):
        probe.time_method(live_cls, name, part, game)
    probe.time_method(room_module.Room, "send_unsent", "broadcast", lambda room: game(room.live))
    probe.time_method(storage.Store, "log_step", "log", lambda store: "all")
    # The WAL's checkpoints run in the writer thread: listed inside a long callback of the
    # event loop when one ended during it.
    probe.time_method(storage.Store, "_checkpoint", "checkpoint", lambda store: "all")
    time_acks(probe)
    original_state_texts = live_cls.state_texts

    def state_texts(live: Any, seats: Any) -> Any:
        views = live.game.views
        start = time.perf_counter()
        spent = [0.0]

        def timed_views(*args: Any) -> Any:
            begun = time.perf_counter()
            try:
                return views(*args)
            finally:
                spent[0] += (time.perf_counter() - begun) * 1000

        live.game.views = timed_views  # an instance attribute for this call only
        try:
            return original_state_texts(live, seats)
        finally:
            del live.game.views
            probe.parts[f"{game(live)} views"].append(spent[0])
            probe.parts[f"{game(live)} frames"].append((time.perf_counter() - start) * 1000)

    live_cls.state_texts = state_texts  # type: ignore[method-assign, assignment]


def mark(path: Path, name: str, start: float, end: float) -> None:
    """Note in the log that the run `name` went from `start` to `end` (time.time())."""
    with path.open("a") as out:
        out.write(json.dumps({"kind": "phase", "name": name, "start": start, "end": end}) + "\n")


def time_acks(probe: Probe) -> None:
    """`ack`: from the server reading an action frame to queueing its `accepted`; `wire ack`:
    from its bytes arriving to the `accepted` being written to the socket."""
    from ludoteca.server.api import ws
    from ludoteca.server.hub import connection as connection_module

    handle = ws._handle

    async def timed_handle(hub: Any, live: Any, connection: Any, data: dict[str, Any]) -> None:
        connection.probe_read = time.perf_counter()
        protocol = getattr(connection.websocket._receive, "__self__", None)
        arrived = getattr(protocol, "probe_data_at", None)
        if data.get("type") == "action" and arrived is not None:
            probe.parts["wire to handle"].append((connection.probe_read - arrived) * 1000)
        connection.probe_game = live.info.game
        connection.probe_action = (live.id, data.get("ref"),
                                   getattr(protocol, "probe_data_at", 0.0))
        await handle(hub, live, connection, data)

    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    received = WebSocketsSansIOProtocol.data_received

    def timed_received(protocol: Any, data: bytes) -> None:
        protocol.probe_data_at = time.perf_counter()
        received(protocol, data)

    from ludoteca.server.hub.wire import Wire

    wire_write = Wire.write

    # Under this protocol every live frame, an `accepted` too, is written by the connection's
    # Wire, several frames together.
    def timed_wire_write(wire: Any, texts: list[str]) -> None:
        wire_write(wire, texts)
        for text in texts:
            if text.startswith(('{"type": "accepted"', '{"type":"accepted"')):
                probe.parts["wire ack"].append(
                    (time.perf_counter() - wire.protocol.probe_data_at) * 1000)

    WebSocketsSansIOProtocol.data_received = timed_received  # type: ignore[method-assign, assignment]
    Wire.write = timed_wire_write  # type: ignore[method-assign, assignment]
    send_now = connection_module.Connection.send_now

    def timed_send_now(connection: Any, frame: Any) -> None:
        probe.parts[f"{connection.probe_game} ack"].append(
            (time.perf_counter() - connection.probe_read) * 1000)
        queued = time.perf_counter()
        send_now(connection, frame)
        match, ref, arrived = connection.probe_action
        probe.write({"kind": "ack", "match": match, "ref": ref, "arrived": arrived,
                     "handled": connection.probe_read, "queued": queued,
                     "written": time.perf_counter(), "at": time.time()})

    connection_module.Connection.send_now = timed_send_now  # type: ignore[method-assign, assignment]
    ws._handle = timed_handle
    connection_module.Connection.probe_game = "all"  # type: ignore[attr-defined]
    connection_module.Connection.probe_read = 0.0  # type: ignore[attr-defined]


def client_acks(path: Path, acks: list[tuple[str, Any, float, float]]) -> None:
    """The clients' side of each acknowledged action (match, ref, sent, received; both
    processes read the same monotonic clock), for `summary` to join with the server's."""
    wall = time.time() - time.perf_counter()
    with path.open("a") as out:
        for match, ref, sent, received in acks:
            out.write(json.dumps({"kind": "client ack", "match": match, "ref": ref,
                                  "sent": sent, "received": received, "at": wall + received})
                      + "\n")


def _ack_legs(records: list[dict[str, Any]], longest: int) -> list[str]:
    """Where an acknowledgement's time went, from the client's send to its receipt: to the
    server's read of the bytes, waiting to be handled, handling (decide, log, write), and
    back to the client's coroutine."""
    server = {(r["match"], r["ref"]): r for r in records if r["kind"] == "ack"}
    legs: list[tuple[float, float, float, float, float]] = []
    for record in records:
        if record["kind"] == "client ack":
            mine = server.get((record["match"], record["ref"]))
            if mine is not None and mine["arrived"]:
                legs.append(tuple((b - a) * 1000 for a, b in (
                    (record["sent"], record["received"]), (record["sent"], mine["arrived"]),
                    (mine["arrived"], mine["handled"]), (mine["handled"], mine["written"]),
                    (mine["written"], record["received"]))))
    if not legs:
        return []
    names = ("total", "to server", "waiting", "handling", "to client")
    lines = ["  ack legs (ms)      " + "".join(f"{n:>10}" for n in names)]
    for label, q in (("p50", 0.5), ("p99", 0.99)):
        row = [sorted(leg[i] for leg in legs)[min(len(legs) - 1, int(q * len(legs)))]
               for i in range(len(names))]
        lines.append(f"  {label:<18}" + "".join(f"{v:>10.2f}" for v in row))
    for leg in sorted(legs, reverse=True)[:longest]:
        lines.append(f"  {'slow':<18}" + "".join(f"{v:>10.2f}" for v in leg))
    return lines


def summary(path: Path, longest: int = 6) -> str:
    """Per run the bench marked (its slices together): the collections by generation, the
    longest stalls with what was inside them, and the pipeline's parts (p50, p99, the
    longest)."""
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    spans: dict[str, list[tuple[float, float]]] = defaultdict(list)  # a run's slices
    for record in records:
        if record["kind"] == "phase":
            spans[record["name"]].append((record["start"], record["end"]))
    lines = []
    for name, slices in spans.items():
        inside = [r for r in records if r["kind"] != "phase"
                  and any(start <= r["at"] <= end for start, end in slices)]
        lines.append(f"--- {name} ({sum(end - start for start, end in slices):.0f} s)")
        lines.extend(_phase_summary(inside, longest))
    return "\n".join(lines)


def _phase_summary(records: list[dict[str, Any]], longest: int) -> list[str]:
    lines = []
    collections: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for record in records:
        if record["kind"] == "gc":
            collections[record["gen"]].append((record["ms"], record["cpu"]))
    lines.append("gc: " + "; ".join(
        f"gen {gen} x{len(v)}, max {max(v)[0]:.1f} ms (cpu {max(v)[1]:.1f}), "
        f"total {sum(ms for ms, _ in v):.0f} ms" for gen, v in sorted(collections.items())))
    stalls = sorted((r for r in records if r["kind"] == "long"), key=lambda r: -r["ms"])
    lines.append(f"callbacks of {LONG_MS:g} ms or more: {len(stalls)}, "
                 f"{sum(r['ms'] for r in stalls):.0f} ms in all; the longest (wall, cpu):")
    for record in stalls[:longest]:
        inside = ", ".join(f"{k} {v:.1f}" for k, v in sorted(record["inside"].items(),
                                                              key=lambda kv: -kv[1]))
        lines.append(f"  {record['ms']:7.1f} {record['cpu']:7.1f}  {record['what']}  [{inside}]")
    causes: dict[str, float] = defaultdict(float)
    for record in stalls:
        for key, value in record["inside"].items():
            causes[key] += value
    lines.append("  inside them, summed: " + ", ".join(
        f"{k} {v:.0f} ms" for k, v in sorted(causes.items(), key=lambda kv: -kv[1])[:8]))
    parts: dict[str, list[float]] = defaultdict(list)
    for record in records:
        if record["kind"] == "parts":
            for key, values in record["parts"].items():
                parts[key].extend(values)
    lines.extend(_ack_legs(records, longest))
    lines.append("  parts             count     p50     p99     max  (ms)")
    for key, values in sorted(parts.items()):
        ordered = sorted(values)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        lines.append(f"  {key:<18}{len(ordered):>6}{ordered[len(ordered) // 2]:>8.2f}"
                     f"{p99:>8.2f}{ordered[-1]:>8.1f}")
    return lines


USAGE = ("usage: python bench/stalls.py LOG serve [ludoteca serve's options]\n"
         "       python bench/stalls.py --summary LOG")

if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        print(f"{USAGE}\n(bench/server.py runs it with --stalls)", file=sys.stderr)
        sys.exit(2)
    if sys.argv[1] == "--summary":
        print(summary(Path(sys.argv[2])))
        sys.exit(0)
    install(sys.argv[1])
    from ludoteca.cli import app

    sys.argv = ["ludoteca", *sys.argv[2:]]
    app()
