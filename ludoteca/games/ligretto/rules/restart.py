"""The restart owed for a pawn in a dead end: "il giocatore posiziona la sua tessera successiva
in un punto qualsiasi del tabellone in cui si trova una coppia di caselle con gli stessi colori
della sua tessera. Deve quindi spostare subito su una delle due caselle la pedina Ligretto
bloccata" [D-9]."""

from __future__ import annotations

from ludoteca.engine.errors import IllegalAction, Reason
from ludoteca.engine.events import Event, public
from ludoteca.games.ligretto.actions import Restart
from ludoteca.games.ligretto.placement import fits, hand_key, restart_pairs, restart_pawns
from ludoteca.games.ligretto.rules.place import (
    NO_TILE_IN_HAND,
    TWO_SIDES,
    after_placement,
    kept,
    pair_names,
    pair_names_it,
    square_problem,
)
from ludoteca.games.ligretto.state import LigrettoState, square_key


def restarts(state: LigrettoState, seat: int) -> list[Restart]:
    """For each pawn the seat may restart (its own duties, then those anybody may make), each
    free matching pair, the stuck pawn onto either square [D-9]."""
    pawns = restart_pawns(state, seat)
    key = hand_key(state, seat) if pawns else None
    if key is None:
        return []  # the usual answer: no pawn to restart, or no turned tile to do it with
    restarts_of = fits(state).restarts
    return [restart for pawn in pawns for restart in restarts_of(pawn, key)]


def check_restart(state: LigrettoState, seat: int, action: Restart) -> Restart:
    reason = why_not_restart(state, seat, action)
    if reason:
        raise IllegalAction(reason)
    return action


def do_restart(state: LigrettoState, seat: int, action: Restart) -> list[Event]:
    for player in state.players:
        if action.pawn in player.duties:
            player.duties.remove(action.pawn)
    tile = state.players[seat].hand
    state.cover[action.onto] = state.cover[action.other] = square_key(seat, tile)
    # "Deve quindi spostare subito su una delle due caselle la pedina Ligretto bloccata" [D-9];
    # a restart tile next to another pawn does not move that pawn
    state.pawns[action.pawn] = action.onto
    event = public("restarted", seat=seat, pawn=action.pawn, tile=tile,
                   colours=state.tile_colours(tile),
                   squares=[action.onto, action.other])
    return [event, *after_placement(state, seat, (action.onto, action.other))]


def why_not_restart(state: LigrettoState, seat: int, action: Restart) -> str:
    key = hand_key(state, seat)
    if key is None:
        return NO_TILE_IN_HAND
    pawns = restart_pawns(state, seat)
    if action.pawn not in pawns:
        if not pawns:
            return Reason(
                "No pawn waits for a restart from you; place your tile next to a pawn.",
                it="Nessuna pedina aspetta che tu la faccia ripartire; posa la tessera accanto "
                "a una pedina.",
            )
        return kept(Reason(f"You may restart pawn(s) {pawns} only.",
                           it=f"Puoi far ripartire solo le pedine {pawns}."))
    pairs = restart_pairs(state, seat)
    if (action.onto, action.other) in pairs or (action.other, action.onto) in pairs:
        return ""
    for cell in (action.onto, action.other):
        problem = square_problem(state, cell)
        if problem:
            return kept(problem)
    if action.other not in state.layout.neighbours[action.onto]:
        return kept(TWO_SIDES)
    if not pairs:
        return kept(Reason(
            "Your tile matches no free pair of squares on the board.",
            it="La tua tessera non combacia con nessuna coppia di caselle libere del tabellone.",
        ))
    return kept(Reason(
        f"Those squares do not match your {pair_names(key)} tile.",
        it=f"Quelle caselle non combaciano con la tua tessera {pair_names_it(key)}.",
    ))
