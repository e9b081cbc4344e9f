"""The outcome of a session.

A player's score is their crew's number of objectives won (personal, command, power: 0 to 3);
ranks break ties by the personal objective's level, then the squares blackened, then the
phase-1 rank. `details` holds what a balance report needs, per crew.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.result import Result, competition_ranks
from ludoteca.games.ciurme.assembly import PERSONAL_LEVELS, objectives, owners
from ludoteca.games.ciurme.data import CREW_COLOURS
from ludoteca.games.ciurme.phase1 import repairs_by
from ludoteca.games.ciurme.state import OVER, CiurmeState


def result(state: CiurmeState) -> Result:
    outcome = objectives(state) if state.stage == OVER else None
    keys: list[tuple[int, int, int, int]] = []
    for i, crew in enumerate(state.crews):
        won = outcome[i]["won"] if outcome else 0
        level = PERSONAL_LEVELS.index(outcome[i]["personal"]) if outcome else 0
        rank = state.ranking.index(i) if state.ranking else 0
        keys.append((won, level, sum(crew.points), -rank))
    seat_crew = [state.crew_of(seat) or 0 for seat in range(state.players)]
    scores = tuple(float(keys[c][0]) for c in seat_crew)
    ranks = competition_ranks([keys[c] for c in seat_crew])
    return Result(scores, ranks, details(state, outcome))


def details(state: CiurmeState, outcome: list[dict[str, Any]] | None) -> dict[str, Any]:
    per_crew = []
    for i, crew in enumerate(state.crews):
        stamps = [
            [value for c, value, _, _ in r["stamps"] if c == i] for r in state.history
        ]
        placed_order = [
            [[value, ship] for c, value, ship, _ in r["stamps"] if c == i] for r in state.history
        ]
        per_crew.append(
            {
                "crew": i,
                "colour": CREW_COLOURS[i],
                "size": len(crew.members),
                "phase1_turns_to_restore": crew.finished_turns,
                "phase1_turns": crew.turns,
                "phase1_repairs": len(crew.pieces),
                "phase1_rank": state.ranking.index(i) + 1 if state.ranking else None,
                "captain": crew.captain,
                "quartermaster": crew.quartermaster,
                "repairs_by_captain": (
                    repairs_by(crew, crew.captain) if crew.captain is not None else 0
                ),
                "objectives": outcome[i] if outcome else None,
                "objectives_won": outcome[i]["won"] if outcome else 0,
                "stamp_values_per_round": stamps,
                "stamps_per_round": placed_order,
                "points_per_ship": list(crew.points),
                "preferences": [crew.favourite, crew.second],
                "depositions": sum(1 for d in state.depositions if d["crew"] == i),
            }
        )
    return {
        "crews": {str(i): list(c.members) for i, c in enumerate(state.crews)},
        "facilitator": state.facilitator,
        "phase1_closed_by": state.closed_by,
        "ship_owners": owners(state) if state.stage == OVER else None,
        "per_crew": per_crew,
    }
