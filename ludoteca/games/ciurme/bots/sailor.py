"""The phase-1 bot: a crew member on the island, the lifeboat and the wreck.

Each decision starts from the sensible move and lets the bot's temperament bend it: how much
wood it waits for before boarding, whether it helps a mate [D-14] and whom, which wood it picks,
whether it agrees to steer the lifeboat (one "no" keeps the boat where it is [D-13]), and now and
then a slip: another of the legal moves, as people make.
"""

from __future__ import annotations

from collections import Counter

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.actions import Agree, Help, Move, Pass, Repair, Stay, Steer
from ludoteca.games.ciurme.bots.temperament import Temperament, temperament, weighted
from ludoteca.games.ciurme.data import AUTOMATON, CROSSING_CREW, ISLAND, LIFEBOAT, WRECK, Wood
from ludoteca.games.ciurme.rules import loads
from ludoteca.games.ciurme.rules.phase1 import aboard
from ludoteca.games.ciurme.rules.roles import member_crew
from ludoteca.games.ciurme.state import CiurmeState, Crew, Step


def turn(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Action:
    crew = member_crew(state, seat)
    mood = temperament(state, seat)
    if crew.step == Step.MOVE:
        return _slip(_move(crew, seat, state, _boards(crew, mood)), legal, mood, rng)
    if crew.step == Step.STEER:
        sensible = boat_should_move(crew, loads.has_work(state, crew, seat))
        return _slip(Steer() if sensible else Pass(), legal, mood, rng)
    return _repair(state, crew, seat, legal, mood, rng)


def _slip(sensible: Action, legal: list[Action], mood: Temperament, rng: Rng) -> Action:
    """The sensible action, or now and then another legal one."""
    if sensible not in legal:
        return legal[0]
    others = [a for a in legal if a != sensible]
    if others and rng.random() > mood.care:
        return rng.choice(others)
    return sensible


def _move(crew: Crew, seat: int, state: CiurmeState, boards: bool) -> Action:
    here = crew.place[crew.members.index(seat)]
    work = loads.has_work(state, crew, seat)
    if here == WRECK and crew.dock == WRECK:
        return Stay() if work else Move(LIFEBOAT)
    if here == LIFEBOAT and crew.dock == WRECK:
        return Move(WRECK) if work else Stay()
    if here == LIFEBOAT:  # docked at the island: wait for the boarders who make the crossing
        islanders = crew.place.count(ISLAND)
        return Stay() if crew.common_pile and islanders else Move(ISLAND)
    if crew.dock == ISLAND and boards:
        return Move(LIFEBOAT)
    return Stay()


def _boards(crew: Crew, mood: Temperament) -> bool:
    """An eager player boards with little wood in the pile; a patient one produces more first.
    The boarder who makes the crossing waits for one piece more than who just gets aboard."""
    on_board = len(aboard(crew))
    wanted = mood.boarding_pile + (1 if on_board + 1 >= CROSSING_CREW else 0)
    return len(crew.common_pile) >= wanted


# --- the careful crew: the plan without temperament ---------------------------------------------
def careful_turn(state: CiurmeState, seat: int, legal: list[Action]) -> Action:
    """The turn of a crew that plays the race as a plan: everybody produces until the common
    pile holds all the wood the ship still needs, then the next three board and cross at once
    (a crossing carries the whole pile, and a second one costs a trip back [D-13]); on the wreck
    each repairs, then helps first the mates who cannot repair themselves (the automaton
    [D-16] and those left on the island, who need three different helpers). No slips."""
    crew = member_crew(state, seat)
    if crew.step == Step.MOVE:
        wanted = wood_to_bring(state, crew)
        sensible = _move(crew, seat, state, 0 < wanted <= len(crew.common_pile))
    elif crew.step == Step.STEER:
        sensible = Steer() if boat_should_move(crew, loads.has_work(state, crew, seat)) else Pass()
    else:
        sensible = _careful_repair(state, crew, seat)
    return sensible if sensible in legal else legal[0]


def wood_to_bring(state: CiurmeState, crew: Crew) -> int:
    """Wood the wreck still needs beyond what is there: one piece per repair still owed."""
    owed = loads.repairs_needed(state, crew) - len(crew.pieces)
    return owed - len(crew.transported)


def _careful_repair(state: CiurmeState, crew: Crew, seat: int) -> Action:
    if not crew.transported:
        return Pass()
    colour = Counter(crew.transported).most_common(1)[0][0]
    if not loads.complete(state, crew, seat):
        return Repair(colour)
    mates = loads.helpable(state, crew, seat)
    if not mates:
        return Pass()
    on_wreck = {m for m, place in zip(crew.members, crew.place, strict=True) if place == WRECK}
    mate = max(mates, key=lambda m: (m not in on_wreck, _need(state, crew, m), -mates.index(m)))
    return Help(colour, mate)


def boat_should_move(crew: Crew, work: bool) -> bool:
    """Back to the island when there is nothing to repair with; over to the wreck to fetch
    mates stranded there when too few are left to make the crossing of three."""
    if crew.dock == WRECK:
        return not work
    stranded = crew.place.count(WRECK)
    return stranded > 0 and len(crew.members) - stranded < CROSSING_CREW


def answer_steering(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Aboard when a mate proposes to steer: mostly the sensible answer, not always."""
    sensible = careful_answer(state, seat)
    if rng.random() < temperament(state, seat).agreeable:
        return sensible
    return Agree(not sensible.yes)


def careful_answer(state: CiurmeState, seat: int) -> Agree:
    """The sensible answer to a proposal to steer the lifeboat."""
    crew = member_crew(state, seat)
    return Agree(boat_should_move(crew, bool(crew.transported)))


def _repair(
    state: CiurmeState, crew: Crew, seat: int, legal: list[Action], mood: Temperament, rng: Rng
) -> Action:
    colour = _wood(crew, seat, mood, rng)
    if not loads.complete(state, crew, seat):
        return Repair(colour) if Repair(colour) in legal else legal[0]
    mates = loads.helpable(state, crew, seat)
    if not mates or rng.random() > mood.helpfulness:
        return Pass()
    mate = weighted(rng, [(m, _need(state, crew, m)) for m in mates])
    return Help(colour, mate) if Help(colour, mate) in legal else Pass()


def _need(state: CiurmeState, crew: Crew, mate: int) -> float:
    """How much a mate seems to need help: the automaton, which only help can fill [D-16], and
    those furthest behind, most."""
    missing = loads.owed(state, crew, mate) - loads.load(crew, mate)
    return 1.0 + missing + (2.0 if mate == AUTOMATON else 0.0)


def _wood(crew: Crew, seat: int, mood: Temperament, rng: Rng) -> Wood:
    """Their own colour for some, the most plentiful wood for others, any piece at times."""
    own = crew.meeples[crew.members.index(seat)]
    if mood.own_wood_first and own and own in crew.transported:
        return own
    if rng.random() < mood.care:
        return Counter(crew.transported).most_common(1)[0][0]
    return rng.choice(sorted(set(crew.transported)))
