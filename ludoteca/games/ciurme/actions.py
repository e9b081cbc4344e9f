"""Every action of a Ciurme session, by role.

Players before phase 1: PickColour. Phase-1 players: Stay, Move, Steer, Pass, Repair, Help.
Voters: Agree (motions), Elect and Prefer (elections), Abstain. Crew members: Depose, Waive.
Captains: Place. Everybody: Post (listed only as the quartermaster's relay).
The facilitator: FirstPlayer, StartPhase, ClosePhase1, PlayOn, Decide, OpenTable, and the
clocks: CloseVote, SetVoteTimer, SetPhase1Timer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import Between, Size
from ludoteca.games.ciurme.data import (
    AUTOMATON,
    MAX_CREWS,
    MAX_PLAYERS,
    MAX_STAMP_VALUE,
    MESSAGE_MAX_LENGTH,
    SHIP_NAMES,
    Channel,
    Location,
    Wood,
)
from ludoteca.games.ciurme.options import Phase1Seconds, StampValue, VoteSeconds

# The ranges any session allows; a session's own limits (its seats, crews, fleet) are checked by
# the rules.
Seat = Annotated[int, Between(0, MAX_PLAYERS - 1)]
Mate = Annotated[int, Between(AUTOMATON, MAX_PLAYERS - 1)]  # a seat, or the automaton
CrewIndex = Annotated[int, Between(0, MAX_CREWS - 1)]
Ship = Annotated[int, Between(0, len(SHIP_NAMES) - 1)]
Text = Annotated[str, Size(1, MESSAGE_MAX_LENGTH)]


# --- phase 1 ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PickColour(Action):
    """Before phase 1: take one of the crew's unused meeples ("sceglie un meeple")."""

    kind = "pick_colour"
    colour: Wood


@dataclass(frozen=True)
class Stay(Action):
    """End the turn where it began."""

    kind = "stay"


@dataclass(frozen=True)
class Move(Action):
    """Move to an adjacent place, and end the turn there."""

    kind = "move"
    place: Location


@dataclass(frozen=True)
class Steer(Action):
    """On the lifeboat: take it to the other dock (everybody else aboard must agree)."""

    kind = "steer"


@dataclass(frozen=True)
class Pass(Action):
    """End the turn without steering, or without helping [D-14]."""

    kind = "pass"


@dataclass(frozen=True)
class Repair(Action):
    """On the wreck: repair with a wood of this colour, for one's own load (horizontal)."""

    kind = "repair"
    colour: Wood


@dataclass(frozen=True)
class Help(Action):
    """On the wreck, load complete: repair pointing at a mate (seat; -1 the automaton)."""

    kind = "help"
    colour: Wood
    mate: Mate


# --- votes --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Agree(Action):
    """Answer a motion (steering the lifeboat, deposing the captain)."""

    kind = "agree"
    yes: bool


@dataclass(frozen=True)
class Elect(Action):
    """Vote for a mate as quartermaster."""

    kind = "elect"
    seat: Seat


@dataclass(frozen=True)
class Prefer(Action):
    """Vote for a ship as the crew's favourite or second favourite."""

    kind = "prefer"
    ship: Ship


@dataclass(frozen=True)
class Abstain(Action):
    """Cast no vote in an election."""

    kind = "abstain"


# --- the Assembly -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Depose(Action):
    """Propose to depose the captain (the crew votes)."""

    kind = "depose"


@dataclass(frozen=True)
class Waive(Action):
    """Keep the captain: give up this round's motion to depose."""

    kind = "waive"


@dataclass(frozen=True)
class Place(Action):
    """Captain: place a stamp of this value, face down, on a ship."""

    kind = "place"
    value: StampValue
    ship: Ship


@dataclass(frozen=True)
class Post(Action):
    """Say something on a channel: crew, deck (quartermaster-captain), table. The facilitator
    writes to the room (all), to one crew (crew, `to` the crew) or to one person (direct, `to`
    the seat) [D-22]."""

    kind = "post"
    channel: Channel
    text: Text
    to: Annotated[int, Between(0, MAX_PLAYERS)] | None = None


# --- the facilitator ---------------------------------------------------------------------------
@dataclass(frozen=True)
class FirstPlayer(Action):
    """Choose who opens a crew's phase 1 ("the one who was last on a ship") [D-1]."""

    kind = "first_player"
    crew: CrewIndex
    seat: Seat


@dataclass(frozen=True)
class StartPhase(Action):
    """Start phase 1 (after the briefing) or phase 2 (once every quartermaster is elected)."""

    kind = "start_phase"
    phase: Annotated[int, Between(1, 2)]


@dataclass(frozen=True)
class ClosePhase1(Action):
    """End phase 1 now for the crews still playing, which rank after those finished [D-5] (a
    workshop that runs out of time)."""

    kind = "close_phase1"


@dataclass(frozen=True)
class PlayOn(Action):
    """Let the crews still at work finish their ships: phase 1 goes on until all are done ("la
    partita continua finchè tutti i gruppi hanno terminato")."""

    kind = "play_on"


@dataclass(frozen=True)
class CloseVote(Action):
    """Close a crew's open vote now: missing ballots count as abstentions, for the lifeboat as no
    [D-21]. The server's clock applies it when the vote's timer runs out."""

    kind = "close_vote"
    crew: CrewIndex


@dataclass(frozen=True)
class SetVoteTimer(Action):
    """Set or extend the timer of a crew's open vote: seconds from its opening [D-21]."""

    kind = "set_vote_timer"
    crew: CrewIndex
    seconds: VoteSeconds


@dataclass(frozen=True)
class SetPhase1Timer(Action):
    """Set or extend the phase-1 timer: seconds from when it was first set (0: none) [D-21]."""

    kind = "set_phase1_timer"
    seconds: Phase1Seconds


@dataclass(frozen=True)
class OpenTable(Action):
    """Open the captains' table: from now on the captains may talk to each other [D-20]."""

    kind = "open_table"


@dataclass(frozen=True)
class Decide(Action):
    """Settle an election still tied after its run-off (a seat or a ship)."""

    kind = "decide"
    crew: CrewIndex
    choice: Annotated[int, Between(0, MAX_PLAYERS - 1)]  # a seat or a ship


# --- the menus' actions, made once --------------------------------------------------------------
# An action is immutable, so every menu hands out the same objects instead of building new ones
# at every step (a random playout lists a menu and checks an action at each of its steps).
STAY, STEER, PASS = Stay(), Steer(), Pass()
MOVE_TO = {place: Move(place) for place in Location}
REPAIR_WITH = {wood: Repair(wood) for wood in Wood}
AGREEMENTS = (Agree(True), Agree(False))
ABSTAIN, DEPOSE, WAIVE = Abstain(), Depose(), Waive()
ELECT = tuple(Elect(seat) for seat in range(MAX_PLAYERS))
PREFER = tuple(Prefer(ship) for ship in range(len(SHIP_NAMES)))
PLACE = tuple(
    tuple(Place(value, ship) for ship in range(len(SHIP_NAMES)))
    for value in range(MAX_STAMP_VALUE + 1)
)
