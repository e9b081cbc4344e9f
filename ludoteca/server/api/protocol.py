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
    """A frame of live play, one JSON object with its `type`."""

    # The server may add fields; a client ignores the ones it does not know.
    model_config = ConfigDict(extra="allow")


# --- client -> server ---------------------------------------------------------------------------
class HelloFrame(Frame):
    """The client's first frame: who it is. Its token is never in an address or a log."""

    type: Literal["hello"]
    # The seat's (or a session member's) token; None: a spectator, where the match allows it.
    token: str | None = None
    name: str | None = None  # the name a spectator or a newcomer shows


class ActionFrame(Frame):
    """An action of the client's seat, answered by `accepted` or `rejected` with its ref."""

    type: Literal["action"]
    action: dict[str, Any]  # the game's action as its codec writes it; {"kind": "undo"} too
    ref: Ref = None  # the client's name for this frame, in the answer
    # The seat to act for, where the token may act for several (the facilitator's bots).
    seat: int | None = None


class PingFrame(Frame):
    """Keep-alive: answered by a `pong` with the same ref."""

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
    """The seat's whole view and its legal actions: sent on connecting and whenever they
    change."""

    type: Literal["state"]
    seat: int | None  # None: a spectator
    view: dict[str, Any]  # what this seat may know of the game, as the game's view writes it
    legal: list[dict[str, Any]]  # the actions this seat may send now, encoded
    step: int  # the steps played so far
    status: str  # the match's: waiting, running, paused, finished...
    # Seconds each running clock this seat may know of has left (by the game's deadline key),
    # measured on the server's clock when the frame was made; still while the match is paused.
    clocks: dict[str, float] = {}
    # Whether this seat may take back its last step now (send the action {"kind": "undo"}).
    undo: bool = False
    # The stretch of real-time play being gathered for, if any (nobody may act meanwhile).
    gathering: Gathering | None = None


class EventBody(Frame):
    """What an action did, as the game's event says it."""

    kind: str
    data: dict[str, Any]


class EventFrame(Frame):
    """What one step did, only the events this seat may see, in order."""

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
    """One event of a `history` frame: an `event` frame without its type."""

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
    """Who is at one seat: a person (connected or away), a bot, or a bot standing in."""

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
    """Who is there: sent on every change (a crowd's comings and goings batched)."""

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
    """A person in a session's lobby, by their number in it."""

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
    """A session's lobby before its start: its members, crews, code and the plan of seats."""

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
    """The action of `ref` is stored, as step `step`."""

    type: Literal["accepted"]
    ref: Ref
    step: int
    # The action was sent again with the ref of one accepted before, at `step`: not applied
    # twice (a client resends what it heard no answer to after a reconnect).
    earlier: bool = False


class RejectedFrame(Frame):
    """The action of `ref` was refused and changed nothing; `reason` says why."""

    type: Literal["rejected"]
    ref: Ref
    reason: str  # the game's IllegalAction sentence, or the server's
    # The reason's kind (illegal, malformed, status_paused...), to say it in any language.
    code: str | None = None
    # A game's own reason in other languages, by language ("it"), when the game gave them.
    reasons: dict[str, str] | None = None


class ErrorFrame(Frame):
    """A frame that could not be used (not JSON, too big, too many, an unknown type): it
    changed nothing, and the connection stays open."""

    type: Literal["error"]
    error: str  # the sentence saying what was wrong
    # seat_elsewhere: the person took their seat back on another device (stop reconnecting;
    # this one connection is closed after it).
    code: str | None = None


class PongFrame(Frame):
    """The answer to a `ping`."""

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
