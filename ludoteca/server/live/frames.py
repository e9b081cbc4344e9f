"""The frames of live play, built in one place so their names match the documented surface.

Client -> server: `hello` {token?, name?}, `action` {action, ref?, seat?}, `ping`.
Server -> client: `state` {seat, view, legal, step, status, clocks}, `event` {step, seat (who
acted, where the receiver may know it), event},
`presence` {seats, spectators}, `lobby` (a session before its start), `accepted` {ref, step},
`rejected` {ref, reason}, `error` {error}, `pong`.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from ludoteca.engine.events import Event

Frame = dict[str, Any]


def state_text(seat: int | None, view_json: str, legal_json: str, step: int, status: str,
               clocks: dict[str, float]) -> str:
    """`state` as JSON text from the view and legal list already in JSON (each is serialised
    once per seat, however many connections the seat has). `clocks`: the seconds each running
    clock the seat may know of has left, measured on the server's clock when the frame was
    made (a phone's own clock may be minutes wrong)."""
    return (f'{{"type": "state", "seat": {dumps(seat)}, "view": {view_json}, '
            f'"legal": {legal_json}, "step": {step}, "status": {dumps(status)}, '
            f'"clocks": {dumps(clocks)}}}')


def views_json(views: dict[int | None, dict[str, Any]]) -> dict[int | None, str]:
    """Each seat's view as JSON text (the server encodes every connected seat's view at every
    step: written by orjson, whole, in about a twentieth of `json.dumps`'s time)."""
    return {seat: dumps(view) for seat, view in views.items()}


def dumps(value: Any) -> str:
    """`value` as JSON text, the same value `json.dumps` writes (compact, and non-ASCII
    characters as themselves), written by orjson; what orjson refuses (keys that are not
    strings, whole numbers past 64 bits, lone surrogates) is written by `json.dumps`."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value)


def event(step: int, seat: int | None, ev: Event) -> Frame:
    """`seat`: who acted, or None where the receiver may not know it (`Event.actor_visible`).
    Only what the event says; who else may see it is not the receiver's business."""
    return {"type": "event", "step": step, "seat": seat,
            "event": {"kind": ev.kind, "data": dict(ev.data)}}


def accepted(ref: Any, step: int, earlier: bool = False) -> Frame:
    """An action's answer: accepted at `step`; `earlier`: the action sent again with the ref of
    one already accepted (at `step`), which is not applied twice."""
    if earlier:
        return {"type": "accepted", "ref": ref, "step": step, "earlier": True}
    return {"type": "accepted", "ref": ref, "step": step}


def rejected(ref: Any, reason: str, code: str | None = None) -> Frame:
    """`code`: the reason's kind (`illegal`, `status_paused`...), which a client may say in
    its own language instead of the sentence."""
    frame: Frame = {"type": "rejected", "ref": ref, "reason": reason}
    if code is not None:
        frame["code"] = code
    return frame


def error(message: str) -> Frame:
    return {"type": "error", "error": message}
