"""The flow of the game: end of a turn, festivals at the end of rounds 3-10, the next round."""

from __future__ import annotations

from ludoteca.engine.events import Event, public
from ludoteca.games.castell.data import REFILL_ROUNDS, REGION_CASTELLERS, REGIONS, ROUNDS
from ludoteca.games.castell.festivals import declaring_seats, resolve
from ludoteca.games.castell.state import FESTIVAL, OVER, TURN, CastellState, Festival


def end_turn(state: CastellState) -> list[Event]:
    state.used = []
    state.free_special = False
    state.turns_done += 1
    if state.turns_done < state.n:
        state.current = (state.current + 1) % state.n
        return [public("turn", seat=state.current)]
    return next_festival(state)


def next_festival(state: CastellState) -> list[Event]:
    """Hold the round's festivals in calendar order (the main space first) [D-6]; wait for
    declarations where somebody can take part."""
    events: list[Event] = []
    for index, festival in enumerate(state.calendar):
        if festival.round != state.round or festival.done:
            continue
        seats = declaring_seats(state, festival)
        if seats:
            state.phase = FESTIVAL
            state.festival = index
            state.to_declare = seats
            state.declarations = {}
            events.append(public("festival", region=festival.region, seats=seats,
                                 tokens=list(festival.tokens)))
            return events
        events.append(hold(state, festival))
    return events + end_round(state)


def hold(state: CastellState, festival: Festival) -> Event:
    """Resolve the festival, record its outcome in the public history and announce it."""
    outcome = resolve(state, festival)
    state.history.append(outcome)
    return public("festival_result", **outcome)


def festival_declared(state: CastellState) -> list[Event]:
    """Everybody declared: reveal, resolve, and go on."""
    assert state.festival is not None
    result = hold(state, state.calendar[state.festival])
    state.festival = None
    state.to_declare = []
    state.declarations = {}
    state.phase = TURN
    return [result, *next_festival(state)]


def end_round(state: CastellState) -> list[Event]:
    state.first = (state.first + 1) % state.n  # [D-11]
    if state.round >= ROUNDS:
        state.phase = OVER
        return [public("game_over")]
    state.round += 1  # the wheel turns with the round number [D-17]
    if state.round in REFILL_ROUNDS:
        refill(state)
    state.phase = TURN
    state.turns_done = 0
    state.current = state.first
    return [public("round", round=state.round, first=state.first)]


def refill(state: CastellState) -> None:
    """Every region up to its set-up count, one casteller at a time round the regions in sector
    order; an empty bag stops the refill [D-10]."""
    target = REGION_CASTELLERS[state.n]
    while state.bag:
        short = [r for r in REGIONS if len(state.regions[r]) < target]
        if not short:
            return
        for region in short:
            if not state.bag:
                return
            state.regions[region].append(state.bag.pop())
            state.regions[region].sort(reverse=True)
