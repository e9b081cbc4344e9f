"""A process asked to stop (SIGTERM: a deploy, a supervisor) drains before it exits, so that no
player notices more than a reconnection:

1. it stops listening, so the proxy sends every new connection to another process;
2. it hands the matches it drives to the others (`Hub.drain`: their leases released and a
   notice sent, so another process takes each at once instead of after a lease's length);
3. it closes every live-play socket with the close code `SERVICE_RESTART`, which the browser
   client follows by reconnecting at once, through the proxy, to another process (an action
   whose answer the close lost is sent again with its ref: "accepted earlier");
4. it exits once its sockets are gone, or after `--drain-seconds` whatever is left.

uvicorn's own handling of SIGTERM would close every socket first and keep the leases until the
app stopped, so the matches' bots and clocks would wait a lease's length. Its handler is called
once the process is empty, and finishes the exit (the requests still in flight, the app's
shutdown). A server in a thread (tests) has no signals of its own and is not drained.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
import time
from types import FrameType
from typing import Any

from ludoteca.server.hub import Hub

log = logging.getLogger("ludoteca.server")
EMPTY_CHECK_SECONDS = 0.05


def install(hub: Hub) -> None:
    """Drain on SIGTERM, in uvicorn's process (its handler then finishes the exit)."""
    if threading.current_thread() is not threading.main_thread():
        return
    previous = signal.getsignal(signal.SIGTERM)
    server: Any = getattr(previous, "__self__", None)  # uvicorn's Server: its handle_exit
    if server is None or not hasattr(server, "handle_exit") or not callable(previous):
        return
    loop = asyncio.get_running_loop()
    started: list[asyncio.Task[None]] = []

    def on_sigterm(sig: int, frame: FrameType | None) -> None:
        if started:  # a second SIGTERM: stop now
            previous(sig, frame)
            return
        started.append(loop.create_task(_drain(hub, server)))

    signal.signal(signal.SIGTERM, lambda sig, frame: loop.call_soon_threadsafe(
        on_sigterm, sig, frame))


async def _drain(hub: Hub, server: Any) -> None:
    began = time.monotonic()
    log.warning("SIGTERM: draining (no new connections; the matches handed over; every player "
                "told to reconnect elsewhere), then exiting within %.0f s",
                hub.config.drain_seconds)
    for listener in getattr(server, "servers", []):  # made after the app started
        listener.close()
    try:
        await hub.drain()
    except Exception:
        log.exception("handing the matches over failed; exiting anyway")
    deadline = began + hub.config.drain_seconds
    while hub.sockets() and time.monotonic() < deadline:
        await asyncio.sleep(EMPTY_CHECK_SECONDS)
    left = hub.sockets()
    log.warning("drained in %.1f s (%d sockets left); exiting", time.monotonic() - began, left)
    server.handle_exit(signal.SIGTERM, None)
