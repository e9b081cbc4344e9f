"""How a round ends: "Ligretto stop!", nobody can place any more [D-10], or a stall that the
host ends (the rule `EndRound`) or that ends by itself. Every ending is scored the same way."""

from __future__ import annotations

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.actions import EndRound
from ludoteca.games.ligretto.placement import nobody_can_place
from ludoteca.games.ligretto.rules.rounds import end_round, round_over
from ludoteca.games.ligretto.state import Ending, LigrettoState, Phase


def end_after_placement(state: LigrettoState, seat: int) -> list[Event]:
    """The round's end a placement by `seat` may bring (`ending_after_placement`)."""
    ending = ending_after_placement(state, seat)
    return [] if ending is None else round_over(state, ending)


def end_quietly_after_placement(state: LigrettoState, seat: int) -> None:
    """`end_after_placement` without its events, for the rules' quiet dos (a round's record
    encoded for an event that `Game.play` drops was a few percent of a random playout)."""
    ending = ending_after_placement(state, seat)
    if ending is not None:
        end_round(state, ending)


def ending_after_placement(state: LigrettoState, seat: int) -> Ending | None:
    """How a placement by `seat` ends the round, if it does: its last tile ("dice “Ligretto
    stop!” e il round si conclude"), or nobody can place any more ("Se nessun giocatore
    riesce più a posizionare una tessera, il round termina immediatamente") [D-10]."""
    if state.players[seat].held() == 0:
        return Ending.LIGRETTO
    if nobody_can_place(state):
        return Ending.STUCK
    return None


# --- stalled rounds [D-16] -----------------------------------------------------------------------
def stalled(state: LigrettoState, passes: int) -> bool:
    """Whether every seat has gone through its whole stack `passes` times since the last
    placement by anybody (its turn-overs counted in the tiles it holds); the first seat behind
    answers. Asked at every turn-over: fewer turn-overs than `passes` (a seat holds at least
    one tile's worth) answer without counting tiles."""
    if min(state.stall_turns) < passes:
        return False
    for turned, player in zip(state.stall_turns, state.players, strict=True):
        if turned < passes * max(1, player.held()):
            return False  # (a loop, not all(): asked for every menu of the host)
    return True


def behind_in_the_stall(state: LigrettoState) -> list[int]:
    """The seats that have not yet gone through their whole stack since the last placement."""
    return [
        seat
        for seat, (turned, player) in enumerate(zip(state.stall_turns, state.players, strict=True))
        if turned < player.held()
    ]


def host_may_end(state: LigrettoState) -> bool:
    """The round has stalled: every seat has gone through its whole stack since the last
    placement by anybody [D-16]."""
    return state.phase is Phase.PLAY and stalled(state, 1)


def end_if_stalled_for_good(state: LigrettoState) -> list[Event]:
    """When every seat has gone through its whole stack STALL_CYCLES times since the last
    placement, the round ends by itself, as the host would end it [D-16]."""
    if stalled(state, data.STALL_CYCLES):
        return round_over(state, Ending.STALLED)
    return []


def end_quietly_if_stalled_for_good(state: LigrettoState) -> None:
    """`end_if_stalled_for_good` without its events, for the rules' quiet dos."""
    if stalled(state, data.STALL_CYCLES):
        end_round(state, Ending.STALLED)


# --- the host ends a stalled round -------------------------------------------------------------
def end_round_choices(state: LigrettoState, seat: int) -> list[EndRound]:
    return [EndRound()] if seat == data.HOST_SEAT and host_may_end(state) else []


def check_end_round(state: LigrettoState, seat: int, action: EndRound) -> EndRound:
    """The host (or the facilitator of a server match) may end a round that has stalled
    [D-16]."""
    if seat != data.HOST_SEAT:
        raise IllegalAction("only the host (seat 0) may end a stalled round",
                            it="solo l'organizzatore può chiudere un round bloccato")
    if not host_may_end(state):
        raise IllegalAction(
            "the round has not stalled: the host may end it once every player has gone "
            "through their whole stack since the last placement; still going through it: "
            f"seat(s) {behind_in_the_stall(state)}",
            it="il round non è bloccato: l'organizzatore può chiuderlo quando ogni giocatore ha "
            "girato tutto il suo mazzo dall'ultima posa; lo stanno ancora girando i posti "
            f"{behind_in_the_stall(state)}",
        )
    return action


def do_end_round(state: LigrettoState, seat: int, action: EndRound) -> list[Event]:
    return round_over(state, Ending.HOST)
