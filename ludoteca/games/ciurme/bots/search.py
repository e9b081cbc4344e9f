"""What a search bot compares in Ciurme (`Game.search_choices`): the few decisions where the
objectives are won, and the careful move elsewhere.

- Phase 1 is a race against the other crews whose end lies hundreds of actions away: no playout
  cut short sees it, so a searching crew plays the race by its plan without searching (the
  careful sailor: sailor.careful_turn, sailor.careful_answer).
- The Assembly is where the objectives are won: the captain's best few stamps by its reading of
  the table (table.py) and every ship the crew may prefer are compared, the heuristic's choice
  first.
- Everything else (votes on offices, motions to depose, the relay, the facilitator's steering)
  is the heuristic's move.
"""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.actions import Place, Prefer
from ludoteca.games.ciurme.bots import TURN_KINDS, heuristic_action
from ludoteca.games.ciurme.bots.captain import placements
from ludoteca.games.ciurme.bots.sailor import careful_answer, careful_turn
from ludoteca.games.ciurme.state import CiurmeState, Stage

# The captain's placements compared: its best few by its reading of the table.
PLACEMENTS = 6


def search_choices(state: CiurmeState, seat: int, legal: list[Action], rng: Rng) -> list[Action]:
    if state.stage == Stage.PHASE1 and seat != state.facilitator:
        kinds = {a.kind for a in legal}
        if kinds & TURN_KINDS:
            return [careful_turn(state, seat, legal)]
        if "agree" in kinds:
            return [careful_answer(state, seat)]
    first = heuristic_action(state, seat, legal, rng)
    if isinstance(first, Place):
        return list[Action](placements(state, seat)[:PLACEMENTS])
    if isinstance(first, Prefer):
        return [first, *(a for a in legal if isinstance(a, Prefer) and a != first)]
    return [first]
