"""The heuristic bot of every role: phase-1 player, voter, quartermaster, captain, facilitator.

It receives a state already determinized for its seat, so a captain's bot does not know its
crew's preferences: it reads them in the quartermaster's relay on the deck channel, as a human
captain would. Bots are not all alike: each seat has a temperament (temperament.py) and draws
its choices of the moment from the `rng` it is given, so bot crews play like different people
(sailor.py in phase 1, voter.py in the votes, captain.py at the Assembly table, facilitator.py
for the room). Every role bot has the one signature of `RoleBot`.
"""

from __future__ import annotations

from collections.abc import Callable

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.actions import PickColour, Post
from ludoteca.games.ciurme.bots import captain, facilitator, sailor, voter
from ludoteca.games.ciurme.state import CiurmeState, Topic

# The one signature of every role bot: (state determinized for the seat, seat, legal, rng).
RoleBot = Callable[[CiurmeState, int, list[Action], Rng], Action]
TURN_KINDS = frozenset({"stay", "move", "steer", "pass", "repair", "help"})


def answer(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """A motion: steering the lifeboat, or deposing the captain."""
    crew = state.crews[state.crew_of(seat) or 0]
    if crew.vote is not None and crew.vote.topic == Topic.LIFEBOAT:
        return sailor.answer_steering(state, seat, legal, rng)
    return voter.answer_deposition(state, seat, legal, rng)


def relay(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The quartermaster's relay of the crew's wishes, the only listed message."""
    return next(a for a in legal if isinstance(a, Post))


def pick_meeple(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Action:
    return rng.choice([a for a in legal if isinstance(a, PickColour)])


# The role a seat plays now, by the kinds of its legal actions (the first that matches).
ROLES: tuple[tuple[frozenset[str], RoleBot], ...] = (
    (TURN_KINDS, sailor.turn),
    (frozenset({"agree"}), answer),
    (frozenset({"elect", "prefer"}), voter.ballot),
    (frozenset({"place"}), captain.stamp),
    (frozenset({"post"}), relay),
    (frozenset({"pick_colour"}), pick_meeple),
    (frozenset({"waive"}), voter.motion),
)


def heuristic_action(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> Action:
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do now")
    if seat == state.facilitator:
        return facilitator.steer(state, seat, legal, rng)
    kinds = {a.kind for a in legal}
    for wanted, bot in ROLES:
        if kinds & wanted:
            return bot(state, seat, legal, rng)
    return legal[0]
