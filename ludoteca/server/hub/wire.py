"""Several frames to one client in one write to its socket.

The ASGI interface sends one message per call, and uvicorn writes each to the socket at once:
a step's events and state frame for a client were two to four writes, each a system call that
also wakes the receiving side (on this project's machine a quarter of the server's CPU per
action went to them). Under uvicorn's `websockets-sansio` protocol (what `ludoteca serve`
runs: uvicorn's default, which offers what `Wire` reads from 0.53, where pyproject.toml's
range starts), `Wire` frames the texts with that connection's own WebSocket protocol
object and writes them together, as uvicorn's `send` does one at a time (same flow control,
same refusals once the socket is closing). Anywhere else (a test client, another server)
`wire` returns None and frames go through the ASGI `send`, one by one.
"""

from __future__ import annotations

from typing import Any

from starlette.websockets import WebSocket


class WireClosed(Exception):
    """The client's socket is closing or gone."""


class Wire:
    def __init__(self, protocol: Any) -> None:
        self.protocol = protocol

    async def send(self, texts: list[str]) -> None:
        await self.protocol.writable.wait()  # the socket's buffer is below its high-water mark
        self.write(texts)

    def ready(self) -> bool:
        """Whether `write` may be called now (the socket's buffer is below its high-water
        mark)."""
        return bool(self.protocol.writable.is_set())

    def write(self, texts: list[str]) -> None:
        protocol = self.protocol
        if protocol.disconnected or protocol.close_sent or protocol.transport.is_closing():
            raise WireClosed
        for text in texts:
            protocol.conn.send_text(text.encode())  # raises once the WebSocket is closing
        protocol.transport.write(b"".join(protocol.conn.data_to_send()))


PROTOCOL_PARTS = ("conn", "transport", "writable", "disconnected", "close_sent",
                  "handshake_complete")


def wire(websocket: WebSocket) -> Wire | None:
    """The accepted `websocket`'s wire, if its server is uvicorn's websockets-sansio."""
    protocol: Any = getattr(getattr(websocket, "_receive", None), "__self__", None)
    if type(protocol).__name__ != "WebSocketsSansIOProtocol" or not all(
        hasattr(protocol, name) for name in PROTOCOL_PARTS
    ):
        return None
    return Wire(protocol) if protocol.handshake_complete else None
