"""One client's WebSocket as the live match sees it: who it is and the frames it is yet to be
sent.

Frames are queued without waiting, in the order the match produced them, and a writer task
sends them; a client too slow to keep up is disconnected (it reconnects and gets a full view)
rather than making the match wait for it. An acknowledgement is written at once, with the
frames waiting before it (`send_now`). The frames waiting when the writer wakes go out in one
write to the socket where the server allows it (see wire.py). A step's frames are held
instead for the hub, which writes them a few sockets at a time between the actions it reads
(`held`, `flush`; see Hub._send_frames).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import itertools
from typing import Any

from starlette.websockets import WebSocket

from ludoteca.server.hub.wire import wire
from ludoteca.server.live import frames

_ids = itertools.count(1)
NORMAL_CLOSE = 1000
# The close code of a socket whose server is restarting (RFC 6455's "Service Restart"): the
# client reconnects at once, and the proxy takes it to another process (see api/drain.py).
SERVICE_RESTART = 1012
SERVICE_RESTART_REASON = "this server is restarting: reconnect"


class Connection:
    def __init__(self, websocket: WebSocket, queue_frames: int) -> None:
        self.id = next(_ids)
        self.websocket = websocket
        self.limit = queue_frames  # frames waiting past this: the client is too slow
        self.out: collections.deque[str | None] = collections.deque()  # None: close after
        self.wanted = asyncio.Event()  # the writer has frames to send
        # While held, frames wait for `flush` (the hub's, see Hub._send_frames), not the writer.
        self.held = False
        # seat: a player's seat; None: a spectator. member: a session member before the start.
        self.seat: int | None = None
        self.member: int | None = None
        self.token_hash: str | None = None
        self.host = False
        self.last_state: str | None = None  # the last view, legal list and status sent
        self.closed = False
        self.close_code, self.close_reason = NORMAL_CLOSE, ""
        self.writer: asyncio.Task[None] | None = None
        self.writing = asyncio.Lock()  # held while a frame is being written to the socket
        self.wire = wire(websocket)

    def start(self) -> None:
        self.writer = asyncio.create_task(self._write())

    def send(self, frame: dict[str, Any] | str) -> None:
        if self.closed:
            return
        if len(self.out) >= self.limit:
            self.close()
            return
        self.out.append(frame if isinstance(frame, str) else frames.dumps(frame))
        if not self.held:
            self.wanted.set()

    def send_now(self, frame: dict[str, Any]) -> None:
        """Queue `frame` and write it at once with the frames before it, held ones included,
        when the socket takes them without waiting (see flush). For the answer to an action,
        straight after its commit: queued, it would wait for the writer's next turn of the
        event loop, behind whatever every other match does in this one, or for the hub's turn
        to write this socket's held frames (flat out, with a hundred matches' frames to
        write, the slowest waited 90 ms)."""
        self.send(frame)
        self.flush()

    def flush(self) -> None:
        """Release the frames held, writing them now when the socket takes them without
        waiting (else the writer sends them)."""
        self.held = False
        if not self.out:
            return
        if self.wire is None or self.writing.locked() or not self.wire.ready():
            self.wanted.set()
            return
        texts = self._waiting()
        try:
            self.wire.write(texts)
        except Exception:  # the socket went away; the reader notices and cleans up
            self.closed = True
        if self.out:  # a close waits: the writer's
            self.wanted.set()

    def _waiting(self) -> list[str]:
        """The frames waiting, up to a close (which stays first in line)."""
        texts = []
        while self.out and self.out[0] is not None:
            text = self.out.popleft()
            assert text is not None
            texts.append(text)
        return texts

    async def _send(self, texts: list[str]) -> None:
        if self.wire is not None:
            await self.wire.send(texts)
            return
        for text in texts:
            await self.websocket.send_text(text)

    def close(self, code: int = NORMAL_CLOSE, reason: str = "") -> None:
        """Stop sending; the writer closes the socket with `code` after what is queued (or at
        once when too much is queued)."""
        if self.closed:
            return
        self.closed = True
        self.close_code, self.close_reason = code, reason
        if len(self.out) >= self.limit and self.writer is not None:
            self.writer.cancel()
            asyncio.create_task(self._close_socket(1013))
            return
        self.out.append(None)
        self.wanted.set()

    async def _write(self) -> None:
        """Send what is queued, in order: every frame waiting when the writer wakes (a step's
        events and state) together, not one turn of the event loop (and one write) each."""
        try:
            while True:
                await self.wanted.wait()
                self.wanted.clear()
                async with self.writing:
                    texts = self._waiting()
                    if texts:
                        await self._send(texts)
                if self.out and self.out[0] is None:
                    break
        except Exception:  # the socket went away; the reader notices and cleans up
            self.closed = True
            return
        await self._close_socket(self.close_code, self.close_reason)

    async def _close_socket(self, code: int, reason: str = "") -> None:
        with contextlib.suppress(Exception):
            if reason:
                await self.websocket.close(code, reason)
            else:
                await self.websocket.close(code)

    async def finish(self) -> None:
        self.closed = True
        if self.writer is not None:
            self.writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.writer
