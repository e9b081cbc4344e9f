"""The heuristic bot of every role: phase-1 player, voter, quartermaster, captain, facilitator.

It receives a state already determinized for its seat, so a captain's bot does not know its
crew's preferences: it reads them in the quartermaster's relay on the deck channel, as a human
captain would.
"""

from __future__ import annotations

from collections import Counter

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import phase1
from ludoteca.games.ciurme.actions import (
    Abstain,
    Agree,
    ClosePhase1,
    Decide,
    Elect,
    Help,
    Move,
    Pass,
    Place,
    Post,
    Prefer,
    Repair,
    StartPhase,
    Stay,
    Steer,
    Waive,
)
from ludoteca.games.ciurme.data import (
    AUTOMATON,
    DECK_CHANNEL,
    FLAGSHIP,
    ISLAND,
    LIFEBOAT,
    SHIP_NAMES,
    WRECK,
)
from ludoteca.games.ciurme.offices import help_given
from ludoteca.games.ciurme.state import MOVE, STEER, CiurmeState, Crew
from ludoteca.games.ciurme.votes import LIFEBOAT as LIFEBOAT_VOTE
from ludoteca.games.ciurme.votes import QUARTERMASTER


def heuristic_action(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Action:
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do now")
    if seat == state.facilitator:
        return _facilitator(state, legal)
    crew = state.crews[state.crew_of(seat) or 0]
    kinds = {a.kind for a in legal}
    if kinds & {"stay", "move", "steer", "pass", "repair", "help"}:
        return _turn(state, crew, seat, legal)
    if "agree" in kinds:
        return Agree(_motion_answer(state, crew, seat))
    if "elect" in kinds or "prefer" in kinds:
        return _ballot(state, crew, seat, legal)
    if "place" in kinds:
        return _stamp(state, crew, seat, legal, rng)
    if "post" in kinds:  # the quartermaster's relay, the only listed message
        return next(a for a in legal if isinstance(a, Post))
    if "pick_colour" in kinds:
        return legal[0]
    return Waive() if "waive" in kinds else legal[0]


# --- phase 1 ------------------------------------------------------------------------------------
def _turn(state: CiurmeState, crew: Crew, seat: int, legal: list[Action]) -> Action:
    i = crew.members.index(seat)
    here = crew.place[i]
    work = bool(crew.transported) and (
        not phase1.complete(state, crew, seat) or bool(phase1.helpable(state, crew, seat))
    )
    if crew.step == MOVE:
        choice: Action = Stay()
        if here == WRECK and not work and crew.dock == WRECK:
            choice = Move(LIFEBOAT)
        elif here == LIFEBOAT and crew.dock == WRECK and work:
            choice = Move(WRECK)
        elif here == LIFEBOAT and crew.dock == ISLAND:
            islanders = crew.place.count(ISLAND)
            if not crew.common_pile or not islanders:
                choice = Move(ISLAND)
        elif here == ISLAND and crew.dock == ISLAND and len(crew.common_pile) >= 2:
            choice = Move(LIFEBOAT)
        return choice if choice in legal else legal[0]
    if crew.step == STEER:
        return Steer() if _boat_should_move(crew, work) else Pass()
    colours = Counter(crew.transported).most_common()
    colour = colours[0][0]
    if not phase1.complete(state, crew, seat):
        return Repair(colour)
    mates = phase1.helpable(state, crew, seat)
    if not mates:
        return Pass()
    mate = min(mates, key=lambda m: (m != AUTOMATON, phase1.load(crew, m)))
    return Help(colour, mate)


def _boat_should_move(crew: Crew, work: bool) -> bool:
    """Back to the island when there is nothing to repair with; over to the wreck to fetch
    mates stranded there when too few are left to make the crossing of three."""
    if crew.dock == WRECK:
        return not work
    stranded = crew.place.count(WRECK)
    return stranded > 0 and len(crew.members) - stranded < 3


def _motion_answer(state: CiurmeState, crew: Crew, seat: int) -> bool:
    vote = crew.vote
    if vote is not None and vote.topic == LIFEBOAT_VOTE:
        return _boat_should_move(crew, bool(crew.transported))
    # depose a captain whose crew has blackened nothing after two rounds
    return state.round >= 3 and not any(
        p for r in state.history for c, _, p in r["points"] if c == state.crews.index(crew)
    )


# --- elections ----------------------------------------------------------------------------------
def quartermaster_pick(crew: Crew, candidates: list[int]) -> int:
    """The intended criterion: who helped most; then the earliest seat."""
    return min(candidates, key=lambda s: (-help_given(crew, s), s))


def wished_ships(state: CiurmeState, crew: Crew) -> tuple[int, int]:
    """A bot crew's wishes: the phase-1 winner goes for the flagship; the others for a ship of
    their own, the flagship second."""
    index = state.crews.index(crew)
    if state.ranking and state.ranking[0] == index:
        return FLAGSHIP, 1 + index % (state.fleet - 1)
    return 1 + index % (state.fleet - 1), FLAGSHIP


def _ballot(state: CiurmeState, crew: Crew, seat: int, legal: list[Action]) -> Action:
    vote = crew.vote
    assert vote is not None
    if vote.topic == QUARTERMASTER:
        return Elect(quartermaster_pick(crew, vote.candidates))
    favourite, second = wished_ships(state, crew)
    for ship in (favourite, second, *vote.candidates):
        if Prefer(ship) in legal:
            return Prefer(ship)
    return Abstain()


# --- the captain --------------------------------------------------------------------------------
def relayed_wishes(state: CiurmeState, seat: int) -> tuple[int, int] | None:
    """The last relay of the crew's wishes the captain read on the deck channel."""
    for message in reversed(state.messages):
        if message["channel"] != DECK_CHANNEL or seat not in message["readers"]:
            continue
        text = message["text"]
        named = sorted(
            (text.find(name), s) for s, name in enumerate(SHIP_NAMES[: state.fleet]) if name in text
        )
        if len(named) >= 2:
            return named[0][1], named[1][1]
    return None


def _stamp(state: CiurmeState, crew: Crew, seat: int, legal: list[Action], rng: Rng) -> Action:
    wishes = relayed_wishes(state, seat)
    favourite, second = wishes if wishes else (FLAGSHIP, 1)
    third = FLAGSHIP if FLAGSHIP not in (favourite, second) else 2 % state.fleet
    plan = {4: favourite, 2: second, 1: third, 0: rng.randrange(state.fleet)}
    hand = state.hands[state.crews.index(crew)]
    value = max(hand)
    action = Place(value, plan[value])
    return action if action in legal else legal[0]


# --- the facilitator ---------------------------------------------------------------------------
def _facilitator(state: CiurmeState, legal: list[Action]) -> Action:
    for action in legal:
        if isinstance(action, Decide):
            vote = state.crews[action.crew].vote
            assert vote is not None
            if vote.topic == QUARTERMASTER:
                pick = quartermaster_pick(state.crews[action.crew], vote.candidates)
                return Decide(action.crew, pick)
            return Decide(action.crew, vote.candidates[0])
    for wanted in (StartPhase(1), StartPhase(2), ClosePhase1()):
        if wanted in legal:
            return wanted
    return legal[0]
