"""The frames of live play as Pydantic models: the documented shape of what the WebSocket
(ws.py) and the live match (live/frames.py) send and accept, exported as JSON Schema for the
browser client's TypeScript types (web/scripts/export_schema.py). A test checks every frame a
real match sends against them."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

# A client's name for its frame (see ws.reference): short text or a whole number.
Ref = str | int | None


class Frame(BaseModel):
    # The server may add fields; a client ignores the ones it does not know.
    model_config = ConfigDict(extra="allow")


# --- client -> server ---------------------------------------------------------------------------
class HelloFrame(Frame):
    type: Literal["hello"]
    token: str | None = None
    name: str | None = None


class ActionFrame(Frame):
    type: Literal["action"]
    action: dict[str, Any]
    ref: Ref = None
    seat: int | None = None


class PingFrame(Frame):
    type: Literal["ping"]
    ref: Ref = None


class HistoryRequestFrame(Frame):
    """An older page of the match's events: those of the steps before `before`."""

    type: Literal["history"]
    before: int


class ReadyFrame(Frame):
    """The player is ready for the stretch of real-time play being gathered for."""

    type: Literal["ready"]


# --- server -> client ---------------------------------------------------------------------------
class Gathering(Frame):
    """A stretch of real-time play held until the people at the table are ready (a Ligretto
    round): who is ready, who is awaited, and the seconds to the start once everybody is."""

    key: str
    ready: list[int]
    waiting: list[int]
    starts_in: float | None


class StateFrame(Frame):
    type: Literal["state"]
    seat: int | None
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    step: int
    status: str
    # Seconds each running clock this seat may know of has left (by the game's deadline key),
    # measured on the server's clock when the frame was made; still while the match is paused.
    clocks: dict[str, float] = {}
    # Whether this seat may take back its last step now (send the action {"kind": "undo"}).
    undo: bool = False
    # The stretch of real-time play being gathered for, if any (nobody may act meanwhile).
    gathering: Gathering | None = None


class EventBody(Frame):
    kind: str
    data: dict[str, Any]


class EventFrame(Frame):
    type: Literal["event"]
    step: int
    # Who acted; None where the receiver may not know it (another crew's repairer, the
    # proposer of a motion to depose).
    seat: int | None
    # The round the step was played in (None: the game has no rounds).
    round: int | None = None
    event: EventBody
    # A bot sent the action (a bot's seat, or a bot standing in for a person away); told only
    # with the seat.
    bot: bool = False


class LoggedEvent(Frame):
    step: int
    seat: int | None  # None where the receiver may not know who acted, as in EventFrame
    round: int | None = None
    event: EventBody
    bot: bool = False  # as in EventFrame


class HistoryFrame(Frame):
    """The events this seat may see of the steps before `before` (None: of every step so far,
    sent on connecting, before the state), oldest first; `more`: older ones are left for
    another page (ask with a `history` frame)."""

    type: Literal["history"]
    before: int | None = None
    more: bool
    events: list[LoggedEvent]


class SeatPresence(Frame):
    seat: int
    name: str | None
    connected: bool
    bot: str | None
    stand_in: bool = False
    # A session: the person whose seat it is (named even while a bot plays for them), whether
    # a bot plays for them now, and for a person away the seconds before one takes over.
    person: str | None = None
    covered: bool = False
    grace_left: float | None = None


class PresenceFrame(Frame):
    type: Literal["presence"]
    status: str
    seats: list[SeatPresence]
    spectators: int
    # Seconds left in each seat's time bank, and the seats whose bank runs down now.
    time_banks: dict[str, float] | None = None
    # A session: the seconds a phone may be away before a bot plays for it (None: never on
    # its own), and whether the facilitator has published the room's debrief.
    grace: float | None = None
    debrief_published: bool = False
    players: int | None = None  # the seats from this number on are roles (the facilitator)
    # the crew whose bots latecomers replace first (its index), or most_bots
    latecomers: int | str | None = None
    time_banks_running: list[int] | None = None


class LobbyMember(Frame):
    member: int
    name: str


class LobbyPlan(Frame):
    """How the people will be seated at the start: the seats in all, each crew's seats (crews
    past the lobby's are bots only), how many bots each gets, and each one's flag; or why the
    crews do not fit (`error`, with `code` and `params`)."""

    players: int | None = None
    sizes: list[int] = []
    bots: list[int] = []
    flags: list[str] = []
    error: str | None = None
    code: str | None = None
    params: dict[str, Any] | None = None


class LobbyFrame(Frame):
    type: Literal["lobby"]
    id: str
    game: str
    status: str
    code: str | None
    players: int | None
    members: list[LobbyMember]
    # The most people the lobby takes (the game's most seats and a margin).
    members_cap: int | None = None
    crews: list[list[int]]
    plan: LobbyPlan | None = None


class AcceptedFrame(Frame):
    type: Literal["accepted"]
    ref: Ref
    step: int
    # The action was sent again with the ref of one accepted before, at `step`: not applied
    # twice (a client resends what it heard no answer to after a reconnect).
    earlier: bool = False


class RejectedFrame(Frame):
    type: Literal["rejected"]
    ref: Ref
    reason: str
    # The reason's kind (illegal, malformed, status_paused...), to say it in any language.
    code: str | None = None
    # A game's own reason in other languages, by language ("it"), when the game gave them.
    reasons: dict[str, str] | None = None


class ErrorFrame(Frame):
    type: Literal["error"]
    error: str
    # seat_elsewhere: the person took their seat back on another device (stop reconnecting).
    code: str | None = None


class PongFrame(Frame):
    type: Literal["pong"]
    ref: Ref = None


SERVER_FRAMES: dict[str, type[Frame]] = {
    "state": StateFrame,
    "event": EventFrame,
    "history": HistoryFrame,
    "presence": PresenceFrame,
    "lobby": LobbyFrame,
    "accepted": AcceptedFrame,
    "rejected": RejectedFrame,
    "error": ErrorFrame,
    "pong": PongFrame,
}


def check_server_frame(frame: dict[str, Any]) -> Frame:
    """The frame as its model (a ValidationError says how it departs from the protocol)."""
    return SERVER_FRAMES[frame["type"]].model_validate(frame)
