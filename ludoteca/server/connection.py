"""One client's WebSocket as the live match sees it: who it is and a queue of frames to send.

Frames are queued without waiting, in the order the match produced them, and a writer task
sends them; a client too slow to keep up is disconnected (it reconnects and gets a full view)
rather than making the match wait for it. An acknowledgement is written at once when no frame
waits before it (`send_now`). The frames waiting when the writer wakes go out in one write to
the socket where the server allows it (see wire.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from typing import Any

from starlette.websockets import WebSocket

from ludoteca.server import frames
from ludoteca.server.wire import wire

_ids = itertools.count(1)


class Connection:
    def __init__(self, websocket: WebSocket, queue_frames: int) -> None:
        self.id = next(_ids)
        self.websocket = websocket
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=queue_frames)
        # seat: a player's seat; None: a spectator. member: a session member before the start.
        self.seat: int | None = None
        self.member: int | None = None
        self.token_hash: str | None = None
        self.host = False
        self.last_state: str | None = None  # the last view, legal list and status sent
        self.closed = False
        self.writer: asyncio.Task[None] | None = None
        self.writing = asyncio.Lock()  # held while a frame is being written to the socket
        self.wire = wire(websocket)

    def start(self) -> None:
        self.writer = asyncio.create_task(self._write())

    def send(self, frame: dict[str, Any] | str) -> None:
        if self.closed:
            return
        text = frame if isinstance(frame, str) else frames.dumps(frame)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    async def send_now(self, frame: dict[str, Any]) -> None:
        """Write `frame` at once when nothing waits to go before it, else queue it. For an
        action's `accepted`, straight after its commit: queued, it would wait for the writer's
        next turn of the event loop, behind whatever every other match does in this one."""
        if self.closed or not self.queue.empty() or self.writing.locked():
            self.send(frame)
            return
        async with self.writing:
            try:
                await self._send([frames.dumps(frame)])
            except Exception:  # the socket went away; the reader notices and cleans up
                self.closed = True

    async def _send(self, texts: list[str]) -> None:
        if self.wire is not None:
            await self.wire.send(texts)
            return
        for text in texts:
            await self.websocket.send_text(text)

    def close(self) -> None:
        """Stop sending; the writer closes the socket after what is queued (or at once when
        the queue is full)."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        if self.queue.full() and self.writer is not None:
            self.writer.cancel()
            asyncio.create_task(self._close_socket(1013))

    async def _write(self) -> None:
        """Send what is queued, in order: every frame waiting when the writer wakes (a step's
        events and state) together, not one turn of the event loop (and one write) each."""
        try:
            text: str | None = ""
            while text is not None:
                text = await self.queue.get()
                async with self.writing:
                    texts = []
                    while text is not None:
                        texts.append(text)
                        if self.queue.empty():
                            break
                        text = self.queue.get_nowait()
                    await self._send(texts)
        except Exception:  # the socket went away; the reader notices and cleans up
            self.closed = True
            return
        await self._close_socket(1000)

    async def _close_socket(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code)

    async def finish(self) -> None:
        self.closed = True
        if self.writer is not None:
            self.writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.writer
