"""The outcome of a session, and Ciurme's sections of a balance report.

Each objective is won on its own ("la vittoria su un obiettivo non pregiudica la vittoria sugli
altri"): `details["winners"]` lists, per objective (race, captain, quartermaster, personal,
command, power), who won it, in words [D-24]; no overall winner is declared to the room.

`scores` and `ranks` exist for tournaments and balance studies, which need an order of the
seats: a player's score is the number of phase-2 objectives their crew won (personal, command,
power: 0 to 3); ranks break ties by the personal objective's level, then the squares
blackened, then the phase-1 rank. `details` also holds what a balance report needs, per crew.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.result import Measure, ReportSection, Result, competition_ranks
from ludoteca.games.ciurme.data import CREW_COLOURS, FLAGSHIP
from ludoteca.games.ciurme.rules.loads import repairs_by
from ludoteca.games.ciurme.rules.objectives import PERSONAL_LEVELS, objectives, owners
from ludoteca.games.ciurme.rules.offices import phase1_captain, phase1_quartermaster
from ludoteca.games.ciurme.state import CiurmeState, Stage
from ludoteca.games.ciurme.text import crew_name, listing, seat_name, ship_name


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
        captain = phase1_captain(state, i)
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
                "captain": captain,
                "quartermaster": phase1_quartermaster(state, i),
                "repairs_by_captain": repairs_by(crew, captain) if captain is not None else 0,
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
        "winners": winners(state, outcome) if outcome else [],
        "per_crew": per_crew,
    }


# --- who won each objective, in words [D-24] ----------------------------------------------------
def winners(state: CiurmeState, outcome: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per objective: its name, the crews and seats that won it, and a sentence."""
    return [
        race_winner(state),
        *office_winners(state),
        personal_winners(state, outcome),
        command_winner(state, outcome),
        power_winners(state, outcome),
    ]


def entry(objective: str, crews: list[int], seats: list[int], text: str) -> dict[str, Any]:
    return {"objective": objective, "crews": crews, "seats": seats, "text": text}


def race_winner(state: CiurmeState) -> dict[str, Any]:
    if not state.finish_order:
        return entry("race", [], [], "Race: no crew restored its ship.")
    first = state.finish_order[0]
    text = f"Race: {crew_name(first)} restored its ship first."
    return entry("race", [first], list(state.crews[first].members), text)


def office_winners(state: CiurmeState) -> list[dict[str, Any]]:
    """The phase-1 captain and quartermaster of every crew: theirs whatever happened later."""
    out = []
    for objective, holder in (("captain", phase1_captain), ("quartermaster", phase1_quartermaster)):
        seats = [holder(state, i) for i in range(len(state.crews))]
        named = [
            f"{seat_name(state, seat)} of {crew_name(i)}"
            + (f", {repairs_by(state.crews[i], seat)} repairs" if objective == "captain" else "")
            for i, seat in enumerate(seats)
            if seat is not None
        ]
        won = [i for i, seat in enumerate(seats) if seat is not None]
        text = f"{objective.capitalize()}: {'; '.join(named) or 'nobody'}."
        out.append(entry(objective, won, [s for s in seats if s is not None], text))
    return out


def personal_winners(state: CiurmeState, outcome: list[dict[str, Any]]) -> dict[str, Any]:
    won = [i for i, o in enumerate(outcome) if o["personal"] != "none"]
    named = []
    for i in won:
        crew = state.crews[i]
        wished = {"maximal": [crew.favourite, crew.second], "primary": [crew.favourite],
                  "secondary": [crew.second]}[outcome[i]["personal"]]
        ships = listing([ship_name(s) for s in wished if s is not None])
        named.append(f"{crew_name(i)}, {outcome[i]['personal']} ({ships})")
    text = f"Personal: {'; '.join(named)}." if named else "Personal: no crew won a wished ship."
    return entry("personal", won, _seats(state, won), text)


def command_winner(state: CiurmeState, outcome: list[dict[str, Any]]) -> dict[str, Any]:
    won = [i for i, o in enumerate(outcome) if o["command"]]
    flagship = ship_name(FLAGSHIP)
    text = (
        f"Command: {crew_name(won[0])} owns the flagship, {flagship}." if won
        else f"Command: nobody owns the flagship, {flagship}."
    )
    return entry("command", won, _seats(state, won), text)


def power_winners(state: CiurmeState, outcome: list[dict[str, Any]]) -> dict[str, Any]:
    won = [i for i, o in enumerate(outcome) if o["power"]]
    if not won:
        return entry("power", [], [], "Power: no crew owns a ship.")
    ships = len(outcome[won[0]]["ships"])
    each = " each" if len(won) > 1 else ""
    text = f"Power: {listing([crew_name(i) for i in won])}, {ships} ships{each}."
    return entry("power", won, _seats(state, won), text)


def _seats(state: CiurmeState, crews: list[int]) -> list[int]:
    return [seat for i in crews for seat in state.crews[i].members]


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


def _restored_share(details: Mapping[str, Any]) -> float:
    crews = _crews(details)
    restored = [c for c in crews if c["phase1_turns_to_restore"] is not None]
    return len(restored) / len(crews)


def measures() -> list[Measure]:
    """What a balance search may aim at besides fairness: crews that restore their ship."""
    return [
        Measure(
            "restored-share",
            "share of crews that restored their ship in phase 1 (the session clock may stop them)",
            "high",
            _restored_share,
        )
    ]
