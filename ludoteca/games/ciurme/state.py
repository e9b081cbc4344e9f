"""The state of a Ciurme session: one board per crew plus the Assembly's table, as plain data that
the engine's codec writes and reads.

Seats 0..players-1 are the players; seat `players` is the facilitator. The logs (revealed rounds,
messages, closed votes, depositions) are append-only: a record is never changed once written, so
a clone shares the records.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, Literal

from ludoteca.engine.codec import SKIP
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.data import ISLAND, Channel, Location, Wood
from ludoteca.games.ciurme.options import CiurmeOptions


class Stage(StrEnum):
    """The stages of a session, in order (the phases of the rule table)."""

    BRIEFING = "briefing"
    PHASE1 = "phase1"
    OFFICES = "offices"
    ASSEMBLY = "assembly"
    OVER = "over"


class Step(StrEnum):
    """The steps of a phase-1 turn: the move, then steering (on the lifeboat) or repairing."""

    MOVE = "move"
    STEER = "steer"
    REPAIR = "repair"


class Topic(StrEnum):
    """What a crew votes on. Motions are yes/no; elections choose a seat or a ship."""

    LIFEBOAT = "lifeboat"
    DEPOSITION = "deposition"
    QUARTERMASTER = "quartermaster"
    FAVOURITE = "favourite"
    SECOND = "second"


MOTIONS = (Topic.LIFEBOAT, Topic.DEPOSITION)
ELECTIONS = (Topic.QUARTERMASTER, Topic.FAVOURITE, Topic.SECOND)
PREFERENCES = (Topic.FAVOURITE, Topic.SECOND)


class Outcome(StrEnum):
    """How a vote ended, as its record says."""

    YES = "yes"  # a motion carried
    NO = "no"  # a motion failed
    VOTE = "vote"  # elected by a strict majority of the votes cast
    RUNOFF = "runoff"  # no majority: a run-off among the leaders follows
    FACILITATOR = "facilitator"  # still tied after the run-off: the facilitator decides


class ClosedBy(StrEnum):
    """How phase 1 ended."""

    OPEN = ""  # it has not
    RESTORED = "restored"  # every crew restored its ship
    CLOCK = "clock"  # the session clock stopped the crews still working
    FACILITATOR = "facilitator"


# A ballot is one whole number: a candidate (a seat, a ship, or for a motion NO or YES), or one of
# the two marks below.
NOT_CAST, ABSTAINED = -2, -1
NO, YES = 0, 1

Unpicked = Literal[""]
UNPICKED: Unpicked = ""  # a player who has not picked a meeple yet
Piece = tuple[int, Wood, int]  # a repair: (by seat, wood colour, target seat or AUTOMATON)
Stamp = tuple[int, int, int, int]  # a placed stamp: (crew, value, ship, placing seat)
ShipPoints = tuple[int, int, int]  # a reveal's gain: (crew, ship, points)


@dataclass
class Vote:
    """A crew's open motion or election. `ballots` lines up with `voters`."""

    topic: Topic
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
    meeples: list[Wood | Unpicked]  # meeple colour of each member
    automaton: Wood | None  # the unchosen meeple of a 4-player crew
    place: list[Location]  # where each member stands
    own_wood: list[int]  # wood of their own colour each member still holds
    light_blue: int
    neutral: int
    first: int = 0  # member index opening the rotation [D-1]
    first_chosen: bool = False
    dock: Location = ISLAND
    common_pile: list[Wood] = field(default_factory=list)
    transported: list[Wood] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)
    produced: dict[Wood, int] = field(default_factory=dict)  # wood put in the pile, by colour
    active: int = 0  # member index whose turn it is
    step: Step = Step.MOVE
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


@dataclass(frozen=True)
class RevealedRound:
    round: int
    order: list[int]  # crews in placing order
    stamps: list[Stamp]
    points: list[ShipPoints]


@dataclass(frozen=True)
class Message:
    channel: Channel
    crew: int | None  # the author's crew (None: the facilitator)
    author: int
    text: str
    readers: list[int]
    period: int


@dataclass(frozen=True)
class VoteRecord:
    """A closed vote as the debrief lists it."""

    crew: int
    topic: Topic
    runoff: bool
    candidates: list[int]
    ballots: dict[str, int]  # voter seat -> ballot
    outcome: Outcome
    winner: int | None
    audience: list[int]  # who may read the record


@dataclass(frozen=True)
class Deposition:
    crew: int
    round: int
    deposed: int
    captain: int


# kw_only: the fields are listed in the order the saved document has always had.
@dataclass(kw_only=True)
class CiurmeState:
    players: int
    seed: int = 0  # the session's seed: bots derive the temperament of each seat from it
    stage: Stage = Stage.BRIEFING
    tick: int = 0  # actions applied so far (who reached a count first)
    finish_order: list[int] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)  # crews by phase-1 rank
    closed_by: ClosedBy = ClosedBy.OPEN
    fleet: int = 0
    round: int = 0  # 0: preferences; then 1..number of crews
    order: list[int] = field(default_factory=list)  # crews in placing order this round
    placing: int = 0  # placements made this round
    hands: list[list[int]] = field(default_factory=list)  # stamps each crew still holds
    stamps: list[Stamp] = field(default_factory=list)
    period: int = 0
    spoken: list[int] = field(default_factory=list)  # messages per seat this period
    history: list[RevealedRound] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)
    votes_log: list[VoteRecord] = field(default_factory=list)
    depositions: list[Deposition] = field(default_factory=list)
    options: CiurmeOptions
    crews: list[Crew]
    rng: Rng
    # Each seat's crew (None: the facilitator), derived from the crews when first asked.
    seat_crews: list[int | None] | None = field(default=None, metadata=SKIP, compare=False)

    @property
    def facilitator(self) -> int:
        return self.players

    def crew_of(self, seat: int) -> int | None:
        """The index of the crew `seat` belongs to (None: the facilitator)."""
        if self.seat_crews is None:
            table: list[int | None] = [None] * (self.players + 1)
            for index, crew in enumerate(self.crews):
                for member in crew.members:
                    table[member] = index
            self.seat_crews = table
        return self.seat_crews[seat]

    def clone(self) -> CiurmeState:
        """A copy sharing nothing mutable (the logs' records are never changed, so shared)."""
        values = {
            f.name: _copy(getattr(self, f.name)) for f in fields(self) if f.name not in _SPECIAL
        }
        crews = [
            Crew(**{name: _copy(getattr(crew, name)) for name in _CREW_FIELDS})
            for crew in self.crews
        ]
        for crew in crews:
            if crew.vote is not None:
                crew.vote = Vote(**{name: _copy(getattr(crew.vote, name)) for name in _VOTE_FIELDS})
        copy = CiurmeState(options=self.options, crews=crews, rng=self.rng.copy(), **values)
        copy.seat_crews = self.seat_crews  # never changed once derived: shared
        return copy


_SPECIAL = ("options", "crews", "rng", "seat_crews")
_CREW_FIELDS = [f.name for f in fields(Crew)]
_VOTE_FIELDS = [f.name for f in fields(Vote)]


def _copy(value: Any) -> Any:
    """Lists and dicts copied all the way down; everything else (numbers, texts, tuples, frozen
    records) shared."""
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value
