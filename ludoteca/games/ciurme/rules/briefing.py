"""The briefing, before phase 1: the crews are formed, every player picks a meeple, the facilitator
names each crew's first player and starts phase 1.

"Ogni giocatore sceglie un meeple tra quelli disponibili che rappresenterà il suo personaggio."
"""

from __future__ import annotations

from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction, Reason
from ludoteca.engine.events import Event, private, public
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.actions import FirstPlayer, PickColour
from ludoteca.games.ciurme.data import (
    CREW_SIZES,
    ISLAND,
    LIGHT_BLUE_SUPPLY,
    MAX_CREWS,
    MEEPLE_COLOURS,
    MIN_CREWS,
    NEUTRAL_SUPPLY,
    PLACES,
    SHIP_NAMES,
    WOOD_PER_PLAYER,
    Wood,
)
from ludoteca.games.ciurme.options import CiurmeOptions
from ludoteca.games.ciurme.rules import italian
from ludoteca.games.ciurme.rules.channels import begin_period
from ludoteca.games.ciurme.rules.roles import (
    ONLY_THE_FACILITATOR,
    board_audience,
    require_facilitator,
)
from ludoteca.games.ciurme.state import UNPICKED, CiurmeState, Crew, Stage, replaced

SMALL, LARGE = CREW_SIZES


# --- forming the crews ------------------------------------------------------------------------
def balanced_sizes(players: int) -> list[int]:
    """The fewest crews of 4 or 5 that seat everybody, the crews of 4 first (9 -> 4+5)."""
    count = -(-players // LARGE)
    if not MIN_CREWS <= count <= MAX_CREWS or count * SMALL > players:
        raise ValueError(
            f"{players} players cannot form {MIN_CREWS} to {MAX_CREWS} crews of "
            f"{SMALL} or {LARGE}; choose another number of players or list the crews"
        )
    large = players - count * SMALL
    return [SMALL] * (count - large) + [LARGE] * large


def form_crews(players: int, explicit: tuple) -> list[list[int]]:  # type: ignore[type-arg]
    """Seats of each crew. `explicit` is () (balanced), crew sizes, or seat lists."""
    if not explicit:
        sizes = balanced_sizes(players)
    elif all(isinstance(item, int) for item in explicit):
        sizes = list(explicit)
    else:
        crews = [sorted(int(seat) for seat in item) for item in explicit]
        _check_sizes(players, [len(c) for c in crews])
        seats = sorted(seat for crew in crews for seat in crew)
        if seats != list(range(players)):
            raise ValueError(f"the crews must seat every player 0..{players - 1} exactly once")
        return crews
    _check_sizes(players, sizes)
    crews, start = [], 0
    for size in sizes:
        crews.append(list(range(start, start + size)))
        start += size
    return crews


def _check_sizes(players: int, sizes: list[int]) -> None:
    if not MIN_CREWS <= len(sizes) <= MAX_CREWS:
        raise ValueError(f"a session has {MIN_CREWS} to {MAX_CREWS} crews, not {len(sizes)}")
    if any(size not in CREW_SIZES for size in sizes):
        raise ValueError(f"a crew has {SMALL} or {LARGE} players, not {sizes}")
    if sum(sizes) != players:
        raise ValueError(f"the crews seat {sum(sizes)} players, but there are {players}")


def fleet_size(crews: int, option: int) -> int:
    """[D-7] number of crews + 2, flagship included, unless the option sets it."""
    return option if option else crews + 2


# --- a new session ----------------------------------------------------------------------------
def new_session(players: int, seed: int, options: CiurmeOptions) -> CiurmeState:
    seats = form_crews(players, options.crews)
    fleet = fleet_size(len(seats), options.fleet_size)
    if not 2 <= fleet <= len(SHIP_NAMES):
        raise ValueError(f"the fleet has 2 to {len(SHIP_NAMES)} ships, not {fleet}")
    return CiurmeState(
        players=players,
        options=options,
        crews=[new_crew(members, fleet) for members in seats],
        rng=Rng(seed),
        seed=seed,
        fleet=fleet,
        spoken=[0] * (players + 1),
        phase1_seconds=options.phase1_seconds,
    )


def new_crew(members: list[int], fleet: int) -> Crew:
    n = len(members)
    return Crew(
        members=list(members),
        meeples=[UNPICKED] * n,  # each player picks a meeple in the briefing
        automaton=None,  # the meeple nobody picks, known when phase 1 starts
        place=[ISLAND] * n,  # "I giocatori partono tutti sull'isola"
        own_wood=[WOOD_PER_PLAYER] * n,
        light_blue=LIGHT_BLUE_SUPPLY,
        neutral=NEUTRAL_SUPPLY,
        place_turns=[[0] * len(PLACES) for _ in range(n)],
        reached_at=[0] * n,
        points=[0] * fleet,
    )


# --- meeples ----------------------------------------------------------------------------------
def free_colours(crew: Crew, seat: int) -> list[Wood]:
    """The meeples `seat` may still pick: none once it has one, else the unused ones."""
    if crew.meeples[crew.members.index(seat)] != UNPICKED:
        return []
    return [c for c in MEEPLE_COLOURS if c not in crew.meeples]


def colours(state: CiurmeState, seat: int) -> list[PickColour]:
    index = state.crew_of(seat)
    if index is None:
        return []
    return [PickColour(c) for c in free_colours(state.crews[index], seat)]


def picking(state: CiurmeState, seat: int) -> bool:
    """Whether `colours` lists something for `seat`, without making the choices."""
    index = state.crew_of(seat)
    return index is not None and bool(free_colours(state.crews[index], seat))


def check_colour(state: CiurmeState, seat: int, action: PickColour) -> PickColour:
    index = state.crew_of(seat)
    if index is None:
        raise IllegalAction(why_not(state, seat))
    crew = state.crews[index]
    free = free_colours(crew, seat)
    if action.colour not in free:
        mine = crew.meeples[crew.members.index(seat)]
        if mine != UNPICKED:
            raise IllegalAction(f"you already play the {mine} meeple",
                                it=f"giochi già con il meeple {italian.wood(mine)}")
        raise IllegalAction(
            f"the {quote(str(action.colour))} meeple is not free in your crew; free: "
            f"{', '.join(free)}",
            it=f"nella tua ciurma il meeple {italian.wood(action.colour)} non è libero; "
            f"liberi: {italian.woods(free)}",
        )
    return action


def do_colour(state: CiurmeState, seat: int, action: PickColour) -> list[Event]:
    index = state.crew_of(seat)
    assert index is not None
    crew = state.crews[index]
    crew.meeples = replaced(crew.meeples, crew.members.index(seat), action.colour)
    # Who plays which meeple is the crew's board, not the room's (Visibility).
    return [private("meeple", board_audience(state, crew), crew=index, seat=seat,
                    colour=action.colour)]


def why_not(state: CiurmeState, seat: int) -> str:
    """Why `seat` may not pick a meeple now."""
    if seat == state.facilitator:
        return Reason("the facilitator does not play: players pick their meeples",
                      it="il facilitatore non gioca: sono i giocatori a scegliere i meeple")
    if state.stage != Stage.BRIEFING:
        return Reason("meeples are picked before phase 1 starts; yours is taken",
                      it="i meeple si scelgono prima della fase 1; il tuo è già assegnato")
    crew = state.crews[state.crew_of(seat) or 0]
    mine = crew.meeples[crew.members.index(seat)]
    return Reason(f"you already play the {mine} meeple",
                  it=f"giochi già con il meeple {italian.wood(mine)}")


def assign_meeples(crew: Crew) -> None:
    """At the start: whoever did not pick gets the first unused meeple, in seat order; in a crew
    of 4 the meeple left over is the automaton."""
    for i, colour in enumerate(crew.meeples):
        if colour == UNPICKED:
            unused = next(c for c in MEEPLE_COLOURS if c not in crew.meeples)
            crew.meeples = replaced(crew.meeples, i, unused)
    left = [c for c in MEEPLE_COLOURS if c not in crew.meeples]
    crew.automaton = left[0] if left else None


# --- first players [D-1] ----------------------------------------------------------------------
def first_players(state: CiurmeState, seat: int) -> list[FirstPlayer]:
    """The facilitator names who opens each crew not yet given its first player."""
    if seat != state.facilitator:
        return []
    return [
        FirstPlayer(i, member)
        for i, crew in enumerate(state.crews)
        if not crew.first_chosen
        for member in crew.members
    ]


def naming_first(state: CiurmeState, seat: int) -> bool:
    """Whether `first_players` lists something for `seat`, without making the choices."""
    return seat == state.facilitator and not all(crew.first_chosen for crew in state.crews)


def check_first_player(state: CiurmeState, seat: int, action: FirstPlayer) -> FirstPlayer:
    require_facilitator(state, seat)
    if not 0 <= action.crew < len(state.crews):
        raise IllegalAction(f"there are crews 0 to {len(state.crews) - 1}",
                            it=f"le ciurme sono {len(state.crews)}: non c'è la "
                            f"{italian.crew(action.crew)}")
    crew = state.crews[action.crew]
    if crew.first_chosen:
        raise IllegalAction(f"crew {action.crew}'s first player is already chosen",
                            it=f"il primo giocatore della {italian.crew(action.crew)} è già scelto")
    if action.seat not in crew.members:
        raise IllegalAction(f"choose one of crew {action.crew}'s players: {crew.members}",
                            it=f"scegli uno dei giocatori della {italian.crew(action.crew)}: "
                            f"posti {crew.members}")
    return action


def do_first_player(state: CiurmeState, seat: int, action: FirstPlayer) -> list[Event]:
    crew = state.crews[action.crew]
    crew.first = crew.active = crew.members.index(action.seat)
    crew.first_chosen = True
    return [public("first_player", crew=action.crew, seat=action.seat)]


def why_no_first_player(state: CiurmeState, seat: int) -> str:
    if seat != state.facilitator:
        return ONLY_THE_FACILITATOR
    if state.stage != Stage.BRIEFING:
        return Reason("the first player is chosen before phase 1 starts",
                      it="il primo giocatore si sceglie prima che inizi la fase 1")
    return Reason("every crew's first player is already chosen",
                  it="il primo giocatore di ogni ciurma è già scelto")


# --- the start --------------------------------------------------------------------------------
def everyone_picked(state: CiurmeState) -> bool:
    return all(UNPICKED not in crew.meeples for crew in state.crews)


def start_phase1(state: CiurmeState) -> list[Event]:
    for crew in state.crews:
        assign_meeples(crew)
    state.stage = Stage.PHASE1
    begin_period(state)
    return [public("phase_started", phase=1)]
