"""Turning a tile over and discarding it: "scopre la tessera in cima al mazzo e controlla se può
posizionare la tessera vicino a una pedina Ligretto ... Se invece non ci sono caselle
disponibili, posa la tessera scoperta davanti a sé"."""

from __future__ import annotations

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, private, public
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.actions import Discard, TurnOver
from ludoteca.games.ligretto.placement import count_placements
from ludoteca.games.ligretto.rules.round_end import end_if_stalled_for_good
from ludoteca.games.ligretto.state import NO_TILE, LigrettoState


# --- turning a tile over -------------------------------------------------------------------------
def turns(state: LigrettoState, seat: int) -> list[TurnOver]:
    return [TurnOver()] if state.players[seat].hand == NO_TILE else []


def check_turn_over(state: LigrettoState, seat: int, action: TurnOver) -> TurnOver:
    if state.players[seat].hand != NO_TILE:
        raise IllegalAction("you already hold a turned tile: place it or discard it first")
    return action


def do_turn_over(state: LigrettoState, seat: int, action: TurnOver) -> list[Event]:
    player = state.players[seat]
    # the pile, turned over unshuffled, is the new stack: "Se un giocatore scarta davanti
    # a sé tutte le sue tessere, capovolge il mazzo e lo prende in mano"
    if not player.stack:
        player.stack = player.pile[::-1]
        player.pile = []
    player.hand = player.stack.pop()
    player.turned += 1
    player.fits += count_placements(state, seat)
    state.stall_turns += 1
    events = [
        public("turned", seat=seat),
        private("your_tile", [seat], tile=player.hand,
                colours=data.colour_names(state.tiles()[player.hand])),
    ]
    return events + end_if_stalled_for_good(state)


# --- discarding it -------------------------------------------------------------------------------
def discards(state: LigrettoState, seat: int) -> list[Discard]:
    """A player may discard even a tile that fits [D-6]."""
    return [Discard()] if state.players[seat].hand != NO_TILE else []


def check_discard(state: LigrettoState, seat: int, action: Discard) -> Discard:
    if state.players[seat].hand == NO_TILE:
        raise IllegalAction("you hold no turned tile to discard; turn one over first")
    return action


def do_discard(state: LigrettoState, seat: int, action: Discard) -> list[Event]:
    player = state.players[seat]
    player.pile.append(player.hand)
    player.hand = NO_TILE
    # others see a tile go onto the pile, not which: the pile is its owner's secret
    return [public("discarded", seat=seat),
            private("your_discard", [seat], tile=player.pile[-1],
                    colours=data.colour_names(state.tiles()[player.pile[-1]]))]
