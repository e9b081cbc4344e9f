"""The state of a Ciurme session: one board per crew plus the Assembly's table, as plain data that
the engine's codec writes and reads.

Seats 0..players-1 are the players; seat `players` is the facilitator. The logs (revealed rounds,
messages, closed votes, depositions) are append-only: a record is never changed once written, so
a clone shares the records.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from ludoteca.engine.codec import SKIP, Between, Size
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.data import (
    AUTOMATON,
    CREW_SIZES,
    ISLAND,
    LIGHT_BLUE_SUPPLY,
    MAX_CREWS,
    MAX_PLAYERS,
    MESSAGE_MAX_LENGTH,
    MIN_CREWS,
    MIN_PLAYERS,
    NEUTRAL_SUPPLY,
    PLACES,
    SHIP_NAMES,
    STAMP_VALUES,
    WOOD_PER_PLAYER,
    Channel,
    Location,
    Wood,
)
from ludoteca.games.ciurme.options import CiurmeOptions, Phase1Seconds, StampValue, VoteSeconds


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


class Role(StrEnum):
    """Who a seat is in the session (what its view says)."""

    SPECTATOR = "spectator"
    FACILITATOR = "facilitator"
    CAPTAIN = "captain"
    QUARTERMASTER = "quartermaster"
    MEMBER = "crew member"


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

# The ranges any session allows (a session's own limits are checked by `invariants`).
Count = Annotated[int, Between(0, None)]
Seat = Annotated[int, Between(0, MAX_PLAYERS)]  # the facilitator included
PlayerSeat = Annotated[int, Between(0, MAX_PLAYERS - 1)]
CrewIndex = Annotated[int, Between(0, MAX_CREWS - 1)]
ShipIndex = Annotated[int, Between(0, len(SHIP_NAMES) - 1)]
Member = Annotated[int, Between(0, max(CREW_SIZES) - 1)]  # a member's index in its crew
Ballot = Annotated[int, Between(NOT_CAST, MAX_PLAYERS - 1)]
Members = Annotated[list[PlayerSeat], Size(min(CREW_SIZES), max(CREW_SIZES))]
PerMember = Size(min(CREW_SIZES), max(CREW_SIZES))  # a list with one item per member
Voters = Annotated[list[PlayerSeat], Size(1, max(CREW_SIZES))]
Ballots = Size(1, max(CREW_SIZES))
PerSeat = Size(MIN_PLAYERS + 1, MAX_PLAYERS + 1)  # a list with one item per seat


Unpicked = Literal[""]
UNPICKED: Unpicked = ""  # a player who has not picked a meeple yet
# A repair: (by seat, wood colour, target seat or AUTOMATON).
Piece = tuple[PlayerSeat, Wood, Annotated[int, Between(AUTOMATON, MAX_PLAYERS - 1)]]
# A placed stamp: (crew, value, ship, placing seat).
Stamp = tuple[CrewIndex, StampValue, ShipIndex, PlayerSeat]
# A reveal's gain: (crew, ship, points).
ShipPoints = tuple[CrewIndex, ShipIndex, Annotated[int, Between(1, 3)]]


@dataclass
class Vote:
    """A crew's open motion or election. `ballots` lines up with `voters`."""

    topic: Topic
    voters: Voters
    candidates: Annotated[list[Annotated[int, Between(0, MAX_PLAYERS - 1)]], Size(0, MAX_PLAYERS)]
    ballots: Annotated[list[Ballot], Ballots]
    runoff: bool = False
    proposer: PlayerSeat | None = None
    awaiting_facilitator: bool = False
    number: Count = 0  # the session's count of votes when it opened: its clock's name [D-21]
    seconds: VoteSeconds = 300  # its timer, from its opening [D-21]


@dataclass
class Crew:
    """One crew: its phase-1 board, its offices and its Assembly sheet."""

    members: Members  # seats, in turn order ("clockwise")
    meeples: Annotated[list[Wood | Unpicked], PerMember]  # meeple colour of each member
    automaton: Wood | None  # the unchosen meeple of a 4-player crew
    place: Annotated[list[Location], PerMember]  # where each member stands
    # wood of their own colour each member still holds
    own_wood: Annotated[list[Annotated[int, Between(0, WOOD_PER_PLAYER)]], PerMember]
    light_blue: Annotated[int, Between(0, LIGHT_BLUE_SUPPLY)]
    neutral: Annotated[int, Between(0, NEUTRAL_SUPPLY)]
    first: Member = 0  # member index opening the rotation [D-1]
    first_chosen: bool = False
    dock: Location = ISLAND
    common_pile: list[Wood] = field(default_factory=list)
    transported: list[Wood] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)
    produced: dict[Wood, Count] = field(default_factory=dict)  # wood put in the pile, by colour
    active: Member = 0  # member index whose turn it is
    step: Step = Step.MOVE
    turns: Count = 0  # player turns played
    rounds: Count = 0  # whole rotations played
    # per member, per place
    place_turns: Annotated[
        list[Annotated[list[Count], Size(len(PLACES), len(PLACES))]], PerMember
    ] = field(default_factory=list)
    # tick of each member's last repair
    reached_at: Annotated[list[Count], PerMember] = field(default_factory=list)
    finished_turns: Count | None = None
    stopped: bool = False  # the session clock ran out for this crew
    captain: PlayerSeat | None = None
    quartermaster: PlayerSeat | None = None
    vote: Vote | None = None
    favourite: ShipIndex | None = None
    second: ShipIndex | None = None
    # squares blackened per ship
    points: Annotated[list[Count], Size(2, len(SHIP_NAMES))] = field(default_factory=list)
    # members who used this round's motion
    motions_used: Annotated[list[PlayerSeat], Size(0, max(CREW_SIZES))] = field(
        default_factory=list
    )
    relayed: Count = 0  # the period in which the quartermaster last spoke to the captain


@dataclass(frozen=True)
class RevealedRound:
    round: Annotated[int, Between(1, MAX_CREWS)]
    order: Annotated[list[CrewIndex], Size(MIN_CREWS, MAX_CREWS)]  # crews in placing order
    stamps: Annotated[list[Stamp], Size(0, len(STAMP_VALUES) * MAX_CREWS)]
    points: Annotated[list[ShipPoints], Size(0, MAX_CREWS * len(SHIP_NAMES))]


@dataclass(frozen=True)
class Message:
    channel: Channel
    crew: CrewIndex | None  # the author's crew (None: the facilitator)
    author: Seat
    text: Annotated[str, Size(1, MESSAGE_MAX_LENGTH)]
    readers: Annotated[list[Seat], Size(1, MAX_PLAYERS + 1)]
    period: Count
    to: Seat | None = None  # the crew or the person the facilitator wrote to [D-22]


@dataclass(frozen=True, init=False)
class VoteRecord:
    """A closed vote as the debrief lists it."""

    crew: CrewIndex
    topic: Topic
    runoff: bool
    candidates: Annotated[list[Annotated[int, Between(0, MAX_PLAYERS - 1)]], Size(0, MAX_PLAYERS)]
    ballots: Annotated[dict[str, Ballot], Ballots]  # voter seat -> ballot
    outcome: Outcome
    winner: Annotated[int, Between(0, MAX_PLAYERS - 1)] | None
    audience: Annotated[list[Seat], Size(1, MAX_PLAYERS + 1)]  # who may read the record
    # who learns only the outcome (a captain, of a motion to depose them [D-23])
    told: Annotated[list[Seat], Size(0, 1)] = field(default_factory=list)

    def __init__(self, crew: int, topic: Topic, runoff: bool, candidates: list[int],
                 ballots: dict[str, int], outcome: Outcome, winner: int | None,
                 audience: list[int], told: list[int] | None = None) -> None:
        # A vote closes every few actions of a session: the fields are set at once in the
        # instance's dict, where the frozen dataclass's own __init__ guards each (as `Event`).
        self.__dict__.update(crew=crew, topic=topic, runoff=runoff, candidates=candidates,
                             ballots=ballots, outcome=outcome, winner=winner, audience=audience,
                             told=[] if told is None else told)


@dataclass(frozen=True)
class Deposition:
    crew: CrewIndex
    round: Annotated[int, Between(0, MAX_CREWS)]
    deposed: PlayerSeat
    captain: PlayerSeat


# kw_only: the fields are listed in the order the saved document has always had.
@dataclass(kw_only=True)
class CiurmeState:
    players: Annotated[int, Between(MIN_PLAYERS, MAX_PLAYERS)]
    # the session's seed: bots derive the temperament of each seat from it
    seed: Annotated[int, Between(0, 2**64 - 1)] = 0
    stage: Stage = Stage.BRIEFING
    tick: Count = 0  # actions applied so far (who reached a count first)
    finish_order: Annotated[list[CrewIndex], Size(0, MAX_CREWS)] = field(default_factory=list)
    # crews finished when the facilitator last let the others play on (see race.closing_due)
    played_on: Annotated[int, Between(0, MAX_CREWS)] = 0
    phase1_seconds: Phase1Seconds = 0  # the phase-1 timer (0: none) [D-21]
    votes_opened: Count = 0  # votes opened so far: each vote's number
    # crews by phase-1 rank
    ranking: Annotated[list[CrewIndex], Size(0, MAX_CREWS)] = field(default_factory=list)
    closed_by: ClosedBy = ClosedBy.OPEN
    fleet: Annotated[int, Between(2, len(SHIP_NAMES))] = 2
    round: Annotated[int, Between(0, MAX_CREWS)] = 0  # 0: preferences; then 1..number of crews
    # crews in placing order this round
    order: Annotated[list[CrewIndex], Size(0, MAX_CREWS)] = field(default_factory=list)
    placing: Count = 0  # placements made this round
    # stamps each crew still holds
    hands: Annotated[
        list[Annotated[list[StampValue], Size(0, len(STAMP_VALUES))]], Size(0, MAX_CREWS)
    ] = field(default_factory=list)
    stamps: Annotated[list[Stamp], Size(0, len(STAMP_VALUES) * MAX_CREWS)] = field(
        default_factory=list
    )
    period: Count = 0
    # messages per seat this period
    spoken: Annotated[list[Count], PerSeat] = field(default_factory=list)
    history: Annotated[list[RevealedRound], Size(0, MAX_CREWS)] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)
    votes_log: list[VoteRecord] = field(default_factory=list)
    depositions: list[Deposition] = field(default_factory=list)
    options: CiurmeOptions
    crews: Annotated[list[Crew], Size(MIN_CREWS, MAX_CREWS)]
    rng: Rng
    # Each seat's crew (None: the facilitator), derived from the crews when first asked.
    seat_crews: list[int | None] | None = field(default=None, metadata=SKIP, compare=False)
    # Each crew's members and the facilitator, who see its board, derived when first asked.
    boards: list[frozenset[int]] | None = field(default=None, metadata=SKIP, compare=False)
    # The seats that may act now, each with the groups of rules that list its choices (the
    # listing's `Group`s), in parts: each crew's, then the facilitator's; found when first
    # asked and kept from action to action (an action lists again the crew it changed, or
    # drops them all: `listing.Lister.kept`): a search, a player's page and `apply` itself ask
    # again and again of one state, and a seat's menu asks only its own groups.
    # Never changed once found (an action makes new parts, or drops them), so a clone shares it.
    actor_groups: list[dict[int, tuple[Any, ...]]] | None = field(
        default=None, metadata=SKIP, compare=False)

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

    def board_of(self, index: int) -> frozenset[int]:
        """The seats that see the board of the crew at `index`: its members and the
        facilitator (the members never change)."""
        if self.boards is None:
            self.boards = [frozenset([*crew.members, self.facilitator]) for crew in self.crews]
        return self.boards[index]

    def index_of(self, crew: Crew) -> int:
        """The index of `crew` in `crews`, by its first member's (`crews.index` compared the
        crews before it field by field)."""
        index = self.crew_of(crew.members[0])
        assert index is not None, "a crew's member"
        return index

    def clone(self) -> CiurmeState:
        """A copy sharing nothing mutable (the logs' records are never changed, so shared)."""
        copy = _copy_state(self)
        copy.crews = crews = [_copy_crew(crew) for crew in self.crews]
        for crew in crews:
            if crew.vote is not None:
                crew.vote = _copy_vote(crew.vote)
        copy.rng = self.rng.copy()
        return copy  # seat_crews, boards and actor_groups, never changed once derived, are shared


def _copy_plan(cls: type) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The fields of a record class to copy, by their type hints: (lists and dicts of numbers,
    texts, tuples or frozen records, for which a shallow copy does; those of them that may be
    None; lists of such lists). The crews, their votes and the generator are copied by `clone`
    itself; SHARED lists are not."""
    hints = get_type_hints(cls)
    flat: list[str] = []
    optional: list[str] = []
    deep: list[str] = []
    for f in fields(cls):
        if f.name in _BY_CLONE or f.name in SHARED:
            continue
        hint = hints[f.name]
        if get_origin(hint) in (Union, UnionType):
            hint = next(arg for arg in get_args(hint) if arg is not type(None))
            if get_origin(hint) in (list, dict):
                optional.append(f.name)
        if get_origin(hint) in (list, dict):
            item = get_args(hint)[-1]
            if get_origin(item) not in (list, dict):
                flat.append(f.name)
                continue
            if get_origin(item) is not list or get_origin(get_args(item)[0]) in (list, dict):
                raise TypeError(f"{cls.__name__}.{f.name}: clone copies lists of lists only")
            deep.append(f.name)
    return tuple(flat), tuple(optional), tuple(deep)


_BY_CLONE = ("crews", "vote", "rng", "seat_crews", "boards", "actor_groups")
# Lists that play replaces but never changes in place (a crew's members, a vote's voters and
# candidates, the placing order, the phase-1 ranking; and, written a few times a session where a
# clone copied them every time, a crew's meeples, its members' turns by place and last repairs,
# its ship points and the round's motions, and the session's logs: the finishing order, the
# revealed rounds, the messages, the closed votes and the depositions: written with `replaced`
# or as a new list one longer): a clone shares them, as it shares the logs' records (a test
# plays on from clones and checks the originals unchanged).
SHARED = ("members", "voters", "candidates", "order", "ranking",
          "meeples", "place_turns", "reached_at", "points", "motions_used",
          "finish_order", "history", "messages", "votes_log", "depositions")
T = TypeVar("T")


def replaced(items: list[T], index: int, value: T) -> list[T]:
    """A copy of `items` with `value` at `index`: how a SHARED list is written (a clone shares
    it, so it is never changed in place)."""
    out = items.copy()
    out[index] = value
    return out
_Record = TypeVar("_Record", CiurmeState, Crew, Vote)


def _copier(cls: type[_Record]) -> Callable[[_Record], _Record]:
    """A function that makes a new record of `cls` (no __init__: the fields as they are), its
    lists and dicts copied as its plan says and everything else shared. Written out field by
    field from the plan, as dataclasses writes its methods: a loop over the plan's names cost a
    fifth of a 2-crew clone."""
    flat, optional, deep = _copy_plan(cls)
    lines = ["def copied(record):", "    values = record.__dict__.copy()"]
    for name in flat:
        if name in optional:
            lines += [f"    value = values[{name!r}]",
                      "    if value is not None:",
                      f"        values[{name!r}] = value.copy()"]
        else:  # asked of none of a record's many lists at every clone
            lines.append(f"    values[{name!r}] = values[{name!r}].copy()")
    lines += [f"    values[{name!r}] = [item.copy() for item in values[{name!r}]]"
              for name in deep]
    lines += ["    copy = new(cls)", "    copy.__dict__ = values", "    return copy"]
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # the text is made of the field names above
    copied: Callable[[_Record], _Record] = namespace["copied"]
    return copied


_copy_state = _copier(CiurmeState)
_copy_crew = _copier(Crew)
_copy_vote = _copier(Vote)
