"""The bot as a voter: the quartermaster election, the preferred ships, deposing the captain.

- Quartermaster: the intended criterion is "who helped most"; most bots follow it, some vote
  for the mate who helped them or for a friend, a few abstain.
- Preferences [D-8]: each voter mixes the crew's shared talk with their own liking; a crew that
  won phase 1 leans to the flagship, where it already has 2 squares, the others away from it.
- Deposition [D-10]: rare, and only when the captain's play looks bad from what the crew sees
  (the points of the revealed rounds, nothing on the crew's wished ships).
"""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.actions import Abstain, Agree, Depose, Elect, Prefer, Waive
from ludoteca.games.ciurme.bots.temperament import crew_tastes, temperament, weighted
from ludoteca.games.ciurme.data import FLAGSHIP
from ludoteca.games.ciurme.rules.loads import help_given, helped
from ludoteca.games.ciurme.rules.roles import member_crew
from ludoteca.games.ciurme.state import CiurmeState, Crew, Topic

ABSTAIN_CHANCE = 0.03
# Weight of the crew's talk against a voter's own liking of a ship, and the flagship's pull on
# the crew that won phase 1 (it starts with 2 squares there), its push on the others.
CREW_TALK, FLAGSHIP_PULL = 1.5, 2.5
# Chance that a member who finds the captain's play bad moves to depose, or votes yes.
MOVE_WHEN_BAD, YES_WHEN_BAD = 0.35, 0.9


def quartermaster_pick(crew: Crew, candidates: list[int]) -> int:
    """The intended criterion: who helped most; then the earliest seat (the facilitator's
    tie-break for bots)."""
    return min(candidates, key=lambda s: (-help_given(crew, s), s))


def ballot(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Action:
    crew = member_crew(state, seat)
    vote = crew.vote
    assert vote is not None
    if rng.random() < ABSTAIN_CHANCE and Abstain() in legal:
        return Abstain()
    if vote.topic == Topic.QUARTERMASTER:
        return Elect(_quartermaster_vote(state, crew, seat, vote.candidates, rng))
    ships = [s for s in vote.candidates if Prefer(s) in legal]
    return Prefer(_ship_vote(state, crew, seat, ships, rng)) if ships else Abstain()


def _quartermaster_vote(
    state: CiurmeState, crew: Crew, seat: int, candidates: list[int], rng: Rng
) -> int:
    most = max(help_given(crew, c) for c in candidates)
    if rng.random() < temperament(state, seat).by_the_book:
        return rng.choice([c for c in candidates if help_given(crew, c) == most])

    def liking(mate: int) -> float:
        helped_me = helped(crew, mate, seat)
        return 1.0 + help_given(crew, mate) + (2.0 if helped_me else 0.0)

    return weighted(rng, [(c, liking(c)) for c in candidates])


def _ship_vote(state: CiurmeState, crew: Crew, seat: int, ships: list[int], rng: Rng) -> int:
    index = state.crews.index(crew)
    talk = crew_tastes(state, index)
    own = temperament(state, seat).tastes
    won_phase1 = bool(state.ranking) and state.ranking[0] == index

    def liking(ship: int) -> float:
        pull = 0.0 if ship != FLAGSHIP else FLAGSHIP_PULL if won_phase1 else -FLAGSHIP_PULL
        return CREW_TALK * talk[ship] + own[ship] + pull

    ranked = sorted(ships, key=liking, reverse=True)
    if len(ranked) > 1 and rng.random() > temperament(state, seat).by_the_book:
        return ranked[1]
    return ranked[0]


# --- deposing the captain [D-10] ----------------------------------------------------------------
def captain_looks_bad(state: CiurmeState, crew: Crew) -> bool:
    """After a revealed round: the crew scored nothing on its wished ships and less than the
    other crews on average."""
    if not state.history:
        return False
    index = state.crews.index(crew)
    gained = [0] * len(state.crews)
    wished = 0
    for revealed in state.history:
        for c, ship, points in revealed.points:
            gained[c] += points
            if c == index and ship in (crew.favourite, crew.second):
                wished += points
    others = [g for c, g in enumerate(gained) if c != index]
    return wished == 0 and gained[index] < sum(others) / max(1, len(others))


def motion(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Once a round each member may move to depose; most keep the captain."""
    crew = member_crew(state, seat)
    if captain_looks_bad(state, crew):
        chance = MOVE_WHEN_BAD * (1.0 - temperament(state, seat).loyalty)
        if rng.random() < chance:
            return Depose()
    return Waive()


def answer_deposition(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Agree:
    crew = member_crew(state, seat)
    if not captain_looks_bad(state, crew):
        return Agree(False)
    return Agree(rng.random() < YES_WHEN_BAD * (1.0 - temperament(state, seat).loyalty / 2))
