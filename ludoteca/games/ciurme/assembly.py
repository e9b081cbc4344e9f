"""Phase 2, the Pirate Assembly: preferences, the flagship bonus, the rounds of stamps with
their seating order, the reveal, deposing a captain, and the objectives at the end."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.events import Event, private, public
from ludoteca.games.ciurme.data import (
    FLAGSHIP,
    FLAGSHIP_BONUS,
    SCORE_ALONE,
    SCORE_HIGHEST,
    SCORE_TIED,
    STAMP_VALUES,
)
from ludoteca.games.ciurme.offices import open_quartermaster_election
from ludoteca.games.ciurme.state import ASSEMBLY, OVER, CiurmeState, Crew
from ludoteca.games.ciurme.votes import FAVOURITE, SECOND, open_vote


def fleet_size(crews: int, option: int) -> int:
    """[D-7] number of crews + 2, flagship included, unless the option sets it."""
    return option if option else crews + 2


def preference_voters(crew: Crew) -> list[int]:
    """[D-8] the crew members other than the captain."""
    return [m for m in crew.members if m != crew.captain]


def crew_audience(state: CiurmeState, crew: Crew) -> list[int]:
    """Who shares the crew's secrets in the Assembly: the crew without the captain."""
    return [*preference_voters(crew), state.facilitator]


def start_assembly(state: CiurmeState) -> list[Event]:
    state.stage = ASSEMBLY
    state.round = 0
    first = state.ranking[0]
    state.crews[first].points[FLAGSHIP] += FLAGSHIP_BONUS
    events: list[Event] = [public("flagship_bonus", crew=first, squares=FLAGSHIP_BONUS)]
    for crew in state.crews:
        events += open_preference(state, crew, FAVOURITE)
    return events


def open_preference(state: CiurmeState, crew: Crew, topic: str) -> list[Event]:
    ships = [s for s in range(state.fleet) if s != crew.favourite]
    crew.vote = open_vote(topic, preference_voters(crew), ships)
    return [private("election_opened", crew_audience(state, crew), topic=topic)]


def set_preference(state: CiurmeState, crew: Crew, topic: str, ship: int) -> list[Event]:
    index = state.crews.index(crew)
    events: list[Event] = []
    if topic == FAVOURITE:
        crew.favourite = ship
        events += open_preference(state, crew, SECOND)
    else:
        crew.second = ship
        events.append(public("preferences_chosen", crew=index))
    if all(c.second is not None for c in state.crews) and state.round == 0:
        events += start_round(state)
    return events


# --- rounds -------------------------------------------------------------------------------------
def placing_order(state: CiurmeState) -> list[int]:
    """Clockwise at the table goes from rank k to rank k-1. Round 1 opens with the last-ranked
    captain ("A cominciare dal capitano dell'ultima ciurma della prima fase"); later rounds with
    the captain on the left of the crew with the fewest points (a tie: the crew ranked lower in
    phase 1 has fewer), so that crew places last ("A partire dal secondo giro, comincia a
    mettere i timbri il capitano alla sinistra del capitano della ciurma con meno punti")."""
    ranks = state.ranking
    k = len(ranks)
    if state.round == 1:
        last = ranks[0]
    else:
        last = min(ranks, key=lambda c: (sum(state.crews[c].points), -ranks.index(c)))
    position = ranks.index(last)  # its rank is position + 1; its left is rank position
    start = (position - 1) % k  # index of the rank on the left of the last placer
    return [ranks[(start - i) % k] for i in range(k)]


def start_round(state: CiurmeState) -> list[Event]:
    state.round += 1
    begin_period(state)
    state.order = placing_order(state)
    state.placing = 0
    state.hands = [list(STAMP_VALUES) for _ in state.crews]
    state.stamps = []
    return [public("round", round=state.round, order=list(state.order))]


def begin_period(state: CiurmeState) -> None:
    state.period += 1
    state.spoken = [0] * (state.players + 1)
    for crew in state.crews:
        crew.motions_used = []


def stamps_per_round(state: CiurmeState) -> int:
    """Every captain places all four stamps each round ("finchè tutti i timbri sono terminati")."""
    return len(STAMP_VALUES) * len(state.crews)


def placer(state: CiurmeState) -> int | None:
    """The crew whose captain places the next stamp, if a round is running."""
    if state.stage != ASSEMBLY or state.round == 0 or state.placing >= stamps_per_round(state):
        return None
    return state.order[state.placing % len(state.order)]


def place(state: CiurmeState, crew_index: int, value: int, ship: int, seat: int) -> list[Event]:
    state.hands[crew_index].remove(value)
    state.stamps.append([crew_index, value, ship, seat])
    state.placing += 1
    knowers = [seat, state.facilitator]
    events = [
        public("stamp", crew=crew_index, ship=ship),
        private("stamp_value", knowers, crew=crew_index, ship=ship, value=value),  # [D-19]
    ]
    if state.placing == stamps_per_round(state):
        events += reveal(state)
    return events


def score_ship(stamps: list[list[int]]) -> dict[int, int]:
    """Points per crew on one ship: no stamp, nothing; one stamp (any value) 2; otherwise 3 to a
    strictly highest colour sum [D-9], or 1 to each colour tied for the highest sum."""
    if not stamps:
        return {}
    if len(stamps) == 1:
        return {stamps[0][0]: SCORE_ALONE}
    sums: dict[int, int] = {}
    for crew, value, _, _ in stamps:
        sums[crew] = sums.get(crew, 0) + value
    top = max(sums.values())
    leaders = [c for c, total in sums.items() if total == top]
    if len(leaders) == 1:
        return {leaders[0]: SCORE_HIGHEST}
    return {c: SCORE_TIED for c in leaders}


def reveal(state: CiurmeState) -> list[Event]:
    points: list[list[int]] = []
    for ship in range(state.fleet):
        on_ship = [s for s in state.stamps if s[2] == ship]
        for crew, gained in sorted(score_ship(on_ship).items()):
            state.crews[crew].points[ship] += gained
            points.append([crew, ship, gained])
    state.history.append(
        {
            "round": state.round,
            "order": list(state.order),
            "stamps": [list(s) for s in state.stamps],
            "points": points,
        }
    )
    events: list[Event] = [
        public("reveal", round=state.round, stamps=[list(s) for s in state.stamps], points=points)
    ]
    state.stamps = []
    if state.round == len(state.crews):  # "un numero di giri pari al numero di ciurme"
        state.stage = OVER
        events.append(public("session_over"))
    else:
        events += start_round(state)
    return events


# --- deposing the captain [D-10] ----------------------------------------------------------------
def depose(state: CiurmeState, crew: Crew) -> list[Event]:
    """The quartermaster becomes captain (with the stamps and the turn); the old captain joins
    the crew; the crew elects a new quartermaster. Until then nobody speaks to the captain."""
    index = state.crews.index(crew)
    old, new = crew.captain, crew.quartermaster
    crew.captain, crew.quartermaster = new, None
    state.depositions.append({"crew": index, "round": state.round, "deposed": old, "captain": new})
    events = [public("deposed", crew=index, deposed=old, captain=new)]
    return events + open_quartermaster_election(state, crew)


# --- objectives ---------------------------------------------------------------------------------
def owners(state: CiurmeState) -> list[int | None]:
    """A ship goes to the crew with strictly the most points on it; [D-11] a tie leaves it
    unassigned, or goes to the best phase-1 rank with the option."""
    out: list[int | None] = []
    for ship in range(state.fleet):
        top = max(c.points[ship] for c in state.crews)
        tied = [i for i, c in enumerate(state.crews) if c.points[ship] == top and top > 0]
        if len(tied) == 1:
            out.append(tied[0])
        elif tied and state.options.ship_tie_break == "phase1_rank":
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
