"""Phase 2, the Pirate Assembly: the crews' preferred ships, the flagship bonus, the rounds of
stamps with their seating order, and the reveal.

"In questa seconda fase si gioca l'assemblea pirata, in cui i capitani si giocano il comando delle
navi e della flotta."
"""

from __future__ import annotations

from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction, Reason
from ludoteca.engine.events import Event, private, public
from ludoteca.games.ciurme.actions import PLACE, Place
from ludoteca.games.ciurme.data import (
    FLAGSHIP,
    FLAGSHIP_BONUS,
    SCORE_ALONE,
    SCORE_HIGHEST,
    SCORE_TIED,
)
from ludoteca.games.ciurme.rules.channels import begin_period
from ludoteca.games.ciurme.rules.roles import assembly_audience, crew_of, without_captain
from ludoteca.games.ciurme.rules.votes import open_vote
from ludoteca.games.ciurme.state import (
    CiurmeState,
    Crew,
    RevealedRound,
    ShipPoints,
    Stage,
    Stamp,
    Topic,
    replaced,
)


# --- the start and the preferences -------------------------------------------------------------
def start_assembly(state: CiurmeState) -> list[Event]:
    """The crew first in phase 1 blackens 2 squares on the flagship; every crew votes its
    favourite ship ("Come prima azione, le ciurme decidono che navi vorrebbero aggiudicarsi")."""
    begin_period(state)
    state.stage = Stage.ASSEMBLY
    state.round = 0
    first = state.ranking[0]
    bonus = state.crews[first].points[FLAGSHIP] + FLAGSHIP_BONUS
    state.crews[first].points = replaced(state.crews[first].points, FLAGSHIP, bonus)
    events: list[Event] = [
        public("phase_started", phase=2),
        public("flagship_bonus", crew=first, squares=FLAGSHIP_BONUS),
    ]
    for crew in state.crews:
        events += open_preference(state, crew, Topic.FAVOURITE)
    return events


def open_preference(state: CiurmeState, crew: Crew, topic: Topic) -> list[Event]:
    """[D-8] The crew without its captain votes; the second favourite differs from the first."""
    ships = [s for s in range(state.fleet) if s != crew.favourite]
    crew.vote = open_vote(state, topic, without_captain(crew), ships)
    index = state.index_of(crew)
    return [private("election_opened", assembly_audience(state, crew), crew=index, topic=topic)]


def preference_elected(state: CiurmeState, crew: Crew, topic: Topic, ship: int) -> list[Event]:
    index = state.index_of(crew)
    heard = assembly_audience(state, crew)
    events: list[Event] = [private("preference", heard, crew=index, topic=topic, ship=ship)]
    if topic == Topic.FAVOURITE:
        crew.favourite = ship
        events += open_preference(state, crew, Topic.SECOND)
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
    state.hands = [list(state.options.variant.stamps) for _ in state.crews]
    state.stamps = []
    return [public("round", round=state.round, order=list(state.order))]


def stamps_per_round(state: CiurmeState) -> int:
    """Every captain places all four stamps each round ("finchè tutti i timbri sono terminati")."""
    return len(state.options.variant.stamps) * len(state.crews)


def placer(state: CiurmeState) -> int | None:
    """The crew whose captain places the next stamp, if a round is running."""
    if state.stage != Stage.ASSEMBLY or state.round == 0:
        return None
    order = state.order
    # `stamps_per_round`, written out: the listing asks after every action of the Assembly
    if state.placing >= len(state.options.variant.stamps) * len(state.crews):
        return None
    return order[state.placing % len(order)]


# --- placing a stamp ------------------------------------------------------------------------------
def placing_captain(state: CiurmeState) -> list[int]:
    """The seat `placements` lists something for: the captain whose turn it is, with a stamp
    left and a fleet to place on ("In senso orario i capitani continuano a mettere un timbro alla
    volta finchè tutti i timbri sono terminati")."""
    index = placer(state)
    return [] if index is None else captain_placing(state, index)


def crew_placing_captain(state: CiurmeState, crew: Crew) -> list[int]:
    """`placing_captain`, where it is the captain of `crew` (the other crews' are not asked
    about their hands and the fleet)."""
    index = placer(state)
    if index is None or state.crews[index] is not crew:
        return []
    return captain_placing(state, index)


def captain_placing(state: CiurmeState, index: int) -> list[int]:
    """The captain of the crew at `index`, the placer: with a stamp left, a fleet to place on
    and a captain (`placing_captain`)."""
    if not state.hands[index] or state.fleet <= 0:
        return []
    captain = state.crews[index].captain
    return [] if captain is None else [captain]


def placements(state: CiurmeState, seat: int) -> list[Place]:
    """The captain whose turn it is places any stamp left, on any ship."""
    if seat not in placing_captain(state):
        return []
    index = state.crew_of(seat)
    assert index is not None
    fleet = state.fleet
    return [place for v in sorted(set(state.hands[index])) for place in PLACE[v][:fleet]]


def check_place(state: CiurmeState, seat: int, action: Place) -> Place:
    crew = crew_of(state, seat)
    if crew is None or seat != crew.captain:
        raise IllegalAction(why_not(state, seat))
    index = state.index_of(crew)
    if placer(state) != index:
        raise IllegalAction(why_not(state, seat))
    if action.value not in state.hands[index]:
        raise IllegalAction(
            f"you have already used your stamp {quote(action.value)} this round; "
            f"your stamps left: {sorted(state.hands[index])}",
            it=f"hai già usato il timbro {quote(action.value)} in questo giro; "
            f"i timbri che ti restano: {sorted(state.hands[index])}",
        )
    if not 0 <= action.ship < state.fleet:
        raise IllegalAction(f"there are ships 0 to {state.fleet - 1} in the fleet chart",
                            it=f"nella flotta ci sono le navi da 0 a {state.fleet - 1}")
    return action


def why_not(state: CiurmeState, seat: int) -> str:
    crew = crew_of(state, seat)
    if state.stage != Stage.ASSEMBLY or crew is None or seat != crew.captain:
        return Reason("only a captain places stamps, in phase 2",
                      it="solo un capitano piazza i timbri, nella fase 2")
    return Reason("it is not your turn to place a stamp",
                  it="non è il tuo turno di piazzare un timbro")


def do_place(state: CiurmeState, seat: int, action: Place) -> list[Event]:
    """Face down: everyone sees the colour and the ship; [D-19] only the captain who placed it
    and the facilitator know the value ("solo quel capitano conoscerà il valore del timbro")."""
    index = place(state, seat, action)
    knowers = [seat, state.facilitator]
    events = [
        public("stamp", crew=index, ship=action.ship),
        private("stamp_value", knowers, crew=index, ship=action.ship, value=action.value),
    ]
    if state.placing == stamps_per_round(state):
        events += reveal(state)
    return events


def play_place(state: CiurmeState, seat: int, action: Place) -> None:
    """`do_place` without the events of the stamp (`Game.play` drops them)."""
    place(state, seat, action)
    if state.placing == stamps_per_round(state):
        reveal(state)


def place(state: CiurmeState, seat: int, action: Place) -> int:
    """The captain's stamp leaves the crew's hand for the ship: the crew's index."""
    crew = crew_of(state, seat)
    assert crew is not None
    index = state.index_of(crew)
    state.hands[index].remove(action.value)
    state.stamps.append((index, action.value, action.ship, seat))
    state.placing += 1
    return index


# --- the reveal -----------------------------------------------------------------------------------
def score_ship(stamps: list[Stamp]) -> dict[int, int]:
    """Points per crew on one ship: no stamp, nothing; one stamp (any value) 2; otherwise 3 to a
    strictly highest colour sum [D-9], or 1 to each colour tied for the highest sum."""
    if not stamps:
        return {}
    if len(stamps) == 1:
        return {stamps[0][0]: SCORE_ALONE}
    sums: dict[int, int] = {}
    for crew, value, _, _ in stamps:
        sums[crew] = sums.get(crew, 0) + value
    return score_sums(sums)


def score_sums(sums: dict[int, int]) -> dict[int, int]:
    """Points per crew on a ship of more than one stamp, from each colour's sum: 3 to a strictly
    highest sum [D-9], or 1 to each colour tied for the highest."""
    top = max(sums.values())
    leaders = [c for c, total in sums.items() if total == top]
    if len(leaders) == 1:
        return {leaders[0]: SCORE_HIGHEST}
    return {c: SCORE_TIED for c in leaders}


def reveal(state: CiurmeState) -> list[Event]:
    """"Al termine del giro, si rivelano i timbri messi su ogni nave, una nave alla volta." Each
    crew blackens its points; the stamps go back; after as many rounds as crews, the end."""
    points: list[ShipPoints] = []
    for ship in range(state.fleet):
        on_ship = [s for s in state.stamps if s[2] == ship]
        for crew, gained in sorted(score_ship(on_ship).items()):
            sheet = state.crews[crew]
            sheet.points = replaced(sheet.points, ship, sheet.points[ship] + gained)
            points.append((crew, ship, gained))
    stamps = list(state.stamps)
    revealed = RevealedRound(state.round, list(state.order), stamps, points)
    state.history = [*state.history, revealed]  # shared by clones: replaced
    events: list[Event] = [
        public(
            "reveal",
            round=state.round,
            stamps=[list(s) for s in stamps],
            points=[list(p) for p in points],
        )
    ]
    state.stamps = []
    if state.round == len(state.crews):  # "un numero di giri pari al numero di ciurme"
        state.stage = Stage.OVER
        events.append(public("session_over"))
    else:
        events += start_round(state)
    return events
