"""One live match's connections on this process, and the frames they are sent.

The room asks its match for the frames of the steps applied (`LiveMatch.step_frames`) and for
fresh state frames, and sends each connection those of its seat; a connection is sent a state
frame only when its seat's view, legal list or the status changed since its last one. Call
these with the match's lock held (or in the same turn of the event loop as its release).

What a crowd changes, spectators (and a session's members before its start) coming and going
and the lobby they join, goes to everyone batched: the first few changes in a row at once
(NEWS_BURST), then at most once per `presence_interval`, with every change made meanwhile. A
crowd arriving one by one made a presence frame for everyone at each arrival (600 sockets:
181,500 frames); now the frames grow with the crowd times the seconds it takes to come. What
changes play (a seat's person comes or goes, a stand-in, the clocks) still goes at once.
"""

from __future__ import annotations

import asyncio
import time

from ludoteca.server.hub.connection import Connection
from ludoteca.server.live import LiveMatch, frames
from ludoteca.server.live.access import SEAT_ELSEWHERE, identify_hash, replaced

NEWS_BURST = 4.0  # presence frames sent at once in a row before they are batched


class Room:
    def __init__(self, live: LiveMatch) -> None:
        self.live = live
        self.connections: set[Connection] = set()
        self.interval = live.config.presence_interval
        # Presence frames that may go at once, refilled one per interval (a token bucket).
        self._news_tokens = NEWS_BURST
        self._news_stamp = time.monotonic()
        self._news_due: asyncio.Task[None] | None = None  # the batch waiting for its time
        self._lobby_due = False

    def send_unsent(self) -> None:
        """Every connection's frames of the steps applied since frames were last sent."""
        watching = list(self.connections)
        built = self.live.step_frames({c.seat for c in watching})
        if built is None:
            return
        for connection in watching:
            for text in built.events[connection.seat]:
                connection.send(text)
            self._send_state(connection, *built.states[connection.seat])

    def send_state(self, connection: Connection, force: bool = False) -> None:
        """A fresh `state` frame, when the seat's view, legal actions or the status changed."""
        self.send_states([connection], force)

    def send_states(self, connections: list[Connection] | None = None, force: bool = False
                    ) -> None:
        """`send_state` to each of `connections` (default: all), each seat's frame built once
        (after the frames of steps not sent yet: a frame never tells of a step before its
        events)."""
        self.send_unsent()
        connections = list(self.connections) if connections is None else connections
        states = self.live.state_texts({c.seat for c in connections})
        for connection in connections:
            self._send_state(connection, *states[connection.seat], force=force)

    @staticmethod
    def _send_state(connection: Connection, key: str, text: str, force: bool = False) -> None:
        if key == connection.last_state and not force:
            return
        connection.last_state = key
        connection.send(text)

    def broadcast_presence(self, batched: bool = False) -> None:
        """Everyone's presence frame: now, or (`batched`: a spectator came or went) with the
        batch that is due (see the module)."""
        if batched:
            self._news()
        else:
            self._send_news(batch=False)

    def _news(self, lobby: bool = False) -> None:
        self._lobby_due = self._lobby_due or lobby
        if self._news_due is not None:  # the batch due will carry this change too
            return
        if self._news_left() >= 1 or self.interval <= 0:
            self._send_news()
        else:
            wait = (1 - self._news_tokens) * self.interval
            self._news_due = asyncio.get_running_loop().create_task(self._send_news_in(wait))

    def _news_left(self) -> float:
        """The presence frames that may go at once now."""
        now = time.monotonic()
        if self.interval > 0:
            self._news_tokens = min(NEWS_BURST, self._news_tokens
                                    + (now - self._news_stamp) / self.interval)
        self._news_stamp = now
        return self._news_tokens

    async def _send_news_in(self, wait: float) -> None:
        await asyncio.sleep(wait)
        async with self.live.lock:
            self._news_due = None
            self.send_unsent()  # the steps' frames go before the presence they changed
            self._send_news()

    def _send_news(self, batch: bool = True) -> None:
        if batch:
            self._news_left()
            self._news_tokens = max(0.0, self._news_tokens - 1)
        connections = list(self.connections)
        if self._lobby_due and self.live.state is None:
            lobby = frames.dumps(self.live.lobby_frame())
            for connection in connections:
                connection.send(lobby)
        self._lobby_due = False
        text = frames.dumps(self.live.presence_frame())
        for connection in connections:
            connection.send(text)

    def refresh_all(self) -> None:
        """Send everyone what changed in the header: their seat, status, presence (a
        session's lobby with its presence, batched like it)."""
        connections = list(self.connections)
        for connection in connections:
            self._identify_again(connection)
        if self.live.state is None:
            self._news(lobby=True)
            return
        self._lobby_due = False  # the session started: its lobby is no news
        self.send_states(connections)
        self.broadcast_presence()

    def _identify_again(self, connection: Connection) -> None:
        """After a header change (a session started, a seat given to a bot, a leave)."""
        if connection.token_hash is None:
            return
        live = self.live
        found = identify_hash(live.info, connection.token_hash)
        before = connection.seat
        if found is None and replaced(live.info, connection.token_hash):
            connection.send(frames.error(SEAT_ELSEWHERE, "seat_elsewhere"))
            connection.close()
        if found is None:
            connection.seat, connection.member, connection.host = None, None, False
            connection.token_hash = None
            connection.send(frames.error("your token no longer opens this match: you watch it"))
        else:
            connection.seat, connection.member, connection.host = (
                found.seat, found.member, found.host
            )
        if before != connection.seat:
            live.presence.disconnect(before, live.now())
            live.presence.connect(connection.seat)
            connection.last_state = None
