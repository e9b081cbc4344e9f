"""The state of a Ciurme session: one board per crew plus the Assembly's table.

Everything is plain data (ints, strings, lists) so `to_json` is the fields themselves and `clone`
is a quick copy. Seats 0..players-1 are the players; seat `players` is the facilitator.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine.options import options_to_json, parse_options
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.data import ISLAND
from ludoteca.games.ciurme.options import CiurmeOptions

# Stages of the session, in order.
BRIEFING, PHASE1, OFFICES, ASSEMBLY, OVER = "briefing", "phase1", "offices", "assembly", "over"
# Steps of a phase-1 turn.
MOVE, STEER, REPAIR = "move", "steer", "repair"


@dataclass
class Vote:
    """A crew's open motion or election. `ballots` lines up with `voters`."""

    topic: str
    voters: list[int]
    candidates: list[int]
    ballots: list[int]
    runoff: bool = False
    proposer: int | None = None
    awaiting_facilitator: bool = False


@dataclass
class Crew:
    """One crew: its phase-1 board, its offices and its Assembly sheet."""

    members: list[int]  # seats, in turn order ("clockwise")
    meeples: list[str]  # meeple colour of each member
    automaton: str | None  # the unchosen meeple of a 4-player crew
    place: list[str]  # where each member stands
    own_wood: list[int]  # wood of their own colour each member still holds
    light_blue: int
    neutral: int
    first: int = 0  # member index opening the rotation [D-1]
    first_chosen: bool = False
    dock: str = ISLAND
    common_pile: list[str] = field(default_factory=list)
    transported: list[str] = field(default_factory=list)
    pieces: list[list[Any]] = field(default_factory=list)  # [by seat, colour, target]
    produced: dict[str, int] = field(default_factory=dict)  # wood put in the pile, by colour
    active: int = 0  # member index whose turn it is
    step: str = MOVE
    turns: int = 0  # player turns played
    rounds: int = 0  # whole rotations played
    place_turns: list[list[int]] = field(default_factory=list)  # per member, per place
    reached_at: list[int] = field(default_factory=list)  # tick of each member's last repair
    finished_turns: int | None = None
    stopped: bool = False  # the session clock ran out for this crew
    captain: int | None = None
    quartermaster: int | None = None
    vote: Vote | None = None
    favourite: int | None = None
    second: int | None = None
    points: list[int] = field(default_factory=list)  # squares blackened per ship
    motions_used: list[int] = field(default_factory=list)  # members who used this round's motion
    relayed: int = 0  # the period in which the quartermaster last spoke to the captain


@dataclass
class CiurmeState:
    players: int
    options: CiurmeOptions
    crews: list[Crew]
    rng: Rng
    seed: int = 0  # the session's seed: bots derive the temperament of each seat from it
    stage: str = BRIEFING
    tick: int = 0  # actions applied so far (who reached a count first)
    finish_order: list[int] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)  # crews by phase-1 rank
    closed_by: str = ""
    fleet: int = 0
    round: int = 0  # 0: preferences; then 1..number of crews
    order: list[int] = field(default_factory=list)  # crews in placing order this round
    placing: int = 0  # placements made this round
    hands: list[list[int]] = field(default_factory=list)  # stamps each crew still holds
    stamps: list[list[int]] = field(default_factory=list)  # [crew, value, ship, placer]
    history: list[dict[str, Any]] = field(default_factory=list)  # revealed rounds
    period: int = 0
    spoken: list[int] = field(default_factory=list)  # messages per seat this period
    messages: list[dict[str, Any]] = field(default_factory=list)
    votes_log: list[dict[str, Any]] = field(default_factory=list)
    depositions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def facilitator(self) -> int:
        return self.players

    def crew_of(self, seat: int) -> int | None:
        for index, crew in enumerate(self.crews):
            if seat in crew.members:
                return index
        return None


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


_VOTE_FIELDS = [f.name for f in dataclasses.fields(Vote)]
_CREW_FIELDS = [f.name for f in dataclasses.fields(Crew)]
# Append-only logs: a record is never changed once written, so copies share the records.
_LOGS = ("history", "messages", "votes_log", "depositions")
_STATE_PLAIN = [
    f.name
    for f in dataclasses.fields(CiurmeState)
    if f.name not in ("options", "crews", "rng", *_LOGS)
]


def _plain_and_logs(source: Any, get: Any) -> dict[str, Any]:
    values = {name: _copy(get(source, name)) for name in _STATE_PLAIN}
    values.update({name: list(get(source, name)) for name in _LOGS})
    return values


def vote_to_json(vote: Vote | None) -> dict[str, Any] | None:
    return None if vote is None else {name: _copy(getattr(vote, name)) for name in _VOTE_FIELDS}


def vote_from_json(data: Any) -> Vote | None:
    return None if data is None else Vote(**{name: _copy(data[name]) for name in _VOTE_FIELDS})


def crew_to_json(crew: Crew) -> dict[str, Any]:
    out = {name: _copy(getattr(crew, name)) for name in _CREW_FIELDS}
    out["vote"] = vote_to_json(crew.vote)
    return out


def crew_from_json(data: Any) -> Crew:
    values = {name: _copy(data[name]) for name in _CREW_FIELDS}
    values["vote"] = vote_from_json(data["vote"])
    return Crew(**values)


def state_to_json(state: CiurmeState) -> dict[str, Any]:
    out = _plain_and_logs(state, getattr)
    out["options"] = options_to_json(state.options)
    out["crews"] = [crew_to_json(c) for c in state.crews]
    out["rng"] = state.rng.to_json()
    return out


def state_from_json(data: Any) -> CiurmeState:
    values = _plain_and_logs(data, lambda d, name: d[name])
    return CiurmeState(
        options=parse_options(CiurmeOptions, data["options"]),
        crews=[crew_from_json(c) for c in data["crews"]],
        rng=Rng.from_json(data["rng"]),
        **values,
    )


def clone_state(state: CiurmeState) -> CiurmeState:
    values = _plain_and_logs(state, getattr)
    crews = []
    for crew in state.crews:
        copy = Crew(**{name: _copy(getattr(crew, name)) for name in _CREW_FIELDS})
        copy.vote = vote_from_json(vote_to_json(crew.vote))
        crews.append(copy)
    return CiurmeState(options=state.options, crews=crews, rng=state.rng.copy(), **values)
