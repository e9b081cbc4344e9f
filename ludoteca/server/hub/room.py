"""One live match's connections on this process, and the frames they are sent.

The room asks its match for the frames of the steps applied (`LiveMatch.step_frames`) and for
fresh state frames, and sends each connection those of its seat; a connection is sent a state
frame only when its seat's view, legal list or the status changed since its last one. Call
these with the match's lock held (or in the same turn of the event loop as its release).
"""

from __future__ import annotations

from ludoteca.server.hub.connection import Connection
from ludoteca.server.live import LiveMatch, frames
from ludoteca.server.live.access import identify_hash


class Room:
    def __init__(self, live: LiveMatch) -> None:
        self.live = live
        self.connections: set[Connection] = set()

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

    def broadcast_presence(self) -> None:
        text = frames.dumps(self.live.presence_frame())
        for connection in list(self.connections):
            connection.send(text)

    def refresh_all(self) -> None:
        """Send everyone what changed in the header: their seat, status, presence."""
        connections = list(self.connections)
        for connection in connections:
            self._identify_again(connection)
        if self.live.state is None:
            lobby = self.live.lobby_frame()
            for connection in connections:
                connection.send(lobby)
        else:
            self.send_states(connections)
        self.broadcast_presence()

    def _identify_again(self, connection: Connection) -> None:
        """After a header change (a session started, a seat given to a bot, a leave)."""
        if connection.token_hash is None:
            return
        live = self.live
        found = identify_hash(live.info, connection.token_hash)
        before = connection.seat
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
