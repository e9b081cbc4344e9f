"""Live play: one WebSocket per client at /api/matches/{id}/ws.

The first frame is `{"type": "hello", "token": T}` (no token: a spectator, where the match
allows it), so a token is never in an address or a log line. Then the client sends `action`
frames, `history` (an older page of the match's events), `ready` (before a stretch of real-time
play) and `ping`s. Every bad frame (too big, too many, not JSON, of an unknown type, an action
for another seat) gets an `error` or `rejected` frame with a sentence, changes nothing, and the
connection stays open, except for a client that keeps flooding.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import unicodedata
from collections.abc import Mapping
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ludoteca.server.api import lobby
from ludoteca.server.api.guards import Sockets, origin_refusal
from ludoteca.server.api.ratelimit import RateLimit
from ludoteca.server.api.schemas import clean_name
from ludoteca.server.hub import Connection, Hub
from ludoteca.server.hub.connection import SERVICE_RESTART, SERVICE_RESTART_REASON
from ludoteca.server.live import LiveMatch, frames
from ludoteca.server.live.access import SEAT_ELSEWHERE, Identity, identify

HELLO_SECONDS = 20.0
FLOOD_CLOSE = 200  # frames refused (see RateLimit.flooding) before the connection is closed
POLICY_VIOLATION = 1008
CLOSE_REASON_BYTES = 123  # the most a close frame's reason holds


class BadFrame(Exception):
    """A frame the server cannot use; the message says why."""


def parse(message: Mapping[str, Any], limit: int) -> dict[str, Any]:
    """The JSON object in a received WebSocket message, or BadFrame."""
    text = message.get("text")
    if text is None:
        raise BadFrame("send text frames holding JSON objects, not binary frames")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise BadFrame(f"that message is {size} bytes; the limit is {limit}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadFrame(f"that message is not valid JSON ({exc.msg} at {exc.pos})") from None
    except ValueError:
        raise BadFrame("that message is not valid JSON") from None
    except RecursionError:
        raise BadFrame("that message nests its lists and objects too deeply") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadFrame("a message is a JSON object with a 'type': hello, action, history, "
                       "ready or ping")
    return data


REF_MOST_CHARACTERS = 100  # the stored ref's column holds this many
REF_LARGEST = 2**53 - 1  # a whole number every client reads exactly (JavaScript's safe range)
REF_RULE = (f"a ref is text of 1 to {REF_MOST_CHARACTERS} visible characters or a whole "
            f"number from -{REF_LARGEST} to {REF_LARGEST}")
# Control characters (NUL among them), lone surrogates, line and paragraph separators.
UNSTORABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})


def reference(data: dict[str, Any]) -> str | int | None:
    """The client's `ref`, echoed back and stored with its action, checked before it goes
    anywhere (a ref the database cannot hold must never reach it); BadFrame says what a ref
    may be."""
    ref = data.get("ref")
    if ref is None:
        return None
    if type(ref) is int and -REF_LARGEST <= ref <= REF_LARGEST:
        return ref
    if isinstance(ref, str) and 1 <= len(ref) <= REF_MOST_CHARACTERS and not any(
            unicodedata.category(c) in UNSTORABLE for c in ref):
        return ref
    raise BadFrame(f"that ref cannot be used: {REF_RULE}")


async def play(websocket: WebSocket, match_id: str) -> None:
    hub: Hub = websocket.app.state.hub
    sockets: Sockets = websocket.app.state.sockets
    await websocket.accept()
    if hub.draining:  # a socket that came just before this process stopped listening
        with contextlib.suppress(Exception):
            await websocket.close(SERVICE_RESTART, SERVICE_RESTART_REASON)
        return
    refusal = origin_refusal(websocket.headers.get("origin"), websocket.headers.get("host"),
                             hub.config.public_url)
    if refusal is not None:
        await _refuse(websocket, refusal)
        return
    address = websocket.client.host if websocket.client else "unknown"
    if not sockets.take(address):
        await _refuse(websocket, sockets.refusal())
        return
    try:
        await _play(websocket, hub, match_id)
    finally:
        sockets.give_back(address)


async def _play(websocket: WebSocket, hub: Hub, match_id: str) -> None:
    live = await hub.get(match_id)
    if live is None:
        await _refuse(websocket, f"there is no match {match_id[:40]!r}")
        return
    hello = await _hello(websocket, hub.config.max_frame_bytes)
    if hello is None:
        return
    token, name = hello.get("token"), hello.get("name")
    if token is not None and not isinstance(token, str):
        await _refuse(websocket, "a hello's token is the text of a link's token (no token: "
                                 "you watch)")
        return
    if name is not None:
        try:
            name = clean_name(name) if isinstance(name, str) else clean_name("")
        except ValueError as exc:
            await _refuse(websocket, f"that name cannot be used: {exc}")
            return
    identity = identify(live.info, token)
    if isinstance(identity, str):
        await _refuse(websocket, identity,
                      "seat_elsewhere" if identity == SEAT_ELSEWHERE else None)
        return
    connection = Connection(websocket, hub.config.send_queue_frames)
    connection.seat, connection.member = identity.seat, identity.member
    connection.host, connection.token_hash = identity.host, identity.token_hash
    connection.start()
    live = await hub.enter(live, connection)
    try:
        await _claim(hub, live, identity, name)
        await _serve(hub, live, connection)
    finally:
        await hub.leave(live, connection)


async def _hello(websocket: WebSocket, limit: int) -> dict[str, Any] | None:
    try:
        message = await asyncio.wait_for(websocket.receive(), HELLO_SECONDS)
    except TimeoutError:
        await _refuse(websocket, "say hello first: {\"type\": \"hello\", \"token\": ...}")
        return None
    if message["type"] == "websocket.disconnect":
        return None
    try:
        data = parse(message, limit)
    except BadFrame as exc:
        await _refuse(websocket, str(exc))
        return None
    if data["type"] != "hello":
        await _refuse(websocket, "the first message is {\"type\": \"hello\", \"token\": ...}")
        return None
    return data


async def _refuse(websocket: WebSocket, reason: str, code: str | None = None) -> None:
    """The sentence as an error frame, and as the close's reason (cut to what a close frame
    holds) for a client that reads only that."""
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps(frames.error(reason, code)))
        await websocket.close(POLICY_VIOLATION, reason.encode()[:CLOSE_REASON_BYTES].decode(
            errors="ignore"))


async def _claim(hub: Hub, live: LiveMatch, identity: Identity, name: str | None) -> None:
    """A seat's invite link is used for the first time: the seat is taken, with the name
    (checked like a name given to join)."""
    seat = identity.seat
    if seat is not None and any(s.seat == seat and s.name is None for s in live.info.seats):
        await lobby.claim_invite(hub, live, seat, name)
    await hub.share_presence(live)
    live.changed.set()


async def _serve(hub: Hub, live: LiveMatch, connection: Connection) -> None:
    limit = RateLimit(hub.config.frames_per_second)
    while not connection.closed:
        try:
            message = await connection.websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        if not limit.allow():
            if limit.dropped == 1 or limit.dropped % 50 == 0:
                connection.send(frames.error(limit.message()))
            if limit.flooding >= FLOOD_CLOSE:
                connection.send(frames.error(limit.closing()))
                connection.close()
            continue
        try:
            data = parse(message, hub.config.max_frame_bytes)
        except BadFrame as exc:
            connection.send(frames.error(str(exc)))
            continue
        await _handle(hub, live, connection, data)


async def _handle(hub: Hub, live: LiveMatch, connection: Connection, data: dict[str, Any]
                  ) -> None:
    kind = data["type"]
    if kind == "ping":
        try:
            connection.send({"type": "pong", "ref": reference(data)})
        except BadFrame as exc:
            connection.send(frames.error(str(exc)))
    elif kind == "action":
        await _action(hub, live, connection, data)
    elif kind == "history":
        before = data.get("before")
        if type(before) is not int or before < 1:
            connection.send(frames.error("a history message asks for the events before a step: "
                                         "{\"type\": \"history\", \"before\": 12}"))
        else:
            await hub.history(live, connection, before)
    elif kind == "ready":
        if connection.seat is None:
            connection.send(frames.error("you are watching: only players say they are ready"))
        else:
            await hub.ready(live, connection.seat)
    elif kind == "hello":
        connection.send(frames.error("you already said hello; reconnect to change who you are"))
    else:
        connection.send(frames.error(
            f"unknown message type {kind[:40]!r}: send hello, action, history, ready or ping"
        ))


async def _action(hub: Hub, live: LiveMatch, connection: Connection, data: dict[str, Any]
                  ) -> None:
    try:
        ref = reference(data)
    except BadFrame as exc:
        connection.send(frames.rejected(None, str(exc), "bad_ref"))
        return
    seat = connection.seat
    if seat is None:
        connection.send(frames.rejected(ref, "you are watching: spectators cannot act"))
        return
    claimed = data.get("seat", seat)
    if claimed != seat:
        connection.send(frames.rejected(
            ref, f"you play seat {seat}: you cannot act for seat {claimed!r}"
        ))
        return
    if "action" not in data:
        connection.send(frames.rejected(ref, "an action message carries the game's action: "
                                             "{\"type\": \"action\", \"action\": {...}}"))
        return
    await hub.act(live, seat, data["action"], connection=connection, ref=ref)


async def echo(websocket: WebSocket) -> None:
    """A bare echo, the baseline bench/server.py measures the live play against."""
    await websocket.accept()
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await websocket.send_text(await websocket.receive_text())
