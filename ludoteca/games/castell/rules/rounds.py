"""The end of a round: the first-player marker passes [D-11]; after round 10 the game ends;
otherwise the next round starts (the wheel turns with the round number [D-17]) and at the start
of rounds 3, 5, 7 and 9 the regions are refilled [D-10]."""

from __future__ import annotations

from ludoteca.engine.events import Event, public
from ludoteca.games.castell.data import REFILL_ROUNDS, REGIONS, ROUNDS, CastellerSize, Region
from ludoteca.games.castell.state import OVER, TURN, CastellState


def end_round(state: CastellState) -> list[Event]:
    state.first = (state.first + 1) % state.n  # [D-11]
    if state.round >= ROUNDS:
        # "Alla fine del decimo turno, il gioco termina"
        state.phase = OVER
        return [public("game_over")]
    state.round += 1
    if state.round in REFILL_ROUNDS:
        refill(state)
    state.phase = TURN
    state.turns_done = 0
    state.current = state.first
    return [public("round", round=state.round, first=state.first)]


def refill(state: CastellState) -> None:
    """Every region up to its set-up count, one casteller at a time round the regions in sector
    order; an empty bag stops the refill [D-10]."""
    target = state.variant.castellers_per_region(state.n)
    short = {region: target - len(state.regions[region]) for region in REGIONS}
    drawn: dict[Region, list[CastellerSize]] = {region: [] for region in REGIONS}
    # Pass k round the regions draws one for each region still more than k short.
    for k in range(max(short.values())):
        for region, missing in short.items():
            if missing > k and state.bag:
                drawn[region].append(state.bag.pop())
    for region, castellers in drawn.items():
        if castellers:  # sorted once: replaced, never changed in place (see CastellState.clone)
            state.regions[region] = sorted((*state.regions[region], *castellers), reverse=True)
