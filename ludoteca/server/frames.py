"""The frames of live play, built in one place so their names match the documented surface.

Client -> server: `hello` {token?, name?}, `action` {action, ref?, seat?}, `ping`.
Server -> client: `state` {seat, view, legal, step, status, clocks}, `event` {step, seat, event},
`presence` {seats, spectators}, `lobby` (a session before its start), `accepted` {ref, step},
`rejected` {ref, reason}, `error` {error}, `pong`.
"""

from __future__ import annotations

import json
from typing import Any

from ludoteca.engine.events import Event

Frame = dict[str, Any]


def state_text(seat: int | None, view_json: str, legal_json: str, step: int, status: str,
               clocks: dict[str, float]) -> str:
    """`state` as JSON text from the view and legal list already in JSON (each is serialised
    once per seat, however many connections the seat has). `clocks`: the seconds each running
    clock the seat may know of has left, measured on the server's clock when the frame was
    made (a phone's own clock may be minutes wrong)."""
    return (f'{{"type": "state", "seat": {json.dumps(seat)}, "view": {view_json}, '
            f'"legal": {legal_json}, "step": {step}, "status": {json.dumps(status)}, '
            f'"clocks": {json.dumps(clocks)}}}')


def views_json(views: dict[int | None, dict[str, Any]]) -> dict[int | None, str]:
    """Each seat's view as the JSON text `json.dumps` writes, with a value that several views
    share (the same object: a game builds the parts every seat sees once) encoded once: the
    views of one step repeat their public parts, the largest part of each."""
    done: dict[int, str] = {}  # id of a value -> its JSON (every value is alive meanwhile)
    out: dict[int | None, str] = {}
    for seat, view in views.items():
        if not all(type(key) is str for key in view):  # json.dumps converts other keys
            out[seat] = json.dumps(view)
            continue
        parts = []
        for key, value in view.items():
            text = done.get(id(value))
            if text is None:
                text = done[id(value)] = json.dumps(value)
            parts.append(f"{json.dumps(key)}: {text}")
        out[seat] = "{" + ", ".join(parts) + "}"
    return out


def event(step: int, seat: int, ev: Event) -> Frame:
    # Only what the event says; who else may see it is not the receiver's business.
    return {"type": "event", "step": step, "seat": seat,
            "event": {"kind": ev.kind, "data": dict(ev.data)}}


def accepted(ref: Any, step: int) -> Frame:
    return {"type": "accepted", "ref": ref, "step": step}


def rejected(ref: Any, reason: str) -> Frame:
    return {"type": "rejected", "ref": ref, "reason": reason}


def error(message: str) -> Frame:
    return {"type": "error", "error": message}
