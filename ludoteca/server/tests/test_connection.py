"""A connection's frames: queued in order, held for the hub's `flush` while it writes a step's
frames one socket after another, and a client too slow to keep up disconnected."""

from __future__ import annotations

import asyncio
from typing import Any

from ludoteca.server.hub.connection import Connection


class Socket:
    """What a connection writes to, without a server (so frames go through the writer)."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.sent.append(f"closed {code}")


async def turns(count: int = 3) -> None:
    for _ in range(count):
        await asyncio.sleep(0)


def run(scenario: Any) -> Any:
    async def main() -> Any:
        socket = Socket()
        connection = Connection(socket, queue_frames=4)  # type: ignore[arg-type]
        connection.start()
        try:
            return await scenario(connection, socket)
        finally:
            await connection.finish()

    return asyncio.run(main())


def test_frames_go_out_in_order() -> None:
    async def scenario(connection: Connection, socket: Socket) -> None:
        connection.send("one")
        connection.send({"type": "two"})
        await turns()
        connection.send_now({"type": "accepted"})
        await turns()
        assert socket.sent == ["one", '{"type":"two"}', '{"type":"accepted"}']

    run(scenario)


def hold_a_step(connection: Connection) -> None:
    """A step's frames queued as the hub queues them: held for its `flush`."""
    connection.held = True
    connection.send("event")
    connection.send("state")


def test_held_frames_wait_for_flush_and_what_follows_waits_behind_them() -> None:
    async def scenario(connection: Connection, socket: Socket) -> None:
        hold_a_step(connection)
        await turns()
        assert socket.sent == []
        connection.send("presence")  # behind the held frames
        await turns()
        assert socket.sent == []
        connection.flush()
        await turns()
        assert socket.sent == ["event", "state", "presence"]
        connection.send("later")  # no longer held: the writer sends it
        await turns()
        assert socket.sent[-1] == "later"

    run(scenario)


def test_an_acknowledgement_goes_at_once_with_the_held_frames_before_it() -> None:
    async def scenario(connection: Connection, socket: Socket) -> None:
        hold_a_step(connection)
        connection.send_now({"type": "accepted"})  # the hub's turn is not awaited
        await turns()
        assert socket.sent == ["event", "state", '{"type":"accepted"}']
        connection.flush()  # the hub's, later: nothing is left to write
        await turns()
        assert len(socket.sent) == 3

    run(scenario)


def test_a_close_goes_after_what_is_queued_even_held() -> None:
    async def scenario(connection: Connection, socket: Socket) -> None:
        connection.held = True
        connection.send("last")
        connection.close()
        connection.send("ignored")  # after a close nothing more is queued
        await turns()
        assert socket.sent == ["last", "closed 1000"]

    run(scenario)


def test_a_client_too_slow_to_keep_up_is_disconnected() -> None:
    async def scenario(connection: Connection, socket: Socket) -> None:
        connection.held = True  # nothing leaves: the queue fills as a stalled client's would
        for k in range(5):
            connection.send(f"frame {k}")
        await turns()
        assert connection.closed
        assert socket.sent == ["closed 1013"]

    run(scenario)


class Wire:
    """A socket the server writes to directly (uvicorn's, see wire.py): several frames in one
    write, without waiting for the event loop."""

    def __init__(self) -> None:
        self.writes: list[list[str]] = []

    def ready(self) -> bool:
        return True

    def write(self, texts: list[str]) -> None:
        self.writes.append(texts)


def test_on_a_wire_the_acknowledgement_and_the_held_frames_go_in_one_write_at_once() -> None:
    async def scenario(connection: Connection, socket: Socket) -> None:
        connection.wire = wire = Wire()  # type: ignore[assignment]
        hold_a_step(connection)
        connection.send_now({"type": "accepted"})
        assert wire.writes == [["event", "state", '{"type":"accepted"}']]  # no turn awaited
        assert socket.sent == []

    run(scenario)
