"""The race between the crews: the finishing order, the close of phase 1 and the phase-1 ranking.

"Il primo gruppo a farlo, sarà il gruppo vincitore, ma la partita continua finchè tutti i gruppi
hanno terminato, determinando una classifica in base all'ordine “di arrivo” al termine."
"""

from __future__ import annotations

from ludoteca.engine.errors import IllegalAction, Reason
from ludoteca.engine.events import Event, public
from ludoteca.games.ciurme.actions import ClosePhase1, PlayOn
from ludoteca.games.ciurme.rules.channels import begin_period
from ludoteca.games.ciurme.rules.offices import start_offices
from ludoteca.games.ciurme.rules.roles import ONLY_THE_FACILITATOR, require_facilitator
from ludoteca.games.ciurme.rules.votes import count_missing, settle_motion
from ludoteca.games.ciurme.state import CiurmeState, ClosedBy, Crew, Stage


def playing(crew: Crew) -> bool:
    return crew.finished_turns is None and not crew.stopped


def finish(state: CiurmeState, index: int) -> list[Event]:
    """A crew restores its ship: its place in the finishing order is the order in which the
    crews' last repairs are applied [D-5]."""
    crew = state.crews[index]
    crew.finished_turns = crew.turns
    state.finish_order = [*state.finish_order, index]  # shared by clones: replaced
    events = [public("restored", crew=index, rank=len(state.finish_order))]
    return events + close_when_all_done(state)


def close_when_all_done(state: CiurmeState) -> list[Event]:
    """Phase 1 ends by itself once no crew is playing: all restored, or stopped by the session
    clock."""
    if state.stage == Stage.PHASE1 and not any(playing(c) for c in state.crews):
        done = all(c.finished_turns is not None for c in state.crews)
        return close_phase1(state, ClosedBy.RESTORED if done else ClosedBy.CLOCK)
    return []


def ranking(state: CiurmeState) -> list[int]:
    """[D-5] Finishers in finishing order, then the others by total repairs, then by fewest
    turns played."""
    rest = [i for i in range(len(state.crews)) if i not in state.finish_order]
    rest.sort(key=lambda i: (-len(state.crews[i].pieces), state.crews[i].turns, i))
    return [*state.finish_order, *rest]


def close_phase1(state: CiurmeState, how: ClosedBy) -> list[Event]:
    """[D-5] Rank the crews, then the offices: captains at once, quartermaster elections. A
    lifeboat vote still open closes unanswered: a no, the boat stays [D-21]."""
    for crew in state.crews:
        if crew.vote is not None:
            count_missing(crew.vote)
            settle_motion(state, crew)
    state.ranking = ranking(state)
    state.closed_by = how
    state.stage = Stage.OFFICES
    begin_period(state)
    events: list[Event] = [public("phase1_closed", by=how, ranking=list(state.ranking))]
    return events + start_offices(state)


# --- the facilitator: close phase 1 now, or let the crews finish ---------------------------------
def closing_due(state: CiurmeState) -> bool:
    """The facilitator's decision, each time a crew finishes while others still work: close
    phase 1 now (a workshop out of time), or let them finish, as the seed has it. The menu
    offers it until the facilitator answers; closing stays possible at any time in phase 1
    (apply accepts it, a phase-1 timer applies it), but no bot closes on a crew at work."""
    return len(state.finish_order) > state.played_on and any(playing(c) for c in state.crews)


def deciding(state: CiurmeState) -> list[int]:
    """The seat `play_ons` and `closings` list something for (they list together): the
    facilitator, while a decision is due."""
    return [state.facilitator] if closing_due(state) else []


def closings(state: CiurmeState, seat: int) -> list[ClosePhase1]:
    return [ClosePhase1()] if seat == state.facilitator and closing_due(state) else []


def play_ons(state: CiurmeState, seat: int) -> list[PlayOn]:
    return [PlayOn()] if seat == state.facilitator and closing_due(state) else []


def check_close(state: CiurmeState, seat: int, action: ClosePhase1) -> ClosePhase1:
    require_facilitator(state, seat)
    return action


def do_close(state: CiurmeState, seat: int, action: ClosePhase1) -> list[Event]:
    return close_phase1(state, ClosedBy.FACILITATOR)


def check_play_on(state: CiurmeState, seat: int, action: PlayOn) -> PlayOn:
    require_facilitator(state, seat)
    if not closing_due(state):
        raise IllegalAction(why_no_play_on(state, seat))
    return action


def do_play_on(state: CiurmeState, seat: int, action: PlayOn) -> list[Event]:
    state.played_on = len(state.finish_order)
    working = [i for i, c in enumerate(state.crews) if playing(c)]
    return [public("phase1_goes_on", finished=list(state.finish_order), working=working)]


def why_not(state: CiurmeState, seat: int) -> str:
    return Reason("phase 1 is not running, so it cannot be closed",
                  it="la fase 1 non è in corso, quindi non si può chiudere")


def why_no_play_on(state: CiurmeState, seat: int) -> str:
    if seat != state.facilitator:
        return ONLY_THE_FACILITATOR
    return Reason(
        "there is nothing to decide: phase 1 goes on until every crew has finished, and you "
        "are asked again when another crew finishes",
        it="non c'è nulla da decidere: la fase 1 continua finché ogni ciurma ha finito, e ti "
        "sarà chiesto di nuovo quando un'altra ciurma finisce",
    )
