"""The frames of live play, built in one place so their names match the documented surface.

Client -> server: `hello` {token?, name?}, `action` {action, ref?, seat?}, `history`
{before?}, `ready`, `ping`.
Server -> client: `state` {seat, view, legal, step, status, clocks, undo, gathering}, `event`
{step, seat (who acted, where the receiver may know it), round, event}, `history` {events,
more, before}, `presence` {seats, spectators}, `lobby` (a session before its start),
`accepted` {ref, step}, `rejected` {ref, reason}, `error` {error}, `pong`.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import orjson

from ludoteca.engine.events import Event

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ludoteca.server.live.history import Told

Frame = dict[str, Any]


def state_text(seat: int | None, view_json: str, legal_json: str, step: int, status: str,
               clocks: dict[str, float], undo: bool = False, gathering: str = "null") -> str:
    """`state` as JSON text from the view and legal list already in JSON (each is serialised
    once per seat, however many connections the seat has). `clocks`: the seconds each running
    clock the seat may know of has left, measured on the server's clock when the frame was
    made (a phone's own clock may be minutes wrong). `undo`: the seat may take back its last
    step. `gathering` (JSON text): the stretch of real-time play held until the table is
    ready, or null."""
    return (f'{{"type": "state", "seat": {dumps(seat)}, "view": {view_json}, '
            f'"legal": {legal_json}, "step": {step}, "status": {dumps(status)}, '
            f'"clocks": {dumps(clocks)}, "undo": {dumps(undo)}, "gathering": {gathering}}}')


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


def event(step: int, seat: int | None, ev: Event, played_in: int | None = None,
          bot: bool = False) -> Frame:
    """`seat`: who acted, or None where the receiver may not know it (`Event.actor_visible`);
    `played_in`: the round; `bot`: a bot sent the action (told only with the seat). Only what
    the event says; who else may see it is not the receiver's business."""
    frame: Frame = {"type": "event", "step": step, "seat": seat, "round": played_in,
                    "event": {"kind": ev.kind, "data": dict(ev.data)}}
    if bot and seat is not None:
        frame["bot"] = True
    return frame


def history(told: list[Told], more: bool, before: int | None = None) -> Frame:
    """The events a seat may see of the steps before `before` (None: every step so far), as
    the `event` frames told them; `more`: older ones are left for another page."""
    return {"type": "history", "before": before, "more": more,
            "events": [{"step": t.step, "seat": t.seat, "round": t.round,
                        "event": {"kind": t.event.kind, "data": dict(t.event.data)},
                        **({"bot": True} if t.bot and t.seat is not None else {})}
                       for t in told]}


def accepted(ref: Any, step: int, earlier: bool = False) -> Frame:
    """An action's answer: accepted at `step`; `earlier`: the action sent again with the ref of
    one already accepted (at `step`), which is not applied twice."""
    if earlier:
        return {"type": "accepted", "ref": ref, "step": step, "earlier": True}
    return {"type": "accepted", "ref": ref, "step": step}


def rejected(
    ref: Any, reason: str, code: str | None = None, reasons: Mapping[str, str] | None = None
) -> Frame:
    """`code`: the reason's kind (`illegal`, `status_paused`...), which a client may say in
    its own language instead of the sentence; `reasons`: the game's own sentence in other
    languages, by language, when it gave them."""
    frame: Frame = {"type": "rejected", "ref": ref, "reason": reason}
    if code is not None:
        frame["code"] = code
    if reasons:
        frame["reasons"] = dict(reasons)
    return frame


def error(message: str, code: str | None = None) -> Frame:
    """An error sentence; `code` names its kind where a client acts on it (seat_elsewhere:
    the seat was opened on another device, so this screen stops reconnecting)."""
    return {"type": "error", "error": message, **({"code": code} if code else {})}
