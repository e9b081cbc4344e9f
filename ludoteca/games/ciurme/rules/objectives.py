"""The objectives at the end of the Assembly: who owns each ship, and what each crew won.

"Vince chi ottiene gli obiettivi – la vittoria su un obiettivo non pregiudica la vittoria sugli
altri."
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.ciurme.data import FLAGSHIP
from ludoteca.games.ciurme.options import TieBreak
from ludoteca.games.ciurme.state import CiurmeState


def owners(state: CiurmeState) -> list[int | None]:
    """A ship goes to the crew with strictly the most points on it; [D-11] a tie leaves it
    unassigned, or goes to the best phase-1 rank with the option."""
    out: list[int | None] = []
    for ship in range(state.fleet):
        top = max(c.points[ship] for c in state.crews)
        tied = [i for i, c in enumerate(state.crews) if c.points[ship] == top and top > 0]
        if len(tied) == 1:
            out.append(tied[0])
        elif tied and state.options.ship_tie_break == TieBreak.PHASE1_RANK:
            out.append(min(tied, key=state.ranking.index))
        else:
            out.append(None)
    return out


PERSONAL_LEVELS = ("none", "secondary", "primary", "maximal")


def objectives(state: CiurmeState) -> list[dict[str, Any]]:
    """Per crew: the personal objective's level ("massimale, se si vincono entrambe le navi;
    primario se si vince la nave preferita; secondario se si vince la nave secondaria"), command
    (the flagship), power (most ships; [D-12] ties share it, and a crew with no ship cannot win
    it)."""
    owned = owners(state)
    ships = [owned.count(i) for i in range(len(state.crews))]
    most = max(ships)
    out = []
    for i, crew in enumerate(state.crews):
        fav = crew.favourite is not None and owned[crew.favourite] == i
        sec = crew.second is not None and owned[crew.second] == i
        level = 3 if fav and sec else 2 if fav else 1 if sec else 0
        command = owned[FLAGSHIP] == i
        power = ships[i] == most and most > 0
        out.append(
            {
                "personal": PERSONAL_LEVELS[level],
                "command": command,
                "power": power,
                "won": int(level > 0) + int(command) + int(power),
                "ships": [s for s, o in enumerate(owned) if o == i],
            }
        )
    return out
