"""The frames of live play, built in one place so their names match the documented surface.

Client -> server: `hello` {token?, name?}, `action` {action, ref?, seat?}, `ping`.
Server -> client: `state` {seat, view, legal, step, status, clocks}, `event` {step, seat, event},
`presence` {seats, spectators}, `lobby` (a session before its start), `accepted` {ref, step},
`rejected` {ref, reason}, `error` {error}, `pong`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
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


def views_json(views: Mapping[Any, dict[str, Any]]) -> dict[Any, str]:
    """Each view as JSON text, a part several views hold (the same list or dict: the game built
    it once for all, like Ciurme's crews, rules and fleet) encoded once, not once per view: a
    40-seat workshop's views repeat about half of their 7 KB."""
    holders = Counter(id(part) for view in views.values() for part in view.values()
                      if isinstance(part, dict | list))
    shared: dict[int, str] = {}
    out = {}
    for seat, view in views.items():
        own: dict[str, Any] = {}
        spliced = []
        for key, part in view.items():
            if isinstance(part, dict | list) and holders[id(part)] > 1:
                text = shared.get(id(part))
                if text is None:
                    text = shared[id(part)] = json.dumps(part)
                spliced.append(f"{json.dumps(key)}: {text}")
            else:
                own[key] = part
        if not spliced:
            out[seat] = json.dumps(own)
            continue
        head = json.dumps(own)[:-1]
        out[seat] = f"{head}{', ' if own else ''}{', '.join(spliced)}}}"
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
