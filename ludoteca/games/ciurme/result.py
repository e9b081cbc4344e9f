"""The outcome of a session, and Ciurme's sections of a balance report.

A player's score is their crew's number of objectives won (personal, command, power: 0 to 3);
ranks break ties by the personal objective's level, then the squares blackened, then the
phase-1 rank. `details` holds what a balance report needs, per crew.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.result import ReportSection, Result, competition_ranks
from ludoteca.games.ciurme.data import CREW_COLOURS
from ludoteca.games.ciurme.rules.loads import repairs_by
from ludoteca.games.ciurme.rules.objectives import PERSONAL_LEVELS, objectives, owners
from ludoteca.games.ciurme.state import CiurmeState, Stage


def result(state: CiurmeState) -> Result:
    outcome = objectives(state) if state.stage == Stage.OVER else None
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
        stamps = [[value for c, value, _, _ in r.stamps if c == i] for r in state.history]
        placed_order = [
            [[value, ship] for c, value, ship, _ in r.stamps if c == i] for r in state.history
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
                "depositions": sum(1 for d in state.depositions if d.crew == i),
            }
        )
    return {
        "crews": {str(i): list(c.members) for i, c in enumerate(state.crews)},
        "facilitator": state.facilitator,
        "phase1_closed_by": state.closed_by,
        "ship_owners": owners(state) if state.stage == Stage.OVER else None,
        "per_crew": per_crew,
    }


# --- the balance report's sections --------------------------------------------------------------
def _crews(details: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    crews: list[Mapping[str, Any]] = details["per_crew"]
    return crews


def _turns_to_restore(details: Mapping[str, Any]) -> list[int]:
    return [
        c["phase1_turns_to_restore"]
        for c in _crews(details)
        if c["phase1_turns_to_restore"] is not None
    ]


def _captain_repairs(details: Mapping[str, Any]) -> list[int]:
    return [c["repairs_by_captain"] for c in _crews(details) if c["captain"] is not None]


def _objectives_by_rank(details: Mapping[str, Any]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for c in _crews(details):
        if c["phase1_rank"] is not None:
            out.setdefault(f"rank {c['phase1_rank']}", []).append(c["objectives_won"])
    return out


def _stamps_by_round(details: Mapping[str, Any]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for c in _crews(details):
        for number, values in enumerate(c["stamp_values_per_round"], start=1):
            out.setdefault(f"round {number}", []).extend(values)
    return out


def report_sections() -> list[ReportSection]:
    """Per crew: how long phase 1 takes (a ship is restored at 15 repairs [D-16]), how much the
    captain repaired, whether finishing phase 1 first [D-5] pays off in the Assembly, which
    stamps go down each round, and how often captains are deposed [D-10]."""
    return [
        ReportSection(
            "Phase-1 turns to restore",
            compute=_turns_to_restore,
            note="Player turns a crew played until its ship was restored (15 repairs).",
        ),
        ReportSection(
            "Repairs by captain",
            compute=_captain_repairs,
            note="The captain's repairs, own and help (at most 7).",
        ),
        ReportSection(
            "Objectives by phase-1 rank",
            plot="bars",
            compute=_objectives_by_rank,
            note="Mean objectives won (0-3) by crews of each phase-1 rank.",
        ),
        ReportSection(
            "Stamp values placed per round",
            plot="bars",
            compute=_stamps_by_round,
            note="Mean value of the stamps placed in each round of the Assembly.",
        ),
        ReportSection("Depositions", compute=lambda d: [c["depositions"] for c in _crews(d)]),
    ]
