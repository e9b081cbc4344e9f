"""What an operator watches of one server process, at `/metrics` in Prometheus's text format.

Counters and histograms are updated where things happen (an action accepted, its answer sent,
a bot's move); what is a state rather than an event (matches loaded and driven, sockets, the
bots' queue) is read by the hub when Prometheus scrapes (`Hub.metrics_text`), so keeping it
costs nothing between scrapes. The database and Redis are probed at each scrape too (one
`SELECT 1`, one `PING`, each bounded by `PROBE_SECONDS`): their latency goes into a histogram
and their state into a gauge that an alert watches (see docs/operators/metrics.md).

Each app has a registry of its own, so that several apps in one test process do not share
their figures.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from ludoteca.server.store import Store

CONTENT_TYPE = CONTENT_TYPE_LATEST
PROBE_SECONDS = 2.0  # a database or Redis slower than this to answer a probe counts as down
# An acknowledgement is a commit and a write to the socket: milliseconds; a second is a fault.
ACK_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
# A bot's move: a heuristic's milliseconds up to a search's cap (bot_max_seconds, 5 s).
THINK_BUCKETS = (0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
PROBE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2.0)

# A `_created` series beside every counter and histogram (when it was made) doubles what
# Prometheus stores and tells an operator nothing a process's start time does not.
disable_created_metrics()  # type: ignore[no-untyped-call]


class Metrics:
    def __init__(self, shared: bool) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.actions = Counter("ludoteca_actions", "Actions accepted and logged by this "
                               "process, by who sent them (human, bot, clock...)",
                               ["source"], registry=r)
        self.ack_seconds = Histogram("ludoteca_ack_seconds", "From a player's action "
                                     "arriving to its answer (accepted or rejected) being "
                                     "written", buckets=ACK_BUCKETS, registry=r)
        self.bot_think_seconds = Histogram("ludoteca_bot_think_seconds", "A bot's move, from "
                                           "being asked to answering (its wait in the queue "
                                           "included)", buckets=THINK_BUCKETS, registry=r)
        self.parks = Counter("ludoteca_parks", "Matches this process parked (nobody at them, "
                             "nothing due)", registry=r)
        self.matches_loaded = Gauge("ludoteca_matches_loaded", "Matches in this process's "
                                    "memory", registry=r)
        self.matches_driven = Gauge("ludoteca_matches_driven", "Running matches whose bots, "
                                    "clocks and stand-ins this process drives", registry=r)
        self.matches_parked = Gauge("ludoteca_matches_parked", "Running or paused matches "
                                    "parked in the database (the whole site's)", registry=r)
        self.sockets = Gauge("ludoteca_sockets", "Live-play WebSockets open on this process",
                             registry=r)
        self.bot_queue = Gauge("ludoteca_bot_queue", "Bots' searches waiting for a worker",
                               registry=r)
        self.bot_searching = Gauge("ludoteca_bot_searching", "Bots' searches in the workers "
                                   "now", registry=r)
        self.draining = Gauge("ludoteca_draining", "1 while this process drains (SIGTERM): it "
                              "takes no new socket and hands its matches over", registry=r)
        self.database_seconds = Histogram("ludoteca_database_probe_seconds", "A SELECT 1's "
                                          "round trip, at each scrape", buckets=PROBE_BUCKETS,
                                          registry=r)
        self.database_up = Gauge("ludoteca_database_up", "1 when the database answered the "
                                 "last probe", registry=r)
        if not shared:  # one process: no Redis to watch (a gauge at 0 would read as down)
            return
        self.redis_seconds = Histogram("ludoteca_redis_probe_seconds", "A PING's round trip "
                                       "to Redis, at each scrape (several processes only)",
                                       buckets=PROBE_BUCKETS, registry=r)
        self.redis_up = Gauge("ludoteca_redis_up", "1 while this process hears the others "
                              "through Redis (several processes only; 0: cut off)", registry=r)
        self.processes = Gauge("ludoteca_processes_live", "Processes alive by their "
                               "heartbeats in Redis, this one included", registry=r)
        self.share = Gauge("ludoteca_driver_share", "The most matches this process drives: "
                           "the running matches over the live processes, rounded up",
                           registry=r)

    async def exposition(self, store: Store,
                         redis: tuple[Callable[[], Awaitable[object]], bool] | None) -> bytes:
        """The text Prometheus reads, the probes made now: the database's, and Redis's
        (`redis`: its ping and whether the bus is subscribed; None: one process)."""
        await self._probe(self.database_seconds, self.database_up,
                          lambda: asyncio.to_thread(store.ping))
        if redis is not None:
            ping, subscribed = redis
            up = await self._probe(self.redis_seconds, self.redis_up, ping)
            self.redis_up.set(1 if up and subscribed else 0)
        self.matches_parked.set(await asyncio.to_thread(store.parked_count))
        return generate_latest(self.registry)

    @staticmethod
    async def _probe(seconds: Histogram, up: Gauge,
                     probe: Callable[[], Awaitable[object]]) -> bool:
        began = time.perf_counter()
        try:
            await asyncio.wait_for(probe(), PROBE_SECONDS)
        except Exception:
            up.set(0)
            return False
        seconds.observe(time.perf_counter() - began)
        up.set(1)
        return True
