"""How a round ends: "Ligretto stop!", nobody can place any more [D-10], or a stall that the
host ends (the rule `EndRound`) or that ends by itself. Every ending is scored the same way."""

from __future__ import annotations

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.actions import EndRound
from ludoteca.games.ligretto.placement import nobody_can_place
from ludoteca.games.ligretto.rules.rounds import round_over
from ludoteca.games.ligretto.state import Ending, LigrettoState, Phase


def end_after_placement(state: LigrettoState, seat: int) -> list[Event]:
    """The round's end a placement by `seat` may bring: its last tile ("dice “Ligretto stop!” e
    il round si conclude"), or nobody can place any more ("Se nessun giocatore riesce più a
    posizionare una tessera, il round termina immediatamente") [D-10]."""
    if state.players[seat].held() == 0:
        return round_over(state, Ending.LIGRETTO)
    if nobody_can_place(state):
        return round_over(state, Ending.STUCK)
    return []


# --- stalled rounds ------------------------------------------------------------------------------
def stall_threshold(state: LigrettoState) -> int:
    """Turn-overs without a placement after which the round has stalled: as many as the
    players hold together (each has, on average, seen every tile once)."""
    return max(1, sum(p.held() for p in state.players))


def host_may_end(state: LigrettoState) -> bool:
    return state.phase is Phase.PLAY and state.stall_turns >= stall_threshold(state)


def end_if_stalled_for_good(state: LigrettoState) -> list[Event]:
    """After STALL_CYCLES times the stall threshold the round ends by itself, as the host would
    end it (see data.STALL_CYCLES: our own rule, so every match is finite)."""
    if state.stall_turns >= data.STALL_CYCLES * stall_threshold(state):
        return round_over(state, Ending.STALLED)
    return []


# --- the host ends a stalled round -------------------------------------------------------------
def end_round_choices(state: LigrettoState, seat: int) -> list[EndRound]:
    return [EndRound()] if seat == data.HOST_SEAT and host_may_end(state) else []


def check_end_round(state: LigrettoState, seat: int, action: EndRound) -> EndRound:
    """The host (or the facilitator of a server match) may end a round that has stalled."""
    if seat != data.HOST_SEAT:
        raise IllegalAction("only the host (seat 0) may end a stalled round")
    if not host_may_end(state):
        need = stall_threshold(state) - state.stall_turns
        raise IllegalAction(
            "the round has not stalled: the host may end it after "
            f"{need} more turned tiles without a placement"
        )
    return action


def do_end_round(state: LigrettoState, seat: int, action: EndRound) -> list[Event]:
    return round_over(state, Ending.HOST)
