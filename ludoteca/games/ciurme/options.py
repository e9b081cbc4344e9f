"""The session's options: the named readings of the rules file and the session limits."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.engine.options import option_field


@dataclass(frozen=True)
class CiurmeOptions:
    crews: tuple = option_field(  # type: ignore[type-arg]
        (),
        "explicit crews: a list of crew sizes (e.g. [4, 5]) or of seat lists "
        "(e.g. [[0, 2, 4, 6], [1, 3, 5, 7]]); empty: balanced crews in seat order",
    )
    help_complete_mates: bool = option_field(
        False, "[D-4] a complete player may also help a mate whose load is already complete"
    )
    automaton_load: int = option_field(
        3, "[D-16] repairs the automaton of a 4-player crew owes (0: the 12-repair reading)", (3, 0)
    )
    fleet_size: int = option_field(
        0, "[D-7] ships in the fleet chart, flagship included (0: number of crews + 2)"
    )
    ship_tie_break: str = option_field(
        "none", "[D-11] who owns a ship tied for the most points", ("none", "phase1_rank")
    )
    captains_table: bool = option_field(
        False, "[D-20] open a channel where the captains may talk to each other"
    )
    phase1_max_rounds: int = option_field(
        60,
        "session clock: a crew stops after this many rounds of phase 1; when every crew has "
        "finished or stopped, phase 1 closes as if the facilitator closed it [D-5]",
    )
    message_budget: int = option_field(
        3, "messages each seat may post per period (phase 1, elections, each Assembly round)"
    )
