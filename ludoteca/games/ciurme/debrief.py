"""The facilitator's debrief: per crew, the tables the training session discusses.

`debrief(state)` returns JSON-ready tables: wood produced and used by colour (who used whose
wood), who helped whom, turns spent on each place, the election votes, each round's stamps and
points, depositions, and objectives won.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.codec import encode
from ludoteca.games.ciurme.data import AUTOMATON, CREW_COLOURS, PLACES
from ludoteca.games.ciurme.rules.objectives import objectives, owners
from ludoteca.games.ciurme.state import CiurmeState, Crew, Stage


def debrief(state: CiurmeState) -> dict[str, Any]:
    outcome = objectives(state) if state.stage == Stage.OVER else None
    return {
        "phase1_ranking": list(state.ranking),
        "phase1_closed_by": state.closed_by,
        "crews": [
            crew_debrief(state, i, outcome[i] if outcome else None)
            for i in range(len(state.crews))
        ],
        "rounds": [
            {
                "round": r.round,
                "order": r.order,
                "stamps": [
                    {"crew": c, "value": v, "ship": s, "captain": p} for c, v, s, p in r.stamps
                ],
                "points": [{"crew": c, "ship": s, "points": p} for c, s, p in r.points],
            }
            for r in state.history
        ],
        "ship_owners": owners(state) if state.stage == Stage.OVER else None,
    }


def crew_debrief(state: CiurmeState, index: int, outcome: dict[str, Any] | None) -> dict[str, Any]:
    crew = state.crews[index]
    return {
        "crew": index,
        "colour": CREW_COLOURS[index],
        "members": {str(s): c for s, c in zip(crew.members, crew.meeples, strict=True)},
        "captain": crew.captain,
        "quartermaster": crew.quartermaster,
        "wood": wood_table(crew),
        "help": help_table(crew),
        "turns_per_place": {
            str(s): dict(zip(PLACES, crew.place_turns[i], strict=True))
            for i, s in enumerate(crew.members)
        },
        "votes": [
            {k: v for k, v in encode(r).items() if k != "audience"}
            for r in state.votes_log
            if r.crew == index
        ],
        "preferences": [crew.favourite, crew.second],
        "points_per_ship": list(crew.points),
        "depositions": [encode(d) for d in state.depositions if d.crew == index],
        "objectives": outcome,
    }


def wood_table(crew: Crew) -> dict[str, Any]:
    """Rows: wood colour (whose wood it was); columns: the seat who used it; plus produced."""
    colours = sorted(set(crew.produced) | {c for _, c, _ in crew.pieces})
    used = {c: {str(s): 0 for s in crew.members} for c in colours}
    for by, colour, _ in crew.pieces:
        used[colour][str(by)] += 1
    return {
        "produced": {c: crew.produced.get(c, 0) for c in colours},
        "used_by": used,
    }


def help_table(crew: Crew) -> list[dict[str, Any]]:
    """Edges of the help graph: helper -> helped (the automaton is 'automaton')."""
    return [
        {"from": by, "to": "automaton" if aimed == AUTOMATON else aimed, "wood": colour}
        for by, colour, aimed in crew.pieces
        if aimed != by
    ]
