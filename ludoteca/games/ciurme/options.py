"""The session's options: the named readings of the rules file and the session limits, each with
its type and range (the engine's codec checks them on the way in)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

from ludoteca.engine.codec import Between, Size
from ludoteca.engine.options import option_field
from ludoteca.engine.tunables import table_field, variant_field
from ludoteca.games.ciurme.data import (
    CREW_SIZES,
    MAX_CREWS,
    MAX_PLAYERS,
    MAX_STAMP_VALUE,
    SHIP_NAMES,
    STAMP_VALUES,
    Language,
)


class TieBreak(StrEnum):
    """[D-11] Who owns a ship tied for the most points."""

    NONE = "none"  # nobody
    PHASE1_RANK = "phase1_rank"  # the tied crew ranked best in phase 1


DAY = 24 * 3600
VoteSeconds = Annotated[int, Between(10, DAY)]  # a vote's timer [D-21]
Phase1Seconds = Annotated[int, Between(0, DAY)]  # the phase-1 timer (0: none) [D-21]
CrewSize = Annotated[int, Between(min(CREW_SIZES), max(CREW_SIZES))]
Seat = Annotated[int, Between(0, MAX_PLAYERS - 1)]
CrewSeats = Annotated[tuple[Seat, ...], Size(min(CREW_SIZES), max(CREW_SIZES))]
# Explicit crews: none (balanced), their sizes, or their seats.
Crews = Annotated[tuple[CrewSize, ...] | tuple[CrewSeats, ...], Size(0, MAX_CREWS)]


StampValue = Annotated[int, Between(0, MAX_STAMP_VALUE)]  # the variant says which


@dataclass(frozen=True)
class CiurmeVariant:
    """The session's numbers a balance search may vary (`ludoteca.engine.tunables`)."""

    stamps: Annotated[tuple[StampValue, ...], Size(len(STAMP_VALUES), len(STAMP_VALUES))] = (
        table_field(STAMP_VALUES, "the values of each captain's stamps (published 0, 1, 2, 4)")
    )


@dataclass(frozen=True)
class CiurmeOptions:
    crews: Crews = option_field(
        (),
        "explicit crews: a list of crew sizes (e.g. [4, 5]) or of seat lists "
        "(e.g. [[0, 2, 4, 6], [1, 3, 5, 7]]); empty: balanced crews in seat order",
    )
    help_complete_mates: bool = option_field(
        False, "[D-4] a complete player may also help a mate whose load is already complete"
    )
    automaton_load: Annotated[int, Between(0, 3)] = option_field(
        3,
        "[D-16] repairs the automaton of a 4-player crew owes (0: the 12-repair reading)",
        (3, 0),
        tunable=True,
    )
    fleet_size: Annotated[int, Between(0, len(SHIP_NAMES))] = option_field(
        0,
        "[D-7] ships in the fleet chart, flagship included (0: number of crews + 2)",
        tunable=True,
    )
    ship_tie_break: TieBreak = option_field(
        TieBreak.NONE, "[D-11] who owns a ship tied for the most points", tuple(TieBreak)
    )
    captains_table: bool = option_field(
        False, "[D-20] open a channel where the captains may talk to each other"
    )
    phase1_max_rounds: Annotated[int, Between(1, 200)] = option_field(
        60,
        "session clock: a crew stops after this many rounds of phase 1; when every crew has "
        "finished or stopped, phase 1 closes as if the facilitator closed it [D-5]",
    )
    message_budget: Annotated[int, Between(0, 20)] = option_field(
        3, "messages each seat may post per period (phase 1, elections, each Assembly round)"
    )
    vote_seconds: VoteSeconds = option_field(
        300,
        "[D-21] seconds a crew vote stays open before the clock closes it (missing ballots "
        "count as abstentions; for the lifeboat, as no); the facilitator may change a vote's "
        "time",
    )
    variant: CiurmeVariant = variant_field(CiurmeVariant, "the session's numbers")
    phase1_seconds: Phase1Seconds = option_field(
        0,
        "[D-21] a timer on phase 1, in seconds (0: none); when it runs out phase 1 closes as if "
        "the facilitator closed it; the facilitator may set or change it",
    )
    language: Language = option_field(
        Language.EN,
        "the language of the words the game itself writes into the session (the "
        "quartermaster's ready-made report, the bots' messages)",
        tuple(Language),
    )
